"""The Walkthrough step control: navigation, the table it drives, the learner's tries, its repr."""

from __future__ import annotations

import doctest
import html
import re
from typing import ClassVar

import pytest

import explorer
from explorer import GameState
from explorer.klongs.examples import john_scenario
from explorer.tindahan import RULES
from explorer.tindahan.examples import trick_scenario
from widgets import walkthrough
from widgets._session import GameWidget
from widgets.klong_board import KlongBoardWidget
from widgets.trick_table import TrickTableWidget
from widgets.walkthrough import CheckText, Step, Walkthrough, check_section, markdown_html


def tindahan_steps() -> list[Step]:
    states = trick_scenario()
    titles = ["The deal", "A moves the cart", "B must play", "C sends a seller", "D follows", "E trumps"]
    return [Step(title, f"Position {i}.", state, rules=("tindahan.trump",) if i else ())
            for i, (title, state) in enumerate(zip(titles, states, strict=True))]


def test_next_and_back_change_the_state_shown() -> None:
    steps = tindahan_steps()
    tour = Walkthrough(steps, title="The A–E trick")
    table = tour.table
    assert tour.index == 0 and table.state == steps[0].state
    for i in range(1, len(steps)):
        tour.next()
        assert tour.index == i
        assert tour.table is table, "the same table instance shows every step of one player count"
        assert table.state == steps[i].state
        assert table.view["move_number"] == i
    tour.back()
    tour.back()
    assert tour.index == len(steps) - 3 and table.state == steps[-3].state


def test_ends_are_disabled_and_do_nothing() -> None:
    steps = tindahan_steps()
    tour = Walkthrough(steps)
    assert tour.back_button.disabled and not tour.next_button.disabled
    tour.back()
    assert tour.index == 0
    tour.go(len(steps) - 1)
    assert tour.next_button.disabled and not tour.back_button.disabled
    tour.next()
    assert tour.index == len(steps) - 1
    tour.back_button.click()
    assert tour.index == len(steps) - 2 and not tour.next_button.disabled
    tour.next_button.click()
    assert tour.index == len(steps) - 1
    with pytest.raises(IndexError):
        tour.go(len(steps))
    one = Walkthrough(steps[:1])
    assert one.back_button.disabled and one.next_button.disabled


def test_counter_text_rules_and_accessible_buttons() -> None:
    tour = Walkthrough(tindahan_steps(), title="Trick")
    assert "Step 1 of 6" in tour.counter.value and 'aria-live="polite"' in tour.counter.value
    assert "<h3>The deal</h3>" in tour.heading.value and "Trick" in tour.heading.value
    assert "rules here" not in tour.explanation.value
    tour.next()
    assert "Step 2 of 6" in tour.counter.value
    # A rule id comes with its rule's text.
    assert "(tindahan.trump)" in tour.explanation.value
    assert html.escape(RULES["tindahan.trump"].text) in tour.explanation.value
    # The visible text is the button's accessible name; the tooltip adds what it does.
    assert [b.description for b in (tour.back_button, tour.next_button, tour.reset_button)] == [
        "Back", "Next step", "Reset step"]
    assert all(b.tooltip for b in (tour.back_button, tour.next_button, tour.reset_button))


def test_learner_may_try_moves_and_reset_the_step() -> None:
    steps = tindahan_steps()
    tour = Walkthrough(steps)
    tour.go(2)  # after B's banana-10: C is to act
    table = tour.table
    # Seen from A (the seat to act at the first step), yet C, who is to act, may try a move.
    assert table.view["seat"] == 0 and table.state.current_player == 2
    explanation = tour.explanation.value
    legal = table.view["legal"]
    assert "seller:banana" in legal and legal == [str(a) for a in table.state.legal_actions()]
    assert table.handle_intent({"type": "play", "action": "seller:banana"})
    assert tour.moved_on and "Reset step" in tour.note.value
    # The caption follows the position: it says a move was tried, and which, in the book's names.
    assert tour.explanation.value != explanation
    assert "trying moves" in tour.explanation.value and "C sends a seller" in tour.explanation.value
    assert "That is the book's move too" in tour.explanation.value  # C sends the book's seller
    assert "trying moves" in repr(tour)
    assert table.view["seat"] == 0
    # An illegal try is refused by the engine, with its rule, and changes nothing.
    assert not table.handle_intent({"type": "play", "action": "cart:durian"})
    assert table.error["rule"].startswith("tindahan.")
    tour.reset_button.click()
    assert table.state == steps[2].state and not tour.moved_on and tour.note.value == ""
    assert tour.explanation.value == explanation and tour.reset_button.disabled
    assert table.error == {}
    # Another move than the book's: the caption says how the book goes on instead.
    assert table.handle_intent({"type": "play", "action": "banana-5"})
    assert "C plays banana 5" in tour.explanation.value
    assert "The book goes on differently: C sends a seller" in tour.explanation.value


