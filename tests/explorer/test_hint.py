"""explorer.hint: best moves with reasons, from what one seat may see, deterministic for a seed."""

from __future__ import annotations

import json
import random
import re
from typing import Any

import pytest

import explorer
from explorer import GameState, Suggestion, hint
from explorer._search.determinize import determinize
from explorer._search.fromview import from_view

# (game, players, random moves played before the hint)
POSITIONS = [("tindahan", 4, 9), ("bastos", 3, 14), ("bangkok", 2, 6), ("klongs", 2, 7)]


def _position(game: str, players: int, moves: int, seed: int = 3, **rules: Any) -> GameState:
    state = explorer.new_game(game, players=players, seed=seed, **rules)
    rng = random.Random(seed)
    for _ in range(moves):
        if state.is_over:
            break
        state = state.play(rng.choice(state.legal_actions()))
    return state


def _same(a: Any, b: Any) -> bool:
    return json.dumps(a, sort_keys=True) == json.dumps(b, sort_keys=True)


@pytest.mark.parametrize(("game", "players", "moves"), POSITIONS)
def test_a_hint_ranks_every_legal_move_in_plain_words_and_repeats_for_a_seed(
        game: str, players: int, moves: int) -> None:
    state = _position(game, players, moves)
    seat = state.current_player
    assert seat is not None
    first = hint(state, seconds=0.05, seed=11)
    assert first == hint(state, seat, seconds=0.05, seed=11)
    view = state.view(seat)
    assert sorted(s.action for s in first) == sorted(view["legal"])
    best = first[0]
    assert isinstance(best, Suggestion)
    assert best.label == view["labels"][best.action]
    assert best.samples > 0 and 0.0 <= best.win_rate <= 1.0
    assert f"of {best.samples} deals" in best.reason
    coded = [n for n in view["legal"] if any(c in n for c in "-:@!>")]  # "merchant" is a plain word
    for s in first:
        assert s.reason and not any(notation in s.reason for notation in coded), s.reason


def test_the_best_first_and_the_reasons_compare_moves() -> None:
    state = _position("tindahan", 3, 4)
    suggestions = hint(state, seconds=0.1, seed=2)
    assert len(suggestions) > 1
    tried = [s for s in suggestions if s.samples == suggestions[0].samples]
    # After the first, the moves that met the same deals come in the search's order, best first; the
    # first is the best unless the tie rule put the rule of thumb's move first (and says so).
    assert [s.value for s in tried[1:]] == sorted((s.value for s in tried[1:]), reverse=True)
    first = suggestions[0]
    if first.value < tried[1].value:
        assert "too little to tell apart" in first.reason
        assert "better on average than the move suggested first" in tried[1].reason
    else:
        assert "better than the next best move" in first.reason or "about as good as" in first.reason
        assert "worse than the best move" in suggestions[1].reason


def _fruit_deals(game: str, players: int, size: int, top: int) -> tuple[list[list[str]], list[list[str]]]:
    """Two deals with the same hand for seat 0 and the other cards dealt differently."""
    fruits = explorer.new_game(game, players=players, seed=0).view(0)["fruits"]
    cards = [f"{f}-{v}" for f in fruits for v in range(1, top + 1)]
    random.Random(1).shuffle(cards)
    mine, rest = cards[:size], cards[size:]
    deals = []
    for salt in (2, 3):
        shuffled = list(rest)
        random.Random(salt).shuffle(shuffled)
        deals.append([mine] + [shuffled[i * size:(i + 1) * size] for i in range(players - 1)])
    return deals[0], deals[1]


def _twin_starts() -> list[tuple[str, int, dict[str, Any], dict[str, Any]]]:
    """(game, players, start A, start B): seat 0 sees the same table in both, the others differ."""
    tindahan = _fruit_deals("tindahan", 3, 10, 10)
    bastos = _fruit_deals("bastos", 3, 12, 9)
    table = explorer.new_game("bangkok", players=2, seed=8)
    port = [" ".join(cell["card"] if cell else "." for cell in row) for row in table.view(0)["port"]]
    hand0 = [card["card"] for card in table.view(0)["hand"]]
    # Seat 1's hands share no face with the cards seat 0 sees, so those keep their card ids.
    shown = set(" ".join(port).split()) | set(hand0)
    faces = {c["card"] for seed in range(10, 40) for row in explorer.new_game("bangkok", players=2, seed=seed)
             .view(0)["port"] for c in row if c}
    boats = sorted(f for f in faces - shown if "!" not in f)  # boat cards only: the piles' sizes match
    hand1, other = boats[:3], boats[3:6]
    bangkok = [{"port": port, "hands": [hand0, hand], "objectives": ["F", good]}
               for hand, good in ((hand1, "P"), (other, "Z"))]
    klongs = [{"hands": [["fish:1", "bananas:2", "shrimps:1", "flowers:3"], hand]}
              for hand in (["avocados:1", "eggplants:2", "pineapples:1", "fish:2"],
                           ["thief", "cookshop", "bananas:1", "shrimps:2"])]
    return [("tindahan", 3, {"start": tindahan[0]}, {"start": tindahan[1]}),
            ("bastos", 3, {"start": bastos[0]}, {"start": bastos[1]}),
            ("bangkok", 2, {"start": bangkok[0]}, {"start": bangkok[1]}),
            ("klongs", 2, {"start": klongs[0]}, {"start": klongs[1]})]


