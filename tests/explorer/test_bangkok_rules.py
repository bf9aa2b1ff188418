"""Bangkok rules, one behaviour per test: setup, collecting, shifting, refilling, markets, renewing,
the end, the solo version, refusals with their rule ids, views and records."""

from __future__ import annotations

import json
from collections import Counter
from typing import Any

import pytest

import explorer
from explorer import IllegalAction
from explorer.bangkok import State

EMPTY_MARKET = [". . .", ". . .", ". . ."]
OTHER = ["PZ", "ZZB", "PF"]


def scenario(port: list[str], hand: list[str], players: int = 2, rules: dict[str, Any] | None = None,
             **extra: Any) -> State:
    """Seat 0 to act with ``hand`` beside ``port``; ``extra`` are more keys of the start option."""
    hands = [hand] + [OTHER] * (players - 1)
    return State.new(players, seed=5, start={"port": port, "hands": hands, **extra}, **(rules or {}))


def faces(state: State, cards: tuple[int, ...]) -> list[str]:
    return [state.card(c).face if c >= 0 else "." for c in cards]


def refused(state: State, action: str) -> IllegalAction:
    with pytest.raises(IllegalAction) as info:
        state.play(action)
    return info.value


# ---- setup ------------------------------------------------------------------------------------


@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_setup_deals_sets_by_turn_order_and_builds_the_port(players: int) -> None:
    state = State.new(players, seed=11)
    ed = state.edition
    for k in range(players):
        seat = (state.first + k) % players
        assert state.hands[seat] == ed.sets[k], "bamboo k+1 goes to the (k+1)-th player in turn order"
    port_chillies = sum(ed.chilli_of[c] for c in state.port)
    assert port_chillies == 2 and len(state.port) == 9
    assert len(state.chilli_pile) == 16 - 2
    assert len(state.boat_pile) == 32 + 3 * (4 - players) - 7, "undealt sets join the boat cards"
    assert all(not ed.chilli_of[c] for c in state.boat_pile)
    assert len(set(state.objectives) | set(state.aside)) == 4
    assert state.current_player == state.first and state.phase == "act"


def test_first_player_varies_with_the_seed() -> None:
    assert len({State.new(4, seed=s).first for s in range(40)}) == 4


# ---- collecting (step 1) ----------------------------------------------------------------------


def test_one_good_collects_exactly_one_card() -> None:
    state = scenario(["P P P", "B ZF BF", "FF F!2P BB"], ["Z", "PB", "F"])
    options = state.collections("PB", "R1L")
    assert options.take == 1 and len(options.options) == 3
    assert {c.status for c in options.cells} == {"choice"}


def test_a_card_needs_a_shared_good_with_its_line() -> None:
    state = scenario(["ZB F P", "B ZF BF", "FF F!2P BB"], ["PZ", "F", "B"])
    err = refused(state, "place:PZ@R3R>a3=FF")
    assert err.rule == "bangkok.place.shared-good"
    assert state.collections("PZ", "R3R").refusal == "bangkok.place.shared-good"


def test_every_card_the_goods_pay_for_is_taken() -> None:
    state = scenario(["ZB P PF", "B ZF BF", "FF F!2P BB"], ["PP", "F", "B"])
    assert state.check("place:PP@R1R>b1=P,c1=PF") is None
    err = refused(state, "place:PP@R1R>c1=PF")
    assert err.rule == "bangkok.collect.no-refusal"
    assert err.reason == (
        "Laying a boat with 2 passion fruit right of row 1 is refused: the boat with 2 passion fruit shows "
        "2 good(s), so it may pay for up to 2 card(s); here its goods pay for 2, so you take exactly 2; "
        "the card at row 1, middle cannot be refused")
    assert state.collections("PP", "R1R").forced == ("b1", "c1")


