"""Reading GCG text: lines into records (:func:`read_gcg`, no rules involved) and records
into a replayable game (:func:`from_gcg`, which hands the replay to
:mod:`wordgames.wocable.gcg.replay`)."""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from typing import TypeVar

import attrs

from wordgames._core.errors import InvalidStateError, ParseError, RulesError, short_repr
from wordgames._core.record import Record
from wordgames._core.serial import MALFORMED
from wordgames.lexicon import Lexicon
from wordgames.wocable.actions import Exchange, Pass, Place, parse_action, split_tokens
from wordgames.wocable.gcg.records import (
    GCG_WORK_LIMIT,
    MAX_GCG_LINES,
    MAX_GCG_TEXT,
    GcgBonus,
    GcgEnd,
    GcgError,
    GcgFile,
    GcgLeave,
    GcgLine,
    GcgMove,
    GcgNote,
    GcgRecord,
    GcgTime,
    GcgWithdraw,
    _check_letters,
    _fatal,
    _Issues,
    _signed_int,
)
from wordgames.wocable.gcg.replay import _match_gcg
from wordgames.wocable.rules import Rules, tile_set
from wordgames.wocable.state import State, default_lexicon

__all__ = ["MAX_GCG_LINE", "from_gcg", "infer_rules", "read_gcg"]

_T = TypeVar("_T")

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


def _trailing(issues: _Issues, lineno: int, rest: list[str], what: str) -> None:
    """Text after a line's cumulative total (old Quackle files list the cross words there)."""
    if rest:
        issues.add(
            lineno,
            "trailing_text",
            f"text after the total of {what} ignored: {short_repr(' '.join(rest), 40)}",
        )


def _read_turn(lineno: int, nick: str, fields: list[str], issues: _Issues) -> GcgLine:
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
        if len(fields) < 3:
            raise ValueError("a (...) line has the form (TILES) +v total")
        _trailing(issues, lineno, fields[3:], "the line")
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
    if fields[0] == "--" or (len(fields) >= 4 and fields[1] == "--"):
        if fields[0] != "--":
            rack, fields = fields[0], fields[1:]
        if len(fields) < 3:
            raise ValueError("a withdrawal has the form -- -score total")
        _trailing(issues, lineno, fields[3:], "the withdrawal")
        score = _signed_int(fields[1], "the score")
        if score > 0:
            raise ValueError("a withdrawal takes points away")
        return GcgWithdraw(lineno, nick, rack, score, _signed_int(fields[2], "the total"))
    if len(fields) >= 4 and not fields[0].startswith("-") and not _SQUARE.match(fields[0]):
        rack, fields = fields[0], fields[1:]
    exchanged = 0
    action: object
    if fields[0].startswith("-"):
        if fields[0][1:].isdigit() and fields[0][1:] != "0":
            exchanged = int(fields[0][1:3])
            if not 1 <= exchanged <= 7 or len(fields[0]) > 3:
                raise ValueError("an exchange takes 1 to 7 tiles")
            issues.add(
                lineno,
                "exchange_count_only",
                f"an exchange of {exchanged} tiles written without the tiles: the replay "
                "chooses them from the rack",
            )
            action = Pass()
        else:
            action = parse_action(fields[0])
        rest = fields[1:]
    else:
        action = parse_action(f"{fields[0]} {fields[1]}")
        rest = fields[2:]
    if not isinstance(action, (Place, Exchange, Pass)):
        raise ValueError(f"{action} is not a turn")
    if len(rest) < 2:
        raise ValueError("a turn line ends with +score total")
    _trailing(issues, lineno, rest[2:], "the move")
    return GcgMove(
        lineno,
        nick,
        rack,
        action,
        _signed_int(rest[0], "the score"),
        _signed_int(rest[1], "the total"),
        exchanged,
    )


#: pragmas every reader knows (besides #playerN and #rackN), by their lowercase name
_KNOWN = (
    "title",
    "description",
    "id",
    "lexicon",
    "character-encoding",
    "note",
    "resign",
    "timeout",
    "wocable-rules",
    "game-type",
    "board-layout",
    "variant",
    *_DIST_PRAGMAS,
)
#: pragmas that say something once, before the moves
_ONCE = ("title", "id", "lexicon", "board-layout", "game-type", "tile-distribution")
MAX_GCG_LINE = 500
"""the longest line read as it is (longer lines are an issue)"""


