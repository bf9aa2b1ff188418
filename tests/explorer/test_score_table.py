"""``explorer.score_table``: a stated end position scored line by line, as a game's own score sheet.

Three kinds of test per game: the rulebook's scoring example scored through ``score_table`` gives the
book's numbers; random games played to their end and read back as positions score exactly as their
own ``score_sheet()`` (Tindahan and Bastos! round by round); and positions that break a rule are
refused naming it.
"""

from __future__ import annotations

import random
import re
import subprocess
import sys
from collections.abc import Callable
from typing import Any

import pytest

import explorer
from explorer import PositionError, ScoreLine, score_table
from explorer.bangkok.examples import SCORING_ROWS
from explorer.klongs.examples import SARAH, SARAH_STOCK
from explorer.tindahan.examples import SCORING_HANDS, SCORING_SELLERS, SCORING_TRICKS, SCORING_TRUMP


def example(game: str, example_id: str) -> Any:
    """What the rulebook says in the example ``example_id`` (its ``expected``)."""
    return next(e.expected for e in getattr(explorer, game).EXAMPLES if e.id == example_id)


def totals(lines: list[ScoreLine], players: int) -> list[int]:
    return [sum(line.points for line in lines if line.seat == seat) for seat in range(players)]


# ---- (1) the rulebooks' scoring examples -----------------------------------------------------------


def test_bangkok_rulebook_market() -> None:
    book = example("bangkok", "scoring")  # 6 + 2 + 6 + 4 + 2 = 20
    sheet = score_table("bangkok", 1, {"markets": [SCORING_ROWS], "objectives": ["B"]})
    assert [line.points for line in sheet] == book["lines"]
    assert totals(sheet, 1) == [book["total"]]
    helper = explorer.bangkok.score_market(SCORING_ROWS, "B")  # the same lines as the public helper
    assert [(line.label, line.rule) for line in sheet] == [(line.label, line.rule) for line in helper.lines]
    assert {line.round for line in sheet} == {0} and sheet.names == ["Anong"]


def test_klongs_rulebook_stock() -> None:
    book = example("klongs", "klongs.sarah-stock-scenario")  # 1 + 6 + 28 = 35
    sheet = score_table("klongs", list(SARAH), {"stocks": {"Sarah": SARAH_STOCK}})
    assert {line.label: line.points for line in sheet if line.seat == 0} == \
        {label: points for label, points in book.items() if label.startswith("stock")}
    assert totals(sheet, 2) == [example("klongs", "klongs.sarah-stock"), 0]
    assert all(line.rule == "klongs.stock" for line in sheet) and sheet.names == list(SARAH)


def test_tindahan_rulebook_round() -> None:
    sheet = score_table("tindahan", list(SCORING_TRICKS), {
        "tricks": SCORING_TRICKS, "hand_cards": SCORING_HANDS, "sellers": SCORING_SELLERS,
        "trump": SCORING_TRUMP})
    book = example("tindahan", "tindahan.scoring")  # A 9, B 8, C 8
    assert dict(zip(sheet.names, totals(sheet, 3), strict=True)) == book
    parts: dict[str, dict[str, int]] = {name: {} for name in sheet.names}
    for line in sheet:  # the book adds up cards first, then each stall
        part = line.label.split(" stall")[0] if " stall" in line.label else "cards"
        parts[sheet.names[line.seat]][part] = parts[sheet.names[line.seat]].get(part, 0) + line.points
    assert parts == example("tindahan", "tindahan.scoring-parts")
    assert [line.points for line in sheet if line.rule == "tindahan.score.trump-bonus"] == [1]


