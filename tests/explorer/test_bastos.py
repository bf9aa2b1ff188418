"""Bastos!: rulebook examples, every rule through the public API, and the scoring helpers."""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any

import pytest

import explorer
from explorer.bastos import EXAMPLES, OPTIONS, RULES, score_round, trick_winner
from explorer.bastos.examples import FOUR_HANDS, MANGO_HANDS, NO_MANGO_HANDS, TRUMP_HANDS, runs
from explorer.bots import make_bot

from .helpers import refusal

# ---- helpers ---------------------------------------------------------------------------------------


def start(
    hands: list[list[str]], picks: list[str], moves: Sequence[str] = (), **rules: Any
) -> explorer.GameState:
    state = explorer.new_game("bastos", players=len(hands), seed=5, start=hands, **rules)
    for card in picks:
        state = state.play(f"choose:{card}")
    for move in moves:
        state = state.play(move)
    return state


# A leads plain mango; B and C hold no mango but both hold durian (all pick pineapple).
DURIAN_HANDS = [
    runs("mango 1-9, pineapple 1-3"),
    runs("banana 1-6, durian 7-9, pineapple 4-6"),
    runs("banana 7-9, durian 1-6, pineapple 7-9"),
]
# Everyone but C can follow mango; A picks mango, B banana, C durian.
MIXED_HANDS = [
    runs("mango 1-3 7-9, banana 1-3, pineapple 1-3"),
    runs("mango 4-6, banana 4-6, pineapple 4-6, durian 1-3"),
    runs("banana 7-9, pineapple 7-9, durian 4-9"),
]

# ---- the rulebook examples ---------------------------------------------------------------------------


@pytest.mark.parametrize("example", EXAMPLES, ids=lambda e: e.id)
def test_rulebook_example(example: Any) -> None:
    assert example.game == "bastos"
    assert all(rule in RULES for rule in example.rules)
    assert example.compute() == example.expected


def test_examples_cover_the_book() -> None:
    ids = {e.id for e in EXAMPLES}
    assert {"opening-values", "opening-values-all-same", "trump-declaration", "bastos-led-all-throw-off",
            "bastos-led-all-follow", "all-own-colour-set-aside", "own-colour-adjust"} <= ids


def test_opening_values_through_the_public_api() -> None:
    state = start(FOUR_HANDS, ["banana-1", "banana-2", "mango-1", "mango-2"])
    view = state.view(3)
    assert view["values"] == {"banana": 2, "lanzones": 0, "mango": 2, "pineapple": 0, "durian": 0}
    assert view["bastos"] == ["banana", "banana", "mango", "mango"]
    assert view["phase"] == "play" and state.current_player == 0
    same = start(FOUR_HANDS, ["banana-1", "banana-2", "banana-3", "banana-4"])
    assert same.view(0)["values"]["banana"] == 3  # four picks, stopped at the +3 limit


def test_trump_declaration_example_and_its_alternative() -> None:
    state = start(TRUMP_HANDS, ["pineapple-1", "pineapple-4", "pineapple-7"], ["mango-5"])
    legal = {str(a) for a in state.legal_actions()}
    assert "banana-3" in legal and "banana-3:trump" in legal
    assert not any(a.startswith("pineapple") and a.endswith(":trump") for a in legal)  # a Bastos! colour
    after_b = state.play("banana-3")
    assert "durian-2:trump" in {str(a) for a in after_b.legal_actions()}
    end = after_b.play("durian-2:trump")
    view = end.view(0)
    assert view["values"]["durian"] == -2 and view["trump"] == "durian"
    assert view["last_trick"]["winner"] == 2
    assert view["last_trick"]["plays"][2] == {"seat": 2, "kind": "card", "card": "durian-2", "trump": True,
                                              "words": "played durian 2 and made durian trump"}
    assert end.current_player == 2 and view["leader"] == 2
    # B could have made banana trump instead: then banana drops and B's banana-3 takes the trick.
    other = state.play("banana-3:trump")
    assert other.view(0)["values"]["banana"] == -2
    assert not any(str(a).endswith(":trump") for a in other.legal_actions())  # trump exists now
    other = other.play("durian-2")
    assert other.view(0)["last_trick"]["winner"] == 1


