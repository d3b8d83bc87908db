"""Wocable actions and their GCG-style notation.

=================  ==========================================================================
``8H CAT``         :class:`Place` across from H8 (row first = across)
``H8 CAT``         :class:`Place` down from H8 (column first = down)
``8H c.T``         lowercase = a blank played as that letter; ``.`` = a tile already on the board
``8H [CH]E``       a digraph tile (Spanish CH, LL, RR) in brackets, ``[ch]`` for a blank
``-AB?``           :class:`Exchange` of A, B and a blank
``-``              :class:`Pass` (``pass`` is read too)
``draw E``         :class:`Draw`, a chance outcome (``draw ?`` draws a blank)
``resign 1``       :class:`Resign` (the shared class of every game; player index, 0-based)
``timeout 1``      :class:`Timeout`, sent by a frontend whose clock ran out for that player
``challenge 1``    :class:`Challenge`: player 1 challenges the play just made
``accept 1``       :class:`Accept`: player 1 accepts the play just made without challenging
``timepenalty 1 10`` :class:`TimePenalty`, a server event: player 1 loses 10 points
=================  ==========================================================================

Player numbers are 0-based indexes, as in ``resign 1``.

Keywords and squares are read case-insensitively (``DRAW E``, ``Resign 1``, ``8h``, ``h8``);
tiles are not, since lowercase marks a blank. Numbers are ASCII digits only.
"""

from __future__ import annotations

import re

import attrs

from wordgames._core.contract import Resign
from wordgames._core.errors import ParseError, short_repr
from wordgames._core.notation import ascii_int, guarded_parser

__all__ = [
    "Accept",
    "Action",
    "Challenge",
    "Draw",
    "Exchange",
    "Pass",
    "PendingPlay",
    "Place",
    "Resign",
    "TimePenalty",
    "Timeout",
    "parse_action",
    "split_tokens",
    "tile_sort_key",
]

_TOKEN = re.compile(r"\[[^\[\]]+\]|[^\[\]]")
BLANK_TOKEN = "?"
THROUGH_TOKEN = "."


def split_tokens(text: str) -> list[str]:
    """Split notation into tile tokens: ``"[CH]a.?"`` -> ``["CH", "a", ".", "?"]``.

    Raises :class:`ParseError` on unbalanced brackets.
    """
    if type(text) is str and "[" not in text and "]" not in text:
        # every character a token: what the pattern finds, found faster (anything but a str
        # goes on to the pattern, which refuses it with the TypeError it always raised)
        return list(text)
    out: list[str] = []
    pos = 0
    for m in _TOKEN.finditer(text):
        if m.start() != pos:
            raise ParseError(f"malformed tiles {short_repr(text)}")
        tok = m.group()
        out.append(tok[1:-1] if tok[0] == "[" else tok)
        pos = m.end()
    if pos != len(text):
        raise ParseError(f"malformed tiles {short_repr(text)}")
    return out


def token_text(token: str) -> str:
    """One tile token back to notation (multi-character tiles in brackets)."""
    return token if len(token) == 1 else f"[{token}]"


def tile_sort_key(token: str) -> tuple[int, str]:
    """Language-independent order of rack tiles: alphabetical with Ñ after N and each digraph
    after its first letter, blanks last (the order of the packaged alphabets)."""
    return (1, "") if token == BLANK_TOKEN else (0, token.replace("Ñ", "N\x7f"))


def _canon_exchange(tiles: str) -> str:
    toks = split_tokens(tiles)
    return "".join(token_text(t) for t in sorted(toks, key=tile_sort_key))


@attrs.frozen
class Place:
    """Tiles placed in one line, in GCG notation: the main word starts at (``row``, ``col``)
    (0-based; ``8H`` is row 7, col 7) and runs ``across`` or down; ``word`` spells it with
    ``.`` for tiles already on the board and lowercase for blanks (``[CH]`` for digraphs).

    The legal form of a move is unique: ``word`` covers the whole main word, and a one-tile
    move is written across when it has a horizontal neighbour, else down
    (``state.normalize`` turns any other description into that form)."""

    row: int
    col: int
    across: bool
    word: str

    @property
    def square_name(self) -> str:
        """The notation of the start square and direction, e.g. ``"8H"`` or ``"H8"``."""
        c = chr(ord("A") + self.col)
        return f"{self.row + 1}{c}" if self.across else f"{c}{self.row + 1}"

    def __str__(self) -> str:
        return f"{self.square_name} {self.word}"


@attrs.frozen
class Exchange:
    """Exchange the rack tiles ``tiles`` (notation order, ``?`` = blank) for new ones."""

    tiles: str = attrs.field(converter=_canon_exchange)

    def __str__(self) -> str:
        return f"-{self.tiles}"


@attrs.frozen
class Pass:
    """Pass the turn."""

    def __str__(self) -> str:
        return "-"


@attrs.frozen
class Draw:
    """Chance outcome: one tile drawn from the bag (``"?"`` for a blank)."""

    tile: str

    def __str__(self) -> str:
        return f"draw {token_text(self.tile)}"


@attrs.frozen
class Timeout:
    """The player on turn, ``player``, ran out of time (sent by the frontend; no clock here)."""

    player: int

    def __str__(self) -> str:
        return f"timeout {self.player}"


