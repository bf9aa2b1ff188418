"""``explorer.exercises``: exercises drawn from seeded bot games and marked by the engine. Every expected
answer is checked here against the public API by another road: ``state.check`` for legal moves, the
trick helpers and the events for tricks, the score sheet and the games' scoring helpers for points."""

from __future__ import annotations

import re
from collections import Counter
from functools import cache
from typing import Any

import pytest

import explorer
import explorer.exercises
from explorer import exercises
from explorer.exercises import KINDS, Exercise, draw

CASES = [(game, kind) for game in explorer.GAMES for kind in KINDS[game]]
SEEDS = range(3)
MANY = range(50)
#: What a learner must never read in a question or a choice: action notation, card notation, boat and
#: card ids, chilli notation, rule ids, unrendered seat markers, 0-based seats.
RAW = re.compile(r"\b(?:place|market|renew|return|seller|cart|choose|raise|lower|score|steal|inspect|move|"
                 r"draw|merchant):\S|\b(?:banana|lanzones|mango|pineapple|durian)-\d|boat\d\d|#\d\d|![1-4]|"
                 r"\b(?:bangkok|klongs|tindahan|bastos)\.[a-z]|‹|\bseat \d")


@cache
def drawn(game: str, seed: int, kind: str | None = None) -> Exercise:
    return draw(game, seed=seed, kind=kind)


def expected(exercise: Exercise) -> Any:
    return exercise.check(0 if exercise.kind != "legal" else []).expected


def wrong(exercise: Exercise) -> Any:
    answer = expected(exercise)
    if exercise.kind == "legal":
        return set(range(len(exercise.choices))) - answer
    if exercise.kind == "trick":
        if answer is None:
            return 0
        return "nobody" if exercise.game == "bastos" else (answer + 1) % exercise.state.players
    return answer + 1


def rule_text(game: str, rule: str) -> str:
    return str(explorer.game_class(game).RULES[rule].text)


def helper_rules(exercise: Exercise) -> dict[str, Any]:
    return {name: value for name, value in exercise.state.rules.items() if name != "start"}


def test_the_module_imports_as_the_contract_names_it() -> None:
    assert explorer.exercises.draw is exercises.draw is draw
    assert set(KINDS) == set(explorer.GAMES)


@pytest.mark.parametrize(("game", "kind"), CASES)
def test_a_seed_draws_the_same_exercise(game: str, kind: str) -> None:
    one, two = draw(game, seed=11, kind=kind), draw(game, seed=11, kind=kind)
    assert (one.kind, one.question, one.choices, one.actions, one.seat, one.rules) == \
        (two.kind, two.question, two.choices, two.actions, two.seat, two.rules)
    assert one.state == two.state and one.state.to_record() == two.state.to_record()
    assert expected(one) == expected(two) and one.check(wrong(one)).reason == two.check(wrong(two)).reason


@pytest.mark.parametrize("game", explorer.GAMES)
def test_no_kind_given_draws_one_by_the_seed(game: str) -> None:
    kinds = Counter(drawn(game, seed).kind for seed in MANY)
    assert set(kinds) == set(KINDS[game])
    for seed in range(4):
        chosen = drawn(game, seed)
        assert chosen.question == drawn(game, seed, chosen.kind).question


@pytest.mark.parametrize("seed", SEEDS)
@pytest.mark.parametrize(("game", "kind"), CASES)
def test_the_expected_answer_is_right_and_another_is_wrong(game: str, kind: str, seed: int) -> None:
    exercise = drawn(game, seed, kind)
    assert exercise.kind == kind and exercise.game == game and exercise.seed == seed
    right, missed = exercise.check(expected(exercise)), exercise.check(wrong(exercise))
    assert right.correct and not missed.correct
    assert right.expected == missed.expected == expected(exercise)
    assert exercise.rules
    for rule in exercise.rules:
        assert rule_text(game, rule) in right.reason and rule_text(game, rule) in missed.reason
    assert str(right).startswith("Right.") and str(missed).startswith("Not quite.")


