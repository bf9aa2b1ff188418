# %% [markdown]
# # Tindahan, step by step
#
# The rulebook's own example trick, on the table: **Next step** moves on, **Back** goes back. At any step
# you may click a highlighted card or button to try another move for whoever is to act; the engine
# checks it, and **Reset step** puts the book's position back. Every hand is shown face up.
#
# New here? Read the rules below the table as you step through. [Start page](index.ipynb) ·
# [Play Tindahan](tindahan_play.ipynb)

# %%
# NBVAL_IGNORE_OUTPUT
from explorer.tindahan import EXAMPLES
from explorer.tindahan.examples import trick_scenario
from widgets.walkthrough import Step, Walkthrough, check_section

positions = trick_scenario()
steps = [
    Step("The deal: A starts the trick",
         "Five players, ten cards each, and the donkey cart on the banana stall, so bananas are trump. "
         "A is the starting player: A may lead a card or move the cart, but may not send a seller.",
         positions[0], rules=("tindahan.setup.cart", "tindahan.seller.not-starting-player")),
    Step("A moves the cart to mango",
         "Instead of a card, A moves the donkey cart to the mango stall. Mango is trump at once, and "
         "A puts no card into this trick.",
         positions[1], result="Trump: **mango**.",
         rules=("tindahan.cart.starting-player-only", "tindahan.trump")),
    Step("B must play a card",
         "After a cart move, the next player may not send a seller. B plays the **banana 10**, so "
         "banana is the fruit to follow in this trick.",
         positions[2], result="Led fruit: **banana**. A seller from B would have been refused: "
         "right after a cart move, the next player must play a card.",
         rules=("tindahan.cart.next-must-play",)),
    Step("C sends a seller",
         "C could follow with a banana but sends a seller to the **banana stall** instead: a seller "
         "may only go to the stall of the led fruit.",
         positions[3], result="C now has one seller on the banana stall.",
         rules=("tindahan.seller.led-stall",)),
    Step("D follows suit",
         "D holds bananas, so a card from D has to be a banana: D plays the **banana 3**.",
         positions[4], rules=("tindahan.follow-suit",)),
    Step("E trumps and takes the trick",
         "E has no banana and plays the **mango 2**. Mango is trump, so this small card beats the "
         "banana 10. E takes the trick and starts the next one.",
         positions[5], result="Trick to **E**, who leads next.",
         rules=("tindahan.trick.winner", "tindahan.trick.next-leader")),
]
book = next(example for example in EXAMPLES if example.id == "tindahan.trick-with-cart")
Walkthrough(steps, title="Tindahan: the rulebook's A–E trick", names=book.names)

# %% [markdown]
# ## The game
#
# *Tindahan* is Tagalog for a market stall. In this trick-taking game each turn is a small decision: put
# a fruit card into the trick, hoping to take it, or skip the card and send one of your sellers to a
# market stall, hoping to hold the most sellers there when the round is scored. Cards you never get to
# play cost you a point each, so sending sellers is not free.
#
# Every position on this page is built by the Rules Explorer engine. Under each section, a folded
# **check** shows the rulebook's numbers beside the ones the engine computes, so you can see that the
# engine plays by the book.

# %%
with check_section('Check: The game'):
    # Shared helpers: the book calls the players A, B, C, ...; the engine numbers the seats from 0.
    import explorer
    from explorer.tindahan import EXAMPLES, RULES, score_round

    NAMES = "ABCDE"


    def check(label, book, engine):
        """One line: the rulebook's number beside the engine's, flagged if they ever disagree."""
        print(explorer.compare(label, book, engine))


    def describe(state):
        """The public part of a Tindahan position in a few lines."""
        print(f"trump: {state.trump} (the donkey cart stands on the {state.trump} stall)")
        print(f"led fruit: {state.led or 'none yet'}")
        turns = [f"{NAMES[seat]} {'plays ' + what if kind == 'card' else kind + ' -> ' + what}"
                 for seat, kind, what in state.trick]
        print("this trick: " + ("; ".join(turns) if turns else "nothing played yet"))
        sellers = [f"{fruit}: " + ", ".join(f"{NAMES[s]} {n}" for s, n in enumerate(counts) if n)
                   for fruit, counts in zip(state.fruits, state.stalls) if any(counts)]
        print("sellers on stalls: " + ("; ".join(sellers) if sellers else "none"))
        if state.current_player is not None:
            print(f"to act: {NAMES[state.current_player]}")


    def rule(rule_id):
        print(f"[{rule_id}] {RULES[rule_id].text}")


