# %% [markdown]
# # Play Bangkok Klongs
#
# You play one colour against bots (2–4 players). On your turn choose a boat from your hand, then one of
# the lit water spaces on the board; the boat's follow-up choices (claim it with a merchant, what a thief
# takes, a move with a movement card, end the turn) appear as buttons beside the board. On a market day
# pick a lit landing to see what each colour earns from it, then the boat you take into your stock.
# Click a space that is not lit to see which rule forbids it. Everything also works from the keyboard:
# Tab to the board, arrow keys between spaces, Enter to choose.
#
# Choose the players, your seat and the opponents above the board, then **New game**. The score sheet
# below the board lists every line with the rule it applies after each market day.
# [How the rules work](klongs_walkthrough.ipynb) · [All apps](index.ipynb)

# %%
# NBVAL_IGNORE_OUTPUT
from widgets.apps import play_app

play_app("klongs")
