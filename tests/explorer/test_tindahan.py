"""Tindahan: setup, every play rule, trick winners, round flow and the rulebook's trick example."""

from __future__ import annotations

import json
import random
from collections.abc import Mapping
from typing import TypeVar

import pytest

import explorer
from explorer import GameState
from explorer.tindahan import EXAMPLES, FRUITS, RULES, State
from explorer.tindahan.examples import TRICK_DEAL, trick_scenario

from .helpers import refusal

S = TypeVar("S", bound=GameState)


def run(state: S, *actions: str) -> S:
    """``state`` after ``actions`` (notations), played one by one (typed for this game's State)."""
    for action in actions:
        state = state.play(action)
    return state

DEFAULT_FRUITS = {
    3: ["banana", "mango", "durian"],
    4: ["banana", "mango", "pineapple", "durian"],
    5: list(FRUITS),
}


def make_deal(
    players: int,
    fixed: Mapping[int, list[str]],
    fruits: list[str] | None = None,
    void: Mapping[int, str] | None = None,
) -> list[list[str]]:
    """A full deal: the seats in ``fixed`` hold those cards, the seats in ``void`` none of that fruit,
    and the remaining cards are filled in order (void seats first, so they can avoid their fruit)."""
    fruits = fruits or DEFAULT_FRUITS[players]
    void = void or {}
    taken = {card for cards in fixed.values() for card in cards}
    rest = [f"{f}-{v}" for f in fruits for v in range(1, 11) if f"{f}-{v}" not in taken]
    hands = {seat: list(fixed.get(seat, [])) for seat in range(players)}
    for seat in sorted(range(players), key=lambda s: s not in void):
        for card in [c for c in rest if not c.startswith(void.get(seat, "-") + "-")][: 10 - len(hands[seat])]:
            hands[seat].append(card)
            rest.remove(card)
    assert not rest and all(len(h) == 10 for h in hands.values())
    return [hands[seat] for seat in range(players)]


def game(
    players: int = 3,
    fixed: Mapping[int, list[str]] | None = None,
    void: Mapping[int, str] | None = None,
    **rules: object,
) -> State:
    deal = make_deal(players, fixed or {}, void=void) if fixed is not None or void else None
    state = explorer.new_game("tindahan", players=players, seed=5, start=deal, **rules)
    assert isinstance(state, State)
    return state


# ---- setup ---------------------------------------------------------------------------------------


@pytest.mark.parametrize("players", [3, 4, 5])
def test_setup(players: int) -> None:
    state = game(players)
    assert list(state.fruits) == DEFAULT_FRUITS[players]
    hands = state.snapshot()["hands"]
    assert [len(h) for h in hands] == [10] * players
    cards = [c for h in hands for c in h]
    assert sorted(cards) == sorted(f"{f}-{v}" for f in DEFAULT_FRUITS[players] for v in range(1, 11))
    view = state.view(0)
    assert view["trump"] == "banana"
    assert view["sellers_left"] == [9] * players
    assert view["stalls"] == {f: [0] * players for f in DEFAULT_FRUITS[players]}
    assert (view["round"], view["rounds"], view["dealer"], view["leader"]) == (1, players, players - 1, 0)
    assert state.current_player == 0


def test_players_out_of_range() -> None:
    for players in (2, 6):
        with pytest.raises(ValueError, match="3-5 players"):
            explorer.new_game("tindahan", players=players, seed=1)


def test_removed_fruits_option() -> None:
    state = game(4, removed_fruits=["durian"])
    assert list(state.fruits) == ["banana", "lanzones", "mango", "pineapple"]
    state = game(3, removed_fruits="mango, durian")  # as typed on a command line
    assert list(state.fruits) == ["banana", "lanzones", "pineapple"]
    assert state.rules["removed_fruits"] == ["mango", "durian"]
    with pytest.raises(ValueError, match="bananas always stay"):
        game(4, removed_fruits=["banana"])
    with pytest.raises(ValueError, match="exactly 1 fruit"):
        game(4, removed_fruits=["mango", "durian"])
    with pytest.raises(ValueError, match="exactly 0 fruit"):
        game(5, removed_fruits=["mango"])
    with pytest.raises(ValueError, match="not a fruit"):
        game(4, removed_fruits=["apple"])
    with pytest.raises(ValueError, match="named twice"):
        game(3, removed_fruits=["mango", "mango"])


