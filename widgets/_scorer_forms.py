"""The position forms of the score-your-own-table page (``widgets.scorer``), one per game: counters,
drop-downs and an "Add trick" button a learner clicks, each form giving the position
``explorer.score_table`` takes (the README's "Scoring a table you played" shows one of each).

A form never decides whether a position is legal: its counters run from 0 (or, for Bastos! values, a
little past the value table) to far more than any table holds, so that a position the rules forbid
reaches the engine, which refuses it naming the rule. What a form reads from the game (the fruits in
play, the deck, the card faces) comes from a started game or the edition, never worked out here.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import Any, ClassVar

import ipywidgets as ipw

import explorer
from explorer import GameState
from explorer.bangkok import GOOD_NAMES, Card, default_edition, parse_card
from explorer.klongs import GOODS as KLONG_GOODS
from explorer.klongs import SPECIALS as KLONG_SPECIALS

#: The top of every counter: far above any table's count, so the engine, not the form, says "too many".
MOST = 99
#: How far a Bastos! value counter goes either way: past the value table, whose ends the engine checks.
VALUE_REACH = 9
#: A Bangkok market's places, row by row as the game names them (a1 upper left, beside the pontoon).
PLACES = tuple(f"{column}{row}" for row in (1, 2, 3) for column in "abc")
EMPTY = "."


def counter(description: str, tooltip: str, value: int = 0, low: int = 0,
            high: int = MOST) -> ipw.BoundedIntText:
    """A whole-number box with its name beside it and a sentence saying what it counts; the boxes are
    alike in width whatever their names."""
    width = f"{4.5 + 0.55 * len(description):.1f}em"
    return ipw.BoundedIntText(value=value, min=low, max=high, description=description, tooltip=tooltip,
                              style={"description_width": "initial"}, layout=ipw.Layout(width=width))


def heading(text: str) -> ipw.HTML:
    return ipw.HTML(f"<strong>{_escape(text)}</strong>", layout=ipw.Layout(min_width="5em", width="5em"))


def whose(name: str) -> str:
    """A player's possessive as a table says it: "your" for the reader, "Ben's" for Ben."""
    return "your" if name == "You" else f"{name}'s"


def who(name: str) -> str:
    return "you" if name == "You" else name


def _escape(text: str) -> str:
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


def seat_row(seat: int, name: str, *lines: Sequence[ipw.Widget]) -> ipw.VBox:
    """One player's controls, a line or two, named for the player (tests and styles find it by its
    class)."""
    rows = [ipw.HBox([heading(name if n == 0 else ""), *line],
                     layout=ipw.Layout(flex_flow="row wrap", align_items="center"))
            for n, line in enumerate(lines)]
    row = ipw.VBox(rows)
    row.add_class("re-scorer-seat")
    row.add_class(f"re-scorer-seat-{seat}")
    return row


class Form:
    """The controls of one game's end position; ``position()`` reads them as ``score_table`` takes it."""

    game: ClassVar[str]
    #: What the learner is asked to set, above the controls.
    intro: ClassVar[str]

    def __init__(self, state: GameState, names: Sequence[str]) -> None:
        self.names = list(names)
        self.players = state.players
        self.box = ipw.VBox([ipw.HTML(f"<p>{_escape(self.intro)}</p>"), *self._controls(state)])
        self.box.add_class(f"re-scorer-form-{self.game}")

    def _controls(self, state: GameState) -> list[ipw.Widget]:
        raise NotImplementedError

    def position(self) -> dict[str, Any]:
        raise NotImplementedError


# ---- Bangkok --------------------------------------------------------------------------------------


def _goods_words(goods: str) -> str:
    counts = Counter(goods)
    return ", ".join(f"{n} {GOOD_NAMES[good]}" if n > 1 else GOOD_NAMES[good] for good, n in counts.items())


