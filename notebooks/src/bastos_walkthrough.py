# %% [markdown]
# # Bastos!, step by step
#
# The rulebook's examples, on the table: **Next step** moves on, **Back** goes back. The value table sits
# beside the trick and every hand is face up. At any step you may click a highlighted card or button to
# try another move for whoever is to act; the engine checks it, and **Reset step** puts the example's
# position back.
#
# New here? Start with the [Tindahan walkthrough](tindahan_walkthrough.ipynb): Bastos! uses the same
# cards. [Start page](index.ipynb) · [Play Bastos!](bastos_play.ipynb)

# %%
# NBVAL_IGNORE_OUTPUT
from explorer.bastos import EXAMPLES
from explorer.bastos.examples import (
    FOUR_HANDS,
    MANGO_HANDS,
    NO_MANGO_HANDS,
    NO_MANGO_PICKS,
    TRUMP_HANDS,
    scenario,
)
from widgets.walkthrough import Step, Walkthrough, check_section

picked = scenario(FOUR_HANDS, ["banana-1", "banana-2", "mango-1", "mango-2"])
led = scenario(TRUMP_HANDS, ["pineapple-1", "pineapple-4", "pineapple-7"], ["mango-5"])
thrown = led.play("banana-3")
declared = thrown.play("durian-2:trump")
own = scenario(NO_MANGO_HANDS, NO_MANGO_PICKS, ["mango-5"])
thrown_off = scenario(NO_MANGO_HANDS, NO_MANGO_PICKS, ["mango-5", "raise:banana", "pineapple-2", "pineapple-7"])
followed = scenario(MANGO_HANDS, ["mango-7", "banana-4", "pineapple-7"],
                    ["mango-9", "raise:mango", "mango-2", "mango-5"])
aside = scenario(NO_MANGO_HANDS, NO_MANGO_PICKS,
                 ["mango-5", "raise:mango", "banana-5", "lower:durian", "durian-3", "raise:banana"])

four_dealt = scenario(FOUR_HANDS, [])
adjust_moves = ["mango-5", "raise:banana", "pineapple-2", "pineapple-7"]
steps = [
    Step("Four players: the deal",
         "Eleven cards each; the one card left over (**durian 9**) lies face up beside the table and "
         "takes no part. Every fruit is worth 0. Each player now picks a card as their Bastos! colour.",
         four_dealt, rules=("bastos.setup.deal", "bastos.colour.choose")),
    Step("The picks are revealed",
         "A and B picked bananas, C and D mangoes. Each pick raises its fruit by one.",
         picked, result="Banana **+2**, mango **+2**, everything else 0.",
         rules=("bastos.colour.raises-value",)),
    Step("Three players: A leads mango",
         "Everybody's Bastos! colour is pineapple, so banana and durian may become trump. A leads the "
         "**mango 5**. B has no mango: B may throw a card, and may make its fruit trump.",
         led, rules=("bastos.follow-suit", "bastos.trump.declare")),
    Step("B throws a banana",
         "B throws the **banana 3** without making trump (B could have made banana trump). C has no "
         "mango either.",
         thrown, rules=("bastos.trump.declare",)),
    Step("C makes durian trump",
         "C throws the **durian 2** and announces durian as trump. Durian drops by 2, and the durian 2 "
         "counts as a trump at once, so C takes the trick.",
         declared, result="Durian **−2**; trick to **C**.",
         rules=("bastos.trump.lowers-value", "bastos.trump.counts-at-once")),
    Step("A leads their own Bastos! colour",
         "A's Bastos! colour is mango, and A leads the **mango 5**. Before anyone else plays, A must move "
         "one fruit's value by one: the table offers the raise and lower buttons.",
         own, rules=("bastos.colour.adjust", "bastos.colour.never-wins")),
    Step("Nobody can follow: the leader takes it",
         "A raised banana. B and C had no mango and threw pineapples without making trump. Nobody else "
         "played a card that could win, so the trick goes to A after all.",
         thrown_off, result="Trick to **A**.", rules=("bastos.trick.leader-takes",)),
    Step("Everybody follows: the best follower takes it",
         "A leads the **mango 9**, their own colour, and raises mango. B follows with the mango 2 and C "
         "with the mango 5. The 9 cannot win, so C's 5 takes the trick.",
         followed, result="Trick to **C**, with a card lower than the one led.",
         rules=("bastos.trick.highest-follower",)),
    Step("Everybody plays their own colour",
         "A plays mango, B banana, C durian: each their own Bastos! colour, each followed by a value "
         "move. Nobody can take this trick, so it is set aside and A leads again.",
         aside, result="No winner; the three cards leave the round.",
         rules=("bastos.trick.set-aside",)),
]
# The book calls the players A, B, C (and D with four): the names its examples give the seats.
book = next(example for example in EXAMPLES if example.id == "opening-values")
Walkthrough(steps, title="Bastos!: the rulebook's examples", names=book.names)