@pytest.mark.parametrize("seed", SEEDS)
@pytest.mark.parametrize("game", explorer.GAMES)
def test_legal_choices_are_what_the_engine_accepts(game: str, seed: int) -> None:
    exercise = drawn(game, seed, "legal")
    state, answer = exercise.state, expected(exercise)
    assert state.current_player == exercise.seat
    assert 2 <= len(exercise.choices) == len(exercise.actions) == len(set(exercise.choices)) <= 4
    assert answer and len(answer) < len(exercise.choices)  # at least one legal and one refused
    reason = exercise.check(answer).reason
    labels = state.view(exercise.seat)["labels"]
    for index, (action, text) in enumerate(zip(exercise.actions, exercise.choices, strict=True)):
        refusal = state.check(action)
        assert (refusal is None) == (index in answer), action
        assert text in exercise.question
        if refusal is None:
            assert labels[action] == text
        else:
            assert refusal.reason in reason and rule_text(game, refusal.rule) in reason
    letters = "".join("ABCD"[i] for i in sorted(answer))
    assert exercise.check(letters).correct and exercise.check(", ".join(letters)).correct
    assert exercise.check([exercise.choices[i] for i in answer]).correct
    assert exercise.check(tuple(answer)).correct and exercise.check(frozenset(answer)).correct


@pytest.mark.parametrize("seed", SEEDS)
@pytest.mark.parametrize("game", ["tindahan", "bastos"])
def test_the_trick_goes_to_whom_the_engine_gave_it(game: str, seed: int) -> None:
    exercise = drawn(game, seed, "trick")
    winner, view = expected(exercise), exercise.state.view(exercise.seat)
    assert view["last_trick"]["winner"] == winner
    told = [e for e in view["events"] if e.get("kind") in ("trick", "set-aside")][-1]
    assert told["text"] in exercise.check(winner).reason
    if game == "bastos":
        facts = exercise.facts
        taker = explorer.bastos.trick_winner(facts["cards"], facts["bastos"], facts["trump"],
                                             **helper_rules(exercise))
        assert winner == (None if taker is None else facts["seats"][taker])
    else:
        assert told["winner"] == winner
    if winner is not None:
        assert exercise.check(exercise.choices[winner]).correct
        assert exercise.check(exercise.state.seat_names()[winner].upper()).correct


def test_a_trick_set_aside_is_nobodys() -> None:
    exercise = draw("bastos", seed=30, kind="trick")
    assert expected(exercise) is None
    assert exercise.check("nobody").correct and exercise.check(None).correct
    assert exercise.check(exercise.choices[-1]).correct and not exercise.check(0).correct
    assert rule_text("bastos", "bastos.trick.set-aside") in exercise.check(None).reason


@pytest.mark.parametrize("seed", SEEDS)
@pytest.mark.parametrize("game", explorer.GAMES)
def test_points_add_up_the_score_sheets_lines(game: str, seed: int) -> None:
    exercise = drawn(game, seed, "points")
    marked = exercise.check(0)
    lines = marked.lines
    assert marked.expected == sum(line.points for line in lines)
    assert not Counter(lines) - Counter(exercise.state.score_sheet())
    assert len({line.seat for line in lines}) <= 1
    for line in lines:
        assert rule_text(game, line.rule) in marked.reason
        assert f"{line.points:+d}" in marked.reason
    facts, points = exercise.facts, marked.expected
    if game == "tindahan":
        names = "ABCDE"[:exercise.state.players]
        got = explorer.tindahan.score_round(
            dict(zip(names, facts["tricks"], strict=True)),
            dict(zip(names, facts["hand_cards"], strict=True)),
            {fruit: dict(zip(names, counts, strict=True)) for fruit, counts in facts["stalls"].items()},
            facts["trump"], **helper_rules(exercise))
        assert got[names[exercise.seat]] == points
    elif game == "bastos":
        assert explorer.bastos.score_round(facts["values"], {"X": facts["won"]})["X"] == points
    elif game == "bangkok":
        assert explorer.bangkok.score_market(facts["rows"], facts["objective"]).total == points
        assert exercise.state.is_over and exercise.state.scores()[exercise.seat] == points
    elif "boats" in facts:
        assert explorer.klongs.score_landing(facts["boats"]).get(facts["colour"], 0) == points
    else:
        assert explorer.klongs.stock_points(facts["goods"]) == points


