"""Wömmeln actions and their notation.

Cells are ``(row, col)`` pairs (0-based) inside actions and ``A1``-style names (column letter,
1-based row) in notation. Players are written ``p0``, ``p1``, ... (0-based indices).

========================================  ===============================================
notation                                  action
========================================  ===============================================
``sheet 5``                               chance: the next seat without a sheet gets builtin
                                          sheet 5 (a game started without ``sheets``)
``reveal 12a``                            chance: card 12 is drawn, side ``a`` comes up
``p0 place STIER A1-B1-C1-d1-E1-e2-E3``   circle and connect in one go (upper case cells
                                          are circled, lower case ones crossed out)
``p0 circle STIER A1 B1 C1 E1 E3``        circle the letters of a word (connect later)
``p0 connect A1-B1-C1-d1-E1-e2-E3``       connect the letters circled earlier
``p0 pass``                               no word this round (or give up connecting)
``time up``                               the frontend's countdown ran out
``p1 erase``                              p1 erases their own marks: letters circled but
                                          not yet connected, or a 0-point round's kept marks
``p1 challenge p0 p2`` / ``p1 no challenge``  p1 challenges p0's and p2's words / lets every
                                          word stand (one action per player and round)
``p1 accept p0`` / ``p1 reject p0``       p1's vote on p0's (challenged) word in the review
``resign 1`` (also ``p1 resign``)         player 1 leaves the game (the shared ``Resign``)
========================================  ===============================================

Keywords, player names and cells in ``circle`` are read case-insensitively (``P0 PASS``,
``Time Up``, ``reveal 12A``); in a line, the case of a cell is meaningful (upper case: circled,
lower case: crossed out). ``str(action)`` is always the canonical form above. Numbers are ASCII
digits only.
"""

from __future__ import annotations

import re

import attrs

from wordgames._core.contract import Resign
from wordgames._core.errors import ParseError, short_repr
from wordgames._core.notation import ascii_int, guarded_parser
from wordgames.wommeln.categories import CARDS, fold
from wordgames.wommeln.engine import LETTERS, MAX_COLS, MAX_ROWS, Placement

__all__ = [
    "Action",
    "Challenge",
    "Circle",
    "Connect",
    "DealSheet",
    "Erase",
    "Pass",
    "Place",
    "Resign",
    "Reveal",
    "TimeUp",
    "Vote",
    "cell_text",
    "parse_action",
]

Cell = tuple[int, int]


def cell_text(cell: Cell, circled: bool = True) -> str:
    """``(0, 0)`` -> ``"A1"`` (lower case when not circled)."""
    r, c = cell
    text = f"{LETTERS[c] if 0 <= c < len(LETTERS) else '?'}{r + 1}"
    return text if circled else text.lower()


def _line_text(path: tuple[Cell, ...], circles: tuple[int, ...]) -> str:
    marked = set(circles)
    return "-".join(cell_text(cell, i in marked) for i, cell in enumerate(path))


@attrs.frozen
class DealSheet:
    """Chance: the next seat without a sheet (seats are dealt in order) gets builtin sheet
    ``number`` of the rules' set (1-14; INTENSIV 1-6), one of those not dealt yet."""

    number: int

    def __str__(self) -> str:
        return f"sheet {self.number}"


@attrs.frozen
class Reveal:
    """Chance: the next category card (``card`` 1-30) comes up on ``side`` ``"a"``/``"b"``."""

    card: int
    side: str

    def __str__(self) -> str:
        return f"reveal {self.card}{self.side}"


@attrs.frozen
class Place:
    """``player`` circles the letters of ``word`` and connects them along ``path`` in one
    action; ``circles`` are the (increasing) positions in ``path`` that are circled."""

    player: int
    word: str
    path: tuple[Cell, ...]
    circles: tuple[int, ...]

    def __str__(self) -> str:
        return f"p{self.player} place {self.word} {_line_text(self.path, self.circles)}"

    @classmethod
    def of(cls, player: int, placement: Placement, cols: int) -> Place:
        """The action that draws an engine ``placement`` on a grid ``cols`` wide."""
        path = tuple(divmod(c, cols) for c in placement.path)
        return cls(player, placement.word, path, placement.circles)

    def placement(self, cols: int) -> Placement:
        """The engine placement on a grid ``cols`` wide."""
        return Placement(self.word, tuple(r * cols + c for r, c in self.path), self.circles)


@attrs.frozen
class Circle:
    """``player`` circles ``cells`` (sorted) for ``word`` without connecting them yet."""

    player: int
    word: str
    cells: tuple[Cell, ...]

    def __str__(self) -> str:
        return f"p{self.player} circle {self.word} " + " ".join(cell_text(c) for c in self.cells)


@attrs.frozen
class Connect:
    """``player`` connects the letters they circled: ``path`` with ``circles`` as in
    :class:`Place`; the word is the one given when circling."""

    player: int
    path: tuple[Cell, ...]
    circles: tuple[int, ...]

    def __str__(self) -> str:
        return f"p{self.player} connect {_line_text(self.path, self.circles)}"


@attrs.frozen
class Pass:
    """``player`` has no word this round (or gives up connecting their circled letters)."""

    player: int

    def __str__(self) -> str:
        return f"p{self.player} pass"


@attrs.frozen
class Erase:
    """``player`` erases their own marks: during the search the letters they circled and have
    not connected yet (they may circle again; after ``TimeUp`` they are done with no marks);
    between rounds the marks a 0-point round left on their sheet (``Rules.erase_zero_rounds``
    off)."""

    player: int

    def __str__(self) -> str:
        return f"p{self.player} erase"


