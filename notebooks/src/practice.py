# %% [markdown]
# # Practice: questions the engine marks
#
# Each question is about a table from a real game between bots, seen from your seat: **which of these
# moves may you play**, **who takes this trick** or **how many points does this score**. Tick the moves,
# pick a player or type the points, then press **Check**: the engine marks your answer and gives its
# reason, with the text of every rule it used. **Next exercise** draws another, for ever; the count
# beside it keeps your score for each game.
#
# Choose a game and a kind of question above the table, and a **Level**: one rule at a time, two rules
# together, or three and more (how many rules the engine's reason cites). Three right in a row at a level
# move you up to the next. New to a game? Read its walkthrough first.
# [All apps](index.ipynb) · [Learn in JupyterLab](learn.ipynb)

# %%
# NBVAL_IGNORE_OUTPUT
from widgets.practice import practice_app

practice_app()
