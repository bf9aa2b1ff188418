# %% [markdown]
# # Bangkok Klongs, step by step: special boats, the Big Market Day and the final scoring
#
# The thief, the inspector and Sarah's final stock on the board: **Next step** moves on, **Back** goes
# back. At the thief's step the row it robs is outlined and the choices are listed beside it; try
# another one yourself, or click a boat the thief may not take to read why. **Reset step** brings the
# book's position back.
#
# New to Bangkok Klongs? Start with the [first page](klongs_walkthrough.ipynb). Below the board: the
# three special boats, the Big Market Day, the stock and the more-tactics variant.
# [Where the rulebooks disagree](klongs_readings.ipynb) · [Start page](index.ipynb) ·
# [Play Bangkok Klongs](klongs_play.ipynb)

# %%
# Shared helpers. Seats play the colours red, yellow, green, blue in seat order.
import explorer
from explorer.klongs import COLOURS, EXAMPLES, RULES, State, board_text, stock_points
from explorer.klongs.examples import check, expect, hand_boat
from explorer.klongs.examples import show_refusal as refusal
from explorer.klongs.examples import show_rule as rule


# %%
# NBVAL_IGNORE_OUTPUT
from widgets import KlongBoardWidget
from explorer.klongs.examples import SARAH_STOCK, inspector_scenario, thief_scenario
from widgets.walkthrough import Step, Walkthrough, check_section

thief_start, thief_placed, to_stock = thief_scenario("stock")
_, _, to_hand = thief_scenario("hand")
start_i, kept = inspector_scenario(["e2", "e6"], "inspect:e6>hand")
placed_i = start_i.play(f"place:{hand_boat(start_i, 0, 'inspector')}@e3")
sarah_start = State.from_position(2, {"board": {"a3": "shrimps:1"}, "stocks": [SARAH_STOCK, []], "lukphat": 11,
                                      "hands": [["pineapples:0+lukphat", "shrimps:2", "avocados:2", "eggplants:2"], None],
                                      "movement_cards": [0, 0]})
sarah_end = sarah_start.play(f"place:{hand_boat(sarah_start, 0, 'pineapples')}@b4").play("decline")
sarah = next(example.names for example in EXAMPLES if example.id == "klongs.sarah-stock-scenario")
steps = [
    Step("A thief in red's hand",
         "Row 3 holds yellow's fish on b3, bananas on d3 and avocados on f3, and an inspector on h3. The "
         "inspector on f5 guards column f. Red is about to place a thief on c3.",
         thief_start, rules=("klongs.thief",)),
    Step("The thief arrives",
         "Red's thief stands on c3. It may take the fish on b3 or the bananas on d3 — not the avocados "
         "(guarded by the inspector on f5) and not the inspector on h3.",
         thief_placed, rules=("klongs.thief", "klongs.inspector")),
    Step("Into the stock",
         "Red takes the bananas into the stock; yellow's merchant goes home. Red will draw as usual.",
         to_stock, result="Red's stock: **bananas**; yellow's merchant is back in the supply."),
    Step("Or into the hand",
         "Taking the bananas into the hand instead replaces the draw: red holds four boats again.",
         to_hand, result="Red's hand: **4** boats, no draw."),
    Step("Two thieves in the inspector's column",
         "Thieves stand on e2 and e6. Red is about to place an inspector on e3.",
         start_i, rules=("klongs.inspector.two-thieves",)),
    Step("The inspector removes them",
         "Both thieves must go: red may take one into the hand and discards the other.",
         placed_i, rules=("klongs.inspector", "klongs.inspector.two-thieves")),
    Step("One into the hand",
         "Red takes the thief from e6 into the hand; the one on e2 is discarded.",
         kept, result="Thieves left in column e: **0**; one in red's hand, one discarded."),
    Step("Sarah reaches the Big Market Day",
         "Sarah (red) holds 1 bananas, 3 fish and 7 flowers boats in her stock, and the counter stands one "
         "space short of the Big Market Day. She places her last Luk Phat boat on b4.",
         sarah_start, rules=("klongs.market.big",), names=sarah),
    Step("The stock is scored",
         "Nobody can score a landing, so the day ends at once and the stocks are scored: 1 + (1+2+3) + "
         "(1+2+…+7) = 1 + 6 + 28 = 35 for Sarah's goods.",
         sarah_end, result="Stock: **35** points (book: 35).", rules=("klongs.stock", "klongs.winner"),
         names=sarah),
]
Walkthrough(steps, title="Bangkok Klongs: thief, inspector and the final stock", table_class=KlongBoardWidget,
            names=["Red", "Yellow"])

# %% [markdown]
# ## The thief
#
# Placing a thief lets you take **one boat from the thief's row**: into your stock (and you draw as
# usual at the end of the turn), or into your hand in place of that draw. The boat's merchant goes home.
# A thief never takes an inspector, nor a boat in a column an inspector guards, and it may not even be
# placed in such a column.
#
# **The rulebook's example**, as the engine's scenario: row 3 holds yellow's fish (2 baskets) on b3 and
# bananas (3 baskets) on d3, yellow's avocados on f3 and an inspector on h3. A second inspector on f5
# guards column f. Red places a thief on c3.