def test_bastos_rulebook_numbers() -> None:
    # The book prints no round score; its trump example gives the numbers: A, B and C each pick a
    # pineapple (pineapple +3, the limit), C makes durian trump (0 - 2 = -2) and takes mango 5,
    # banana 3 and durian 2, worth 0 + 0 - 2.
    assert example("bastos", "trump-declaration")["durian change"] == -2
    sheet = score_table("bastos", ["A", "B", "C"], {
        "values": {"pineapple": 3, "durian": -2},
        "won": {"C": ["mango-5", "banana-3", "durian-2"]}})
    assert totals(sheet, 3) == [0, 0, -2]
    assert [(line.seat, line.label, line.points) for line in sheet] == [
        (0, "no tricks taken", 0), (1, "no tricks taken", 0), (2, "1 banana card worth +0", 0),
        (2, "1 mango card worth +0", 0), (2, "1 durian card worth -2", -2)]
    # and the book's opening values (two banana picks, two mango picks: both +2) with four players
    opening = example("bastos", "opening-values")
    taken = [["banana-1", "mango-2", "durian-3", "lanzones-4"], [], [], []]
    four = score_table("bastos", 4, {"values": opening, "won": taken})
    assert totals(four, 4) == [4, 0, 0, 0]


# ---- (2) random games read back as positions score as their own sheets ----------------------------


def random_rules(game: str, rng: random.Random) -> dict[str, Any]:
    options = explorer.game_class(game).OPTIONS
    return {name: rng.choice(option.choices) for name, option in options.items() if option.choices}


def played(game: str, seed: int) -> tuple[explorer.GameState, dict[str, Any]]:
    """A random game to its end: odd seeds under random rules options, even ones under the defaults."""
    rng = random.Random(seed)
    cls = explorer.game_class(game)
    rules = random_rules(game, rng) if seed % 2 else {}
    state = explorer.new_game(game, players=rng.randint(cls.MIN_PLAYERS, cls.MAX_PLAYERS), seed=seed, **rules)
    while not state.is_over:
        state = state.play(rng.choice(state.legal_actions()))
    return state, rules


def bangkok_position(state: explorer.GameState) -> list[tuple[int, dict[str, Any]]]:
    view = state.view(0)
    markets = []
    for market in view["markets"]:
        faces = [cell["card"] if cell else "." for row in market for cell in row]
        markets.append([" ".join(faces[i:i + 3]) for i in (0, 3, 6)])
    return [(0, {"markets": markets, "objectives": view["objectives"]})]


def klongs_position(state: explorer.GameState) -> list[tuple[int, dict[str, Any]]]:
    view = state.view(0)
    # The score track once the Big Market Day is over: every point but the stock scoring's.
    track = [sum(line.points for line in state.score_sheet()
                 if line.seat == seat and line.rule != "klongs.stock") for seat in range(state.players)]
    return [(0, {"stocks": [[face["kind"] for face in stock] for stock in view["stocks"]], "scores": track}),
            (0, {"stocks": [[face["id"] for face in stock] for stock in view["stocks"]], "scores": track})]


def tindahan_positions(state: explorer.GameState) -> list[tuple[int, dict[str, Any]]]:
    return [(summary["round"], {"tricks": summary["tricks"], "hand_cards": summary["hand_cards"],
                                "sellers": summary["stalls"], "trump": summary["trump"],
                                "sent": summary["placed"], "round": summary["round"]})
            for summary in state.summaries]  # type: ignore[attr-defined]


def bastos_positions(state: explorer.GameState) -> list[tuple[int, dict[str, Any]]]:
    """Each round's end read from the public events: the value table as it moved, the cards of each
    trick to its taker."""
    out: list[tuple[int, dict[str, Any]]] = []
    values: dict[str, int] = {}
    won: list[list[str]] = []
    trick: list[str] = []
    for event in state.view(0)["events"]:
        kind = event["kind"]
        if kind == "round":
            values, won, trick = {}, [[] for _ in range(state.players)], []
        elif kind == "reveal":
            values.update(event["values"])
        elif kind in ("value", "trump"):
            values[event["fruit"]] = event["after"]
        if kind in ("lead", "card", "trump"):
            trick.append(event["card"])
        elif kind == "trick":
            won[event["winner"]] += trick
            trick = []
        elif kind == "set-aside":
            trick = []
        elif kind == "scored":
            out.append((event["round"], {"values": dict(values), "won": [list(cards) for cards in won],
                                         "round": event["round"]}))
    return out


