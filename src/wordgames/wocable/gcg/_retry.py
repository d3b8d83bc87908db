"""The forgiving replay's retry policy (:func:`_forgiving`): when no order of the draws fits
the file, which rack fields to leave out and try again, on what share of the work, and what
the board alone proves at last; every rack field and last rack the final draws do not give
is then an issue. It reads the line a failure blames from :attr:`_DrawError.line`."""

from __future__ import annotations

from collections import Counter

from wordgames._core.record import Record
from wordgames.wocable.actions import Exchange
from wordgames.wocable.gcg._draws import _TOO_MUCH, _DrawError, _WorkError
from wordgames.wocable.gcg._plan import _Plan
from wordgames.wocable.gcg._replayer import _Replay
from wordgames.wocable.gcg.records import GcgError, GcgFile, _fatal, _Issues
from wordgames.wocable.state import State

#: how many times the forgiving replay leaves out the rack field it failed on and tries
#: again, before it leaves out every rack field
_RETRIES = 12


def _forgiving(
    gcg: GcgFile, start: State, plan: _Plan, work_limit: int | None, issues: _Issues
) -> Record[State]:
    """Replay ``plan`` (of ``gcg`` from ``start``) forgiving the rack fields: when no order
    of the draws fits them, leave out the rack field the search fails on (or every field up
    to that line when it has none, then the last racks) and try again, on half the work;
    then every rack field, on the rest (the board and the written exchanges; at last only
    the board). Each rack field and last rack the draws found do not give is an issue."""
    names = list(gcg.nicks)
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
            line = exc.line
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
                verdict = verdict or exc.gcg_error("not_replayable")
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
