# %% [markdown]
# # Bangkok Klongs: where the rulebooks disagree
#
# Three texts describe the game: the English rules, a revised English translation, and Japanese notes.
# They agree on almost everything, but in a few places they say different things, or one of them is
# silent where the others decide. The engine does not quietly pick one: each such place is a **rules
# option** with a named default, and both readings can be played. This page states each disagreement,
# names the default and why it was chosen, and then lets the engine play the same position both ways.
#
# The boards below play each disagreement under both readings: pick a disagreement, then **Next step**
# goes through the position and what happens under each reading. Each section below explains one
# disagreement, with a folded **check** of what the engine computes.
#
# New to Bangkok Klongs? Start with [the rules step by step](klongs_walkthrough.ipynb).
# [Special boats and the final scoring](klongs_specials.ipynb) · [Start page](index.ipynb) ·
# [Play Bangkok Klongs](klongs_play.ipynb)

# %%
# NBVAL_IGNORE_OUTPUT
# The boards, filled at the end of the page from the positions its sections build.
from widgets.walkthrough import Slot, check_section

top = Slot()
top

# %%
# Shared helpers. Seats play the colours red, yellow, green, blue in seat order.
import explorer
from explorer.klongs import COLOURS, OPTIONS, RULES, State, board_text, score_landing
from explorer.klongs.examples import hand_boat


def option(name):
    """The option as the engine declares it: its readings, its default and the reason given."""
    opt = OPTIONS[name]
    choices = " | ".join(repr(c) for c in opt.choices)
    print(f"option {name}: {choices}  (default {opt.default!r})")
    print(f"  {opt.doc}")


def readings(name, run):
    """Play ``run(**{name: value})`` for every reading of the option and print what it returns."""
    for value in OPTIONS[name].choices:
        default = "  <- default" if value == OPTIONS[name].default else ""
        print(f"{name}={value!r}: {run(**{name: value})}{default}")


def place(state, kind, space):
    return state.play(f"place:{hand_boat(state, state.turn, kind)}@{space}")


# %% [markdown]
# ## 1. Where a moved boat may stop
#
# A movement card moves one of your boats by one space. The Japanese notes say the moved boat **need
# not** touch other boats afterwards; both English texts say it **must not** touch any. The German
# original reads *müssen nicht* ("need not"), which the English translations turned into "must not", so
# the engine's default follows the Japanese notes and the original.
#
# Red's fish boat on b2 may move; would c3, next to the unclaimed bananas on d4, be allowed?

# %%
with check_section('Check: 1. Where a moved boat may stop'):
    option("moved_boat")
    moving = {"board": {"b2": "fish:2@red", "e5": "fish:1@yellow", "d4": "bananas:1"},
              "hands": [["flowers:1", "fish:1", "shrimps:1", "eggplants:1"], None]}
    print(board_text(State.from_position(2, moving), "a1:e5"))

    def moves(**rules):
        state = State.from_position(2, moving, **rules)
        allowed = sorted(a[5:] for a in map(str, state.legal_actions()) if a.startswith("move:"))
        problem = state.check("move:b2-c3")
        return f"moves {', '.join(allowed)}; b2-c3 {'allowed' if problem is None else 'refused: ' + problem.rule}"

    readings("moved_boat", moves)

# %% [markdown]
# ## 2. Which thieves an inspector removes
#
# Both English texts: an arriving inspector removes **every** thief in its column, and their special
# case (two thieves) lets at most one go into the placer's hand. The Japanese notes: the placer removes
# **one** chosen thief. The default follows the English texts, whose special case only makes sense if
# all the thieves go.

# %%
with check_section('Check: 2. Which thieves an inspector removes'):
    option("inspector_thieves")
    from explorer.klongs.examples import inspector_position

    position = inspector_position(["e2", "e6"])
    print(board_text(State.from_position(2, position), "c1:f7"))

    def inspector(**rules):
        state = place(State.from_position(2, position, **rules), "inspector", "e3")
        choices = ", ".join(map(str, state.legal_actions()))
        after = state.play(state.legal_actions()[0])
        left = sum(1 for s in ("e2", "e6") if after.at(s))
        return f"choices {choices}; after {state.legal_actions()[0]}: {left} thief(s) left in column e"

    readings("inspector_thieves", inspector)

