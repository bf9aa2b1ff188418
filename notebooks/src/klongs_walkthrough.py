# %% [markdown]
# # Bangkok Klongs, step by step: boats, hoods, the Luk Phat track and market days
#
# The rulebook's examples on the board: **Next step** moves on, **Back** goes back. At any step you may
# try a move yourself for whoever is to act (a lit space or button); the engine checks it, and **Reset
# step** puts the book's position back. On the market day, click the green landing marked 5 to see what
# each colour earns before you pick the boat to take.
#
# Then read on below the board: placing, the market hoods, claiming, the Luk Phat track, market days and
# the movement cards. [Special boats and the final scoring](klongs_specials.ipynb) ·
# [Where the rulebooks disagree](klongs_readings.ipynb) · [Start page](index.ipynb) ·
# [Play Bangkok Klongs](klongs_play.ipynb)

# %%
# Shared helpers. Seats play the colours red, yellow, green, blue in seat order.
import explorer
from explorer.klongs import COLOURS, EXAMPLES, RULES, State, board_text, default_edition, score_landing
from explorer.klongs.examples import check, expect, hand_boat
from explorer.klongs.examples import show_refusal as refusal
from explorer.klongs.examples import show_rule as rule


def places(state, boat_kind):
    """The water spaces where the player to act may put their boat of this kind."""
    seat = state.current_player
    return sorted(state.view(seat)["targets"]["place"].get(hand_boat(state, seat, boat_kind), []))


# %%
# NBVAL_IGNORE_OUTPUT
from widgets import KlongBoardWidget
from explorer.klongs.examples import john_scenario, mary_scenario
from widgets.walkthrough import Step, Walkthrough, check_section

start, after = mary_scenario()
john = john_scenario()  # before, placed, declined the merchant, ended the turn, scored

# The rulebook's names for the seats (Mary plays red; Eva red and John green), as its examples give them.
names = {example.id: example.names for example in EXAMPLES}
mary = names["klongs.mary-luk-phat"]
john_eva = names["klongs.john-eva-scenario"]
steps = [
    Step("Mary's first boat",
         "Mary plays red in a two-player game and opens it. Her hand holds a fish boat with the Luk Phat "
         "symbol; the lit spaces are the light entry spaces on the west edge.",
         start, rules=("klongs.place.entry",), names=mary),
    Step("The counter moves",
         "Mary places the Luk Phat boat on a2: the counter moves onto the first space of the track and Mary "
         "scores its 6 points at once.",
         after, result="Counter on space **1**, Mary **6** points (book: 1 and 6).", rules=("klongs.lukphat",), names=mary),
    Step("The landing before the market day",
         "John (green) has boats on b2 (fish, 2 baskets) and c2 (bananas, 0); Eva (red) has flowers with "
         "3 baskets on b3 (Eva plays red here, John green); the shrimps boat on c3 is unclaimed. The four of them surround landing **Lb2**. "
         "The Luk Phat counter stands on space 3, one short of the Little Market Day.",
         john[0], rules=("klongs.landing.full",), names=john_eva),
    Step("John places a Luk Phat boat",
         "John puts his eggplants boat with the Luk Phat symbol on d1. The counter moves onto space 4: John "
         "scores its 4 points, and the Little Market Day will be held at the end of his turn.",
         john[1], result="John: **4** points from the track.", rules=("klongs.lukphat",), names=john_eva),
    Step("John ends his turn",
         "John leaves the new boat unclaimed and does not move a boat. The market day begins with him.",
         john[3], rules=("klongs.market.little",), names=john_eva),
    Step("John scores landing Lb2",
         "The landing is worth 2 + 0 + 3 + 0 = 5 per merchant. John has two merchants there and scores "
         "10; Eva scores 5. John takes his fish boat from b2 into his stock; its merchant goes home.",
         john[4], result="John **10**, Eva **5** (book: 10 and 5).",
         rules=("klongs.landing.score", "klongs.landing.remove"), names=john_eva),
]
Walkthrough(steps, title="Bangkok Klongs: the rulebook's examples", table_class=KlongBoardWidget)

