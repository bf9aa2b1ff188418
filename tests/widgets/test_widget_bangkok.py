"""The Bangkok widgets on the real engine, through simulated browser messages.

No browser here: the messages the JS would send go to the widget's handler, and what the JS would
draw (the ``view`` trait) is compared with the engine. The front-end files are checked for being
self-contained (no CDN) and, where ``node`` exists, for parsing as an ES module.
"""

from __future__ import annotations

import asyncio
import json
import random
import re
import secrets
from pathlib import Path

import pytest

import explorer
from explorer.bangkok import State, solo_scores
from explorer.bangkok.examples import OTHER_ROWS, SCORING_ROWS, scenario
from widgets import BangkokTableWidget, MarketWidget, PortWidget, widget_for
from widgets._session import BAD_MESSAGE, STALE
from widgets.apps import finished_rounds
from widgets.bangkok_chart import bangkok_chart
from widgets.walkthrough import Step, Walkthrough

STATIC = Path(__file__).resolve().parents[2] / "widgets" / "static"
# What the widget adds to the engine's view (the rest, scoring and the last moves included, is the engine's).
EXTRAS = {"parts", "overlay", "open_hands", "open_objectives", "names", "learners", "bots", "teaching"}


def play_through(widget: BangkokTableWidget, rng: random.Random) -> int:
    """Random legal clicks to the end; every view drawn on the way shows no card id kept secret."""
    clicks = 0
    while not widget.state.is_over:
        view = widget.view
        text = json.dumps(view)
        assert not [s for s in widget.state.secrets(view["seat"]) if f'"{s}"' in text]
        assert view["current_player"] in widget.seats and not widget.busy
        action = rng.choice(view["legal"])
        assert widget.handle_intent({"type": "play", "action": action, "move": view["move_number"]})
        assert widget.error == {}
        clicks += 1
    return clicks


@pytest.mark.parametrize("players", [1, 2, 4])
def test_whole_game_through_messages_scores_match_engine(players: int) -> None:
    seat = players - 1
    widget = BangkokTableWidget.new_game("bangkok", players=players, seat=seat, seed=7, bot_delay=0)
    assert play_through(widget, random.Random(players)) > 0
    view = widget.view
    assert view["is_over"] and view["phase"] == "over"
    assert view["scores"] == widget.state.scores()
    assert view["winners"] == list(widget.state.outcome().winners)  # type: ignore[union-attr]
    # At the end every objective is shown, and each market's lines add up to its score.
    for s, scoring in enumerate(view["scoring"]):
        assert not scoring["objective_hidden"]
        assert scoring["total"] == sum(line["points"] for line in scoring["lines"]) == view["scores"][s]
    assert explorer.replay(widget.state.to_record()) == widget.state
    assert finished_rounds(widget.state) == 1


def test_view_extras_and_what_stays_hidden() -> None:
    widget = BangkokTableWidget.new_game("bangkok", players=3, seat=1, seed=3, bot_delay=0)
    view = widget.view
    assert set(view) >= EXTRAS and view["parts"] == ["port", "markets"]
    assert view["seat"] == 1 and view["open_hands"] is None and view["open_objectives"] is None
    text = json.dumps(view)
    assert not [secret for secret in widget.state.secrets(1) if f'"{secret}"' in text]
    for s, scoring in enumerate(view["scoring"]):
        hidden = s != 1
        assert scoring["objective_hidden"] is hidden
        assert any(line["kind"] == "objective" for line in scoring["lines"]) is not hidden
    widget.teaching = True
    state = widget.state
    assert isinstance(state, State)
    assert [[c["card"] for c in hand] for hand in widget.view["open_hands"]] == [
        [state.card(c).face for c in hand] for hand in state.hands]
    assert widget.view["open_objectives"] == [state.edition.objectives[t] for t in state.objectives]
    assert not any(s["objective_hidden"] for s in widget.view["scoring"])
    widget.teaching = False
    assert widget.view["open_hands"] is None