# %% [markdown]
# ## 3. Two cookshops at one landing
#
# A cookshop among a landing's four boats doubles its points. None of the texts says what two cookshops
# do. The rule is worded as a condition (a cookshop is there), so the default doubles once; the other
# reading doubles for each cookshop. The engine plays John's landing from the first page with two
# cookshops (1 basket each) around it: 2 + 1 + 3 + 1 = 7 baskets.

# %%
with check_section('Check: 3. Two cookshops at one landing'):
    option("two_cookshops")
    from explorer.klongs.examples import JOHN_POSITION

    two = {**JOHN_POSITION, "board": {"b2": "fish:2@green", "c2": "cookshop:1", "b3": "flowers:3@red",
                                      "c3": "cookshop:1"}}
    print(board_text(State.from_position(3, two), "a1:d4"))

    def cookshops(**rules):
        state = State.from_position(3, two, **rules)
        state = place(state, "eggplants", "d1").play("decline").play("end").play("score:Lb2>b2")
        paid = {COLOURS[line.seat]: line.points for line in state.score_sheet() if line.rule == "klongs.landing.cookshop"}
        return f"the market day pays {paid}; score_landing gives {score_landing(['2:green', 'cookshop:1', '3:red', 'cookshop:1'], **rules)}"

    readings("two_cookshops", cookshops)

# %% [markdown]
# ## 4. A player with an empty hand once the stack is used up
#
# The texts say that play goes on without drawing once the stack is used up, until the Big Market Day;
# they do not say what a player with an empty hand does meanwhile. The default lets that player pass
# while the others keep placing (if everybody passes in turn, the Big Market Day is held). The other
# reading holds the Big Market Day as soon as a player to act has no boat left.
#
# Red holds one boat, yellow two, and the stack is empty (every other boat lies in red's stock).

# %%
with check_section('Check: 4. A player with an empty hand once the stack is used up'):
    option("empty_hand")
    probe = State.from_position(2, {"board": {"b2": "fish:2@red", "c2": "fish:1@yellow"},
                                    "hands": [["flowers:1"], ["shrimps:1", "bananas:1"]], "movement_cards": [0, 0]})
    rest = sorted(b for stack in probe.snapshot()["stacks"] for b in stack)
    emptying = {"board": {"b2": "fish:2@red", "c2": "fish:1@yellow"}, "hands": [["flowers:1"], ["shrimps:1", "bananas:1"]],
                "movement_cards": [0, 0], "stocks": [rest, []]}

    def empty_hand(**rules):
        state = State.from_position(2, emptying, **rules)
        state = place(state, "flowers", "a1").play("decline")  # red's hand is now empty
        state = place(state, "shrimps", "d1").play("decline")  # yellow still holds the bananas
        played = []
        while not state.is_over:
            action = str(state.legal_actions()[0])
            played.append(f"{COLOURS[state.current_player]} {action}")
            state = state.play(action)
        return "; ".join(played) or "the Big Market Day is held at once, the game is over"

    readings("empty_hand", empty_hand)

# %% [markdown]
# ## 5. The draw of the player who reached a Little Market Day
#
# In the English texts every turn ends with the refill to four boats, market day or not. The Japanese
# turn outline puts the market day in the place of that turn's draw. The default follows the English
# texts. John (green) reaches the Little Market Day in his example from the first page: how many boats
# does he hold when the next player's turn begins?

# %%
with check_section('Check: 5. The draw of the player who reached a Little Market Day'):
    option("market_day_draw")

    def john_draw(**rules):
        state = State.from_position(3, JOHN_POSITION, **rules)
        state = place(state, "eggplants", "d1").play("decline").play("end").play("score:Lb2>b2")
        while state.phase == "market":
            state = state.play("decline")
        return f"John holds {len(state.hands[2])} boats; {COLOURS[state.current_player]} plays next"

    readings("market_day_draw", john_draw)

