# %% [markdown]
# # Bangkok, part 6: playing alone, and the expert version
#
# Two variants change a few rules. Alone, you have nine turns, the piles and a turn counter close
# some ends of the port, and you play for your best score. In the expert version the market is
# stricter about chilli cards.
#
# **Parts:** [1 improving your hand](bangkok_hand.ipynb) · [2 completing the port](bangkok_port.ipynb) ·
# [3 the floating market](bangkok_market.ipynb) · [4 renewing the port](bangkok_renew.ipynb) ·
# [5 scoring](bangkok_scoring.ipynb) · 6 solo and expert · [Play Bangkok solo](bangkok_solo.ipynb) ·
# [All apps](index.ipynb)
#
# The table below steps through this part's examples: **Next step** moves on, **Back** goes back; try
# a move yourself at any step, and **Reset step** puts the book's position back. Each section below it
# explains one rule, with a folded **check** of the engine's numbers beside the book's.

# %%
# NBVAL_IGNORE_OUTPUT
# The walkthrough's table, filled at the end of the page from the positions its sections build.
from widgets.walkthrough import Slot, check_section

top = Slot()
top

# %%
with check_section("Check: the engine's numbers beside the book's"):
    import statistics

    import explorer
    from explorer.bangkok import HeuristicBot, solo_scores
    from explorer.bangkok.examples import OTHER_ROWS
    from widgets.bangkok_lessons import by_rule, ends_text, refusal, rule, show_market

# %% [markdown]
# ## One player: the piles and the turn counter
#
# Alone, the chilli pile lies above column 1 and the boat pile above column 3, so those two ends
# take no card. The first-player token becomes a turn counter: it starts right of row 1 and moves one
# end clockwise after each turn, and the end it lies on is closed for that turn. A sensible bot plays
# the first three turns here:

# %%
with check_section('Check: One player: the piles and the turn counter'):
    solo = explorer.new_game("bangkok", players=1, seed=3)
    bot = HeuristicBot(3)
    for _ in range(3):
        view = solo.view(0)
        print(f"turn {view['turn']} of {view['turns']}, counter at {view['token']}")
        print("  " + ends_text(view))
        while solo.view(0)["turn"] == view["turn"]:
            solo = solo.play(bot.choose(solo.view(0)))
    rule("bangkok.solo.piles")
    rule("bangkok.solo.free-end")
    refusal(solo, f"place:{solo.card(solo.hands[0][0]).face}@C1T>")

# %% [markdown]
# ## Nine turns
#
# The counter's track has nine ends, so the game lasts at most nine turns; it ends sooner when the
# market is full. Here the bot completes its market early:

# %%
with check_section('Check: Nine turns'):
    while not solo.is_over:
        solo = solo.play(bot.choose(solo.view(0)))
    turns = [a for a in solo.actions() if a.startswith(("place:", "renew:", "pass"))]
    by_rule("turns at most", 9, solo.view(0)["turns"])
    full = 9 - solo.markets[0].count(-1) == 9
    print(f"this game: {len(turns)} turns, market full: {full}")
    show_market(solo)
    print("final score:", solo.scores()[0])
    rule("bangkok.solo.turns")

# %% [markdown]
# Whether the counter really closes its end is a reading: the book asks for a *free* end, and the
# counter lies on one. The option `solo_slots="piles-only"` lets the counter only count turns.

# %%
with check_section('Check: Nine turns'):
    print(explorer.bangkok.OPTIONS["solo_slots"].doc)
    loose = explorer.new_game("bangkok", players=1, seed=1, solo_slots="piles-only")
    print("piles-only, turn 1:", ends_text(loose.view(0)))

# %% [markdown]
# ## How good is a solo score?
#
# The solo app compares your final score with the heuristic bot's. Its scores over 100 games:

# %%
with check_section('Check: How good is a solo score?'):
    scores = solo_scores(100)
    print(f"bot, 100 solo games: mean {statistics.mean(scores):.1f}, median {statistics.median(scores)}, "
          f"lowest {min(scores)}, highest {max(scores)}")

# %% [markdown]
# ## The expert version: one chilli card per column too
#
# In the basic game no market row may hold two chilli cards. The expert version adds the same limit
# for columns. (The English text can be read as the column limit *replacing* the row limit; the
# option `expert_reading="column-only"` plays it that way, and the default keeps both, as the French
# text says.)
#
# Below, a type-4 chilli sits at the top left and the hand has just taken a type-1 chilli for
# passion fruit. The places touching the market are the top right, the centre and the bottom left;
# which of them may take the chilli card depends on the rules.

# %%
with check_section('Check: The expert version: one chilli card per column too'):
    position = {"port": ["ZB F P!1P", *OTHER_ROWS], "hands": [["PZ", "F", "B"], ["PZ", "ZB", "PF"]],
                "markets": [["Z!4B B .", "PF . .", ". . ."], [". . .", ". . .", ". . ."]]}
    readings = {"basic": {}, "expert": {"expert": True},
                "expert, column-only": {"expert": True, "expert_reading": "column-only"}}
    expected = {"basic": ["b2", "a3"], "expert": ["b2"], "expert, column-only": ["c1", "b2"]}
    taken = {}
    for name, options in readings.items():
        start = explorer.new_game("bangkok", players=2, seed=1, start=position, **options)
        taken[name] = start.play(start.collections("PZ", "R1R").actions[0])
        places = [a.rpartition("@")[2] for a in taken[name].legal_actions() if a.startswith("market:P!1P@")]
        by_rule(f"places for P!1P, {name}", expected[name], places)
    show_market(taken["expert"])
    refusal(taken["expert"], "market:P!1P@a3")
    rule("bangkok.market.chilli-column")
    print(explorer.bangkok.OPTIONS["expert_reading"].doc)

# %%
# The table at the top of the page (the slot) shows the steps built from the positions above.
from widgets import BangkokTableWidget
from widgets.walkthrough import Step, Walkthrough

first = explorer.new_game("bangkok", players=1, seed=3)
second, again = first, HeuristicBot(3)
while second.view(0)["turn"] == 1:
    second = second.play(again.choose(second.view(0)))
steps = [
    Step("Solo, turn 1", "The piles close the ends above columns 1 and 3; the turn counter closes the end "
         "right of row 1.", first, rules=("bangkok.solo.piles", "bangkok.solo.free-end")),
    Step("Solo, turn 2", "The counter has moved one end clockwise, to the right of row 2.", second,
         rules=("bangkok.solo.turns",)),
    Step("The final market", "The market is full after seven turns, so the game is over early. **Scoring** "
         "shows what each chilli card earned.", solo,
         rules=("bangkok.solo.turns", "bangkok.score.complete")),
    Step("Expert: one chilli per column", "The type-4 chilli at the top left closes the top row and the "
         "left column to the type-1 chilli for passion fruit.",
         taken["expert"], rules=("bangkok.market.chilli-column",)),
]
top.fill(Walkthrough(steps, title="Bangkok: solo and expert", table_class=BangkokTableWidget))

# %% [markdown]
# **Next:** [play Bangkok solo](bangkok_solo.ipynb) · [play against bots](bangkok_play.ipynb) ·
# [back to all apps](index.ipynb)