READ: dict[str, Callable[[explorer.GameState], list[tuple[int, dict[str, Any]]]]] = {
    "bangkok": bangkok_position, "klongs": klongs_position, "tindahan": tindahan_positions,
    "bastos": bastos_positions}


@pytest.mark.parametrize("game", explorer.GAMES)
def test_random_games_score_as_their_own_sheets(game: str) -> None:
    for seed in range(60):
        state, rules = played(game, seed)
        sheet = state.score_sheet()
        positions = READ[game](state)
        assert positions, f"{game} seed {seed}: no position read"
        for number, position in positions:
            got = score_table(game, state.players, position, **rules)
            assert got.names == state.seat_names()
            if game == "klongs":  # the track's points come as one line; the stock lines are the game's
                assert totals(got, state.players) == state.scores(), seed
                assert [line for line in got if line.rule == "klongs.stock"] == \
                    [line for line in sheet if line.rule == "klongs.stock"], seed
            else:  # every line as the game wrote it (fruit games: that round's)
                want = [line for line in sheet if game == "bangkok" or line.round == number]
                assert list(got) == want, f"{game} seed {seed} round {number}"
        if game in ("tindahan", "bastos"):
            assert len(positions) == state.rounds  # type: ignore[attr-defined]


# ---- (3) refusals name the rule ------------------------------------------------------------------

E = ". . ."
FULL = ["PZ ZB BF", "P P P", "B B B"]
ROUND = {"tricks": [3, 4, 2], "hand_cards": [5, 0, 7], "sellers": {}, "trump": "banana"}

