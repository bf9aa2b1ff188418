# %% [markdown]
# # Bangkok, part 6: playing alone, and the expert version
#
# Two variants change a few rules. Alone, you have nine turns, the piles and a turn counter close
# some ends of the port, and you play for your best score. In the expert version the market is
# stricter about chilli cards. The last section looks at a card whose words can be read two ways:
# the type-4 chilli card.
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
    from explorer.bangkok import HeuristicBot, score_market, solo_scores
    from explorer.bangkok.examples import OTHER_ROWS
    from widgets.bangkok_lessons import by_rule, check, ends_text, refusal, rule, show_market

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
        places = [a.rpartition("@")[2] for a in map(str, taken[name].legal_actions()) if a.startswith("market:P!1P@")]
        by_rule(f"places for P!1P, {name}", expected[name], places)
    show_market(taken["expert"])
    refusal(taken["expert"], "market:P!1P@a3")
    rule("bangkok.market.chilli-column")
    print(explorer.bangkok.OPTIONS["expert_reading"].doc)

# %% [markdown]
# ## Type-4 chilli cards: once, or every copy? A reading
#
# A type-4 chilli card pays 2 points for each of its indicated goods that is present once among the
# cards it looks at (itself and the cards touching its sides). That can be read two ways:
#
# - **Exactly once** (this program's reading): a good shown once earns 2 points; a good shown twice or
#   more earns nothing. Read this way, "once" says something: paying for every copy is what a type-2
#   card already does, at 1 point a copy, in plainer words.
# - **Every copy**: each copy of the indicated good earns 2 points, like a type-2 card at double rate.
#   The option `type4="each-copy"` plays it this way.
#
# The book's scoring example does not settle it: its type-4 card (for blue peas, top left) sees a
# single blue peas and earns 2 points, which both readings give. Swap the top middle card of that
# market for one with two blue peas, and the card sees two: it earns 0 points read as exactly once,
# 2 + 2 = 4 read as every copy. With the objective (now 7 blue peas) and the other cards unchanged,
# the market scores 19 or 23.

# %%
with check_section("Check: Type-4 chilli cards: once, or every copy? A reading"):
    book = ["Z!4B B B", "FZ BB!3BF BF", "ZZ BF P!1P"]
    two_peas = ["Z!4B BB B", "FZ BB!3BF BF", "ZZ BF P!1P"]
    for type4 in ("exactly-once", "each-copy"):
        check(f"the book's market, type4={type4}", 20, score_market(book, "B", type4=type4).total)
    once = score_market(two_peas, "B")
    each = score_market(two_peas, "B", type4="each-copy")
    by_rule("the type-4 card seeing 2 blue peas, exactly once", 0, once.lines[1].points)
    by_rule("the type-4 card seeing 2 blue peas, every copy", 2 * 2, each.lines[1].points)
    by_rule("the market, exactly once", 7 + 0 + 6 + 4 + 2, once.total)
    by_rule("the market, every copy", 7 + 4 + 6 + 4 + 2, each.total)
    print("\nExactly once:\n" + str(once) + "\n\nEvery copy:\n" + str(each) + "\n")
    rule("bangkok.score.chilli-4")
    print(explorer.bangkok.OPTIONS["type4"].doc)

# %% [markdown]
# How much does it matter? Over 450 seeded games (two, three and four players in turn, each move
# drawn at random from the legal ones), every finished game scored again under the other reading:
# the other reading changes some player's score in 96 games and the winner in 22.

# %%
with check_section("Check: how often the type-4 reading matters"):
    import random

    def scored_both_ways(index: int) -> tuple[bool, bool]:
        """Game ``index`` played to the end at random, then its record replayed under each copy:
        (a score changed, the winners changed)."""
        game = explorer.new_game("bangkok", players=2 + index % 3, seed=index)
        moves = random.Random(index)
        while not game.is_over:
            game = game.play(moves.choice(game.legal_actions()))
        record = game.to_record()
        record["rules"]["type4"] = "each-copy"
        other = explorer.replay(record)
        return other.scores() != game.scores(), other.outcome().winners != game.outcome().winners

    counted = [scored_both_ways(index) for index in range(450)]
    print(f"450 games: a score changes in {sum(s for s, _ in counted)}, "
          f"the winner in {sum(w for _, w in counted)}")

# %% [markdown]
# On the table at the top, the last two steps show one finished game whose market has the type-4 card
# beside two blue peas, once under each reading: choose the card's score line to see how its goods
# count.

# %%
# The table at the top of the page (the slot) shows the steps built from the positions above.
from widgets import BangkokTableWidget
from widgets.walkthrough import Step, Walkthrough

first = explorer.new_game("bangkok", players=1, seed=3)
# The market of the type-4 section without its last card, which seat 0 holds; seat 1 ends the round.
last_turn = {"port": ["PZ F P", "B ZF BF", "FF F!2P PZB"],
             "hands": [["P!1P", "F", "PF"], ["PZ", "ZZB", "PF"]],
             "markets": [["Z!4B BB B", "FZ BB!3BF BF", "ZZ BF ."], [". . .", ". . .", ". . ."]],
             "objectives": ["B", "P"]}
finished = {}
for type4 in ("exactly-once", "each-copy"):
    end = explorer.new_game("bangkok", players=2, seed=1, type4=type4, start=last_turn)
    end = end.play(end.collections("PF", "R1R").actions[0]).play("market:P!1P@c3")
    finished[type4] = end.play(end.legal_actions()[0])
    assert finished[type4].is_over and finished[type4].market_sheet(0).total == score_market(
        two_peas, "B", type4=type4).total
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
    Step("Type 4, exactly once", "The type-4 chilli for blue peas at the top left sees two blue peas: "
         "not exactly one, so it scores nothing.", finished["exactly-once"],
         rules=("bangkok.score.chilli-4",)),
    Step("Type 4, every copy", "The same game under the other reading: each of the two blue peas earns "
         "the card 2 points.", finished["each-copy"], rules=("bangkok.score.chilli-4",)),
]
top.fill(Walkthrough(steps, title="Bangkok: solo and expert", table_class=BangkokTableWidget))

# %% [markdown]
# **Next:** [play Bangkok solo](bangkok_solo.ipynb) · [play against bots](bangkok_play.ipynb) ·
# [back to all apps](index.ipynb)
