# %% [markdown]
# # Learn to play Bangkok
#
# A first game against a bot, Boon, with a guide beside the table. Never read the rules? Start here: each
# rule is explained when it first matters, the part of the table it is about is outlined, and for your
# first moves (your first card at the port, your first market card) the guide asks you to try the move
# it is teaching. Whenever a market scores, the guide shows what just scored and why. **Undo** and
# **Hint** work as in the play app.
#
# Next: [play a whole game](bangkok_play.ipynb) · the rulebook's examples:
# [1 Improving your hand](bangkok_hand.ipynb) · [2 Completing the port](bangkok_port.ipynb) ·
# [3 The floating market](bangkok_market.ipynb) · [4 Renewing the port](bangkok_renew.ipynb) ·
# [5 Scoring](bangkok_scoring.ipynb) · [practise with questions](practice.ipynb?game=bangkok) ·
# [learn to play alone](bangkok_solo_tutorial.ipynb) · [All apps](index.ipynb)

# %%
# NBVAL_IGNORE_OUTPUT
from widgets.tutorial import tutorial_app

tutorial_app("bangkok")