BROKEN = [
    ("bangkok", 2, {"markets": [[". PZ .", E, E], FULL], "objectives": ["P", "Z"]}, {},
     "bangkok.market.first-corner", "a1 is empty"),
    ("bangkok", 2, {"markets": [["PZ . .", ". . ZB", E], FULL], "objectives": ["P", "Z"]}, {},
     "bangkok.market.adjacent", "c2 do not join"),
    ("bangkok", 1, {"markets": [["P!1P Z!4B .", E, E]], "objectives": ["P"]}, {},
     "bangkok.market.chilli-row", "row 1 holds chilli cards at a1, b1"),
    ("bangkok", 1, {"markets": [["P!1P B .", "Z!4B . .", E]], "objectives": ["P"]}, {"expert": True},
     "bangkok.market.chilli-column", "column 1"),
    ("bangkok", 2, {"markets": [["PZ . .", E, E], ["PZ . .", E, E]], "objectives": ["P", "Z"]}, {},
     "bangkok.end.trigger", "no market holds 9 cards"),
    ("bangkok", 2, {"markets": [["PZ . .", E, E], FULL], "objectives": ["P", "P"]}, {},
     "bangkok.setup.objectives", "no pontoon tile with P is left"),
    ("tindahan", 3, {**ROUND, "hand_cards": [5, 1, 7]}, {}, "tindahan.round-end", "still holds cards"),
    ("tindahan", 3, {**ROUND, "hand_cards": [5, 0, 11]}, {}, "tindahan.setup.deal", "Carlo holds 11 cards"),
    ("tindahan", 3, {**ROUND, "tricks": [13, 4, 2]}, {}, "tindahan.trick.winner", "19 tricks"),
    ("tindahan", 3, {**ROUND, "tricks": [1, 0, 2], "hand_cards": [0, 0, 0]}, {}, "tindahan.turn-order",
     "30 cards were played in only 3 tricks"),
    ("tindahan", 3, {**ROUND, "tricks": [0, 0, 0]}, {}, "tindahan.round-end", "nobody took a trick"),
    ("tindahan", 3, {**ROUND, "trump": "lanzones"}, {}, "tindahan.setup.fruits", "trump is lanzones"),
    ("tindahan", 3, {**ROUND, "sellers": {"pineapple": {"Ana": 1}}}, {}, "tindahan.setup.fruits",
     "pineapple stall, but that stall is not in play"),
    ("tindahan", 3, {**ROUND, "sellers": {"banana": {"Ana": 6}, "mango": {"Ana": 4}}}, {},
     "tindahan.setup.sellers", "Ana has 10 sellers"),
    ("tindahan", 3, {**ROUND, "sellers": {"banana": [1, 0, 0]}, "sent": [0, 0, 0]}, {},
     "tindahan.round.reset", "Ana sent 0 sellers"),
    ("tindahan", 3, {**ROUND, "sellers": {"banana": [1, 0, 0]}, "sent": [2, 0, 0]},
     {"sellers_between_rounds": "stay"}, "tindahan.seller.led-stall", "only 1 on the stalls"),
    ("tindahan", 3, {**ROUND, "round": 4}, {}, "tindahan.dealer", "round 4"),
    ("bastos", 3, {"values": {"banana": 4}, "won": {}}, {}, "bastos.values.clamp", "The banana value is 4"),
    ("bastos", 4, {"values": {"mango": -3}, "won": {}}, {}, "bastos.values.clamp", "is -3"),
    ("bastos", 3, {"values": {"lanzones": 1}, "won": {}}, {}, "bastos.setup.deck", "stays in the box"),
    ("bastos", 3, {"values": {}, "won": {"Ana": ["lanzones-1", "banana-1", "banana-2"]}}, {},
     "bastos.setup.deck", "Lanzones 1, in Ana’s tricks, is not dealt"),
    ("bastos", 3, {"values": {}, "won": {"Ana": ["banana-3", "banana-1"]}}, {}, "bastos.round.end",
     "multiple of 3"),
    ("bastos", 3, {"values": {}, "won": {"Ana": [f"{fruit}-{value}" for value in range(1, 10)
                                                 for fruit in ("banana", "mango", "pineapple", "durian")]}},
     {}, "bastos.colour.choose", "plays only 33"),
    ("bastos", 3, {"values": {}, "won": {}, "round": 7}, {}, "bastos.game.rounds", "round 7"),
]


@pytest.mark.parametrize(("game", "players", "position", "rules", "rule", "words"), BROKEN,
                         ids=[f"{case[0]}-{case[4]}-{i}" for i, case in enumerate(BROKEN)])
def test_a_position_that_breaks_a_rule_is_refused_naming_it(game: str, players: int,
                                                          position: dict[str, Any], rules: dict[str, Any],
                                                          rule: str, words: str) -> None:
    with pytest.raises(PositionError) as refused:
        score_table(game, players, position, **rules)
    assert isinstance(refused.value, ValueError)
    assert refused.value.rule == rule
    message = str(refused.value)
    assert words in message and rule in message and getattr(explorer, game).RULES[rule].text in message


def _as_learner(players: Any) -> Any:
    """The same table as the score-your-own-table page names it: the reader is "You"."""
    names = ["You", "Ben", "Carlo", "Dina", "Ely"]
    return names[:players] if isinstance(players, int) else ["You", *players[1:]]


@pytest.mark.parametrize(("game", "players", "position", "rules", "rule", "words"), BROKEN,
                         ids=[f"{case[0]}-{case[4]}-{i}" for i, case in enumerate(BROKEN)])
def test_a_refusal_is_in_plain_words(game: str, players: Any, position: dict[str, Any], rules: dict[str, Any],
                                     rule: str, words: str) -> None:
    # The page shows these messages to learners: no Python (values['banana'], won['You'], None, a
    # 0-based seat), and "You" reads "you"/"your" ("You holds", "You's" would not do).
    for named in (players, _as_learner(players)):
        with pytest.raises(PositionError) as refused:
            score_table(game, named, position, **rules)
        said = str(refused.value).split(", against rule")[0]
        assert not re.search(r"[\[\]{}]|['\"]\w+['\"]|\bNone\b|\bseat \d|\b\w+_\w+\[", said), said
        assert not re.search(r"\bYou(?:'s|’s| holds| has)\b", said), said


