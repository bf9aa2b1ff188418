# %% [markdown]
# # Bangkok solo
#
# Alone, you have nine turns to build your floating market. The two piles lie above the first and
# third columns of the port, so those ends take no card; the turn counter walks clockwise round the
# port from the right of row 1, and the end it lies on is closed for that turn. The game also ends
# as soon as your market holds nine cards.
#
# When the game is over, the chart compares your final score with the scores the heuristic bot
# reaches in 100 solo games with the same cards and rules.
# [How the one-player version works](bangkok_variants.ipynb) · [Play against bots](bangkok_play.ipynb) ·
# [All apps](index.ipynb)

# %%
# NBVAL_IGNORE_OUTPUT
from widgets.apps import play_app, query_settings

play_app("bangkok", {**query_settings(), "players": "1"})