@pytest.mark.parametrize("game", ["klongs"])
def test_klongs_asks_for_landings_and_stocks(game: str) -> None:
    facts = [drawn(game, seed, "points").facts for seed in range(12)]
    assert any("boats" in f for f in facts) and any("goods" in f for f in facts)


@pytest.mark.parametrize("game", explorer.GAMES)
def test_many_seeds_in_plain_words(game: str) -> None:
    for seed in MANY:
        exercise = drawn(game, seed)
        reason = exercise.check(expected(exercise)).reason
        for text in (exercise.question, *exercise.choices, reason):
            found = RAW.search(text)
            assert found is None, f"{game} seed {seed} ({exercise.kind}): {found and found[0]!r} in {text!r}"
        assert re.search(r"\byou(r)?\b", exercise.question, re.IGNORECASE)
        if exercise.kind == "legal":  # nobody's hidden cards in the question
            secrets = exercise.state.secrets(exercise.seat)
            words = [s.replace("-", " ") for s in secrets] if game in ("tindahan", "bastos") else secrets
            for secret in words:
                assert not re.search(rf"\b{re.escape(secret)}\b", exercise.question), (seed, secret)


def test_bad_answers_say_what_is_wrong() -> None:
    legal = drawn("tindahan", 0, "legal")
    for answer, error in [("Z", ValueError), ([9], ValueError), ("Play the joker", ValueError),
                          (None, TypeError), (2.5, TypeError), ([True], TypeError), ({"A": 1}, TypeError),
                          ([None], TypeError)]:
        with pytest.raises(error):
            legal.check(answer)
    trick = drawn("tindahan", 0, "trick")
    for answer, error in [(9, ValueError), (-1, ValueError), ("Zed", ValueError), ("nobody", ValueError),
                          (None, TypeError), (1.0, TypeError), (True, TypeError)]:
        with pytest.raises(error):
            trick.check(answer)
    points = drawn("bastos", 0, "points")
    for answer, error in [("lots", ValueError), (2.5, TypeError), (None, TypeError), (True, TypeError)]:
        with pytest.raises(error):
            points.check(answer)
    assert points.check(str(expected(points))).correct
    with pytest.raises(ValueError, match="games are"):
        draw("chess", seed=1)
    with pytest.raises(ValueError, match="kinds are legal, points"):
        draw("bangkok", seed=1, kind="trick")
    for seed in ("7", True, 1.5):
        with pytest.raises(TypeError, match="seed"):
            draw("tindahan", seed=seed)  # type: ignore[arg-type]


def test_no_seed_draws_a_fresh_exercise_that_can_be_drawn_again() -> None:
    exercise = draw("tindahan")
    assert draw("tindahan", seed=exercise.seed, kind=exercise.kind).question == exercise.question


def asking_seat_named(exercise: Exercise) -> str | None:
    """The first sentence a learner reads that names the asking seat otherwise than "you" (its name; in
    Klongs also its colour in lower case, "yellow merchant"), or None."""
    name = exercise.state.seat_names()[exercise.seat]
    pattern = re.compile(rf"\b{re.escape(name)}\b", re.IGNORECASE if exercise.game == "klongs" else 0)
    answer = expected(exercise)
    reasons = [exercise.check(answer).reason, exercise.check(wrong(exercise)).reason]
    return next((text for text in (exercise.question, *exercise.choices, *reasons) if pattern.search(text)),
                None)


@pytest.mark.parametrize(("game", "kind"), CASES)
def test_the_asking_seat_is_you_in_every_sentence(game: str, kind: str) -> None:
    """Questions, choices and reasons (right and wrong) call the asking seat "You", never by its name or
    colour; another seat is named (a Klongs landing pays every colour around it: asked of its scorer,
    about another colour, the reason says "Blue scores", and the scorer stays "you")."""
    for seed in range(30):
        exercise = drawn(game, seed, kind)
        said = asking_seat_named(exercise)
        assert said is None, f"{game} {kind} seed {seed}: {said!r}"
    for level in exercises.LEVELS[game][kind]:
        for seed in range(4):
            exercise = draw(game, seed=seed, kind=kind, level=level)
            assert asking_seat_named(exercise) is None, (game, kind, level, seed)


