# %% [markdown]
# # Bangkok, part 4: renewing the port
#
# Sometimes no card in your hand can face a useful line. Instead of improving your hand you may then
# **renew** one row or column of the port: each of its cards is swapped for the top card of the same
# pile (a boat card for a boat card, a chilli card for a chilli card), and the old cards go to the
# bottom of their piles. Your turn ends there: your hand and market stay as they are.
#
# **Parts:** [1 improving your hand](bangkok_hand.ipynb) · [2 completing the port](bangkok_port.ipynb) ·
# [3 the floating market](bangkok_market.ipynb) · 4 renewing the port · [5 scoring](bangkok_scoring.ipynb) ·
# [6 solo and expert](bangkok_variants.ipynb) · [Play Bangkok](bangkok_play.ipynb) · [All apps](index.ipynb)
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
    import explorer
    from explorer.bangkok.examples import OTHER_ROWS, scenario
    from widgets.bangkok_lessons import by_rule, hand, refusal, rule, show_port

# %% [markdown]
# ## A row renewed
#
# The piles' top cards are fixed here (boat cards with two zucchini, then passion fruit and peas; a
# type-1 chilli for passion fruit), so you can follow each swap. Row 3 holds two boat cards and a
# chilli card.

# %%
with check_section('Check: A row renewed'):
    before = scenario(["ZB F P", *OTHER_ROWS], ["PZ", "F", "B"], boat_pile=["ZZ", "PB"], chilli_pile=["P!1P"])
    show_port(before)
    after = before.play("renew:R3")
    print()
    show_port(after)
    print(after.view(1)["events"][-1]["text"])
    by_rule("row 3 after", ["ZZ", "P!1P", "PB"], [after.card(c).face for c in after.port[6:]])
    by_rule("bottom of the boat pile", ["FF", "BB"], [after.card(c).face for c in after.boat_pile[-2:]])
    by_rule("bottom of the chilli pile", ["F!2P"], [after.card(c).face for c in after.chilli_pile[-1:]])
    by_rule("cards in the piles, unchanged", (30, 15), (len(after.boat_pile), len(after.chilli_pile)))
    by_rule("hand, unchanged", "PZ F B", hand(after))
    by_rule("next to act", 1, after.current_player)
    rule("bangkok.renew.line")

# %% [markdown]
# All the new cards are drawn before the old ones go under, so an old card never comes straight back
# into the port, even from a short pile.

# %% [markdown]
# ## Only lines with something to swap
#
# A line can be renewed only if at least one of its cards has a card on its pile to swap with. Late
# in a game the chilli pile can run out. Below, four players' markets and the hands hold every chilli
# card that is not in the port, and row 1 of the port is three chilli cards: it cannot be renewed.

# %%
with check_section('Check: Only lines with something to swap'):
    late = explorer.new_game("bangkok", players=4, seed=1, start={
        "port": ["P!1P Z!1Z B!1B", "B ZF BF", "FF PB BB"],
        "hands": [["B!4F", "PZ", "F"], ["PZ", "ZB", "PF"], ["P", "Z", "B"], ["PZ", "BF", "F"]],
        "markets": [["F!1F P .", "F!2P . .", "P!2Z . ."], ["Z!2B . .", "B!2F . .", "PP!3PZ . ."],
                    ["ZZ!3ZB . .", "BB!3BF . .", "FF!3PF . ."], ["F!4P . .", "P!4Z . .", "Z!4B . ."]],
    })
    show_port(late)
    print([a for a in map(str, late.legal_actions()) if a.startswith("renew:")])
    refusal(late, "renew:R1")
    rule("bangkok.renew.pile-empty")

# %% [markdown]
# ## When is renewing worth it?
#
# Renewing gives you nothing now; it changes what you and the next players can take. The engine's
# sensible bot renews only when no placement gains it anything. Four of them playing a whole game:

# %%
with check_section('Check: When is renewing worth it?'):
    from explorer.bangkok import HeuristicBot

    game = explorer.new_game("bangkok", players=4, seed=1)
    bots = [HeuristicBot(seed) for seed in range(4)]
    while not game.is_over:
        game = game.play(bots[game.current_player].choose(game.view(game.current_player)))
    turns = [a for a in game.actions() if a.startswith(("place:", "renew:", "pass"))]
    renewals = [a for a in turns if a.startswith("renew:")]
    print(f"{len(turns)} turns, {len(renewals)} renewal{'' if len(renewals) == 1 else 's'}: "
          f"{', '.join(renewals) or 'none'}")
    print("final scores:", game.scores())

# %%
# The table at the top of the page (the slot) shows the steps built from the positions above.
from widgets import PortWidget
from widgets.walkthrough import Step, Walkthrough

steps = [
    Step("Before", "Row 3 holds a boat with 2 fish, a type-2 chilli for passion fruit and a boat with 2 "
         "blue peas; the piles' top cards are hidden, as at the table.", before,
         rules=("bangkok.renew.line",)),
    Step("Row 3 renewed", "Each card was swapped for the top card of its own pile; the old ones went under.",
         after, result="Row 3: a boat with 2 zucchini, a type-1 chilli for passion fruit, a boat with "
         "passion fruit and blue peas.", rules=("bangkok.renew.line",)),
    Step("Nothing to swap with", "The chilli pile is empty, and row 1 holds only chilli cards: renewing it "
         "is refused.", late, rules=("bangkok.renew.pile-empty",)),
]
top.fill(Walkthrough(steps, title="Bangkok: renewing the port", table_class=PortWidget))

# %% [markdown]
# **Next:** [part 5, scoring](bangkok_scoring.ipynb) · [play Bangkok](bangkok_play.ipynb) ·
# [back to all apps](index.ipynb)