# %% [markdown]
# ## 6. The merchant that marks the score
#
# The box holds 68 merchants in 4 colours, 17 a colour. The set-up gives each player 17 merchants with
# two players, 12 with three and 9 with four, then has each player stand one merchant on the score
# track. With two players that marker can only be one of the 17, so **16** are left for the boats under
# any reading. With three or four the texts do not say whether the marker is one of the 12 or 9 or one
# of the merchants put away. The default reads the set-up the same way at every player count: the marker
# is placed from the merchants just given, so 11 or 8 are left for the boats. The other reading keeps
# 12 or 9 for the boats.

# %%
with check_section('Check: 6. The merchant that marks the score'):
    option("score_marker")

    def for_boats(**rules):
        counts = {n: explorer.new_game("klongs", players=n, seed=1, **rules).view(0)["supply"][0] for n in (2, 3, 4)}
        return ", ".join(f"{n} players: {count} for boats" for n, count in counts.items())

    readings("score_marker", for_boats)
    print(f"[klongs.setup.marker] {RULES['klongs.setup.marker'].text}")

# %% [markdown]
# ## 7. When a market day is held
#
# The English texts say a market day reached by the Luk Phat counter is scored **immediately**. The
# Japanese turn outline lists the turn as: place a boat, then the optional move, then the market day.
# Both English texts also let the movement card be used after placing, so the default reads
# "immediately" as "in this turn" and holds the market day after the optional move. The other reading
# holds it as soon as the placed boat's own choices are made (here: whether to claim it), and the turn
# ends with the market day. John (green) reaches the Little Market Day in his example, with both movement
# cards in hand: what may he do after declining a merchant for his eggplant boat?

# %%
with check_section('Check: 7. When a market day is held'):
    option("market_day_timing")

    def john_next(**rules):
        state = place(State.from_position(3, JOHN_POSITION, **rules), "eggplants", "d1").play("decline")
        moves = sum(1 for a in state.legal_actions() if str(a).startswith("move:"))
        if state.phase == "market":
            return f"the Little Market Day begins at once ({moves} moves offered)"
        return f"John may move a boat ({moves} moves) or end his turn; the market day follows"

    readings("market_day_timing", john_next)

# %% [markdown]
# ## 8. Who scores after the first on the Big Market Day
#
# All three texts open the Big Market Day with the player lowest on the score track. The English texts
# list what else differs from the Little Market Day, and the order of play is not among the differences,
# so the default goes on clockwise from that player, as on the Little Market Day. The Japanese notes say
# the Big Market Day goes in order of **fewest points**; under that reading the order is fixed as the day
# begins (lowest score first, ties broken as for the first scorer) and repeats. Red has 4 points, yellow
# 10 and green 7 when red opens the Big Market Day.

# %%
with check_section('Check: 8. Who scores after the first on the Big Market Day'):
    option("big_market_order")
    from explorer.klongs.examples import big_market_position

    last_day = big_market_position([4, 10, 7], {}, 0)

    def big_order(**rules):
        state = place(State.from_position(3, last_day, **rules), "pineapples", "d1").play("decline")
        order = [COLOURS[seat] for seat in state.view(0)["market"]["order"]]
        return f"scoring order {', '.join(order)}"

    readings("big_market_order", big_order)

# %% [markdown]
# ## 9. When a movement card may be used
#
# Both English texts: the movement card is used once in a turn, **before or after** placing the boat.
# The Japanese turn outline lists the move only **after** placing. The default follows the English texts,
# which say it in so many words. Red's fish boat on b2 (the position of section 1): may red move it
# before placing?

# %%
with check_section('Check: 9. When a movement card may be used'):
    option("move_card")

    def move_first(**rules):
        state = State.from_position(2, moving, **rules)
        problem = state.check("move:b2-a1")
        placed = place(state, "flowers", "a2").play("decline")
        after = "move:b2-a1" in map(str, placed.legal_actions())
        before = "allowed" if problem is None else "refused (" + problem.reason.rstrip(".") + ")"
        return f"before placing {before}; after placing {'allowed' if after else 'refused'}"

    readings("move_card", move_first)

