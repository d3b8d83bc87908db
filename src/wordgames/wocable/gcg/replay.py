"""Replaying GCG records against the rules: the draws are reconstructed where racks are
missing or partial (an exact, complete search with a work limit)."""

from __future__ import annotations

import array
import bisect
import functools
import hashlib
import re
from collections import Counter
from collections.abc import Sequence
from typing import Any

import attrs

from wordgames._core.errors import (
    IllegalActionError,
    ParseError,
    RulesError,
    short_repr,
)
from wordgames._core.record import Record
from wordgames.lexicon import Lexicon, LexiconError
from wordgames.wocable.actions import (
    Accept,
    Challenge,
    Draw,
    Exchange,
    Pass,
    Place,
    Resign,
    Timeout,
    TimePenalty,
    split_tokens,
    token_text,
)
from wordgames.wocable.engine import BLANK_BIT, RACK_SIZE, Tiles, play_words
from wordgames.wocable.gcg.records import (
    GCG_WORK_LIMIT,
    GcgBonus,
    GcgEnd,
    GcgError,
    GcgFile,
    GcgLeave,
    GcgMove,
    GcgNote,
    GcgTime,
    GcgWithdraw,
    _check_letters,
    _fatal,
    _Issues,
)
from wordgames.wocable.gcg.writer import _own_score
from wordgames.wocable.rules import Rules
from wordgames.wocable.state import State, new_game

__all__ = ["FILE_LEXICON"]

_WORK_BUDGET = GCG_WORK_LIMIT
#: the work an action applied through the engine counts for (it costs about as much as 30
#: needs scanned by the feasibility tests), and a search state's digest
_APPLY_WORK = 30
_KEY_WORK = 8
#: how many times the forgiving replay leaves out the rack field it failed on and tries
#: again, before it leaves out every rack field
_RETRIES = 12
#: the share of the work budget the quick test alone may use, once it backtracks, before the
#: other tests join
_QUICK_SHARE = 0.15

# -- GCG matching (records -> a replayable game) --------------------------------------------------


class _DrawError(Exception):
    """A failure that another choice of the unknown draws might avoid (backtracking); never
    leaves the package (:func:`_match_gcg` turns it into a :class:`GcgError`)."""


class _WorkError(Exception):
    """The search went past its work limit."""


class _Restart(Exception):
    """The quick phase of the search used its share of the work."""


#: how many coming checkpoints (lines that need tiles) the quick first test of a draw looks
#: at, besides the end of the game (the coupled test that follows looks at every line)
_HORIZON = 16


@attrs.define
class _Event:
    """One replayable line: ``kind`` is move, withdraw, bonus, time or leave. ``need`` is
    what the player must hold at this line (the rack field, else the tiles it uses), ``used``
    what leaves the rack for good (a withdrawn play's tiles come back)."""

    kind: str
    p: int
    lineno: int
    action: Any = None
    score: int = 0
    total: int = 0
    rack: tuple[int, ...] | None = None
    need: tuple[int, ...] = ()
    used: tuple[int, ...] = ()
    n_placed: int = 0
    #: tiles of an exchange written as a count (the replay chooses them)
    count: int = 0


def _owner_of_end(n: int, p: int, value: int, own_end: set[int]) -> int | None:
    """Whose rack an end line shows: ``(RACK) -v`` the player's own, ``(RACK) +v`` another
    player's (with two players the opponent's; with more, unknown)."""
    if value < 0:
        return p
    others = [q for q in range(n) if q != p]
    return others[0] if len(others) == 1 and others[0] not in own_end else None


