"""Regenwormen actions and their text notation.

Dice faces are the ints 1-6 where 6 is the worm (worth 5 points); the notation prints the
worm as ``w`` and accepts ``w`` or ``6``. Players are numbered from 0, as everywhere in the API.

======================  ===========================  ====================================
action                  text                         meaning
======================  ===========================  ====================================
``Roll((1, 2, 6))``     ``roll 1 2 w``               chance: the faces rolled (a multiset)
``SetAside(6)``         ``set w``                    set aside every rolled die of a value
``Reroll()``            ``reroll``                   roll the remaining dice again
``Take(25)``            ``take 25``                  take a tile from the grill
``Steal(25, 2)``        ``steal 25 from 2``          take player 2's top tile
``Resign(1)``           ``resign 1``                 player 1 leaves the game (shared class)
======================  ===========================  ====================================

Keywords and faces are case-insensitive (``SET W``, ``Take 25``); numbers are ASCII digits only.
"""

from __future__ import annotations

from collections.abc import Iterable

import attrs

from wordgames._core.contract import Resign
from wordgames._core.errors import ParseError, short_repr
from wordgames._core.notation import ascii_int, guarded_parser

__all__ = [
    "FACES",
    "FACE_POINTS",
    "WORM",
    "Action",
    "Reroll",
    "Resign",
    "Roll",
    "SetAside",
    "Steal",
    "Take",
    "face_text",
    "parse_action",
]

WORM = 6
"""The worm face, stored as 6 and printed ``w``."""
FACES = (1, 2, 3, 4, 5, WORM)
"""The six faces in notation order."""
FACE_POINTS = (1, 2, 3, 4, 5, 5)
"""Points of each face (index = face - 1): the worm counts 5."""


def face_text(face: int) -> str:
    """``'w'`` for the worm, else the digit."""
    return "w" if face == WORM else str(face)


def _sorted_faces(faces: Iterable[int]) -> tuple[int, ...]:
    return tuple(sorted(faces))


@attrs.frozen(cache_hash=True)
class Roll:
    """Chance outcome: the faces rolled, as a sorted tuple (the multiset of the roll)."""

    faces: tuple[int, ...] = attrs.field(converter=_sorted_faces)

    def __str__(self) -> str:
        return "roll " + " ".join(map(face_text, self.faces))


@attrs.frozen
class SetAside:
    """Set aside every die showing ``value`` (1-5, or 6 for the worm) from the current roll."""

    value: int

    def __str__(self) -> str:
        return "set " + face_text(self.value)


@attrs.frozen
class Reroll:
    """Roll the dice that are not set aside again."""

    def __str__(self) -> str:
        return "reroll"


@attrs.frozen
class Take:
    """Stop and take ``tile`` from the grill."""

    tile: int

    def __str__(self) -> str:
        return f"take {self.tile}"


@attrs.frozen
class Steal:
    """Stop and take ``tile`` from the top of player ``victim``'s stack (0-based index)."""

    tile: int
    victim: int

    def __str__(self) -> str:
        return f"steal {self.tile} from {self.victim}"


Action = Roll | SetAside | Reroll | Take | Steal | Resign
"""Any Regenwormen action (chance outcomes included)."""


def _face(tok: str, text: str) -> int:
    if tok == "w":
        return WORM
    if len(tok) == 1 and tok in "123456":
        return int(tok)
    raise ParseError(f"bad die face {short_repr(tok)} in {short_repr(text)} (expected 1-5, w or 6)")


@guarded_parser
def parse_action(text: str) -> Action:
    """Parse the notation above (case-insensitive, extra spaces allowed).

    Raises :class:`~wordgames.ParseError` on anything else (and only that: numbers are ASCII
    digits, at most six of them; text is at most ``MAX_ACTION_TEXT`` characters).
    """
    toks = text.lower().split()
    if not toks:
        raise ParseError("empty action text")
    head, args = toks[0], toks[1:]
    if head == "roll":
        if not 1 <= len(args) <= 8:
            raise ParseError(f"a roll lists 1 to 8 faces: {short_repr(text)}")
        return Roll(tuple(_face(t, text) for t in args))
    if head == "set" and len(args) == 1:
        return SetAside(_face(args[0], text))
    if head == "reroll" and not args:
        return Reroll()
    if head == "take" and len(args) == 1:
        return Take(ascii_int(args[0], "tile"))
    if head == "steal" and len(args) == 3 and args[1] == "from":
        return Steal(ascii_int(args[0], "tile"), ascii_int(args[2], "player"))
    if head == "resign" and len(args) == 1:
        return Resign(ascii_int(args[0], "player"))
    raise ParseError(
        f"not a Regenwormen action: {short_repr(text)} (expected 'roll 1 2 w', 'set w', "
        "'reroll', 'take 25', 'steal 25 from 2' or 'resign 1')"
    )
