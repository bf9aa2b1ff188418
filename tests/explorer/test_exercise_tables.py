"""The table a "points" or "trick" exercise shows (``Exercise.picture()``): the pieces that score, never
the score; the trick played out, never who takes it.

The exercise's ``state`` is the position after the scoring or the trick; its picture would show the points
in the totals and the last-move caption, or "taken by Ben" and "You take the trick with ...". These tests
read the HTML text of what the learner is shown."""

from __future__ import annotations

import html
import re

import pytest

from explorer import exercises
from explorer._core.words import YOU

SEEDS = range(16)


def _text(markup: str) -> str:
    return re.sub(r"\s+", " ", html.unescape(re.sub(r"<[^>]+>", " ", markup)))


def _titles(markup: str) -> list[str]:
    return [html.unescape(t) for t in re.findall(r'title="([^"]*)"', markup)]


def _scores(text: str, names: list[str]) -> list[int]:
    line = re.search(r"Scores: (.*?)(?: The | Last trick| Trick on| Market stalls| Value table)", text)
    assert line is not None, text[:400]
    got = dict(re.findall(r"(\S+(?: \S+)*?) (-?\d+)(?:, |$)", line.group(1)))
    return [int(got[name]) for name in names]


def _draws(game: str) -> list[exercises.Exercise]:
    out = [exercises.draw(game, seed=seed, kind="points") for seed in SEEDS]
    return out + [exercises.draw(game, seed=seed, kind="points", level=level)
                  for level in exercises.LEVELS[game]["points"] for seed in range(4)]


@pytest.mark.parametrize("game", list(exercises.KINDS))
def test_a_points_table_shows_what_scores_not_the_score(game: str) -> None:
    for exercise in _draws(game):
        state, seat = exercise.state, exercise.seat
        marked = exercise.check(0)
        points, names = marked.expected, list(state.seat_names(seat))
        markup = exercise.picture().html
        text = _text(markup)
        where = f"{game} seed {exercise.seed}: {text[:300]}"
        assert "Game over" not in text and " win" not in text.split("Last move")[0], where
        caption = text.partition("Last move (outlined):")[2]
        if game == "bangkok":  # no totals, no market's points: the markets are scored next
            assert "Scores:" not in text and "if scored now" not in text, where
            assert "the markets are scored next" in text, where
            assert f"Objective: {state.view(seat)['good_names'][exercise.facts['objective']]}" in text, where
            question = dict(re.findall(r"- (top|middle|bottom) row: (.*)", exercise.question))
            assert len(question) == 3, exercise.question
            continue
        shown = _scores(text, names)
        totals = state.scores()
        if game == "klongs" and "score landing" in exercise.question:
            landing = re.search(r"score landing (L\w+)", exercise.question)
            assert landing is not None
            assert f"scored landing {landing.group(1)}" not in caption, where
            asked = state.view(seat)["colours"].index(exercise.facts["colour"])
            stock = sum(line.points for line in state.score_sheet()
                        if line.seat == asked and line.rule == "klongs.stock")
            assert shown[asked] == totals[asked] - points - stock, where  # the totals before the landing
            for space, words in re.findall(r"^- (\w+): (.*?)(?:, (?:your|no|\S+’s) merchant)?$",
                                           exercise.question, re.M):
                assert any(t.startswith(f"{space}: {words}") for t in _titles(markup)), (space, words, where)
        else:  # a round or a stock: the totals before it, and nothing says what it made
            number = re.search(r"round (\d+) of", exercise.question)
            scoring = [line for line in state.score_sheet() if line.rule == "klongs.stock" or (
                number is not None and line.round == int(number.group(1)))]
            assert all(shown[s] + sum(line.points for line in scoring if line.seat == s) == totals[s]
                       for s in range(state.players)), where
            assert shown[seat] == totals[seat] - points, where
            if game == "klongs":  # the caption may be the last landing scored, never the stocks
                assert "stocks are scored:" not in text, where
            else:
                for name in names:
                    said = "you" if name == YOU else name
                    assert not re.search(rf"\b{re.escape(said)} [+-]\d", caption), where
                assert "scored" not in caption and "scores:" not in caption, where
        if game == "tindahan":
            facts = exercise.facts
            for s, name in enumerate(names):
                owner = "Your hand" if name == YOU else f"{name}’s hand"
                assert f"{owner} ({facts['tricks'][s]} tricks won)" in text, where
            assert f"{facts['trump']} (trump: the donkey cart is here)" in text, where
            for fruit, counts in facts["stalls"].items():
                sellers = ", ".join(f"{name} {n}" for name, n in zip(names, counts, strict=True) if n)
                cart = r"(?: \(trump: the donkey cart is here\))?"
                shown_as = rf"{fruit}{cart} {re.escape(sellers or 'no sellers')}"
                assert re.search(shown_as, text), (fruit, where)
        elif game == "bastos":
            for fruit, value in exercise.facts["values"].items():
                worth = re.escape(f"{value:+d} points per card")
                assert re.search(rf"{fruit}(?: \(trump\))? {worth}", text), (fruit, where)
        elif game == "klongs" and "stock" in exercise.question.split("\n")[-1]:
            goods = ", ".join(exercise.facts["goods"])
            assert f"Stock: {goods}" in text, where
            assert "the stocks are scored next" in text, where