def read_gcg(text: str, *, strict: bool = False) -> GcgFile:
    """Read a GCG file's lines into records, without checking them against any game.

    Reads every line type of the GCG format: the pragmas ``#character-encoding``,
    ``#playerN nick Full Name`` (2-4 players), ``#title``, ``#description``, ``#id``,
    ``#lexicon``, ``#note`` (and its continuation lines), ``#rackN``,
    ``#tile-distribution``, ``#game-type``, ``#board-layout``, ``#wocable-rules``,
    ``#resign``/``#timeout``; and the ``>nick:`` lines: moves (with or without a rack field,
    which may hold only some of the rack), withdrawals (``--``), challenge bonuses
    (``(challenge)``), time penalties (``(time)``) and end-of-game racks.

    Forgiving: what it can read past is kept in ``GcgFile.issues`` (codes in
    docs/wocable.md, "GCG issues"): text after a line's total, an exchange written as a
    count, unknown or repeated pragmas, pragmas out of order, duplicate nicknames (the later
    player gets a ``_2`` suffix; lines naming them are given by turn), duplicate full names,
    a line that is not GCG (skipped). ``strict=True`` raises the first issue as
    :class:`GcgError`. Raises :class:`GcgError` in both modes for a ``>`` line that cannot
    be read, a player who does not exist, fewer than 2 or more than 4 players, and a file
    over :data:`MAX_GCG_TEXT` characters or :data:`MAX_GCG_LINES` lines."""
    issues = _Issues(strict)
    gcg = _guarded(lambda: _read(text, issues))
    return attrs.evolve(gcg, issues=issues.result())


def _guarded(load: Callable[[], _T]) -> _T:
    """Run ``load``; any error but :class:`GcgError` (a slip deep inside, hostile nesting)
    leaves as :class:`GcgError` ``invalid``: the readers raise nothing else."""
    try:
        return load()
    except GcgError:
        raise
    except InvalidStateError as exc:
        raise GcgError("invalid", short_repr(str(exc), 200)) from None
    except MALFORMED as exc:
        raise GcgError(
            "invalid", f"malformed data ({type(exc).__name__}: {short_repr(str(exc), 80)})"
        ) from None


