# %% [markdown]
# # Play Bastos!
#
# You play one seat against bots. Your legal cards are highlighted: click one to play it (or use Tab and
# Enter). Other moves the rules allow appear as buttons. Click a card that is not highlighted to see which
# rule forbids it. After each round the score sheet lists every line with the rule it applies.
#
# Choose the players, your seat and the opponents above the table, then **New game**.
# [How the rules work](bastos_walkthrough.ipynb) · [All apps](index.ipynb)

# %%
# NBVAL_IGNORE_OUTPUT
from widgets.apps import play_app

play_app("bastos")
