"""Bangkok's view model: what a widget draws comes from ``state.view(seat)`` (cards as data, legal
moves read into parts, the last port move, the scoring areas, events per seat) and ``str(state)``."""

from __future__ import annotations

import json

import explorer
from explorer.bangkok import State
from explorer.bangkok.examples import OTHER_ROWS, SCORING_ROWS, scenario

EMPTY_MARKET = [". . .", ". . .", ". . ."]


def test_cards_come_as_data_with_their_words() -> None:
    state = scenario(["ZB F P", "B ZF BF", "FF F!2P BB"], ["PZ", "F", "B"])
    view = state.view(0)
    chilli = view["port"][2][1]
    assert chilli["card"] == "F!2P" and chilli["chilli"]
    assert chilli["goods"] == ["F"] and chilli["type"] == 2 and chilli["indicated"] == ["P"]
    assert chilli["rule"] == "1 point for each indicated good in its area"
    assert chilli["words"] == ("A type-2 chilli for passion fruit, carrying fish; it scores 1 point for "
                               "each indicated good in its area")
    boat = view["hand"][0]
    assert boat["words"] == "A boat with passion fruit and Thai zucchini" and boat["rule"] is None
    assert view["chilli_types"]["3"] == "2 points for each pair of its two goods in its area"
    assert view["place_words"]["port"]["b3"] == "row 3, middle"
    assert view["place_words"]["market"]["a1"] == "top left"
    assert view["good_names"]["B"] == "blue peas"
    assert view["places"][2] == ["a3", "b3", "c3"] and view["lines"]["C2"]["cells"] == ["b1", "b2", "b3"]
    ends = {e["end"]: e for e in view["ends"]}
    assert (ends["R2L"]["side"], ends["R2L"]["number"]) == ("left", 2)
    assert (ends["C3B"]["side"], ends["C3B"]["number"]) == ("bottom", 3)


def test_every_legal_move_is_read_into_its_parts() -> None:
    state = scenario(["Z P PB", *OTHER_ROWS], ["PZ", "F", "B"])
    moves = state.view(0)["moves"]
    assert set(moves) == {str(a) for a in state.legal_actions()}
    assert moves["place:PZ@R1R>a1=Z,c1=PB"] == {
        "kind": "place", "card": "PZ", "end": "R1R", "line": "R1", "cells": ["a1", "c1"],
        "cards": ["Z", "PB"], "text": "row 1, left and row 1, right"}
    assert moves["renew:C2"] == {"kind": "renew", "line": "C2", "text": "Column 2"}
    after = state.play("place:PZ@R1R>a1=Z,c1=PB")
    assert after.phase == "market" and after.view(0)["extra_cards"] == 1 and state.view(0)["extra_cards"] == 0
    assert after.view(0)["moves"]["market:PB@a1"] == {"kind": "market", "card": "PB", "cell": "a1"}
    assert after.view(1)["moves"] == {}


def test_the_last_port_move_is_in_the_view_until_the_next() -> None:
    state = scenario(["ZB F P", *OTHER_ROWS], ["PZ", "F", "B"])
    assert state.view(0)["port_move"] is None and state.view(0)["market_move"] is None
    before = state.view(1)["port"]
    after = state.play("place:PZ@R1R>a1=ZB,c1=P")
    move = after.view(1)["port_move"]
    assert move["kind"] == "place" and move["move"] == 1 and move["seat"] == 0
    assert (move["end"], move["line"], move["taken"]) == ("R1R", "R1", ["a1", "c1"])
    before[0][0]["id"] = before[0][2]["id"] = None  # taken into a hand: the ids are secret now
    assert move["before"] == before
    assert move["placed"] == after.view(1)["port"][0][1]["id"]
    assert move["drawn"] == [{"cell": "c1", "pile": "chilli"}]  # one chilli card in the port: draw one
    assert move["caption"] == ("Step 2: the boat with passion fruit and Thai zucchini is pushed in right of "
                               "row 1, so row 1 slides left and keeps its order; the empty places are "
                               "refilled, 1 from the chilli pile.")
    laid = after.play("market:ZB@a1")
    assert laid.view(0)["port_move"] == after.view(0)["port_move"], "a market card leaves the port alone"
    assert laid.view(0)["market_move"] == {"move": 2, "seat": 0, "cell": "a1"}
    renewed = laid.play("renew:R2")
    move = renewed.view(0)["port_move"]
    assert move["kind"] == "renew" and move["move"] == 3 and move["taken"] == []
    assert {d["cell"] for d in move["drawn"]} == {"a2", "b2", "c2"}
    assert all(cell["id"] is None for cell in move["before"][1])


