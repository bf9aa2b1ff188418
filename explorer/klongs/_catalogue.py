"""The Klongs rules in our own words, with the rulebook section each comes from.

Sections name the English rulebook (EN), the revised translation (REV) and the Japanese notes (JP).
"""

from __future__ import annotations

from .._core.rules import Rule, RuleCatalogue

RULES = RuleCatalogue("klongs", [
    Rule("klongs.setup", "Each player gets merchants by player count (17 with two, 12 with three, 9 with "
         "four; the score marker is one of them, as the next rule says), two movement cards and four "
         "hidden boats; score markers start at 0 and the Luk Phat counter below its first space.",
         "EN/REV Set-up"),
    Rule("klongs.setup.marker", "One merchant of each colour marks its player's score on the track. "
         "There are 17 merchants a colour (68 in 4 colours), so with two players the marker is one of "
         "the 17 and 16 are left for boats. With three or four a rules option decides: one of "
         "the 12 or 9 given (11 or 8 for boats; the default, since the set-up places the marker from "
         "the merchants just given), or one of those put away (12 or 9 for boats).",
         "EN/REV Components, Set-up"),
    Rule("klongs.setup.start-position", "A scenario may start from a stated position (board, hands, stocks, "
         "scores, Luk Phat step); its starting scores are itemised under this rule.", "engine: scenarios"),
    Rule("klongs.turn", "Players take turns clockwise; a turn is one boat placed from the hand, then a draw.",
         "EN/REV Course of the game"),
    Rule("klongs.turn.phase", "Each step of a turn allows only certain actions (placing, then choices the "
         "placed boat asks for, then an optional move, then market day choices).",
         "EN/REV Course of the game"),
    Rule("klongs.place.hand", "The boat placed must come from your own hand.", "EN/REV Course of the game"),
    Rule("klongs.place.free", "A boat goes onto an empty water space of the board.",
         "EN/REV Course of the game"),
    Rule("klongs.place.entry", "Your first boat goes onto an entry space: the light ones with two players, "
         "light or dark with three or four (the board shows which; the table lights those you may use). "
         "If none is free, the usual touching rule applies (this program's reading).",
         "EN/REV Rules of movement"),
    Rule("klongs.place.touch", "Later boats must touch a boat already on the board, side by side or "
         "corner to corner; jetties do not break the contact. On an empty board the entry spaces serve.",
         "EN/REV Rules of movement; JP placing (1)"),
    Rule("klongs.place.hood-limit", "A market hood holds at most three boats: its fourth water space stays "
         "empty.", "EN/REV Rules of movement; JP placing (2)"),
    Rule("klongs.place.thief-protected", "A thief may not be placed in a column an inspector protects.",
         "EN/REV Rules of movement, Inspector"),
    Rule("klongs.pass", "A player who cannot place any boat (empty hand, or no space allowed) passes. "
         "(This program's reading of the used-up stack.)", "EN/REV Rules of movement (last point)"),
    Rule("klongs.stall", "When every player in turn has passed, nobody can place any more and the Big Market "
         "Day is held at once. (This program's reading: the rulebooks do not say how a blocked game "
         "ends.) Who caused it, which settles a tie for the first scorer, is a rules option: the player "
         "whose pass completes the round, who is the last one to have placed a boat (default: their "
         "turn brings the day about), or the player after them, the first to pass.", "engine"),
    Rule("klongs.possess", "A placed boat without a printed merchant may be claimed by putting one of your "
         "merchants on it; you may decline.", "EN/REV The boats; JP turn (1)"),
    Rule("klongs.possess.neutral", "Boats with a printed merchant, the special boats among them, belong to "
         "nobody and cannot be claimed.", "EN/REV The boats"),
    Rule("klongs.possess.relocate", "With no merchant left in your supply you may move one of yours from "
         "another boat onto the new one, or decline.", "EN/REV The boats"),
    Rule("klongs.lukphat", "Placing a boat with the Luk Phat symbol moves the counter one space and scores "
         "its points for the placer; a market day space also starts that market day.",
         "EN/REV Course of the game, The boats"),
    Rule("klongs.market.little", "Little Market Day: starting with the player who reached it and going "
         "clockwise, two rounds in which each player may score one landing or decline; declining in the "
         "first round does not forfeit the second.", "EN/REV Little Market Day; JP scoring"),
    Rule("klongs.market.big", "Big Market Day: players keep scoring in turn until nobody can or wants to; "
         "then only the stock scoring follows.", "EN/REV Big Market Day"),
    Rule("klongs.market.big.end", "When the Big Market Day ends, a rules option: once a full round goes "
         "by in which nobody scores, so a player who declined may still score later that day (default: "
         "the day runs like the Little Market Day, where a decline does not forfeit the next round), "
         "or once every player has declined or cannot score: whoever declines is out of the day.",
         "EN/REV Big Market Day, Little Market Day"),
    Rule("klongs.market.big.order", "The Big Market Day begins with the player lowest on the score track; "
         "on a tie the one with fewer merchants on the board, then the tied player first in turn order "
         "counting from the one who reached it.", "EN/REV Big Market Day"),
    Rule("klongs.market.big.turns", "Who scores next on the Big Market Day, a rules option: "
         "clockwise from the first scorer as on the Little Market Day (default, the English "
         "texts name no other order), or in order of fewest points (Japanese notes).",
         "EN/REV Big Market Day; JP Big Market Day"),
    Rule("klongs.market.timing", "When a market day the counter reached is held, a rules option: "
         "at the end of the turn, after the optional move (default, Japanese "
         "turn outline), or 'immediately' (English texts), once the placed boat's own choices are made, "
         "ending the turn.", "EN/REV Market Days; JP turn (3)"),
    Rule("klongs.market.after", "After a Little Market Day play resumes with the player left of the one who "
         "reached it.", "EN/REV Little Market Day"),
    Rule("klongs.landing.full", "A landing can be scored only when all four water spaces around it hold "
         "boats.", "EN/REV Scoring; JP scoring (1)"),
    Rule("klongs.landing.own", "The scoring player must own at least one of the four boats.",
         "EN/REV Scoring; JP scoring (2)"),
    Rule("klongs.landing.score", "A landing is worth its boats' baskets added up (a thief's do not count), "
         "paid to every colour once per merchant it has around the landing; neutral merchants get "
         "nothing.", "EN/REV Evaluation"),
    Rule("klongs.landing.cookshop", "A cookshop in the quartet doubles the landing's points.",
         "EN/REV Cookshop; JP (3)"),
    Rule("klongs.landing.remove", "After scoring, the scorer takes one of the quartet's boats into their "
         "stock: their own boat on a Little Market Day, their own or a neutral one on the Big Market Day. "
         "The merchant on it returns to its owner.", "EN/REV Evaluation, Big Market Day"),
    Rule("klongs.landing.unclaimed", "Whether the Big Market Day scorer may take an unclaimed boat (one "
         "nobody put a merchant on), a rules option: no, only their own or a neutral one (default: the "
         "texts name just these two kinds, and they tell a boat not yet owned apart from a neutral one), "
         "or yes, since only the other players' boats are forbidden and an unclaimed boat is nobody's.",
         "EN/REV The boats, Big Market Day; JP Big Market Day"),
    Rule("klongs.thief", "Placing a thief lets you take one boat from the thief's row (never an inspector, "
         "nor a boat in a column an inspector protects) into your stock and draw as usual, or into your "
         "hand in place of the draw. Its merchant goes home.", "EN/REV Thief; JP (1)"),
    Rule("klongs.inspector", "An inspector protects its column from thieves; a thief already in that column "
         "is removed by the placer: discarded (and the draw made) or taken into the hand instead of the "
         "draw.", "EN/REV Inspector; JP (2)"),
    Rule("klongs.inspector.two-thieves", "With two or more thieves in the column all are removed; at most "
         "one may go into the placer's hand, the others are discarded.", "EN/REV Inspector, special case"),
    Rule("klongs.move", "Twice a game, once in a turn, you may spend a movement card to move one of your "
         "own boats one space in any of the eight directions; jetties do not hinder it and hoods still hold "
         "at most three boats.", "EN/REV Rules of movement; JP turn (2)"),
    Rule("klongs.move.timing", "When in the turn a movement card may be used, a rules option: "
         "before or after placing (default, both English texts in so many words), or only after placing "
         "(Japanese turn outline).", "EN/REV Rules of movement; JP turn (2)"),
    Rule("klongs.move.isolation", "Where a boat moved with a movement card may stop, a rules option: "
         "it need not touch other boats (default, the Japanese notes and the German original), or it "
         "must not touch any (the English texts).", "EN/REV Rules of movement; JP turn (2)"),
    Rule("klongs.draw", "A turn ends by refilling the hand to four boats from the stack; with the stack used "
         "up, play goes on without drawing.", "EN/REV Rules of movement (last point)"),
    Rule("klongs.draw.stack", "In the more-tactics variant the player picks, boat by boat, which of the two "
         "stacks to draw from.", "EN More tactics; REV Game variation; JP stacks"),
    Rule("klongs.stock", "After the Big Market Day each player scores their stock per good: 1 point for the "
         "first boat of a good, 2 for the second, 3 for the third and so on; special boats carry no goods.",
         "EN/REV Scoring of the stock"),
    Rule("klongs.winner", "The player furthest along the score track after the stock scoring wins; the "
         "rulebooks give no tie-break, so tied players share the win.", "EN/REV Course of the game"),
    Rule("klongs.notation", "Moves are written as the engine lists them (place:BOAT@SPACE, claim, thief, "
         "inspect, move, end, market choices); `explorer rules klongs` and the package documentation "
         "describe each.", "Notation (project)"),
    Rule("klongs.game-over", "Once the stock scoring is done the game is over: no move is accepted.",
         "EN/REV Course of the game"),
])