def test_two_step_placement_offers_the_engines_collections() -> None:
    # Example 2 of the book: PZ right of row 1 must take the Z card and one of two P cards.
    widget = PortWidget(scenario(["Z P PB", *OTHER_ROWS], ["PZ", "F", "B"]), seat=None, bots=None)
    entry = widget.view["placements"]["PZ@R1"]
    assert entry["actions"]["R1R"] == ["place:PZ@R1R>a1=Z,b1=P", "place:PZ@R1R>a1=Z,c1=PB"]
    assert [(c["cell"], c["status"]) for c in entry["cells"]] == [("a1", "forced"), ("b1", "choice"),
                                                                   ("c1", "choice")]
    assert "may not be left behind" in entry["cells"][0]["reason"]
    # An end that is not lit sends place:CARD@END>; the engine says why, and nothing changes.
    before, view = widget.state, dict(widget.view)
    assert not widget.handle_intent({"type": "play", "action": "place:PZ@R3R>", "move": 0})
    assert widget.error["rule"] == "bangkok.place.shared-good"
    assert "cannot go right of row 3" in widget.error["message"]
    assert widget.state is before and widget.view == view
    assert widget.handle_intent({"type": "play", "action": "place:PZ@R1R>a1=Z,c1=PB", "move": 0})
    move = widget.view["port_move"]
    assert move["kind"] == "place" and move["end"] == "R1R" and move["taken"] == ["a1", "c1"]
    # The port as it was; the taken cards keep their faces but not their ids (now in a hand).
    was = before.view(0)["port"]
    was[0][0]["id"] = was[0][2]["id"] = None
    assert move["before"] == was
    state = widget.state
    assert isinstance(state, State)
    # The placed card pushed in from the right: b1's P slid to a1, PZ sits at b1, c1 was refilled.
    assert [cell["card"] for cell in widget.view["port"][0]][:2] == ["P", "PZ"]
    assert move["placed"] == widget.view["port"][0][1]["id"]
    assert [d["cell"] for d in move["drawn"]] == ["c1"]
    assert move["caption"].startswith(
        "Step 2: the boat with passion fruit and Thai zucchini is pushed in right of row 1, so row 1 "
        "slides left")


def test_market_phase_and_refusals_in_the_market() -> None:
    state = scenario(["PZ F P", *OTHER_ROWS], ["P!1P", "F", "PF"],
                     markets=[["Z!4B B B", "FZ BB!3BF BF", "ZZ BF ."], [". . .", ". . .", ". . ."]],
                     objectives=["B", "P"])
    widget = MarketWidget(state, seat=None, bots=None)
    assert widget.view["parts"] == ["markets"] and widget.overlay
    assert widget.handle_intent({"type": "play", "action": state.collections("PF", "R1R").actions[0]})
    assert widget.view["phase"] == "market"
    assert [a for a in widget.view["legal"] if a.startswith("market:P!1P")] == ["market:P!1P@c3"]
    assert not widget.handle_intent({"type": "play", "action": "market:P!1P@a1"})
    assert widget.error["rule"] == "bangkok.market.fixed"
    assert widget.handle_intent({"type": "play", "action": "market:P!1P@c3"})
    assert widget.view["market_move"] == {"move": 2, "seat": 0, "cell": "c3"}
    # Seat 1 now finishes the round and sees the table: seat 0's objective is hidden from it.
    assert widget.view["seat"] == 1 and widget.view["scoring"][0]["objective_hidden"]
    assert [line["points"] for line in widget.view["scoring"][0]["lines"]] == [2, 6, 4, 2]
    widget.teaching = True
    lines = widget.view["scoring"][0]["lines"]
    assert [line["points"] for line in lines] == [6, 2, 6, 4, 2]  # the book's 20-point market


def test_scoring_overlay_marks_the_counted_goods() -> None:
    state = scenario(["PZ F P", *OTHER_ROWS], ["F", "PF", "Z"],
                     markets=[SCORING_ROWS, [". . .", ". . .", ". . ."]], objectives=["B", "P"])
    scoring = state.market_scoring(0, reveal=True)
    assert scoring["total"] == 20 and not scoring["objective_hidden"]
    objective, chilli4, chilli3, chilli1, complete = scoring["lines"]
    assert objective["kind"] == "objective" and objective["points"] == 6
    assert sum(len(m) for m in objective["marks"].values()) == 6
    # Z!4B at a1 sees itself, b1 and a2: B shows once on b1... and counts 2.
    assert chilli4["cell"] == "a1" and chilli4["area"] == ["a1", "b1", "a2"]
    assert chilli4["marks"] == {"b1": [{"good": "B", "effect": "+2"}]}
    assert chilli3["chilli"] == {"card": "BB!3BF", "type": 3, "indicated": "BF"}
    assert chilli3["points"] == 6
    assert all(m["effect"] == "pair" for ms in chilli3["marks"].values() for m in ms)
    assert chilli1["points"] == 4 and chilli1["marks"] == {"c3": [{"good": "P", "effect": "-1"}]}
    assert complete["kind"] == "complete" and complete["points"] == 2
    hidden = state.market_scoring(0, reveal=False)
    assert hidden["objective_hidden"] and hidden["total"] == 14