ALL_P = ["P P P", "B ZF BF", "FF F!2P BB"]
MIXED = ["ZB F P", "B ZF BF", "FF F!2P BB"]
# (port, action, the rule that refuses it); the hand is PZ, F, B in every row.
REFUSALS = [
    (ALL_P, "place:F@C2T>b1=P", "bangkok.collect.one-per-good"),
    (ALL_P, "place:F@R3L>a3=FF,b3=F!2P", "bangkok.collect.count"),
    (ALL_P, "place:PZ@R1L>a1=P,b1=P", "bangkok.collect.one-per-good"),  # one P good pays for two cards
    (ALL_P, "place:PZ@R1L>a2=B", "bangkok.collect.same-line"),
    (ALL_P, "place:PZ@R1L>a1=Z", "bangkok.notation"),
    (ALL_P, "place:PP@R1L>a1=P", "bangkok.place.hand-card"),
    (MIXED, "dance", "bangkok.notation"),
    (MIXED, "renew:R4", "bangkok.notation"),
    (MIXED, "market:PZ@a1", "bangkok.market.required"),
    (MIXED, "pass", "bangkok.turn.stuck"),
    (MIXED, "place:PZ@X9>a1=ZB", "bangkok.notation"),
]


@pytest.mark.parametrize(("port", "action", "rule"), REFUSALS, ids=[r[1] for r in REFUSALS])
def test_a_refused_action_names_its_rule(port: list[str], action: str, rule: str) -> None:
    assert rule in State.RULES
    assert refused(scenario(port, ["PZ", "F", "B"]), action).rule == rule


def test_three_goods_pay_for_up_to_three_cards_each_once() -> None:
    state = scenario(["P Z BF", "B ZF BF", "FF F!2P BB"], ["PZB", "F", "B"])
    options = state.collections("PZB", "R1L")
    assert options.options == (("a1", "b1", "c1"),)
    state = scenario(["P PZ Z", "B ZF BF", "FF F!2P BB"], ["PZ", "F", "B"])
    # P and Z for three cards that each show one or both: any two that can be paid separately
    assert set(state.collections("PZ", "R1L").options) == {("a1", "b1"), ("a1", "c1"), ("b1", "c1")}


def test_choice_reasons_name_the_rival_cards() -> None:
    state = scenario(["Z P PB", "B ZF BF", "FF F!2P BB"], ["PZ", "F", "B"])
    cells = {c.cell: c for c in state.collections("PZ", "R1R").cells}
    assert cells["a1"].status == "forced"
    assert cells["b1"].status == "choice" and cells["b1"].reason == (
        "The boat with passion fruit at row 1, middle is one choice: it competes with the card at "
        "row 1, right for the same good (passion fruit)")
    assert cells["c1"].status == "choice" and "the card at row 1, middle" in cells["c1"].reason


def test_every_legal_collection_is_a_separate_action() -> None:
    state = scenario(["Z P PB", "B ZF BF", "FF F!2P BB"], ["PZ", "F", "B"])
    legal = {str(a) for a in state.legal_actions()}
    assert {"place:PZ@R1R>a1=Z,b1=P", "place:PZ@R1R>a1=Z,c1=PB"} <= legal
    assert "place:PZ@R1R>a1=Z" not in legal


# ---- shifting and refilling (step 2) -----------------------------------------------------------


@pytest.mark.parametrize(("action", "line", "expected"), [
    ("place:P@R1R>a1=P", (0, 1, 2), ["Z", "B", "P"]),
    ("place:P@R1L>a1=P", (0, 1, 2), ["P", "Z", "B"]),
    ("place:P@C1T>a1=P", (0, 3, 6), ["P", "B", "FF"]),
    ("place:P@C1B>a1=P", (0, 3, 6), ["B", "FF", "P"]),
])
def test_the_line_slides_away_from_the_placed_card(action: str, line: tuple[int, ...],
                                                   expected: list[str]) -> None:
    state = scenario(["P Z B", "B ZF BF", "FF F!2P BB"], ["P", "F", "B"], boat_pile=["ZZ"])
    after = state.play(action)
    assert faces(after, tuple(after.port[c] for c in line)) == expected
    assert after.boat_pile == state.boat_pile, "one card taken, one placed: nothing to refill"


def test_the_empty_places_open_on_the_placed_cards_side() -> None:
    state = scenario(["P Z PB", "B ZF BF", "FF F!2P BB"], ["PZ", "F", "B"], chilli_pile=["P!1P"])
    after = state.play("place:PZ@R1R>a1=P,b1=Z")
    assert faces(after, after.port[:3]) == ["PB", "PZ", "P!1P"]
    after = state.play("place:PZ@R1L>a1=P,b1=Z")
    assert faces(after, after.port[:3]) == ["P!1P", "PZ", "PB"]


