"""Reading GCG text: lines into records (:func:`read_gcg`, no rules involved) and records
into a replayable game (:func:`from_gcg`, which hands the replay to
:mod:`wordgames.wocable.gcg.replay`)."""

from __future__ import annotations

import json
import re

import attrs

from wordgames._core.errors import InvalidStateError, ParseError, RulesError, short_repr
from wordgames._core.record import Record
from wordgames._core.serial import guarded_loader
from wordgames.lexicon import Lexicon
from wordgames.wocable.actions import Exchange, Pass, Place, parse_action, split_tokens
from wordgames.wocable.gcg.records import (
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
    _signed_int,
)
from wordgames.wocable.gcg.replay import _match_gcg
from wordgames.wocable.rules import Rules, tile_set
from wordgames.wocable.state import State, default_lexicon

__all__ = ["from_gcg", "infer_rules", "read_gcg"]

#: the longest ``#wocable-rules`` pragma (characters)
_MAX_PRAGMA = 2_000

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


@guarded_loader
def from_gcg(
    text: str,
    *,
    rules: Rules | None = None,
    lexicon: Lexicon | None = None,
    work_limit: int | None = GCG_WORK_LIMIT,
) -> Record[State]:
    """A replayable Record from a GCG file (2-4 players), as real programs write them.

    Rules come from ``rules``, else the ``#wocable-rules`` pragma, else they are inferred
    from the file (see docs/wocable.md, "GCG dialects supported"); the lexicon from
    ``lexicon``, else the builtin one of the tile set. Racks may be missing or partial: the
    draws are reconstructed, each decided by a feasibility test (docs/wocable.md). Every move is
    checked against the rules and every score and total against the file:
    :class:`InvalidStateError` (and only that), naming the line, for an impossible game or a
    file :func:`read_gcg` refuses. ``work_limit`` bounds the steps of that reconstruction
    (the default, :data:`GCG_WORK_LIMIT`, is about a second and a half; files from untrusted
    clients should keep a bound): past it, :class:`InvalidStateError` "too much work";
    ``None`` searches without a bound."""
    if work_limit is not None and (type(work_limit) is not int or work_limit < 1):
        raise ValueError("work_limit must be a positive int or None")
    gcg = read_gcg(text)
    if rules is None and gcg.rules_json is not None:
        try:
            rules = Rules.from_dict(json.loads(gcg.rules_json))
        except (ValueError, RulesError) as exc:
            raise InvalidStateError(f"bad rules pragma: {short_repr(str(exc))}") from None
    if rules is None:
        rules = infer_rules(gcg)
    lex = default_lexicon(rules) if lexicon is None else lexicon
    return _match_gcg(gcg, rules, lex, work_limit)


_SPANISH = ("es", "spanish", "español", "espanol", "fise", "fise2", "file2")


def infer_rules(gcg: GcgFile) -> Rules:
    """The rules a GCG file without a ``#wocable-rules`` pragma was played under: the tile
    set from ``#tile-distribution`` or ``#lexicon`` (Spanish names give ``"es"``), and a
    tournament preset when the file shows challenges or a player going out for twice the
    rack with nobody subtracting (``"wespa"`` when a challenge bonus is written, else
    ``"naspa"``); the Wocable defaults otherwise, and whenever the end lines transfer a
    rack (a ``+v`` and a ``-v`` line). Time penalties decide nothing."""
    tiles = "en"
    for name in (gcg.tile_distribution, gcg.lexicon):
        if name and name.strip().lower().split()[0] in _SPANISH:
            tiles = "es"
    tournament = any(isinstance(ln, (GcgWithdraw, GcgBonus)) for ln in gcg.lines)
    ends = [ln for ln in gcg.lines if isinstance(ln, GcgEnd)]
    transfer = any(ln.value > 0 for ln in ends) and any(ln.value < 0 for ln in ends)
    if ends and all(ln.value >= 0 for ln in ends):
        ts = tile_set(tiles)
        values = dict(zip(ts.letters, ts.values, strict=True))
        for ln in ends:
            try:
                v = sum(values.get(tok, 0) for tok in split_tokens(ln.rack))
            except ParseError:
                continue
            if v and ln.value == 2 * v:
                tournament = True
    bonus = any(isinstance(ln, GcgBonus) for ln in gcg.lines)
    if not tournament or transfer:
        return Rules(tiles=tiles)
    return _preset_rules("wespa" if bonus else "naspa", tiles)


def _preset_rules(name: str, tiles: str) -> Rules:
    return attrs.evolve(Rules.preset(name), tiles=tiles)