# %% [markdown]
# ## The game
#
# *Bastos!* is what a Filipino player groans when a game turns against them. It is a trick-taking game
# in which the worth of each fruit moves up and down while you play, so a trick that looks rich early
# can be worth little, or even cost points, when the round is counted. On top of that every player
# picks a secret weak spot each round, their **Bastos! colour**: a fruit that can never win them a
# trick.
#
# Every position on this page is built by the Rules Explorer engine. Under each section, a folded
# **check** shows the rulebook's numbers beside the ones the engine computes.

# %%
with check_section('Check: The game'):
    # Shared helpers: the book calls the players A, B, C, D; the engine numbers the seats from 0.
    import explorer
    from explorer.bastos import EXAMPLES, RULES, score_round, trick_winner

    NAMES = "ABCD"
    BY_ID = {example.id: example for example in EXAMPLES}


    def check(label, book, engine):
        """One line: the rulebook's number beside the engine's, flagged if they ever disagree."""
        print(explorer.compare(label, book, engine))


    def example(example_id):
        """Run one of the engine's rulebook examples and print the book's values beside the engine's."""
        print("\n".join(explorer.compare_example(BY_ID[example_id])))


    def values(state):
        return ", ".join(f"{fruit} {value:+d}" for fruit, value in state.value_table().items())


    def describe(state):
        """The public part of a Bastos! position in a few lines."""
        print(f"value table: {values(state)}")
        if state.colours is not None:
            print("Bastos! colours: " + ", ".join(f"{NAMES[s]} {c}" for s, c in enumerate(state.colours)))
        print(f"trump: {state.trump or 'none yet'}")
        turns = []
        for kind, seat, what, extra in state.trick:
            if kind == "card":
                turns.append(f"{NAMES[seat]} {'makes trump with' if extra else 'plays'} {what}")
            else:
                turns.append(f"{NAMES[seat]} {'raises' if extra > 0 else 'lowers'} {what}")
        if turns:
            print("this trick: " + "; ".join(turns))
        if state.current_player is not None:
            print(f"to act: {NAMES[state.current_player]} ({state.phase})")


    def rule(rule_id):
        print(f"[{rule_id}] {RULES[rule_id].text}")


# %% [markdown]
# ## Setting up
#
# Bastos! uses the same fruit cards as Tindahan, but only the values 1 to 9: the five tens stay in the
# box, leaving 45 cards. With three players one whole fruit is boxed as well (36 cards left, four
# fruits on the value table); the book does not say which, and the engine's default is lanzones (the
# `removed_fruit` option). The cards are dealt out evenly. With four players that leaves one card
# over: it lies face up beside the table and sits the round out. Every fruit starts the round worth 0.
# The deal passes to the left each round until everybody has dealt twice.

# %%
with check_section('Check: Setting up'):
    for players, book_cards, book_spare, book_rounds in ((4, 45, 1, 8), (3, 36, 0, 6)):
        state = explorer.new_game("bastos", players=players, seed=1)
        view = state.view(0)
        dealt = sum(view["hand_sizes"])
        spare = 1 if view["spare"] else 0
        print(f"{players} players: hands of {view['hand_sizes'][0]}, spare card {view['spare'] or 'none'}, "
              f"fruits {', '.join(view['fruits'])}")
        check("  cards in play", book_cards, dealt + spare)
        check("  spare cards", book_spare, spare)
        check("  fruits on the value table", 5 if players == 4 else 4, len(view["values"]))
        check("  rounds", book_rounds, view["rounds"])
        check("  starting values", "all 0", "all 0" if not any(view["values"].values()) else view["values"])
    for rule_id in ("bastos.setup.deck", "bastos.setup.deal", "bastos.game.rounds"):
        rule(rule_id)