@pytest.mark.parametrize(("row3", "drawn"), [("FF F!2P Z!4B", "ZZ"), ("FF F!2P BB", "P!1P")])
def test_refill_from_boats_with_two_chillies_else_from_chillies(row3: str, drawn: str) -> None:
    state = scenario(["P Z B", "B ZF BF", row3], ["PZ", "F", "B"], boat_pile=["ZZ"], chilli_pile=["P!1P"])
    after = state.play("place:PZ@R1R>a1=P,b1=Z")
    assert faces(after, after.port[:3]) == ["B", "PZ", drawn]


def test_several_empty_places_recount_the_chillies_before_each_card() -> None:
    port = ["P Z PB", "B ZF BF", "FF F!2P BB"]  # one chilli card
    tops: dict[str, Any] = {"boat_pile": ["ZZ", "PP"], "chilli_pile": ["P!1P", "Z!1Z"]}
    each = scenario(port, ["PZ", "F", "B"], **tops).play("place:PZ@R1L>a1=P,b1=Z")
    assert faces(each, each.port[:3]) == ["P!1P", "PZ", "PB"]
    # two empty places: the first chilli makes two, so the second place takes a boat
    each2 = scenario(["P Z B", "B ZF BF", "FF F!2P BB"], ["PZB", "F", "B"], **tops).play(
        "place:PZB@R1R>a1=P,b1=Z,c1=B")
    assert faces(each2, each2.port[:3]) == ["PZB", "P!1P", "ZZ"]
    once = State.new(2, seed=5, refill="once", start={
        "port": ["P Z B", "B ZF BF", "FF F!2P BB"], "hands": [["PZB", "F", "B"], OTHER], **tops})
    once = once.play("place:PZB@R1R>a1=P,b1=Z,c1=B")
    assert faces(once, once.port[:3]) == ["PZB", "P!1P", "Z!1Z"]


def test_an_empty_pile_refills_from_the_other() -> None:
    state = scenario(["P Z B", "B ZF BF", "FF F!2P Z!4B"], ["PZ", "F", "B"], chilli_pile=["P!1P"])
    drained = _with(state, boat_pile=())  # two chilli cards in the port, but no boat card left
    after = drained.play("place:PZ@R1L>a1=P,b1=Z")
    assert faces(after, after.port[:3]) == ["P!1P", "PZ", "B"]


def _with(state: State, *, boat_pile: tuple[int, ...] | None = None, over: bool = False) -> State:
    """A copy of ``state`` with an emptied boat pile, or over (tests only: reach rare positions quickly)."""
    new = object.__new__(State)
    new.__dict__.update(state.__dict__)
    k = new._k = state._k.copy(log=False)
    k.log = True
    if boat_pile is not None:
        k.boats = list(reversed(boat_pile))
    if over:
        k.act, new.to_act = -1, None
    new._legal_cache = new._listed = None
    return new


# ---- the floating market ------------------------------------------------------------------------


def test_more_than_three_cards_build_the_market_first_at_a1() -> None:
    state = scenario(["P Z PB", "B ZF BF", "FF F!2P BB"], ["PZ", "F", "B"])
    state = state.play("place:PZ@R1L>a1=P,b1=Z")
    assert state.phase == "market" and state.current_player == 0
    legal = {str(a) for a in state.legal_actions()}
    assert legal == {"market:F@a1", "market:B@a1", "market:P@a1", "market:Z@a1"}
    assert refused(state, "market:F@b1").rule == "bangkok.market.first-corner"
    assert refused(state, "renew:R1").rule == "bangkok.market.required"
    state = state.play("market:F@a1")
    assert state.phase == "act" and state.current_player == 1 and len(state.hands[0]) == 3


def test_market_cards_touch_sides_never_move_and_one_chilli_per_row() -> None:
    markets = [["Z!4B B .", ". . .", ". . ."], EMPTY_MARKET]
    state = scenario(["P Z PB", "B ZF BF", "FF F!2P BB"], ["PZ", "P!1P", "F"], markets=markets)
    state = state.play("place:PZ@R1L>a1=P,b1=Z")
    assert refused(state, "market:F@b1").rule == "bangkok.market.fixed"
    assert refused(state, "market:F@c3").rule == "bangkok.market.adjacent"
    assert refused(state, "market:P!1P@c1").rule == "bangkok.market.chilli-row"
    assert refused(state, "market:Q@c1").rule == "bangkok.notation"
    assert refused(state, "market:ZZ@c1").rule == "bangkok.market.hand-card"
    assert state.check("market:P!1P@a2") is None and state.check("market:F@c1") is None