def test_bastos_colour_cases_through_the_engine() -> None:
    picks = ["mango-1", "banana-4", "durian-1"]
    led = start(NO_MANGO_HANDS, picks, ["mango-5"])
    assert led.view(0)["phase"] == "adjust" and led.view(0)["adjusting"] == 0
    assert led.current_player == 0
    taken = led.play("raise:banana").play("pineapple-2").play("pineapple-7")
    assert taken.view(1)["last_trick"]["winner"] == 0 and taken.current_player == 0
    follow = start(MANGO_HANDS, ["mango-7", "banana-4", "pineapple-7"],
                   ["mango-9", "raise:mango", "mango-2", "mango-5"])
    assert follow.view(0)["last_trick"]["winner"] == 2
    aside = start(NO_MANGO_HANDS, picks,
                  ["mango-5", "raise:mango", "banana-5", "lower:durian", "durian-3", "raise:banana"])
    view = aside.view(1)
    assert view["last_trick"]["winner"] is None and view["tricks_won"] == [0, 0, 0]
    assert [p["kind"] for p in view["last_trick"]["plays"]] == ["card", "adjust"] * 3
    assert aside.current_player == 0 and view["trick"] == [] and view["leader"] == 0
    assert view["values"] == {"banana": 2, "mango": 2, "pineapple": 0, "durian": 0}
    assert aside.view(0)["hand_sizes"] == [10, 10, 10]  # the set-aside cards are out of the round


# ---- setup, deal and rounds ----------------------------------------------------------------------------


@pytest.mark.parametrize(("players", "per_hand", "rounds"), [(3, 12, 6), (4, 11, 8)])
def test_deal_sizes_and_round_count(players: int, per_hand: int, rounds: int) -> None:
    state = explorer.new_game("bastos", players=players, seed=11)
    view = state.view(0)
    assert view["hand_sizes"] == [per_hand] * players
    assert view["rounds"] == rounds and view["round"] == 1
    assert view["dealer"] == players - 1 and state.current_player == 0 and view["phase"] == "choose"
    assert sum(state.inventory().values()) == 45
    assert (view["spare"] is not None) == (players == 4)
    if players == 3:
        assert view["fruits"] == ["banana", "mango", "pineapple", "durian"]
        assert not any(c.startswith("lanzones") for c in view["hand"])
    else:
        assert view["fruits"] == ["banana", "lanzones", "mango", "pineapple", "durian"]
    assert all(c.split("-")[1] != "10" for c in view["hand"])


def test_removed_fruit_option() -> None:
    state = explorer.new_game("bastos", players=3, seed=2, removed_fruit="banana")
    assert state.view(0)["fruits"] == ["lanzones", "mango", "pineapple", "durian"]
    assert all(not c.startswith("banana") for s in range(3) for c in state.snapshot()["hands"][s])
    with pytest.raises(ValueError, match="removed_fruit"):
        explorer.new_game("bastos", players=3, seed=2, removed_fruit="kiwi")


def test_rounds_pass_the_deal_and_end_the_game() -> None:
    state = explorer.new_game("bastos", players=3, seed=8)
    bots = [make_bot("bastos", "random", seed=s) for s in range(3)]
    seen = {}
    while not state.is_over:
        view = state.view(0)
        if view["round"] not in seen:
            seen[view["round"]] = (view["dealer"], state.current_player, view["values"], view["trump"])
        player = state.current_player
        assert player is not None
        state = state.play(bots[player].choose(state.view(player)))
    assert sorted(seen) == [1, 2, 3, 4, 5, 6]
    for number, (dealer, first, values, trump) in seen.items():
        assert dealer == (number + 1) % 3  # round 1: seat 2, then clockwise
        assert first == (dealer + 1) % 3
        assert set(values.values()) == {0} and trump is None
    assert state.view(1)["phase"] == "over" and state.current_player is None
    assert {line.round for line in state.score_sheet()} == set(range(1, 7))


