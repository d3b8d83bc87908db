"""The GCG replayer (:class:`_Replay`): the draw-order solver of
:mod:`~wordgames.wocable.gcg._draws` with the file's lines applied through the engine between
the draws, every move, score, rack field and last rack checked against the file."""

from __future__ import annotations

from collections import Counter
from typing import Any

from wordgames._core.errors import IllegalActionError
from wordgames._core.record import Record
from wordgames.wocable.actions import (
    Accept,
    Challenge,
    Exchange,
    Pass,
    Place,
    TimePenalty,
)
from wordgames.wocable.gcg._draws import _APPLY_WORK, _DrawError, _DrawSearch
from wordgames.wocable.gcg._plan import _Event, _Plan
from wordgames.wocable.gcg.records import _fatal, _Issues
from wordgames.wocable.gcg.writer import _own_score
from wordgames.wocable.state import State


class _Replay(_DrawSearch):
    """The replay of a plan: the search over draw orders (:class:`_DrawSearch`), each line
    applied and checked as the draws reach it; ``issues`` gets what the file gets wrong but
    the replay repairs (a score, a total, an end value)."""

    def __init__(
        self, plan: _Plan, start: State, limit: int | None, issues: _Issues | None = None
    ) -> None:
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
        super().__init__(plan, start, limit)

    def _apply(self, state: State, action: Any, lineno: int) -> State:
        self.spend(_APPLY_WORK)
        try:
            return state.apply(action)
        except IllegalActionError as exc:
            if exc.code == "tiles_not_on_rack":
                raise _DrawError(lineno, f"illegal move {action}: {exc}") from None
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
                ln,
                f"{state.players[p]}'s rack field {self.t.rack_text(rack)} is not "
                f"on the rack the draws give ({state.rack_text(p)})",
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
                raise _DrawError.at(
                    plan,
                    len(plan.events),
                    f"{state.players[q]}'s last rack {t.rack_text(rack)} cannot be reached "
                    f"(the draws give {state.rack_text(q)})",
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