@pytest.mark.parametrize(("rules", "row_ok", "column_ok"), [
    ({}, False, True),
    ({"expert": True}, False, False),
    ({"expert": True, "expert_reading": "column-only"}, True, False),
])
def test_chilli_limits_by_version(rules: dict[str, Any], row_ok: bool, column_ok: bool) -> None:
    markets = [["Z!4B B .", "B . .", ". . ."], EMPTY_MARKET]
    state = State.new(2, seed=5, **rules, start={
        "port": ["P Z PB", "B ZF BF", "FF F!2P BB"], "hands": [["PZ", "P!1P", "F"], OTHER],
        "markets": markets})
    state = state.play("place:PZ@R1L>a1=P,b1=Z")
    assert (state.check("market:P!1P@c1") is None) == row_ok  # same row as Z!4B
    assert (state.check("market:P!1P@a3") is None) == column_ok  # same column as Z!4B
    assert state.check("market:P!1P@b2") is None


def test_blocked_extra_cards_go_back_under_their_piles() -> None:
    markets = [["Z!4B B .", "P!1P . .", "F!1F . ."], EMPTY_MARKET]
    state = scenario(["P Z B", "B ZF BF", "FF F!2P BB"], ["PZ", "B!1B", "Z!1Z"], markets=markets,
                     chilli_pile=["PP!3PZ"])
    state = state.play("place:PZ@R1L>a1=P,b1=Z")  # hand: B!1B Z!1Z P Z -> 1 extra card
    state = state.play("market:P@b2")
    assert len(state.hands[0]) == 3 and state.current_player == 1
    # Taking two chilli cards when every market row already holds one: nothing can be laid.
    state = scenario(["PP!3PZ Z!2B B", "B ZF BF", "FF F!2P BB"], ["PZ", "B!1B", "Z!1Z"],
                     markets=markets).play("place:PZ@R1L>a1=PP!3PZ,b1=Z!2B")
    assert state.phase == "return", "every row already holds a chilli card"
    assert {str(a) for a in state.legal_actions()} == {
        "return:B!1B", "return:Z!1Z", "return:PP!3PZ", "return:Z!2B"}
    assert refused(state, "market:B!1B@b1").rule == "bangkok.market.blocked"
    before = len(state.chilli_pile)
    state = state.play("return:Z!1Z")
    assert state.card(state.chilli_pile[-1]).face == "Z!1Z" and len(state.chilli_pile) == before + 1
    assert state.current_player == 1


# ---- renewing ---------------------------------------------------------------------------------


def test_renew_swaps_each_card_with_its_own_pile_and_puts_the_old_under() -> None:
    state = scenario(["P Z!4B B", "B ZF BF", "FF F!2P BB"], ["PZ", "F", "B"],
                     boat_pile=["ZZ", "PP"], chilli_pile=["P!1P"])
    after = state.play("renew:R1")
    assert faces(after, after.port[:3]) == ["ZZ", "P!1P", "PP"]
    assert faces(after, after.boat_pile[-2:]) == ["P", "B"]
    assert faces(after, after.chilli_pile[-1:]) == ["Z!4B"]
    assert after.current_player == 1 and after.hands == state.hands


def test_renew_needs_something_to_swap() -> None:
    state = _with(scenario(["P Z B", "B ZF BF", "FF F!2P BB"], ["PZ", "F", "B"]), boat_pile=())
    legal = {str(a) for a in state.legal_actions()}
    assert "renew:R1" not in legal and "renew:R3" in legal  # R3 holds a chilli card
    assert refused(state, "renew:R1").rule == "bangkok.renew.pile-empty"


# ---- end of the game ----------------------------------------------------------------------------