@pytest.mark.parametrize(("game", "players", "a", "b"), _twin_starts(), ids=lambda x: str(x)[:10])
def test_other_seats_secrets_do_not_change_the_hint(game: str, players: int, a: dict[str, Any],
                                                     b: dict[str, Any]) -> None:
    one = explorer.new_game(game, players=players, seed=5, **a)
    two = explorer.new_game(game, players=players, seed=5, **b)
    if one.current_player != 0:  # Bastos! starts left of the dealer: let seat 0's turn come alike
        pytest.skip("seat 0 does not act first")
    assert one.snapshot() != two.snapshot()  # the hidden deals differ...
    assert _same(one.view(0), two.view(0))  # ...and seat 0 cannot tell them apart
    assert hint(one, seconds=0.05, seed=4) == hint(two, seconds=0.05, seed=4)


@pytest.mark.parametrize("game", explorer.GAMES)
def test_a_sample_looks_the_same_to_the_seat_and_keeps_every_component(game: str) -> None:
    players = {"tindahan": 4, "bastos": 4, "bangkok": 3, "klongs": 3}[game]
    for seed in range(3):
        state = _position(game, players, 5 + 17 * seed, seed)
        if state.is_over:
            continue
        seat = ((state.current_player or 0) + seed) % players
        sample = determinize(state, seat, random.Random(seed))
        assert _same(sample.view(seat), state.view(seat))
        assert sample.inventory() == state.inventory()
        playout = sample.playout()
        while not playout.is_over:  # the sample is a position the rules can play to the end
            playout.apply(0)


def _without_ids(value: Any) -> str:
    return re.sub(r'"#\d+"', "", json.dumps(value, sort_keys=True))


@pytest.mark.parametrize(("game", "players"), [("tindahan", 3), ("tindahan", 5), ("bastos", 3), ("bastos", 4),
                                               ("bangkok", 1), ("bangkok", 2), ("bangkok", 4),
                                               ("klongs", 2), ("klongs", 3), ("klongs", 4)])
def test_a_table_is_rebuilt_from_a_view(game: str, players: int) -> None:
    for seed in range(4):
        state = _position(game, players, (20 + 45 * seed) // (4 if game == "bangkok" else 1), seed,
                          **({"more_tactics": True} if game == "klongs" and seed % 2 else {}))
        if state.is_over:
            continue
        seat = state.current_player
        assert seat is not None
        view = state.view(seat)
        rebuilt = determinize(from_view(view), seat, random.Random(seed))
        again = rebuilt.view(seat)
        for key in view:
            # The rebuilt table has no history of its own (nor Bangkok's last move, drawn from it);
            # Bangkok's cards of one face may carry other ids.
            if key not in ("events", "port_move", "market_move", "port_before"):
                assert _without_ids(again[key]) == _without_ids(view[key]), key
        assert rebuilt.inventory() == state.inventory()


def test_a_void_is_respected_by_every_sample() -> None:
    # Seat 2 shows it has no banana by not following; no sample may give it one.
    hands = [["banana-1", "banana-2", "banana-6", "banana-7", "banana-10", "mango-1", "mango-2", "mango-3",
              "durian-1", "durian-2"],
             ["banana-3", "banana-4", "banana-5", "banana-8", "banana-9", "mango-4", "mango-5", "mango-6",
              "durian-4", "durian-5"],
             ["mango-7", "mango-8", "mango-9", "mango-10", "durian-3", "durian-6", "durian-7", "durian-8",
              "durian-9", "durian-10"]]
    state = explorer.new_game("tindahan", players=3, seed=1, start=hands)
    state = state.play("banana-1").play("banana-3").play("durian-6")
    for salt in range(20):
        sample: Any = determinize(state, 0, random.Random(salt))
        assert not any(card.startswith("banana") for card in sample.hands[2])