MALFORMED = [
    ("bangkok", 2, [], TypeError, "a position is a dict"),
    ("bangkok", 5, {}, ValueError, "bangkok is for 1-4 players, not 5"),
    ("tindahan", "three", {}, TypeError, "players must be a count"),
    ("tindahan", ["A", "a", "B"], ROUND, ValueError, "two players are called"),
    ("bangkok", 2, {"markets": [["PZ . .", E, E], FULL], "objectives": ["P", "Z"], "hands": []}, ValueError,
     "unknown part(s) 'hands'"),
    ("bangkok", 2, {"markets": [FULL]}, ValueError, "needs 'objectives'"),
    ("bangkok", 2, {"markets": [FULL], "objectives": ["P", "Z"]}, ValueError,
     "markets: 1 entry for 2 players"),
    ("bangkok", 2, {"markets": [FULL, ["PZ Q .", E, E]], "objectives": ["P", "Z"]}, ValueError, "not a good"),
    ("bangkok", 2, {"markets": [FULL, FULL], "objectives": ["P", "X"]}, ValueError, "Boon’s objective"),
    ("bangkok", 2, {"markets": [["Z!4B . .", E, E], ["Z!4B ZB BF", "P P P", "B B B"]],
                    "objectives": ["P", "Z"]}, ValueError, "edition has only 1 Z!4B card"),
    ("tindahan", 3, {**ROUND, "tricks": {"Dina": 2}}, ValueError, "Dina is not one of the 3 players"),
    ("tindahan", 3, {**ROUND, "tricks": [3, 4, -2]}, ValueError, "tricks of Carlo must be a whole number"),
    ("tindahan", 3, {**ROUND, "trump": "apple"}, ValueError, "'apple' is not a fruit"),
    ("bastos", 3, {"values": {}, "won": {"Ana": ["banana-10", "banana-1", "banana-2"]}}, ValueError,
     "the tens stay in the box"),
    ("bastos", 3, {"values": {}, "won": {"Ana": ["banana-1", "banana-2", "banana-3"],
                                         "Ben": ["banana-1", "banana-4", "banana-5"]}}, ValueError,
     "Banana 1 is counted twice, in Ana’s tricks and in Ben’s tricks"),
    ("bastos", 3, {"values": ["banana"], "won": {}}, ValueError, "values must be a dict"),
    ("klongs", 2, {"stocks": [["fish"] * 10, []]}, ValueError, "10 fish boats in all"),
    ("klongs", 2, {"stocks": [["apples"], []]}, ValueError, "'apples' is not a good"),
    ("klongs", 2, {"stocks": [["boat01", "boat01"], []]}, ValueError, "boat01 is used twice"),
    ("klongs", 2, {"stocks": [["boat99"], []]}, ValueError, "no boat 'boat99'"),
    ("klongs", 2, {"stocks": [[], []], "scores": [-1, 0]}, ValueError, "score of Red"),
]


@pytest.mark.parametrize(("game", "players", "position", "error", "words"), MALFORMED,
                         ids=[f"{case[0]}-{i}" for i, case in enumerate(MALFORMED)])
def test_malformed_input_says_what_is_wrong(game: str, players: Any, position: Any, error: type[Exception],
                                            words: str) -> None:
    with pytest.raises(error) as raised:
        score_table(game, players, position)
    assert words in str(raised.value)