@attrs.frozen
class Challenge:
    """Player ``player`` challenges the play just made (``Rules.word_check="challenge"``):
    a play forming any word outside the lexicon is withdrawn, else the rule's
    ``challenge_rule`` applies. Only the next player may challenge (docs/wocable.md)."""

    player: int

    def __str__(self) -> str:
        return f"challenge {self.player}"


@attrs.frozen
class Accept:
    """Player ``player`` accepts the play just made without challenging it (closes the
    challenge window; needed when that play ends the game, optional otherwise)."""

    player: int

    def __str__(self) -> str:
        return f"accept {self.player}"


@attrs.frozen
class TimePenalty:
    """Server event: ``points`` (1..1000) are taken off player ``player``'s score for
    overtime (sent by the frontend that keeps the clock; recorded like :class:`Timeout`)."""

    player: int
    points: int

    def __str__(self) -> str:
        return f"timepenalty {self.player} {self.points}"


@attrs.frozen
class PendingPlay:
    """The play that may still be challenged (public): ``player`` placed ``place`` for
    ``score`` points, forming ``words`` (main word first, as the lexicon spells them);
    ``passes`` is the scoreless-turn counter before the play (restored on withdrawal)."""

    player: int
    place: Place
    score: int
    words: tuple[str, ...]
    passes: int

    def to_dict(self) -> dict[str, object]:
        """JSON-safe form (the placement in notation)."""
        return {
            "player": self.player,
            "place": str(self.place),
            "score": self.score,
            "words": list(self.words),
            "passes": self.passes,
        }


Action = Place | Exchange | Pass | Draw | Resign | Timeout | Challenge | Accept | TimePenalty
"""Any Wocable action: player decisions, draws (chance) and the server events."""

_ACROSS = re.compile(r"^([0-9]{1,2})([A-Za-z])$")
_DOWN = re.compile(r"^([A-Za-z])([0-9]{1,2})$")
_WORD_TOKEN = re.compile(r"^(?:\.|[A-ZÑ]+|[a-zñ]+)$")
_RACK_TOKEN = re.compile(r"^(?:\?|[A-ZÑ]+)$")
#: the most players a game has (player indexes in notation are below this)
_MAX_PLAYER_INDEX = 99
#: the largest time penalty one event may take (``TimePenalty.points``)
MAX_PENALTY = 1000


def _check_tokens(toks: list[str], pattern: re.Pattern[str], text: str) -> None:
    for t in toks:
        if not pattern.match(t) or (len(t) > 1 and t in ("?", ".")):
            raise ParseError(f"bad tile {short_repr(t)} in {short_repr(text)}")


def _parse_square(pos: str, text: str) -> tuple[int, int, bool]:
    """``8H`` -> (7, 7, across), ``H8`` -> (7, 7, down); either case."""
    m = _ACROSS.match(pos)
    if m:
        row, col, across = int(m.group(1)) - 1, ord(m.group(2).upper()) - ord("A"), True
    else:
        m = _DOWN.match(pos)
        if not m:
            raise ParseError(
                f"bad square {short_repr(pos)} in {short_repr(text)} (use 8H across or H8 down)"
            )
        row, col, across = int(m.group(2)) - 1, ord(m.group(1).upper()) - ord("A"), False
    if row < 0:
        raise ParseError(f"bad row in {short_repr(text)}")
    return row, col, across


def _parse_action(text: str) -> Action:
    """Parse the notation of any Wocable action (:class:`ParseError` if it is not one)."""
    s = text.strip()
    if s == "-" or s.lower() == "pass":
        return Pass()
    if s.startswith("-"):
        body = s[1:]
        toks = split_tokens(body)
        if not toks:
            raise ParseError(f"empty exchange {short_repr(text)}")
        _check_tokens(toks, _RACK_TOKEN, text)
        return Exchange(body)
    parts = s.split()
    if len(parts) == 3 and parts[0].lower() == "timepenalty":
        player = ascii_int(parts[1], "timepenalty player index", 0, _MAX_PLAYER_INDEX)
        return TimePenalty(player, ascii_int(parts[2], "timepenalty points"))
    kind = parts[0].lower() if len(parts) == 2 else ""
    if kind in ("challenge", "accept"):
        player = ascii_int(parts[1], f"{kind} player index", 0, _MAX_PLAYER_INDEX)
        return Challenge(player) if kind == "challenge" else Accept(player)
    if kind in ("draw", "resign", "timeout"):
        arg = parts[1]
        if kind == "draw":
            toks = split_tokens(arg)
            if len(toks) != 1:
                raise ParseError(f"draw takes one tile: {short_repr(text)}")
            _check_tokens(toks, _RACK_TOKEN, text)
            return Draw(toks[0])
        player = ascii_int(arg, f"{kind} player index", 0, _MAX_PLAYER_INDEX)
        return Resign(player) if kind == "resign" else Timeout(player)
    if len(parts) != 2:
        raise ParseError(f"not a Wocable action: {short_repr(text)}")
    pos, word = parts
    row, col, across = _parse_square(pos, text)
    toks = split_tokens(word)
    if not toks:
        raise ParseError(f"empty word in {short_repr(text)}")
    _check_tokens(toks, _WORD_TOKEN, text)
    canon = "".join(token_text(t) for t in toks)
    return Place(row, col, across, canon)


parse_action = guarded_parser(_parse_action)
"""Parse the notation of any Wocable action: :class:`ParseError`, and only that, if it is not
one (text over ``wordgames._core.notation.MAX_ACTION_TEXT`` characters is refused unread)."""