def card_label(card: Card) -> str:
    """A card by what it shows, in plain words (the drop-down's entry for its face)."""
    if not card.is_chilli:
        return f"boat: {_goods_words(card.goods)}"
    scored = " and ".join(GOOD_NAMES[good] for good in dict.fromkeys(card.indicated))
    carried = f", carrying {_goods_words(card.goods)}" if card.goods else ""
    return f"chilli type {card.kind} for {scored}{carried}"


def card_choices() -> list[tuple[str, str]]:
    """Every face of the edition's cards, boats first (fewest goods first), then chilli cards by type."""
    faces = list(dict.fromkeys(card.face for card in default_edition().cards))
    cards = sorted((parse_card(face) for face in faces), key=lambda c: (c.is_chilli, c.kind, len(c.goods)))
    return [("empty", EMPTY), *((card_label(card), card.face) for card in cards)]


class BangkokForm(Form):
    """Each player's floating market, place by place, and the good on their pontoon tile."""

    game = "bangkok"
    intro = ("Set each player's floating market as it lies at the game's end, place by place (a1 is the "
             "upper left, beside the pontoon), and the good on their pontoon tile.")

    def _controls(self, state: GameState) -> list[ipw.Widget]:
        choices = card_choices()
        goods = [(GOOD_NAMES[good], good) for good in default_edition().objectives]
        self.cells: list[list[ipw.Dropdown]] = []
        self.objectives: list[ipw.Dropdown] = []
        markets = []
        for seat, name in enumerate(self.names):
            cells = [ipw.Dropdown(options=choices, value=EMPTY, description=place,
                                  tooltip=f"{whose(name).capitalize()} market, place {place}",
                                  style={"description_width": "1.8em"}, layout=ipw.Layout(width="17em"))
                     for place in PLACES]
            objective = ipw.Dropdown(options=goods, value=goods[seat % len(goods)][1],
                                     description="Objective",
                                     tooltip=f"The good on {whose(name)} pontoon tile",
                                     style={"description_width": "initial"}, layout=ipw.Layout(width="17em"))
            grid = ipw.GridBox(cells, layout=ipw.Layout(grid_template_columns="repeat(3, 17em)",
                                                        grid_gap="2px 6px"))
            market = ipw.VBox([heading(f"{whose(name).capitalize()} market"), objective, grid],
                              layout=ipw.Layout(margin="0 0 8px 0"))
            market.add_class(f"re-scorer-seat-{seat}")
            self.cells.append(cells)
            self.objectives.append(objective)
            markets.append(market)
        return markets

    def position(self) -> dict[str, Any]:
        markets = [[" ".join(str(cell.value) for cell in cells[row:row + 3]) for row in (0, 3, 6)]
                   for cells in self.cells]
        return {"markets": markets, "objectives": [str(box.value) for box in self.objectives]}


# ---- Bangkok Klongs -------------------------------------------------------------------------------


class KlongsForm(Form):
    """Each player's points on the score track and the boats in their stock, counted by kind."""

    game = "klongs"
    intro = ("After the Big Market Day: set each player's points on the score track before the stock "
             "scoring, and count the boats in their stock by good (special boats too: they score nothing).")
    KINDS: ClassVar[tuple[str, ...]] = (*KLONG_GOODS, *KLONG_SPECIALS)

    def _controls(self, state: GameState) -> list[ipw.Widget]:
        self.track: list[ipw.BoundedIntText] = []
        self.stocks: list[dict[str, ipw.BoundedIntText]] = []
        rows = []
        for seat, name in enumerate(self.names):
            track = counter("Track", f"{whose(name).capitalize()} points on the score track before the "
                            "stock scoring", high=999)
            stock = {kind: counter(kind, f"{kind.capitalize()} boats in {whose(name)} stock")
                     for kind in self.KINDS}
            self.track.append(track)
            self.stocks.append(stock)
            rows.append(seat_row(seat, name, [track, *(stock[kind] for kind in KLONG_GOODS)],
                                 [stock[kind] for kind in KLONG_SPECIALS]))
        return rows

    def position(self) -> dict[str, Any]:
        stocks = [[kind for kind, box in stock.items() for _ in range(int(box.value))]
                  for stock in self.stocks]
        return {"stocks": stocks, "scores": [int(box.value) for box in self.track]}