# %% [markdown]
# ## 10. Which boat the Big Market Day scorer may take
#
# After scoring, the scorer takes one of the landing's four boats into their stock: on the Little Market
# Day one of their own; on the Big Market Day, say the English texts, their own or a **neutral** one (a
# printed merchant), while other players' boats stay forbidden. The Japanese notes too name own and
# neutral boats. A boat nobody claimed (its placer put no merchant on it) is neither: not yet owned, so
# not neutral, and nobody's, so not foreign. The default keeps to the two kinds the texts name, so it
# stays; the other reading takes the ban on foreign boats as the only limit. Yellow (4 points) opens the
# Big Market Day at landing Lb2: red's fish on b2, yellow's bananas on c2, green's flowers on b3 and the
# unclaimed shrimps on c3.

# %%
with check_section('Check: 10. Which boat the Big Market Day scorer may take'):
    option("big_market_take")
    from explorer.klongs.examples import big_market_position

    take_day = big_market_position([10, 4, 7], {}, 0)
    print(board_text(State.from_position(3, take_day), "a1:d4"))

    def big_market_take(**rules):
        start = State.from_position(3, take_day, **rules)
        opened = place(start, "pineapples", "d1").play("decline")
        return start, [opened, opened.play("score:Lb2>c3" if opened.check("score:Lb2>c3") is None else "score:Lb2>c2")]

    def offered(**rules):
        opened = big_market_take(**rules)[1][0]
        problem = opened.check("score:Lb2>c3")
        return f"yellow may play {', '.join(map(str, opened.legal_actions()))}; score:Lb2>c3 " + (
            "allowed" if problem is None else f"refused by {problem.rule}")

    readings("big_market_take", offered)

# %% [markdown]
# ## 11. Whether a decline on the Big Market Day is final
#
# The Big Market Day goes on "until no more scoring is possible or no player is willing to score
# again". The English texts hold it like the Little Market Day but for the differences they list, and
# on the Little Market Day a player who declines in the first round may score in the second. So the
# default ends the day only after a full round without a scoring: once somebody else has scored, a
# player who declined is asked again. The other reading makes a decline final: that player is out of the
# day, which ends when every player has declined or cannot score. Red (4 points) opens a Big Market Day
# with two full landings, Lb2 and Lf2, where every colour has a boat: red declines, yellow scores Lb2,
# green declines. Lf2 is still full.

# %%
with check_section('Check: 11. Whether a decline on the Big Market Day is final'):
    option("big_market_end")
    two_landings = big_market_position([4, 10, 7], {"f2": "fish:1@red", "g2": "bananas:2@yellow",
                                                     "f3": "flowers:1@green", "g3": "eggplants:1"}, 0)
    print(board_text(State.from_position(3, two_landings), "a1:h4"))

    def big_market_end(**rules):
        start = State.from_position(3, two_landings, **rules)
        state = place(start, "pineapples", "d1").play("decline").play("decline").play("score:Lb2>c2")
        state = state.play("decline")
        return start, [state, state.play(state.legal_actions()[0])]

    def asked(**rules):
        state = big_market_end(**rules)[1][0]
        still = ", ".join(COLOURS[seat] for seat in state.view(0)["market"]["order"])
        return (f"{COLOURS[state.current_player]} is asked ({', '.join(map(str, state.legal_actions()))}); "
                f"still in the day: {still}")

    readings("big_market_end", asked)

# %% [markdown]
# ## 12. Who caused a Big Market Day that nobody can place
#
# No text says how the game ends when nobody can place a boat any more. The engine lets such a player
# pass, and a full round of passes holds the Big Market Day (its own reading, said in the rules). Who
# **caused** that day matters once: when the lowest scores and then the merchants on the board are tied,
# the tied player first in turn order from the causer scores first. The default names the player whose
# pass completes the round; the passes go round back to the last player who placed a boat, so this is
# the last one to place, whose turn brings the day about (as moving the Luk Phat counter onto a market
# day does). The other reading names the next player, the first who found nothing to place. With the
# other reading of an empty hand (section 4) a player to act with no boat holds the day at once, before
# any passes, and causes it under either reading. Red and yellow are tied on 5 points and on one merchant
# each at the full landing Lb2; the stack is used up, red places its last boat on a1, yellow holds none.