def test_a_card_slipped_under_a_pile_keeps_its_face_from_the_others() -> None:
    markets = [["Z!4B B .", "P!1P . .", "F!1F . ."], EMPTY_MARKET]
    state = scenario(["PP!3PZ Z!2B B", "B ZF BF", "FF F!2P BB"], ["PZ", "B!1B", "Z!1Z"],
                     markets=markets).play("place:PZ@R1L>a1=PP!3PZ,b1=Z!2B")
    state = state.play("return:Z!1Z")
    own, other = state.view(0)["events"][-1], state.view(1)["events"][-1]
    assert own["action"] == "return:Z!1Z" and other["action"] is None
    assert own["text"] == "You slip a card under the chilli pile: it fits nowhere in your market"
    assert other["text"] == "Anong slips a card under the chilli pile: it fits nowhere in Anong’s market"
    named = state.view(1, names=["A", "B"])["events"][-1]["text"]
    assert named == "A slips a card under the chilli pile: it fits nowhere in A’s market"
    assert "Z!1Z" not in json.dumps(state.view(1)["events"])


def test_scoring_areas_show_only_the_objectives_one_may_see() -> None:
    state = scenario(["PZ F P", *OTHER_ROWS], ["F", "PF", "Z"], markets=[SCORING_ROWS, EMPTY_MARKET],
                     objectives=["B", "P"])
    mine, theirs = state.view(0)["scoring"][0], state.view(1)["scoring"][0]
    assert mine == state.market_scoring(0, reveal=True) and mine["total"] == 20
    assert theirs == state.market_scoring(0, reveal=False) and theirs["objective_hidden"]
    assert [line["kind"] for line in mine["lines"]] == ["objective", "chilli", "chilli", "chilli", "complete"]


def test_print_shows_the_table() -> None:
    state = scenario(["ZB F P", *OTHER_ROWS], ["PZ", "F", "B"], objectives=["B", "P"])
    text = str(state)
    assert text == state.board_text(0)
    lines = text.splitlines()
    assert lines[0] == "Bangkok, 2 player(s), round 1: your turn (place a card or renew a line)"
    assert lines[1] == "You hold the first-player token."
    assert lines[3].split() == ["ZB", "F", "P"] and lines[5].split() == ["FF", "F!2P", "BB"]
    assert "Your hand: PZ F B; objective blue peas" in lines
    assert "Your hand: PZ ZZB PF; objective passion fruit" in state.board_text(1)
    assert "Anong’s turn" in state.board_text(1)
    assert "Anong holds the first-player token." in state.board_text(1)
    assert "PZ F B" not in state.board_text(1), "a seat's board shows only its own hand"
    assert "Boon’s market (0 points):" in lines
    assert lines[-2].startswith("Key: P passion fruit, Z Thai zucchini, B blue peas, F fish")
    assert "Seat" not in text and "seat" not in text


def test_old_records_with_a_position_option_replay() -> None:
    state = scenario(["ZB F P", *OTHER_ROWS], ["PZ", "F", "B"])
    state = state.play(state.legal_actions()[0])
    record = state.to_record()
    record["rules"]["position"] = record["rules"].pop("start")
    assert explorer.replay(record) == state
    assert isinstance(state, State) and state.rules["start"]["port"][0] == "ZB F P"