# ---- Tindahan -------------------------------------------------------------------------------------


class TindahanForm(Form):
    """One round's end: tricks, cards left in hand and sellers on each stall per player, and trump."""

    game = "tindahan"
    intro = ("At the end of a round: set the stall under the donkey cart (trump), and for each player the "
             "tricks they took, the cards left in their hand and their sellers on each stall.")

    def _controls(self, state: GameState) -> list[ipw.Widget]:
        fruits = list(state.fruits)  # type: ignore[attr-defined]
        self.fruits = fruits
        self.trump = ipw.Dropdown(options=fruits, value=fruits[0], description="Trump",
                                  tooltip="The stall under the donkey cart at the round's end",
                                  style={"description_width": "initial"}, layout=ipw.Layout(width="14em"))
        self.round = counter("Round", "Which round this is (round 1 is the first)", value=1, low=1)
        # Only when sellers stay on the stalls can a player's sellers there differ from those sent this
        # round (the empty-round rule reads the latter); otherwise the engine takes the stalls' count.
        self.stays = state.rules["sellers_between_rounds"] == "stay"
        self.tricks: list[ipw.BoundedIntText] = []
        self.held: list[ipw.BoundedIntText] = []
        self.sellers: dict[str, list[ipw.BoundedIntText]] = {fruit: [] for fruit in fruits}
        self.sent: list[ipw.BoundedIntText] = []
        rows: list[ipw.Widget] = [ipw.HBox([self.trump, self.round])]
        for seat, name in enumerate(self.names):
            tricks = counter("Tricks", f"Tricks {who(name)} took this round")
            held = counter("In hand", f"Cards left in {whose(name)} hand")
            stalls = [counter(f"{fruit} stall", f"{whose(name).capitalize()} sellers on the {fruit} stall")
                      for fruit in fruits]
            for fruit, box in zip(fruits, stalls, strict=True):
                self.sellers[fruit].append(box)
            extra = []
            if self.stays:
                extra = [counter("Sent", f"Sellers {who(name)} sent to the stalls this round")]
                self.sent.append(extra[0])
            self.tricks.append(tricks)
            self.held.append(held)
            rows.append(seat_row(seat, name, [tricks, held, *stalls, *extra]))
        return rows

    def position(self) -> dict[str, Any]:
        position: dict[str, Any] = {
            "tricks": [int(box.value) for box in self.tricks],
            "hand_cards": [int(box.value) for box in self.held],
            "sellers": {fruit: [int(box.value) for box in boxes] for fruit, boxes in self.sellers.items()},
            "trump": str(self.trump.value), "round": int(self.round.value)}
        if self.stays:
            position["sent"] = [int(box.value) for box in self.sent]
        return position


# ---- Bastos! --------------------------------------------------------------------------------------


def card_name(card: str) -> str:
    """A Bastos! card in words: ``banana-3`` is "banana 3"."""
    fruit, _, value = card.partition("-")
    return f"{fruit} {value}"


