# %% [markdown]
# # Bangkok, part 1: improving your hand
#
# In *Bangkok* each player runs a floating market: a 3×3 square of cards, built one card at a time,
# that scores for its owner's secret objective and for the chilli cards in it. The cards come from
# the **port**, a 3×3 square of face-up cards in the middle of the table. On your turn you lay one of
# your three hand cards beside the port, facing a row or a column, and take cards from that line.
# What you may take is the heart of the game, and the subject of this page.
#
# Every position below is built by the Rules Explorer engine. The table names places in words (row
# 1 is the top row, "row 2, left" its left card). The folded **checks** print the engine's short
# notation, which the command line also reads: a card is its goods' letters (`PZ`), a chilli card
# adds its type and counted goods (`F!2P`), and places are named like chess squares from the top
# left (`a1`) to the bottom right (`c3`).
#
# **Parts:** 1 improving your hand · [2 completing the port](bangkok_port.ipynb) ·
# [3 the floating market](bangkok_market.ipynb) · [4 renewing the port](bangkok_renew.ipynb) ·
# [5 scoring](bangkok_scoring.ipynb) · [6 solo and expert](bangkok_variants.ipynb) ·
# [Play Bangkok](bangkok_play.ipynb) · [All apps](index.ipynb)
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
with check_section("Check: the engine's numbers beside the book's"):
    # The helpers print positions as small grids and put the book's numbers beside the engine's.
    from explorer.bangkok.examples import OTHER_ROWS, scenario
    from widgets.bangkok_lessons import (
        by_rule,
        check,
        example,
        hand,
        positions,
        refusal,
        rule,
        show_collections,
        show_port,
    )

# %% [markdown]
# ## Which lines a card may face
#
# Cards show **goods**, each with its letter and shape: passion fruit (P), Thai zucchini (Z), blue
# peas (B) and fish (F). Chilli cards carry goods too, above their red band (the band shows their
# scoring type and the goods they count). The card you lay may only face a row or column in which
# at least one card shows one of its goods.
#
# The book's first position: row 1 of the port holds a zucchini-and-peas card, a fish card and a
# passion-fruit card, and you lay a card showing zucchini and passion fruit. The other two rows are
# filler the book does not show.

# %%
with check_section('Check: Which lines a card may face'):
    start = scenario(["ZB F P", *OTHER_ROWS], ["PZ", "F", "B"])
    show_port(start)
    print("your hand:", hand(start))
    refusal(start, "place:PZ@R3R>")
    example("placement")
    rule("bangkok.place.shared-good")

# %% [markdown]
# ## How many cards you take, and which
#
# Each good shown on your card pays for **one** card of the line that carries that good. So a card
# with one good takes exactly one card, a card with two goods one or two, a card with three goods
# one to three. And you may not leave a card behind that your goods could pay for: you take as many
# as the goods can pay for, and you only choose between cards that compete for the same good.
#
# **Example 1.** The zucchini and passion fruit card laid right of row 1: its zucchini pays for the
# first card (zucchini and peas), its passion fruit for the third (passion fruit); the fish card in
# the middle shares nothing. Both are forced.

# %%
with check_section('Check: How many cards you take, and which'):
    show_collections(start, "PZ", "R1R")
    check("Example 1, positions taken", [[1, 3]], positions(start, "PZ", "R1R"))
    example("collect-1")
    for rule_id in ("bangkok.collect.count", "bangkok.collect.one-per-good", "bangkok.collect.no-refusal"):
        rule(rule_id)

# %% [markdown]
# **Example 2.** Row 1 shows a zucchini, a passion fruit, and a passion fruit with blue peas. The
# zucchini card can only be paid for by the zucchini, so it is forced; the passion fruit then pays
# for one of the two passion-fruit cards, the second or the third. The
# book's player takes the third, and ends up with four cards in hand.

# %%
with check_section('Check: How many cards you take, and which'):
    ex2 = scenario(["Z P PB", *OTHER_ROWS], ["PZ", "F", "B"])
    show_collections(ex2, "PZ", "R1R")
    check("Example 2, the two ways", [[1, 2], [1, 3]], positions(ex2, "PZ", "R1R"))
    ex2_after = ex2.play("place:PZ@R1R>a1=Z,c1=PB")
    check("hand after taking the first and third", "B F PB Z", " ".join(sorted(hand(ex2_after).split())))
    refusal(ex2, "place:PZ@R1R>b1=P,c1=PB")
    example("collect-2")