class _Plan:
    """The static part of a GCG replay: events, the tiles each player must hold when, and
    the order of the draws (who draws, and when exchanged tiles return to the bag)."""

    def __init__(
        self,
        gcg: GcgFile,
        start: State,
        issues: _Issues,
        soft: bool = False,
        drop: set[int] | frozenset[int] = frozenset(),
        drop_final: bool = False,
        blind: bool = False,
    ) -> None:
        """``soft``: rack fields and final racks are left out (what the board proves is all
        the replay must follow); ``drop``: the lines whose rack fields are left out;
        ``drop_final``: the last racks (end lines, ``#rackN``) are left out; ``blind``
        (with ``soft``): exchanges keep only their number of tiles."""
        t = start.tiles
        self.blind = blind
        self.soft = soft
        self.t = t
        n = start.num_players
        self.n = n
        self.k_types = t.blank + 1
        nicks = gcg.nicks
        board = list(start.board)
        events: list[_Event] = []
        placed_of: dict[int, list[tuple[int, int]]] = {}
        ends: list[tuple[int, tuple[int, ...], int, int, int, tuple[int, ...] | None]] = []
        withdrawn: set[int] = set()

        def tiles_of(text: str | None, lineno: int, what: str) -> tuple[int, ...] | None:
            if text is None:
                return None
            try:
                return t.parse_rack(text)
            except (ValueError, ParseError) as exc:
                _check_letters(text, lineno)
                issues.add(lineno, "malformed_rack", f"{what} ignored: {short_repr(str(exc))}")
                return None

        #: words formed by plays that stood, the words of each withdrawn play, and the words
        #: of plays that stood a challenge (a bonus line)
        self.words: set[tuple[int, ...]] = set()
        self.phony_words: list[list[tuple[int, ...]]] = []
        self.proven_words: set[tuple[int, ...]] = set()
        on_board = [0] * (t.blank + 1)
        words_of: dict[int, list[tuple[int, ...]]] = {}
        foreign = gcg.rules_json is None  # Wocable's own files time penalties at any turn
        timed: set[int] = set()
        last_play = max(
            (x.lineno for x in gcg.lines if isinstance(x, (GcgMove, GcgEnd))), default=0
        )
        #: (line, words) of every play
        self.line_words: list[tuple[int, list[tuple[int, ...]]]] = []
        #: (line, rack field) of every rack field used as a constraint
        self.fields: list[tuple[int, int, tuple[int, ...]]] = []
        for ln in gcg.lines:
            if isinstance(ln, GcgNote):
                continue
            p = nicks.index(ln.nick)
            if isinstance(ln, GcgLeave):
                act = Resign(p) if ln.kind == "resign" else Timeout(p)
                events.append(_Event("leave", p, ln.lineno, act))
                continue
            if isinstance(ln, GcgEnd):
                rack = tiles_of(ln.rack, ln.lineno, "the end line")
                if rack is not None:
                    own = tiles_of(ln.own, ln.lineno, "the rack field")
                    if own is not None and ln.value < 0 and sorted(own) != sorted(rack):
                        issues.add(
                            ln.lineno,
                            "end_rack_mismatch",
                            f"the rack field {short_repr(ln.own)} is not the rack "
                            f"({short_repr(ln.rack)}) the line subtracts",
                        )
                    ends.append((p, rack, ln.value, ln.total, ln.lineno, own))
                continue
            if ends and not isinstance(ln, GcgTime):
                raise _fatal(ln.lineno, "move_after_end", "a move after the end lines")
            rack = tiles_of(ln.rack, ln.lineno, "the rack field")
            placeholder = False
            if rack is not None and (_placeholder(rack) or (ln.rack or "").upper() == "UNKNOWN"):
                issues.add(
                    ln.lineno,
                    "placeholder_rack",
                    f"the rack field {short_repr(ln.rack)} stands for an unknown rack: ignored",
                )
                rack = None
                placeholder = True
            if ln.lineno in drop:
                rack = None
            if rack is not None and len(rack) > RACK_SIZE:
                issues.add(
                    ln.lineno, "malformed_rack", f"a rack field of more than {RACK_SIZE} tiles"
                )
                rack = None
            if isinstance(ln, GcgWithdraw):
                prev = next((e for e in reversed(events) if e.kind not in ("leave", "time")), None)
                if prev is None or prev.p != p or not isinstance(prev.action, Place):
                    raise _fatal(
                        ln.lineno,
                        "withdraw_without_play",
                        "a withdrawal follows the same player's play",
                    )
                k_prev = events.index(prev)
                if k_prev in withdrawn:
                    raise _fatal(
                        ln.lineno, "withdraw_without_play", "the play was withdrawn already"
                    )
                withdrawn.add(k_prev)
                prev.used = ()
                for sq, v in placed_of[k_prev]:
                    board[sq] = -1
                    on_board[t.blank if v & BLANK_BIT else v] -= 1
                self.phony_words.append(words_of.pop(k_prev, []))
                if rack is not None and not soft:
                    self.fields.append((ln.lineno, p, rack))
                if soft:
                    rack = None
                need = rack if rack is not None else prev.need
                events.append(
                    _Event("withdraw", p, ln.lineno, None, ln.score, ln.total, rack, need)
                )
                continue
            if isinstance(ln, (GcgBonus, GcgTime)):
                kind = "bonus" if isinstance(ln, GcgBonus) else "time"
                if kind == "time" and foreign:
                    if ln.lineno < last_play:
                        issues.add(
                            ln.lineno,
                            "premature_time_penalty",
                            "a time penalty before the end of the game (assessed when it is "
                            "written)",
                        )
                    if p in timed:
                        issues.add(ln.lineno, "duplicate_time_penalty", "a second time penalty")
                    timed.add(p)
                if kind == "bonus":
                    prev_play = next(
                        (k for k in range(len(events) - 1, -1, -1) if k in words_of), None
                    )
                    if prev_play is not None:
                        self.proven_words.update(words_of[prev_play])
                # a bonus line's rack is the rack then; a time line's may hold draws that a
                # withdrawal takes back, so it constrains nothing
                if kind == "bonus" and rack is not None and not soft:
                    self.fields.append((ln.lineno, p, rack))
                if soft:
                    rack = None
                need = (rack or ()) if kind == "bonus" else ()
                events.append(_Event(kind, p, ln.lineno, None, ln.points, ln.total, rack, need))
                continue
            action: Any = ln.action
            used: tuple[int, ...] = ()
            count = 0
            if isinstance(action, Place):
                action, placed = _resolve_place(t, board, action, ln.lineno)
                words_of[len(events)] = [
                    tuple(w) for w in play_words(t, board, placed, action.across)
                ]
                self.line_words.append((ln.lineno, words_of[len(events)]))
                for sq, v in placed:
                    board[sq] = v
                    x = t.blank if v & BLANK_BIT else v
                    on_board[x] += 1
                    if on_board[x] > t.counts[x]:
                        what = "blanks" if x == t.blank else f"{t.tile_text(x)} tiles"
                        raise _fatal(
                            ln.lineno,
                            "too_many_tiles",
                            f"{action} puts more {what} on the board than the tile set has "
                            f"({t.counts[x]})",
                        )
                placed_of[len(events)] = placed
                used = tuple(sorted(t.blank if v & BLANK_BIT else v for _, v in placed))
            elif isinstance(action, Exchange) and blind:
                action, count = None, len(split_tokens(action.tiles))
            elif isinstance(action, Exchange) and placeholder:
                # the tiles of an exchange from a placeholder rack are placeholders too
                issues.add(
                    ln.lineno,
                    "exchange_count_only",
                    f"the exchange {action} from a placeholder rack: the replay chooses the tiles",
                )
                action, count = None, len(split_tokens(action.tiles))
            elif isinstance(action, Exchange):
                got = tiles_of(action.tiles, ln.lineno, "the exchange")
                if got is None:
                    raise _fatal(ln.lineno, "unreadable_line", f"cannot read {action}")
                used = got
            elif ln.exchanged and rack is not None and len(rack) == ln.exchanged and not blind:
                # the rack field of an exchange written as a count: the tiles exchanged
                action, used = Exchange(t.rack_text(rack)), rack
            elif ln.exchanged:
                action, count = None, ln.exchanged
            if rack is not None and Counter(used) - Counter(rack):
                missing = t.rack_text(sorted((Counter(used) - Counter(rack)).elements()))
                issues.add(
                    ln.lineno,
                    "tile_not_on_rack",
                    f"the move uses {missing}, which the rack field {short_repr(ln.rack)} "
                    "does not show: the rack field is ignored",
                )
                rack = None
            if rack is not None and not soft:
                self.fields.append((ln.lineno, p, rack))
            if soft:
                rack = None
            need = used if rack is None else rack
            events.append(
                _Event(
                    "move",
                    p,
                    ln.lineno,
                    action,
                    ln.score,
                    ln.total,
                    rack,
                    need,
                    used,
                    len(used) or count,
                    count,
                )
            )
        for words in words_of.values():
            self.words.update(words)
        _choose_exchanges(t, events)
        self.events = events
        self.ends = ends
        self.withdrawn = withdrawn
        # final racks: end lines (by owner) and #rackN pragmas (which may show only some of
        # the rack: ``partial``)
        final: dict[int, tuple[int, ...]] = {}
        self.partial: set[int] = set()
        self.final_lines: dict[int, int | None] = {}
        own_end = {p for p, _, v, _, _, _ in ends if v < 0}
        for p, rack, v, _, lineno, own in ends:
            q = _owner_of_end(n, p, v, own_end)
            if q is not None:
                final[q] = rack
                self.final_lines[q] = lineno
            if own is not None and p not in final:
                final[p] = own
                self.final_lines[p] = lineno
        self.rack_pragmas = False  # whether #rackN pragmas give final racks
        for i, text in enumerate(gcg.racks):
            if text is not None and i not in final:
                got = tiles_of(text, None, f"the #rack{i + 1} pragma")  # type: ignore[arg-type]
                if got is None:
                    continue
                if len(got) > RACK_SIZE:
                    issues.add(None, "malformed_rack", f"a #rack{i + 1} of more than 7 tiles")
                    continue
                self.rack_pragmas = True
                final[i] = got
                self.partial.add(i)
                self.final_lines[i] = None
        self.all_final = dict(final)
        #: whether any exchange is written with its tiles (level 2 guesses them)
        self.has_exchanges = any(isinstance(e.action, Exchange) for e in events)
        if soft or drop_final:
            final = {}
        self.final = final
        self._demands(start)
        self._schedule(start)

    def _demands(self, start: State) -> None:
        """Per player, the checkpoints ``(event index, counts)``: how many of each tile the
        player must have drawn before that event (held now plus used for good before)."""
        K = self.k_types
        n = self.n
        used = [[0] * K for _ in range(n)]
        best = [[0] * K for _ in range(n)]
        self.checks: list[list[tuple[int, tuple[int, ...]]]] = [[] for _ in range(n)]

        def require(p: int, k: int, need: Sequence[int]) -> None:
            c = Counter(need)
            row = best[p]
            changed = False
            for x in range(K):
                v = c[x] + used[p][x]
                if v > row[x]:
                    row[x] = v
                    changed = True
            if changed:
                self.checks[p].append((k, tuple(row)))

        for k, ev in enumerate(self.events):
            if ev.need:
                require(ev.p, k, ev.need)
            for x in ev.used:
                used[ev.p][x] += 1
        for p, rack in self.final.items():
            require(p, len(self.events), rack)

    def _where(self, k: int) -> str:
        if k < len(self.events):
            return f"line {self.events[k].lineno}"
        pragmas = " and #rack pragmas" if self.rack_pragmas else ""
        if self.ends:
            return f"line {min(e[4] for e in self.ends)} (the end lines{pragmas})"
        return "the #rack pragmas" if pragmas else "the end of the game"

    def _tile(self, x: int) -> str:
        return self.t.tile_text(x)

    def _schedule(self, start: State) -> None:
        """Who draws at each draw (``slot_owner``), which draws are taken back by a
        withdrawal (``slot_void``), how many draws come before each event (``slot_end``),
        and when exchanged or departed tiles return to the bag."""
        t = self.t
        n = self.n
        bag = t.total
        racks = [0] * n
        owner: list[int] = []
        void: list[bool] = []
        for p in range(n):
            m = min(RACK_SIZE, bag)
            owner += [p] * m
            void += [False] * m
            bag -= m
            racks[p] += m
        slot_end: list[int] = []
        self.returns: list[tuple[int, Counter[int]]] = []
        self.wild: list[tuple[int, int]] = []
        last_draw = last_placed = 0
        departed = start.rules.departed_tiles_to_bag
        for k, ev in enumerate(self.events):
            slot_end.append(len(owner))
            p = ev.p
            swap = isinstance(ev.action, Exchange) or ev.count > 0
            if ev.kind == "move" and (isinstance(ev.action, Place) or swap):
                u = ev.n_placed
                racks[p] = max(0, racks[p] - u)
                m = min(RACK_SIZE - racks[p], bag)
                if swap:
                    m = u
                owner += [p] * m
                void += [k in self.withdrawn] * m
                racks[p] += m
                bag -= m
                last_draw = m
                last_placed = u
                if isinstance(ev.action, Exchange):
                    bag += u
                    self.returns.append((len(owner), Counter(ev.used)))
                elif swap:  # tiles not known: any kind may come back
                    bag += u
                    self.wild.append((len(owner), u))
            elif ev.kind == "withdraw":
                racks[p] += last_placed - last_draw
                bag += last_draw
            elif ev.kind == "leave" and departed:
                bag += racks[p]
                self.wild.append((len(owner), racks[p]))
                racks[p] = 0
        slot_end.append(len(owner))
        self.slot_owner = owner
        self.slot_void = void
        self.slot_end = slot_end