def test_deal_option_fixes_round_one_and_replays() -> None:
    deal = make_deal(3, {0: ["banana-10", "durian-1"]})
    state = explorer.new_game("tindahan", players=3, seed=1, start=deal)
    assert isinstance(state, State)
    assert state.view(0)["hand"][:1] == ["banana-1"] or "banana-10" in state.view(0)["hand"]
    assert sorted(state.snapshot()["hands"][1]) == sorted(deal[1])
    rng = random.Random(3)
    while not state.is_over:
        state = state.play(rng.choice(state.legal_actions()))
    record = json.loads(json.dumps(state.to_record()))
    assert explorer.replay(record) == state
    # Later rounds are shuffled by the seed, not taken from the deal.
    assert state.summaries[1]["round"] == 2


def test_start_is_stored_as_a_dict_and_each_seat_sees_its_own_hand() -> None:
    deal = make_deal(3, {})
    state = explorer.new_game("tindahan", players=3, seed=1, start=deal)
    assert state.rules["start"] == {"hands": deal}
    assert explorer.new_game("tindahan", players=3, seed=1, start={"hands": deal}) == state
    for seat in range(3):
        shown = state.view(seat)["rules"]["start"]["hands"]
        assert shown == [h if s == seat else None for s, h in enumerate(deal)]
    # An old record with the option under its former name replays.
    record = state.play(state.legal_actions()[0]).to_record()
    record["rules"]["deal"] = record["rules"].pop("start")["hands"]
    assert explorer.replay(record) == state.play(state.legal_actions()[0])


