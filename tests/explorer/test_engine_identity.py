"""The public API's behaviour pinned by digests of seeded games (issue 9's engine work).

Speeding up the engine (cached legal lists, tables from notation to moves, cheaper copies) must
change nothing a caller can see. Seeded random games with random rules options are played through
the public API, and everything they show is hashed: every step's legal list (order included), the
action chosen, refusals of illegal actions (rule and message), views at some steps, and at the end
the record, scores, score sheet, every seat's view and board text. The digests in
``engine_identity.json`` were written by the code before that work (commit 4ce470c).

The file pins behaviour, not the list of options: for each game it holds the option names the game
had when it was written (``options``) and, per stored game (the ``index``-th is seed ``SEED + index``),
its ``digest``, the explicit rule set it was played with (``rules``, option name -> value; {} for the
defaults) and ``draws``, how many 32-bit words the game's move generator (``random.Random(
"GAME:INDEX")``) spent drawing those rules (omitted when none): the test passes over as many before
drawing moves, so the moves are the ones hashed. An option added since then takes its default and is
left out of the hashed records and views (as are the view keys in ``ADDED_VIEW_KEYS``); an option a
stored rule set names that the game no longer has fails with the option and the seeds. Writing a
game's entry anew (its rule sets drawn again from today's options, ``sampled_rules``, and its
digests from today's code; 300 games per game, ``STORED``):

    .venv/bin/python tests/explorer/test_engine_identity.py --write GAME ...

(all four games without a name; to pin an older checkout's behaviour, run this file with
``PYTHONPATH=<old checkout>``). A change in any of the hashed outputs fails here, naming the game and
the seeds. The default run checks the first games of each (``DEFAULT``); ``IDENTITY_GAMES=300``
checks all.
"""

from __future__ import annotations

import copy
import hashlib
import json
import os
import pickle
import random
import sys
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

import pytest

import explorer
from explorer import IllegalAction

DIGESTS = Path(__file__).with_name("engine_identity.json")
STORED = 300  # games per game in the file
# The default run's share: about a second of CPU per game on the project machine (Bangkok two).
DEFAULT = {"bangkok": 50, "bastos": 12, "tindahan": 20, "klongs": 15}
SEED = 5000


def sampled_rules(game: str, index: int, rng: random.Random) -> dict[str, Any]:
    """The rule set ``--write`` gives the ``index``-th game (as tests/explorer/helpers.py, kept here so
    that a change to that helper never moves a stored game)."""
    if index % 2 == 0:
        return {}
    cls = explorer.game_class(game)
    return {name: rng.choice(option.choices) for name, option in cls.OPTIONS.items() if option.choices}


def move_generator(game: str, index: int) -> random.Random:
    return random.Random(f"{game}:{index}")


def words_drawn(game: str, index: int, rng: random.Random) -> int:
    """How many 32-bit words ``rng`` has drawn since it was the ``index``-th game's fresh generator."""
    fresh, words = move_generator(game, index), 0
    while fresh.getstate() != rng.getstate():
        fresh.getrandbits(32)  # one word, as each try of rng.choice() over fewer than 2**32 values
        words += 1
        assert words < 10_000, "the generator is not a fresh one's next draws"
    return words


def stored(game: str) -> dict[str, Any]:
    """``game``'s entry in the file: ``options`` (names when written) and ``games``."""
    pinned: dict[str, Any] = json.loads(DIGESTS.read_text())[game]
    return pinned


def removed_options(game: str) -> dict[str, list[int]]:
    """Options that stored rule sets of ``game`` name but the game no longer has, with those seeds."""
    options = explorer.game_class(game).OPTIONS
    gone: dict[str, list[int]] = {}
    for index, entry in enumerate(stored(game)["games"]):
        for name in entry["rules"]:
            if name not in options:
                gone.setdefault(name, []).append(SEED + index)
    return gone


def mangled(action: str, rng: random.Random) -> str:
    """A near miss of a legal notation: a character dropped, doubled or swapped for another."""
    at = rng.randrange(len(action))
    how = rng.randrange(3)
    if how == 0:
        return action[:at] + action[at + 1:]
    if how == 1:
        return action[:at] + action[at] + action[at:]
    return action[:at] + rng.choice("PZBF!@>=,:1234abcRCLT.x") + action[at + 1:]