#: the lines after an exchange written as a count whose tiles its choice avoids
_LOOK_AHEAD = 6


def _choose_exchanges(t: Tiles, events: list[_Event]) -> None:
    """Give every exchange written as a count its tiles, before the search
    (:func:`_exchanged_tiles`). The exchange then counts as one written with those tiles."""
    free = list(t.counts)
    for k, ev in enumerate(events):
        if ev.kind == "move" and isinstance(ev.action, Place):
            for x in ev.used:
                free[x] -= 1
        if not ev.count:
            continue
        ev.used = tuple(sorted(_exchanged_tiles(ev, events[:k], events[k + 1 :], free)))
        ev.action = Exchange(t.rack_text(ev.used))
        ev.n_placed = len(ev.used)
        if ev.rack is None:
            ev.need = ev.used
        else:
            ev.need = tuple(sorted((Counter(ev.rack) | Counter(ev.used)).elements()))
        ev.count = 0


def _exchanged_tiles(
    ev: _Event, before: list[_Event], later: list[_Event], free: list[int]
) -> list[int]:
    """The ``ev.count`` tiles of an exchange written as a count (``free``: copies of each
    tile not on the board then). The tiles the player keeps go on to the player's next rack
    field, and an exchanged tile comes back only by a new draw, so: from a rack field of
    exactly that many tiles, all of it; from a longer one, the tiles kept are those the next
    rack field shows (the rarest first), then those the player plays soon; without one, first
    the tiles the player kept at its previous turn (by that turn's rack field) that the next
    rack field lacks, then the tiles with the most copies off the board, not played in the
    next lines nor on the next rack field (spread over the kinds)."""
    n = ev.count
    rack = ev.rack
    if rack is not None and len(rack) == n:
        return list(rack)
    mine = [e for e in later if e.p == ev.p]
    nxt = Counter(mine[0].rack) if mine and mine[0].rack is not None else Counter[int]()
    if rack is not None and len(rack) > n:
        keep_n = len(rack) - n
        pool = Counter(rack)
        wanted = sorted(nxt.elements(), key=lambda x: (free[x], x))
        for e in mine[:_LOOK_AHEAD]:
            wanted.extend(e.used)
        kept = 0
        for x in [*wanted, *sorted(rack)]:
            if kept == keep_n:
                break
            if pool[x] > 0:
                pool[x] -= 1
                kept += 1
        return sorted(pool.elements())
    chosen: list[int] = []
    prev = next((e for e in reversed(before) if e.p == ev.p), None)
    if prev is not None and prev.rack is not None and prev.kind == "move":
        held = Counter(prev.rack) - Counter(prev.used) - nxt
        chosen = sorted(held.elements())[:n]
    left = free[:]
    for later_ev in later[:_LOOK_AHEAD]:  # tiles played soon stay
        for x in later_ev.used:
            left[x] -= 1
    for x, c in nxt.items():
        left[x] -= c
    for x in chosen:
        left[x] -= 1
    while len(chosen) < n:
        x = max(range(len(left)), key=lambda i: (left[i], -i))
        left[x] -= 1
        chosen.append(x)
    return chosen


def _placeholder(rack: Sequence[int]) -> bool:
    """A rack field that stands for an unknown rack: seven copies of one tile (``IIIIIII``,
    ``EEEEEEE``, as annotators write the opponent's rack)."""
    return len(rack) == RACK_SIZE and len(set(rack)) == 1


def _resolve_place(
    t: Tiles, board: Sequence[int], action: Place, lineno: int
) -> tuple[Place, list[tuple[int, int]]]:
    """The play with every square already covered written as ``.`` (files may write those
    letters plainly), and the tiles it puts down as (square, cell value)."""
    size = t.size
    try:
        toks = split_tokens(action.word)
    except ParseError as exc:
        _check_letters(action.word, lineno)
        raise _fatal(lineno, "unknown_tile", short_repr(str(exc))) from None
    out: list[str] = []
    placed: list[tuple[int, int]] = []
    for i, tok in enumerate(toks):
        r, c = (action.row, action.col + i) if action.across else (action.row + i, action.col)
        if not (0 <= r < size and 0 <= c < size):
            raise _fatal(lineno, "off_board", f"{action} runs off the board")
        sq = r * size + c
        if board[sq] >= 0:
            have = t.cell_text(board[sq])
            if tok != "." and tok.upper() != have.upper():
                raise _fatal(
                    lineno, "occupied_square", f"{action} writes {tok} where the board has {have}"
                )
            out.append(".")
            continue
        if tok == ".":
            raise _fatal(lineno, "illegal_move", f"{action} plays through an empty square")
        code = t.token_code.get(tok)
        if code is None or code == t.blank:
            _check_letters(tok, lineno)
            raise _fatal(lineno, "unknown_tile", f"unknown tile {short_repr(tok)} in {action}")
        out.append(token_text(tok))
        placed.append((sq, code))
    if not placed:
        raise _fatal(lineno, "illegal_move", f"{action} puts no tile on the board")
    return Place(action.row, action.col, action.across, "".join(out)), placed


def _file_lexicon(
    plan: _Plan, lex: Lexicon, checked: bool
) -> tuple[Lexicon, frozenset[str], frozenset[str]] | None:
    """The lexicon ``lex`` with the file's judgments added, when ``lex`` disagrees with the
    file: the words the file proves valid that ``lex`` lacks are added, the words the file
    proves phonies that ``lex`` accepts are taken out; None when it agrees. Returns the
    lexicon, the words added and the words taken out. ``checked``: the rules check words
    when they are played (every standing play is then valid); else only a challenge proves a
    word valid (a play that stood one) or a play a phony (a withdrawn one).

    Proven valid: the words of the standing plays (under ``checked``) and of the plays that
    stood a challenge. A phony: every word of a withdrawn play whose words ``lex`` all
    accepts (one of them made it a phony), less the words proven valid."""
    t = plan.t
    must = (plan.words if checked else set()) | plan.proven_words
    add = {w for w in must if not t.accepts(w)}
    drop = {w for ws in plan.phony_words if all(t.accepts(w) for w in ws) for w in ws} - must
    if not add and not drop:
        return None
    added = frozenset(lex.decode(w) for w in add)
    dropped = frozenset(lex.decode(w) for w in drop)
    try:
        return _extended(lex, added, dropped), added, dropped
    except LexiconError:
        return None


@functools.lru_cache(maxsize=8)
def _extended(lex: Lexicon, added: frozenset[str], dropped: frozenset[str]) -> Lexicon:
    """``lex`` plus ``added`` less ``dropped`` (kept for the next file that needs the same;
    building one from the 172,823 words of ENABLE takes about a second)."""
    words = [w for w in lex if w not in dropped] if dropped else list(lex)
    words.extend(sorted(added))
    return Lexicon.from_words(
        words,
        name=_extended_name(lex.name),
        language=lex.language,
        alphabet=lex.alphabet,
    )


def _extended_name(name: str) -> str:
    """The name of a lexicon with a file's words: ``"en+gcg-file-words"``."""
    return name if name.endswith(FILE_LEXICON) else f"{name}+{FILE_LEXICON}"


FILE_LEXICON = "gcg-file-words"
"""the suffix of the name of a lexicon :func:`from_gcg` extends with a file's own words
(``"en+gcg-file-words"``: the builtin English lexicon plus the words of the file)"""


_TOO_MUCH = "the draws take too much work to rebuild"


def _line_of(message: str) -> tuple[int | None, str]:
    """The line a search message names, and the message without it."""
    m = re.match(r"line ([0-9]+): ", message)
    return (int(m.group(1)), message[m.end() :]) if m else (None, message)