def test_deal_option_is_validated() -> None:
    good = [list(h) for h in NO_MANGO_HANDS]
    with pytest.raises(ValueError, match="3 hands for 4 players"):
        explorer.new_game("bastos", players=4, seed=1, start=good)
    with pytest.raises(ValueError, match="has 11 cards"):
        explorer.new_game("bastos", players=3, seed=1, start=[good[0][:-1], good[1], good[2]])
    with pytest.raises(ValueError, match="dealt twice"):
        explorer.new_game("bastos", players=3, seed=1, start=[good[0], good[1], [*good[2][:-1], "mango-1"]])
    with pytest.raises(ValueError, match="tens stay in the box"):
        explorer.new_game("bastos", players=3, seed=1, start=[good[0], good[1], [*good[2][:-1], "durian-10"]])
    with pytest.raises(ValueError, match="lanzones is boxed"):
        explorer.new_game("bastos", players=3, seed=1, start=[*good[:2], [*good[2][:-1], "lanzones-1"]])
    with pytest.raises(ValueError, match="list of hands"):
        explorer.new_game("bastos", players=3, seed=1, start="mango-1")
    # The same deal without pineapple boxed works once the option names the fruit left out.
    swapped = [[c.replace("pineapple", "lanzones") for c in hand] for hand in good]
    state = explorer.new_game("bastos", players=3, seed=1, start=swapped, removed_fruit="pineapple")
    assert state.view(0)["hand"] == sorted(swapped[0], key=lambda c: (
        ["banana", "lanzones", "mango", "pineapple", "durian"].index(c.split("-")[0]), int(c.split("-")[1])))


def test_start_as_a_dict_names_the_spare_and_is_stored_as_one() -> None:
    state = explorer.new_game("bastos", players=4, seed=1, start={"hands": FOUR_HANDS, "spare": "durian-9"})
    assert state.view(0)["spare"] == "durian-9"
    assert state.rules["start"] == {"hands": FOUR_HANDS, "spare": "durian-9"}
    listed = explorer.new_game("bastos", players=4, seed=1, start=FOUR_HANDS)
    assert listed.rules["start"] == {"hands": FOUR_HANDS, "spare": None}
    assert listed.snapshot()["hands"] == state.snapshot()["hands"] and listed.view(0)["spare"] == "durian-9"
    with pytest.raises(ValueError, match="dealt twice"):
        explorer.new_game("bastos", players=4, seed=1, start={"hands": FOUR_HANDS, "spare": "banana-1"})
    with pytest.raises(ValueError, match="no card is left"):
        explorer.new_game("bastos", players=3, seed=1, start={"hands": NO_MANGO_HANDS, "spare": "lanzones-9"})
    with pytest.raises(ValueError, match="unknown part"):
        explorer.new_game("bastos", players=4, seed=1, start={"hands": FOUR_HANDS, "boxed": []})
    # Each seat sees only its own hand of the start; the spare lies face up for all.
    shown = state.view(2)["rules"]["start"]
    assert shown == {"hands": [None, None, FOUR_HANDS[2], None], "spare": "durian-9"}


def test_deal_option_spare_card_and_record_replay() -> None:
    state = start(FOUR_HANDS, ["banana-1", "banana-2", "mango-1", "mango-2"], ["lanzones-4"])
    assert state.view(2)["spare"] == "durian-9"
    record = json.loads(json.dumps(state.to_record()))
    again = explorer.replay(record)
    assert again == state and again.actions() == state.actions()


# ---- the Bastos! pick is hidden until all have picked ---------------------------------------------


def test_picks_stay_hidden_until_everyone_has_picked() -> None:
    state = explorer.new_game("bastos", players=4, seed=3)
    first = str(state.legal_actions()[0])
    state = state.play(first)
    card = first.removeprefix("choose:")
    own, other = state.view(0), state.view(1)
    assert own["bastos_cards"][0] == card and own["bastos"][0] == card.split("-")[0]
    assert other["bastos_cards"] == [None] * 4 and other["bastos"] == [None] * 4
    assert other["chosen"] == [True, False, False, False]
    assert card not in json.dumps(other)
    assert own["values"] == {f: 0 for f in own["fruits"]}  # values move only at the reveal
    for _ in range(3):
        state = state.play(state.legal_actions()[0])
    view = state.view(1)
    assert view["phase"] == "play" and None not in view["bastos"] and view["bastos_cards"][0] == card
    assert state.view(0)["hand_sizes"] == [10] * 4  # the picked card is never played