def test_the_ninth_card_ends_the_game_after_the_round() -> None:
    markets = [EMPTY_MARKET, ["Z!4B B B", "ZF BB!3BF BF", "ZZ BF ."]]
    state = State.new(3, seed=5, start={
        "port": ["PZ F P", "PP ZF BF", "FF F!2P BB"],
        "hands": [["PZ", "F", "PB"], ["P!1P", "F", "PF"], OTHER],
        "markets": [*markets, EMPTY_MARKET], "objectives": ["P", "B", "Z"], "first_player": 1})
    state = state.play(state.collections("PF", "R1R").actions[0])
    state = state.play("market:P!1P@c3")
    assert state.ending and state.current_player == 2
    state = state.play(state.legal_actions()[0])
    assert state.current_player == 0, "seat 0 still plays: the round started with seat 1"
    while state.current_player == 0:
        state = state.play(state.legal_actions()[0])
    assert state.is_over
    sheet = [line for line in state.score_sheet() if line.seat == 1]
    assert [line.points for line in sheet] == [6, 2, 6, 4, 2]
    assert {line.rule for line in sheet} >= {"bangkok.score.objective", "bangkok.score.complete"}


def test_objectives_stay_out_of_scores_until_the_end() -> None:
    markets = [["Z!4B B B", "ZF BB!3BF BF", "ZZ BF ."], EMPTY_MARKET]
    state = scenario(["PZ F P", "B ZF BF", "FF F!2P BB"], ["P!1P", "F", "PF"], markets=markets,
                     objectives=["B", "P"])
    assert state.scores()[0] == 2 + 6  # chilli cards only: Z!4B and BB!3BF
    assert all(line.rule != "bangkok.score.objective" for line in state.score_sheet())


def test_equal_totals_and_objectives_share_the_win() -> None:
    state = _with(State.new(3, seed=1), over=True)  # nobody has laid a card: all on 0
    assert state.outcome() is not None and state.outcome().winners == (0, 1, 2)  # type: ignore[union-attr]


def test_tie_break_by_objective_points() -> None:
    # seat 0: objective P with 1 P and nothing else; seat 1: objective Z, a market worth 1 by a chilli
    state = State.new(2, seed=5, start={
        "port": ["P Z B", "B ZF BF", "FF F!2P BB"], "hands": [["PZ", "F", "B"], OTHER],
        "markets": [["P . .", ". . .", ". . ."], ["B!2F F . ", ". . .", ". . ."]], "objectives": ["P", "Z"]})
    over = _with(state, over=True)
    assert over.scores() == [1, 1]
    assert over.outcome().winners == (0,)  # type: ignore[union-attr]
    assert over.view(1)["tie_note"] == "Tied on points: the larger objective score breaks the tie."
    assert state.view(1)["tie_note"] is None
    assert _with(State.new(3, seed=1), over=True).view(0)["tie_note"] is None, "all three share the win"


# ---- one-player version -------------------------------------------------------------------------


def test_solo_piles_and_token_cover_ends_and_nine_turns_end_the_game() -> None:
    state = State.new(1, seed=3)
    usable = {e["end"] for e in state.view(0)["ends"] if e["usable"]}
    assert usable == {"R2R", "R3R", "C3B", "C2B", "C1B", "R3L", "R2L", "R1L", "C2T"}
    assert all("@C1T>" not in str(a) and "@R1R>" not in str(a) for a in state.legal_actions())
    turns = 0
    while not state.is_over:
        token = state.view(0)["token"]
        assert all(f"@{token}>" not in str(a) for a in state.legal_actions())
        before = state.turns
        state = state.play(state.legal_actions()[-1])
        turns += state.turns - before
    assert turns <= 9 and (state.turns == 9 or -1 not in state.markets[0])


def test_solo_refusals_and_the_piles_only_reading() -> None:
    position = {"port": ["P Z B", "B ZF BF", "FF F!2P BB"], "hands": [["PZ", "F", "B"]]}
    state = State.new(1, seed=3, start=position)
    assert refused(state, "place:PZ@C1T>a1=P").rule == "bangkok.solo.piles"
    assert refused(state, "place:PZ@R1R>b1=Z").rule == "bangkok.solo.free-end"
    loose = State.new(1, seed=3, solo_slots="piles-only", start=position)
    assert loose.check("place:PZ@R1R>a1=P,b1=Z") is None
    assert refused(loose, "place:PZ@C3T>c1=B").rule == "bangkok.solo.piles"


# ---- notation, views, records ---------------------------------------------------------------------


