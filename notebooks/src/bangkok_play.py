# %% [markdown]
# # Play Bangkok
#
# You build a floating market against bots (2–4 players; choose 1 player for the solo game). On your
# turn choose a card from your hand: the ends of the port where it may go light up. Choose a lit end,
# and every legal way to collect appears, with the cards you *must* take marked and the reason
# beside them; pick one. Then watch step 2: the line slides, the placed card pushes in, and the gaps
# are refilled from the piles. Holding more than 3 cards, lay the extra ones in your market, one at a
# time, on the lit places. Instead of placing, you may renew a row or column of the port.
#
# Click an end or a place that is not lit to see which rule forbids it. **Scoring** shows, for every
# chilli card, which cards of its area count and its points. Everything works from the keyboard
# too: Tab to a card, Enter to choose it, arrow keys round the ends, Enter again.
#
# The final score sheet lists every line with the rule it applies.
# [How the rules work](bangkok_hand.ipynb) · [Solo game](bangkok_solo.ipynb) · [All apps](index.ipynb)

# %%
# NBVAL_IGNORE_OUTPUT
from widgets.apps import play_app

play_app("bangkok")