class BastosForm(Form):
    """One round's end: the value table, and the tricks each player took, added a trick at a time."""

    game = "bastos"
    intro = ("At the end of a round: set each fruit's value on the value table, then add the round's tricks "
             "one by one: who took it and the cards in it.")

    def _controls(self, state: GameState) -> list[ipw.Widget]:
        fruits: list[str] = list(state.fruits)  # type: ignore[attr-defined]
        # The deck of this table: every card dealt at the start of a round, and the spare if any.
        dealt = [card for hand in state.hands for card in hand]  # type: ignore[attr-defined]
        spare = state.spare  # type: ignore[attr-defined]
        deck = sorted([*dealt, *([spare] if spare else [])],
                      key=lambda card: (fruits.index(card.partition("-")[0]), int(card.partition("-")[2])))
        self.values = {fruit: counter(fruit, f"The value of {fruit} on the value table at the round's end",
                                      low=-VALUE_REACH, high=VALUE_REACH) for fruit in fruits}
        self.round = counter("Round", "Which round this is (round 1 is the first)", value=1, low=1)
        self.taker = ipw.Dropdown(options=[(name, seat) for seat, name in enumerate(self.names)], value=0,
                                  description="Taken by", tooltip="Who took the trick",
                                  style={"description_width": "initial"}, layout=ipw.Layout(width="12em"))
        self.cards = [ipw.Dropdown(options=[(card_name(card), card) for card in deck], value=None,
                                   description=f"Card {n + 1}", tooltip=f"Card {n + 1} of the trick",
                                   style={"description_width": "initial"}, layout=ipw.Layout(width="12em"))
                      for n in range(self.players)]
        self.add_button = ipw.Button(description="Add trick", icon="plus",
                                     tooltip="Add this trick to the tricks its taker took")
        self.add_button.on_click(lambda _b: self.add_trick())
        self.said = ipw.HTML()
        self.tricks: list[tuple[int, tuple[str, ...]]] = []
        self.listing = ipw.VBox()
        self._show_tricks()
        values = ipw.HBox([heading("Values"), *self.values.values(), self.round],
                          layout=ipw.Layout(flex_flow="row wrap", align_items="center"))
        builder = ipw.HBox([heading("A trick"), self.taker, *self.cards, self.add_button],
                           layout=ipw.Layout(flex_flow="row wrap", align_items="center"))
        return [values, builder, self.said, self.listing]

    def add_trick(self) -> bool:
        """Add the trick set in the builder (all its cards chosen); else say what is missing."""
        chosen = [box.value for box in self.cards]
        if any(card is None for card in chosen):
            self.said.value = (f'<p role="alert">Choose the trick\'s {self.players} cards first: a trick '
                               "holds one card from each player.</p>")
            return False
        self.tricks.append((int(self.taker.value), tuple(str(card) for card in chosen)))
        for box in self.cards:
            box.value = None
        self.said.value = ""
        self._show_tricks()
        return True

    def remove_trick(self, index: int) -> None:
        del self.tricks[index]
        self._show_tricks()

    def _show_tricks(self) -> None:
        if not self.tricks:
            none = "<p>No trick added yet: a player with none took no trick.</p>"
            self.listing.children = (ipw.HTML(none),)
            return
        rows = []
        for index, (seat, cards) in enumerate(self.tricks):
            words = ", ".join(card_name(card) for card in cards)
            remove = ipw.Button(description="Remove", icon="trash", tooltip=f"Remove trick {index + 1}",
                                layout=ipw.Layout(width="7em"))
            remove.on_click(lambda _b, i=index: self.remove_trick(i))
            rows.append(ipw.HBox([ipw.HTML(f"Trick {index + 1}: {_escape(self.names[seat])} took "
                                           f"{_escape(words)}"), remove]))
        self.listing.children = tuple(rows)

    def position(self) -> dict[str, Any]:
        won: list[list[str]] = [[] for _ in self.names]
        for seat, cards in self.tricks:
            won[seat].extend(cards)
        return {"values": {fruit: int(box.value) for fruit, box in self.values.items()}, "won": won,
                "round": int(self.round.value)}


FORMS: dict[str, type[Form]] = {form.game: form
                                 for form in (BangkokForm, KlongsForm, TindahanForm, BastosForm)}


def form_for(game: str, players: int, rules: dict[str, Any]) -> Form:
    """The form of ``game`` for a table of ``players``, its layout read from a game started under ``rules``
    (which also checks them); the players are named as on the table: "You", then the game's names."""
    state = explorer.new_game(game, players=players, seed=0, **rules)
    return FORMS[game](state, state.seat_names(0))