def test_choose_phase_refusals() -> None:
    state = explorer.new_game("bastos", players=3, seed=4)
    hand = state.view(0)["hand"]
    assert refusal(state, hand[0]).rule == "bastos.phase"
    missing = next(c for c in state.snapshot()["hands"][1])
    assert refusal(state, f"choose:{missing}").rule == "bastos.own-card"
    assert refusal(state, "raise:mango").reason == ("You cannot raise mango: the round starts with everyone "
                                                    "picking a Bastos! card, and you pick now")
    assert refusal(state, "choose:mango-10").rule == "bastos.notation"


# ---- following suit, trump ------------------------------------------------------------------------------


def test_follow_suit_is_compulsory() -> None:
    state = start(MANGO_HANDS, ["banana-1", "banana-4", "banana-7"], ["mango-8"])
    legal = {str(a) for a in state.legal_actions()}
    assert legal == {"mango-1", "mango-2", "mango-3"}
    error = refusal(state, "durian-5")
    assert error.rule == "bastos.follow-suit"
    assert error.reason == "You cannot play durian 5: you hold mango, so you must follow mango"
    assert refusal(state, "mango-9").reason == "You cannot play mango 9: you do not hold mango 9"


def test_trump_cannot_be_a_bastos_colour() -> None:
    # B's and C's picks make banana and durian Bastos! colours: B may throw but not make them trump.
    state = start(NO_MANGO_HANDS, ["banana-1", "banana-4", "durian-1"], ["mango-5"])
    legal = {str(a) for a in state.legal_actions()}
    assert "pineapple-1:trump" in legal and "banana-5" in legal and "banana-5:trump" not in legal
    assert refusal(state, "banana-5:trump").rule == "bastos.trump.not-bastos-colour"
    assert refusal(state, "pineapple-9:trump").rule == "bastos.own-card"


def test_trump_declaration_refusals() -> None:
    state = start(MANGO_HANDS, ["banana-1", "banana-4", "banana-7"])
    assert refusal(state, "mango-9:trump").rule == "bastos.trump.declare"  # the leader cannot
    led = state.play("mango-9")
    assert refusal(led, "mango-1:trump").rule == "bastos.trump.declare"  # following cannot
    assert refusal(led, "durian-4:trump").rule == "bastos.follow-suit"
    made = start(DURIAN_HANDS, ["pineapple-1", "pineapple-4", "pineapple-7"], ["mango-5", "durian-7:trump"])
    assert refusal(made, "banana-7:trump").rule == "bastos.trump.once"
    assert made.view(0)["values"]["durian"] == -2


def test_trump_lowering_stops_at_minus_two() -> None:
    state = start(DURIAN_HANDS, ["pineapple-1", "pineapple-4", "pineapple-7"],
                  ["mango-5", "durian-7:trump", "durian-1"])
    assert state.view(0)["values"]["durian"] == -2
    # A value already at -1 goes to -2, not -3: lower durian first through an own-colour play.
    hands = [runs("mango 1-9, banana 1-3"), runs("banana 4-9, pineapple 1-6"),
             runs("pineapple 7-9, durian 1-9")]
    state = start(hands, ["mango-1", "banana-4", "pineapple-7"],
                  ["mango-5", "lower:durian", "pineapple-2", "durian-3:trump"])
    assert state.view(0)["values"]["durian"] == -2


def test_once_trump_exists_a_void_player_may_throw_or_trump() -> None:
    state = start(DURIAN_HANDS, ["pineapple-1", "pineapple-4", "pineapple-7"],
                  ["mango-5", "durian-7:trump", "durian-1"])
    assert state.current_player == 1  # durian-7 took the trick
    state = state.play("banana-1").play("banana-7").play("mango-1")
    # Seat 2 (banana-7) took it and leads; now make A void of nothing: lead durian, A cannot follow.
    assert state.current_player == 2
    state = state.play("durian-6")
    legal = {str(a) for a in state.legal_actions()}
    assert legal == {f"mango-{v}" for v in (2, 3, 4, 6, 7, 8, 9)} | {"pineapple-2", "pineapple-3"}