# %% [markdown]
# ## Picking a Bastos! colour
#
# Before the first trick every player secretly chooses one card from their hand and then all reveal
# together. That card is never played: it lies face up all round as a reminder that its fruit is the
# player's Bastos! colour. Each revealed card also pushes its fruit's value up by one. Values never go
# above +3 or below −2.
#
# In the engine the picks are moves, `choose:banana-1`, made seat by seat and kept hidden until the
# last one. The book's example: two players reveal banana and two reveal mango.

# %%
with check_section('Check: Picking a Bastos! colour'):
    describe(picked)
    example("opening-values")

# %% [markdown]
# If all four players pick the same fruit, four raises would make it +4, but the table stops at +3.

# %%
with check_section('Check: Picking a Bastos! colour'):
    all_banana = scenario(FOUR_HANDS, ["banana-1", "banana-2", "banana-3", "banana-4"])
    print(f"value table: {values(all_banana)}")
    check("banana after four banana picks", 3, all_banana.value("banana"))
    example("opening-values-all-same")
    for rule_id in ("bastos.colour.choose", "bastos.colour.raises-value", "bastos.values.clamp"):
        rule(rule_id)

# %% [markdown]
# ## Making trump in the middle of a round
#
# A round starts without trump. You must follow the led fruit if you can. If you cannot, you throw any
# other card, and while no fruit is trump yet you may announce the fruit of the card you throw as trump
# for the rest of the round, unless it is somebody's Bastos! colour. Announcing costs something: the
# new trump fruit drops by 2 on the value table. And the card you threw already counts as a trump in
# this trick.
#
# The book's example has three players. Here each of them picked a pineapple as their Bastos! card, so
# pineapple is everybody's Bastos! colour and banana or durian may become trump. A leads the mango 5.

# %%
with check_section('Check: Making trump in the middle of a round'):
    led = scenario(TRUMP_HANDS, ["pineapple-1", "pineapple-4", "pineapple-7"], ["mango-5"])
    describe(led)
    print("B's choices:", ", ".join(map(str, led.legal_actions())))

# %% [markdown]
# B has no mango. B simply throws the banana 3, though the `banana-3:trump` moves above show that B
# could have made banana trump instead, as the book remarks.

# %%
with check_section('Check: Making trump in the middle of a round'):
    thrown = led.play("banana-3")
    describe(thrown)
    print(explorer.refusal_lines("C may not make pineapple trump", thrown, "pineapple-8:trump"))

# %% [markdown]
# C has no mango either, throws the durian 2 and makes durian trump. Durian drops from 0 to −2, and
# because C's durian is the only trump in the trick, C takes it.

# %%
with check_section('Check: Making trump in the middle of a round'):
    declared = thrown.play("durian-2:trump")
    print(f"value table: {values(declared)}")
    print(f"trump: {declared.trump}")
    plays, winner = declared.last_trick
    print(f"trick taken by {NAMES[winner]}")
    example("trump-declaration")
    example("trump-declaration-helper")
    for rule_id in ("bastos.trump.declare", "bastos.trump.not-bastos-colour", "bastos.trump.lowers-value",
                    "bastos.trump.counts-at-once"):
        rule(rule_id)

# %% [markdown]
# The engine can also draw the table as text: `print(state)` shows it as the seat to act sees it (here
# C, who leads next): the value table with trump marked `*`, the last trick, and every seat with its
# Bastos! colour, only C's hand face up.

# %%
with check_section('Check: Making trump in the middle of a round'):
    print(declared)

# %% [markdown]
# ## The Bastos! colour
#
# A card of your own Bastos! colour never takes a trick for you, whether you lead it, follow with it or
# throw it. It still lands in the trick, and whoever takes the trick takes it too. Playing it also
# obliges you, straight away and before anyone else plays, to move the value of one fruit (any fruit)
# up or down by one.
#
# In the next positions A's Bastos! colour is mango, B's banana and C's durian. A holds every mango.
# A leads the mango 5, their own colour, so the engine now waits for A's value move and refuses
# anything else.

