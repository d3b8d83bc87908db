"""Whole-game notation: GCG export/import of records and the one-line position string.

Position string (one line, six space-separated fields)::

    <board> <racks> <scores> <turn> <passes> <bag>

- board: rows 1..15 joined by ``/``; a run of empty squares is its length (``7CAT5``),
  lowercase = blank, ``[CH]`` for digraph tiles;
- racks: one per player joined by ``/`` (``-`` for an empty rack), ``?`` = blank;
- scores: joined by ``/``; turn: 0-based index of the player on turn; passes: consecutive
  passes so far; bag: the bag's tiles (``-`` if empty).

Limits (checked before any work): a position string has at most :data:`MAX_POSITION_TEXT`
characters and every run of empty squares is at most the board's width; a GCG file has at
most :data:`MAX_GCG_TEXT` characters and :data:`MAX_GCG_LINES` lines. Both readers raise
only :class:`~wordgames.InvalidStateError`.

GCG import has two steps: :func:`read_gcg` reads the lines into records (:class:`GcgFile`,
no rules involved), and :func:`from_gcg` matches those records against a game (replay, with
the draws reconstructed where racks are missing).
"""

from __future__ import annotations

import json
import random
import re
from collections import Counter
from collections.abc import Sequence
from typing import Any

import attrs

from wordgames._core.errors import (
    IllegalActionError,
    InvalidStateError,
    ParseError,
    RulesError,
    short_repr,
)
from wordgames._core.record import Record
from wordgames._core.serial import guarded_loader
from wordgames.lexicon import Lexicon
from wordgames.wocable.actions import (
    Draw,
    Exchange,
    Pass,
    Place,
    Resign,
    Timeout,
    parse_action,
    split_tokens,
)
from wordgames.wocable.engine import (
    BLANK_BIT,
    RACK_SIZE,
    SplitLexiconError,
    board_rows,
    parse_board,
    tiles_for,
)
from wordgames.wocable.rules import Rules
from wordgames.wocable.state import VERSION, State, default_lexicon, new_game

__all__ = [
    "MAX_GCG_LINES",
    "MAX_GCG_TEXT",
    "MAX_POSITION_TEXT",
    "GcgEnd",
    "GcgFile",
    "GcgLeave",
    "GcgMove",
    "from_gcg",
    "from_position",
    "read_gcg",
    "to_gcg",
    "to_position",
]

#: how many randomised reconstructions of unknown racks from_gcg tries
_ATTEMPTS = 30
#: the longest position string :func:`from_position` reads
MAX_POSITION_TEXT = 2048
#: the longest GCG text :func:`read_gcg` / :func:`from_gcg` read (characters)
MAX_GCG_TEXT = 100_000
#: the most lines (blank lines included) of a GCG file
MAX_GCG_LINES = 1_000
#: the longest ``#wocable-rules`` pragma (characters)
_MAX_PRAGMA = 2_000
#: work (actions applied plus pending needs scanned while choosing draws) over all
#: reconstruction attempts before from_gcg gives up; a real game takes a few thousand
_WORK_BUDGET = 400_000

_SIGNED = re.compile(r"[+-]?[0-9]{1,6}", re.ASCII)
_RUN = re.compile(r"[0-9]+", re.ASCII)