#: View keys added after the digests were written (what was there is pinned; these are checked by
#: their own tests): Klongs' public facts the strong bot rebuilds a table from (session 25).
ADDED_VIEW_KEYS = {"klongs": ("known_in_hands", "passes_in_a_row", "next_draw_skipped")}
ADDED_MARKET_KEYS = {"klongs": ("idle", "starter")}
#: The games whose public history gained its game-over entry since (Tindahan's always ended with one).
ADDED_OVER_EVENT = ("bangkok", "bastos", "klongs")
#: Event keys renamed since, per game: today's name -> the name the digests were written with (Klongs'
#: events said "type" where every other game's said "kind").
RENAMED_EVENT_KEYS = {"klongs": {"kind": "type"}}


def pinned_rules(shown: Mapping[str, Any], options: Sequence[str]) -> dict[str, Any]:
    """A record's or view's ``rules`` without the options added since the file was written."""
    return {name: value for name, value in shown.items() if name in options}


def pinned_view(game: str, view: dict[str, Any], options: Sequence[str]) -> dict[str, Any]:
    """``view`` without the keys and options added since the digests were written."""
    out = {k: v for k, v in view.items() if k not in ADDED_VIEW_KEYS.get(game, ())}
    if isinstance(out.get("market"), dict):
        out["market"] = {k: v for k, v in out["market"].items() if k not in ADDED_MARKET_KEYS.get(game, ())}
    out["rules"] = pinned_rules(out["rules"], options)
    if game in ADDED_OVER_EVENT and view["is_over"]:
        assert view["events"][-1]["kind"] == "over", "a finished game's history ends with who won"
        out["events"] = view["events"][:-1]
    renamed = RENAMED_EVENT_KEYS.get(game)
    if renamed:
        out["events"] = [{renamed.get(k, k): v for k, v in event.items()} for event in out["events"]]
    return out


def dump(value: Any) -> bytes:
    return json.dumps(value, sort_keys=True, default=repr).encode()


def refusal(state: explorer.GameState, action: str) -> list[Any]:
    try:
        state.play(action)
    except IllegalAction as exc:
        return ["refused", exc.rule, str(exc), exc.action]
    return ["played", action]


def digest(game: str, index: int, entry: Mapping[str, Any], options: Sequence[str]) -> str:
    """What the ``index``-th stored game of ``game`` shows through the public API, hashed: played
    with the entry's ``rules``, its moves drawn after the entry's ``draws``; ``options`` are the
    game's option names when the entry was written."""
    cls = explorer.game_class(game)
    counts = list(range(cls.MIN_PLAYERS, cls.MAX_PLAYERS + 1))
    sha = hashlib.sha256()
    rng = move_generator(game, index)
    for _ in range(entry.get("draws", 0)):
        rng.getrandbits(32)
    players = counts[index % len(counts)]
    state = explorer.new_game(game, players=players, seed=SEED + index, **entry["rules"])
    step = 0
    while not state.is_over:
        legal = state.legal_actions()
        notations = [str(a) for a in legal]
        sha.update(dump([state.current_player, notations]))
        if step % 7 == 3:
            probes = ["no-such-action", mangled(rng.choice(notations), rng)]
            sha.update(dump([refusal(state, probe) for probe in probes]))
            sha.update(dump([state.check(probe) is None for probe in probes]))
        if step % 23 == 5:
            seat = state.current_player
            assert seat is not None
            sha.update(dump(pinned_view(game, state.view(seat), options)))
        choice = rng.randrange(len(legal))
        state = state.play(notations[choice] if rng.random() < 0.7 else legal[choice])
        step += 1
    record = state.to_record()
    sha.update(dump({**record, "rules": pinned_rules(record["rules"], options)}))
    sha.update(dump([state.scores(), list(state.score_sheet()), repr(state.outcome())]))
    sha.update(dump(refusal(state, "no-such-action")))
    for seat in range(players):
        sha.update(dump(pinned_view(game, state.view(seat), options)))
        sha.update(state.board_text(seat).encode())
    return sha.hexdigest()[:24]