def _match_gcg(
    gcg: GcgFile,
    rules: Rules,
    lex: Lexicon,
    work_limit: int | None,
    issues: _Issues,
    file_words: bool = False,
) -> Record[State]:
    """:func:`_match` with the draws of each refill in tile order (the order of the draws
    within one refill is not known from a file; one order makes the same file give the same
    record)."""
    return _canonical(_match(gcg, rules, lex, work_limit, issues, file_words))


def _canonical(record: Record[State]) -> Record[State]:
    """The record with every run of draws by one drawer sorted by tile."""
    actions = record.actions
    out: list[Any] = []
    state = record.initial
    i, n = 0, len(actions)
    while i < n:
        a = actions[i]
        if not isinstance(a, Draw):
            out.append(a)
            state = state.apply(a)
            i += 1
            continue
        drawer = state.drawer
        run: list[Draw] = []
        while i < n and isinstance(actions[i], Draw) and state.drawer == drawer:
            d = actions[i]
            assert isinstance(d, Draw)
            run.append(d)
            state = state.apply(d)
            i += 1
        out.extend(sorted(run, key=lambda d: d.tile))
    return Record(record.initial, tuple(out))


def _match(
    gcg: GcgFile,
    rules: Rules,
    lex: Lexicon,
    work_limit: int | None,
    issues: _Issues,
    file_words: bool = False,
) -> Record[State]:
    """Replay the records of ``gcg``: every draw decided by a feasibility test over the rest
    of the game (the tiles each player must still draw fit in their remaining draws, player
    by player and tile by tile, each window tied to when exchanged tiles come back), with
    backtracking over the draws when a later line still refuses them.

    Forgiving (``issues`` not strict): when no order of the draws fits the rack fields (or
    the search passes half its work), the replay starts again from what the board proves,
    every rack field left out, and each rack field the new draws do not give is an issue.
    ``file_words``: when the lexicon disagrees with the file, play with the file's words."""
    names = list(gcg.nicks)
    try:
        start = new_game(names, rules=rules, lexicon=lex)
    except RulesError as exc:
        raise _fatal(None, "bad_rules", short_repr(str(exc))) from None
    plan = _Plan(gcg, start, issues)
    if file_words:
        # written by to_gcg with the words added: no news to report
        declared = (gcg.lexicon or "").endswith(FILE_LEXICON)
        checked = not rules.challenges
        found = _file_lexicon(plan, lex, checked)
        if found is not None:
            own, _, taken_out = found
            t = plan.t
            gone = {plan.events[k].lineno for k in plan.withdrawn}
            for lineno, words in plan.line_words:
                if declared:
                    break
                if lineno in gone:
                    out = [lex.decode(w) for w in words if lex.decode(w) in taken_out]
                    if out:
                        issues.add(
                            lineno,
                            "phony_in_lexicon",
                            f"the lexicon {lex.name!r} has {', '.join(out)[:60]}, which the "
                            "file's withdrawal judges a phony: taken out of it for this game",
                        )
                    continue
                if not (checked or set(words) <= plan.proven_words):
                    continue
                lacks = [lex.decode(w) for w in words if not t.accepts(w)]
                if lacks:
                    issues.add(
                        lineno,
                        "word_not_in_lexicon",
                        f"the lexicon {lex.name!r} lacks {', '.join(lacks)[:60]}: added to it "
                        "for this game",
                    )
            start = new_game(names, rules=rules, lexicon=own)
            plan = _Plan(gcg, start, _Issues(False))
    if issues.strict:
        replay = _Replay(plan, start, work_limit, issues)
        try:
            return replay.run()
        except _DrawError as exc:
            line, message = _line_of(str(exc))
            raise _fatal(line, "rack_not_drawable", message) from None
        except _WorkError:
            raise _fatal(None, "too_much_work", _TOO_MUCH) from None
    # forgiving: leave out the rack field the search fails on (or every field up to that
    # line when it has none, then the last racks) and try again, on half the work; then
    # every rack field, on the rest
    spent = 0
    droppable = bool(plan.fields or plan.all_final)
    half = None if work_limit is None else work_limit // 2 if droppable else work_limit
    dropped: set[int] = set()
    drop_final = False
    lines_with = {ln for ln, _, _ in plan.fields}
    record: Record[State] | None = None
    again = None
    for _ in range(_RETRIES):
        trial = (
            plan
            if not dropped and not drop_final
            else _Plan(gcg, start, _Issues(False), drop=dropped, drop_final=drop_final)
        )
        left = None if half is None else half - spent
        if left is not None and left <= 0:
            break
        again = _Replay(trial, start, left, issues)
        try:
            record = again.run()
            break
        except _WorkError:
            spent += again.work
            break
        except _DrawError as exc:
            spent += again.work
            line, _ = _line_of(str(exc))
            if line in lines_with and line not in dropped:
                dropped.add(line)
            elif line is not None and any(x <= line and x not in dropped for x in lines_with):
                dropped.update(x for x in lines_with if x <= line)
            elif not drop_final and plan.all_final:
                drop_final = True
            else:
                break
    if record is None:
        # what the board proves: no rack field; then not even the exchanged tiles (an
        # annotator's guess at the opponent's exchange can contradict the board)
        # the verdict of level 1 stands: a proof that the board (and the written exchanges)
        # cannot be replayed, or its work running out; level 2 only tries a guess
        verdict: GcgError | None = None
        for level in (1, 2):
            soft = _Plan(gcg, start, _Issues(False), soft=True, blind=level == 2)
            if work_limit is None:
                rest = None
            else:
                rest = max(1, work_limit - spent)
                rest = rest * 2 // 3 if level == 1 else rest
            again = _Replay(soft, start, rest, issues)
            try:
                record = again.run()
                break
            except _DrawError as exc:
                spent += again.work
                line, message = _line_of(str(exc))
                verdict = verdict or _fatal(line, "not_replayable", message)
            except _WorkError:
                spent += again.work
                verdict = verdict or _fatal(None, "too_much_work", _TOO_MUCH)
            if level == 2 or not soft.has_exchanges:
                assert verdict is not None
                raise verdict
        assert record is not None
        assert again is not None
        if again.plan.blind:
            for ev in plan.events:
                if isinstance(ev.action, Exchange):
                    done = again.exchanged.get(ev.lineno)
                    if done is not None and done != ev.action:
                        issues.add(
                            ev.lineno,
                            "exchange_not_drawable",
                            f"no order of the draws lets the player exchange {ev.action}: "
                            f"replayed as {done}",
                        )
    assert again is not None
    t = start.tiles
    for lineno, p, field in plan.fields:
        held = again.racks_at.get(lineno)
        if held is not None and Counter(field) - Counter(held):
            issues.add(
                lineno,
                "rack_not_drawable",
                f"no order of the draws gives {names[p]} the rack field {t.rack_text(field)}: "
                f"the tiles were re-dealt ({t.rack_text(held)})",
            )
    final = record.replay()
    for q, rack in plan.all_final.items():
        mine = final.racks[q]
        bad = Counter(rack) - Counter(mine) if q in plan.partial else sorted(rack) != list(mine)
        if bad and final.end_reason in ("played_out", "passes", None):
            issues.add(
                plan.final_lines.get(q),
                "end_rack_mismatch",
                f"{names[q]}'s last rack is {final.rack_text(q)}, not {t.rack_text(rack)}",
            )
    return record