def _signed_int(token: str, what: str) -> int:
    """``+10``, ``-5``, ``0``: ASCII digits, at most 6 of them (ValueError otherwise)."""
    if not _SIGNED.fullmatch(token):
        raise ValueError(f"{what} must be a number, got {short_repr(token)}")
    return int(token)


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
    that) if the string is malformed, too long, or the tiles do not add up to the tile set.
    Its ``ply`` is the fewest actions that reach the position (a draw per tile out of the
    bag, plus the first placement)."""
    if not isinstance(text, str):
        raise InvalidStateError(f"a position is a string, got {type(text).__name__}")
    if len(text) > MAX_POSITION_TEXT:
        raise InvalidStateError(
            f"a position has at most {MAX_POSITION_TEXT} characters, got {len(text)}"
        )
    rules = Rules() if rules is None else rules
    lex = default_lexicon(rules) if lexicon is None else lexicon
    try:
        t = tiles_for(rules, lex)
    except SplitLexiconError as exc:  # our own message, bounded: names the house-rule flag
        raise InvalidStateError(str(exc)) from None
    except RulesError as exc:
        raise InvalidStateError(short_repr(str(exc))) from None
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
    if not 2 <= n <= 4:
        raise InvalidStateError(f"a position has 2-4 racks, got {n}")
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
    least = t.total - in_bag + (0 if all(v < 0 for v in board) else 1)
    d = {
        "game": "wocable",
        "version": VERSION,
        "rules": rules.to_dict(),
        "lexicon": {"name": lex.name, "digest": lex.digest},
        "players": names,
        "board": board_rows(t, board),
        "racks": racks,
        "bag": bag_text,
        "scores": scores,
        "turn": turn,
        "phase": "play",
        "drawer": -1,
        "to_draw": 0,
        "aside": "",
        "passes": passes,
        "departed": [],
        "removed": "",
        "end_reason": None,
        "ply": max(0, least),
    }
    return State.from_dict(d)


# -- GCG -----------------------------------------------------------------------------------------


def _gcg_rack(state: State, p: int) -> str:
    return state.rack_text(p)


def to_gcg(record: Record[State]) -> str:
    """A GCG file for a finished or unfinished Wocable record.

    Writes ``#player1..4``, ``#lexicon`` and a ``#wocable-rules`` pragma (JSON), then one
    ``>nick: RACK MOVE +score total`` line per turn; at the end, ``>finisher: (RACK) +v total``
    and ``>other: (RACK) -v total`` lines for the rack adjustments; ``#resign nick`` and
    ``#timeout nick`` for players who leave.
    """
    states = list(record.states())
    first = states[0]
    lines = ["#character-encoding UTF-8"]
    for i, name in enumerate(first.players):
        nick = name.replace(" ", "_")
        lines.append(f"#player{i + 1} {nick} {name}")
    lines.append(f"#lexicon {first.lexicon.name}")
    lines.append(f"#wocable-rules {json.dumps(first.rules.to_dict(), sort_keys=True)}")
    nicks = [n.replace(" ", "_") for n in first.players]
    for before, action, after in zip(states, record.actions, states[1:], strict=False):
        assert isinstance(before, State)
        assert isinstance(after, State)
        if isinstance(action, Draw):
            continue
        if isinstance(action, (Resign, Timeout)):
            kind = "resign" if isinstance(action, Resign) else "timeout"
            lines.append(f"#{kind} {nicks[action.player]}")
            continue
        p = before.turn
        gained = after.scores[p] - before.scores[p]
        if after.is_terminal and after.end_reason == "played_out":
            # the last move's own score (end adjustments follow on their own lines)
            gained = before.apply(action).scores[p] - before.scores[p]
            gained -= sum(
                before.scores[q] - after.scores[q] for q in range(len(before.players)) if q != p
            )
        elif after.is_terminal and after.end_reason == "passes" and after.rules.pass_end_subtract:
            gained = 0
        total = before.scores[p] + gained
        lines.append(f">{nicks[p]}: {_gcg_rack(before, p)} {action} +{gained} {total}")
        if after.is_terminal and after.end_reason in ("played_out", "passes"):
            lines.extend(_end_lines(before, after, p, total, nicks))
    return "\n".join(lines) + "\n"


def _end_lines(before: State, after: State, p: int, total_p: int, nicks: list[str]) -> list[str]:
    out = []
    t = after.tiles
    if after.end_reason == "played_out":
        running = total_p
        for q in after.active_players:
            if q == p or not after.racks[q]:
                continue
            v = t.rack_value(after.racks[q])
            running += v
            out.append(f">{nicks[p]}: ({after.rack_text(q)}) +{v} {running}")
        for q in after.active_players:
            if q == p or not after.racks[q]:
                continue
            v = t.rack_value(after.racks[q])
            out.append(f">{nicks[q]}: ({after.rack_text(q)}) -{v} {after.scores[q]}")
    elif after.rules.pass_end_subtract:
        for q in after.active_players:
            if after.racks[q]:
                v = t.rack_value(after.racks[q])
                out.append(f">{nicks[q]}: ({after.rack_text(q)}) -{v} {after.scores[q]}")
    return out


# -- GCG reading (lines -> records; no rules needed) ----------------------------------------------


@attrs.frozen
class GcgMove:
    """A turn line ``>nick: [RACK] MOVE +score total``. ``rack`` is None when not written; it
    may hold the whole rack or only some of its tiles (e.g. just the tiles played)."""

    lineno: int
    nick: str
    rack: str | None
    action: Place | Exchange | Pass
    score: int
    total: int


@attrs.frozen
class GcgEnd:
    """An end-of-game line ``>nick: [RACK] (TILES) +v total`` or ``(TILES) -v total``
    (``own`` is the optional rack field written before the parenthesis)."""

    lineno: int
    nick: str
    rack: str
    value: int
    total: int
    own: str | None = None


@attrs.frozen
class GcgLeave:
    """A ``#resign nick`` or ``#timeout nick`` pragma (``kind`` is ``"resign"``/``"timeout"``)."""

    lineno: int
    nick: str
    kind: str


