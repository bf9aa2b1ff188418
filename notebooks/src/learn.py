# %% [markdown]
# # Learn the rules in JupyterLab
#
# Type a move, see the table. Every game here is a Python value: `state.play("…")` gives the next
# position, a cell that ends in `state` draws the table (as the player to act sees it, the last move
# outlined), and a move the rules forbid is refused with the rule's text and the reason. Run the cells
# from the top (**Run ▸ Run All Cells**), then change them: nothing you type can break the game.
#
# Four games: **Tindahan**, **Bastos!**, **Bangkok** and **Bangkok Klongs**; then exercises the engine
# marks, one for each game, to change and answer yourself. [Start page](index.ipynb) ·
# [Practice page](practice.ipynb)

# %%
from IPython.display import display

import explorer


def moves(state, limit=8):
    """What the player to act may do: what to type, then the same move in plain words."""
    labels = state.view(state.current_player)["labels"]
    for notation, words in list(labels.items())[:limit]:
        print(f"{notation!r:32} {words}")
    if len(labels) > limit:
        print(f"... and {len(labels) - limit} more")


# %% [markdown]
# ## Tindahan: follow the led fruit
#
# Three players; you sit in every seat in turn, and the table is drawn for whoever is to act ("You").

# %%
state = explorer.new_game("tindahan", players=3, seed=7)
state

# %% [markdown]
# What may you do? `state.legal_actions()` lists the moves as you type them; the view gives each in words:

# %%
moves(state)

# %% [markdown]
# Lead banana 5. The table now shows the trick from Ben's seat, your card outlined as the last move.

# %%
state = state.play("banana-5")
state

# %% [markdown]
# Ben holds bananas. Try to make him throw durian 5 instead: the engine refuses and says why. (Without
# the `try`, the cell would show the same message in place of a traceback.)

# %%
try:
    state.play("durian-5")
except explorer.IllegalAction as refusal:
    display(refusal)

# %% [markdown]
# Ben follows with banana 9 and Carlo plays his first legal move. Then bots play the game out, and the
# score sheet lists every point with the rule that gave it.

# %%
from explorer.table import Table

state = state.play("banana-9")
state = state.play(state.legal_actions()[0])
state

# %%
final = Table(state, bots="heuristic").play_out()
final.score_sheet()

# %% [markdown]
# The rules themselves, by rulebook section: the whole catalogue is `explorer.tindahan.RULES`; search it.

# %%
explorer.tindahan.RULES.search("trump")

# %% [markdown]
# And a rulebook example, recomputed by the engine beside the book's own numbers:

# %%
explorer.tindahan.EXAMPLES[0]

# %% [markdown]
# ## Bastos!: the value table
#
# Everyone first picks a Bastos! card: its fruit becomes that player's colour, and the picks set the
# value table's starting values.

# %%
state = explorer.new_game("bastos", players=3, seed=7)
moves(state, limit=4)

# %%
state = state.play("choose:banana-3")
state = state.play(state.legal_actions()[0])  # Ben's and Carlo's picks: the first card each may pick
state = state.play(state.legal_actions()[0])
state = state.play(state.legal_actions()[0])  # you lead
state

# %%
try:
    state.play("choose:durian-9")
except explorer.IllegalAction as refusal:
    display(refusal)

# %% [markdown]
# The same table with every hand face up, for teaching: `state.picture(teaching=True)`.

# %%
state.picture(teaching=True)

# %% [markdown]
# ## Bangkok: the port and the markets
#
# Lay a card from your hand at the end of a row or column of the port; the line slides along and you take
# cards your goods pay for. Goods have letters and shapes: ● P passion fruit, ▬ Z Thai zucchini,
# ◆ B blue peas, ▶ F fish.

# %%
state = explorer.new_game("bangkok", players=2, seed=7)
state

# %%
moves(state, limit=4)

# %% [markdown]
# A card may face a line only if the line shows one of its goods. Column 1 shows no blue peas or fish:

# %%
try:
    state.play("place:BF@C1T>a1=PZ")
except explorer.IllegalAction as refusal:
    display(refusal)

# %%
state = state.play("place:BF@R1L>b1=PFF")
state

# %% [markdown]
# ## Bangkok Klongs: boats, merchants and market days
#
# Place a boat from your hand on the klong board (spaces named by column letter and row number), put a
# merchant on it, and score the landings where four boats meet.

# %%
state = explorer.new_game("klongs", players=2, seed=7)
moves(state, limit=4)

# %% [markdown]
# Your first boat must enter at an entry space (→ on the board):

# %%
try:
    state.play("place:boat01@e5")
except explorer.IllegalAction as refusal:
    display(refusal)

# %%
state = state.play("place:boat01@a2")
state = state.play(state.legal_actions()[0])
state

# %% [markdown]
# ## Exercises the engine marks
#
# `explorer.exercises.draw(game, seed=…, kind=…, level=…)` asks a question about a position of a real game
# between bots, seen from one seat ("you"): **which of these moves may you play** (`kind="legal"`), **who
# takes this trick** (`"trick"`, the trick games) or **how many points does this score** (`"points"`).
# `exercise.check(answer)` marks an answer and gives the engine's reason, with the text of each rule it
# used. `level` is how many rules the reason puts to work: 1, 2, or 3 for three and more
# (`exercises.LEVELS` lists the levels each kind comes at).
#
# Each exercise below is answered twice, once right and once wrong. Change the answers, or the seed, kind
# or level, and run the cells again: the same seed always draws the same exercise, and an answer in the
# wrong form is refused with what to type instead.

# %%
from explorer import exercises

for game, kinds in exercises.LEVELS.items():  # the levels each game's questions come at
    print(f"{game}: " + "; ".join(f"{kind} at level {', '.join(map(str, levels))}" for kind, levels in kinds.items()))

# %% [markdown]
# ### Tindahan: which moves may you play? (two rules)

# %%
exercise = exercises.draw("tindahan", seed=1, kind="legal", level=2)
print(exercise.question)
exercise.picture()

# %%
print(exercise.check("B, D"))  # the letters of every move you may play
print()
print(exercise.check("A, B"))

# %% [markdown]
# ### Bastos!: who takes this trick? (three rules)

# %%
exercise = exercises.draw("bastos", seed=1, kind="trick", level=3)
print(exercise.question)
exercise.picture()

# %%
print(exercise.check("you"))  # a name as the question writes it, "you", or "nobody" for a trick set aside
print()
print(exercise.check("Ana"))

# %% [markdown]
# ### Bangkok: how many points does your market score? (three rules and more)

# %%
exercise = exercises.draw("bangkok", seed=1, kind="points", level=3)
print(exercise.question)
exercise.picture()

# %%
print(exercise.check(15))  # a whole number of points
print()
print(exercise.check(13))

# %% [markdown]
# ### Bangkok Klongs: which moves may you play? (one rule)

# %%
exercise = exercises.draw("klongs", seed=1, kind="legal", level=1)
print(exercise.question)
exercise.picture()

# %%
print(exercise.check("A, D"))
print()
print(exercise.check("A, B, D"))

# %% [markdown]
# ## Play on, against bots
#
# With the widgets imported, a state in a cell shows as the table you can click (in a running kernel; the
# picture stays for exported copies), and `widgets.play(state)` continues any position with bots in the
# other seats.

# %%
import widgets

widgets.play(state)  # the Klongs game above: you in the seat to act, a bot in the other
