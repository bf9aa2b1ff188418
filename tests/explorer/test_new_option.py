"""What a new rules option costs, proved once (issue 22): its declaration, its catalogue rule, the
code that reads it, and a test.

A throw-away Klongs option (``siesta``, two values, read by no rule code) and the catalogue rule it
names are added here exactly as ``klongs/_options.py`` and ``klongs/_catalogue.py`` would declare
them, and nothing else in the tree changes: the game plays, records, replays and rebuilds from a view
with it; the CLI and the analysis app list it; the engine-identity digests, the conformance
invariants and the playout's move-by-move walk beside the public API (``helpers.walk``) all hold. A
real variant adds the code that reads it (for Klongs the kernel: ``build()`` in ``klongs/_kernel.py``
turns the option into a flag) and tests of what it changes.
"""

from __future__ import annotations

import json
import random
from typing import Any

import pytest
from typer.testing import CliRunner

import explorer
from explorer._core.options import Option
from explorer._core.rules import Rule
from explorer.cli import app
from explorer.klongs import OPTIONS, RULES, State

from . import test_conformance as conformance
from .helpers import random_rules, walk
from .test_engine_identity import differing, removed_options

NAME, DEFAULT, OTHER = "siesta", "none", "after-lunch"
RULE = Rule("klongs.siesta", "A throw-away rule of a test: whichever the siesta option says, the boats "
            "sail on as before.", "engine: tests/explorer/test_new_option.py")
OPTION = Option(NAME, DEFAULT, (DEFAULT, OTHER),
                f"A test's stand-in (rule {RULE.id}): '{DEFAULT}' (default) or '{OTHER}'; changes nothing.")


@pytest.fixture
def siesta(monkeypatch: pytest.MonkeyPatch) -> None:
    """Klongs with the option and its rule declared, as if its two files listed one entry more; the
    declarations are the spec's own (``SPEC.options`` and ``SPEC.rules`` are these objects)."""
    assert explorer.klongs.SPEC.options is OPTIONS is State.OPTIONS and State.RULES is RULES
    monkeypatch.setitem(OPTIONS, NAME, OPTION)
    monkeypatch.setitem(RULES._rules, RULE.id, RULE)  # the catalogue's table of rules, in order


def without_rules(view: dict[str, Any]) -> dict[str, Any]:
    return {key: value for key, value in view.items() if key != "rules"}


def played(**rules: Any) -> tuple[list[Any], explorer.GameState]:
    """A seeded random two-player game to its end: per step the legal list, the action chosen and
    every seat's view without its ``rules``; and the last state."""
    state = explorer.new_game("klongs", players=2, seed=1, **rules)
    rng = random.Random(1)
    steps: list[Any] = []
    while not state.is_over:
        legal = [str(a) for a in state.legal_actions()]
        action = rng.choice(legal)
        steps.append((legal, action, [without_rules(state.view(seat)) for seat in range(2)]))
        state = state.play(action)
    return steps, state


@pytest.mark.usefixtures("siesta")
def test_a_game_under_the_new_option_plays_as_the_default() -> None:
    default_steps, default = played()
    steps, state = played(**{NAME: OTHER})
    assert default.rules[NAME] == DEFAULT and state.rules[NAME] == OTHER
    assert state.view(0)["rules"][NAME] == OTHER
    assert len(steps) > 50 and steps == default_steps
    assert state.scores() == default.scores() and state.score_sheet() == default.score_sheet()
    for seat in range(2):
        assert without_rules(state.view(seat)) == without_rules(default.view(seat))
        assert state.board_text(seat) == default.board_text(seat)
    with pytest.raises(ValueError, match=f"option {NAME}='late' is not allowed; choose one of"):
        explorer.new_game("klongs", players=2, seed=1, **{NAME: "late"})


@pytest.mark.usefixtures("siesta")
def test_the_record_carries_the_option_and_replays() -> None:
    _, state = played(**{NAME: OTHER})
    record = state.to_record()
    assert record["rules"][NAME] == OTHER
    again = explorer.replay(json.loads(json.dumps(record)))
    assert again == state and again.to_record() == record
    # A record written before the option existed replays under its default.
    older = {**record, "rules": {k: v for k, v in record["rules"].items() if k != NAME}}
    assert explorer.replay(older).rules[NAME] == DEFAULT
    # The strong bot's rebuild of a table from a seat's view keeps it (it reads the view's rules).
    assert State.from_view(state.view(1)).rules[NAME] == OTHER


@pytest.mark.usefixtures("siesta")
def test_the_cli_lists_the_option_and_its_rule() -> None:
    runner = CliRunner()
    shown = runner.invoke(app, ["rules", "klongs"])
    assert shown.exit_code == 0 and RULE.id in shown.output and NAME in shown.output
    assert f"{NAME}={DEFAULT!r}" in runner.invoke(app, ["games"]).output
    games = runner.invoke(app, ["simulate", "klongs", "-n", "1", "--bots", "random", "-r", f"{NAME}={OTHER}"])
    assert games.exit_code == 0, games.output


@pytest.mark.usefixtures("siesta")
def test_the_analysis_app_offers_the_option() -> None:
    analysis_app = pytest.importorskip("widgets.analysis_app")
    chooser = analysis_app.AnalysisApp()
    chooser.game.value = "klongs"
    assert NAME in [value for _label, value in chooser.option.options]
    chooser.option.value = NAME
    assert list(chooser.values.value) == [DEFAULT, OTHER]


@pytest.mark.usefixtures("siesta")
def test_the_stored_identity_games_still_pass() -> None:
    # They name the options they were played with; the new one plays its default there.
    assert removed_options("klongs") == {}
    assert differing("klongs", 6) == []


@pytest.mark.usefixtures("siesta")
def test_the_conformance_invariants_hold(monkeypatch: pytest.MonkeyPatch) -> None:
    # The conformance playouts draw every option that lists choices, the new one too (odd games).
    monkeypatch.setattr(conformance, "GAMES_PER_GAME", 12)
    monkeypatch.setattr(conformance, "DEEP_GAMES", 3)
    conformance.test_random_playouts("klongs")
    conformance.test_unknown_option_is_type_error("klongs")
    conformance.test_bad_records_are_refused("klongs")


@pytest.mark.usefixtures("siesta")
def test_the_playout_follows_the_public_api_under_it() -> None:
    # Random games with every other option at a random value: the playout plays them as the public
    # API does and ends where the table ends (its state's snapshot, rules included, is the table's);
    # the option is in the rules of that position and in its record, which replays to it.
    for seed in range(2):
        rng = random.Random(seed)
        rules = {**random_rules("klongs", rng), NAME: OTHER}
        state = explorer.new_game("klongs", players=2 + seed, seed=seed, **rules)
        end = walk(state, rng, table=5)
        assert end.rules[NAME] == OTHER and end.snapshot()["rules"][NAME] == OTHER
        assert end.to_record()["rules"][NAME] == OTHER and explorer.replay(end.to_record()) == end


def test_the_option_is_gone_after_the_test() -> None:
    # The fixture restores the declarations (this runs after the tests above, in file order).
    assert NAME not in OPTIONS and RULE.id not in RULES
    assert NAME not in explorer.new_game("klongs", players=2, seed=0).rules