@attrs.frozen
class GcgWithdraw:
    """``>nick: [RACK] -- -score total``: the player's previous play was challenged off
    (its tiles go back to the rack and its score is taken away)."""

    lineno: int
    nick: str
    rack: str | None
    score: int
    total: int


@attrs.frozen
class GcgBonus:
    """``>nick: [RACK] (challenge) +5 total``: points for a play that was challenged and
    stood (the challenger's penalty under the five- and ten-point rules)."""

    lineno: int
    nick: str
    rack: str | None
    points: int
    total: int


@attrs.frozen
class GcgTime:
    """``>nick: [RACK] (time) -10 total``: a time penalty (``points`` is negative)."""

    lineno: int
    nick: str
    rack: str | None
    points: int
    total: int


@attrs.frozen
class GcgNote:
    """A ``#note`` pragma with its continuation lines (text joined by newlines)."""

    lineno: int
    text: str


GcgLine = GcgMove | GcgEnd | GcgLeave | GcgWithdraw | GcgBonus | GcgTime | GcgNote


@attrs.frozen
class GcgFile:
    """What :func:`read_gcg` reads: the players' nicknames and full names in order, the
    ``#wocable-rules`` pragma (JSON text, or None), the file's other pragmas and the turn,
    leave, note and end lines in file order.

    ``racks`` holds the ``#rack1``..``#rack4`` pragmas (a player's rack at the end of the
    record, ``None`` where not given); ``tile_distribution`` the ``#tile-distribution`` (or
    ``#tile-set`` / ``#letter-distribution``) pragma; ``pragmas`` every other pragma as
    ``(name, text)`` in file order (``title``, ``description``, ``id``, ...)."""

    nicks: tuple[str, ...]
    rules_json: str | None
    lines: tuple[GcgLine, ...]
    names: tuple[str, ...] = ()
    lexicon: str | None = None
    title: str | None = None
    description: str | None = None
    game_id: str | None = None
    encoding: str | None = None
    tile_distribution: str | None = None
    racks: tuple[str | None, ...] = ()
    pragmas: tuple[tuple[str, str], ...] = ()


_MOVE_LINE = re.compile(r"^>([^:\s]+):(?:\s+(.*))?$")
_PLAYER = re.compile(r"player([1-4])", re.ASCII)
_RACK_PRAGMA = re.compile(r"rack([1-4])", re.ASCII)
_SQUARE = re.compile(r"^(?:[0-9]{1,2}[A-Za-z]|[A-Za-z][0-9]{1,2})$")
_PAREN = re.compile(r"^\((.*)\)$")
#: pragmas naming the tile distribution
_DIST_PRAGMAS = ("tile-distribution", "tile-set", "letter-distribution", "tile_distribution")
#: the longest pragma or note text kept (characters)
_MAX_TEXT = 10_000


