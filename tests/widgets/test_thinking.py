"""A host's searches take turns (widgets/_thinking.py): hints and strong bots of every visitor share
the hub's thinking slots, wait their turn without blocking their kernel, say how many are ahead, and
search with a smaller budget while others wait."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

import explorer
from widgets import play
from widgets._hints import HINT_SECONDS, THINK_SECONDS
from widgets._scheduler import FakeClock
from widgets._thinking import BUSY_SHARE, ENV, RETRY_SECONDS, ThinkingSlots, slots_for


def test_slots_are_taken_first_come_first_served(tmp_path: Path) -> None:
    slots = ThinkingSlots(tmp_path, 1)
    first, second, third = slots.ticket(), slots.ticket(), slots.ticket()
    held = slots.try_take(first)
    assert held is not None and held.share == BUSY_SHARE  # two others were waiting behind it
    assert slots.try_take(third) is None and slots.try_take(second) is None  # the one slot is held
    assert slots.ahead(second) == 0 and slots.ahead(third) == 1
    held.release()
    assert slots.try_take(third) is None, "the third came after the second: it waits"
    after = slots.try_take(second)
    assert after is not None and after.share == BUSY_SHARE  # the third still waits
    after.release()
    last = slots.try_take(third)
    assert last is not None and last.share == 1.0  # nobody waits behind it: the whole budget
    last.release()
    assert slots.waiting() == []


def test_a_dead_kernels_place_is_freed(tmp_path: Path) -> None:
    """A kernel that dies holding a slot or a ticket frees both: the system drops its lock, and its
    ticket names a process that is gone."""
    holder = ("import sys; from pathlib import Path; from widgets._thinking import ThinkingSlots; "
              "s = ThinkingSlots(Path(sys.argv[1]), 1); s.ticket(); s.try_take(s.ticket())")
    subprocess.run([sys.executable, "-c", holder, str(tmp_path)], check=True, timeout=60)
    slots = ThinkingSlots(tmp_path, 1)
    assert slots.waiting() == []
    mine = slots.ticket()
    taken = slots.try_take(mine)
    assert taken is not None and taken.share == 1.0
    taken.release()


def test_slots_come_from_the_hubs_environment(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv(ENV, raising=False)
    assert ThinkingSlots.from_env() is None  # JupyterLab, scripts: searches run at once
    monkeypatch.setenv(ENV, f"{tmp_path}:3")
    slots = ThinkingSlots.from_env()
    assert slots is not None and slots.folder == tmp_path and slots.slots == 3
    assert slots_for(2) == 1 and slots_for(1) == 1 and slots_for(8) == 7  # a core stays for clicks


def hub_table(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> tuple[object, FakeClock]:
    monkeypatch.setenv(ENV, f"{tmp_path}:1")
    clock = FakeClock()
    state = explorer.new_game("tindahan", players=3, seed=5)
    table = play(state, seat=state.current_player, bots="heuristic", bot_delay=0.2, scheduler=clock)
    return table, clock


def test_a_hint_waits_its_turn_and_says_how_many_are_ahead(tmp_path: Path,
                                                          monkeypatch: pytest.MonkeyPatch) -> None:
    table, clock = hub_table(tmp_path, monkeypatch)
    other = ThinkingSlots(tmp_path, 1)
    busy = other.try_take(other.ticket())  # another visitor's search holds the host's one slot
    assert busy is not None
    assert table.handle_intent({"type": "hint"})  # type: ignore[attr-defined]
    behind = other.ticket()  # and one more visitor asks after this table
    hints = table.view["hints"]  # type: ignore[attr-defined]
    assert hints["asked"] == 0 and hints["hint"] is None and hints["ahead"] == 0  # waiting, next in line
    clock.advance(RETRY_SECONDS * 4)
    assert table.view["hints"]["asked"] == 0  # type: ignore[attr-defined]
    busy.release()
    clock.advance(RETRY_SECONDS * 2)
    hints = table.view["hints"]  # type: ignore[attr-defined]
    assert hints["asked"] == 1 and hints["ahead"] is None and hints["hint"]["items"]
    # Another search waited meanwhile, so this one had a smaller budget, and says so in words.
    budget = f"{HINT_SECONDS * BUSY_SHARE:.1f}".rstrip("0").rstrip(".")
    assert f"searched for {budget} s instead of the usual 0.5 s" in hints["hint"]["busy"]
    other.cancel(behind)
    assert other.waiting() == []


def test_a_queued_hint_for_a_position_gone_by_is_dropped(tmp_path: Path,
                                                        monkeypatch: pytest.MonkeyPatch) -> None:
    table, clock = hub_table(tmp_path, monkeypatch)
    other = ThinkingSlots(tmp_path, 1)
    busy = other.try_take(other.ticket())
    assert busy is not None
    table.handle_intent({"type": "hint"})  # type: ignore[attr-defined]
    view = table.view  # type: ignore[attr-defined]
    table.handle_intent({"type": "play", "action": view["legal"][0], "move": view["move_number"]})  # type: ignore[attr-defined]
    clock.advance(RETRY_SECONDS * 2)
    hints = table.view["hints"]  # type: ignore[attr-defined]
    assert hints["asked"] == 1 and hints["hint"] is None and hints["ahead"] is None
    assert other.waiting() == []  # its ticket is given back
    busy.release()


def test_a_strong_bot_waits_for_a_slot_and_thinks_less_while_others_wait(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(ENV, f"{tmp_path}:1")
    clock = FakeClock()
    state = explorer.new_game("tindahan", players=3, seed=5)
    learner = (state.current_player + 1) % 3  # a bot moves first
    table = play(state, seat=learner, bots="strong", bot_delay=0.2, scheduler=clock)
    other = ThinkingSlots(tmp_path, 1)
    busy = other.try_take(other.ticket())
    assert busy is not None
    moves = len(table.state.actions())  # type: ignore[attr-defined]
    clock.advance(1.0)
    assert len(table.state.actions()) == moves and table.busy  # type: ignore[attr-defined]
    waiting = other.ticket()  # someone else waits too: the bot will think for its share only
    seen: list[float] = []
    bots = table._table.bots  # type: ignore[attr-defined]
    for bot in bots.values():
        choose = bot.choose
        bot.choose = lambda view, bot=bot, choose=choose: (seen.append(bot.seconds), choose(view))[1]
    busy.release()
    clock.advance(RETRY_SECONDS * 2)
    assert len(table.state.actions()) == moves + 1  # type: ignore[attr-defined]
    assert seen and seen[0] == pytest.approx(THINK_SECONDS * BUSY_SHARE)
    assert all(bot.seconds == THINK_SECONDS for bot in bots.values())  # its usual time restored
    other.cancel(waiting)
