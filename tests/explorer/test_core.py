"""The shared engine core: options, registry, records and the command line, independent of any game."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

import explorer
from explorer._core.options import Option, resolve_options
from explorer._core.rules import Rule, RuleCatalogue
from explorer.cli import app

ROOT = Path(__file__).resolve().parents[2]


def test_games_are_the_contract() -> None:
    assert explorer.GAMES == ("bangkok", "klongs", "tindahan", "bastos")
    assert issubclass(explorer.IllegalAction, ValueError)
    assert issubclass(explorer.RecordError, ValueError)


def test_unknown_game_is_refused() -> None:
    with pytest.raises(ValueError, match="unknown game 'chess'"):
        explorer.new_game("chess", players=2)


def test_options_resolve_defaults_and_refuse_bad_values() -> None:
    declared = {"mode": Option("mode", "a", ("a", "b"), "which mode")}
    assert resolve_options("g", declared, {}) == {"mode": "a"}
    assert resolve_options("g", declared, {"mode": "b"}) == {"mode": "b"}
    with pytest.raises(TypeError, match="valid options: mode"):
        resolve_options("g", declared, {"mood": "b"})
    with pytest.raises(ValueError, match="choose one of 'a', 'b'"):
        resolve_options("g", declared, {"mode": "c"})


def test_catalogue_refuses_foreign_and_duplicate_ids() -> None:
    with pytest.raises(ValueError, match="must start with"):
        RuleCatalogue("g", [Rule("h.x", "text", "1")])
    with pytest.raises(ValueError, match="duplicate"):
        RuleCatalogue("g", [Rule("g.x", "text", "1"), Rule("g.x", "again", "1")])


def test_players_and_seed_are_validated(game: str) -> None:
    cls = explorer.game_class(game)
    with pytest.raises(ValueError, match="players"):
        explorer.new_game(game, players=cls.MAX_PLAYERS + 1, seed=1)
    with pytest.raises(TypeError):
        explorer.new_game(game, players=cls.MIN_PLAYERS, seed="one")  # type: ignore[arg-type]


def test_states_are_values(game: str) -> None:
    cls = explorer.game_class(game)
    state = explorer.new_game(game, players=cls.MIN_PLAYERS, seed=5)
    first = state.legal_actions()[0]
    after = state.play(first)
    assert after is not state and after != state
    assert state.actions() == [] and after.actions() == [str(first)]
    assert "0x" not in repr(state)


runner = CliRunner()


def test_cli_games_lists_every_game() -> None:
    result = runner.invoke(app, ["games"], terminal_width=300)
    assert result.exit_code == 0
    for game in explorer.GAMES:
        assert game in result.output
    assert "klongs-reconstructed, klongs-review-track" in result.output  # the built-in editions


def test_cli_simulate_and_play_take_an_edition(tmp_path: Path) -> None:
    games = runner.invoke(app, ["simulate", "klongs", "-n", "2", "--bots", "random",
                                "--edition", "klongs-review-track"])
    assert games.exit_code == 0, games.output
    record = tmp_path / "game.json"
    played = runner.invoke(app, ["play", "klongs", "--players", "2", "--seed", "1", "--bots", "random",
                                 "--edition", "klongs-review-track", "--save", str(record)],
                           input="0\n" * 400)
    assert json.loads(record.read_text())["edition"] == "klongs-review-track", played.output
    for game, edition in (("klongs", "no-such-edition"), ("tindahan", "klongs-review-track")):
        refused = runner.invoke(app, ["simulate", game, "-n", "1", "--edition", edition])
        assert refused.exit_code == 2 and "Traceback" not in refused.output, refused.output
        assert "edition" in refused.output, refused.output


def test_cli_verify_passes_for_built_games(game: str) -> None:
    result = runner.invoke(app, ["verify", game])
    assert result.exit_code == 0, result.output
    assert "rulebook examples match" in result.output


def test_cli_replay_round_trip_and_bad_record(game: str, tmp_path: Path) -> None:
    result = runner.invoke(app, ["random-game", game, "--seed", "3"])
    assert result.exit_code == 0, result.output
    record = tmp_path / "game.json"
    record.write_text(result.output)
    assert json.loads(result.output)["game"] == game
    assert runner.invoke(app, ["replay", str(record)]).exit_code == 0
    data = json.loads(result.output)
    data["actions"].append("not-an-action")
    record.write_text(json.dumps(data))
    bad = runner.invoke(app, ["replay", str(record)])
    assert bad.exit_code == 2 and "not-an-action" in bad.output


def test_cli_rules_prints_the_catalogue(game: str) -> None:
    result = runner.invoke(app, ["rules", game])
    assert result.exit_code == 0
    first = next(iter(explorer.game_class(game).RULES))
    assert first in result.output


def test_console_script_is_installed() -> None:
    out = subprocess.run([Path(sys.executable).parent / "explorer", "--help"], capture_output=True, text=True)
    assert out.returncode == 0 and "verify" in out.stdout


def test_engine_imports_without_jupyter() -> None:
    code = (
        "import sys\n"
        "for name in ('ipywidgets', 'anywidget', 'plotly', 'IPython', 'jupyter_client', 'traitlets'):\n"
        "    sys.modules[name] = None  # make any import of them fail\n"
        "import explorer\n"
        "for game in explorer.GAMES:\n"
        "    try:\n"
        "        explorer.game_class(game)\n"
        "    except NotImplementedError:\n"
        "        pass\n"
        "print('ok')\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT)
    assert out.stdout.strip() == "ok", out.stderr


def test_cli_verify_fails_on_a_mismatch(monkeypatch: pytest.MonkeyPatch) -> None:
    from explorer._core.examples import Example

    wrong = Example("tindahan", "wrong", "A deliberately wrong expectation", "test", expected=1,
                    compute=lambda: 2, rules=("tindahan.score.trick",))
    broken = Example("tindahan", "broken", "An example whose scenario raises", "test", expected=1,
                     compute=lambda: 1 // 0, rules=("tindahan.score.trick",))
    monkeypatch.setattr(explorer.tindahan, "EXAMPLES", [*explorer.tindahan.EXAMPLES, wrong, broken])
    result = runner.invoke(app, ["verify", "tindahan"])
    assert result.exit_code == 1
    assert "NO" in result.output and "ZeroDivisionError" in result.output
