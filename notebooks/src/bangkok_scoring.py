# %% [markdown]
# # Bangkok, part 5: scoring a floating market
#
# Markets are scored once, when the game is over. A market earns points three ways: its owner's
# secret **objective** (the good on the pontoon tile), each **chilli card** in it, and a bonus for a
# **complete** market of nine cards. This page rebuilds the rulebook's scoring example, a market worth
# 20 points, line by line, and then shows the cases the book leaves to the reader.
#
# **Parts:** [1 improving your hand](bangkok_hand.ipynb) · [2 completing the port](bangkok_port.ipynb) ·
# [3 the floating market](bangkok_market.ipynb) · [4 renewing the port](bangkok_renew.ipynb) · 5 scoring ·
# [6 solo and expert](bangkok_variants.ipynb) · [Play Bangkok](bangkok_play.ipynb) · [All apps](index.ipynb)
#
# The table below steps through this part's examples: **Next step** moves on, **Back** goes back; try
# a move yourself at any step, and **Reset step** puts the book's position back. Each section below it
# explains one rule, with a folded **check** of the engine's numbers beside the book's.

# %%
# NBVAL_IGNORE_OUTPUT
# The walkthrough's table, filled at the end of the page from the positions its sections build.
from widgets.walkthrough import Slot, check_section

top = Slot()
top

# %%
import explorer
from explorer.bangkok import CELL_NAMES, NEIGHBOURS, score_market
from explorer.bangkok.examples import SCORING_ROWS
from widgets.bangkok_lessons import by_rule, check, example, rule

# %% [markdown]
# ## The book's market
#
# The example market, row by row, with blue peas (`B`) on its pontoon tile:

# %%
with check_section("Check: The book's market"):
    for number, row in enumerate(SCORING_ROWS, start=1):
        print(f"row {number}: {row}")
    sheet = score_market(SCORING_ROWS, "B")
    print()
    print(sheet)

# %% [markdown]
# ## The objective
#
# Every copy of the objective's good anywhere in the market scores 1 point, on chilli cards too.
# Only the goods a card carries count, not the goods a chilli card counts (the type-4 chilli for
# blue peas at the top left carries a zucchini). The peas carried here: one at the top middle, one at
# the top right, two on the type-3 chilli in the centre, one at the middle right and one at the
# bottom middle, six in all.

# %%
with check_section('Check: The objective'):
    check("objective B", 6, sheet.lines[0].points)
    rule("bangkok.score.objective")

# %% [markdown]
# ## A chilli card's area
#
# A chilli card looks only at itself and the cards touching its sides: three cards from a corner,
# four from the middle of an edge, five from the centre.

# %%
with check_section("Check: A chilli card's area"):
    sizes = {name: 1 + len(NEIGHBOURS[i]) for i, name in enumerate(CELL_NAMES)}
    by_rule("area from a corner (a1)", 3, sizes["a1"])
    by_rule("area from an edge (b1)", 4, sizes["b1"])
    by_rule("area from the centre (b2)", 5, sizes["b2"])
    rule("bangkok.score.chilli-area")

# %% [markdown]
# ## The four chilli types
#
# - **Type 4** (for blue peas, top left): 2 points for each indicated good seen exactly once in its
#   area. Its area is the top left, top middle and middle left: one blue peas (top middle), so 2
#   points. (That is how this program reads the card; [part 6](bangkok_variants.ipynb) shows the
#   other reading, where every copy earns 2 points.)
# - **Type 3** (for blue peas and fish, centre): 2 points per pair of its two goods. Its area (the
#   centre and the four cards beside it) shows three pairs of blue peas and fish: 6 points.
# - **Type 1** (for passion fruit, bottom right): 5 points minus one for each indicated good in its
#   area. Only itself carries a passion fruit: 5 − 1 = 4 points.
# - **Type 2** (not in this market): 1 point for each indicated good in its area.
#
# And nine cards complete the market: 2 more points.