@attrs.frozen
class Challenge:
    """After the search, ``player`` challenges the words of ``authors`` (increasing player
    indices; empty: no challenge, every word stands for them). One action per player closes
    their challenge window; challenged words go to the vote."""

    player: int
    authors: tuple[int, ...] = ()

    def __str__(self) -> str:
        if not self.authors:
            return f"p{self.player} no challenge"
        return f"p{self.player} challenge " + " ".join(f"p{a}" for a in self.authors)


@attrs.frozen
class TimeUp:
    """The countdown ran out (sent by the frontend, which owns the clock)."""

    def __str__(self) -> str:
        return "time up"


@attrs.frozen
class Vote:
    """In the review, ``player`` votes whether ``author``'s word fits the category."""

    player: int
    author: int
    accept: bool

    def __str__(self) -> str:
        return f"p{self.player} {'accept' if self.accept else 'reject'} p{self.author}"


Action = (
    DealSheet
    | Reveal
    | Place
    | Circle
    | Connect
    | Pass
    | Erase
    | TimeUp
    | Challenge
    | Vote
    | Resign
)
"""Any Wömmeln action (the chance outcomes ``DealSheet`` and ``Reveal`` and the shared
``Resign`` included)."""

_PLAYER = re.compile(r"^[pP]([0-9])$", re.ASCII)
_CELL = re.compile(r"^([A-Za-z])([1-9][0-9]?)$", re.ASCII)
_CARD = re.compile(r"^([0-9]{1,2})([abAB])$", re.ASCII)


def _player(text: str, whole: str) -> int:
    m = _PLAYER.match(text)
    if not m:
        raise ParseError(
            f"expected a player like p0 in {short_repr(whole)}, got {short_repr(text)}"
        )
    return ascii_int(m.group(1), "player")


def _cell(text: str, whole: str) -> tuple[Cell, bool]:
    m = _CELL.match(text)
    if not m:
        raise ParseError(f"expected a cell like A1 in {short_repr(whole)}, got {short_repr(text)}")
    col = LETTERS.index(m.group(1).upper())
    row = int(m.group(2)) - 1
    if row >= MAX_ROWS or col >= MAX_COLS:
        raise ParseError(f"cell {short_repr(text)} is out of range")
    return (row, col), m.group(1).isupper()


_WORD = re.compile(r"^[A-Za-zÄÖÜäöüß]+$")


def _word(text: str, whole: str) -> str:
    if not _WORD.match(text):
        raise ParseError(f"expected a word of letters A-Z, got {short_repr(text)}")
    return fold(text)


def _line(text: str, whole: str) -> tuple[tuple[Cell, ...], tuple[int, ...]]:
    path = []
    circles = []
    for i, part in enumerate(text.split("-")):
        cell, up = _cell(part, whole)
        path.append(cell)
        if up:
            circles.append(i)
    return tuple(path), tuple(circles)


@guarded_parser
def parse_action(text: str) -> Action:
    """The action written ``text`` (see the module docstring); :class:`ParseError` otherwise."""
    parts = text.split()
    if not parts:
        raise ParseError("empty action text")
    words = [w.lower() for w in parts]
    if words == ["time", "up"]:
        return TimeUp()
    if words[0] == "reveal" and len(parts) == 2:
        m = _CARD.match(parts[1])
        if not m or not 1 <= int(m.group(1)) <= CARDS:
            raise ParseError(f"expected a card like 12a (1-{CARDS}, a/b), got {short_repr(text)}")
        return Reveal(int(m.group(1)), m.group(2).lower())
    if words[0] == "sheet" and len(parts) == 2:
        return DealSheet(ascii_int(parts[1], "sheet", 1, 99))
    if words[0] == "resign" and len(parts) == 2:
        return Resign(ascii_int(parts[1], "player"))
    if len(parts) < 2:
        raise ParseError(f"not a Wömmeln action: {short_repr(text)}")
    player = _player(parts[0], text)
    verb, args = words[1], parts[2:]
    if verb == "pass" and not args:
        return Pass(player)
    if verb == "resign" and not args:
        return Resign(player)
    if verb == "erase" and not args:
        return Erase(player)
    if verb == "no" and [w.lower() for w in args] == ["challenge"]:
        return Challenge(player, ())
    if verb == "challenge" and args:
        authors = [_player(x, text) for x in args]
        if len(set(authors)) != len(authors):
            raise ParseError(f"a player is challenged twice in {short_repr(text)}")
        return Challenge(player, tuple(sorted(authors)))
    if verb in ("accept", "reject") and len(args) == 1:
        return Vote(player, _player(args[0], text), verb == "accept")
    if verb == "place" and len(args) == 2:
        path, circles = _line(args[1], text)
        return Place(player, _word(args[0], text), path, circles)
    if verb == "connect" and len(args) == 1:
        path, circles = _line(args[0], text)
        return Connect(player, path, circles)
    if verb == "circle" and len(args) >= 2:
        cells = []
        for a in args[1:]:
            cell, _ = _cell(a, text)  # every cell of a circle is circled, in either case
            cells.append(cell)
        if len(set(cells)) != len(cells):
            raise ParseError(f"a cell is circled twice in {short_repr(text)}")
        return Circle(player, _word(args[0], text), tuple(sorted(cells)))
    raise ParseError(f"not a Wömmeln action: {short_repr(text)}")
