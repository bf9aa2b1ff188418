# %% [markdown]
# # Learn to play Bastos!
#
# A first game against two bots, with a guide beside the table. Never read the rules? Start here: each
# rule is explained when it first matters, the part of the table it is about is outlined, and for your
# first moves (your Bastos! card, your first lead, your first trump) the guide asks you to try the move it
# is teaching. When a round ends, the guide shows what just scored and why. **Undo** and **Hint** work as
# in the play app.
#
# Next: [play a whole game](bastos_play.ipynb) · [the rulebook's examples](bastos_walkthrough.ipynb)
# · [practise with questions](practice.ipynb?game=bastos) · [All apps](index.ipynb)

# %%
# NBVAL_IGNORE_OUTPUT
from widgets.tutorial import tutorial_app

tutorial_app("bastos")
