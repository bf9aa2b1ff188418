"""Bangkok's rules in the project's own words, each with a stable id and its rulebook section."""

from __future__ import annotations

from .._core.rules import Rule, RuleCatalogue

SETUP = "Set up"
STEP1 = "Action 1, step 1: improving the player's hand"
STEP2 = "Action 1, step 2: completing the port"
MARKET, RENEW, END = "Second conditional action", "Exceptional action", "End of the game"
COUNT, SOLO, EXPERT = "Counting of points", "One-player version", "\"Expert\" version"

RULES = RuleCatalogue("bangkok", [
    Rule("bangkok.setup.first-player",
         "Chance picks the starting player, who holds the first-player token all game; turns then pass "
         "clockwise (seat + 1).", SETUP),
    Rule("bangkok.setup.objectives",
         "Every player gets one pontoon tile; the good printed on its back is that player's secret "
         "objective until final scoring. Tiles left over stay out of the game.", SETUP),
    Rule("bangkok.setup.starting-hand",
         "The starting sets go out in turn order: one bamboo to the first player, two bamboos to the "
         "next, and so on. Sets nobody receives are shuffled in with the boat cards.", SETUP),
    Rule("bangkok.setup.piles",
         "Two face-down piles: the shuffled chilli cards, and the shuffled boat cards.", SETUP),
    Rule("bangkok.setup.port",
         "The port is 2 chilli cards and 7 boat cards from the piles, mixed and dealt face up into a "
         "3 by 3 square.", SETUP),
    Rule("bangkok.turn.order",
         "On a turn the player either improves their hand (and then, if they hold too many cards, "
         "builds their market) or renews one line of the port.", "Procedure"),
    Rule("bangkok.turn.stuck",
         "Project reading for a case the book never meets: a player who can neither place a card by "
         "the port nor renew any line passes the turn.", "Procedure"),
    Rule("bangkok.place.hand-card",
         "The card laid beside the port is one of the player's own hand cards.", STEP1),
    Rule("bangkok.place.shared-good",
         "The card may only face a row or column in which some card shows at least one of its goods.",
         STEP1),
    Rule("bangkok.collect.same-line",
         "Cards are taken only from the row or column that the placed card faces.", STEP1),
    Rule("bangkok.collect.count",
         "The number of goods on the placed card caps how many cards are taken: 1 good, exactly 1 "
         "card; 2 goods, 1 or 2; 3 goods, 1 to 3.", STEP1),
    Rule("bangkok.collect.one-per-good",
         "Each card taken needs a good in common with the placed card, and each good shown on the "
         "placed card pays for a single card.", STEP1),
    Rule("bangkok.collect.no-refusal",
         "Taking fewer cards than the goods pay for is not allowed: every card the goods can pay for "
         "is taken, and the only choice is between cards competing for the same good.", STEP1),
    Rule("bangkok.port.shift",
         "The cards left in the line slide away from the placed card, which slides in behind them, "
         "until they rest against the far end; their order is kept, so the empty places are left at "
         "the end where the card came in.", STEP2),
    Rule("bangkok.port.refill",
         "Empty places of the port are filled from the boat pile while the port shows two or more "
         "chilli cards, otherwise from the chilli pile; from the other pile when that one is empty "
         "(a rules option chooses the order when several places are empty).", STEP2),
    Rule("bangkok.market.required",
         "A player holding more than 3 cards after improving their hand lays the extra cards, one at a "
         "time, into their floating market until exactly 3 remain; nothing else happens meanwhile.",
         MARKET),
    Rule("bangkok.market.hand-card",
         "Only cards from the player's hand go into their market.", MARKET),
    Rule("bangkok.market.first-corner",
         "A market starts in its top-left corner, right next to the pontoon tile.", MARKET),
    Rule("bangkok.market.adjacent",
         "Each later market card shares a side with a card already in the market.", MARKET),
    Rule("bangkok.market.fixed",
         "Market cards stay where they were laid: a taken place cannot receive another card.", MARKET),
    Rule("bangkok.market.chilli-row",
         "No row of a market may hold two chilli cards.", MARKET),
    Rule("bangkok.market.chilli-column",
         "Expert version: no column of a market may hold two chilli cards either (a rules option "
         "chooses how the expert limit reads).", EXPERT),
    Rule("bangkok.market.blocked",
         "Project reading for a case the book never meets: when none of the extra cards can be laid "
         "(the market is full, or only chilli cards remain and no place allows one), the player slips "
         "extra cards of their choice under their piles until 3 remain.", MARKET),
    Rule("bangkok.renew.line",
         "Instead of improving the hand, a player may pick one row or column of the port and swap each "
         "of its cards for the top card of the same pile (boat for boat, chilli for chilli); the old "
         "cards go to the bottom of their piles.", RENEW),
    Rule("bangkok.renew.pile-empty",
         "A line can only be renewed if at least one of its cards has a card to swap with on its pile.",
         RENEW),
    Rule("bangkok.end.trigger",
         "Once some market holds 9 cards, the round is played out so everyone has had as many turns, "
         "and then the game is over.", END),
    Rule("bangkok.score.objective",
         "The pontoon's good scores 1 point for every copy of it anywhere in the market, chilli cards "
         "included.", COUNT),
    Rule("bangkok.score.chilli-area",
         "A chilli card only looks at itself and the cards touching its sides: 3 cards from a corner, "
         "4 from an edge, 5 from the centre.", COUNT),
    Rule("bangkok.score.chilli-1",
         "Type 1: 5 points, less 1 for every indicated good in its area (a rules option decides "
         "whether it can drop below 0).", COUNT),
    Rule("bangkok.score.chilli-2",
         "Type 2: 1 point for every indicated good in its area.", COUNT),
    Rule("bangkok.score.chilli-3",
         "Type 3: 2 points for every pair made of one of each of its two indicated goods in its area.",
         COUNT),
    Rule("bangkok.score.chilli-4",
         "Type 4: 2 points for each indicated good that shows exactly once in its area, and nothing "
         "for a good shown twice or more. This is how this program reads the card's words about a "
         "good present once; under the other reading (a rules option), every copy of an indicated "
         "good in the area earns 2 points.", COUNT),
    Rule("bangkok.score.complete",
         "A market with all 9 places filled earns 2 more points.", COUNT),
    Rule("bangkok.score.tie-break",
         "The most points wins; among tied players the larger objective score wins; still tied, they "
         "share the victory.", END),
    Rule("bangkok.solo.piles",
         "Alone, the two piles lie beyond the top ends of columns 1 and 3, and those ends cannot take a "
         "card.", SOLO),
    Rule("bangkok.solo.free-end",
         "Alone, the card goes to an end not covered by a pile or by the turn counter (a rules "
         "option decides which ends those are).", SOLO),
    Rule("bangkok.solo.turns",
         "Alone, the first-player token counts turns, moving one end clockwise after each turn from "
         "the right of row 1; the game ends after the ninth turn (or earlier when the market is "
         "full).", SOLO),
    Rule("bangkok.notation",
         "Actions are written place:CARD@END>CELL=CARD,..., market:CARD@CELL, renew:LINE, "
         "return:CARD or pass; see the package documentation.", "Notation (project)"),
    Rule("bangkok.game-over", "No action is possible once the game is over.", END),
])
