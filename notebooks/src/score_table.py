# %% [markdown]
# # Score your own table
#
# Played one of the games on a real table? Build its end position here by clicking, and the engine
# scores it with the game's own rules: the **Bangkok** markets and pontoon tiles, the **Bangkok Klongs**
# stocks and score track after the Big Market Day, or the end of a **Tindahan** or **Bastos!** round
# (its tricks, hands, sellers or value table). Press **Score** for the itemised score sheet, each line
# with the text of its rule, and every player's total. A position the rules do not allow (a market not
# laid from a1, more tricks than cards played, a value off the table...) is refused, naming the rule.
#
# You are "You"; the other players go by the game's names. **Show as Python** gives the same
# `explorer.score_table(...)` call, to score positions in a notebook of your own.
# [All apps](index.ipynb) · [Learn in JupyterLab](learn.ipynb)

# %%
# NBVAL_IGNORE_OUTPUT
from widgets.scorer import scorer_app

scorer_app()