# %%
with check_section('Check: The thief'):
    from explorer.klongs.examples import THIEF_POSITION, compute_thief, thief_scenario

    start, placed, to_stock = thief_scenario("stock")
    print(board_text(start, "a1:h5"))
    computed = compute_thief()
    book = {"thief in a protected column": "klongs.place.thief-protected", "may take": ["b3", "d3"],
            "inspector's boat": "klongs.thief", "protected boat": "klongs.inspector",
            "to stock: red's stock": ["bananas"], "to stock: red draws": 1,
            "to hand: red's hand": 4, "to hand: red draws": 0, "yellow's merchant returns": 1}
    for label, value in book.items():
        check(label, value, computed[label])
    refusal(placed, "steal:f3>stock")
    for rule_id in ("klongs.thief", "klongs.place.thief-protected"):
        rule(rule_id)

# %% [markdown]
# ## The inspector
#
# An inspector guards its whole column from thieves. A thief already standing in that column when the
# inspector arrives is removed by the player who placed the inspector: discarded (and the usual draw
# made), or taken into the hand instead of drawing.
#
# **The rulebook's example**: a thief stands on e2; red places an inspector on e3.

# %%
with check_section('Check: The inspector'):
    from explorer.klongs.examples import compute_inspector, compute_two_thieves, inspector_scenario

    start, discarded = inspector_scenario(["e2"], "inspect:discard")
    print(board_text(start, "c1:f4"))
    computed = compute_inspector()
    book = {"discard and draw": {"thieves left in column e": 0, "thieves in red's hand": 0, "discarded": 1,
                                 "red draws": 1},
            "into the hand": {"thieves left in column e": 0, "thieves in red's hand": 1, "discarded": 0,
                              "red draws": 0}}
    for case, values in book.items():
        for label, value in values.items():
            check(f"{case}: {label}", value, computed[case][label])
    rule("klongs.inspector")

# %% [markdown]
# **Two thieves in the column** (the special case of both English texts): all of them go; at most one
# may be taken into the hand, the others are discarded. The Japanese notes read this differently (one
# chosen thief is removed); the engine's option `inspector_thieves="one"` plays that reading, shown last.

# %%
with check_section('Check: The inspector'):
    computed = compute_two_thieves()
    book = {"both discarded": {"thieves left in column e": 0, "thieves in red's hand": 0, "discarded": 2,
                               "red draws": 1},
            "one into the hand": {"thieves left in column e": 0, "thieves in red's hand": 1, "discarded": 1,
                                  "red draws": 0},
            "Japanese reading (one chosen thief)": {"thieves left in column e": 1, "thieves in red's hand": 0,
                                                    "discarded": 1, "red draws": 1}}
    for case, values in book.items():
        for label, value in values.items():
            check(f"{case}: {label}", value, computed[case][label])
    rule("klongs.inspector.two-thieves")

# %% [markdown]
# ## The cookshop
#
# A cookshop is a neutral boat that doubles the points of a landing it stands at (the worked example is
# on the [first page](klongs_walkthrough.ipynb#Market-days-and-landings)). A **thief's** baskets, on the
# other hand, never count at a landing.

# %%
with check_section('Check: The cookshop'):
    from explorer.klongs import score_landing

    expect("a landing with a thief (2 baskets printed): 2 + 3 + 0 + thief", {"green": 10, "red": 5},
          score_landing(["2:green", "3:green", "0:red", "thief:2"]))
    expect("the same with a cookshop (1 basket) instead of the thief", {"green": 24, "red": 12},
          score_landing(["2:green", "3:green", "0:red", "cookshop:1"]))
    rule("klongs.landing.score")

# %% [markdown]
# ## The Big Market Day
#
# The last Luk Phat space calls the **Big Market Day**. It does not go round a fixed number of times:
# players keep scoring in turn until nobody can or wants to. The player **lowest on the score track**
# begins; on a tie, the one with fewer merchants on the board; if still tied, the tied player who comes
# first in turn order counting from the one who reached the day. On this day the scorer may also take a
# **neutral** boat from the landing into their stock, though never another player's boat.
#
# The engine sets up four small positions, each with a different tie, and reports who opens the day.

# %%
with check_section('Check: The Big Market Day'):
    from explorer.klongs.examples import BIG_MARKET_CASES, compute_big_market_order, compute_big_market_removal

    computed = compute_big_market_order()
    book = {"lowest score starts": "yellow", "tie: fewer merchants on the board": "yellow",
            "tie: the one who reached it": "yellow", "tie: first clockwise from the one who reached it": "red"}
    for case, (scores, extra, causer) in BIG_MARKET_CASES.items():
        print(f"{case}: scores when the day opens {scores}, reached by {COLOURS[causer]}")
        check("  opens the day", book[case], computed[case])
    removal = compute_big_market_removal()
    check("take a neutral boat on the Big Market Day: refused by", None, removal["take the neutral boat"])
    check("take red's boat: refused by", "klongs.landing.remove", removal["take red's boat"])
    for rule_id in ("klongs.market.big", "klongs.market.big.order"):
        rule(rule_id)