# %% [markdown]
# ## Setting up
#
# There is one fruit per player: with five players all five fruits (banana, lanzones, mango, pineapple,
# durian) are in play, with four one fruit goes back in the box, with three two fruits do. Bananas are
# never removed. Each fruit has cards 1 to 10, so every player is dealt exactly ten cards. Each player
# also gets nine sellers in their colour, and the donkey cart starts on the banana stall, which makes
# bananas the first trump.
#
# The rulebook does not say *which* fruits leave with fewer players; the engine's default (lanzones,
# then pineapple) is the `removed_fruits` option.

# %%
with check_section('Check: Setting up'):
    for players in (3, 4, 5):
        state = explorer.new_game("tindahan", players=players, seed=1)
        view = state.view(0)
        print(f"{players} players: fruits {', '.join(view['fruits'])}")
        check("  fruits in play", players, len(view["fruits"]))
        check("  cards per hand", 10, min(view["hand_sizes"]))
        check("  sellers per player", 9, min(view["sellers_left"]))
        check("  first trump", "banana", view["trump"])
    for rule_id in ("tindahan.setup.fruits", "tindahan.setup.deal", "tindahan.setup.sellers",
                    "tindahan.setup.cart"):
        rule(rule_id)

# %% [markdown]
# ## A trick with the donkey cart
#
# Whoever starts a trick (the *starting player*) has two choices: lead a card, or move the donkey cart
# to another stall, which changes trump at once. Everybody after them chooses between playing a card
# and sending a seller to the stall of the fruit that was led. Cards follow the usual trick-taking
# habit: if you hold the led fruit, a card you play must be of that fruit; if not, play anything,
# including trump.
#
# The rulebook's example has five players, A to E. It only names the cards that matter (B's banana 10,
# D's banana 3, E's mango 2, and that E holds no banana); the engine's scenario fills in the rest of a
# full deal. Here it is, one turn at a time, each position made by the engine's `play`.

# %%
with check_section('Check: A trick with the donkey cart'):
    from explorer.tindahan.examples import TRICK_DEAL, trick_scenario

    start = explorer.new_game("tindahan", players=5, seed=0, start=TRICK_DEAL)
    for seat, hand in enumerate(TRICK_DEAL):
        print(f"{NAMES[seat]} holds {', '.join(hand)}")
    describe(start)
    print(explorer.refusal_lines("A may not send a seller", start, "seller:banana"))

# %% [markdown]
# **Turn 1 — A moves the cart to mango.** Moving the cart is A's whole turn: no card from A in this
# trick. Mango is trump from this moment on.

# %%
with check_section('Check: A trick with the donkey cart'):
    after_a = start.play("cart:mango")
    describe(after_a)
    check("trump after A's move", "mango", after_a.trump)
    rule("tindahan.trump")

# %% [markdown]
# **Turn 2 — B has to play a card.** Because A moved the cart, B may not send a seller; B's card is the
# one that sets the fruit to follow. The engine refuses a seller from B and says which rule forbids it.

# %%
with check_section('Check: A trick with the donkey cart'):
    refusal = after_a.check("seller:banana")
    print(f"B may not send a seller: {refusal.rule}")
    print(f"  {refusal.reason}")
    check("rule that stops B's seller", "tindahan.cart.next-must-play", refusal.rule)
    print("B's choices:", ", ".join(map(str, after_a.legal_actions())))
    after_b = after_a.play("banana-10")
    describe(after_b)
    check("led fruit", "banana", after_b.led)