def test_seats_stay_fixed_and_each_step_names_the_books_move() -> None:
    steps = tindahan_steps()
    tour = Walkthrough(steps)
    seen = []
    moves = []
    for i in range(len(steps)):
        tour.go(i)
        seen.append(tour.table.view["seat"])
        moves.append(" ".join(tour.book_move()))
        assert not re.search(r"\b[Ss]eat \d", tour.explanation.value), tour.explanation.value
    assert seen == [0] * len(steps)
    assert moves[0] == "" and "A moves the donkey cart to the mango stall" in moves[1]
    assert "B plays" in moves[2] and "E takes the trick" in moves[5]
    assert "The book's move" in tour.explanation.value
    other = Walkthrough(steps, seat=4, start=2)
    assert other.table.view["seat"] == 4 and other.seat == 4
    with pytest.raises(ValueError, match="seat must be"):
        Walkthrough(steps, seat=5)


def test_the_table_speaks_the_rulebooks_names_and_has_no_play_controls() -> None:
    steps = tindahan_steps()
    named = ("Mary", "John", "Eva", "Sarah", "Tom")
    tour = Walkthrough([*steps[:2], Step("Named", "With names.", steps[2].state, names=named)])
    view = tour.table.view
    # The shell hides Restart, undo and speed in a walkthrough; the seats are the book's A-E, not "You".
    assert view["walkthrough"] is True and view["names"] == list("ABCDE")
    tour.next()
    assert any(str(e["text"]).startswith("A moves") for e in tour.table.view["events"])
    tour.next()
    view = tour.table.view
    assert view["names"] == list(named) and view["walkthrough"] is True
    texts = " ".join(str(e["text"]) for e in view["events"])
    assert "Mary moves the donkey cart" in texts and "John plays" in texts, texts
    assert "Mary" in " ".join(tour.book_move(2)) or "John" in " ".join(tour.book_move(2))


def test_the_caption_follows_the_position_over_several_moves() -> None:
    steps = tindahan_steps()
    tour = Walkthrough(steps)
    table = tour.table
    # Two of the book's moves from step 3: the caption names the later step whose position it is.
    tour.go(2)
    for action in steps[4].state.actions()[len(steps[2].state.actions()):]:
        assert table.handle_intent({"type": "play", "action": str(action)})
    assert table.state == steps[4].state
    assert "step 5 (<em>D follows</em>)" in tour.explanation.value, tour.explanation.value
    # One more move off the book's line: the caption moves on with it, no longer naming step 5.
    other = next(a for a in table.state.legal_actions() if table.state.play(a) != steps[5].state)
    assert table.handle_intent({"type": "play", "action": str(other)})
    assert "step 5" not in tour.explanation.value and "trying moves" in tour.explanation.value
    assert "The book goes on differently" in tour.explanation.value


def test_check_section_prints_plain_text_and_folds_it_in_html(capsys: pytest.CaptureFixture[str],
                                                                monkeypatch: pytest.MonkeyPatch) -> None:
    shown: list[object] = []
    monkeypatch.setattr(walkthrough, "display", shown.append)
    with check_section("Check: the trick"):
        print("trick taken by: book E, engine E")
    assert capsys.readouterr().out == ""
    (text,) = shown
    assert isinstance(text, CheckText)
    assert repr(text) == "trick taken by: book E, engine E"
    assert text._repr_html_() == ('<details class="re-check"><summary>Check: the trick</summary>'
                                  "<pre>trick taken by: book E, engine E</pre></details>")


def test_a_new_player_count_gets_a_new_table() -> None:
    three = explorer.new_game("tindahan", players=3, seed=1)
    five = explorer.new_game("tindahan", players=5, seed=1)
    bastos = explorer.new_game("bastos", players=3, seed=1)
    tour = Walkthrough([Step("3", "", three), Step("5", "", five), Step("bastos", "", bastos)])
    first = tour.table
    tour.next()
    assert tour.table is not first and tour.table.state is five
    assert tour.table_box.children == (tour.table,)
    assert tour.table.names == list("ABCDE")
    second = tour.table
    tour.next()  # another game with another player count: a new table again
    assert tour.table is not second and tour.table.state is bastos
    tour.back()
    tour.back()
    assert tour.table.state is three and tour.table.names == ["A", "B", "C"]
    # The old tables no longer report to the walkthrough.
    first.state = three.play(three.legal_actions()[0])
    assert not tour.moved_on


def test_repr_is_stable() -> None:
    a, b = Walkthrough(tindahan_steps(), title="Trick"), Walkthrough(tindahan_steps(), title="Trick")
    assert repr(a) == repr(b) == ("<Walkthrough 'Trick': step 1 of 6 'The deal', tindahan, 5 players, "
                                  "seen from A>")
    a.next()
    assert repr(a) == ("<Walkthrough 'Trick': step 2 of 6 'A moves the cart', tindahan, 5 players, "
                       "seen from A>")
    assert not re.search(r"0x[0-9a-f]+", repr(a))
    untitled = Walkthrough(tindahan_steps()[:1])
    assert repr(untitled) == "<Walkthrough step 1 of 1 'The deal', tindahan, 5 players, seen from A>"