# %%
with check_section('Check: The four chilli types'):
    check("Z!4B (type 4)", 2, sheet.lines[1].points)
    check("BB!3BF (type 3)", 6, sheet.lines[2].points)
    check("P!1P (type 1)", 4, sheet.lines[3].points)
    check("completed market", 2, sheet.lines[4].points)
    check("total", 20, sheet.total)
    example("scoring")
    for rule_id in ("bangkok.score.chilli-1", "bangkok.score.chilli-2", "bangkok.score.chilli-3",
                    "bangkok.score.chilli-4", "bangkok.score.complete"):
        rule(rule_id)

# %% [markdown]
# The same market also comes about in play: the engine's example lays the ninth card, plays out the
# round and scores it.

# %%
with check_section('Check: The four chilli types'):
    example("scoring-in-play")

# %% [markdown]
# ## Can a type-1 chilli card cost points? A reading
#
# A type-1 card crowded with its own good would drop below zero: a type-1 chilli for passion fruit
# in the centre with seven
# passion fruit in its area. The book speaks only of points earned, so the engine's default keeps it
# at 0; the option `type1_below_zero=True` lets it go negative.

# %%
with check_section('Check: Can a type-1 chilli card cost points? A reading'):
    crowded = [". PP .", "PZ P!1P PPZ", ". PFF ."]
    by_rule("P!1P with 7 P, default", 0, score_market(crowded, "Z").lines[1].points)
    by_rule("P!1P with 7 P, type1_below_zero=True", -2,
            score_market(crowded, "Z", type1_below_zero=True).lines[1].points)
    print(explorer.bangkok.OPTIONS["type1_below_zero"].doc)

# %% [markdown]
# ## Ties
#
# The most points wins. Between tied players the one whose objective scored more wins; if that is
# tied too, they share the victory.

# %%
with check_section('Check: Ties'):
    rule("bangkok.score.tie-break")

# %%
# The table at the top of the page (the slot) shows the steps built from the positions above.
from explorer.bangkok.examples import OTHER_ROWS, scenario
from widgets import MarketWidget
from widgets.walkthrough import Step, Walkthrough

done = scenario(["PZ F P", *OTHER_ROWS], ["P!1P", "F", "PF"],
                markets=[["Z!4B B B", "FZ BB!3BF BF", "ZZ BF ."], [". . .", ". . .", ". . ."]],
                objectives=["B", "P"])
done = done.play(done.collections("PF", "R1R").actions[0]).play("market:P!1P@c3")
done = done.play(done.legal_actions()[0])
laid = ["BF PP .", *crowded[1:]]  # a market grows from a1: a card there, with no passion fruit
crowd = explorer.new_game("bangkok", players=2, seed=1, type1_below_zero=True, start={
    "port": ["ZB F P", *OTHER_ROWS], "hands": [["Z", "F", "B"], ["PZ", "ZB", "PF"]],
    "markets": [laid, [". . .", ". . .", ". . ."]], "objectives": ["Z", "P"]})
steps = [
    Step("The book's 20-point market", "This market is complete and the game is over, so every objective "
         "is shown. Choose each score line to see which cards it counts.", done,
         result="6 + 2 + 6 + 4 + 2 = **20**.", rules=("bangkok.score.objective", "bangkok.score.chilli-4",
                                                      "bangkok.score.chilli-3", "bangkok.score.chilli-1")),
    Step("A crowded type-1 card", "With the option that lets a type-1 chilli go below zero, the type-1 "
         "chilli for passion fruit among seven passion fruit scores 5 − 7 = −2.", crowd,
         rules=("bangkok.score.chilli-1",)),
]
top.fill(Walkthrough(steps, title="Bangkok: scoring", table_class=MarketWidget))

# %% [markdown]
# **Next:** [part 6, solo and expert](bangkok_variants.ipynb) · [play Bangkok](bangkok_play.ipynb) ·
# [back to all apps](index.ipynb)