def test_trump_timing_option() -> None:
    moves = ["mango-5", "durian-7", "durian-3:trump"]
    picks = ["pineapple-1", "pineapple-4", "pineapple-7"]
    default = start(DURIAN_HANDS, picks, moves)
    assert default.view(0)["last_trick"]["winner"] == 2  # the declaring card is the first trump
    whole = start(DURIAN_HANDS, picks, moves, trump_timing="whole-trick")
    assert whole.view(0)["last_trick"]["winner"] == 1  # durian-7 counts as trump too
    cards = ["mango-5", "durian-7", "durian-3:trump"]
    assert trick_winner(cards, ["pineapple"] * 3, "durian") == 2
    assert trick_winner(cards, ["pineapple"] * 3, "durian", trump_timing="whole-trick") == 1


# ---- the Bastos! colour ------------------------------------------------------------------------------------


def test_own_colour_play_forces_a_value_move_first() -> None:
    state = start(NO_MANGO_HANDS, ["mango-1", "banana-4", "durian-1"], ["mango-5"])
    view = state.view(0)
    assert view["phase"] == "adjust" and view["adjusting"] == 0
    assert set(view["legal"]) == {f"{k}:{f}" for k in ("raise", "lower") for f in view["fruits"]}
    assert view["labels"]["raise:mango"] == "Raise mango by 1 (to +2)"
    assert refusal(state, "pineapple-2").rule == "bastos.colour.adjust"
    assert refusal(state, "raise:lanzones").rule == "bastos.setup.deck"
    assert state.view(1)["adjusting"] == 0 and state.view(1)["legal"] == []
    moved = state.play("lower:banana")
    assert moved.view(0)["trick"][-1] == {"seat": 0, "kind": "adjust", "fruit": "banana", "delta": -1,
                                          "words": "lowered banana by 1"}
    assert moved.current_player == 1 and moved.view(0)["values"]["banana"] == 0
    assert refusal(moved, "raise:mango").rule == "bastos.colour.adjust"


def test_value_moves_respect_the_limits() -> None:
    # All three pick mango: +3, so A may only lower it after leading mango.
    hands = [runs("mango 1-3, banana 1-9"), runs("mango 4-6, pineapple 1-9"),
             runs("mango 7-9, durian 1-9")]
    state = start(hands, ["mango-1", "mango-4", "mango-7"], ["mango-2"])
    legal = {str(a) for a in state.legal_actions()}
    assert "raise:mango" not in legal and "lower:mango" in legal
    assert refusal(state, "raise:mango").rule == "bastos.values.clamp"


def test_someone_elses_bastos_colour_is_an_ordinary_card() -> None:
    # Banana is A's colour only: B's banana-7 wins the trick A led.
    assert trick_winner(["banana-5", "banana-7", "banana-2"], ["banana", "mango", "durian"], None) == 1
    # ... and would win as a lead as well, although banana is A's colour.
    assert trick_winner(["banana-7", "banana-9", "mango-2"], ["mango", "banana", "durian"], None) == 0


def test_own_colour_never_wins_even_when_highest() -> None:
    assert trick_winner(["mango-3", "mango-9", "mango-5"], ["banana", "mango", "durian"], None) == 2
    # A thrown own-colour card cannot win either, nor does it stop the led card.
    assert trick_winner(["mango-3", "banana-9", "durian-2"], ["pineapple", "banana", "durian"], None) == 0


def test_trump_beats_a_bastos_lead() -> None:
    assert trick_winner(["mango-9", "durian-1", "mango-2"], ["mango", "banana", "pineapple"], "durian") == 1