@pytest.mark.parametrize(
    ("deal", "message"),
    [
        ("banana-1", "list of hands"),
        ([["banana-1"] * 10], "dealt twice"),
        ([["banana-11"]], "not a card"),
        ([[f"banana-{v}" for v in range(1, 10)]], "holds 9 cards"),
        ([[1, 2]], "not a card"),
    ],
)
def test_deal_option_errors(deal: object, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        explorer.new_game("tindahan", players=3, seed=1, start=deal)


def test_deal_option_errors_that_depend_on_players() -> None:
    with pytest.raises(ValueError, match="2 hands for 3 players"):
        explorer.new_game("tindahan", players=3, seed=1, start=make_deal(3, {})[:2])
    lanzones = make_deal(4, {}, ["banana", "lanzones", "mango", "pineapple"])
    with pytest.raises(ValueError, match="lanzones-1 is not in play"):
        explorer.new_game("tindahan", players=4, seed=1, start=lanzones)
    # The same deal is fine once durian is the removed fruit instead.
    explorer.new_game("tindahan", players=4, seed=1, start=lanzones, removed_fruits=["durian"])


# ---- the starting player and the cart --------------------------------------------------------------


def test_starting_player_may_play_or_move_the_cart() -> None:
    state = game(3, {0: ["banana-5", "mango-5"]})
    legal = [str(a) for a in state.legal_actions()]
    assert "cart:mango" in legal and "cart:durian" in legal
    assert "cart:banana" not in legal and not any(a.startswith("seller:") for a in legal)
    assert set(legal) - {"cart:mango", "cart:durian"} == set(state.view(0)["hand"])
    assert refusal(state, "cart:banana").rule == "tindahan.cart.different-stall"
    assert refusal(state, "seller:banana").rule == "tindahan.seller.not-starting-player"


def test_cart_move_makes_trump_at_once_and_next_player_must_play() -> None:
    state = game(3, {1: ["durian-1", "banana-9"], 2: ["banana-2", "mango-3"]})
    state = state.play("cart:durian")
    view = state.view(1)
    assert view["trump"] == "durian" and view["cart_moved"] and view["led"] is None
    assert view["trick"] == [
        {"seat": 0, "kind": "cart", "fruit": "durian", "words": "moved the donkey cart to the durian stall"}]
    assert set(view["legal"]) == set(view["hand"])  # any card: nothing is led yet
    assert refusal(state, "seller:banana").rule == "tindahan.cart.next-must-play"
    assert refusal(state, "seller:durian").rule == "tindahan.cart.next-must-play"
    state = state.play("banana-9")
    assert state.led == "banana"  # the forced card is the led card
    assert "seller:banana" in state.legal_actions()
    assert refusal(state, "cart:mango").rule == "tindahan.cart.starting-player-only"
    state = state.play("banana-2")
    assert state.view(0)["last_trick"]["winner"] == 1
    assert state.trump == "durian" and not state.cart_moved


def test_a_durian_one_wins_right_after_the_cart_moves_to_durian() -> None:
    state = game(3, {1: ["banana-9"], 2: ["durian-1", "mango-4"]}, {2: "banana"})
    state = run(state, "cart:durian", "banana-9")
    assert set(map(str, state.legal_actions())) >= {"durian-1", "mango-4"}  # seat 2 has no banana
    state = state.play("durian-1")
    assert state.last_trick is not None and state.last_trick[1] == 2
    assert state.current_player == 2 and state.leader == 2


def test_cart_with_only_card_plays_leaves_the_starter_without_a_card_in_the_trick() -> None:
    state = game(3, {1: ["mango-2"], 2: ["mango-1"]})
    state = run(state, "cart:durian", "mango-2", "mango-1")
    assert state.last_trick is not None
    assert [p[1] for p in state.last_trick[0]] == ["cart", "card", "card"]
    assert state.view(0)["hand_sizes"] == [10, 9, 9]


# ---- sellers ----------------------------------------------------------------------------------------


def test_seller_goes_only_to_the_led_stall_whether_or_not_one_can_follow() -> None:
    state = game(3, {0: ["mango-5"], 1: ["mango-9"]}, {2: "mango"})
    state = state.play("mango-5")
    legal = [str(a) for a in state.legal_actions()]
    assert "seller:mango" in legal and "seller:banana" not in legal
    err = refusal(state, "seller:banana")
    assert err.rule == "tindahan.seller.led-stall" and "mango" in err.reason
    state = state.play("seller:mango")
    view = state.view(2)
    assert view["stalls"]["mango"] == [0, 1, 0] and view["sellers_left"] == [9, 8, 9]
    assert view["hand_sizes"] == [9, 10, 10]
    assert view["trick"][-1] == {
        "seat": 1, "kind": "seller", "fruit": "mango", "words": "sent a seller to the mango stall"}
    # Seat 2 holds no mango, and may still send a seller.
    assert "seller:mango" in state.legal_actions()


def test_leader_wins_when_everyone_else_sends_sellers() -> None:
    state = game(3, {0: ["durian-1"]})
    state = run(state, "durian-1", "seller:durian", "seller:durian")
    assert state.leader == 0 and state.tricks_won == (1, 0, 0)
    assert state.view(0)["stalls"]["durian"] == [0, 1, 1]


def test_no_seller_once_all_nine_are_out() -> None:
    state = game(3)
    rng = random.Random(0)
    while state.sellers_left[1]:
        if state.current_player == 1:
            state = state.play(f"seller:{state.led}")
        else:
            state = state.play(rng.choice([a for a in state.legal_actions() if ":" not in str(a)]))
    while state.current_player != 1 or not state.trick:
        state = state.play(rng.choice([a for a in state.legal_actions() if ":" not in str(a)]))
    assert state.round == 1 and state.current_player == 1
    assert not any(str(a).startswith("seller:") for a in state.legal_actions())
    err = refusal(state, f"seller:{state.led}")
    assert err.rule == "tindahan.seller.none-left"


# ---- cards ------------------------------------------------------------------------------------------


def test_follow_suit() -> None:
    state = game(3, {0: ["mango-5"], 1: ["mango-9", "banana-3", "durian-10"]})
    state = state.play("mango-5")
    legal = {str(a) for a in state.legal_actions()}
    mangos = {c for c in state.view(1)["hand"] if c.startswith("mango-")}
    assert legal == mangos | {"seller:mango"}
    err = refusal(state, "durian-10")
    assert err.rule == "tindahan.follow-suit"
    assert err.reason == "You cannot play durian 10: you hold mango, so you must follow mango"


def test_without_the_led_fruit_any_card_may_be_played() -> None:
    hand1 = [f"banana-{v}" for v in range(1, 11)]
    state = game(3, {0: ["mango-5"], 1: hand1})
    state = state.play("mango-5")
    assert {str(a) for a in state.legal_actions()} == set(hand1) | {"seller:mango"}


def test_refusals_for_cards_not_held_fruits_out_of_play_and_bad_notation() -> None:
    state = game(3, {1: ["banana-10"]})
    assert refusal(state, "banana-10").rule == "tindahan.hand"
    assert refusal(state, "lanzones-3").rule == "tindahan.setup.fruits"
    assert refusal(state, "cart:pineapple").rule == "tindahan.setup.fruits"
    assert refusal(state, "banana-11").rule == "tindahan.notation"
    assert refusal(state, "play a banana").rule == "tindahan.notation"


@pytest.mark.parametrize(
    ("plays", "winner"),
    [
        (["mango-5", "mango-9", "mango-7"], 1),  # highest of the led fruit
        (["mango-5", "durian-10", "mango-7"], 2),  # a side fruit never wins
        (["mango-5", "banana-1", "mango-10"], 1),  # any trump beats the led fruit
        (["mango-5", "banana-1", "banana-2"], 2),  # highest trump
        (["banana-3", "banana-7", "banana-5"], 1),  # trump led
        (["mango-5", "seller:mango", "durian-10"], 0),
    ],
)
def test_trick_winner(plays: list[str], winner: int) -> None:
    fixed = {seat: [p] for seat, p in enumerate(plays) if ":" not in p}
    led = plays[0].split("-")[0]
    void = {seat: led for seat, p in enumerate(plays) if ":" not in p and not p.startswith(led)}
    state = run(game(3, fixed, void), *plays)
    assert state.last_trick is not None and state.last_trick[1] == winner
    assert state.leader == winner == state.current_player
    assert state.view(0)["tricks_won"][winner] == 1
    names = ["You", "Ben", "Carlo"]
    taker = "You take" if winner == 0 else f"{names[winner]} takes"
    assert state.view(0)["events"][-1]["text"].startswith(f"{taker} the trick with ")


# ---- rounds and the game ------------------------------------------------------------------------------


def play_round(state: State, rng: random.Random) -> State:
    number = state.round
    while not state.is_over and state.round == number:
        state = state.play(rng.choice(state.legal_actions()))
    return state


def test_round_ends_after_the_trick_that_empties_a_hand() -> None:
    rng = random.Random(7)
    state = game(4)
    while True:
        nxt = state.play(rng.choice(state.legal_actions()))
        if nxt.round == 2:
            break
        if not nxt.trick:  # a hand may empty mid-trick; the round only ends once the trick is taken
            assert all(nxt.hands), "a trick ended with an empty hand but the round went on"
        state = nxt
    assert len(state.trick) == 3  # the round ended on the trick's last action
    summary = nxt.summaries[0]
    assert 0 in summary["hand_cards"]
    lines = [line for line in nxt.score_sheet() if line.round == 1]
    assert lines and all(line.rule in RULES for line in lines)
    totals = [sum(line.points for line in lines if line.seat == s) for s in range(4)]
    assert totals == summary["points"] == nxt.scores()


def test_round_two_resets_and_the_dealer_moves_on() -> None:
    rng = random.Random(1)
    state = game(3)
    state = run(state, "cart:mango")
    state = play_round(state, rng)
    view = state.view(0)
    assert (view["round"], view["dealer"], view["leader"], state.current_player) == (2, 0, 1, 1)
    assert view["trump"] == "banana"
    assert view["sellers_left"] == [9, 9, 9] and view["stalls"] == {f: [0, 0, 0] for f in state.fruits}
    assert view["hand_sizes"] == [10, 10, 10] and view["tricks_won"] == [0, 0, 0]
    assert state.last_trick is None and view["trick"] == []
    # Round 1's final trick stays on view, marked as round 1's, until round 2's first trick is taken.
    assert view["last_trick"]["round"] == 1 and view["last_trick"]["plays"]
    assert all(play["card"] in view["faces"] for play in view["last_trick"]["plays"] if "card" in play)
    for _ in range(3):
        state = state.play(state.legal_actions()[0])
    assert state.view(0)["last_trick"]["round"] == 2


def test_sellers_and_cart_may_stay_between_rounds() -> None:
    rng = random.Random(1)
    state = game(3, sellers_between_rounds="stay", cart_between_rounds="stay")
    state = state.play("cart:mango")
    state = play_round(state, rng)
    before = state.summaries[0]
    assert state.view(0)["stalls"] == before["stalls"]
    assert state.trump == before["trump"]
    assert state.view(0)["sellers_left"] == [9 - sum(before["stalls"][f][s] for f in state.fruits)
                                            for s in range(3)]
    assert state.placed == (0, 0, 0)  # the empty-round rule counts this round's sellers only


def test_game_lasts_one_round_per_player() -> None:
    rng = random.Random(2)
    state = game(5)
    dealers = []
    while not state.is_over:
        dealers.append(state.dealer)
        state = play_round(state, rng)
    assert sorted(set(dealers)) == [0, 1, 2, 3, 4] and len(state.summaries) == 5
    assert state.current_player is None and state.legal_actions() == []
    view = state.view(2)
    assert view["phase"] == "over" and view["is_over"]
    outcome = state.outcome()
    assert outcome is not None
    assert view["winners"] == list(outcome.winners)
    best = max(outcome.scores)
    assert list(outcome.winners) == [s for s, p in enumerate(outcome.scores) if p == best]
    assert refusal(state, "banana-1").rule == "tindahan.game-over"


def test_ties_share_the_win() -> None:
    # Search a few seeded random games for a tie at the top, then check the outcome lists all tied seats.
    for seed in range(400):
        rng = random.Random(seed)
        state = explorer.new_game("tindahan", players=3, seed=seed)
        while not state.is_over:
            state = state.play(rng.choice(state.legal_actions()))
        outcome = state.outcome()
        assert outcome is not None
        if outcome.is_tie:
            best = max(outcome.scores)
            assert list(outcome.winners) == [s for s, p in enumerate(outcome.scores) if p == best]
            assert "share the win" in state.view(0)["events"][-1]["text"]
            return
    pytest.fail("no tie in 400 games")


def test_sheet_lines_match_score_round_for_every_round() -> None:
    from explorer.tindahan import score_round

    rng = random.Random(11)
    for seed in range(30):
        state = explorer.new_game("tindahan", players=3 + seed % 3, seed=seed)
        assert isinstance(state, State)
        while not state.is_over:
            state = state.play(rng.choice(state.legal_actions()))
        for summary in state.summaries:
            names = [f"s{s}" for s in range(state.players)]
            got = score_round(
                dict(zip(names, summary["tricks"], strict=True)),
                dict(zip(names, summary["hand_cards"], strict=True)),
                {f: dict(zip(names, counts, strict=True)) for f, counts in summary["stalls"].items()},
                summary["trump"],
            )
            assert [got[n] for n in names] == summary["points"]
            lines = [line for line in state.score_sheet() if line.round == summary["round"]]
            assert [sum(x.points for x in lines if x.seat == s) for s in range(state.players)] \
                == summary["points"]


# ---- the view ---------------------------------------------------------------------------------------


def test_view_model() -> None:
    state = game(4, {0: ["banana-10", "mango-2", "banana-1"], 1: ["banana-3"]})
    state = state.play("banana-1")
    view = state.view(1)
    json.dumps(view)
    for key in ("round", "rounds", "dealer", "phase", "fruits", "trump", "led", "leader", "hand",
                "hand_sizes", "trick", "last_trick", "tricks_won", "labels", "events", "stalls",
                "sellers_left", "cart_moved"):
        assert key in view, key
    assert view["phase"] == "play" and view["led"] == "banana" and view["leader"] == 0
    assert view["trick"] == [{"seat": 0, "kind": "card", "card": "banana-1", "words": "played banana 1"}]
    assert view["faces"]["banana-1"] == {"fruit": "banana", "value": 1}
    assert {m["action"]: m["place"] for m in view["moves"]}["seller:banana"] == "stall"
    assert set(view["labels"]) == set(view["legal"])
    assert view["labels"]["banana-3"] == "Play banana 3"
    assert view["labels"]["seller:banana"] == "Send a seller to the banana stall"
    assert state.view(0)["legal"] == [] and state.view(0)["labels"] == {}
    start = game(4).view(0)
    assert start["labels"]["cart:mango"] == "Move the donkey cart to the mango stall (mango becomes trump)"
    order = {f: i for i, f in enumerate(FRUITS)}
    hand = view["hand"]
    assert hand == sorted(hand, key=lambda c: (order[c.split("-")[0]], int(c.split("-")[1])))
    assert "banana-10" not in json.dumps(view)  # seat 0's card stays hidden from seat 1


def test_snapshot_holds_all_hands() -> None:
    state = game(3)
    hands = state.snapshot()["hands"]
    assert [state.view(s)["hand"] for s in range(3)] == hands


# ---- the rulebook's trick example ------------------------------------------------------------------


def test_rulebook_trick_example() -> None:
    states = trick_scenario()
    start, after_cart, end = states[0], states[1], states[-1]
    assert start.snapshot()["hands"][4] == sorted(TRICK_DEAL[4], key=lambda c: int(c.split("-")[1]))
    assert refusal(start, "seller:banana").rule == "tindahan.seller.not-starting-player"
    assert refusal(after_cart, "seller:banana").rule == "tindahan.cart.next-must-play"
    assert after_cart.trump == "mango" and after_cart.current_player == 1
    assert states[2].led == "banana"
    assert "seller:banana" in states[2].legal_actions()  # C may send a seller although holding bananas
    assert "mango-2" in states[4].legal_actions()  # E holds no banana
    assert end.last_trick is not None and end.last_trick[1] == 4
    assert end.leader == 4 == end.current_player
    assert end.view(0)["stalls"]["banana"] == [0, 0, 1, 0, 0]
    assert end.view(0)["events"][-1]["text"] == "Ely takes the trick with mango 2, a trump"
    assert end.view(4)["events"][-1]["text"] == "You take the trick with mango 2, a trump"
    assert end.view(0, names=list("ABCDE"))["events"][-1]["text"] == "E takes the trick with mango 2, a trump"
    assert {k: end.view(0)["events"][-1][k] for k in ("kind", "seat", "winner", "card", "trump")} == \
        {"kind": "trick", "seat": 4, "winner": 4, "card": "mango-2", "trump": True}
    assert end.view(4)["tricks_won"] == [0, 0, 0, 0, 1]


@pytest.mark.parametrize("example", EXAMPLES, ids=lambda e: e.id)
def test_examples_match_the_book(example: explorer._core.examples.Example) -> None:
    assert example.compute() == example.expected
    for rule in example.rules:
        assert rule in RULES