def test_faces_may_be_written_in_any_goods_order() -> None:
    state = scenario(["ZB F P", "B ZF BF", "FF F!2P BB"], ["PZ", "F", "B"])
    after = state.play("place:ZP@R1R>a1=BZ,c1=P")
    assert after.actions() == ["place:PZ@R1R>a1=ZB,c1=P"]




def test_view_hides_other_hands_objectives_and_pile_tops() -> None:
    state = scenario(["ZB F P", "B ZF BF", "FF F!2P BB"], ["PZ", "F", "B"], objectives=["B", "P"],
                     boat_pile=["PPZ"])
    view = state.view(1)
    text = json.dumps(view)
    assert view["hand"] == [c for c in view["hand"] if c is not None] and len(view["hand"]) == 3
    assert view["objectives"] == [None, "P"] and view["objective"]["good"] == "P"
    assert view["rules"]["start"]["hands"][0] is None
    assert view["rules"]["start"]["objectives"] == [None, "P"]
    assert view["rules"]["start"]["boat_pile"] is None
    for secret in state.secrets(1):
        assert secret not in text
    assert any(state.edition.card_id(c) in json.dumps(state.view(0)) for c in state.hands[0])


def test_view_lists_placements_labels_and_events() -> None:
    state = scenario(["Z P PB", "B ZF BF", "FF F!2P BB"], ["PZ", "F", "B"])
    view = state.view(0)
    entry = view["placements"]["PZ@R1"]
    assert entry["take"] == 2 and set(entry["actions"]) == {"R1L", "R1R"}
    assert len(entry["actions"]["R1R"]) == 2
    statuses = {c["cell"]: c["status"] for c in entry["cells"]}
    assert statuses == {"a1": "forced", "b1": "choice", "c1": "choice"}
    assert set(view["labels"]) == set(view["legal"])
    placed = {a for actions in (e["actions"] for e in view["placements"].values()) for end in actions
              for a in actions[end]}
    assert placed == {a for a in view["legal"] if a.startswith("place:")}
    after = state.play(entry["actions"]["R1R"][0])
    assert after.view(1)["events"][-1]["text"].startswith("Anong lays a boat with passion fruit and Thai "
                                                          "zucchini right of row 1, taking the boat with")
    assert after.view(0)["events"][-1]["text"].startswith("You lay a boat with passion fruit")


def test_inventory_counts_every_card_once() -> None:
    state = State.new(3, seed=8)
    counts = state.inventory()
    assert len(counts) == 64 and set(counts.values()) == {1}
    faces_count = Counter(key.split(" ", 1)[1] for key in counts)
    assert faces_count["pontoon P"] == 1


def test_position_records_replay() -> None:
    state = scenario(["Z P PB", "B ZF BF", "FF F!2P BB"], ["PZ", "F", "B"], boat_pile=["ZZ"])
    state = state.play(state.legal_actions()[0])
    record = json.loads(json.dumps(state.to_record()))
    assert record["rules"]["start"]["boat_pile"] == ["ZZ"]
    assert explorer.replay(record) == state


@pytest.mark.parametrize(("position", "message"), [
    ({"port": ["P Z B"], "hands": [["PZ"], ["F"]]}, "3 rows"),
    ({"port": ["P Z B", "B ZF BF", "FF F!2P BB"]}, "needs hands"),
    ({"port": ["P Z B", "B ZF BF", "FF F!2P XX"], "hands": [["PZ"], ["F"]]}, "'XX'"),
    ({"port": ["P Z B", "B ZF BF", "FF F!2P BB"], "hands": [["PZ"], ["F"]], "boat_pile": ["P!1P"]},
     "not a boat card"),
    ({"port": ["P P P", "P B BF", "FF F!2P BB"], "hands": [["PZ"], ["F"]]}, "only 3 P card"),
    ({"port": ["P Z B", "B ZF BF", "FF F!2P BB"], "hands": [["PZ"]]}, "1 entries for 2"),
    ({"port": ["P Z B", "B ZF BF", "FF F!2P BB"], "hands": [["PZ"], ["F"]], "colour": 1}, "unknown"),
])
def test_bad_positions_are_refused_clearly(position: dict[str, Any], message: str) -> None:
    with pytest.raises(ValueError, match=message):
        State.new(2, seed=1, start=position)