def test_mixed_bastos_lead_readings() -> None:
    picks = ["mango-1", "banana-4", "durian-4"]
    moves = ["mango-9", "raise:mango", "mango-5", "pineapple-7"]
    default = start(MIXED_HANDS, picks, moves)
    assert default.view(0)["last_trick"]["winner"] == 1  # the follower's mango-5 takes it
    literal = start(MIXED_HANDS, picks, moves, bastos_lead="must-beat-led")
    assert literal.view(0)["last_trick"]["winner"] == 0  # nobody beat mango-9: the leader takes it
    cards, colours = ["mango-9", "mango-5", "pineapple-7"], ["mango", "banana", "durian"]
    assert trick_winner(cards, colours, None) == 1
    assert trick_winner(cards, colours, None, bastos_lead="must-beat-led") == 0
    # When everyone follows, both readings give the best follower, as the book says.
    follow = ["mango-9", "mango-2", "mango-5"], ["mango", "banana", "pineapple"]
    assert trick_winner(*follow, None, bastos_lead="must-beat-led") == 2


def test_bastos_lead_with_own_colour_followers_goes_to_the_leader() -> None:
    # B follows with mango, but mango is B's colour too; C throws: nobody else can take it.
    assert trick_winner(["mango-2", "mango-9", "banana-8"], ["mango", "mango", "durian"], None) == 0
    # Four players: all play own colour -> set aside.
    assert trick_winner(["mango-2", "banana-9", "durian-1", "mango-4"],
                        ["mango", "banana", "durian", "mango"], None) is None


def test_trick_winner_validates_its_input() -> None:
    with pytest.raises(ValueError, match="3 or 4"):
        trick_winner(["mango-1", "mango-2"], ["banana", "banana"], None)
    with pytest.raises(ValueError, match="one per card"):
        trick_winner(["mango-1", "mango-2", "mango-3"], ["banana"], None)
    with pytest.raises(ValueError, match="never be trump"):
        trick_winner(["mango-1", "mango-2", "mango-3"], ["banana", "durian", "banana"], "durian")
    with pytest.raises(ValueError, match="leader cannot make trump"):
        trick_winner(["durian-1:trump", "mango-2", "mango-3"], ["banana"] * 3, None)
    with pytest.raises(ValueError, match="not a card"):
        trick_winner(["kiwi-1", "mango-2", "mango-3"], ["banana"] * 3, None)
    with pytest.raises(ValueError, match="twice"):
        trick_winner(["mango-1", "mango-1", "mango-3"], ["banana"] * 3, None)
    with pytest.raises(TypeError, match="bastos_lead"):
        trick_winner(["mango-1", "mango-2", "mango-3"], ["banana"] * 3, None, colour="x")


# ---- scoring ----------------------------------------------------------------------------------------


def test_score_round_sums_table_values_and_may_be_negative() -> None:
    values = {"banana": 2, "mango": -1, "pineapple": 0, "durian": -2}
    won = {"A": ["banana-3", "banana-9", "mango-7"], "B": ["durian-1", "durian-5", "mango-2"], "C": []}
    assert score_round(values, won) == {"A": 3, "B": -5, "C": 0}


def test_score_round_validates_its_input() -> None:
    with pytest.raises(ValueError, match="no value given for durian"):
        score_round({"banana": 1}, {"A": ["durian-2"]})
    with pytest.raises(ValueError, match="off the table"):
        score_round({"banana": 4}, {"A": ["banana-2"]})
    with pytest.raises(ValueError, match="counted twice"):
        score_round({"banana": 1}, {"A": ["banana-2"], "B": ["banana-2"]})
    with pytest.raises(TypeError):
        score_round({"banana": 1}, {}, nonsense=True)


