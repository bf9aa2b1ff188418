"""The strong bot's roll-out policies (each game's spec declares its ``Rollout``): how its searches play
the moves after a candidate, read from the sampled position alone."""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

import explorer
from explorer._registry import spec
from explorer._search.determinize import determinize

BANGKOK = spec("bangkok").rollout
KLONGS = spec("klongs").rollout
TINDAHAN = spec("tindahan").rollout
#: How often the Tindahan heuristic seats send a seller when offered one (the policy's odds).
SELLER_CHANCE = 0.58
#: The phases of Klongs' kernel, by their ints.
KERNEL_PHASES = ("turn", "possess", "thief", "inspect", "after", "market", "draw", "over")


def test_klongs_roll_outs_claim_score_and_keep_the_movement_cards_as_the_heuristic_does() -> None:
    policy, prepare = KLONGS.policy, KLONGS.prepare
    seen: Counter[str] = Counter()
    for seed in range(3):
        state = explorer.new_game("klongs", players=2 + seed, seed=seed)
        rng = random.Random(seed)
        playout = determinize(state, 0, rng).playout()
        prepare(playout)
        while not playout.is_over:
            pos: Any = playout  # Klongs' playout is its kernel: the position's fields are its own
            phase, seat, ed = KERNEL_PHASES[pos.phase], pos.act, pos.t.ed
            options = [playout.notation(i) for i in range(playout.legal())]
            action = options[policy(playout, rng)]
            if phase == "possess" and pos.supply[seat]:
                assert action == "merchant"
            if phase == "market":
                seen["market"] += 1
                seen["scored"] += action != "decline"
                if action == "decline":  # only when no landing on offer pays the seat more than a rival
                    for option in options[:-1]:
                        _, landing, _ = ed.tables.decode[option]
                        boats = [pos.board[s] for s in ed.landing_spaces[landing]]
                        owners = Counter(pos.owner[b] for b in boats if pos.owner[b] >= 0)
                        rival = max((n for o, n in owners.items() if o != seat), default=0)
                        faces = [ed.boats[b] for b in boats]
                        paid = sum(f.baskets for f in faces if f.special != "thief")
                        assert owners[seat] <= rival or not paid
            seen[phase] += 1
            assert not action.startswith("move:")  # nobody moves a boat: the cards are put away
            playout.apply(options.index(action))
    assert seen["possess"] > 30 and seen["market"] > 5
    assert seen["scored"] > 5  # a random seat declined a landing that paid it most as often as not


def test_klongs_leaves_count_the_stock_as_the_final_scoring_will() -> None:
    state = explorer.new_game("klongs", players=2, seed=1)
    rng = random.Random(1)
    playout = determinize(state, 0, rng).playout()
    while not playout.is_over:
        before = playout.scores()
        pos: Any = playout
        stocks = [len(s) for s in pos.stocks]
        leaf = KLONGS.leaf(playout)
        assert all(value >= score for value, score in zip(leaf, before, strict=True))
        assert leaf != [float(s) for s in before] or not any(stocks)
        playout.apply(rng.randrange(playout.legal()))
    final = playout.scores()
    assert KLONGS.leaf(playout) == [float(s) for s in final]  # the game's end counts as it is


def test_bangkok_leaves_count_the_pontoon_tiles_the_sample_dealt() -> None:
    # A roll-out stopped at its horizon compares scores as the end will count them: each market's
    # pontoon-tile objective included (the sample dealt the tiles the seat cannot see).
    state = explorer.new_game("bangkok", players=3, seed=4)
    rng = random.Random(4)
    differs = 0
    while not state.is_over:
        sample: Any = determinize(state, 0, rng)
        leaf = BANGKOK.leaf(sample.playout())
        assert leaf == [float(sample.market_sheet(s, reveal=True).total) for s in range(3)]
        differs += leaf != [float(s) for s in sample.scores()]
        state = state.play(rng.choice(state.legal_actions()))
    assert differs, "no objective ever counted: the leaf would say no more than the scores"


def test_tindahan_roll_outs_send_sellers_as_often_as_the_heuristic_seats() -> None:
    policy = TINDAHAN.policy
    offered = sent = 0
    for seed in range(6):
        state = explorer.new_game("tindahan", players=3 + seed % 3, seed=seed)
        rng = random.Random(seed)
        playout = determinize(state, 0, rng).playout()
        while not playout.is_over:
            options = [playout.notation(i) for i in range(playout.legal())]
            action = options[policy(playout, rng)]
            if options[-1].startswith("seller:") and len(options) > 1:
                offered += 1
                sent += action.startswith("seller:")
            playout.apply(options.index(action))
    assert offered > 150
    assert abs(sent / offered - SELLER_CHANCE) < 0.08  # random play sent one a quarter as often
