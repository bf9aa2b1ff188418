# %% [markdown]
# # Bangkok, part 3: the floating market
#
# Improving your hand usually leaves you with more than three cards. Before your turn ends you lay
# the extra cards, one at a time, into your own **floating market**: a 3×3 square that grows from
# the corner beside your pontoon tile. Where a card may go is limited, and the cards never move once
# laid. When somebody's market holds nine cards, the game is about to end.
#
# **Parts:** [1 improving your hand](bangkok_hand.ipynb) · [2 completing the port](bangkok_port.ipynb) ·
# 3 the floating market · [4 renewing the port](bangkok_renew.ipynb) · [5 scoring](bangkok_scoring.ipynb) ·
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
with check_section("Check: the engine's numbers beside the book's"):
    from explorer.bangkok.examples import OTHER_ROWS, scenario
    from widgets.bangkok_lessons import by_rule, example, hand, refusal, rule, show_market

    EMPTY_MARKET = [". . .", ". . .", ". . ."]


    def market_moves(state):
        """The places each hand card may take now, as the engine lists them."""
        moves = {}
        for action in map(str, state.legal_actions()):
            card, _, place = action.removeprefix("market:").partition("@")
            moves.setdefault(card, []).append(place)
        return moves


# %% [markdown]
# ## Extra cards go to the market at once
#
# Example 1 of part 1 again: the zucchini and passion fruit card took two cards, so the hand holds
# four. Nothing else may happen until one card is in the market: a renewal is refused now.

# %%
with check_section('Check: Extra cards go to the market at once'):
    start = scenario(["ZB F P", *OTHER_ROWS], ["PZ", "F", "B"])
    first = start.play("place:PZ@R1R>a1=ZB,c1=P")
    print("phase:", first.phase, "| hand:", hand(first))
    by_rule("cards to lay in the market", 1, len(first.hands[0]) - 3)
    refusal(first, "renew:R2")
    rule("bangkok.market.required")

# %% [markdown]
# ## The first card goes beside the pontoon
#
# A market starts in its top left corner, right next to the pontoon tile that hides your
# objective. Every hand card may go there, and nowhere else.

# %%
with check_section('Check: The first card goes beside the pontoon'):
    print(market_moves(first))
    refusal(first, "market:P@b2")
    rule("bangkok.market.first-corner")

# %% [markdown]
# ## Later cards touch the market along a side
#
# Each later card must share a side with a card already in the market (a corner is not enough), and
# a place that holds a card is taken for good.

# %%
with check_section('Check: Later cards touch the market along a side'):
    growing = scenario(["ZB F P", *OTHER_ROWS], ["PZ", "F", "B"], markets=[["PF . .", ". . .", ". . ."], EMPTY_MARKET])
    grown = growing.play("place:PZ@R1R>a1=ZB,c1=P")
    show_market(grown)
    print(market_moves(grown))
    by_rule("places next to a1", ["a2", "b1"], sorted(market_moves(grown)["ZB"]))
    refusal(grown, "market:ZB@b2")
    refusal(grown, "market:ZB@a1")
    rule("bangkok.market.adjacent")
    rule("bangkok.market.fixed")

# %% [markdown]
# ## One chilli card per row
#
# No row of a market may hold two chilli cards. Here the top row already has a type-4 chilli, and
# the hand has just taken a type-1 chilli for passion fruit: it may go to the middle left or the
# centre, but not to the top right.

# %%
with check_section('Check: One chilli card per row'):
    chilli = scenario(["ZB F P!1P", *OTHER_ROWS], ["PZ", "F", "B"], markets=[["Z!4B B .", ". . .", ". . ."], EMPTY_MARKET])
    taken = chilli.play(chilli.collections("PZ", "R1R").actions[0])
    show_market(taken)
    print("hand:", hand(taken))
    by_rule("places for P!1P", ["a2", "b2"], market_moves(taken)["P!1P"])
    refusal(taken, "market:P!1P@c1")
    rule("bangkok.market.chilli-row")

# %% [markdown]
# ## When nothing fits: a project reading
#
# The book never meets a hand whose extra cards fit nowhere. It can happen: here every row of the
# market already has a chilli card, and the hand holds only chilli cards. The engine's reading: you
# slip extra cards of your choice under their piles until three remain, and the turn ends.

# %%
with check_section('Check: When nothing fits: a project reading'):
    blocked = scenario(["Z!1Z Z!2B Z!4B", *OTHER_ROWS], ["ZZ!3ZB", "F!4P", "B!2F"],
                       markets=[["P!1P P .", "F!1F . .", "B!4F . ."], EMPTY_MARKET])
    stuck = blocked.play("place:ZZ!3ZB@R1R>a1=Z!1Z,b1=Z!2B")
    show_market(stuck)
    print("phase:", stuck.phase, "| hand:", hand(stuck))
    print(stuck.legal_actions())
    slipped = stuck.play("return:F!4P")
    by_rule("cards in hand after slipping one back", 3, len(slipped.hands[0]))
    print(slipped.view(1)["events"][-1]["text"])
    rule("bangkok.market.blocked")

# %% [markdown]
# ## The ninth card ends the game after the round
#
# When a market holds nine cards, the round is played out so that everybody has had as many turns,
# and then the game is over. The book's scoring market is completed this way (its points are the
# subject of part 5).

# %%
with check_section('Check: The ninth card ends the game after the round'):
    example("scoring-in-play")
    rule("bangkok.end.trigger")

# %%
# The table at the top of the page (the slot) shows the steps built from the positions above.
from explorer.bangkok.examples import scenario as book_scenario
from widgets import MarketWidget
from widgets.walkthrough import Step, Walkthrough

ninth = book_scenario(["PZ F P", *OTHER_ROWS], ["P!1P", "F", "PF"],
                      markets=[["Z!4B B B", "FZ BB!3BF BF", "ZZ BF ."], EMPTY_MARKET], objectives=["B", "P"])
ninth = ninth.play(ninth.collections("PF", "R1R").actions[0])
steps = [
    Step("The first card", "Four cards in hand and an empty market: only the top left place, beside the "
         "pontoon, is lit.",
         first, rules=("bangkok.market.first-corner",)),
    Step("Along a side", "With a card at the top left, the next card may go beside it (top middle) or below "
         "it (middle left). Try the centre: it only touches the top left card at a corner.", grown,
         rules=("bangkok.market.adjacent",)),
    Step("One chilli per row", "Choose the type-1 chilli for passion fruit: the top right place stays dark, "
         "because the top row already has a chilli card.",
         taken, rules=("bangkok.market.chilli-row",)),
    Step("Nothing fits", "Every row has a chilli card and the hand holds only chilli cards: slip one back "
         "under its pile.", stuck, rules=("bangkok.market.blocked",)),
    Step("The ninth card", "The type-1 chilli for passion fruit goes to the bottom right place and completes "
         "the market: this round is the last.",
         ninth, rules=("bangkok.end.trigger",)),
]
top.fill(Walkthrough(steps, title="Bangkok: the floating market", table_class=MarketWidget))

# %% [markdown]
# **Next:** [part 4, renewing the port](bangkok_renew.ipynb) · [play Bangkok](bangkok_play.ipynb) ·
# [back to all apps](index.ipynb)