# %% [markdown]
# **Turn 3 — C sends a seller to the banana stall.** C does hold bananas, but a seller may go out
# whether or not you could follow. The seller can only go to the stall of the led fruit.

# %%
with check_section('Check: A trick with the donkey cart'):
    print("C's choices:", ", ".join(map(str, after_b.legal_actions())))
    refusal = after_b.check("seller:mango")
    print(f"a seller to the mango stall: {refusal.rule}")
    print(f"  {refusal.reason}")
    after_c = after_b.play("seller:banana")
    describe(after_c)
    check("C's sellers on the banana stall", 1, after_c.stalls[after_c.fruits.index("banana")][2])
    rule("tindahan.seller.led-stall")

# %% [markdown]
# **Turn 4 — D follows with the banana 3.** D holds bananas, so any card D plays must be a banana.

# %%
with check_section('Check: A trick with the donkey cart'):
    refusal = after_c.check("durian-10")
    print(f"D may not play durian-10: {refusal.rule}")
    print(f"  {refusal.reason}")
    after_d = after_c.play("banana-3")
    describe(after_d)

# %% [markdown]
# **Turn 5 — E trumps with the mango 2.** E has no banana, so E may play anything. The mango 2 is a tiny
# card, but mango is trump now, and any trump beats every card of the led fruit. E takes the trick and
# starts the next one.

# %%
with check_section('Check: A trick with the donkey cart'):
    end = after_d.play("mango-2")
    plays, winner = end.last_trick
    check("trick taken by", "E", NAMES[winner])
    check("next starting player", "E", NAMES[end.current_player])
    check("tricks won by E", 1, end.tricks_won[4])
    print("same positions as the engine's rulebook scenario:", [start, after_a, after_b, after_c, after_d, end]
          == trick_scenario())
    for rule_id in ("tindahan.trick.winner", "tindahan.trick.next-leader"):
        rule(rule_id)

# %% [markdown]
# The engine can also draw the table as text: `print(state)` shows it as the seat to act sees it (here
# E, who starts the next trick): the trump, the last trick, the stalls and every seat, with only E's
# hand face up.

# %%
with check_section('Check: A trick with the donkey cart'):
    print(end)

# %% [markdown]
# ## Scoring a round
#
# A round ends after the first trick at whose end somebody's hand is empty. Then the cards are counted
# first: every trick taken earns 2 points, every card still in hand costs 1. After that each stall is
# scored: most sellers there earns 5 points, second most earns 2, and at the stall under the donkey
# cart the majority earns one point more (6).
#
# The rulebook's scoring example has three players, with the cart on the durian stall. Each part is
# computed below by `explorer.tindahan.score_round`, the engine's own round scorer, and compared with
# the book's numbers.

# %%
with check_section('Check: Scoring a round'):
    tricks = {"A": 3, "B": 4, "C": 2}
    hand_cards = {"A": 5, "B": 0, "C": 7}
    sellers = {"banana": {"A": 3, "C": 2}, "durian": {"C": 1}, "mango": {"A": 2, "C": 2}}
    trump = "durian"

    cards = score_round(tricks, hand_cards, {}, trump)
    print("Cards (2 per trick, -1 per card left in hand):")
    for player, book in {"A": 1, "B": 8, "C": -3}.items():
        sum_text = f"{tricks[player]}x2 - {hand_cards[player]}"
        check(f"  {player} ({sum_text})", book, cards[player])

    book_stalls = {"banana": {"A": 5, "C": 2}, "durian": {"C": 6}, "mango": {"A": 3, "C": 3}}
    for fruit, counts in sellers.items():
        points = score_round({}, {}, {fruit: counts}, trump)
        note = " (trump stall)" if fruit == trump else ""
        print(f"{fruit} stall{note}, sellers {counts}:")
        for player, book in book_stalls[fruit].items():
            check(f"  {player}", book, points[player])

    totals = score_round(tricks, hand_cards, sellers, trump)
    print("Round total:")
    for player, book in {"A": 9, "B": 8, "C": 8}.items():
        check(f"  {player}", book, totals[player])