def test_renewal_is_described_for_the_animation() -> None:
    widget = BangkokTableWidget.new_game("bangkok", players=2, seat=None, seed=4, bots=None, bot_delay=0)
    before = widget.view["port"]
    assert widget.handle_intent({"type": "play", "action": "renew:R2"})
    move = widget.view["port_move"]
    assert move["kind"] == "renew" and move["line"] == "R2"
    assert {d["cell"] for d in move["drawn"]} <= {"a2", "b2", "c2"} and move["drawn"]
    for row, (old, shown) in enumerate(zip(before, move["before"], strict=True)):
        for col, (a, b) in enumerate(zip(old, shown, strict=True)):
            swapped = row == 1 and f"{'abc'[col]}2" in {d["cell"] for d in move["drawn"]}
            assert b == ({**a, "id": None} if swapped else a), "cards gone under a pile lose their ids"
    widget.restart()
    assert widget.view["port_move"] is None, "a jump back has nothing to animate"


@pytest.mark.parametrize(
    ("message", "rule"),
    [
        ("renew:R1", BAD_MESSAGE),
        ({"type": "play", "action": 12}, BAD_MESSAGE),
        ({"type": "play", "action": "renew:R1", "extra": 1}, BAD_MESSAGE),
        ({"type": "play", "action": "renew:R1", "move": 9999}, STALE),
        ({"type": "play", "action": "renew:R9"}, "bangkok.notation"),
        ({"type": "play", "action": "market:PZ@b1"}, "bangkok.market.required"),
    ],
)
def test_forged_messages_change_nothing(message: object, rule: str) -> None:
    widget = BangkokTableWidget.new_game("bangkok", players=2, seat=None, seed=2, bots=None, bot_delay=0)
    before, view = widget.state, dict(widget.view)
    assert widget.handle_intent(message) is False
    assert widget.error["rule"] == rule and widget.error["message"]
    assert widget.state is before and widget.view == view


def test_restart_with_a_seed_drops_the_scenario(monkeypatch: pytest.MonkeyPatch) -> None:
    widget = PortWidget(scenario(["ZB F P", *OTHER_ROWS], ["PZ", "F", "B"]), seat=None, bots=None)
    monkeypatch.setattr(secrets, "randbelow", lambda _n: 2)  # a new deal: drawn from secrets
    assert widget.handle_intent({"type": "new-game"})
    assert widget.state.rules["start"] is None and widget.state.seed == 2


def test_walkthrough_drives_the_port_and_market_widgets() -> None:
    start = scenario(["ZB F P", *OTHER_ROWS], ["PZ", "F", "B"])
    after = start.play("place:PZ@R1R>a1=ZB,c1=P")
    for table in (PortWidget, MarketWidget):
        tour = Walkthrough([Step("Before", "x", start), Step("After", "y", after)], table_class=table)
        assert tour.table.view["parts"] == list(table.PARTS)
        tour.next()
        assert tour.table.state == after
        assert tour.table.view["port_move"]["taken"] == ["a1", "c1"], "stepping on animates step 2"
    with pytest.raises(ValueError, match="draws bangkok"):
        tindahan = explorer.new_game("tindahan", players=3, seed=1)
        Walkthrough([Step("x", "y", tindahan)], table_class=PortWidget)


def test_play_app_uses_the_table_and_its_chart() -> None:
    assert widget_for("bangkok") is BangkokTableWidget
    state = explorer.new_game("bangkok", players=2, seed=1)
    assert finished_rounds(state) == 0
    fig = bangkok_chart(state, ["A", "B"])
    assert [trace["name"] for trace in fig["data"]] == ["objective", "chilli cards", "completed market"]
    solo = explorer.new_game("bangkok", players=1, seed=1)
    while not solo.is_over:
        solo = solo.play(solo.legal_actions()[0])
    fig = bangkok_chart(solo, ["You"])
    assert fig["layout"]["title"]["text"].startswith(f"Your {solo.scores()[0]} points")
    assert sum(fig["data"][0]["y"]) == 100


FRONT_END = ("bangkok_port.js", "bangkok_keys.js", "bangkok.js", "bangkok_port.css", "bangkok.css",
             "bangkok_keys.css")


