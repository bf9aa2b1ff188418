"""Bangkok Klongs: three readings of the Big Market Day made options (issue 24).

- ``big_market_take``: may the scorer take an unclaimed boat (no merchant on it: neither own, neutral
  nor foreign)?
- ``big_market_end``: is a decline on the Big Market Day final?
- ``stall_causer``: who caused the Big Market Day a full round of passes holds (the tie-break for the
  first scorer counts from that player)?

Each is played under both values on a position where they differ; records under the other readings
replay; random games check what each reading promises move by move.
"""

from __future__ import annotations

import json
import random
from typing import Any

import explorer
from explorer.klongs import OPTIONS, RULES, State
from explorer.klongs.examples import big_market_position, hand_boat

RED, YELLOW, GREEN = 0, 1, 2


def pos(players: int, position: dict[str, Any], **rules: Any) -> State:
    return State.from_position(players, position, seed=11, **rules)


def place(state: State, kind: str, space: str) -> State:
    return state.play(f"place:{hand_boat(state, state.turn, kind)}@{space}")


def legal(state: State) -> list[str]:
    return [str(a) for a in state.legal_actions()]


def opened(scores: list[int], extra: dict[str, str], causer: int, **rules: Any) -> State:
    """``big_market_position``: the causer places the last Luk Phat boat on d1 and claims it not; the
    Big Market Day is open. Around Lb2: red's fish on b2, yellow's bananas on c2, green's flowers on b3
    and the unclaimed shrimps on c3."""
    state = pos(3, big_market_position(scores, extra, causer), **rules)
    return place(state, "pineapples", "d1").play("decline")


def replays(state: State) -> None:
    record = json.loads(json.dumps(state.to_record()))
    again = explorer.replay(record)
    assert again == state and again.scores() == state.scores()
    assert again.score_sheet() == state.score_sheet()


def owner_at(state: State, space: str) -> str | None:
    """The owner the view shows for the boat on ``space``: a colour, "neutral" or None (unclaimed)."""
    owner: str | None = state.view(0)["board"][space]["owner"]
    return owner


def to_the_end(state: State) -> State:
    while not state.is_over:
        state = state.play(state.legal_actions()[0])
    return state


# ---- 1. which boats a Big Market Day scorer may take ------------------------------------------------


def test_an_unclaimed_boat_stays_on_the_board_by_default() -> None:
    assert OPTIONS["big_market_take"].default == "own-or-neutral"
    state = opened([10, 4, 7], {}, RED)  # yellow (4 points) opens
    assert state.current_player == YELLOW and owner_at(state, "c3") is None
    assert legal(state) == ["score:Lb2>c2", "decline"]
    assert state.view(YELLOW)["targets"]["score"] == {"Lb2": ["c2"]}
    problem = state.check("score:Lb2>c3")
    assert problem is not None and problem.rule == "klongs.landing.unclaimed"
    assert "unclaimed" in problem.reason
    foreign = state.check("score:Lb2>b2")  # red's fish: foreign under either reading
    assert foreign is not None and foreign.rule == "klongs.landing.remove"


def test_an_unclaimed_boat_may_be_taken_under_the_other_reading() -> None:
    state = opened([10, 4, 7], {}, RED, big_market_take="unclaimed-too")
    assert legal(state) == ["score:Lb2>c2", "score:Lb2>c3", "decline"]
    assert state.view(YELLOW)["targets"]["score"] == {"Lb2": ["c2", "c3"]}
    foreign = state.check("score:Lb2>b2")
    assert foreign is not None and foreign.rule == "klongs.landing.remove" and "unclaimed" in foreign.reason
    shrimps = state.board[state.ed.index["c3"]]
    supply = state.supply
    after = state.play("score:Lb2>c3")
    assert shrimps in after.stocks[YELLOW] and after.at("c3") is None
    assert after.supply == supply  # no merchant was on it: none goes home
    assert owner_at(after, "c2") == "yellow"  # yellow keeps its own boat (and merchant) on the board
    replays(to_the_end(after))


def test_the_little_market_day_never_takes_an_unclaimed_boat() -> None:
    # Green reaches the first Little Market Day; c3 (shrimps) is unclaimed: only green's own b2 goes.
    board = {"b2": "fish:2@green", "c2": "bananas:1@yellow", "b3": "flowers:3@red", "c3": "shrimps:1"}
    hand = ["eggplants:0+lukphat", "avocados:1", "pineapples:1", "fish:3"]
    for value in OPTIONS["big_market_take"].choices or ():
        state = pos(3, {"board": board, "hands": [None, None, hand], "lukphat": 3, "to_move": GREEN,
                        "movement_cards": [0, 0, 0]}, big_market_take=value)
        state = place(state, "eggplants", "d1").play("decline")
        assert state.market is not None and state.market[0] == "little"
        assert legal(state) == ["score:Lb2>b2", "decline"], value
        problem = state.check("score:Lb2>c3")
        assert problem is not None and problem.rule == "klongs.landing.remove"