def _read_turn(lineno: int, nick: str, fields: list[str]) -> GcgLine:
    """One ``>nick:`` line's fields (ValueError/IndexError/ParseError when unreadable)."""
    if len(fields) < 2:
        raise ValueError("a turn line needs a move, a score and a total")
    # an optional rack field comes first when the line has one field more than its kind needs
    rack: str | None = None
    m0 = _PAREN.match(fields[0])
    if len(fields) >= 4 and _PAREN.match(fields[1]) and not m0:
        rack, fields = fields[0], fields[1:]
        m0 = _PAREN.match(fields[0])
    if m0:
        if len(fields) != 3:
            raise ValueError("a (...) line has the form (TILES) +v total")
        inner = m0.group(1)
        value = _signed_int(fields[1], "the value")
        total = _signed_int(fields[2], "the total")
        if inner == "challenge":
            return GcgBonus(lineno, nick, rack, value, total)
        if inner == "time":
            if value > 0:
                raise ValueError("a time penalty takes points away")
            return GcgTime(lineno, nick, rack, value, total)
        return GcgEnd(lineno, nick, inner, value, total, rack)
    if fields[0] == "--" or (len(fields) == 4 and fields[1] == "--"):
        if fields[0] != "--":
            rack, fields = fields[0], fields[1:]
        if len(fields) != 3:
            raise ValueError("a withdrawal has the form -- -score total")
        score = _signed_int(fields[1], "the score")
        if score > 0:
            raise ValueError("a withdrawal takes points away")
        return GcgWithdraw(lineno, nick, rack, score, _signed_int(fields[2], "the total"))
    if len(fields) >= 4 and not fields[0].startswith("-") and not _SQUARE.match(fields[0]):
        rack, fields = fields[0], fields[1:]
    if fields[0].startswith("-"):
        if fields[0][1:].isdigit():
            raise ValueError(
                "an exchange of an unknown number of tiles cannot be replayed; write the tiles"
            )
        action = parse_action(fields[0])
        rest = fields[1:]
    else:
        action = parse_action(f"{fields[0]} {fields[1]}")
        rest = fields[2:]
    if not isinstance(action, (Place, Exchange, Pass)):
        raise ValueError(f"{action} is not a turn")
    if len(rest) != 2:
        raise ValueError("a turn line ends with +score total")
    return GcgMove(
        lineno,
        nick,
        rack,
        action,
        _signed_int(rest[0], "the score"),
        _signed_int(rest[1], "the total"),
    )


