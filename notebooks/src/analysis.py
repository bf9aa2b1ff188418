# %% [markdown]
# # Explore the rules: what a variant, a reading or a seat does to the game
#
# Rules Explorer can play thousands of games between bots and measure what changes when a rule does.
# Below, three questions are answered with enough games to be sure (the figures come with their
# uncertainty: a 95% interval, or a p-value saying how likely so large a difference would be by chance
# alone). Then ask your own: pick a game, a rules option to compare, the player counts and how many
# games to play, and press **Run**.
#
# The games are played by the sensible bots in every seat, so the answers describe play at their level.
# Bigger sweeps run from the command line on a Dask cluster:
# `explorer analyze bangkok --vary expert=false,true --players 2,3,4 -n 1000 --html report.html`.
# [Start page](index.ipynb)

# %% [markdown]
# ## Three questions, answered

# %%
# NBVAL_IGNORE_OUTPUT
from widgets.analysis_app import analysis_app, answers

answers("data")

# %% [markdown]
# ## Your own question
#
# Choose a game and, under **Compare**, a rules option and the values to set against each other (or
# nothing, to look at one line-up: who wins from which seat). Each combination of player count and value
# plays **Games each** games. The progress bar moves as they finish; then the table gives each seat's win
# share with its 95% interval and mean score, and says which differences between the combinations the
# games are enough to call real.

# %%
# NBVAL_IGNORE_OUTPUT
analysis_app()
