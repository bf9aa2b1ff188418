# %% [markdown]
# # Learn to play Bangkok alone
#
# A first game of Bangkok's one-player version, with a guide beside the table. Each rule is explained
# when it first matters (the piles and the turn counter that cover ends of the port come first), the part
# of the table it is about is outlined, and for your first moves (your first card at the port, your first
# market card) the guide asks you to try the move it is teaching. Whenever your market scores, the guide
# shows what just scored and why. **Undo** and **Hint** work as in the play app.
#
# Next: [play alone](bangkok_solo.ipynb) · [solo and expert, the rulebook's examples](bangkok_variants.ipynb)
# · [practise with questions](practice.ipynb?game=bangkok) · [learn to play against a bot](bangkok_tutorial.ipynb)
# · [All apps](index.ipynb)

# %%
# NBVAL_IGNORE_OUTPUT
from widgets.tutorial import tutorial_app

tutorial_app("bangkok-solo")
