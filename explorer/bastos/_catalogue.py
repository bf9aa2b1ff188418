"""The Bastos! rules in our own words, each with a stable id and its rulebook section (part 2)."""

from __future__ import annotations

from .._core.rules import Rule, RuleCatalogue

_SETUP = "Bastos!: Components and Setup"
_ROUNDS = "Bastos!: Gameplay"
_START = "Bastos!: Start of the Round"
_PLAY = "Bastos!: Playing, Following Suit, and Trumping"
_TRICK = "Bastos!: The Trick"
_COLOUR = "Bastos!: The Bastos! Color"
_END = "Bastos!: Round End and Game End"

RULES = RuleCatalogue("bastos", [
    Rule("bastos.setup.players", "Bastos! is a game for three or four players.", _SETUP),
    Rule("bastos.setup.deck",
         "The deck is the five fruits in values 1 to 9 (45 cards, the tens stay boxed). With three "
         "players one whole fruit is boxed too, leaving 36 cards and four fruits on the value table.",
         _SETUP),
    Rule("bastos.setup.deal",
         "Every round the cards are shuffled and shared out evenly: 12 each with three players, 11 each "
         "with four. With four, the single card left over lies face up beside the table and takes no part "
         "in the round.", _START),
    Rule("bastos.game.rounds",
         "The deal passes one seat to the left each round, and the game stops once everybody has dealt "
         "twice: six rounds with three players, eight with four.", _ROUNDS),
    Rule("bastos.colour.choose",
         "Before the first trick each player picks one card of their hand in secret; the picks are shown "
         "together and stay face up in front of their owners all round. The fruit of your pick is your "
         "Bastos! colour for the round. The picked card is never played, so it never scores.", _START),
    Rule("bastos.colour.raises-value",
         "Every revealed Bastos! card pushes the value of its fruit up by one, so a fruit picked by two "
         "players starts the round at +2.", _START),
    Rule("bastos.values.start-zero", "All fruit values are back at 0 when a round begins.", _START),
    Rule("bastos.values.clamp",
         "A fruit's value stays between -2 and +3: rises and drops stop at those limits. This program's "
         "reading is that the value move after one's own colour must change a value, so a fruit at +3 "
         "cannot be raised and one at -2 cannot be lowered. Under the other reading that move is "
         "allowed and the value simply stays at its limit, so while some fruit stands at a limit a "
         "player can leave every value as it is.", _START),
    Rule("bastos.lead", "The player on the dealer's left leads the first trick of a round; play goes "
         "clockwise.", _PLAY),
    Rule("bastos.own-card", "You can only play, pick or throw a card that is in your own hand.", _PLAY),
    Rule("bastos.phase",
         "Each moment of a round expects one kind of move: picking Bastos! cards, playing a card, or "
         "the value move owed after playing one's own Bastos! colour.", _PLAY),
    Rule("bastos.follow-suit",
         "You must play the led fruit if you hold it; only a player without it may throw another card.",
         _PLAY),
    Rule("bastos.trump.declare",
         "As long as no fruit is trump, a player who cannot follow may make the fruit of the card they "
         "throw the trump for the rest of the round.", _PLAY),
    Rule("bastos.trump.not-bastos-colour",
         "A fruit that is anyone's Bastos! colour this round can never be made trump.", _PLAY),
    Rule("bastos.trump.lowers-value",
         "Making a fruit trump drops its value by two at once (never below -2).", _PLAY),
    Rule("bastos.trump.counts-at-once",
         "The card that made its fruit trump already counts as the first trump card of its trick.", _PLAY),
    Rule("bastos.trump.once",
         "Once a fruit is trump it stays trump until the round ends; nobody can name another one. From "
         "then on a player who cannot follow may throw any card, trumps included.", _PLAY),
    Rule("bastos.trick.highest-trump",
         "If the trick holds a trump card, the highest trump takes it.", _TRICK),
    Rule("bastos.trick.highest-led",
         "Without a trump card, the highest card of the led fruit takes the trick.", _TRICK),
    Rule("bastos.colour.never-wins",
         "A card of its own player's Bastos! colour can never take the trick, whether it was led, "
         "followed or thrown; it still lies in the trick. Someone else's Bastos! colour is an ordinary "
         "card for you.", _COLOUR),
    Rule("bastos.colour.adjust",
         "Straight after playing a card of your own Bastos! colour you must move the value of one fruit "
         "(any fruit in play) up or down by one, before anybody else plays.", _COLOUR),
    Rule("bastos.trick.leader-takes",
         "When the leader led their own Bastos! colour and nobody else can take the trick (the others "
         "all threw off without trumping), the leader gets it whatever the card's value.", _COLOUR),
    Rule("bastos.trick.highest-follower",
         "When the leader led their own Bastos! colour and the others followed, the highest following "
         "card takes the trick even if it is lower than the led card.", _COLOUR),
    Rule("bastos.trick.set-aside",
         "If every player played their own Bastos! colour, nobody takes the trick: it is put aside "
         "unscored and the same player leads again.", _COLOUR),
    Rule("bastos.trick.winner-leads", "Whoever takes a trick leads the next one.", _TRICK),
    Rule("bastos.round.end", "The round ends once every hand card has been played.", _END),
    Rule("bastos.score.card-value",
         "At the end of a round every card in the tricks you took is worth its fruit's value on the "
         "table at that moment; the round's score is their sum and may be negative.", _END),
    Rule("bastos.game.winner", "After the last round the highest total wins; equal totals share the win.",
         _END),
    Rule("bastos.notation",
         "Moves are written 'mango-5' (play), 'durian-2:trump' (throw and make trump), "
         "'choose:mango-5' (pick a Bastos! card) and 'raise:banana' / 'lower:banana' (value move).",
         _PLAY),
    Rule("bastos.game-over", "Once the last round is scored the game is over: no move is accepted.", _END),
])