def _trick_draws(game: str) -> list[exercises.Exercise]:
    out = [exercises.draw(game, seed=seed, kind="trick") for seed in range(24)]
    out += [exercises.draw(game, seed=seed, kind="trick", level=level)
            for level in exercises.LEVELS[game]["trick"] for seed in range(6)]
    if game == "bastos":  # a trick nobody takes (every card its player's own colour) is rare: one is sought
        drawn = (exercises.draw(game, seed=seed, kind="trick", level=1) for seed in range(200))
        out.append(next(e for e in drawn if e.check(0).expected is None))
    return out


def _learner(name: str) -> str:
    """A name as the table writes it (the question's sentences say "you" mid-sentence)."""
    return YOU if name.lower() == YOU.lower() else name


@pytest.mark.parametrize("game", ["tindahan", "bastos"])
def test_a_trick_table_shows_the_trick_not_who_takes_it(game: str) -> None:
    for exercise in _trick_draws(game):
        state, seat, facts = exercise.state, exercise.seat, exercise.facts
        winner = exercise.check(0).expected
        names = list(state.seat_names(seat))
        markup = exercise.picture().html
        text = _text(markup)
        where = f"{game} seed {exercise.seed} level {exercise.level}: {text[:400]}"
        # nothing says who takes it: no "taken by"/"set aside", no take in the caption or the status,
        # not the engine's own sentence (the reason the answer gives)
        told = exercise.check(0).reason.split("\n")[0].rstrip(".")
        assert told not in text, (told, where)
        assert "taken by" not in text and "set aside" not in text and "Last trick" not in text, where
        assert not re.search(r"\btakes? the trick\b", text), where
        # the trick's cards are there, as played, in order, with the fruit led
        plays = facts["plays"] if game == "tindahan" else [
            {"kind": "card", "card": card.partition(":")[0]} for card in facts["cards"]]
        cards = [str(play["card"]) for play in plays if play["kind"] == "card"]
        panel = re.split(r"Market stalls|Value table", markup.partition("Trick on the table")[2])[0]
        assert [t.partition(" (")[0] for t in _titles(panel)] == [c.replace("-", " ") for c in cards], where
        assert f"{cards[0].partition('-')[0]} was led" in text, where
        # the tricks won are those before it (the position after counts it; after a round's last trick
        # that position has scored the round and dealt the next, so only the count's sum is compared)
        after = state.view(seat)
        same_round = not after["is_over"] and after["round"] == after["last_trick"]["round"] and not any(
            line.round == after["last_trick"]["round"] for line in state.score_sheet())
        won = [int(n) for n in re.findall(r"hand \((\d+) tricks won\)", text)]
        assert len(won) == len(names), where
        if same_round:
            assert won == [n - (s == winner) for s, n in enumerate(after["tricks_won"])], where
            assert _scores(text, names) == state.scores(), where
        # the trump and (Bastos!) every colour with its owners and value, as the question needs them
        if game == "tindahan":
            assert f"{facts['trump']} (trump: the donkey cart is here)" in text, where
            continue
        if facts["trump"]:
            assert re.search(rf"{facts['trump']} \(trump\) [+-]\d+ points per card", text), where
        line = next(q for q in exercise.question.split("\n") if q.startswith("Bastos! with"))
        owners: dict[str, list[str]] = {}
        for name, colour in re.findall(r"(\S+(?: \S+)*?) (\w+)(?:, |\.$)", line.partition("colours: ")[2]):
            owners.setdefault(colour, []).append(_learner(name))
        for colour, who in owners.items():
            assert re.search(rf"{colour}(?: \(trump\))? [+-]\d+ points per card {', '.join(who)}", text), (
                colour, where)


def test_legal_exercises_show_their_state() -> None:
    for game in exercises.KINDS:
        exercise = exercises.draw(game, seed=2, kind="legal")
        assert exercise.picture().html == exercise.state.picture(exercise.seat).html