def differing(game: str, games: int) -> list[int]:
    """The seeds of the first ``games`` stored games of ``game`` that no longer show their digest."""
    pinned = stored(game)
    return [SEED + index for index, entry in enumerate(pinned["games"][:games])
            if digest(game, index, entry, pinned["options"]) != entry["digest"]]


@pytest.mark.parametrize("game", list(DEFAULT))
def test_the_public_api_behaves_as_before(game: str) -> None:
    gone = removed_options(game)
    assert not gone, "; ".join(
        f"{game}: stored games were played with option {name!r}, which {game} no longer has (seeds "
        f"{seeds[:10]}, {len(seeds)} games): if it was renamed, rename it in {DIGESTS.name} (in the "
        f"rule sets and the options list), else write {game}'s games anew (--write {game})"
        for name, seeds in gone.items())
    games = min(STORED, int(os.environ.get("IDENTITY_GAMES", DEFAULT[game])))
    differ = differing(game, games)
    assert not differ, (f"{game}: legal lists, refusals, records, views or board texts differ from the "
                        f"stored ones in the games of seeds {differ[:10]} ({len(differ)} of {games})")


def test_the_file_holds_every_game_with_options_it_lists() -> None:
    # The hashed records and views keep only the listed options: a rule set naming another would
    # hash without it. (A hand edit renaming an option must rename it in both places.)
    for game in DEFAULT:
        pinned = stored(game)
        assert len(pinned["games"]) == STORED, game
        named = {name for entry in pinned["games"] for name in entry["rules"]}
        assert named <= set(pinned["options"]), (game, sorted(named - set(pinned["options"])))


def test_seeded_generators_shuffle_as_the_standard_library() -> None:
    # States shuffle with a faster loop of their own (issue 9): every deal must stay the library's.
    state = explorer.new_game("tindahan", players=3, seed=11)
    for salt in range(40):
        for size in (0, 1, 2, 3, 9, 40, 45, 70, 257):
            ours, theirs = list(range(size)), list(range(size))
            state.rng("deal", salt).shuffle(ours)
            random.Random(f"tindahan:11:deal:{salt}").shuffle(theirs)
            assert ours == theirs, (salt, size)


@pytest.mark.parametrize("game", list(DEFAULT))
def test_states_with_the_engines_tables_still_pickle_and_copy(game: str) -> None:
    # The engines keep lookup tables on their states (per edition, per thread): a state must still
    # travel to a worker process (pickle) and deep-copy, and go on alike.
    state = explorer.new_game(game, players=explorer.game_class(game).MAX_PLAYERS, seed=3)
    rng = random.Random(3)
    for _ in range(12):
        state = state.play(rng.choice(state.legal_actions()))
    for twin in (pickle.loads(pickle.dumps(state)), copy.deepcopy(state)):
        assert twin == state and twin.legal_actions() == state.legal_actions()
        action = rng.choice(state.legal_actions())
        assert twin.play(action) == state.play(action)


def written(game: str) -> dict[str, Any]:
    """``game``'s entry as ``--write`` makes it: rule sets drawn from today's options, today's digests."""
    options = list(explorer.game_class(game).OPTIONS)
    games = []
    for index in range(STORED):
        rng = move_generator(game, index)
        entry: dict[str, Any] = {"rules": sampled_rules(game, index, rng)}
        if words := words_drawn(game, index, rng):
            entry["draws"] = words
        games.append({"digest": digest(game, index, entry, options), **entry})
    return {"options": options, "games": games}


def formatted(pinned: Mapping[str, Mapping[str, Any]]) -> str:
    """The file's text: json, one stored game a line."""
    parts = []
    for game, entry in pinned.items():
        rows = ",\n".join(json.dumps(row) for row in entry["games"])
        options = json.dumps(entry["options"])
        parts.append(f'{json.dumps(game)}: {{\n"options": {options},\n"games": [\n{rows}\n]}}')
    return "{\n" + ",\n".join(parts) + "\n}\n"


if __name__ == "__main__" and sys.argv[1:2] == ["--write"]:  # --write GAME ...: those games anew
    everything = json.loads(DIGESTS.read_text()) if DIGESTS.exists() else {}
    for name in sys.argv[2:] or list(DEFAULT):
        everything[name] = written(name)
    DIGESTS.write_text(formatted(everything))