def test_rules_options_are_checked_and_apply() -> None:
    with pytest.raises(TypeError, match="unknown rules option"):
        score_table("bastos", 3, {"values": {}, "won": {}}, bogus=1)
    with pytest.raises(TypeError, match="not a start option"):
        score_table("bastos", 3, {"values": {}, "won": {}}, start=None)
    with pytest.raises(ValueError, match="unknown game"):
        score_table("chess", 2, {})
    # type1_below_zero: a type-1 chilli card in the centre sees 7 passion fruit: 5 - 7 = -2, or 0
    market = {"markets": [["PZ PPZ .", "PP P!1P PZB", ". PBF ."]], "objectives": ["Z"]}
    assert [line.points for line in score_table("bangkok", 1, market)] == [3, 0]
    assert [line.points for line in score_table("bangkok", 1, market, type1_below_zero=True)] == [3, -2]
    # Ana and Ben tied for the majority at the trump stall: the extra point by trump_bonus_tie
    tie = {**ROUND, "sellers": {"banana": [2, 2, 0]}}
    assert totals(score_table("tindahan", 3, tie), 3) == [1 + 8 // 2, 8 + 8 // 2, -3]
    assert totals(score_table("tindahan", 3, tie, trump_bonus_tie="none"), 3) == [1 + 7 // 2, 8 + 7 // 2, -3]
    # with three Bastos! players, the boxed fruit is the removed_fruit option
    lanzones = {"values": {"lanzones": 2}, "won": [["lanzones-1", "lanzones-2", "lanzones-3"], [], []]}
    assert score_table("bastos", 3, lanzones, removed_fruit="durian")[0].points == 6
    with pytest.raises(PositionError, match=r"bastos\.setup\.deck"):
        score_table("bastos", 3, lanzones)


def test_players_by_seat_number_name_or_the_games_own_name() -> None:
    by_list = score_table("tindahan", 3, ROUND)
    by_seat = score_table("tindahan", 3, {**ROUND, "tricks": {0: 3, 1: 4, 2: 2}, "hand_cards": {0: 5, 2: 7}})
    by_name = score_table("tindahan", 3, {**ROUND, "tricks": {"carlo": 2, "Ana": 3, "BEN": 4},
                                          "hand_cards": {"Ana": 5, "Carlo": 7}})
    assert list(by_list) == list(by_seat) == list(by_name) and by_list.names == ["Ana", "Ben", "Carlo"]
    own = score_table("tindahan", ["Rosa", "Tomas", "Lito"],
                      {**ROUND, "tricks": {"Rosa": 3, "tomas": 4, 2: 2}})
    assert list(own) == list(by_list) and own.names == ["Rosa", "Tomas", "Lito"]
    colours = score_table("klongs", 3, {"stocks": {"green": ["fish"]}})
    assert [(line.seat, line.points) for line in colours] == [(2, 1)] and colours.names[2] == "Green"
    assert "Green" in colours._repr_html_()  # shown in a notebook as the game's sheet is
    with pytest.raises(ValueError, match="Tomas is given twice"):
        score_table("tindahan", ["Rosa", "Tomas", "Lito"], {**ROUND, "tricks": {"Tomas": 3, 1: 4}})


def test_stocks_may_hold_neutral_boats_and_faces() -> None:
    # Nine fish boats: the edition's seven claimable ones and its two neutral ones (Big Market Day).
    sheet = score_table("klongs", 2, {"stocks": [["fish"] * 9, ["thief", "cookshop", "bananas:0+lukphat"]],
                                      "scores": [30, 0]})
    assert [(line.seat, line.label, line.points) for line in sheet] == [
        (0, "points on the score track before the stock scoring", 30), (0, "stock: 9 fish", 45),
        (1, "stock: 1 bananas", 1)]


def test_importing_explorer_stays_light() -> None:
    code = ("import sys, explorer\n"
            "games = tuple(f'explorer.{game}' for game in explorer.GAMES)\n"
            "assert callable(explorer.score_table)\n"
            "assert not [m for m in sys.modules if m.startswith(games)]\n")
    subprocess.run([sys.executable, "-c", code], check=True)