@guarded_loader
def read_gcg(text: str) -> GcgFile:
    """Read a GCG file's lines into records, without checking them against any game.

    Reads every line type of the GCG format: the pragmas ``#character-encoding``,
    ``#playerN nick Full Name`` (in order, 2-4 distinct nicknames), ``#title``,
    ``#description``, ``#id``, ``#lexicon``, ``#note`` (and its continuation lines),
    ``#rackN``, ``#tile-distribution``, ``#wocable-rules``, ``#resign``/``#timeout``; and the
    ``>nick:`` lines: moves (with or without a rack field, which may hold only some of the
    rack), withdrawals (``--``), challenge bonuses (``(challenge)``), time penalties
    (``(time)``) and end-of-game racks. Unknown pragmas are kept in ``pragmas``. Raises
    :class:`InvalidStateError` (only that) naming the line number for a line that cannot be
    read or an unknown player, and for a file over :data:`MAX_GCG_TEXT` characters or
    :data:`MAX_GCG_LINES` lines."""
    if not isinstance(text, str):
        raise InvalidStateError(f"a GCG file is a string, got {type(text).__name__}")
    if len(text) > MAX_GCG_TEXT:
        raise InvalidStateError(f"a GCG file has at most {MAX_GCG_TEXT} characters")
    raw_lines = text.splitlines()
    if len(raw_lines) > MAX_GCG_LINES:
        raise InvalidStateError(f"a GCG file has at most {MAX_GCG_LINES} lines")
    nicks: list[str] = []
    names: list[str] = []
    info: dict[str, str] = {}
    racks: dict[int, str] = {}
    pragmas: list[tuple[str, str]] = []
    rules_json: str | None = None
    lines: list[GcgLine] = []
    note: list[str] | None = None  # the open #note's lines (continuations are appended)
    note_line = 0

    def close_note() -> None:
        nonlocal note
        if note is not None:
            lines.append(GcgNote(note_line, "\n".join(note)[:_MAX_TEXT]))
            note = None

    for lineno, raw in enumerate(raw_lines, 1):
        line = raw.strip()
        if lineno == 1:
            line = line.lstrip("\ufeff")
        if not line:
            if note is not None:
                note.append("")
            continue
        if line.startswith("#"):
            close_note()
            head, _, rest = line[1:].partition(" ")
            rest = rest.strip()
            head_l = head.lower()
            m = _PLAYER.fullmatch(head_l)
            mr = _RACK_PRAGMA.fullmatch(head_l)
            if m:
                # moves name players by nickname, and full names need not be distinct:
                # the nickname is the player's name in the game
                nick, _, full = rest.partition(" ")
                if int(m.group(1)) != len(nicks) + 1 or not nick:
                    raise InvalidStateError(f"line {lineno}: players must be listed in order")
                nicks.append(nick)
                names.append(full.strip() or nick)
            elif mr:
                racks[int(mr.group(1))] = rest
            elif head_l == "wocable-rules":
                if len(rest) > _MAX_PRAGMA:
                    raise InvalidStateError(f"line {lineno}: the rules pragma is too long")
                rules_json = rest
            elif head_l in ("resign", "timeout"):
                lines.append(GcgLeave(lineno, rest, head_l))
            elif head_l == "note":
                note = [rest]
                note_line = lineno
            elif head_l in (
                "title",
                "description",
                "id",
                "lexicon",
                "character-encoding",
                *_DIST_PRAGMAS,
            ):
                key = "tile-distribution" if head_l in _DIST_PRAGMAS else head_l
                info[key] = rest[:_MAX_TEXT]
            else:
                pragmas.append((head[:100], rest[:_MAX_TEXT]))
            continue
        m = _MOVE_LINE.match(line)
        if not m:
            if note is not None:  # a note's continuation line
                note.append(line)
                continue
            raise InvalidStateError(f"line {lineno}: not a GCG line: {short_repr(line)}")
        close_note()
        fields = (m.group(2) or "").split()
        try:
            lines.append(_read_turn(lineno, m.group(1), fields))
        except (ValueError, IndexError, ParseError) as exc:
            raise InvalidStateError(
                f"line {lineno}: cannot read {short_repr(' '.join(fields))}: "
                f"{short_repr(str(exc), 100)}"
            ) from None
    close_note()
    if not 2 <= len(nicks) <= 4:
        raise InvalidStateError(f"a GCG game needs 2-4 #player lines, got {len(nicks)}")
    if len(set(nicks)) != len(nicks):
        raise InvalidStateError("player nicknames must be distinct")
    for ln in lines:
        if not isinstance(ln, GcgNote) and ln.nick not in nicks:
            raise InvalidStateError(
                f"line {ln.lineno}: names an unknown player {short_repr(ln.nick)}"
            )
    if any(k > len(nicks) for k in racks):
        raise InvalidStateError(f"a #rack pragma names a player beyond the {len(nicks)} listed")
    return GcgFile(
        nicks=tuple(nicks),
        rules_json=rules_json,
        lines=tuple(lines),
        names=tuple(names),
        lexicon=info.get("lexicon"),
        title=info.get("title"),
        description=info.get("description"),
        game_id=info.get("id"),
        encoding=info.get("character-encoding"),
        tile_distribution=info.get("tile-distribution"),
        racks=tuple(racks.get(i + 1) for i in range(len(nicks))),
        pragmas=tuple(pragmas),
    )


# -- GCG matching (records -> a replayable game) --------------------------------------------------

# a turn to replay: (player, rack or None, action, score, total); an end line: (player, rack,
# value, total)
_Turn = tuple[int, "tuple[int, ...] | None", Any, int, int]
_End = tuple[int, tuple[int, ...], int, int]


@guarded_loader
def from_gcg(
    text: str, *, rules: Rules | None = None, lexicon: Lexicon | None = None
) -> Record[State]:
    """A replayable Record from a GCG file (2-4 players).

    Racks may be missing (write the move right after the name, e.g. ``>ann: 8G CAT +10 10``):
    the draws are then reconstructed so that every player holds the tiles they play, exchange
    and finish with. Rules come from ``rules``, else the ``#wocable-rules`` pragma, else the
    defaults; the lexicon from ``lexicon``, else the builtin one of the tile set. Scores and
    totals in the file are checked: :class:`InvalidStateError` (and only that) for an
    impossible game or a file :func:`read_gcg` refuses."""
    gcg = read_gcg(text)
    if rules is None and gcg.rules_json is not None:
        try:
            rules = Rules.from_dict(json.loads(gcg.rules_json))
        except (ValueError, RulesError) as exc:
            raise InvalidStateError(f"bad rules pragma: {short_repr(str(exc))}") from None
    rules = Rules() if rules is None else rules
    lex = default_lexicon(rules) if lexicon is None else lexicon
    return _match_gcg(gcg, rules, lex)