# %%
with check_section('Check: The Bastos! colour'):
    own = scenario(NO_MANGO_HANDS, NO_MANGO_PICKS, ["mango-5"])
    describe(own)
    print("A's choices:", ", ".join(map(str, own.legal_actions())))
    refusal = own.check("pineapple-2")
    print(f"B may not play yet: {refusal.rule}")
    print(f"  {refusal.reason}")
    example("own-colour-adjust")
    rule("bastos.colour.adjust")

# %% [markdown]
# **A value move against a limit** is a case the rulebook leaves open. After your own colour you must
# *change* a fruit's value by one, and values stop at +3 and −2. May you raise a fruit that is already at
# +3 (or lower one at −2), so that nothing changes? The engine's default
# (`value_move_at_limit="must-change"`) says no: a move that leaves every value as it was changes
# nothing, so only moves that change a value are offered. The other reading (`"may-stay"`) notes that the
# book also lets a fourth pick or a trump's drop stop at a limit, and allows the move: the value stays
# where it is, so a player can leave the whole table as it was.
#
# Back in the trump example: everybody's colour is pineapple (+3 after three picks), and durian, made
# trump, is at −2. C took that trick and now leads the pineapple 8, C's own colour.

# %%
with check_section('Check: The Bastos! colour'):
    for reading in ("must-change", "may-stay"):
        at_limit = scenario(TRUMP_HANDS, ["pineapple-1", "pineapple-4", "pineapple-7"],
                            ["mango-5", "banana-3", "durian-2:trump", "pineapple-8"],
                            value_move_at_limit=reading)
        moves = [str(action) for action in at_limit.legal_actions()]
        print(f"value_move_at_limit={reading!r}: value table {values(at_limit)}")
        print(f"  C's choices: {', '.join(moves)}")
        if "raise:pineapple" in moves:
            kept = at_limit.play("raise:pineapple")
            words = kept.view(2)["trick"][-1]["words"]
            print(f"  after raise:pineapple: {values(kept)} (C {words})")
        else:
            print(f"  raise:pineapple is refused; C is told: {at_limit.check('raise:pineapple').reason}")
    rule("bastos.values.clamp")

# %% [markdown]
# **Nobody follows.** A raises banana. B and C have no mango and throw pineapples (C could have made
# pineapple trump but does not; durian, C's own colour, could never be trump). A's mango cannot win, yet
# nobody else played a card that can: when everyone else throws off, the trick goes to the leader
# after all, whatever the led card's number.

# %%
with check_section('Check: The Bastos! colour'):
    thrown_off = scenario(NO_MANGO_HANDS, NO_MANGO_PICKS, ["mango-5", "raise:banana", "pineapple-2", "pineapple-7"])
    plays, winner = thrown_off.last_trick
    print(f"value table: {values(thrown_off)}")
    print(f"trick taken by {NAMES[winner]}")
    example("bastos-led-all-throw-off")
    example("bastos-led-all-throw-off-helper")
    rule("bastos.trick.leader-takes")

# %% [markdown]
# **Everybody follows.** In another deal mango is spread around, and A's Bastos! colour is mango again.
# A leads the mango 9 and raises mango; B follows with the mango 2, C with the mango 5. The 9 is dead,
# so the best *following* card takes the trick: C's 5, although it is lower than the card led.

# %%
with check_section('Check: The Bastos! colour'):
    followed = scenario(MANGO_HANDS, ["mango-7", "banana-4", "pineapple-7"],
                        ["mango-9", "raise:mango", "mango-2", "mango-5"])
    plays, winner = followed.last_trick
    print(f"value table: {values(followed)}")
    print(f"trick taken by {NAMES[winner]}")
    example("bastos-led-all-follow")
    example("bastos-led-all-follow-helper")
    rule("bastos.trick.highest-follower")

# %% [markdown]
# A thrown card of your own colour cannot win either. Say B's Bastos! colour is pineapple and B follows
# a pineapple lead with the pineapple 9: the helper `trick_winner` gives the trick to C's pineapple 5.

