"""Move notation lives in :mod:`wordgames.wocable.actions`; this module holds the one-line
position string, and re-exports the GCG names that moved to :mod:`wordgames.wocable.gcg`.

Position string (one line, six space-separated fields)::

    <board> <racks> <scores> <turn> <passes> <bag>

- board: rows 1..15 joined by ``/``; a run of empty squares is its length (``7CAT5``),
  lowercase = blank, ``[CH]`` for digraph tiles;
- racks: one per player joined by ``/`` (``-`` for an empty rack), ``?`` = blank;
- scores: joined by ``/``; turn: 0-based index of the player on turn; passes: consecutive
  passes so far; bag: the bag's tiles (``-`` if empty).

Limits (checked before any work): a position string has at most :data:`MAX_POSITION_TEXT`
characters and every run of empty squares is at most the board's width. The reader raises
only :class:`~wordgames.InvalidStateError`.

GCG reading and writing (:func:`read_gcg`, :func:`from_gcg`, :func:`to_gcg`) are in
:mod:`wordgames.wocable.gcg`; their names stay importable from here.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from wordgames._core.errors import InvalidStateError, ParseError, RulesError, short_repr
from wordgames._core.outcome import player_names
from wordgames._core.serial import guarded_loader
from wordgames.lexicon import Lexicon
from wordgames.wocable._phase import Phase
from wordgames.wocable._serial import loaded_tiles
from wordgames.wocable.engine import BLANK_BIT, RACK_SIZE, parse_board
from wordgames.wocable.gcg import (
    GCG_WORK_LIMIT,
    MAX_GCG_LINES,
    MAX_GCG_TEXT,
    GcgBonus,
    GcgEnd,
    GcgFile,
    GcgLeave,
    GcgLine,
    GcgMove,
    GcgNote,
    GcgTime,
    GcgWithdraw,
    from_gcg,
    infer_rules,
    read_gcg,
    to_gcg,
)
from wordgames.wocable.gcg.records import _signed_int
from wordgames.wocable.info import GAME_INFO
from wordgames.wocable.rules import Rules
from wordgames.wocable.state import State, default_lexicon

__all__ = [
    "GCG_WORK_LIMIT",
    "MAX_GCG_LINES",
    "MAX_GCG_TEXT",
    "MAX_POSITION_TEXT",
    "GcgBonus",
    "GcgEnd",
    "GcgFile",
    "GcgLeave",
    "GcgLine",
    "GcgMove",
    "GcgNote",
    "GcgTime",
    "GcgWithdraw",
    "from_gcg",
    "from_position",
    "infer_rules",
    "read_gcg",
    "to_gcg",
    "to_position",
]

MAX_POSITION_TEXT = 2048
"""the longest position string :func:`from_position` reads"""

_RUN = re.compile(r"[0-9]+", re.ASCII)


# -- position string ---------------------------------------------------------------------------


def to_position(state: State) -> str:
    """The one-line position string of ``state`` (see the module docstring)."""
    return state.to_position()


@guarded_loader
def from_position(
    text: str,
    *,
    rules: Rules | None = None,
    lexicon: Lexicon | None = None,
    players: Sequence[str] | None = None,
) -> State:
    """A state (``play`` phase) from a position string; :class:`InvalidStateError` (and only
    that) if the string is malformed, too long, or uses more of a tile than the tile set
    has. The tiles need not add up to the tile set: the missing ones are out of play
    (``state.removed``), so endgame and puzzle positions load; racks other than the one on
    turn may be empty once the bag is. Its ``ply`` is the fewest actions that reach the
    position (a draw per tile drawn, plus the first placement)."""
    if not isinstance(text, str):
        raise InvalidStateError(f"a position is a string, got {type(text).__name__}")
    if len(text) > MAX_POSITION_TEXT:
        raise InvalidStateError(
            f"a position has at most {MAX_POSITION_TEXT} characters, got {len(text)}"
        )
    rules = Rules() if rules is None else rules
    lex = default_lexicon(rules) if lexicon is None else lexicon
    t = loaded_tiles(rules, lex)
    fields = text.split()
    if len(fields) != 6:
        raise InvalidStateError(f"a position has 6 fields, got {len(fields)}")
    board_f, racks_f, scores_f, turn_f, passes_f, bag_f = fields
    size = t.size
    row_texts = board_f.split("/")
    if len(row_texts) != size:
        raise InvalidStateError(f"the board needs {size} rows, got {len(row_texts)}")
    for m in _RUN.finditer(board_f):
        if len(m.group()) > 2 or not 1 <= int(m.group()) <= size:
            raise InvalidStateError(f"a run of empty squares is 1 to {size}, got {m.group()[:8]}")
    rows = [_RUN.sub(lambda m: "." * int(m.group()), row) for row in row_texts]
    racks = ["" if r == "-" else r for r in racks_f.split("/")]
    n = len(racks)
    lo, hi = GAME_INFO.min_players, GAME_INFO.max_players
    if not lo <= n <= hi:
        raise InvalidStateError(f"a position has {lo}-{hi} racks, got {n}")
    names = list(players) if players is not None else [f"P{i + 1}" for i in range(n)]
    try:
        scores = [_signed_int(x, "a score") for x in scores_f.split("/")[: n + 1]]
        turn = _signed_int(turn_f, "the turn")
        passes = _signed_int(passes_f, "the passes")
        board = parse_board(t, rows)
        bag_text = "" if bag_f == "-" else bag_f
        in_bag = len(t.parse_rack(bag_text)) if len(bag_text) <= 4 * t.total else t.total + 1
    except (ValueError, ParseError) as exc:
        raise InvalidStateError(f"bad position: {short_repr(str(exc))}") from None
    try:
        rack_codes = [t.parse_rack(r) for r in racks]
        bag_codes = t.parse_rack(bag_text)
        names_t = player_names(names, lo, hi)
    except (ValueError, ParseError, RulesError) as exc:
        raise InvalidStateError(f"bad position: {short_repr(str(exc))}") from None
    if len(scores) != n or any(abs(x) > 10**6 for x in scores):
        raise InvalidStateError(f"a position has one score per rack ({n})")
    if not 0 <= turn < n:
        raise InvalidStateError(f"the turn is a player index 0..{n - 1}")
    if not 0 <= passes < rules.pass_limit:
        raise InvalidStateError(f"the passes are 0..{rules.pass_limit - 1}")
    if any(len(r) > RACK_SIZE for r in rack_codes):
        raise InvalidStateError(f"a rack holds at most {RACK_SIZE} tiles")
    if not rack_codes[turn] or (bag_codes and not all(rack_codes)):
        raise InvalidStateError("a rack may be empty only once the bag is, and not on turn")
    # the tiles in play may be fewer than the tile set: the rest are out of play (removed)
    left = list(t.counts)
    for v in board:
        if v >= 0:
            left[t.blank if v & BLANK_BIT else v] -= 1
    for x in (*bag_codes, *(x for r in rack_codes for x in r)):
        left[x] -= 1
    short = [x for x, k in enumerate(left) if k < 0]
    if short:
        x = short[0]
        raise InvalidStateError(
            f"the position has more {t.tile_text(x)} tiles than the tile set ({t.counts[x]})"
        )
    bag = [0] * len(left)
    for x in bag_codes:
        bag[x] += 1
    removed = tuple(x for x, k in enumerate(left) for _ in range(k))
    least = t.total - in_bag - len(removed) + (0 if all(v < 0 for v in board) else 1)
    return State(
        rules=rules,
        lexicon=lex,
        players=names_t,
        board=board,
        racks=tuple(rack_codes),
        bag=tuple(bag),
        scores=tuple(scores),
        turn=turn,
        phase=Phase.PLAY,
        drawer=-1,
        to_draw=0,
        aside=(),
        passes=passes,
        departed=(),
        removed=removed,
        end_reason=None,
        ply=max(0, least),
    )