# %% [markdown]
# The engine also keeps this example in its list of rulebook examples (`explorer verify` runs them all);
# here they are with their verdicts.

# %%
with check_section('Check: Scoring a round'):
    for example in EXAMPLES:
        computed = example.compute()
        print(f"{example.id}: {'reproduced' if computed == example.expected else 'DIFFERENT'}")
        print(f"  book   {example.expected}")
        print(f"  engine {computed}")

# %% [markdown]
# ## Ties at a stall
#
# - **A tie for first place:** the tied players add the first and second place points together and
#   share them, rounding down; nobody gets second place at that stall. The book's own mango stall above
#   is such a case: A and C have 2 sellers each, so (5 + 2) ÷ 2 = 3.5, rounded down to 3 each.
# - **A tie for second place:** the first place is paid as usual and the tied players share the 2
#   points of second place, rounding down.
# - **Nobody in second place:** when only one player has sellers at a stall, the 2 points go to nobody
#   (the book's durian stall: C alone, 6 points and nothing else).
#
# Each line below works a small case out by the rule, then asks the engine.

# %%
with check_section('Check: Ties at a stall'):
    cases = [
        ("two tie for first", {"A": 2, "B": 2, "C": 1},
         {"A": (5 + 2) // 2, "B": (5 + 2) // 2, "C": 0}),
        ("three tie for first", {"A": 2, "B": 2, "C": 2, "D": 1},
         {"A": (5 + 2) // 3, "B": (5 + 2) // 3, "C": (5 + 2) // 3, "D": 0}),
        ("two tie for second", {"A": 3, "B": 1, "C": 1},
         {"A": 5, "B": 2 // 2, "C": 2 // 2}),
        ("three tie for second", {"A": 3, "B": 1, "C": 1, "D": 1},
         {"A": 5, "B": 2 // 3, "C": 2 // 3, "D": 2 // 3}),
        ("only one player there", {"A": 2}, {"A": 5}),
    ]
    for name, counts, by_rule in cases:
        engine = score_round({}, {}, {"mango": counts}, "banana")  # mango is not trump here
        print(f"{name}, sellers {counts}:")
        for player, points in by_rule.items():
            print(f"  {player}: rule {points}, engine {engine[player]}")
    rule("tindahan.score.ties")
    rule("tindahan.score.second")

# %% [markdown]
# **A tie for first at the trump stall** is a case the rulebook does not settle: who gets the extra
# point when nobody holds the majority alone? The engine's default (`trump_bonus_tie="share"`) puts the
# extra point into the shared pot; the option also offers giving each tied player the extra point, or
# giving it to nobody.

# %%
with check_section('Check: Ties at a stall'):
    for counts in ({"A": 2, "B": 2}, {"A": 2, "B": 2, "C": 2}):
        k = len(counts)
        by_reading = {"share": (5 + 1 + 2) // k, "each": (5 + 2) // k + 1, "none": (5 + 2) // k}
        print(f"{k} players tied at the trump stall, sellers {counts}:")
        for reading, points in by_reading.items():
            engine = score_round({}, {}, {"durian": counts}, "durian", trump_bonus_tie=reading)
            shown = ", ".join(str(engine[player]) for player in counts)
            print(f"  trump_bonus_tie={reading!r}: rule {points} each, engine {shown}")
    rule("tindahan.score.trump-bonus")

# %% [markdown]
# ## The empty round
#
# A player who neither took a trick nor sent a single seller in a round is not punished for their bad
# luck: they score as much as the best player of that round. In the small case below, B took no trick
# and sent no seller; A scores 3 × 2 − 4 = 2, and C scores 1 × 2 − 5 for cards plus 6 for being alone
# on the banana stall while bananas are trump, which is 3. So B's round is worth 3 as well.

# %%
with check_section('Check: The empty round'):
    tricks = {"A": 3, "B": 0, "C": 1}
    hand_cards = {"A": 4, "B": 6, "C": 5}
    sellers = {"banana": {"C": 1}}
    engine = score_round(tricks, hand_cards, sellers, "banana")
    by_rule = {"A": 3 * 2 - 4, "C": 1 * 2 - 5 + 6}
    by_rule["B"] = max(by_rule.values())
    for player in "ABC":
        print(f"{player}: rule {by_rule[player]}, engine {engine[player]}")
    rule("tindahan.score.empty-round")

# %% [markdown]
# **Sellers left over from an earlier round** are a case the rulebook does not settle. By default the
# engine sends every seller home after a round, and then a player's sellers on the stalls are exactly the
# ones sent in that round. But with `sellers_between_rounds="stay"` the sellers stay put, and a player
# may have sellers standing on the stalls from round 1 while sending none in round 2. Is that an empty
# round? The book speaks of *placing* a seller, something the player does in the round, like taking a
# trick; so the engine's default (`empty_round_sellers="sent-this-round"`) counts only the sellers sent
# this round, and the player still gets the best score. The other reading (`"on-the-stalls"`) counts
# every seller standing on a stall, and the player keeps their own score.
#
# Below, in round 2, C took no trick and sent no seller, but two of C's sellers from round 1 still stand
# on the banana stall (bananas are not trump). A scores 5 × 2 = 10, B 4 × 2 − 1 = 7, and C's own score
# is −3 for cards plus 5 for the banana majority, which is 2.

# %%
with check_section('Check: The empty round'):
    from explorer import score_table

    position = {"tricks": {"A": 5, "B": 4}, "hand_cards": {"B": 1, "C": 3},
                "sellers": {"banana": {"C": 2}}, "trump": "mango", "sent": {}, "round": 2}
    by_reading = {"sent-this-round": 10, "on-the-stalls": -3 + 5}
    for reading, points in by_reading.items():
        sheet = score_table("tindahan", ["A", "B", "C"], position,
                            sellers_between_rounds="stay", empty_round_sellers=reading)
        print(f"empty_round_sellers={reading!r}:")
        for line in sheet:
            if line.seat == 2:
                print(f"  C: {line.points:+d}  {line.label}")
        engine = sum(line.points for line in sheet if line.seat == 2)
        print(f"  C's round: rule {points}, engine {engine}")
    rule("tindahan.score.empty-round")

# %% [markdown]
# ## A whole round, scored by the engine
#
# In a real game the engine writes a score sheet: one line per award, each with the rule it applies.
# Here three sensible bots play the first round of a game; the sheet for that round follows, and each
# player's total is recomputed with `score_round` from the round's end position.

# %%
with check_section('Check: A whole round, scored by the engine'):
    from explorer.bots import make_bot

    state = explorer.new_game("tindahan", players=3, seed=11)
    bots = [make_bot("tindahan", "heuristic", seed=seat) for seat in range(3)]
    while state.round == 1:
        seat = state.current_player
        state = state.play(bots[seat].choose(state.view(seat)))
    summary = state.summaries[0]
    for line in state.score_sheet():
        print(f"{NAMES[line.seat]}: {line.points:+d}  {line.label}  [{line.rule}]")
    recomputed = score_round(
        {NAMES[s]: n for s, n in enumerate(summary["tricks"])},
        {NAMES[s]: n for s, n in enumerate(summary["hand_cards"])},
        {fruit: {NAMES[s]: n for s, n in enumerate(counts)} for fruit, counts in summary["stalls"].items()},
        summary["trump"],
    )
    for seat, points in enumerate(summary["points"]):
        print(f"{NAMES[seat]}: score sheet {points}, score_round {recomputed[NAMES[seat]]}")

# %% [markdown]
# **Next:** [play Tindahan against bots](tindahan_play.ipynb) · [back to all apps](index.ipynb)
