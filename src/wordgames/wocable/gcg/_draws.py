"""The draw-order solver of the GCG replay: which order of draws from one bag deals the racks
a file shows. :class:`_DrawSearch` decides the draws one at a time, depth first, taking only
tiles its feasibility tests accept and going back over its draws when a later line refuses
them; what the file's lines do between the draws is left to its subclass
(:class:`~wordgames.wocable.gcg._replayer._Replay`). A failure is a :class:`_DrawError`,
which carries the line it blames as a field."""

from __future__ import annotations

import array
import bisect
import hashlib
from collections.abc import Sequence
from typing import Any

from wordgames._core.record import Record
from wordgames.wocable.actions import Draw
from wordgames.wocable.gcg._plan import _Event, _Plan
from wordgames.wocable.gcg.records import GCG_WORK_LIMIT, GcgError, _fatal
from wordgames.wocable.state import State

_WORK_BUDGET = GCG_WORK_LIMIT
#: the work an action applied through the engine counts for (it costs about as much as 30
#: needs scanned by the feasibility tests), and a search state's digest
_APPLY_WORK = 30
_KEY_WORK = 8
#: the share of the work budget the quick test alone may use, once it backtracks, before the
#: other tests join
_QUICK_SHARE = 0.15
#: how many coming checkpoints (lines that need tiles) the quick first test of a draw looks
#: at, besides the end of the game (the coupled test that follows looks at every line)
_HORIZON = 16

#: the message of ``too_much_work``
_TOO_MUCH = "the draws take too much work to rebuild"


class _DrawError(Exception):
    """A failure that another choice of the unknown draws might avoid (backtracking); never
    leaves the package (the replay turns it into a :class:`GcgError`, :meth:`gcg_error`).
    ``line`` is the line to blame (``None`` when the failure belongs to the end lines, the
    ``#rack`` pragmas or the end of the game; the message then names them), ``message``
    the message without the line."""

    def __init__(self, line: int | None, message: str) -> None:
        super().__init__(line, message)
        self.line = line
        self.message = message

    @classmethod
    def at(cls, plan: _Plan, k: int, message: str) -> _DrawError:
        """The failure of the check before event ``k`` (past the last event: the end)."""
        line, place = plan._where(k)
        return cls(line, f"{place}: {message}" if place else message)

    def gcg_error(self, code: str) -> GcgError:
        """This failure as the :class:`GcgError` ``code`` (raise it)."""
        return _fatal(self.line, code, self.message)

    def __str__(self) -> str:
        return self.message if self.line is None else f"line {self.line}: {self.message}"


class _WorkError(Exception):
    """The search went past its work limit."""


class _Restart(Exception):
    """The quick phase of the search used its share of the work."""


class _DrawSearch:
    """The search over draw orders: depth first, over the draws the tests accept (each test
    a necessary condition, so the search is complete), remembering dead states. A subclass
    replays the events (:meth:`_event`, :meth:`_after_end`, :meth:`_finish`)."""

    def __init__(self, plan: _Plan, start: State, limit: int | None) -> None:
        self.plan = plan
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
        #: the failure a dead state ends in (the first one the search met)
        self.dead_error: _DrawError | None = None
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
                            raise _DrawError.at(
                                plan,
                                min(ei, len(plan.events)),
                                "the draws do not follow the file (a move or a rack field is "
                                "inconsistent)",
                            )
                        key = _key(s, drawn)
                        if key in self.dead:
                            self.spend(_KEY_WORK)
                            assert self.dead_error is not None
                            raise _DrawError(self.dead_error.line, self.dead_error.message)
                        cands = self.candidates(state, s, drawn)
                        if not cands:
                            self.dead.add(key)
                            raise _DrawError.at(
                                plan,
                                self.fail_k,
                                "no order of the draws gives every player the tiles the file shows",
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
                if self.dead_error is None:
                    self.dead_error = exc
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

    # -- what the subclass replays -------------------------------------------------------------

    def _event(self, state: State, ev: _Event, actions: list[Any], drawn: list[list[int]]) -> State:
        """Replay the line ``ev`` (its actions appended to ``actions``); the state after."""
        raise NotImplementedError

    def _after_end(self, ev: _Event) -> bool:
        """Whether ``ev`` is replayed after the end of the game (by :meth:`_finish`)."""
        raise NotImplementedError

    def _finish(self, state: State, actions: list[Any], drawn: list[list[int]]) -> Record[State]:
        """The record, once every draw and event is replayed (checking the end)."""
        raise NotImplementedError


def _key(s: int, drawn: list[list[int]]) -> bytes:
    """A search state: the next slot and the tiles each player has drawn (the events before
    the slot are fixed, so these decide the game state), as a 128-bit digest (a dead state
    then costs a few dozen bytes, however many players and tiles)."""
    flat = array.array("I", [s, *(v for row in drawn for v in row)])
    return hashlib.blake2b(flat.tobytes(), digest_size=16).digest()


def _draw(st: State, code: int) -> Draw:
    t = st.tiles
    return Draw("?" if code == t.blank else t.alphabet[code])