LEVEL_CASES = [(game, kind, level) for game, kind in CASES for level in exercises.LEVELS[game][kind]]


def cited(exercise: Exercise) -> set[str]:
    """The rules' texts a learner reads in the marking, whichever the answer."""
    return set(re.findall(r"The rule: (.*)$", exercise.check(wrong(exercise)).reason, re.MULTILINE))


@pytest.mark.parametrize(("game", "kind", "level"), LEVEL_CASES)
def test_each_level_cites_as_many_rules_as_it_promises(game: str, kind: str, level: int) -> None:
    for seed in range(6):
        exercise = draw(game, seed=seed, kind=kind, level=level)
        assert (exercise.kind, exercise.level) == (kind, level)
        texts = cited(exercise)
        assert len(texts) == level if level < 3 else len(texts) >= 3, (seed, texts)
        assert texts == {rule_text(game, rule) for rule in exercise.rules}
        if kind == "legal":  # the engine's refusals, asked again, name the same rules
            refusals = [exercise.state.check(action) for action in exercise.actions]
            assert {r.rule for r in refusals if r is not None} == set(exercise.rules)
        elif kind == "points":
            assert {line.rule for line in exercise.check(0).lines} == set(exercise.rules)
        right = exercise.check(expected(exercise))
        assert right.correct and not exercise.check(wrong(exercise)).correct


@pytest.mark.parametrize("game", explorer.GAMES)
def test_a_level_without_a_kind_draws_a_kind_that_has_it(game: str) -> None:
    for level in (1, 2, 3):
        offered = {kind for kind in KINDS[game] if level in exercises.LEVELS[game][kind]}
        drawn_kinds = set()
        for seed in range(6):
            exercise = draw(game, seed=seed, level=level)
            assert exercise.level == level and exercise.kind in offered
            drawn_kinds.add(exercise.kind)
        assert len(drawn_kinds) > 1 or len(offered) == 1, (level, drawn_kinds)


@pytest.mark.parametrize(("game", "kind", "level"), [("tindahan", "points", 1), ("bastos", "trick", 3),
                                                     ("klongs", "legal", 2), ("bangkok", None, 3)])
def test_a_level_draws_the_same_exercise_for_a_seed(game: str, kind: str | None, level: int) -> None:
    one, two = draw(game, seed=5, kind=kind, level=level), draw(game, seed=5, kind=kind, level=level)
    assert (one.kind, one.question, one.choices, one.rules, one.seat) == \
        (two.kind, two.question, two.choices, two.rules, two.seat)
    assert one.state.to_record() == two.state.to_record()
    others = {draw(game, seed=seed, kind=kind, level=level).question for seed in range(6, 9)}
    assert one.question not in others


def test_a_bad_level_is_refused_with_the_levels_there_are() -> None:
    for level in (0, 4, -1, "2", 2.0, True):
        with pytest.raises(ValueError, match=r"level must be 1, 2 or 3"):
            draw("tindahan", seed=1, level=level)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match=r"klongs points exercises come at level 1 only, not 2"):
        draw("klongs", seed=1, kind="points", level=2)
    assert draw("tindahan", seed=1, level=None).question == draw("tindahan", seed=1).question


def test_a_wrong_answer_is_said_back_before_the_reason() -> None:
    points = drawn("bastos", 0, "points")
    given = expected(points) + 3
    assert points.check(given).reason.startswith(f"You answered {given}. ")
    assert not points.check(expected(points)).reason.startswith("You answered")
    trick = drawn("tindahan", 0, "trick")
    other = (expected(trick) + 1) % trick.state.players
    name = trick.choices[other].replace("You", "yourself")
    assert trick.check(other).reason.startswith(f"You answered {name}. ")