# %%
with check_section('Check: 12. Who caused a Big Market Day that nobody can place'):
    option("stall_causer")
    blocked = {"board": {"b2": "fish:2@red", "c2": "bananas:1@yellow", "b3": "flowers:3", "c3": "shrimps:1"},
               "hands": [["avocados:1"], []], "movement_cards": [0, 0], "scores": [5, 5]}
    unseen = sorted(b for stack in State.from_position(2, blocked).snapshot()["stacks"] for b in stack)
    blocked["stocks"] = [unseen[::2], unseen[1::2]]  # every other boat in a stock: the stack is used up
    print(board_text(State.from_position(2, blocked), "a1:d4"))

    def stall_causer(**rules):
        start = State.from_position(2, blocked, **rules)
        after = [place(start, "avocados", "a1").play("decline")]
        while after[-1].phase == "turn":
            after.append(after[-1].play("pass"))
        return start, after

    def caused(**rules):
        after = stall_causer(**rules)[1]
        passes = ", ".join(COLOURS[state.current_player] for state in after[:-1]) or "none"
        return (f"passes: {passes}; caused by {COLOURS[after[-1].view(0)['market']['causer']]}, "
                f"{COLOURS[after[-1].current_player]} scores first")

    readings("stall_causer", caused)
    print("with the other reading of an empty hand:")
    readings("stall_causer", lambda **rules: caused(empty_hand="big-market-day", **rules))

# %% [markdown]
# ## Where no text decides: the engine's own readings
#
# A few situations are not covered by any of the three texts. The engine takes one reading for each and
# says so in the rule's own text, so a refusal or a score line never hides it:
#
# - a first boat that finds no free entry space is placed by the touching rule (`klongs.place.entry`);
# - on an empty board the entry spaces serve (`klongs.place.touch`);
# - a player who can place nothing passes; a full round of passes holds the Big Market Day (`klongs.pass`,
#   `klongs.stall`; who caused that day is section 12's option);
# - tied players share the win (`klongs.winner`);
# - no text prints the Luk Phat track: its market days pay 4, 3, 2 by default and 3, 3, 2 in a second
#   built-in edition, as a review describes them ([the parts no rulebook prints](klongs_editions.ipynb)).

# %%
with check_section("Check: Where no text decides: the engine's own readings"):
    for rule_id in ("klongs.place.entry", "klongs.place.touch", "klongs.pass", "klongs.stall", "klongs.winner"):
        print(f"[{rule_id}] {RULES[rule_id].text}  ({RULES[rule_id].section})")

# %%
# The boards at the top of the page: each disagreement played under each of its readings.
import ipywidgets as ipw

from widgets.walkthrough import Step, Walkthrough