def test_hint_errors_say_what_is_wrong() -> None:
    state = _position("tindahan", 3, 2)
    assert state.current_player is not None
    other = (state.current_player + 1) % 3
    with pytest.raises(ValueError, match="not that seat's turn"):
        hint(state, other, seed=1)
    for bad in (0, -1, float("nan"), "1", True, 61):
        with pytest.raises(ValueError, match="seconds must be"):
            hint(state, seconds=bad, seed=1)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="seat must be"):
        hint(state, 7, seed=1)
    over = state
    while not over.is_over:
        over = over.play(over.legal_actions()[0])
    with pytest.raises(ValueError, match="game is over"):
        hint(over, seed=1)


def test_many_moves_the_search_compares_the_rule_of_thumbs_favourites_and_lists_the_rest() -> None:
    # Klongs offers dozens of moves (each boat on each free space): the search compares the heuristic
    # bot's favourites (``SHORTLIST``), and the others follow, unplayed, in the heuristic's order with a
    # reason.
    from explorer._search.hint import SHORTLIST

    size = SHORTLIST["klongs"]
    state = explorer.new_game("klongs", players=2, seed=2)
    seat = state.current_player
    assert seat is not None
    legal = state.view(seat)["legal"]
    assert len(legal) > size
    suggestions = hint(state, seconds=0.05, seed=3)
    assert sorted(s.action for s in suggestions) == sorted(legal)
    searched = [s for s in suggestions if s.samples]
    assert len(searched) == size and suggestions[:size] == searched
    heuristic = explorer.bots.make_bot("klongs", "heuristic", 0).choose(state.view(seat))
    assert heuristic in {s.action for s in searched}
    for rest in suggestions[size:]:
        assert rest.samples == 0
        assert rest.reason.startswith(f"Not searched: the search compared the {size} moves")


def test_a_bangkok_view_of_an_empty_hand_is_rebuilt() -> None:
    # Another seat's hidden cards keep the rebuilt start playable: a start where every hand is empty
    # would be refused as a game that could never end.
    port = ["PZ PB PF", "ZB . ZF", "BF BZ FZ"]
    state = explorer.new_game("bangkok", players=2, seed=1, start={"port": port, "hands": [[], ["PZ", "F"]]})
    view = state.view(0)
    rebuilt = from_view(view)
    assert rebuilt.view(0)["hand"] == []
    assert rebuilt.view(0)["hand_sizes"] == view["hand_sizes"] == [0, 2]
    assert _without_ids(rebuilt.view(0)["port"]) == _without_ids(view["port"])


def test_a_klongs_table_is_rebuilt_from_a_view_in_every_phase() -> None:
    # Every seat's view, at every step of random games under random readings: the rebuilt table shows
    # the seat the same view (the events aside: a rebuilt table has no history), lists the same legal
    # actions, holds the same boats and merchants, and a sample dealt from it plays to the end.
    options = explorer.game_class("klongs").OPTIONS
    phases: set[str] = set()
    for seed in range(6):
        rng = random.Random(seed)
        rules = {name: rng.choice(o.choices) for name, o in options.items() if o.choices}
        state = explorer.new_game("klongs", players=2 + seed % 3, seed=seed, **rules)
        while not state.is_over:
            seat = rng.randrange(state.players) if rng.random() < 0.3 else state.current_player
            assert seat is not None
            view = state.view(seat)
            rebuilt = from_view(view)
            again = rebuilt.view(seat)
            assert {k: _without_ids(v) for k, v in again.items() if k != "events"} == {
                k: _without_ids(v) for k, v in view.items() if k != "events"}
            assert rebuilt.inventory() == state.inventory()
            phases.add(str(view["phase"]))
            if rng.random() < 0.05:
                playout = determinize(rebuilt, seat, rng).playout()
                while not playout.is_over:
                    playout.apply(rng.randrange(playout.legal()))
            state = state.play(rng.choice(state.legal_actions()))
    assert phases >= {"turn", "possess", "after", "market", "draw"}, phases


def test_the_strong_klongs_bot_plays_from_a_view_alone() -> None:
    state = explorer.new_game("klongs", players=3, seed=4)
    rng = random.Random(4)
    for _ in range(30):
        state = state.play(rng.choice(state.legal_actions()))
    bot = explorer.bots.make_bot("klongs", "strong", seed=1)  # as the contract builds it: no table watched
    while len(state.legal_actions()) < 3:
        state = state.play(rng.choice(state.legal_actions()))
    seat = state.current_player
    assert seat is not None
    choice = bot.choose(state.view(seat))
    assert choice in [str(a) for a in state.legal_actions()]
    assert bot.last is not None and bot.last.stats  # it searched (it did not only keep the heuristic's move)