class PlainTable(GameWidget):
    """A later game's table: any GameWidget subclass can be the walkthrough's table."""

    GAMES: ClassVar[tuple[str, ...] | None] = ("bastos",)


def test_table_class_is_a_parameter() -> None:
    state: GameState = explorer.new_game("bastos", players=4, seed=3)
    tour = Walkthrough([Step("deal", "x", state), Step("pick", "y", state.play(state.legal_actions()[0]))],
                       table_class=PlainTable, names=["Ana", "Ben", "Cy", "Di", "Ed"], teaching=False)
    assert isinstance(tour.table, PlainTable) and tour.table.names == ["Ana", "Ben", "Cy", "Di"]
    assert not tour.table.teaching and tour.table.seats == (0, 1, 2, 3) and not tour.table.bots
    tour.next()
    assert tour.table.state == tour.steps[1].state
    with pytest.raises(ValueError, match="PlainTable draws bastos"):
        Walkthrough(tindahan_steps(), table_class=PlainTable)
    assert isinstance(Walkthrough(tindahan_steps()).table, TrickTableWidget)
    # Without a table class, the game's spec names the widget.
    klongs = explorer.new_game("klongs", players=2, seed=1)
    assert isinstance(Walkthrough([Step("start", "x", klongs)]).table, KlongBoardWidget)


def test_bad_steps_are_refused() -> None:
    with pytest.raises(ValueError, match="at least one step"):
        Walkthrough([])
    with pytest.raises(ValueError, match="start must be"):
        Walkthrough(tindahan_steps(), start=6)
    with pytest.raises(TypeError, match="must be a Step"):
        Walkthrough(["not a step"])  # type: ignore[list-item]


def test_markdown_is_small_and_safe() -> None:
    assert markdown_html("") == ""
    assert markdown_html("a\nb") == "<p>a b</p>"
    assert markdown_html("x <script>") == "<p>x &lt;script&gt;</p>"
    assert markdown_html("`**raw**`") == "<p><code>**raw**</code></p>"
    assert markdown_html("[hub](index.ipynb)") == '<p><a href="index.ipynb">hub</a></p>'
    assert "href" not in markdown_html("[bad](javascript:alert)")
    assert markdown_html("3*4 and 2*5") == "<p>3*4 and 2*5</p>"


def test_doctests() -> None:
    result = doctest.testmod(walkthrough)
    assert result.attempted and not result.failed


def test_a_board_that_never_turns_shows_the_acting_seat() -> None:
    john = john_scenario()
    tour = Walkthrough([Step("before", "x", john[0]), Step("market day", "y", john[3])])
    tour.next()
    table = tour.table
    current = table.state.current_player
    assert current == 2 and table.view["seat"] == current  # John's hand and choices, on the same board
    assert "score:Lb2>b2" in table.view["legal"] and table.view["targets"]


@pytest.mark.parametrize(("query", "index"), [("step=3", 2), ("step=6", 5), ("", 0), ("other=1", 0)])
def test_the_page_opens_at_the_step_its_query_asks_for(monkeypatch: pytest.MonkeyPatch, query: str,
                                                       index: int) -> None:
    monkeypatch.setenv("QUERY_STRING", query)
    tour = Walkthrough(tindahan_steps())
    assert tour.index == index and tour.table.state == tour.steps[index].state
    assert f"Step {index + 1} of 6" in tour.counter.value and 'role="alert"' not in tour.heading.value
    # A start given in code wins over the query (a page with several walkthroughs).
    assert Walkthrough(tindahan_steps(), start=1).index == 1


@pytest.mark.parametrize("asked", ["0", "7", "-1", "two", "", "3.5", "²", "9" * 5000, "<b>9</b>"])
def test_a_bad_step_in_the_query_opens_step_1_and_says_why(monkeypatch: pytest.MonkeyPatch,
                                                           asked: str) -> None:
    monkeypatch.setenv("QUERY_STRING", f"step={asked}" if asked != "<b>9</b>" else "step=%3Cb%3E9%3C/b%3E")
    tour = Walkthrough(tindahan_steps())
    assert tour.index == 0 and tour.table.state == tour.steps[0].state
    if asked:  # an empty value is no value: parse_qs drops it, as if no step was asked
        assert 'role="alert"' in tour.heading.value and "the steps are 1 to 6" in tour.heading.value
        assert "<b>" not in tour.heading.value
    tour.next()  # the learner has moved on: the note has done its work
    assert 'role="alert"' not in tour.heading.value


def test_asked_step_reads_a_given_query() -> None:
    assert walkthrough.asked_step(4, {"step": "4"}) == (3, "")
    assert walkthrough.asked_step(4, {}) == (0, "")
    index, note = walkthrough.asked_step(4, {"step": "5"})
    assert index == 0 and note.startswith("There is no step “5” here")