def _gcg_turns(gcg: GcgFile, state: State) -> tuple[list[_Turn], list[_End]]:
    """The file's turns and end lines with players as indexes and racks as tile ids."""
    t = state.tiles
    nicks = gcg.nicks
    turns: list[_Turn] = []
    ends: list[_End] = []
    for ln in gcg.lines:
        p = nicks.index(ln.nick)
        if isinstance(ln, GcgLeave):
            turns.append((p, None, Resign(p) if ln.kind == "resign" else Timeout(p), 0, -1))
            continue
        try:
            rack = None if ln.rack is None else t.parse_rack(ln.rack)
        except (ValueError, ParseError) as exc:
            raise InvalidStateError(f"line {ln.lineno}: {short_repr(str(exc))}") from None
        if rack is not None and len(rack) > RACK_SIZE and isinstance(ln, GcgMove):
            raise InvalidStateError(f"line {ln.lineno}: a rack holds at most {RACK_SIZE} tiles")
        if isinstance(ln, GcgEnd):
            assert rack is not None
            ends.append((p, rack, ln.value, ln.total))
        else:
            turns.append((p, rack, ln.action, ln.score, ln.total))
    return turns, ends


def _gcg_needs(
    state: State, turns: list[_Turn], ends: list[_End]
) -> tuple[list[list[list[int]]], list[list[int]]]:
    """The tiles each player needs, turn by turn (for racks that are not given), and the
    index of the turn that needs them."""
    t = state.tiles
    n = state.num_players
    needs: list[list[list[int]]] = [[] for _ in range(n)]
    need_at: list[list[int]] = [[] for _ in range(n)]
    for k, (p, _, action, _, _) in enumerate(turns):
        need: list[int] = []
        if isinstance(action, Place):
            for tok in split_tokens(action.word):
                if tok == ".":
                    continue
                code = t.token_code.get(tok)
                if code is None:
                    raise InvalidStateError(f"unknown tile {short_repr(tok)} in {action}")
                need.append(t.blank if code & BLANK_BIT else code)
        elif isinstance(action, Exchange):
            try:
                need = list(t.parse_rack(action.tiles))
            except ValueError as exc:
                raise InvalidStateError(short_repr(str(exc))) from None
        elif isinstance(action, (Resign, Timeout)):
            continue
        needs[p].append(need)
        need_at[p].append(k)
    # end lines: "(RACK) -v" is the player's own rack; "(RACK) +v" is somebody else's rack
    # added to the player who went out (with two players, the opponent's)
    own_end = {p for p, _, v, _ in ends if v < 0}
    for p, rack, v, _ in ends:
        owner: int | None = p
        if v > 0:
            others = [q for q in range(n) if q != p]
            owner = others[0] if len(others) == 1 and others[0] not in own_end else None
        if owner is not None and rack:
            needs[owner].append(list(rack))
            need_at[owner].append(len(turns))
    return needs, need_at


