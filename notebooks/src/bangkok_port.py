# %% [markdown]
# # Bangkok, part 2: completing the port
#
# Right after you take your cards (part 1), the port closes its gaps: the card you laid beside it is
# pushed into the line, and the cards left in that line slide away from it. Then every empty place is
# filled again from the piles. This page shows both steps with the rulebook's example and then the
# case the book leaves open: what happens when several places are empty.
#
# **Parts:** [1 improving your hand](bangkok_hand.ipynb) · 2 completing the port ·
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
    import explorer
    from explorer.bangkok.examples import OPPONENT, OTHER_ROWS, scenario
    from widgets.bangkok_lessons import by_rule, example, rule, show_port

# %% [markdown]
# ## The line slides, the placed card follows
#
# The book's example continues example 1 of part 1: the zucchini and passion fruit card laid
# **right** of row 1 took the first and third cards. The fish card left in the middle slides
# **left**, to the far end of the row; the placed card slides in behind it; the one empty place, by
# the card's own end, is refilled. Here the piles' top cards are fixed (a boat with two zucchini, a
# type-1 chilli for passion fruit), so the refill is the same every time.

# %%
with check_section('Check: The line slides, the placed card follows'):
    before = scenario(["ZB F P", *OTHER_ROWS], ["PZ", "F", "B"], boat_pile=["ZZ"], chilli_pile=["P!1P"])
    show_port(before)
    after = before.play("place:PZ@R1R>a1=ZB,c1=P")
    print()
    show_port(after)
    print(after.view(0)["events"][-1]["text"])
    row = [after.card(c).face for c in after.port[:3]]
    by_rule("row 1 after the slide and refill", ["F", "PZ", "P!1P"], row)
    example("shift")
    rule("bangkok.port.shift")

# %% [markdown]
# ## Which pile refills
#
# An empty place is filled from the **boat** pile while the port shows two or more chilli cards, and
# from the **chilli** pile otherwise. Above, the port held one chilli card (row 3, middle), so the gap took
# the chilli pile's top card. When a pile runs out, the other one is used.

# %%
with check_section('Check: Which pile refills'):
    chillies_before = sum(1 for c in before.port if c >= 0 and before.card(c).is_chilli)
    by_rule("chilli cards in the port before the refill", 1, chillies_before)
    by_rule("pile the gap is filled from", "chilli", "chilli" if after.card(after.port[2]).is_chilli else "boat")
    by_rule("chilli pile, cards left", len(before.chilli_pile) - 1, len(after.chilli_pile))
    rule("bangkok.port.refill")

# %% [markdown]
# ## Several empty places: a reading
#
# A card with three goods can take three cards, leaving two places empty after the slide. The book
# does not say whether the chilli cards are counted again between the two refills. The engine's
# default (`refill="each-slot"`) counts again before each card, so the port settles back to about
# two chilli cards, as at the start of the game; `refill="once"` chooses the pile once for all the
# gaps. Places are filled in reading order, from the top left to the bottom right.
#
# Below, a card with passion fruit, zucchini and fish laid right of row 1 takes all three cards of
# the row; it slides to the left end, and the middle and right places are empty. The port shows one
# chilli card.

# %%
with check_section('Check: Several empty places: a reading'):
    position = {"port": ["ZB F P", *OTHER_ROWS], "hands": [["PZF", "F", "B"], OPPONENT],
                "boat_pile": ["ZZ", "PB"], "chilli_pile": ["P!1P", "Z!2B"]}
    for reading in ("each-slot", "once"):
        start = explorer.new_game("bangkok", players=2, seed=1, refill=reading, start=position)
        done = start.play("place:PZF@R1R>a1=ZB,b1=F,c1=P")
        print(f'refill="{reading}": row 1 is now', " ".join(done.card(c).face for c in done.port[:3]))
    print()
    print(explorer.bangkok.OPTIONS["refill"].doc)

# %% [markdown]
# ## A column slides too
#
# Columns work the same way. A zucchini and peas card laid **below** column 1 pays for the top card
# (zucchini and peas) with its zucchini and for the middle card (peas) with its peas; the fish card
# at the bottom slides **up** to the top, the placed card follows into the middle, and the bottom
# place is refilled.

# %%
with check_section('Check: A column slides too'):
    column = scenario(["ZB F P", *OTHER_ROWS], ["ZB", "F", "P"], boat_pile=["ZZ"], chilli_pile=["P!1P"])
    print(column.collections("ZB", "C1B").actions)
    pushed = column.play("place:ZB@C1B>a1=ZB,a2=B")
    show_port(pushed)
    by_rule("column 1 after", ["FF", "ZB", "P!1P"], [pushed.card(pushed.port[i]).face for i in (0, 3, 6)])

# %%
# The table at the top of the page (the slot) shows the steps built from the positions above.
from widgets import PortWidget
from widgets.walkthrough import Step, Walkthrough

three = explorer.new_game("bangkok", players=2, seed=1, start=position)
steps = [
    Step("Row 1, before", "The passion fruit and zucchini boat will be laid right of row 1 and take the "
         "first and third cards.", before,
         rules=("bangkok.port.shift",)),
    Step("Row 1, after", "The fish card slid left to the row's left end, the placed boat followed into the "
         "middle, and the right end took the chilli pile's top card because the port showed only one "
         "chilli card.", after,
         result="Row 1: fish, the placed boat, a type-1 chilli for passion fruit.",
         rules=("bangkok.port.shift", "bangkok.port.refill")),
    Step("Three cards taken, before", "The boat with passion fruit, zucchini and fish will take all three "
         "cards of row 1.", three,
         rules=("bangkok.collect.count",)),
    Step("Three cards taken, after", "The placed boat slid all the way to the left end; the middle came "
         "from the chilli pile (one chilli card in the port), then the right end from the boat pile (now "
         "two).",
         three.play("place:PZF@R1R>a1=ZB,b1=F,c1=P"), rules=("bangkok.port.refill",)),
    Step("Column 1, before", "The zucchini and blue peas boat will be laid below column 1 and take its top "
         "and middle cards.", column),
    Step("Column 1, after", "The fish card slid up to the top, the placed boat followed into the middle, "
         "and the bottom place was refilled.",
         pushed, rules=("bangkok.port.shift",)),
]
top.fill(Walkthrough(steps, title="Bangkok: completing the port", table_class=PortWidget))

# %% [markdown]
# **Next:** [part 3, the floating market](bangkok_market.ipynb) · [play Bangkok](bangkok_play.ipynb) ·
# [back to all apps](index.ipynb)