# %%
with check_section('Check: The Bastos! colour'):
    cards = ["pineapple-2", "pineapple-9", "pineapple-5"]
    winner = trick_winner(cards, ["mango", "pineapple", "durian"], None)
    print(f"{cards} with Bastos! colours mango, pineapple, durian: taken by {NAMES[winner]} ({cards[winner]})")
    rule("bastos.colour.never-wins")

# %% [markdown]
# **Everybody plays their own colour.** If every card in a trick is its player's own Bastos! colour,
# nobody can take it: each player makes their value move, the trick is put aside unscored and the same
# leader leads again.

# %%
with check_section('Check: The Bastos! colour'):
    aside = scenario(NO_MANGO_HANDS, NO_MANGO_PICKS,
                     ["mango-5", "raise:mango", "banana-5", "lower:durian", "durian-3", "raise:banana"])
    print(f"value table: {values(aside)}")
    print(f"cards set aside: {', '.join(aside.set_aside)}")
    example("all-own-colour-set-aside")
    example("all-own-colour-set-aside-helper")
    rule("bastos.trick.set-aside")

# %% [markdown]
# ## Scoring a round
#
# When all hand cards are played, each card in your tricks is worth what the value table says for its
# fruit *at that moment*. The number printed on a card does not matter for scoring, only its fruit.
# A round's score can be negative. The rulebook gives no numbers here, so the small case below is
# worked out by the rule and then by `explorer.bastos.score_round`.

# %%
with check_section('Check: Scoring a round'):
    table = {"banana": 2, "mango": -1, "pineapple": 3, "durian": -2}
    won = {"A": ["banana-3", "banana-7", "mango-9"], "B": ["pineapple-1", "durian-9", "durian-2"], "C": []}
    engine = score_round(table, won)
    by_rule = {"A": 2 + 2 - 1, "B": 3 - 2 - 2, "C": 0}
    for player in won:
        print(f"{player} took {', '.join(won[player]) or 'nothing'}: rule {by_rule[player]}, "
              f"engine {engine[player]}")
    rule("bastos.score.card-value")

# %% [markdown]
# ## A whole round, scored by the engine
#
# Three sensible bots play the first round of a game. The engine's score sheet has one line per player
# and fruit. To check it, the cards each player took are counted again at the final values with
# `score_round`. (The last trick is decided and scored in the same move as the last card, so it is
# rebuilt from the position just before that card, with `trick_winner`.)

# %%
with check_section('Check: A whole round, scored by the engine'):
    from explorer.bots import make_bot

    state = explorer.new_game("bastos", players=3, seed=4)
    bots = [make_bot("bastos", "heuristic", seed=seat) for seat in range(3)]
    while state.round == 1:
        before_last = state
        state = state.play(bots[state.current_player].choose(state.view(state.current_player)))
    for line in state.score_sheet():
        print(f"{NAMES[line.seat]}: {line.points:+d}  {line.label}  [{line.rule}]")

    last_move = state.actions()[-1]
    print(f"last move: {last_move} (a plain card, so the values stay as they were: {':' not in last_move})")
    final_values = before_last.value_table()
    print(f"final value table: {', '.join(f'{f} {v:+d}' for f, v in final_values.items())}")
    last = [e for e in before_last.trick if e[0] == "card"]
    seats = [e[1] for e in last] + [before_last.current_player]
    cards = [e[2] + (":trump" if e[3] else "") for e in last] + [last_move]
    taker = trick_winner(cards, [before_last.colours[s] for s in seats], before_last.trump)
    won = {NAMES[s]: list(before_last.won[s]) for s in range(3)}
    if taker is not None:
        won[NAMES[seats[taker]]] += [card.removesuffix(":trump") for card in cards]
    recomputed = score_round(final_values, won)
    sheet = [0, 0, 0]
    for line in state.score_sheet():
        sheet[line.seat] += line.points
    for seat in range(3):
        print(f"{NAMES[seat]}: score sheet {sheet[seat]}, score_round {recomputed[NAMES[seat]]}")

# %% [markdown]
# **Next:** [play Bastos! against bots](bastos_play.ipynb) · [back to all apps](index.ipynb)
