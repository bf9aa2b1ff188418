"""The guided first games: each walked to its end teaches every catalogue rule a first game can meet,
its steps all come, its first moves are narrowed and then freed, and its words are plain."""

from __future__ import annotations

import re

import pytest

import explorer
from explorer import tutorials
from explorer.table import Table

GAMES = list(tutorials.TUTORIALS)  # each game's guided game, and its variants ("bangkok-solo")


@pytest.fixture(scope="module", params=GAMES)
def walked(request: pytest.FixtureRequest) -> tuple[explorer.GameState, tutorials.Guide]:
    return tutorials.walk(tutorials.script(request.param))


def test_the_walk_ends_the_game_and_teaches_every_rule_a_first_game_meets(walked) -> None:
    final, guide = walked
    assert final.is_over
    assert tutorials.untaught(guide) == []
    # Printed so the run shows which rules each game's tutorial teaches (and which it sets aside).
    print(guide.script.game, "taught:", sorted(guide.taught), "set aside:", dict(guide.script.unmet))


def test_every_step_comes_once_in_the_walk(walked) -> None:
    _final, guide = walked
    missing = [step.when.words for i, step in enumerate(guide.script.steps)
               if i not in guide.done and not step.optional]
    assert missing == []
    assert len(guide.lessons) >= len(guide.script.steps)


def test_rules_set_aside_are_catalogue_rules_with_a_reason_and_never_also_taught(walked) -> None:
    _final, guide = walked
    for rule, why in guide.script.unmet.items():
        assert rule in guide.rules and len(why) > 20
        assert all(rule not in step.rules for step in guide.script.steps), rule


def test_the_learner_reads_plain_words(walked) -> None:
    _final, guide = walked
    for lesson in guide.lessons:
        words = " ".join([lesson.title, lesson.text, *(text for _rule, text in lesson.rules)])
        assert not re.search(r"\b[Ss]eat \d|‹|\bNone\b|\{|\}", words), words
        assert not re.search(r"\b" + re.escape(guide.script.game) + r"\.[a-z-]+", lesson.text), lesson.text


@pytest.mark.parametrize("game", GAMES)
def test_a_narrowed_move_is_held_back_with_what_to_try_and_the_state_is_unchanged(game: str) -> None:
    script = tutorials.script(game)
    guide = tutorials.Guide(script)
    state = guide.start()
    table = Table(state, script.bots, people=[script.seat])
    for _ in range(500):  # to the first step that narrows the learner's moves
        if guide.narrowing is not None:
            break
        state = table.step() if table.bot_to_act() is not None else table.play(state.legal_actions()[0])
        guide.update(state)
    step = guide.narrowing
    assert step is not None and step.nudge, f"{game}: no step narrows the first moves"
    legal = [str(a) for a in state.legal_actions()]
    held = [a for a in legal if not step.allows(a)]
    allowed = [a for a in legal if step.allows(a)]
    assert allowed, f"{game}: the narrowing step allows none of the legal moves"
    if held:
        assert guide.refusal(state, held[0]) == step.nudge
    assert guide.refusal(state, allowed[0]) is None
    guide.update(state.play(allowed[0]))
    assert guide.narrowing is None or guide.narrowing is not step  # played: freed


@pytest.mark.parametrize("game", GAMES)
def test_other_learners_finish_the_game_too(game: str) -> None:
    # A learner who plays anything legal (a random bot) is never stuck: the guide only narrows moves
    # while some allowed move is legal, and every narrowing ends with the learner's next move.
    final, guide = tutorials.walk(tutorials.script(game), learner="random")
    assert final.is_over
    assert len(guide.done) >= len(guide.script.steps) // 2


def test_a_klongs_market_day_that_passes_the_learner_by_is_said() -> None:
    # The engine skips a player with nothing to score without a word: the guide says why, once, and
    # only to a learner who was never asked (the script's own walk scores at the first market day).
    said = "That market day passed you by"
    for learner, expected in (("heuristic", 0), ("random", 1)):
        _final, guide = tutorials.walk(tutorials.script("klongs"), learner=learner)
        assert sum(lesson.text.startswith(said) for lesson in guide.lessons) == expected, learner


def test_an_unknown_game_and_an_unknown_rule_are_refused_clearly() -> None:
    with pytest.raises(ValueError, match="no tutorial for 'chess'"):
        tutorials.script("chess")
    script = tutorials.script("tindahan")
    bad = tutorials.Script(script.game, script.players, script.seed,
                           (tutorials.Step("x", script.steps[0].when, rules=("tindahan.no-such-rule",)),))
    with pytest.raises(ValueError, match=r"tindahan\.no-such-rule"):
        tutorials.Guide(bad)


def test_what_just_scored_adds_up_to_the_change_in_the_scores(walked) -> None:
    # A sheet the engine rewrites as it stands (Bangkok) shows a changed line as "now +4 (was +2)":
    # read that way, each summary's lines account for the whole change in the scores it ends with.
    _final, guide = walked
    before = 0
    for lesson in guide.lessons:
        if not lesson.scored:
            continue
        lines = lesson.text.splitlines()
        change = 0
        for line in lines[1:-1]:
            was = re.search(r"now ([+-]\d+) \(was ([+-]\d+)\)$", line)
            change += int(was[1]) - int(was[2]) if was else int(re.search(r"([+-]\d+)$", line)[1])
        now = sum(int(n) for n in re.findall(r" (-?\d+)(?=,|\.$)", lines[-1]))
        assert now - before == change, lesson.text
        before = now