class _Replay:
    """The search over draw orders: depth first, over the draws the tests accept (each test
    a necessary condition, so the search is complete), remembering dead states."""

    def __init__(
        self, plan: _Plan, start: State, limit: int | None, issues: _Issues | None = None
    ) -> None:
        self.plan = plan
        self.issues = _Issues(False) if issues is None else issues
        #: the rack each player held at each line (for the rack fields left out)
        self.racks_at: dict[int, tuple[int, ...]] = {}
        #: the exchange replayed at each exchange line
        self.exchanged: dict[int, Exchange] = {}
        #: per event: the file's total of its player before it
        self.file_before: list[int] = []
        marks = sorted(
            [(e.lineno, e.p, e.total) for e in plan.events if e.kind != "leave"]
            + [(lineno, p, total) for p, _, _, total, lineno, _ in plan.ends]
        )
        totals = [0] * plan.n
        before: dict[int, int] = {}
        for lineno, p, total in marks:
            before[lineno] = totals[p]
            totals[p] = total
        self.file_before = [before.get(e.lineno, 0) for e in plan.events]
        #: per count-only exchange (by line): what its player needs at their next line
        self.keep: dict[int, tuple[int, ...]] = {}
        for k, ev in enumerate(plan.events):
            if ev.count:
                nxt = next((e for e in plan.events[k + 1 :] if e.p == ev.p and e.need), None)
                self.keep[ev.lineno] = nxt.need if nxt is not None else ()
        self.index = {id(ev): k for k, ev in enumerate(plan.events)}
        self.start = start
        self.t = start.tiles
        self.work = 0
        self.limit = limit
        self.fail_k = len(plan.events)
        n = plan.n
        K = plan.k_types
        # per player: non-void slots at or after each slot index (suffix counts)
        owner, void = plan.slot_owner, plan.slot_void
        S = len(owner)
        self.after = [[0] * (S + 1) for _ in range(n)]
        for s in range(S - 1, -1, -1):
            for p in range(n):
                self.after[p][s] = self.after[p][s + 1] + (
                    1 if owner[s] == p and not void[s] else 0
                )
        # per global checkpoint index k: each player's cumulative requirement then
        self.kset = sorted({k for p in range(n) for k, _ in plan.checks[p]})
        self.req: list[list[tuple[int, ...]]] = []
        cur = [(0,) * K for _ in range(n)]
        ptr = [0] * n
        for k in self.kset:
            for p in range(n):
                checks = plan.checks[p]
                while ptr[p] < len(checks) and checks[ptr[p]][0] <= k:
                    cur[p] = checks[ptr[p]][1]
                    ptr[p] += 1
            self.req.append(list(cur))
        self.kend = [plan.slot_end[k] for k in self.kset]
        # per player: the last slot of theirs (not void) before each slot index, -1 if none
        self.last = [[-1] * (S + 1) for _ in range(n)]
        for p in range(n):
            row = self.last[p]
            for j in range(S):
                row[j + 1] = j if owner[j] == p and not void[j] else row[j]
        # per player: the first slot of theirs (not void) at or after each slot index, S if none
        self.next = [[S] * (S + 1) for _ in range(n)]
        for p in range(n):
            row = self.next[p]
            for j in range(S - 1, -1, -1):
                row[j] = j if owner[j] == p and not void[j] else row[j + 1]
        # tiles coming back to the bag, by the first slot that may draw them
        self.releases = sorted(
            [(f, tuple(c[x] for x in range(K)), 0) for f, c in plan.returns]
            + [(f, (0,) * K, m) for f, m in plan.wild]
        )
        self.strong_calls = 0
        #: per tile, the copies (and departed tiles of any kind) back in the bag by each slot
        #: (coming back at slot ``f`` or before), for :meth:`returned`
        self.back = [[0] * (S + 1) for _ in range(K)]
        for x in range(K):
            row = self.back[x]
            for f, c in plan.returns:
                row[f] += c[x]
            for f, m in plan.wild:
                row[f] += m
            for j in range(1, S + 1):
                row[j] += row[j - 1]
        #: states (slot, tiles drawn per player) from which no draw order leads to the file
        self.dead: set[bytes] = set()
        self.dead_error = ""
        #: the event whose deadline the last failing :meth:`windows` test could not meet
        self.win_fail = len(plan.events)
        self.backtracks = 0
        #: whether the next coupled test must test everything (not only what a draw changes)
        self.full = True
        #: the first attempt uses the quick test alone (cheap on long files, enough for most
        #: games) until this much work is spent; later attempts add the coupled test
        self.quick_until: int | None = None

    def spend(self, work: int = 1) -> None:
        self.work += work
        if self.limit is not None and self.work > self.limit:
            raise _WorkError
        if self.quick_until is not None and self.work > self.quick_until and self.backtracks:
            # the quick phase stops after its share only once it has gone back over a draw (a
            # file it rebuilds straight through, however long, stays with the quick test)
            raise _Restart

    # -- the feasibility test ------------------------------------------------------------------

    def candidates(self, st: State, s: int, drawn: list[list[int]]) -> list[int]:
        """The tiles the draw at slot ``s`` may take, best first: those after which every
        player can still draw what they need in time and every tile is still there when
        needed; empty if none (the draws so far cannot lead to the file)."""
        plan = self.plan
        d = st.drawer
        bag = st.bag
        K = plan.k_types
        if plan.slot_void[s]:  # drawn and put back by the withdrawal: any tile will do
            self.full = True
            x = max(range(K), key=lambda i: (bag[i], -i))
            return [x] if bag[x] else []
        n = plan.n
        lo = bisect.bisect_right(self.kend, s)
        window = list(range(lo, min(lo + _HORIZON, len(self.kset))))
        if self.kset and window and window[-1] != len(self.kset) - 1:
            window.append(len(self.kset) - 1)
        self.spend(4 * (1 + len(window) * (n + 1)))
        ok = [bag[x] > 0 for x in range(K)]
        self.fail_k = len(plan.events)
        soonest = [len(plan.events) + 1] * K
        dd = drawn[d]
        after = self.after
        others = [len(plan.events) + 1] * K
        for ki in window:
            k = self.kset[ki]
            end = plan.slot_end[k]
            row = self.req[ki]
            md = row[d]
            for x in range(K):
                if md[x] > dd[x] and soonest[x] > k:
                    soonest[x] = k
                if others[x] > k and any(row[q][x] > drawn[q][x] for q in range(n) if q != d):
                    others[x] = k
            # Hall for the drawer: what it must still draw before k fits its draws left
            need = sum(max(0, md[x] - dd[x]) for x in range(K))
            avail = after[d][s] - after[d][end]
            if need > avail:
                self.fail_k = k
                return []
            if need == avail:
                for x in range(K):
                    if md[x] <= dd[x]:
                        ok[x] = False
            # tile supply: what everybody must still draw of x before k is still there
            for x in range(K):
                if not ok[x]:
                    continue
                dem = 0
                for p in range(n):
                    v = row[p][x] - drawn[p][x]
                    if v > 0:
                        dem += v
                if not dem:
                    continue
                sup = bag[x] + self.returned(x, s, end)
                if dem > sup or (dem == sup and md[x] <= dd[x]):
                    ok[x] = False
                    self.fail_k = min(self.fail_k, k)
        cands = [x for x in range(K) if ok[x]]
        surplus = (
            {
                x: bag[x] - sum(max(0, self.req[-1][p][x] - drawn[p][x]) for p in range(n))
                for x in cands
            }
            if self.kset
            else {x: bag[x] for x in cands}
        )
        big = len(plan.events) + 1

        def key(x: int) -> tuple[int, int, int, int]:
            # the drawer's earliest need first among tiles nobody else needs sooner; then the
            # tile another claimant needs latest; then tiles nobody needs, most plentiful first
            if soonest[x] <= big - 1 and (bag[x] > 1 or soonest[x] <= others[x]):
                return (0, soonest[x], -surplus[x], x)
            if soonest[x] <= big - 1:
                return (1, -others[x], -surplus[x], x)
            return (2, 0, -surplus[x], x)

        cands.sort(key=key)
        # the coupled and window tests, lazily: the first candidate that passes both goes
        # first (the others are tested when the search comes back to them, at the next
        # draw); none passing means no draw here can lead to the file
        if self.quick_until is not None:
            return cands
        full = self.full
        fail = self.kset[-1] if self.kset else len(plan.events)
        blame = fail
        for i, x in enumerate(cands):
            if not self.coupled(s, d, x, bag, drawn, full):
                continue
            if self.windows_after(s, d, x, bag, drawn):
                self.full = False
                return [x, *cands[:i], *cands[i + 1 :]]
            blame = min(blame, self.win_fail)
        self.fail_k = blame
        return []

    def coupled(
        self, s: int, d: int, x: int, bag: Sequence[int], drawn: list[list[int]], full: bool
    ) -> bool:
        """Whether, after the drawer ``d`` takes ``x`` at slot ``s``, every tile still needed
        can come from the bag in time, each player's draw window tied to the moments
        exchanged tiles come back (necessary conditions, over every line of the game):

        - per tile, Hall over thresholds: the copies needed by players whose last draw before
          a line is at slot ``T`` or earlier fit in the bag now plus the returns drawable by
          ``T``;
        - per player and line, for each return at slot ``f``: the tiles the player cannot
          get from the copies drawable before ``f`` (the bag now and earlier returns, less
          what the other players need before ``f``) fit in the player's draws from ``f`` on.

        Unless ``full``, the state before the draw passed the test, so only what the draw
        changes is tested again (the tile ``x``, and other players' lines that need it).
        """
        plan = self.plan
        n, K = plan.n, plan.k_types
        self.strong_calls += 1
        s1 = s + 1
        bag1 = list(bag)
        bag1[x] -= 1
        lo = bisect.bisect_right(self.kend, s)
        rel = [r for r in self.releases if r[0] >= s1]
        after = self.after
        # per player, by line: (last slot of theirs before it, sparse deficits)
        per: list[list[tuple[int, int, dict[int, int]]]] = [[] for _ in range(n)]
        units: list[tuple[int, int, dict[int, int]]] = []
        work = 1
        for ki in range(lo, len(self.kset)):
            end = self.kend[ki]
            row = self.req[ki]
            for p in range(n):
                need = row[p]
                have = drawn[p]
                defs = {
                    y: need[y] - have[y] - (1 if p == d and y == x else 0)
                    for y in range(K)
                    if need[y] - have[y] - (1 if p == d and y == x else 0) > 0
                }
                work += 4
                if not defs:
                    continue
                last = self.last[p][end]
                if last < s1 or after[p][s1] - after[p][end] < sum(defs.values()):
                    self.spend(work // 8)
                    return False
                per[p].append((last, end, defs))
                units.append((last, p, defs))
        if not units:
            self.spend(work // 8)
            return True
        # per release: what each player needs before it (their last line due before it)
        need_before: list[list[dict[int, int]]] = []
        need_all: list[dict[int, int]] = []
        ptr = [0] * n
        for f, _, _ in rel:
            row_q: list[dict[int, int]] = []
            tot: dict[int, int] = {}
            for q in range(n):
                pq = per[q]
                while ptr[q] < len(pq) and pq[ptr[q]][0] < f:
                    ptr[q] += 1
                cur = pq[ptr[q] - 1][2] if ptr[q] else {}
                row_q.append(cur)
                for y, v in cur.items():
                    tot[y] = tot.get(y, 0) + v
            work += n
            need_before.append(row_q)
            need_all.append(tot)
        # per player and line: the tiles only a return (or later) can give
        for p in range(n):
            if not full and p == d:
                continue
            for last, end, defs in per[p]:
                if not full and x not in defs:
                    continue
                got = {y: bag1[y] for y in defs}
                wild = 0
                for i, (f, c, m) in enumerate(rel):
                    if f > last:
                        break
                    late = 0
                    mine = need_before[i][p]
                    everyone = need_all[i]
                    for y, v in defs.items():
                        free = got[y] - everyone.get(y, 0) + mine.get(y, 0)
                        if v > free:
                            late += v - free if free > 0 else v
                    work += 1 + len(defs)
                    late -= wild
                    if late <= 0:
                        break
                    if late > after[p][f] - after[p][end]:
                        self.spend(work // 8)
                        return False
                    for y in defs:
                        got[y] += c[y]
                    wild += m
                else:
                    late = sum(max(0, v - got[y]) for y, v in defs.items()) - wild
                    if late > 0:
                        self.spend(work // 8)
                        return False
        # per tile: Hall over the thresholds (a player's deficit is cumulative over lines)
        units.sort(key=lambda u: u[0])
        cur_p: list[dict[int, int]] = [{} for _ in range(n)]
        tot_y = [0] * K
        got_all = bag1[:]
        wild = 0
        ri = 0
        i = 0
        while i < len(units):
            t = units[i][0]
            while i < len(units) and units[i][0] == t:
                _, p, defs = units[i]
                cp = cur_p[p]
                for y, v in defs.items():
                    if v > cp.get(y, 0):
                        tot_y[y] += v - cp.get(y, 0)
                        cp[y] = v
                i += 1
            while ri < len(rel) and rel[ri][0] <= t:
                c = rel[ri][1]
                for y in range(K):
                    got_all[y] += c[y]
                wild += rel[ri][2]
                ri += 1
            work += K
            if not full:
                if tot_y[x] - got_all[x] > wild:
                    self.spend(work // 8)
                    return False
            elif sum(max(0, tot_y[y] - got_all[y]) for y in range(K)) > wild:
                self.spend(work // 8)
                return False
        self.spend(work // 8)
        return True

    def windows_after(
        self, s: int, d: int, x: int, bag: Sequence[int], drawn: list[list[int]]
    ) -> bool:
        """:meth:`windows` once the drawer ``d`` takes ``x`` at slot ``s``."""
        bag1 = list(bag)
        bag1[x] -= 1
        dr = [r[:] for r in drawn]
        dr[d][x] += 1
        return self.windows(s + 1, dr, bag1)

    def windows(self, s1: int, drawn: list[list[int]], bag: Sequence[int]) -> bool:
        """Whether the tiles still needed can be drawn, by a propagation that ties the two
        sides of the problem together (sound: it fails only when no completion exists).

        Every tile a player must still draw is a unit ``(player, tile, window)``: drawn at
        one of the player's draws from ``release`` up to (not including) ``deadline``. Two
        rules narrow the windows until nothing changes, failing on a contradiction:

        - per tile, Hall over deadlines: the units due before ``T`` fit in the copies the bag
          gets before ``T``; when they take all of them, every later unit of that tile waits
          for the next copy coming back;
        - per player, Hall over windows ``[a, b)``: the units lying inside fit in the player's
          draws there; when they fill them, a unit reaching into the window from before ends
          at ``a``, one reaching out of it after starts at ``b`` (and every window starts and
          ends at the player's own draws).

        Then, at every moment ``t``, the bag count: the draws before ``t`` (spare ones too)
        take a tile each and must leave the copies that the units drawn from ``t`` on cannot
        get from the copies coming back from ``t`` on; the players' units drawable before
        ``t`` reduce that need at most by a max flow (players' draws to those tiles), taken
        as a minimum cut over the subsets of players.
        """
        plan = self.plan
        n, K = plan.n, plan.k_types
        after = self.after
        lo = bisect.bisect_left(self.kend, s1)
        # units: [player, tile, release, deadline]
        units: list[list[int]] = []
        by_tile: list[list[list[int]]] = [[] for _ in range(K)]
        by_player: list[list[list[int]]] = [[] for _ in range(n)]
        top = [[0] * K for _ in range(n)]
        work = 1
        for ki in range(lo, len(self.kset)):
            end = self.kend[ki]
            row = self.req[ki]
            for p in range(n):
                have = drawn[p]
                tp = top[p]
                need = row[p]
                for y in range(K):
                    v = need[y] - have[y]
                    while tp[y] < v:
                        tp[y] += 1
                        u = [p, y, s1, end]
                        units.append(u)
                        by_tile[y].append(u)
                        by_player[p].append(u)
                work += K
        if not units:
            self.spend(work // 8)
            return True
        # copies coming back, per tile: (first slot that may draw them, count)
        arrivals: list[list[tuple[int, int]]] = [[] for _ in range(K)]
        for f, c, m in self.releases:
            if f < s1:
                continue
            for y in range(K):
                if c[y] + m:
                    arrivals[y].append((f, c[y] + m))
        changed = True
        while changed:
            changed = False
            self.spend(work // 8)
            work = 0

            # per tile
            for y in range(K):
                us = by_tile[y]
                if not us:
                    continue
                us.sort(key=lambda u: u[3])
                arr = arrivals[y]
                supply = bag[y]
                ai = 0
                i = 0
                # thresholds: now, every deadline and every copy coming back
                for t in sorted({s1, *(u[3] for u in us), *(f for f, _ in arr)}):
                    while i < len(us) and us[i][3] <= t:
                        i += 1
                    while ai < len(arr) and arr[ai][0] < t:
                        supply += arr[ai][1]
                        ai += 1
                    work += 2
                    if i > supply:
                        return self._refuse(work, us[i - 1][3])
                    if i == supply and i < len(us):
                        # the copies before t are all taken: the rest wait for the next one
                        j = ai
                        while j < len(arr) and arr[j][0] < t:
                            j += 1
                        if j == len(arr):
                            return self._refuse(work, us[i][3])
                        nxt = arr[j][0]
                        for u in us[i:]:
                            if u[2] < nxt:
                                u[2] = nxt
                                changed = True
            # per player
            for p in range(n):
                us = by_player[p]
                if not us:
                    continue
                ap = after[p]
                first, prev = self.next[p], self.last[p]
                for u in us:
                    # a window starts and ends at the player's own draws
                    r, d = first[u[2]], prev[u[3]] + 1
                    if r >= d:
                        return self._refuse(work, u[3])
                    if (r, d) != (u[2], u[3]):
                        u[2], u[3] = r, d
                        changed = True
                us.sort(key=lambda u: u[3])
                starts = sorted({u[2] for u in us})
                for a in starts:
                    inside = 0
                    tight: list[int] = []
                    i = 0
                    while i < len(us):
                        b = us[i][3]
                        while i < len(us) and us[i][3] == b:
                            if us[i][2] >= a:
                                inside += 1
                            i += 1
                        work += 1
                        if b <= a:
                            continue
                        room = ap[a] - ap[b]
                        if inside > room:
                            return self._refuse(work, b)
                        if inside == room and inside:
                            tight.append(b)
                    if not tight:
                        continue
                    last = tight[-1]
                    for u in us:
                        r, d = u[2], u[3]
                        work += 1
                        if r < a < d <= last:
                            u[3] = a
                            changed = True
                        elif a <= r and d > tight[0]:
                            j = bisect.bisect_left(tight, d) - 1
                            if j >= 0 and tight[j] > r:
                                u[2] = tight[j]
                                changed = True
        # the bag at each moment: the draws before it take a tile each, and must leave the
        # copies the later units cannot get from the tiles still coming back
        S = len(plan.slot_owner)
        sigma = list(bag)  # copies drawable before t
        alpha = [sum(cnt for _, cnt in arr) for arr in arrivals]  # copies coming from t on
        ptr = [0] * K
        # per player and tile, the units drawable before t (released before it)
        by_release = sorted(units, key=lambda u: u[2])
        drawable = [[0] * K for _ in range(n)]
        ui = 0
        for t in sorted({S, *(f for f, _, _ in self.releases if f > s1), *(u[2] for u in units)}):
            if t <= s1:
                continue
            room1 = [after[p][s1] - after[p][t] for p in range(n)]
            caps: dict[int, int] = {}
            need_all = 0
            for y in range(K):
                arr = arrivals[y]
                while ptr[y] < len(arr) and arr[ptr[y]][0] < t:
                    sigma[y] += arr[ptr[y]][1]
                    alpha[y] -= arr[ptr[y]][1]
                    ptr[y] += 1
                    work += 1
                need_y = len(by_tile[y]) - alpha[y]
                if need_y > 0:
                    need_all += need_y
                    if sigma[y]:
                        caps[y] = min(need_y, sigma[y])
            work += K
            left = sum(sigma) - sum(room1)  # tiles left in the bag at t
            short = need_all - left
            if short <= 0:
                continue
            # max flow from the players' draws before t to the copies that must stay, as a
            # minimum cut: the players kept on the source side give their units of those
            # tiles (up to the copies), the others their draws before t
            ys = list(caps)
            cap_v = list(caps.values())
            while ui < len(by_release) and by_release[ui][2] < t:
                u = by_release[ui]
                drawable[u[0]][u[1]] += 1
                ui += 1
                work += 1
            early = [[drawable[p][y] for y in ys] for p in range(n)]
            sums = [[0] * len(ys)]
            flow = min(short, sum(room1))
            for mask in range(1, 1 << n):
                low = mask & -mask
                add = early[low.bit_length() - 1]
                gain = [a + b for a, b in zip(sums[mask ^ low], add, strict=True)]
                sums.append(gain)
                cut = sum(room1[p] for p in range(n) if not mask >> p & 1)
                flow = min(flow, cut + sum(map(min, cap_v, gain)))
            work += (1 << n) * (1 + len(ys))
            if flow < short:
                return self._refuse(work, t)
        self.spend(work // 8)
        return True

    def _refuse(self, work: int, deadline: int) -> bool:
        """:meth:`windows` failing: the first line due by slot ``deadline`` is to blame."""
        self.spend(work // 8)
        ki = bisect.bisect_left(self.kend, deadline)
        self.win_fail = self.kset[min(ki, len(self.kset) - 1)]
        return False

    def returned(self, x: int, s: int, end: int) -> int:
        """Tiles of kind ``x`` (or of any kind, for departed racks) that come back to the bag
        after slot ``s`` and before the draw at slot ``end``."""
        if end - 1 <= s:
            return 0
        row = self.back[x]
        return row[end - 1] - row[s]

    # -- the replay ----------------------------------------------------------------------------

    def run(self) -> Record[State]:
        """Depth-first search over the draws, in two phases sharing what they learn (the dead
        states): first with the quick test alone, on :data:`_QUICK_SHARE` of the work budget
        (enough for most files); then with the coupled and the window tests added. Every
        test only removes draws that cannot lead to the file, so the search is complete: it
        finds a draw order whenever one exists (within the budget), and its failure proves
        that none does."""
        self.quick_until = self.work + int(_WORK_BUDGET * _QUICK_SHARE)  # as by default
        try:
            return self._search()
        except _Restart:
            pass
        self.quick_until = None
        return self._search()

    def _search(self) -> Record[State]:
        plan = self.plan
        self.full = True
        K = plan.k_types
        state = self.start
        actions: list[Any] = []
        drawn = [[0] * K for _ in range(plan.n)]
        ei = 0  # next event
        s = 0  # next slot
        # backtracking frames: (state, ei, s, len(actions), drawn copy, other candidates)
        frames: list[tuple[State, int, int, int, list[list[int]], list[int]]] = []
        first_error: _DrawError | None = None
        while True:
            try:
                while True:
                    if state.is_chance_node:
                        if s >= len(plan.slot_owner) or plan.slot_owner[s] != state.drawer:
                            raise _DrawError(
                                f"{plan._where(min(ei, len(plan.events)))}: the draws do not "
                                "follow the file (a move or a rack field is inconsistent)"
                            )
                        key = _key(s, drawn)
                        if key in self.dead:
                            self.spend(_KEY_WORK)
                            raise _DrawError(self.dead_error)
                        cands = self.candidates(state, s, drawn)
                        if not cands:
                            self.dead.add(key)
                            raise _DrawError(
                                f"{plan._where(self.fail_k)}: no order of the draws gives "
                                "every player the tiles the file shows"
                            )
                        frames.append(
                            (state, ei, s, len(actions), [r[:] for r in drawn], cands[1:])
                        )
                        state, s = self._draw(state, s, cands[0], drawn, actions)
                        continue
                    if ei >= len(plan.events):
                        break
                    if not self._after_end(plan.events[ei]):
                        state = self._event(state, plan.events[ei], actions, drawn)
                    ei += 1
                return self._finish(state, actions, drawn)
            except _DrawError as exc:
                if first_error is None:
                    first_error = exc
                if not self.dead_error:
                    self.dead_error = str(exc)
                # back to the latest draw with another feasible tile; a draw whose every
                # feasible tile failed is a dead state (the same draws per player at the same
                # slot, reached in another order or another attempt, fail at once)
                while frames and not frames[-1][5]:
                    _, _, s_dead, _, dr_dead, _ = frames.pop()
                    self.dead.add(_key(s_dead, dr_dead))
                if not frames:
                    raise first_error from None
                self.backtracks += 1
                self.full = True
                st, ei, s, na, dr, rest = frames.pop()
                x = rest[0]
                frames.append((st, ei, s, na, [r[:] for r in dr], rest[1:]))
                del actions[na:]
                drawn = dr
                self.spend()
                state, s = self._draw(st, s, x, drawn, actions)

    def _draw(
        self, state: State, s: int, x: int, drawn: list[list[int]], actions: list[Any]
    ) -> tuple[State, int]:
        self.spend(_APPLY_WORK + _KEY_WORK)
        d = state.drawer
        if not self.plan.slot_void[s]:
            drawn[d][x] += 1
        a = _draw(state, x)
        actions.append(a)
        return state.apply(a), s + 1

    def _apply(self, state: State, action: Any, lineno: int) -> State:
        self.spend(_APPLY_WORK)
        try:
            return state.apply(action)
        except IllegalActionError as exc:
            if exc.code == "tiles_not_on_rack":
                raise _DrawError(f"line {lineno}: illegal move {action}: {exc}") from None
            raise _fatal(lineno, "illegal_move", f"{action}: {exc}") from None

    def _after_end(self, ev: _Event) -> bool:
        """Whether ``ev`` is a time penalty written after the end lines (assessed once the
        game is over, so applied after the end adjustments)."""
        ends = self.plan.ends
        return ev.kind == "time" and bool(ends) and ev.lineno > min(e[4] for e in ends)

    def _score(self, ev: _Event, gained: int, what: str) -> None:
        """Check a line's score and total against the file: a written score other than the
        computed one is ``score_mismatch`` (the computed score stands), a total that is not
        the file's previous total plus its score ``total_mismatch``."""
        name = self.start.players[ev.p]
        if gained != ev.score:
            self.issues.add(
                ev.lineno,
                "score_mismatch",
                f"{what} scores {gained:+d}, the file says {ev.score:+d}: the computed score "
                "is kept",
            )
        before = self.file_before[self.index[id(ev)]]
        if before + ev.score != ev.total:
            self.issues.add(
                ev.lineno,
                "total_mismatch",
                f"{name}'s total {before} {ev.score:+d} is {before + ev.score}, the file says "
                f"{ev.total}",
            )

    def _event(self, state: State, ev: _Event, actions: list[Any], drawn: list[list[int]]) -> State:
        p, ln = ev.p, ev.lineno
        names = state.players
        if ev.kind == "leave":
            actions.append(ev.action)
            return self._apply(state, ev.action, ln)
        if ev.kind == "move":
            self.racks_at[ln] = state.racks[p]
        if ev.kind == "time":
            penalty = TimePenalty(p, -ev.score)
            actions.append(penalty)
            state = self._apply(state, penalty, ln)
            self._score(ev, ev.score, "the time penalty")
            return state
        lost_turn = state.pending_end is not None and isinstance(ev.action, Pass)
        if ev.kind == "move" and state.phase == "play" and p != state.turn and not lost_turn:
            who = state.players[state.turn]
            raise _fatal(ln, "wrong_turn", f"{names[p]} moves but it is {who}'s turn")
        if ev.rack is not None and ev.kind == "move":
            self._check_rack(state, p, ev.rack, ln)
        before = state.scores[p]
        if ev.kind in ("withdraw", "bonus"):
            pp = state.pending_play
            if pp is None or pp.player != p:
                code = "withdraw_without_play" if ev.kind == "withdraw" else "bonus_without_play"
                raise _fatal(ln, code, f"no play of {names[p]} can be challenged here")
            act = Challenge(state.turn)
            actions.append(act)
            after = self._apply(state, act, ln)
            withdrawn = after.board != state.board
            if withdrawn != (ev.kind == "withdraw"):
                found = "a phony" if withdrawn else "valid"
                raise _fatal(
                    ln,
                    "challenge_mismatch",
                    f"the lexicon {state.lexicon.name!r} finds {pp.place} {found} "
                    "(pass the lexicon the game was played with)",
                )
            gained = after.scores[p] - before
            if after.is_terminal:  # the end adjustments are checked on the end lines
                gained = ev.score
            self._score(ev, gained, "the challenge")
            self.racks_at[ln] = after.racks[p]  # a withdrawal's rack field: tiles back
            if ev.rack is not None:
                self._check_rack(after, p, ev.rack, ln)
            return after
        action = ev.action
        if state.pending_end is not None and isinstance(action, Pass):
            # a play that ends the game if it stands was challenged in vain (double challenge:
            # files write the lost turn as a pass)
            act = Challenge(state.turn)
            actions.append(act)
            state = self._apply(state, act, ln)
            if state.is_terminal or p != state.turn:
                return state
        if p != state.turn or state.phase != "play":
            who = state.players[state.turn] if state.phase == "play" else "nobody"
            raise _fatal(ln, "wrong_turn", f"{names[p]} moves but it is {who}'s turn")
        if ev.count:
            action = Exchange(self._choose_exchange(state, ev))
        if isinstance(action, Place):
            try:
                action = state.normalize(action)
            except IllegalActionError as exc:
                raise _fatal(ln, "illegal_move", f"{action}: {exc}") from None
        after = self._apply(state, action, ln)
        actions.append(action)
        if isinstance(action, Exchange):
            self.exchanged[ln] = action
        gained = after.scores[p] - before
        if after.is_terminal and after.end_reason in ("played_out", "passes"):
            gained = _own_score(state, action)  # the adjustments are checked on the end lines
        self._score(ev, gained, str(action))
        return after

    def _choose_exchange(self, state: State, ev: _Event) -> str:
        """The tiles of an exchange written as a count: those the player does not need at
        their next line first, then the highest tile codes (deterministic)."""
        keep = Counter(self.keep.get(ev.lineno, ()))
        spare: list[int] = []
        kept: list[int] = []
        for x in sorted(state.racks[ev.p], reverse=True):
            if keep[x] > 0:
                keep[x] -= 1
                kept.append(x)
            else:
                spare.append(x)
        chosen = (spare + kept)[: ev.count]
        if len(chosen) < ev.count:
            raise _fatal(ev.lineno, "illegal_move", f"an exchange of {ev.count} tiles")
        return self.t.rack_text(sorted(chosen))

    def _check_rack(self, state: State, p: int, rack: tuple[int, ...], ln: int) -> None:
        if Counter(rack) - Counter(state.racks[p]):
            raise _DrawError(
                f"line {ln}: {state.players[p]}'s rack field {self.t.rack_text(rack)} is not "
                f"on the rack the draws give ({state.rack_text(p)})"
            )

    def _finish(self, state: State, actions: list[Any], drawn: list[list[int]]) -> Record[State]:
        plan = self.plan
        t = self.t
        if state.pending_play is not None and (state.pending_end is not None or plan.ends):
            act = Accept(state.turn)
            actions.append(act)
            state = self._apply(state, act, plan.ends[0][4] if plan.ends else 0)
        if plan.ends and not state.is_terminal:
            raise _fatal(
                plan.ends[0][4],
                "end_before_game_end",
                "end-of-game rack lines, but the game did not end",
            )
        for ev in plan.events:  # time penalties written after the end lines
            if self._after_end(ev):
                state = self._event(state, ev, actions, drawn)
        for q, rack in plan.final.items():
            if q in plan.partial:
                bad = bool(Counter(rack) - Counter(state.racks[q]))
            else:
                bad = tuple(sorted(rack)) != state.racks[q]
            if bad and state.end_reason in ("played_out", "passes", None):
                raise _DrawError(
                    f"{plan._where(len(plan.events))}: {state.players[q]}'s last rack "
                    f"{t.rack_text(rack)} cannot be reached (the draws give {state.rack_text(q)})"
                )
        mult = 2 if state.rules.going_out == "double" else 1
        last: dict[int, tuple[int, int]] = {}
        for p, rack, value, total, ln, _ in plan.ends:
            v = t.rack_value(rack)
            want = -v if value < 0 else (mult * v if state.end_reason == "played_out" else v)
            if value != want:
                self.issues.add(
                    ln,
                    "end_value_mismatch",
                    f"the rack {t.rack_text(rack)} is worth {want:+d} here, not {value:+d}",
                )
            last[p] = max(last.get(p, (0, total)), (ln, total))
        first_end = min((e[4] for e in plan.ends), default=None)
        for ev in plan.events:
            if ev.kind == "time" and first_end is not None and ev.lineno > first_end:
                last[ev.p] = max(last.get(ev.p, (0, ev.total)), (ev.lineno, ev.total))
        for p, (ln, total) in last.items():
            if total != state.scores[p]:
                self.issues.add(
                    ln,
                    "final_total_mismatch",
                    f"the final total of {state.players[p]} is {state.scores[p]}, the file says "
                    f"{total}: the computed total is kept",
                )
        return Record(self.start, tuple(actions))


def _key(s: int, drawn: list[list[int]]) -> bytes:
    """A search state: the next slot and the tiles each player has drawn (the events before
    the slot are fixed, so these decide the game state), as a 128-bit digest (a dead state
    then costs a few dozen bytes, however many players and tiles)."""
    flat = array.array("I", [s, *(v for row in drawn for v in row)])
    return hashlib.blake2b(flat.tobytes(), digest_size=16).digest()


def _draw(st: State, code: int) -> Draw:
    t = st.tiles
    return Draw("?" if code == t.blank else t.alphabet[code])