# %% [markdown]
# ## Scoring the stock
#
# After the Big Market Day each player scores the goods in their stock, good by good: the first boat of
# a good is worth 1, the second 2 more, the third 3 more and so on, so *n* boats of one good are worth
# 1 + 2 + … + *n*. Special boats carry no goods.
#
# **The rulebook's example:** Sarah has 1 bananas boat, 3 fish boats and 7 flowers boats: 1 + (1+2+3) +
# (1+2+…+7) = 1 + 6 + 28 = 35 points. The engine's scenario plays Sarah onto the Big Market Day with that
# stock; nobody can score a landing, so the stock is all that counts.

# %%
with check_section('Check: Scoring the stock'):
    from explorer.klongs.examples import SARAH_STOCK, compute_sarah_scenario

    check("stock_points(Sarah's stock)", 35, stock_points(SARAH_STOCK))
    computed = compute_sarah_scenario()
    check("game over after the Big Market Day", 1, computed["game over"])
    for label, book in {"stock: 1 bananas": 1, "stock: 3 fish": 6, "stock: 7 flowers": 28}.items():
        check(label, book, computed[label])
    rule("klongs.stock")
    rule("klongs.winner")

# %% [markdown]
# ## A whole game, scored by the engine
#
# Two sensible bots play a whole game. The engine's score sheet gives every line with its rule; below it
# is added up per rule, and the stock lines are recomputed with `stock_points` from the final stocks.

# %%
with check_section('Check: A whole game, scored by the engine'):
    from collections import Counter

    from explorer.bots import make_bot

    state = explorer.new_game("klongs", players=2, seed=3)
    bots = [make_bot("klongs", "heuristic", seed=seat) for seat in range(2)]
    while not state.is_over:
        seat = state.current_player
        state = state.play(bots[seat].choose(state.view(seat)))
    print(f"{len(state.actions())} actions, {state.market_days} market days held")
    by_rule = Counter()
    for line in state.score_sheet():
        by_rule[(COLOURS[line.seat], line.rule)] += line.points
    for (colour, rule_id), points in sorted(by_rule.items()):
        print(f"{colour:>6} {points:4d}  {rule_id}")
    for seat, stock in enumerate(state.snapshot()["stocks"]):
        goods = [state.boat(b)["goods"] for b in stock if state.boat(b)["goods"]]
        sheet = by_rule[(COLOURS[seat], "klongs.stock")]
        print(f"{COLOURS[seat]}'s stock: score sheet {sheet}, stock_points {stock_points(goods)}")
    print("final scores:", state.scores(), "winner(s):", [COLOURS[s] for s in state.outcome().winners])

# %% [markdown]
# ## The more-tactics variant
#
# All three texts give the same variant: the neutral and special boats form a first stack, the boats a
# player can claim a second. Each player starts with three boats from the second stack and one from the
# first, and **every draw picks its stack**. The engine plays it with `more_tactics=True`.

# %%
with check_section('Check: The more-tactics variant'):
    variant = explorer.new_game("klongs", players=3, seed=5, more_tactics=True)
    snap = variant.snapshot()
    first = [variant.boat(b)["neutral"] for b in snap["stacks"][0]]
    second = [variant.boat(b)["neutral"] for b in snap["stacks"][1]]
    check("stack 1 holds only neutral and special boats", True, all(first))
    check("stack 2 holds only boats a player can claim", True, not any(second))
    for seat, hand in enumerate(snap["hands"]):
        neutral = sum(variant.boat(b)["neutral"] for b in hand)
        check(f"{COLOURS[seat]}'s hand: from stack 1 / stack 2", (1, 3), (neutral, len(hand) - neutral))
    rng_bot = make_bot("klongs", "random", seed=1)
    while variant.phase != "draw":
        variant = variant.play(rng_bot.choose(variant.view(variant.current_player)))
    print(f"{COLOURS[variant.current_player]} draws: {', '.join(map(str, variant.legal_actions()))}")
    rule("klongs.draw.stack")

# %% [markdown]
# ## This page's rulebook examples

# %%
with check_section("Check: This page's rulebook examples"):
    shown = {"klongs.thief", "klongs.inspector", "klongs.two-thieves", "klongs.sarah-stock",
             "klongs.sarah-stock-scenario", "klongs.big-market-order", "klongs.big-market-removal"}
    for example in EXAMPLES:
        if example.id in shown:
            computed = example.compute()
            print(f"{example.id}: {'reproduced' if computed == example.expected else 'DIFFERENT'}  ({example.section})")

# %% [markdown]
# **Next:** [where the rulebooks disagree](klongs_readings.ipynb) · [play against bots](klongs_play.ipynb) ·
# [back to the first page](klongs_walkthrough.ipynb) · [all apps](index.ipynb)