NAMES = [colour.capitalize() for colour in COLOURS]
READINGS = {
    "moved_boat": {
        "need-not-touch": "The Japanese notes and the German original: a moved boat **need not** touch other "
                          "boats. Red moves the fish boat from b2 to c3.",
        "must-not-touch": "Both English texts: a moved boat **must not** touch any other boat, so c3, next to "
                          "the bananas on d4, is refused.",
    },
    "inspector_thieves": {
        "all": "Both English texts: the inspector placed on e3 removes **every** thief in column e; one of "
               "them may go into red's hand.",
        "one": "The Japanese notes: red removes **one** chosen thief, and the other stays on the board.",
    },
    "two_cookshops": {
        "double": "The default: a cookshop at the landing doubles its points **once**, however many "
                  "cookshops there are.",
        "each": "The other reading: **each** cookshop doubles, so two cookshops make four times the points.",
    },
    "empty_hand": {
        "pass": "The default: red, whose hand is empty, **passes** while yellow keeps placing.",
        "big-market-day": "The other reading: the **Big Market Day** is held as soon as a player to act has "
                          "no boat left.",
    },
    "market_day_draw": {
        "draw": "The English texts: John **refills** his hand to four boats at the end of his turn, market "
                "day or not.",
        "skip": "The Japanese turn outline: the market day **takes the place** of John's draw.",
    },
    "score_marker": {
        "counted": "The default: the score marker is one of the merchants each player is given, so with "
                   "four players each has **8** merchants for boats (9 given, 1 on the score track).",
        "extra": "The other reading: with three or four players the marker comes from the merchants put "
                 "away, so each has **9** merchants for boats. With two players both readings give 16.",
    },
    "market_day_timing": {
        "after-move": "The Japanese turn outline: John may still **move** a boat after placing; the Little "
                      "Market Day is held when his turn ends.",
        "immediately": "The English 'immediately': the Little Market Day begins **as soon as** John has "
                       "decided on a merchant for his boat; his turn ends with it.",
    },
    "big_market_order": {
        "clockwise": "The English texts: red (fewest points) opens, then play goes on **clockwise**: "
                     "yellow, then green.",
        "fewest-points": "The Japanese notes: red opens, then **green** (7 points) before yellow (10 "
                         "points).",
    },
    "move_card": {
        "before-or-after": "Both English texts: red may move the fish boat **before** placing (here b2 to "
                           "a1), or after.",
        "after": "The Japanese turn outline: a movement card is used only **after** placing, so red places "
                 "first, then moves.",
    },
    "big_market_take": {
        "own-or-neutral": "The default: yellow scores Lb2 and may take only its **own** bananas on c2; the "
                          "unclaimed shrimps on c3 stay.",
        "unclaimed-too": "The other reading: yellow may take the **unclaimed** shrimps on c3 and keeps its own "
                         "boat (and merchant) on the board.",
    },
    "big_market_end": {
        "round-of-declines": "The default: somebody scored since red declined, so **red is asked again** "
                             "and scores Lf2.",
        "decline-is-final": "The other reading: red and green are **out of the day**; only yellow is asked "
                            "about Lf2, and scores it.",
    },
    "stall_causer": {
        "last-passer": "The default: red, the last to place, completes the round of passes: red **caused** "
                       "the day and wins the tie for the first scoring.",
        "first-passer": "The other reading: **yellow**, the player after the last one to place, caused the "
                        "day and scores first.",
    },
}
#: Each reading in a few plain words, for the step titles (the option values stay for the code above).
PLAIN = {
    "moved_boat": {"need-not-touch": "a moved boat need not touch another",
                   "must-not-touch": "a moved boat must not touch another"},
    "inspector_thieves": {"all": "every thief in the column goes", "one": "one chosen thief goes"},
    "two_cookshops": {"double": "cookshops double once", "each": "each cookshop doubles"},
    "empty_hand": {"pass": "an empty hand passes", "big-market-day": "an empty hand calls the Big Market Day"},
    "market_day_draw": {"draw": "the hand is refilled", "skip": "the market day takes the draw's place"},
    "score_marker": {"counted": "the marker is one of the merchants given",
                     "extra": "the marker comes from those put away"},
    "market_day_timing": {"after-move": "the market day after the optional move",
                          "immediately": "the market day at once"},
    "big_market_order": {"clockwise": "clockwise from the first scorer",
                         "fewest-points": "in order of fewest points"},
    "move_card": {"before-or-after": "move before or after placing", "after": "move only after placing"},
    "big_market_take": {"own-or-neutral": "own or neutral boats only", "unclaimed-too": "unclaimed boats too"},
    "big_market_end": {"round-of-declines": "a decline is not final", "decline-is-final": "a decline is final"},
    "stall_causer": {"last-passer": "the last to place caused it", "first-passer": "the next player caused it"},
}
TITLES = {"moved_boat": "1 A moved boat", "inspector_thieves": "2 The inspector",
          "two_cookshops": "3 Two cookshops", "empty_hand": "4 An empty hand",
          "market_day_draw": "5 The market day's draw", "score_marker": "6 The score marker",
          "market_day_timing": "7 When a market day is held", "big_market_order": "8 The Big Market Day's order",
          "move_card": "9 When to move", "big_market_take": "10 Taking a boat",
          "big_market_end": "11 A decline on the Big Market Day", "stall_causer": "12 Nobody can place"}


def moved_boat(**rules):
    start = State.from_position(2, moving, **rules)
    return start, ([start.play("move:b2-c3")] if start.check("move:b2-c3") is None else [])