def _read(text: str, issues: _Issues) -> GcgFile:
    """:func:`read_gcg` with the issues collected in ``issues``."""
    if not isinstance(text, str):
        raise _fatal(None, "not_text", f"a GCG file is a string, got {type(text).__name__}")
    if len(text) > MAX_GCG_TEXT:
        raise _fatal(None, "file_too_long", f"a GCG file has at most {MAX_GCG_TEXT} characters")
    head = text[:4096]
    if "\x00" in text or head.count("\ufffd") * 10 > len(head):  # NUL, or mostly not UTF-8
        raise _fatal(
            None,
            "not_text",
            "binary data, not GCG text (a NUL byte or bytes that are not UTF-8): is this a "
            ".gcg file?",
        )
    raw_lines = text.splitlines()
    if len(raw_lines) > MAX_GCG_LINES:
        raise _fatal(None, "file_too_long", f"a GCG file has at most {MAX_GCG_LINES} lines")
    players: dict[int, tuple[str, str]] = {}
    info: dict[str, str] = {}
    racks: dict[int, str] = {}
    pragmas: list[tuple[str, str]] = []
    rules_json: str | None = None
    lines: list[GcgLine] = []
    note: list[str] | None = None  # the open #note's lines (continuations are appended)
    note_line = 0
    events = 0  # '>' lines and #resign/#timeout so far
    seen_rack = False

    def close_note() -> None:
        nonlocal note
        if note is not None:
            lines.append(GcgNote(note_line, "\n".join(note)[:_MAX_TEXT]))
            note = None

    for lineno, raw in enumerate(raw_lines, 1):
        line = raw.strip()
        if lineno == 1:
            line = line.lstrip("\ufeff")
        if len(line) > MAX_GCG_LINE:
            issues.add(lineno, "line_too_long", f"a line of {len(line)} characters")
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
                k = int(m.group(1))
                nick, _, full = rest.partition(" ")
                if not nick:
                    raise _fatal(lineno, "bad_player", "a #player pragma without a nickname")
                if events:
                    issues.add(lineno, "pragma_order", f"#{head} after the moves")
                if k in players:
                    issues.add(lineno, "redundant_pragma", f"a second #{head} (ignored)")
                    continue
                if k != len(players) + 1:
                    issues.add(lineno, "pragma_order", f"#{head} out of order")
                players[k] = (nick, full.strip() or nick)
            elif mr:
                k = int(mr.group(1))
                if k in racks:
                    issues.add(lineno, "redundant_pragma", f"a second #{head} (the last counts)")
                racks[k] = rest
                seen_rack = True
            elif head_l == "wocable-rules":
                if len(rest) > _MAX_PRAGMA:
                    raise _fatal(lineno, "bad_rules", "the rules pragma is too long")
                rules_json = rest
            elif head_l in ("resign", "timeout"):
                lines.append(GcgLeave(lineno, rest, head_l))
                events += 1
            elif head_l == "note":
                if not events:
                    issues.add(lineno, "pragma_order", "a #note before any move")
                note = [rest]
                note_line = lineno
            elif head_l in _KNOWN:
                key = "tile-distribution" if head_l in _DIST_PRAGMAS else head_l
                if head_l == "tile-set" and "tile-set" not in info:
                    info["tile-set"] = rest[:_MAX_TEXT]  # as well as the distribution
                    if "tile-distribution" in info:
                        continue
                if key == "character-encoding":
                    if lineno != 1:
                        issues.add(lineno, "pragma_order", "#character-encoding not on line 1")
                    if rest.lower().replace("_", "-") not in ("utf-8", "utf8"):
                        issues.add(
                            lineno,
                            "unsupported_encoding",
                            f"encoding {short_repr(rest, 30)}: the text is read as given",
                        )
                elif events and key in (*_ONCE, "description"):
                    issues.add(lineno, "pragma_order", f"#{head} after the moves")
                if key in _ONCE and key in info:
                    issues.add(lineno, "redundant_pragma", f"a second #{head} (the first counts)")
                    continue
                info[key] = rest[:_MAX_TEXT]
                if key in ("game-type", "variant") and rest.lower() not in (
                    "",
                    "classic",
                    "crossword",
                    "scrabble",
                    "standard",
                ):
                    raise _fatal(
                        lineno,
                        "unsupported_variant",
                        f"game variant {short_repr(rest, 30)}: only the classic game is read",
                    )
            else:
                issues.add(lineno, "unknown_pragma", f"unknown pragma #{short_repr(head, 30)}")
                pragmas.append((head[:100], rest[:_MAX_TEXT]))
            continue
        m = _MOVE_LINE.match(line)
        if not m:
            if note is not None:  # a note's continuation line
                note.append(line)
                continue
            if line.startswith(">"):
                raise _fatal(lineno, "unreadable_line", f"not a GCG line: {short_repr(line)}")
            issues.add(lineno, "unreadable_line", f"not a GCG line (skipped): {short_repr(line)}")
            continue
        close_note()
        if seen_rack:
            issues.add(lineno, "pragma_order", "a move after the #rack pragmas")
        events += 1
        fields = (m.group(2) or "").split()
        try:
            lines.append(_read_turn(lineno, m.group(1), fields, issues))
        except GcgError:
            raise
        except (ValueError, IndexError, ParseError) as exc:
            _check_letters(line, lineno)
            raise _fatal(
                lineno,
                "unreadable_line",
                f"cannot read {short_repr(' '.join(fields))}: {short_repr(str(exc), 100)}",
            ) from None
    close_note()
    n = len(players)
    if not n and not any(ln.lstrip().startswith(("#", ">")) for ln in raw_lines):
        hint = ""
        if len(raw_lines) <= 1 and text.strip().lower().endswith(".gcg"):
            hint = (
                f": {short_repr(text.strip())} looks like a file name; from_gcg takes the "
                "file's text, from_gcg(open(path, encoding='utf-8').read())"
            )
        raise _fatal(None, "not_text", "no GCG line (#player..., >nick: ...) in the text" + hint)
    if not 2 <= n <= 4 or sorted(players) != list(range(1, n + 1)):
        raise _fatal(
            None, "bad_players", f"a GCG game needs #player1..#player2 to #player4, got {n}"
        )
    nicks = [players[k][0] for k in range(1, n + 1)]
    names = [players[k][1] for k in range(1, n + 1)]
    if len(set(names)) != n:
        issues.add(None, "duplicate_name", "two players have the same full name")
    if len(set(nicks)) != n:
        lines = _split_nicks(nicks, lines, issues)
    for ln in lines:
        if not isinstance(ln, GcgNote) and ln.nick not in nicks:
            raise _fatal(
                ln.lineno, "unknown_player", f"names an unknown player {short_repr(ln.nick)}"
            )
    if any(k > n for k in racks):
        raise _fatal(None, "unknown_player", f"a #rack pragma names a player beyond the {n}")
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
        racks=tuple(racks.get(i + 1) for i in range(n)),
        pragmas=tuple(pragmas),
    )


