"""CGP, the one-line Crossword Game Position format that crossword-game engines exchange.

::

    <board> <rack to move>/<other rack> <score to move>/<other score> <zeros> [<op> <args>; ...]
    15/15/15/15/15/15/15/6CAT6/15/15/15/15/15/15/15 AEINRST/ 10/0 0 lex NWL20;

- board: 15 rows joined by ``/``; a run of empty squares is its length, lowercase is a blank,
  ``[CH]`` a digraph tile (as in the position string);
- racks: the player to move first; the other rack may be empty (unknown); ``?`` is a blank;
- scores: in the same order; zeros: consecutive scoreless turns so far;
- opcodes (optional, each ended by ``;``): ``lex NAME`` names the lexicon, ``ld NAME`` the
  tile distribution (``english``/``spanish``, or ``en``/``es``); others are kept as read and
  ignored.

A CGP is the view of the player to move: :func:`from_cgp` returns a :class:`View` (the player
to move is seat 0) whose unseen pool is whatever the tile set leaves after the board and the
rack (it may hold fewer than 100 tiles in all, or none); ``view.sample_state(rng)`` deals it,
``view.moves()`` and :func:`generate_moves` work on it directly. :func:`to_cgp` writes a state
(both racks) or a view (the viewer's rack; the viewer must be on turn).
"""

from __future__ import annotations

import re

from wordgames._core.errors import InvalidStateError, ParseError, RulesError, short_repr
from wordgames._core.serial import guarded_loader
from wordgames.lexicon import Lexicon
from wordgames.wocable._phase import Phase
from wordgames.wocable.engine import (
    BLANK_BIT,
    RACK_SIZE,
    Tiles,
    board_rows,
    parse_board,
    tiles_for,
)
from wordgames.wocable.rules import Rules
from wordgames.wocable.state import State, default_lexicon
from wordgames.wocable.view import View

__all__ = ["MAX_CGP_TEXT", "from_cgp", "to_cgp"]

MAX_CGP_TEXT = 4096
"""the longest CGP :func:`from_cgp` reads (characters)"""

_RUN = re.compile(r"[0-9]+", re.ASCII)
_INT = re.compile(r"[+-]?[0-9]{1,6}", re.ASCII)
_DISTRIBUTIONS = {"english": "en", "en": "en", "spanish": "es", "es": "es"}


def _num(text: str, what: str) -> int:
    if not _INT.fullmatch(text):
        raise InvalidStateError(f"{what} must be a number, got {short_repr(text)}")
    return int(text)


def _compress(row: str) -> str:
    return re.sub(r"\.+", lambda m: str(len(m.group())), row)


def _opcodes(text: str) -> dict[str, str]:
    ops: dict[str, str] = {}
    for part in text.split(";"):
        part = part.strip()
        if not part:
            continue
        name, _, args = part.partition(" ")
        ops[name] = args.strip()
    return ops


