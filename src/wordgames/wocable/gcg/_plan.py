"""The static part of a GCG replay (:class:`_Plan`): the file's lines as replayable events,
the tiles each player must hold when, and who draws at each draw. No search happens here;
:mod:`~wordgames.wocable.gcg._draws` decides the draws against this plan."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import Any

import attrs

from wordgames._core.errors import ParseError, short_repr
from wordgames.wocable.actions import (
    Exchange,
    Place,
    Resign,
    Timeout,
    split_tokens,
    token_text,
)
from wordgames.wocable.engine import BLANK_BIT, RACK_SIZE, Tiles, play_words
from wordgames.wocable.gcg.records import (
    GcgBonus,
    GcgEnd,
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
from wordgames.wocable.state import State


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

    def _where(self, k: int) -> tuple[int | None, str]:
        """Where the check before event ``k`` belongs: ``(line, "")`` at a line; past the
        last event ``(None, place)``, the words naming the end lines, the ``#rack`` pragmas
        or the end of the game (a message then starts with them and the error has no line:
        the forgiving replay leaves out the last racks for such a failure)."""
        if k < len(self.events):
            return self.events[k].lineno, ""
        pragmas = " and #rack pragmas" if self.rack_pragmas else ""
        if self.ends:
            return None, f"line {min(e[4] for e in self.ends)} (the end lines{pragmas})"
        return None, "the #rack pragmas" if pragmas else "the end of the game"

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