def _split_nicks(nicks: list[str], lines: list[GcgLine], issues: _Issues) -> list[GcgLine]:
    """Duplicate nicknames: the later players get ``_2``, ``_3``... suffixes (changed in
    ``nicks``), and each line naming a shared nickname goes to the player the turn order
    gives (a move to the next player in turn, a withdrawal, bonus or ``+`` end line to the
    last mover, any other line to the first player of that name who is not the last
    mover)."""
    n = len(nicks)
    shared = {x for x in nicks if nicks.count(x) > 1}
    original = list(nicks)
    for i in range(n):
        if nicks[i] in nicks[:i]:
            base, k = nicks[i], 2
            while f"{base}_{k}" in nicks:
                k += 1
            issues.add(
                None,
                "duplicate_nickname",
                f"players {nicks.index(base) + 1} and {i + 1} "
                f"are both {short_repr(base, 30)}; player {i + 1} is read as {base}_{k}",
            )
            nicks[i] = f"{base}_{k}"
    out: list[GcgLine] = []
    nxt = 0
    last = -1
    for ln in lines:
        if isinstance(ln, GcgNote) or ln.nick not in shared:
            if not isinstance(ln, GcgNote) and ln.nick in nicks and isinstance(ln, GcgMove):
                last = nicks.index(ln.nick)
                nxt = (last + 1) % n
            out.append(ln)
            continue
        cands = [i for i in range(n) if original[i] == ln.nick]
        if isinstance(ln, GcgMove):
            p = nxt if nxt in cands else cands[0]
            last, nxt = p, (p + 1) % n
        elif isinstance(ln, (GcgWithdraw, GcgBonus)) or (isinstance(ln, GcgEnd) and ln.value > 0):
            p = last if last in cands else cands[0]
        else:
            p = next((i for i in cands if i != last), cands[0])
        out.append(attrs.evolve(ln, nick=nicks[p]))
    return out


def from_gcg(
    text: str,
    *,
    rules: Rules | None = None,
    lexicon: Lexicon | None = None,
    work_limit: int | None = GCG_WORK_LIMIT,
    strict: bool = False,
) -> GcgRecord:
    """A replayable record from a GCG file (2-4 players), as real programs write them.

    Returns a :class:`GcgRecord`: a :class:`~wordgames.Record` whose ``issues`` list the
    problems found and how each was repaired (empty for a clean file; codes in
    docs/wocable.md, "GCG issues"). Forgiving by default: every game that can be replayed on
    the board loads. What the board proves stands (every play's tiles and squares); rack
    fields that no order of the draws can give are left out and the hidden tiles re-dealt
    from the unseen ones, deterministically; a written score other than the computed one
    keeps the computed score. ``strict=True`` raises the first issue as :class:`GcgError`,
    with the same code.

    Refused in both modes with :class:`GcgError` (an :class:`~wordgames.InvalidStateError`;
    nothing else leaves this function): what can never be replayed, e.g. a play off the
    board (``off_board``) or over other letters (``occupied_square``), an illegal play
    (``illegal_move``), more copies of a tile than the set has (``too_many_tiles``), a tile
    set other than English and Spanish (``unsupported_tile_set``), a player who does not
    exist (``unknown_player``), a line that cannot be read (``unreadable_line``), or a
    reconstruction past ``work_limit`` (``too_much_work``).

    Rules come from ``rules``, else the ``#wocable-rules`` pragma, else they are inferred
    from the file (:func:`infer_rules`). The lexicon is ``lexicon``, else the builtin one of
    the tile set. When it disagrees with the file, the file's judgments stand: the words the
    file proves valid that it lacks are added to it for this game (each play that needs one
    is a ``word_not_in_lexicon`` issue), and the words of a withdrawn play that it accepts
    are taken out (``phony_in_lexicon``); the game's lexicon is then named ``NAME+``
    ``gcg-file-words`` (``"en+gcg-file-words"``), and every other word plays as in the
    lexicon itself. ``work_limit`` bounds the steps of the
    draw reconstruction (the default, :data:`GCG_WORK_LIMIT`, answers within about a second
    and a half; keep a bound for files from untrusted clients); ``None`` searches without a
    bound.

    >>> from wordgames import wocable
    >>> lines = ["#player1 ann Ann", "#player2 bob Bob", ">ann: ACEQTXZ 8G CAT +10 10"]
    >>> record = wocable.from_gcg("\\n".join([*lines, ">bob: AEHLMNO H7 H.M +8 9"]))
    >>> record.replay().scores
    (10, 8)
    >>> tuple((i.line, i.code) for i in record.issues)
    ((4, 'total_mismatch'),)
    """
    if work_limit is not None and (type(work_limit) is not int or work_limit < 1):
        raise ValueError("work_limit must be a positive int or None")
    if type(strict) is not bool:
        raise ValueError("strict must be a bool")
    issues = _Issues(strict)
    names: list[tuple[str, ...]] = []
    record = _guarded(lambda: _from_gcg(text, rules, lexicon, work_limit, issues, names))
    return GcgRecord(record.initial, record.actions, issues.result(), names[0] if names else ())