# %% [markdown]
# ## The game
#
# In *Bangkok Klongs* the players are merchants on the canals (*klongs*) of old Bangkok. Each turn you
# put one boat from your hand onto the water, and you may claim it by standing one of your merchants on
# it. Some boats carry the *Luk Phat* symbol: each one placed moves a counter along a track, scores its
# points for the placer and, on certain spaces, calls a **market day**. On a market day the *landings*
# are scored: the points where four water spaces meet across a jetty. A landing with a boat on each of
# its four sides pays every merchant standing around it, and the scorer takes one of those boats into
# their stock. After the Big Market Day the goods in each stock score once more, and the most points win.
#
# Every position on this page is built by the Rules Explorer engine. Under each section, a folded
# **check** shows the rulebooks' numbers beside the ones the engine computes.

# %% [markdown]
# ## The components: an edition
#
# None of the three rulebook texts (the English rules, a revised English translation and Japanese
# notes) prints the board, the Luk Phat track or the mix of boats. The engine takes them from an
# *edition* file. Its default edition rebuilds them from what is publicly known and lists plainly which
# parts are reconstructed:

# %%
with check_section('Check: The components: an edition'):
    edition = default_edition()
    print(f"edition: {edition.name}")
    for item in edition.model.reconstructed:
        print(f"- {item}")
    print(f"water spaces: {len(edition.spaces)}, hoods: {len(edition.hoods)}, landings: {len(edition.landing_names)}, "
          f"boats: {len(edition.boats)}")

# %% [markdown]
# In the codes below (and on the board widget) a boat is written like `Fi2g*`: a **fi**sh boat with
# **2** baskets, a **g**reen merchant on it and the Luk Phat symbol `*`. `n` marks a boat with a printed
# neutral merchant (it belongs to nobody), `-` a boat nobody has claimed. The `|` and `-` lines are the
# jetties between the market hoods of 2 × 2 water spaces.
#
# ## Setting up
#
# Each player gets merchants in their colour (17 with two players, 12 with three, 9 with four), two
# movement cards and four boats in a hidden hand. One of the merchants marks the player's score on the
# track: there are only 17 of a colour, so with two players 16 are left for the boats, and the engine
# reads the set-up the same way with three and four (11 and 8 for boats; the `score_marker` option
# keeps 12 and 9, with the marker taken from the merchants put away). The Luk Phat counter waits before
# the first space.

# %%
with check_section('Check: Setting up'):
    for players, book in ((2, 16), (3, 11), (4, 8)):
        state = explorer.new_game("klongs", players=players, seed=1)
        view = state.view(0)
        check(f"{players} players: merchants for boats each", book, view["supply"][0])
        check(f"{players} players: boats in each hand", 4, min(view["hand_sizes"]))
        check(f"{players} players: movement cards each", 2, min(view["movement_cards"]))
    print("Luk Phat track (points, and the market day a space calls):")
    print("  " + "  ".join(f"{t['points']}{'/' + t['market'] if t['market'] else ''}" for t in view["track"]))
    rule("klongs.setup")
    rule("klongs.setup.marker")

# %% [markdown]
# ## Placing a boat
#
# A turn starts with one boat from your hand going onto an empty water space.
#
# - Your **first** boat goes onto an *entry space* at the edge of the board: the light ones with two
#   players, light or dark with three or four.
# - Every later boat must **touch** a boat already on the board: side by side or corner to corner. The
#   jetties do not break the contact.
# - A market **hood** (a 2 × 2 block of water under one roof) holds at most three boats: its fourth
#   space stays empty.

# %%
with check_section('Check: Placing a boat'):
    two = explorer.new_game("klongs", players=2, seed=4)
    four = explorer.new_game("klongs", players=4, seed=4)
    first = two.view(0)["hand"][0]["kind"]
    expect("first boat, 2 players: entry spaces", ["a2", "a3", "a6", "a7"], places(two, first))
    expect("first boat, 4 players: entry spaces", ["a2", "a3", "a6", "a7", "j2", "j3", "j6", "j7"],
          places(four, four.view(0)["hand"][0]["kind"]))
    refusal(two, f"place:{two.hand_ids(0)[0]}@e5")
    rule("klongs.place.entry")

# %% [markdown]
# Later boats: red's fish boat stands on b2, at the corner of its hood. The eight spaces around it are
# all allowed, including c1, c2 and c3 on the far side of the jetty; e5 touches nothing.