@guarded_loader
def from_cgp(text: str, *, rules: Rules | None = None, lexicon: Lexicon | None = None) -> View:
    """The view of the player to move (seat 0, named ``P1``; the opponent ``P2``) of a CGP
    position. ``rules`` default to the Wocable rules with the tile set the ``ld`` opcode
    names; ``lexicon`` to the rules' builtin one (a CGP's ``lex`` names a lexicon this
    library does not ship: load it with ``Lexicon.from_file`` and pass it). The other rack's
    size is its length when given, else the smaller of 7 and the unseen tiles.
    :class:`InvalidStateError` (and only that) for a malformed position or one using more of
    a tile than the tile set has."""
    if not isinstance(text, str):
        raise InvalidStateError(f"a CGP is a string, got {type(text).__name__}")
    if len(text) > MAX_CGP_TEXT:
        raise InvalidStateError(f"a CGP has at most {MAX_CGP_TEXT} characters")
    fields = text.split(maxsplit=4)
    if len(fields) < 4:
        raise InvalidStateError(f"a CGP has at least 4 fields, got {len(fields)}")
    board_f, racks_f, scores_f, zeros_f = fields[:4]
    ops = _opcodes(fields[4]) if len(fields) == 5 else {}
    if rules is None:
        dist = ops.get("ld", "english").lower()
        if dist not in _DISTRIBUTIONS:
            raise InvalidStateError(f"unknown tile distribution {short_repr(dist)}")
        rules = Rules(tiles=_DISTRIBUTIONS[dist])
    lex = default_lexicon(rules) if lexicon is None else lexicon
    try:
        t = tiles_for(rules, lex)
    except RulesError as exc:
        raise InvalidStateError(short_repr(str(exc))) from None
    board = _read_board(t, board_f)
    rack_texts = racks_f.split("/")
    score_texts = scores_f.split("/")
    if len(rack_texts) != 2 or len(score_texts) != 2:
        raise InvalidStateError("a CGP has two racks and two scores, each pair joined by '/'")
    try:
        racks = [t.parse_rack(r) for r in rack_texts]
    except (ValueError, ParseError) as exc:
        raise InvalidStateError(f"bad rack: {short_repr(str(exc))}") from None
    if any(len(r) > RACK_SIZE for r in racks):
        raise InvalidStateError(f"a rack holds at most {RACK_SIZE} tiles")
    scores = tuple(_num(x, "a score") for x in score_texts)
    zeros = _num(zeros_f, "the scoreless-turn count")
    if zeros < 0:
        raise InvalidStateError("the scoreless-turn count is not negative")
    unseen = list(t.counts)
    for v in board:
        if v >= 0:
            unseen[t.blank if v & BLANK_BIT else v] -= 1
    for x in racks[0]:
        unseen[x] -= 1
    _check_counts(t, unseen)
    rest = list(unseen)
    for x in racks[1]:
        rest[x] -= 1
    _check_counts(t, rest)
    pool = sum(unseen)
    other = len(racks[1]) if racks[1] else min(RACK_SIZE, pool)
    if not racks[0]:
        raise InvalidStateError("the player to move needs a rack")
    if zeros >= rules.pass_limit:
        raise InvalidStateError(f"{zeros} scoreless turns end the game (pass_limit)")
    empty = all(v < 0 for v in board)
    return View(
        viewer=0,
        rules=rules,
        lexicon=lex,
        players=("P1", "P2"),
        board=board,
        rack=racks[0],
        rack_sizes=(len(racks[0]), other),
        scores=scores,
        bag_size=pool - other,
        unseen_counts=tuple(unseen),
        turn=0,
        phase=Phase.PLAY,
        drawer=-1,
        to_draw=0,
        aside_size=0,
        own_aside=(),
        passes=zeros,
        departed=(),
        removed_size=0,
        end_reason=None,
        ply=t.total - (pool - other) + (0 if empty else 1),
    )


def _check_counts(t: Tiles, counts: list[int]) -> None:
    for x, k in enumerate(counts):
        if k < 0:
            raise InvalidStateError(
                f"the position uses more {t.tile_text(x)} tiles than the tile set has "
                f"({t.counts[x]})"
            )


def _read_board(t: Tiles, board_f: str) -> tuple[int, ...]:
    size = t.size
    rows = board_f.split("/")
    if len(rows) != size:
        raise InvalidStateError(f"the board needs {size} rows, got {len(rows)}")
    for m in _RUN.finditer(board_f):
        if len(m.group()) > 2 or not 1 <= int(m.group()) <= size:
            raise InvalidStateError(f"a run of empty squares is 1 to {size}, got {m.group()[:8]}")
    try:
        return parse_board(t, [_RUN.sub(lambda m: "." * int(m.group()), r) for r in rows])
    except (ValueError, ParseError) as exc:
        raise InvalidStateError(f"bad board: {short_repr(str(exc))}") from None


def to_cgp(position: State | View, *, lexicon_name: str | None = None) -> str:
    """The CGP of a two-player state or view on the turn's player (a state writes both
    racks, a view its viewer's rack and an empty other rack). Opcodes: ``lex`` (the
    lexicon's name, or ``lexicon_name``) and ``ld`` (``english``/``spanish``).
    ValueError for a game of more than two players, or a view whose viewer is not on turn."""
    if len(position.players) != 2:
        raise ValueError("CGP describes two-player positions")
    t = position.tiles
    me = position.turn
    if isinstance(position, View):
        if position.viewer != me or position.rack is None:
            raise ValueError("a view gives a CGP only when its viewer is on turn")
        racks = [t.rack_text(position.rack), ""]
    else:
        racks = [position.rack_text(me), position.rack_text(1 - me)]
    rows = "/".join(_compress(r) for r in board_rows(t, position.board))
    scores = f"{position.scores[me]}/{position.scores[1 - me]}"
    name = lexicon_name or position.lexicon.name
    dist = "spanish" if position.rules.tiles == "es" else "english"
    return f"{rows} {racks[0]}/{racks[1]} {scores} {position.passes} lex {name}; ld {dist};"