def _from_gcg(
    text: str,
    rules: Rules | None,
    lexicon: Lexicon | None,
    work_limit: int | None,
    issues: _Issues,
    names: list[tuple[str, ...]],
) -> Record[State]:
    gcg = _read(text, issues)
    names.append(tuple(gcg.names))
    if rules is None and gcg.rules_json is not None:
        try:
            rules = Rules.from_dict(json.loads(gcg.rules_json))
        except (ValueError, RulesError) as exc:
            raise _fatal(None, "bad_rules", f"bad rules pragma: {short_repr(str(exc))}") from None
    if rules is None:
        rules = infer_rules(gcg)
    lex = default_lexicon(rules) if lexicon is None else lexicon
    return _match_gcg(gcg, rules, lex, work_limit, issues, file_words=True)


_SPANISH = ("es", "spanish", "español", "espanol", "fise", "fise2", "file2")
#: tile distribution and lexicon names of other languages (prefixes, lowercase)
_OTHER_SETS = (
    "polish",
    "osps",
    "german",
    "deutsch",
    "french",
    "fra",
    "ods",
    "norwegian",
    "nsf",
    "catalan",
    "disc",
    "dutch",
    "italian",
    "portuguese",
    "slovene",
    "swedish",
    "danish",
)
#: tile distribution names read as the English set
_ENGLISH = ("english", "en", "standard", "classic", "scrabble")


def infer_rules(gcg: GcgFile) -> Rules:
    """The rules a GCG file without a ``#wocable-rules`` pragma was played under: the tile
    set from ``#tile-distribution`` or ``#lexicon`` (Spanish names give ``"es"``), and a
    tournament preset when the file shows challenges or a player going out for twice the
    rack with nobody subtracting (``"wespa"`` when a challenge bonus is written, else
    ``"naspa"``), with the rack transferred at the end when the end lines show it (a ``+v``
    and a ``-v`` line, as Quackle writes them); the Wocable defaults otherwise. Time
    penalties decide nothing. Raises :class:`GcgError` ``unsupported_tile_set`` for a tile
    distribution or lexicon of another language (Polish, German, French...)."""
    tiles = "en"
    for name in (gcg.tile_distribution, gcg.lexicon):
        word = name.strip().lower().split()[0] if name and name.strip() else ""
        if word in _SPANISH:
            tiles = "es"
        elif word.startswith(_OTHER_SETS) or (
            name is gcg.tile_distribution and word and not word.startswith(_ENGLISH)
        ):
            raise _fatal(
                None,
                "unsupported_tile_set",
                f"the tile set of {short_repr(name, 30)}: only English and Spanish are supported",
            )
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
    if not tournament:
        return Rules(tiles=tiles)
    rules = _preset_rules("wespa" if bonus else "naspa", tiles)
    return attrs.evolve(rules, going_out="transfer") if transfer else rules


def _preset_rules(name: str, tiles: str) -> Rules:
    return attrs.evolve(Rules.preset(name), tiles=tiles)