# %%
with check_section('Check: Placing a boat'):
    touching = State.from_position(2, {"board": {"b2": "fish:2@red"},
                                       "hands": [["flowers:1", "fish:1", "shrimps:1", "eggplants:1"], None]})
    print(board_text(touching, "a1:d4"))
    expect("spaces allowed around b2", ["a1", "a2", "a3", "b1", "b3", "c1", "c2", "c3"], places(touching, "flowers"))
    refusal(touching, f"place:{hand_boat(touching, 0, 'flowers')}@e5")
    rule("klongs.place.touch")

# %% [markdown]
# The hood of a1, b1, a2, b2 already holds three boats, so b2 stays empty even though it touches them.
# On the board widget such a hood is marked **full**.

# %%
with check_section('Check: Placing a boat'):
    hood = State.from_position(2, {"board": {"a1": "fish:2@red", "b1": "fish:1", "a2": "bananas:1@yellow"},
                                   "hands": [["flowers:1", "fish:1", "shrimps:1", "eggplants:1"], None]})
    print(board_text(hood, "a1:d3"))
    expect("b2 allowed", False, "b2" in places(hood, "flowers"))
    refusal(hood, f"place:{hand_boat(hood, 0, 'flowers')}@b2")
    rule("klongs.place.hood-limit")

# %% [markdown]
# ## Claiming the boat
#
# A boat without a printed merchant may be claimed at once: you stand one of your merchants on it. You
# may also leave it unclaimed. Boats with a printed merchant, the thief, inspector and cookshop among
# them, are **neutral**: nobody can claim them. With no merchant left in your supply you may move one of
# yours from another boat onto the new one.

# %%
with check_section('Check: Claiming the boat'):
    placed = touching.play(f"place:{hand_boat(touching, 0, 'flowers')}@c3")
    print(f"after placing the flowers boat on c3, red may: {', '.join(map(str, placed.legal_actions()))}")
    claimed = placed.play("merchant")
    expect("owner of the boat on c3", "red", claimed.view(0)["board"]["c3"]["owner"])
    expect("red's merchants left (16 for boats, less those on b2 and c3)", 14, claimed.supply[0])
    neutral = State.from_position(2, {"board": {"b2": "fish:2@red"},
                                      "hands": [["fish:1@neutral", "fish:1", "shrimps:1", "eggplants:1"], None]})
    after_neutral = neutral.play(f"place:{neutral.hand_ids(0)[0]}@c3")
    expect("a neutral boat asks for a merchant", False, after_neutral.phase == "possess")
    for rule_id in ("klongs.possess", "klongs.possess.neutral", "klongs.possess.relocate"):
        rule(rule_id)

# %% [markdown]
# ## The Luk Phat track
#
# Some boats carry the Luk Phat symbol. Whoever places one moves the counter one space on and scores the
# points printed there at once. Spaces 4 and 8 call a Little Market Day, the last space the Big Market
# Day (in the reconstructed track; the rulebooks give only the first space's 6 points and that order).
#
# **The rulebook's example:** Mary opens the game with a Luk Phat boat. The counter moves onto the first
# space and Mary scores its 6 points.

# %%
with check_section('Check: The Luk Phat track'):
    from explorer.klongs.examples import compute_mary, mary_scenario

    start, after = mary_scenario()
    print(board_text(after, "a1:c4"))
    computed = compute_mary()
    for label, book in {"counter before": 0, "counter after": 1, "Mary's points": 6}.items():
        check(label, book, computed[label])
    rule("klongs.lukphat")

# %% [markdown]
# ## Market days and landings
#
# A **landing** is a point where four water spaces meet across a jetty, so its four spaces belong to two
# or four different hoods. On a market day a landing can be scored only if all four of its spaces hold
# boats, and only by a player who owns at least one of them. The landing is worth the baskets on its
# four boats added up, and **every merchant around it earns that much**: a player with two boats there
# earns it twice; neutral merchants earn nothing. Then the scorer takes one of their own boats from the
# landing into their stock (its merchant goes home).
#
# On a **Little Market Day** the player who reached it scores first, then the others in turn; the round
# goes twice, and in each round a player scores one landing or declines.
#
# **The rulebook's example:** John (green) owns two boats at a landing, with 2 and 0 baskets; Eva (red)
# owns one with 3 baskets; the fourth boat, with 0 baskets, is unclaimed. The landing is worth
# 2 + 0 + 3 + 0 = 5 per merchant: John scores 10, Eva 5. Here the engine's scenario sets this up with
# the counter on space 3, and John places a Luk Phat boat on d1, which reaches the Little Market Day.

