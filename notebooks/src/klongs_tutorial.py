# %% [markdown]
# # Learn to play Bangkok Klongs
#
# A first game against two bots, Yellow and Green, with a guide beside the board. Never read the rules?
# Start here: each rule is explained when it first matters (placing, claiming boats, the Luk Phat
# track, thieves, inspectors, cookshops, the market days, the stocks), the part of the board it is about
# is outlined, and for your first turn (your first boat, claiming it, ending the turn) and your first
# landing on a market day the guide asks you to try the move it is teaching. Whenever a boat on the Luk
# Phat track, a market day or the stocks score, the guide shows what just scored and why. **Undo** and
# **Hint** work as in the play app.
#
# Next: [play a whole game](klongs_play.ipynb) · the rulebook's examples:
# [1 Boats, hoods, the Luk Phat track and market days](klongs_walkthrough.ipynb) ·
# [2 Special boats, the Big Market Day and the final scoring](klongs_specials.ipynb) ·
# [where the rulebooks disagree](klongs_readings.ipynb) ·
# [practise with questions](practice.ipynb?game=klongs) · [All apps](index.ipynb)

# %%
# NBVAL_IGNORE_OUTPUT
from widgets.tutorial import tutorial_app

tutorial_app("klongs")