# ---- 2. whether a decline on the Big Market Day is final ---------------------------------------------

# A second full landing, Lf2, where every colour has a boat too.
LF2 = {"f2": "fish:1@red", "g2": "bananas:2@yellow", "f3": "flowers:1@green", "g3": "eggplants:1"}


def declined_twice(**rules: Any) -> State:
    """Red (4 points) opens, clockwise: red declines, yellow scores Lb2, green declines; Lf2 is still
    full and red and yellow could score it."""
    state = opened([4, 10, 7], LF2, RED, **rules)
    assert state.current_player == RED and legal(state) == ["score:Lb2>b2", "score:Lf2>f2", "decline"]
    state = state.play("decline")
    assert state.current_player == YELLOW
    state = state.play("score:Lb2>c2")
    assert state.current_player == GREEN and legal(state) == ["score:Lf2>f3", "decline"]
    return state.play("decline")


def test_a_player_who_declined_may_score_later_that_day_by_default() -> None:
    assert OPTIONS["big_market_end"].default == "round-of-declines"
    state = declined_twice()
    assert state.current_player == RED and legal(state) == ["score:Lf2>f2", "decline"]
    assert state.view(RED)["market"]["order"] == [RED, YELLOW, GREEN]
    state = state.play("score:Lf2>f2")
    assert state.is_over  # nobody can score any more
    assert [line.seat for line in state.score_sheet() if line.label.startswith("Big Market Day")] == [
        RED, YELLOW, GREEN, RED, YELLOW, GREEN]  # Lb2 paid everyone once, then Lf2


def test_a_decline_is_final_under_the_other_reading() -> None:
    state = declined_twice(big_market_end="decline-is-final")
    # Red and green are out: yellow, the only one still in the day, may score Lf2.
    assert state.current_player == YELLOW and legal(state) == ["score:Lf2>g2", "decline"]
    market = state.view(YELLOW)["market"]
    assert market["order"] == [YELLOW] and "out of the day" in market["text"]
    assert market["starter"] == RED  # the board still marks who scored first, though red is out
    assert state.play("decline").is_over
    # A view holds the day's order less those who declined: a position rebuilt from it (a search's)
    # keeps red and green out.
    rebuilt = State.from_view(state.view(YELLOW))
    assert rebuilt.current_player == YELLOW and legal(rebuilt) == ["score:Lf2>g2", "decline"]
    assert rebuilt.play("decline").is_over
    scored = state.play("score:Lf2>g2")
    assert scored.is_over
    assert [line.seat for line in scored.score_sheet() if line.label.startswith("Big Market Day")] == [
        RED, YELLOW, GREEN, RED, YELLOW, GREEN]
    replays(scored)


def test_both_readings_end_the_day_when_nobody_can_score() -> None:
    for value in OPTIONS["big_market_end"].choices or ():
        state = opened([4, 10, 7], {}, RED, big_market_end=value)
        state = state.play("score:Lb2>b2")  # Lb2 was the only full landing
        assert state.is_over, value


# ---- 3. who caused a Big Market Day that a round of passes holds -----------------------------------------


def stalled(**rules: Any) -> State:
    """Two players tied on points (5 each) and on merchants on the board (one each, around the full
    landing Lb2). The stack is used up; red places its last boat (a1, unclaimed), yellow's hand is
    empty."""
    board = {"b2": "fish:2@red", "c2": "bananas:1@yellow", "b3": "flowers:3", "c3": "shrimps:1"}
    base = {"board": board, "hands": [["avocados:1"], []], "movement_cards": [0, 0], "scores": [5, 5]}
    rest = sorted(b for stack in pos(2, base).snapshot()["stacks"] for b in stack)
    state = pos(2, {**base, "stocks": [rest[::2], rest[1::2]]}, **rules)
    assert not any(state.snapshot()["stacks"])
    return place(state, "avocados", "a1").play("decline")


