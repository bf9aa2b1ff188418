# %% [markdown]
# # Learn the rules in JupyterLab
#
# Type a move, see the table. Every game here is a Python value: `state.play("…")` gives the next
# position, a cell that ends in `state` draws the table (as the player to act sees it, the last move
# outlined), and a move the rules forbid is refused with the rule's text and the reason. Run the cells
# from the top (**Run ▸ Run All Cells**), then change them: nothing you type can break the game.
#
# Four games: **Tindahan**, **Bastos!**, **Bangkok** and **Bangkok Klongs**. Each ends in a small
# exercise that the engine checks. [Start page](index.ipynb)

# %%
import random

from IPython.display import display

import explorer


def moves(state, limit=8):
    """What the player to act may do: what to type, then the same move in plain words."""
    labels = state.view(state.current_player)["labels"]
    for notation, words in list(labels.items())[:limit]:
        print(f"{notation!r:32} {words}")
    if len(labels) > limit:
        print(f"... and {len(labels) - limit} more")


def random_views(game, players, phase, games, turns=1000):
    """The view of the player to act at each `phase` turn of random games (seeded 0, 1, ...), each
    played to its end or for `turns` turns: the positions the exercises' checks ask about."""
    for seed in range(games):
        state, rng = explorer.new_game(game, players=players, seed=seed), random.Random(seed)
        for _ in range(turns):
            if state.is_over:
                break
            view = state.view(state.current_player)
            if view["phase"] == phase:
                yield view
            state = state.play(rng.choice(state.legal_actions()))


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
# ### Exercise: which cards may a player play?
#
# Fill in `may_play`: given a hand and the fruit led (`None` when you lead), return the cards the rules
# allow. The check plays random games and compares your answer with the engine's at every card play.
# (One answer is filled in; change it and re-run the check to see a disagreement explained.)


# %%
def may_play(hand, led):
    follow = [card for card in hand if led is not None and card.startswith(led + "-")]
    return follow or hand


def check_tindahan(rule, games=8):
    checked = 0
    for view in random_views("tindahan", 3, "play", games):
        engine = sorted(a for a in view["legal"] if ":" not in a)
        yours = sorted(rule(view["hand"], view["led"]))
        if engine and yours != engine:
            return print(f"✗ hand {view['hand']}, {view['led']} led: you say {yours}, the engine {engine}")
        checked += 1
    print(f"✓ your rule agrees with the engine at all {checked} card plays")


check_tindahan(may_play)

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
# ### Exercise: a round's points
#
# At a round's end each card a player won scores its fruit's value on the value table (negative values
# cost points). Fill in `round_points`; the check compares it with `explorer.bastos.score_round`.


# %%
def round_points(values, won):
    return {player: sum(values[card.split("-")[0]] for card in cards) for player, cards in won.items()}


def check_bastos(rule, tries=300):
    rng = random.Random(1)
    fruits = ["banana", "lanzones", "mango", "pineapple", "durian"]
    deck = [f"{fruit}-{value}" for fruit in fruits for value in range(1, 10)]
    for _ in range(tries):
        values = {fruit: rng.choice([3, 2, 1, 0, -1, -2]) for fruit in fruits}
        cards = rng.sample(deck, 18)
        won = {p: cards[6 * i: 6 * i + rng.randint(0, 6)] for i, p in enumerate("ABC")}
        engine, yours = explorer.bastos.score_round(values, won), rule(values, won)
        if yours != engine:
            return print(f"✗ values {values}, won {won}: you say {yours}, the engine {engine}")
    print(f"✓ your rule agrees with the engine on {tries} rounds")


check_bastos(round_points)

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
# ### Exercise: may a card face a line?
#
# Fill in `may_face`: the goods on the card (letters, e.g. `["B", "F"]`) and the goods shown anywhere on
# the line's cards; return whether the card may be laid at that line's ends. The check compares your
# answer with the engine's legal moves for every card in hand and every line, over many positions.


# %%
def may_face(card_goods, line_goods):
    return bool(set(card_goods) & set(line_goods))


def check_bangkok(rule, games=6, turns=40):
    checked = 0
    for view in random_views("bangkok", 2, "act", games, turns):
        for card in view["hand"]:
            for line, info in view["lines"].items():
                faces = [view["port"][int(cell[1]) - 1]["abc".index(cell[0])] for cell in info["cells"]]
                shown = [good for face in faces if face for good in face["goods"]]
                engine = any(a.startswith(f"place:{card['card']}@{line}") for a in view["legal"])
                if bool(rule(card["goods"], shown)) != engine:
                    return print(f"✗ {card['name']} at {info['label']} (showing {shown}): "
                                 f"you say {bool(rule(card['goods'], shown))}, the engine {engine}")
                checked += 1
    print(f"✓ your rule agrees with the engine on {checked} card-and-line questions")


check_bangkok(may_face)

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
# ### Exercise: a stock's points
#
# After the Big Market Day each player scores their stock per good: 1 point for the first boat of a good,
# 2 for the second, 3 for the third and so on. Fill in `stock_points`; the check compares it with the
# engine's `explorer.klongs.stock_points`.


# %%
def stock_points(goods):
    return sum(n * (n + 1) // 2 for n in (goods.count(good) for good in set(goods)))


def check_klongs(rule, tries=300):
    rng = random.Random(2)
    kinds = ["flowers", "shrimps", "avocados", "pineapples", "eggplants", "fish", "bananas"]
    for _ in range(tries):
        goods = [rng.choice(kinds) for _ in range(rng.randint(0, 9))]
        engine, yours = explorer.klongs.stock_points(goods), rule(goods)
        if yours != engine:
            return print(f"✗ stock {goods}: you say {yours}, the engine {engine}")
    print(f"✓ your rule agrees with the engine on {tries} stocks")


check_klongs(stock_points)

# %% [markdown]
# ## Play on, against bots
#
# With the widgets imported, a state in a cell shows as the table you can click (in a running kernel; the
# picture stays for exported copies), and `widgets.play(state)` continues any position with bots in the
# other seats.

# %%
import widgets

widgets.play(state)  # the Klongs game above: you in the seat to act, a bot in the other