# %% [markdown]
# **Example 3.** A card with two passion fruit facing zucchini with peas, passion fruit, and passion
# fruit with fish: each passion fruit pays for one passion-fruit card, and there are exactly two,
# the second and the third.
#
# **Example 4.** The same card facing zucchini with peas, fish, and passion fruit with fish: only the
# third card shows passion fruit, so one passion fruit goes unused and you take a single card, even
# though the card could have paid for two.

# %%
with check_section('Check: How many cards you take, and which'):
    ex3 = scenario(["ZB P PF", *OTHER_ROWS], ["PP", "F", "B"])
    check("Example 3, positions taken", [[2, 3]], positions(ex3, "PP", "R1R"))
    ex4 = scenario(["ZB F PF", *OTHER_ROWS], ["PP", "F", "B"])
    check("Example 4, positions taken", [[3]], positions(ex4, "PP", "R1R"))
    check("Example 4, cards taken", 1, ex4.collections("PP", "R1R").take)
    example("collect-3")
    example("collect-4")

# %% [markdown]
# ## Both ends of a line take alike
#
# Laying the card to the left of row 1 instead of the right takes the same cards: the end only
# decides which way the line slides afterwards (part 2). The engine lists both, because the slide
# differs.

# %%
with check_section('Check: Both ends of a line take alike'):
    left, right = start.collections("PZ", "R1L"), start.collections("PZ", "R1R")
    by_rule("same places taken from either end of row 1", True, left.options == right.options)
    print(left.actions[0])
    print(right.actions[0])
    rule("bangkok.collect.same-line")

# %%
# The table at the top of the page (the slot) shows the steps built from the positions above.
from widgets import BangkokTableWidget
from widgets.walkthrough import Step, Walkthrough

steps = [
    Step("A card needs a shared good",
         "Your boat with passion fruit and Thai zucchini may face row 1, but not row 3, whose cards show "
         "only fish and blue peas. Choose it: only the ends of lines with a zucchini or a passion fruit light "
         "up.",
         start, rules=("bangkok.place.shared-good",)),
    Step("Example 1: first and third",
         "Lay the passion fruit and zucchini boat right of row 1: the zucchini pays for the first card, the "
         "passion fruit for the third; the fish card stays.",
         start, result="Takes the **left** and **right** cards of row 1, both forced.",
         rules=("bangkok.collect.one-per-good", "bangkok.collect.no-refusal")),
    Step("Example 2: one forced, one chosen",
         "Row 1 shows a zucchini, a passion fruit, and a passion fruit with blue peas. The zucchini card is "
         "forced; the passion fruit is the second **or** the third card. The collection buttons show both "
         "ways.",
         ex2, result="Two ways: left and middle, or left and right.", rules=("bangkok.collect.no-refusal",)),
    Step("Example 2: the third card taken",
         "The book's player took the first and the third card. Their hand now holds four cards, one more "
         "than three, so one goes to their market before the turn ends (part 3).",
         ex2_after, result="Hand: blue peas, fish, passion fruit with blue peas, zucchini.",
         rules=("bangkok.market.required",)),
    Step("Example 3: two passion fruit",
         "A boat with 2 passion fruit facing zucchini with peas, passion fruit, and passion fruit with "
         "fish: each passion fruit pays for one passion-fruit card.", ex3,
         result="Takes the second and third cards.", rules=("bangkok.collect.one-per-good",)),
    Step("Example 4: one good unused",
         "A boat with 2 passion fruit facing zucchini with peas, fish, and passion fruit with fish: only "
         "the third card shows passion fruit, so only one card is taken.", ex4,
         result="Takes the third card only.", rules=("bangkok.collect.count",)),
]
top.fill(Walkthrough(steps, title="Bangkok: improving your hand", table_class=BangkokTableWidget))

# %% [markdown]
# **Next:** [part 2, completing the port](bangkok_port.ipynb) · [play Bangkok](bangkok_play.ipynb) ·
# [back to all apps](index.ipynb)