def test_the_last_passer_causes_a_stalled_big_market_day_by_default() -> None:
    assert OPTIONS["stall_causer"].default == "last-passer"
    state = stalled()
    assert state.current_player == YELLOW and legal(state) == ["pass"]
    state = state.play("pass")
    assert state.current_player == RED and legal(state) == ["pass"]
    state = state.play("pass")  # red, the last to place, completes the round of passes
    market = state.view(RED)["market"]
    assert market["kind"] == "big" and market["causer"] == RED and market["order"] == [RED, YELLOW]
    assert state.current_player == RED  # the tie goes to the causer


def test_the_first_passer_causes_it_under_the_other_reading() -> None:
    state = stalled(stall_causer="first-passer").play("pass").play("pass")
    market = state.view(RED)["market"]
    assert market["causer"] == YELLOW and market["order"] == [YELLOW, RED]
    assert state.current_player == YELLOW
    replays(to_the_end(state))


def test_an_empty_hand_that_holds_the_day_causes_it_under_either_reading() -> None:
    # empty_hand='big-market-day': yellow, to act with an empty hand, holds the day at once: no passes.
    for value in OPTIONS["stall_causer"].choices or ():
        state = stalled(stall_causer=value, empty_hand="big-market-day")
        market = state.view(YELLOW)["market"]
        assert market is not None and market["causer"] == YELLOW and state.current_player == YELLOW, value


def test_the_rules_say_the_readings_in_words() -> None:
    # Plain words for learners: the catalogue names neither the options nor their values.
    named = {name: rule for rule, name in (("klongs.landing.unclaimed", "big_market_take"),
                                           ("klongs.market.big.end", "big_market_end"),
                                           ("klongs.stall", "stall_causer"))}
    for name, rule in named.items():
        text = RULES[rule].text
        assert "rules option" in text and "default" in text, rule
        assert name not in text and not any(str(value) in text for value in OPTIONS[name].choices or ()), rule


# ---- random games: what each reading promises, move by move ---------------------------------------------


def big_day_turns(state: State) -> list[tuple[int, str]]:
    """(seat, action) of every Big Market Day decision of a finished game, from its events."""
    events = state.view(0)["events"]
    start = max(i for i, e in enumerate(events) if e.get("kind") == "market" and e["day"] == "big")
    return [(e["seat"], e["kind"]) for e in events[start + 1:] if e.get("kind") in ("score", "decline")]


def offered_boats(state: State) -> set[tuple[str, str]]:
    """(landing, space) of every scoring the seat to act is offered."""
    return {tuple(str(a)[6:].split(">")) for a in state.legal_actions() if str(a).startswith("score:")}


def takeable(state: State, seat: int, space: int, unclaimed: bool) -> bool:
    """What the reading allows the Big Market Day scorer to take, from the boat's owner and face."""
    boat = state.board[space]
    owner = state.owner[boat]
    return owner == seat or (owner < 0 and (state.ed.boats[boat].neutral or unclaimed))


def test_random_games_keep_each_reading_of_the_big_market_day() -> None:
    came_back = unclaimed_offered = 0
    for index in range(24):
        rng = random.Random(index)
        rules = {"big_market_end": ("round-of-declines", "decline-is-final")[index % 2],
                 "big_market_take": ("own-or-neutral", "unclaimed-too")[index // 2 % 2],
                 "stall_causer": ("last-passer", "first-passer")[index // 4 % 2]}
        unclaimed = rules["big_market_take"] == "unclaimed-too"
        state = explorer.new_game("klongs", players=2 + index % 3, seed=900 + index, **rules)
        assert isinstance(state, State)
        ed = state.ed
        while not state.is_over:
            if state.market is not None and state.market[0] == "big":
                seat, offered = state.current_player, offered_boats(state)
                assert seat is not None
                for landing in {name for name, _ in offered}:
                    around = ed.landing_spaces[ed.landing_index[landing]]
                    allowed = {(landing, ed.spaces[space]) for space in around
                               if takeable(state, seat, space, unclaimed)}
                    assert {pair for pair in offered if pair[0] == landing} == allowed, (index, landing)
                unclaimed_offered += sum(1 for _, space in offered
                                         if state.owner[state.board[ed.index[space]]] < 0
                                         and not ed.boats[state.board[ed.index[space]]].neutral)
            state = state.play(rng.choice(legal(state)))
        turns = big_day_turns(state)
        declined: set[int] = set()
        for seat, kind in turns:
            if rules["big_market_end"] == "decline-is-final":
                assert seat not in declined, (index, turns)
            elif seat in declined:
                came_back += 1
            if kind == "decline":
                declined.add(seat)
        replays(state)
    # The readings bite in random play: a seat that declined scores again (default), an unclaimed
    # boat is offered (the other reading of the take).
    assert came_back and unclaimed_offered