def inspector_thieves(**rules):
    start = State.from_position(2, position, **rules)
    placed = place(start, "inspector", "e3")
    return start, [placed, placed.play(placed.legal_actions()[0])]


def two_cookshops(**rules):
    start = State.from_position(3, two, **rules)
    ended = place(start, "eggplants", "d1").play("decline").play("end")
    return start, [ended, ended.play("score:Lb2>b2")]


def empty_hand(**rules):
    start = State.from_position(2, emptying, **rules)
    state = place(place(start, "flowers", "a1").play("decline"), "shrimps", "d1").play("decline")
    after = [state]
    while not state.is_over:
        state = state.play(state.legal_actions()[0])
    return start, [*after, state] if state is not after[0] else after


def market_day_draw(**rules):
    start = State.from_position(3, JOHN_POSITION, **rules)
    state = place(start, "eggplants", "d1").play("decline").play("end").play("score:Lb2>b2")
    while state.phase == "market":
        state = state.play("decline")
    return start, [state]


def score_marker(**rules):
    return explorer.new_game("klongs", players=4, seed=1, **rules), []


def market_day_timing(**rules):
    start = State.from_position(3, JOHN_POSITION, **rules)
    declined = place(start, "eggplants", "d1").play("decline")
    return start, [declined] if declined.phase == "market" else [declined, declined.play("end")]


def big_market_order(**rules):
    start = State.from_position(3, last_day, **rules)
    opened = place(start, "pineapples", "d1").play("decline")
    return start, [opened, opened.play("decline")]


def move_card(**rules):
    start = State.from_position(2, moving, **rules)
    if start.check("move:b2-a1") is None:
        moved = start.play("move:b2-a1")
        return start, [moved, place(moved, "flowers", "a2").play("decline")]
    placed = place(start, "flowers", "a2").play("decline")
    return start, [placed, placed.play("move:b2-a1")]


def reading_steps(name, play):
    """For each reading of option ``name``: its starting position, then each position ``play`` reaches."""
    steps = []
    for value in OPTIONS[name].choices:
        default = " (the default)" if value == OPTIONS[name].default else ""
        label = f"Reading: {PLAIN[name][value]}{default}"
        start, after = play(**{name: value})
        text = READINGS[name][value]
        if name == "moved_boat" and not after:
            refusal = start.check("move:b2-c3")
            text += f" The engine refuses it: {RULES[refusal.rule].text}"
        steps.append(Step(label, text, start))
        steps += [Step(f"{label}: after", "What the engine does under this reading.", state) for state in after]
    return steps


boards = ipw.Tab()
boards.children = [Walkthrough(reading_steps(name, play), title=TITLES[name], names=NAMES)
                   for name, play in (("moved_boat", moved_boat), ("inspector_thieves", inspector_thieves),
                                      ("two_cookshops", two_cookshops), ("empty_hand", empty_hand),
                                      ("market_day_draw", market_day_draw), ("score_marker", score_marker),
                                      ("market_day_timing", market_day_timing),
                                      ("big_market_order", big_market_order), ("move_card", move_card),
                                      ("big_market_take", big_market_take), ("big_market_end", big_market_end),
                                      ("stall_causer", stall_causer))]
for index, name in enumerate(TITLES.values()):
    boards.set_title(index, name)
top.fill(boards)

# %% [markdown]
# The variant all three texts give alike (two stacks, `more_tactics=True`) is not a disagreement; it is
# shown on the [second page](klongs_specials.ipynb#The-more-tactics-variant). Every option can be given
# to a new game, e.g. `explorer.new_game("klongs", players=3, moved_boat="must-not-touch")`, and travels
# in the game's record, so a game replays under the readings it was played with.

# %%
with check_section("Check: Where no text decides: the engine's own readings"):
    state = explorer.new_game("klongs", players=3, seed=1, moved_boat="must-not-touch", two_cookshops="each")
    record = state.to_record()
    print({name: record["rules"][name] for name in TITLES})  # the readings this page walks through
    print("replays alike:", explorer.replay(record) == state)