def test_engine_round_scores_match_the_helper() -> None:
    for seed in range(6):
        players = 3 + seed % 2
        state = explorer.new_game("bastos", players=players, seed=seed)
        bots = [make_bot("bastos", "heuristic", seed=s) for s in range(players)]
        while not state.is_over:
            player = state.current_player
            assert player is not None
            state = state.play(bots[player].choose(state.view(player)))
        last = state.view(0)["round"]
        lines = [line for line in state.score_sheet() if line.round == last]
        assert all(line.rule == "bastos.score.card-value" for line in lines)
        snap = state.snapshot()
        won = {str(seat): cards for seat, cards in enumerate(snap["won"])}
        expected = score_round(snap["values"], won)
        for seat in range(players):
            assert sum(line.points for line in lines if line.seat == seat) == expected[str(seat)]
        cards = sum(len(c) for c in snap["won"]) + len(snap["set_aside"])
        assert cards == players * (36 // players - 1 if players == 3 else 10)


def test_score_lines_name_the_fruit_and_value() -> None:
    state = explorer.new_game("bastos", players=3, seed=9)
    while not state.is_over and not state.score_sheet():
        state = state.play(state.legal_actions()[-1])
    for line in state.score_sheet():
        assert line.round == 1
        assert line.label == "no tricks taken" or " worth " in line.label
        if " worth " in line.label:  # "3 mango cards worth +2 each", "1 banana card worth -1"
            count, fruit = line.label.split()[:2]
            value = int(line.label.split("worth ")[1].split()[0])
            assert line.points == int(count) * value and fruit in (OPTIONS["removed_fruit"].choices or ())


# ---- the view model ------------------------------------------------------------------------------------

VIEW_KEYS = {
    "game", "players", "seat", "current_player", "is_over", "scores", "winners", "legal", "move_number",
    "rules", "round", "rounds", "dealer", "phase", "fruits", "trump", "led", "leader", "hand", "hand_sizes",
    "trick", "last_trick", "tricks_won", "labels", "events", "values", "bastos", "bastos_cards", "chosen",
    "spare", "adjusting",
}


def test_view_model_has_every_key_and_a_label_per_action() -> None:
    state = explorer.new_game("bastos", players=4, seed=21)
    steps = 0
    while not state.is_over and steps < 200:
        seat = state.current_player
        assert seat is not None
        view = state.view(seat)
        assert set(view) >= VIEW_KEYS
        json.dumps(view)
        assert set(view["labels"]) == set(view["legal"])
        assert view["hand"] == sorted(view["hand"], key=lambda c: (
            view["fruits"].index(c.split("-")[0]), int(c.split("-")[1])))
        assert [e["kind"] for e in view["events"]].count("round") == view["round"]
        assert view["faces"] == {card: {"fruit": card.split("-")[0], "value": int(card.split("-")[1])}
                                 for card in view["faces"]}
        assert set(view["hand"]) <= set(view["faces"])
        assert [m["action"] for m in view["moves"]] == view["legal"]
        assert view["phase"] in ("choose", "play", "adjust")
        if view["trick"]:
            assert view["led"] == view["trick"][0]["card"].split("-")[0]
        state = state.play(view["legal"][steps % len(view["legal"])])
        steps += 1
    labels = start(TRUMP_HANDS, ["pineapple-1", "pineapple-4", "pineapple-7"], ["mango-5"]).view(1)["labels"]
    assert labels["banana-3"] == "Play banana 3"
    assert labels["banana-3:trump"] == "Play banana 3 and make banana trump"


def test_events_tell_the_story() -> None:
    state = start(TRUMP_HANDS, ["pineapple-1", "pineapple-4", "pineapple-7"],
                  ["mango-5", "banana-3", "durian-2:trump"])
    events = state.view(1)["events"]
    assert events[-1]["text"] == "Carlo takes the trick with durian 2, a trump"
    assert state.view(2)["events"][-1]["text"] == "You take the trick with durian 2, a trump"
    assert (events[-1]["kind"], events[-1]["winner"], events[-1]["card"]) == ("trick", 2, "durian-2")
    declared = next(e for e in events if e["kind"] == "trump")
    assert declared["text"] == "Carlo throws durian 2 and makes durian trump (durian goes from +0 to -2)"
    assert state.view(2)["events"][-2]["text"].startswith("You throw durian 2 and make durian trump")
    assert (declared["fruit"], declared["before"], declared["after"]) == ("durian", 0, -2)
    revealed = next(e for e in events if e["kind"] == "reveal")
    assert revealed["text"] == ("The Bastos! cards are revealed: Ana has pineapple, you have pineapple, "
                                "Carlo has pineapple; the values start at pineapple +3")


def test_docstring_examples() -> None:
    import doctest

    import explorer.bastos

    runner = doctest.DocTestRunner()
    for target in (explorer.bastos, explorer.bastos.score_round, explorer.bastos.trick_winner):
        for test in doctest.DocTestFinder(recurse=False).find(target):
            runner.run(test)
    result = runner.summarize(verbose=False)
    assert result.attempted >= 3 and not result.failed