def test_front_end_carries_the_hooks() -> None:
    js = BangkokTableWidget._esm  # the shared shell in front, as the browser loads it
    assert isinstance(js, str)
    for hook in ("re-bangkok", "re-port", "re-market", '"data-action"', '"data-card"', '"data-end"',
                 '"data-role": "score"', '"data-role": "error"', '"data-role": "turn"',
                 '"data-role": "summary"', "dataset.move", "dataset.busy", "dataset.current", "dataset.game"):
        assert hook in js, hook


def test_js_draws_the_view_model_and_knows_no_rules() -> None:
    """The JS reads moves, faces and rules from the view: no notation parsing, no rule or good names."""
    js = "\n".join((STATIC / name).read_text(encoding="utf-8") for name in FRONT_END if name.endswith(".js"))
    for leak in ('split(">")', 'split("=")', 'indexOf("!")', 'startsWith("place:")', 'startsWith("renew:")',
                 'startsWith(`market:', "passion fruit", "Thai zucchini", "points for each", "points minus"):
        assert leak not in js, leak


def test_doctests() -> None:
    import doctest

    from widgets import bangkok, bangkok_lessons

    result = doctest.testmod(bangkok)
    assert result.attempted >= 5 and result.failed == 0
    result = doctest.testmod(bangkok_lessons)
    assert result.attempted >= 2 and result.failed == 0


def test_a_choice_names_only_its_rivals_not_the_forced_card() -> None:
    # Engine fix found while writing the walkthrough: in the book's example 2 the Z card at a1 is
    # taken in every collection, so b1's reason must not call it a rival of b1.
    state = scenario(["Z P PB", *OTHER_ROWS], ["PZ", "F", "B"])
    reasons = {c.cell: c.reason for c in state.collections("PZ", "R1R").cells}
    assert reasons["b1"] == ("The boat with passion fruit at row 1, middle is one choice: it competes with "
                             "the card at row 1, right for the same good (passion fruit)")
    assert reasons["c1"] == ("The boat with passion fruit and blue peas at row 1, right is one choice: it "
                             "competes with the card at row 1, middle for the same good (passion fruit)")


def test_solo_benchmark_is_played_ahead_on_the_loop() -> None:
    from widgets.bangkok import _SOLO_SCORES, _solo_setup, solo_benchmark, warm_solo_benchmark

    state = explorer.new_game("bangkok", players=1, seed=5, solo_slots="piles-only")
    key = _solo_setup(state)[0]
    _SOLO_SCORES.pop(key, None)

    async def play_along() -> int:
        warm_solo_benchmark(state, games=4)
        for _ in range(10):
            await asyncio.sleep(0)
        return len(_SOLO_SCORES[key])

    assert asyncio.run(play_along()) == 4, "the games were played between other work on the loop"
    assert solo_benchmark(state, 6) == solo_scores(6, solo_slots="piles-only")


def test_the_table_names_seats_and_tells_the_bots_moves_in_words() -> None:
    widget = BangkokTableWidget.new_game("bangkok", players=3, seat=0, seed=2, bot_delay=0)
    rng = random.Random(2)
    while len([e for e in widget.view["events"] if e["seat"] != 0]) < 4:
        view = widget.view
        assert widget.handle_intent({"type": "play", "action": rng.choice(view["legal"]),
                                     "move": view["move_number"]})
    view = widget.view
    assert view["names"] == ["You", "Boon", "Chai"]
    texts = [e["text"] for e in view["events"]] + list(view["labels"].values())
    assert all(t.startswith(("You ", "Boon ", "Chai ")) for t in texts[: len(view["events"])]), texts
    notation = re.compile(r"[Ss]eat \d|![1-4]|#\d|\b[abc][1-3]\b|\b[RC][1-3][LRTB]?\b|\b[PZBF]{1,3}\b")
    assert not [t for t in texts if notation.search(t)]
    # What the JS needs to mark the bots' moves and draw the key comes with the view.
    bot = next(e for e in reversed(view["events"]) if e["seat"] != 0)
    assert bot["kind"] in ("place", "market", "renew", "return", "pass") and "move" in bot
    assert set(view["chilli_types"]) == {"1", "2", "3", "4"}
    assert view["place_words"]["market"]["b2"] == "centre"
    js = BangkokTableWidget._esm
    assert isinstance(js, str)
    for hook in ("re-just-played", '"data-role": "just-played"', '"data-role": "legend"', "view.chilli_types",
                 "view.place_words", "firstPlayerText", "hadFocus"):
        assert hook in js, hook