# %%
with check_section('Check: Market days and landings'):
    from explorer.klongs.examples import JOHN_POSITION, john_scenario

    john = john_scenario()  # before, placed, declined the merchant, ended the turn, scored
    print(board_text(john[0], "a1:e4"))
    market = john[3]
    view = market.view(2)
    check("market day", "little", view["market"]["kind"])
    check("John scores first", "green", COLOURS[market.current_player])
    print("John's choices:", ", ".join(view["legal"]))
    preview = view["full_landings"]["Lb2"]
    print(f"landing Lb2 is worth {preview['value']} per merchant: {preview['points']}")
    end = john[4]
    gains = {COLOURS[line.seat]: line.points for line in end.score_sheet() if line.rule == "klongs.landing.score"}
    check("John (green)", 10, gains["green"])
    check("Eva (red)", 5, gains["red"])
    check("John's stock", ["fish"], [end.boat(b)["goods"] for b in end.snapshot()["stocks"][2]])
    check("John's merchants back in his supply", 1, end.supply[2] - market.supply[2])
    check("the scoring helper, score_landing(['2:green', '0:green', '3:red', '0:none'])", {"green": 10, "red": 5},
          score_landing(["2:green", "0:green", "3:red", "0:none"]))
    for rule_id in ("klongs.market.little", "klongs.landing.full", "klongs.landing.own", "klongs.landing.score",
                    "klongs.landing.remove"):
        rule(rule_id)

# %% [markdown]
# **A cookshop** among the four boats doubles the landing: the same landing with a cookshop in place of
# the unclaimed boat pays John 20 and Eva 10. (Two cookshops at one landing are one of the places where
# the texts can be read two ways; see [the readings page](klongs_readings.ipynb).)

# %%
with check_section('Check: Market days and landings'):
    from explorer.klongs.examples import compute_cookshop_scenario

    cookshop = compute_cookshop_scenario()
    check("John with a cookshop", 20, cookshop["John"])
    check("Eva with a cookshop", 10, cookshop["Eva"])
    check("score_landing with a cookshop", {"green": 20, "red": 10},
          score_landing(["2:green", "0:green", "3:red", "cookshop"]))
    rule("klongs.landing.cookshop")

# %% [markdown]
# ## Movement cards
#
# Twice in the game, at most once a turn, before or after placing, a player may spend a movement card to
# move one of their own boats by one space, in any of the eight directions. Jetties are no obstacle, and
# hoods still hold at most three boats.

# %%
with check_section('Check: Movement cards'):
    moving = State.from_position(2, {"board": {"b2": "fish:2@red", "e5": "fish:1@yellow", "d4": "bananas:1"},
                                     "hands": [["flowers:1", "fish:1", "shrimps:1", "eggplants:1"], None]})
    print(board_text(moving, "a1:e5"))
    moves = sorted(a[5:] for a in map(str, moving.legal_actions()) if a.startswith("move:"))
    expect("red's moves", ["b2-a1", "b2-a2", "b2-a3", "b2-b1", "b2-b3", "b2-c1", "b2-c2", "b2-c3"], moves)
    refusal(moving, "move:b2-d2")
    moved = moving.play("move:b2-c3")
    expect("movement cards left", 1, moved.cards[0])
    refusal(moved, "move:c3-c2")
    rule("klongs.move")

# %% [markdown]
# ## All of this chapter's rulebook examples
#
# The engine keeps the rulebooks' examples as checkable data (`explorer verify klongs` runs them all).
# Here are the ones this page showed, with their verdicts.

# %%
with check_section("Check: All of this chapter's rulebook examples"):
    shown = {"klongs.mary-luk-phat", "klongs.john-eva-helper", "klongs.john-eva-scenario", "klongs.cookshop",
             "klongs.cookshop-scenario"}
    for example in EXAMPLES:
        if example.id in shown:
            computed = example.compute()
            print(f"{example.id}: {'reproduced' if computed == example.expected else 'DIFFERENT'}  ({example.section})")

# %% [markdown]
# **Next:** [thieves, inspectors, the Big Market Day and the final scoring](klongs_specials.ipynb) ·
# [where the rulebooks disagree](klongs_readings.ipynb) · [play against bots](klongs_play.ipynb) ·
# [all apps](index.ipynb)