def _match_gcg(gcg: GcgFile, rules: Rules, lex: Lexicon) -> Record[State]:
    """Replay the records of ``gcg`` (draws reconstructed where racks are missing)."""
    names = list(gcg.nicks)
    try:
        start = new_game(names, rules=rules, lexicon=lex)
    except RulesError as exc:
        raise InvalidStateError(short_repr(str(exc))) from None
    t = start.tiles
    turns, ends = _gcg_turns(gcg, start)
    needs, need_at = _gcg_needs(start, turns, ends)
    budget = [_WORK_BUDGET]

    def attempt(rng: random.Random | None) -> Record[State]:
        state = start
        cursor = [0] * len(names)
        actions: list[Any] = []
        ti = 0

        def outstanding(st: State, q: int) -> tuple[Counter[int], dict[int, int]]:
            """Tiles q still has to receive, and when q first needs each of them."""
            spend(len(needs[q]) - cursor[q])
            tot = Counter[int]()
            first: dict[int, int] = {}
            held = Counter(st.racks[q])
            for need, at in zip(needs[q][cursor[q] :], need_at[q][cursor[q] :], strict=True):
                for x in need:
                    tot[x] += 1
                    if tot[x] > held[x] and x not in first:
                        first[x] = at
            return tot - held, first

        def pick_draw(st: State) -> Draw:
            d = st.drawer
            have = Counter(st.racks[d])
            # a known rack on the drawer's next turn fixes the draw
            nxt = next((k for k in range(ti, len(turns)) if turns[k][0] == d), None)
            if nxt is not None:
                known = turns[nxt][1]
                if known is not None:
                    for x in sorted((Counter(known) - have).elements()):
                        if st.bag[x]:
                            return _draw(st, x)
            others = Counter[int]()
            others_first: dict[int, int] = {}
            for q in range(len(names)):
                if q != d:
                    out_q, first_q = outstanding(st, q)
                    others.update(out_q)
                    for x, at in first_q.items():
                        others_first[x] = min(at, others_first.get(x, at))
            mine, mine_first = outstanding(st, d)
            cands = [x for x in mine if st.bag[x]]
            if cands:
                big = len(turns) + 1

                def key(x: int) -> tuple[int, int, int]:
                    # earliest own need first among tiles nobody needs sooner; otherwise
                    # the tile whose other claimant needs it latest
                    jitter = rng.randrange(4) if rng is not None else 0
                    if st.bag[x] > others[x] or mine_first[x] <= others_first.get(x, big):
                        return (0, mine_first[x] + jitter, x)
                    return (1, -others_first.get(x, big) + jitter, x)

                return _draw(st, min(cands, key=key))
            best = max(
                (i for i, n in enumerate(st.bag) if n),
                key=lambda i: (st.bag[i] - others[i], -i),
            )
            return _draw(st, best)

        def spend(work: int = 1) -> None:
            budget[0] -= work
            if budget[0] < 0:
                raise InvalidStateError("the GCG game takes too much work to reconstruct")

        while True:
            while state.is_chance_node:
                spend()
                dr = pick_draw(state)
                actions.append(dr)
                state = state.apply(dr)
            if ti >= len(turns):
                break
            spend()
            p, rack_known, action, score, total = turns[ti]
            if not isinstance(action, (Resign, Timeout)) and p != state.turn:
                raise InvalidStateError(
                    f"turn {ti + 1}: {names[p]} moves but it is {state.players[state.turn]}'s turn"
                )
            if rack_known is not None and tuple(sorted(rack_known)) != state.racks[p]:
                raise InvalidStateError(
                    f"turn {ti + 1}: {names[p]}'s rack {t.rack_text(rack_known)} cannot be reached "
                    f"(the draws give {state.rack_text(p)})"
                )
            before = state.scores[p]
            try:
                if isinstance(action, Place):
                    action = state.normalize(action)
                state = state.apply(action)
            except IllegalActionError as exc:
                raise InvalidStateError(f"turn {ti + 1}: illegal move {action}: {exc}") from None
            if not isinstance(action, (Resign, Timeout)):
                gained = state.scores[p] - before
                if state.is_terminal and state.end_reason == "played_out":
                    gained = score  # adjustments are checked on the end lines below
                if gained != score or before + score != total:
                    raise InvalidStateError(
                        f"turn {ti + 1}: {action} scores {gained}, the file says +{score} {total}"
                    )
                cursor[p] += 1
            actions.append(action)
            ti += 1
        if ti < len(turns):
            raise InvalidStateError("moves after the end of the game")
        if ends:
            if not state.is_terminal:
                raise InvalidStateError("end-of-game rack lines, but the game did not end")
            last_total: dict[int, int] = {}
            for p, _, _, total in ends:
                last_total[p] = total
            for p, total in last_total.items():
                if total != state.scores[p]:
                    raise InvalidStateError(
                        f"final total of {names[p]} is {state.scores[p]}, not {total}"
                    )
        return Record(start, tuple(actions))

    first_error: InvalidStateError | None = None
    for k in range(_ATTEMPTS):
        try:
            return attempt(None if k == 0 else random.Random(k))
        except InvalidStateError as exc:
            if first_error is None:
                first_error = exc
            # only a wrong guess of the unknown draws is worth another try
            if (
                budget[0] < 0
                or all(r is not None for _, r, _, _, _ in turns)
                or not any(
                    sign in str(exc)
                    for sign in ("tiles_not_on_rack", "cannot be reached", "final total")
                )
            ):
                break
    assert first_error is not None
    raise first_error


def _draw(st: State, code: int) -> Draw:
    t = st.tiles
    return Draw("?" if code == t.blank else t.alphabet[code])
