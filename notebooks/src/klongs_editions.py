# %% [markdown]
# # Bangkok Klongs: the parts no rulebook prints
#
# The three texts give the rules, but not the board, the Luk Phat track or the mix of boats. The engine
# takes them from an **edition**, a data file that says which of its values are public and which are
# reconstructed. This page shows what the built-in editions rest on and plays the one place where two of
# them differ: the points of the track's market days.
#
# [Where the rulebooks disagree](klongs_readings.ipynb) · [Boats, hoods and market days](klongs_walkthrough.ipynb)
# · [Start page](index.ipynb) · [Play Bangkok Klongs](klongs_play.ipynb)

# %%
import random

import explorer
from explorer.klongs import COLOURS, DEFAULT_NAME, EDITIONS, REVIEW_TRACK, load_edition
from widgets.walkthrough import check_section

# %% [markdown]
# ## What the default edition reconstructs
#
# The default edition, `klongs-reconstructed`, rebuilds the components from what is public and lists
# every guess it makes:

# %%
for guess in load_edition(DEFAULT_NAME).model.reconstructed:
    print(f"- {guess}")

# %% [markdown]
# ## The Luk Phat track: 4, 3, 2 or 3, 3, 2 on the market days
#
# Each boat with the Luk Phat symbol moves the counter one space on, and its player scores that space's
# points. The texts print only the first space's value (6 points, in an example) and the order of the
# market days: a Little Market Day, another, then the Big Market Day at the end. The default edition
# lets the values fall by one point a space and rise by one after each market day, so its market-day
# spaces pay **4, 3 and 2**. A published review of the game describes them as **3, 3 and 2**, so a second
# built-in edition, `klongs-review-track`, pays that; nothing else differs. The edition file says, space
# by space, what each value rests on:

# %%
default, review = (load_edition(name) for name in EDITIONS)
print(f"{'space':>5}  {'default':>7}  {'review':>6}  what the value rests on")
for number, (ours, theirs) in enumerate(zip(default.model.track, review.model.track), start=1):
    day = f"{ours.market.capitalize()} Market Day. " if ours.market else ""
    basis = ours.basis if ours.basis == theirs.basis else f"default, {ours.basis}; review track, {theirs.basis}"
    print(f"{number:>5}  {ours.points:>7}  {theirs.points:>6}  {day}{basis}")

# %% [markdown]
# ## One game, both tracks
#
# A seeded three-player game is played under the default edition up to the boat that moves the counter
# onto the first Little Market Day; the same moves are then played under the review's track. Everything
# up to that boat is the same, and the player who gets there scores one point less under the review's
# track. (After it the game can go its own way: the first scorer of a market day is the player lowest on
# the score track.)

# %%
with check_section("Check: One game, both tracks"):
    game, moves, rng = explorer.new_game("klongs", players=3, seed=5), [], random.Random(5)
    while not any(line.label == "Luk Phat space 4" for line in game.score_sheet()):
        move = str(rng.choice(game.legal_actions()))
        game, moves = game.play(move), [*moves, move]
    other = explorer.new_game("klongs", players=3, seed=5, edition=REVIEW_TRACK)
    for move in moves:
        other = other.play(move)
    for name, state in ((DEFAULT_NAME, game), (REVIEW_TRACK, other)):
        line = next(line for line in state.score_sheet() if line.label == "Luk Phat space 4")
        scores = ", ".join(f"{COLOURS[seat]} {points}" for seat, points in enumerate(state.scores()))
        print(f"{name}: after {len(moves)} moves {COLOURS[line.seat]} reaches the first Little Market "
              f"Day for {line.points} points; scores {scores}")

# %% [markdown]
# ## What the other track changes over many games
#
# Every game reaches the first Little Market Day, so the final scores differ in every game. The winner
# differs far less often: in 8 of 200 seeded games between random players and in 11 of 200 between the
# heuristic bots (`.venv/bin/python benchmarks/readings_impact.py --only klongs`, which plays each
# seed under both editions; `benchmarks/README.md` has the other readings' figures).
#
# ## Playing with another edition
#
# A built-in edition is named, and a record names it: `explorer.new_game("klongs", players=3,
# edition="klongs-review-track")`. Your own edition is a JSON file or a dict in the same format (copy
# `explorer/klongs/data/default.json` and change it); it is checked field by field, and a record carries
# it whole, so a game played with it replays anywhere.

# %%
with check_section("Check: Playing with another edition"):
    state = explorer.new_game("klongs", players=3, seed=1, edition=REVIEW_TRACK)
    record = state.to_record()
    print("the record names its edition:", record["edition"])
    print("replays alike:", explorer.replay(record) == state)
    mine = {**default.model.model_dump(mode="json"), "name": "my-klongs"}
    mine["track"] = [{**space, "points": space["points"] + 1} for space in mine["track"]]
    print("a track one point richer everywhere, first space:",
          explorer.new_game("klongs", players=2, seed=1, edition=mine).edition.track_points[0])
