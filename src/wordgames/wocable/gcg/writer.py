"""Writing a Wocable :class:`~wordgames.Record` as a GCG file (:func:`to_gcg`)."""

from __future__ import annotations

import json
from typing import Any

from wordgames._core.record import Record
from wordgames.wocable.actions import (
    Accept,
    Challenge,
    Draw,
    Place,
    Resign,
    Timeout,
    TimePenalty,
)
from wordgames.wocable.gcg.records import GcgRecord
from wordgames.wocable.state import State

__all__ = ["to_gcg"]


def to_gcg(record: Record[State], *, title: str | None = None, notes: bool = True) -> str:
    """A GCG file for a finished or unfinished Wocable record.

    Writes ``#character-encoding``, ``#player1..4``, ``#title`` (when given), ``#lexicon``,
    ``#tile-distribution`` and a ``#wocable-rules`` pragma (the rules as JSON), then one
    ``>nick: RACK MOVE +score total`` line per turn, and the lines of the features the record
    has: a withdrawn phony (``>nick: RACK -- -score total``), a challenge bonus
    (``(challenge) +5``), a lost turn for a failed challenge under the double rule (written
    as a pass, as GCG does), a time penalty (``(time) -10``), ``#resign`` / ``#timeout``;
    at the end ``>finisher: (RACK) +v total`` for each other rack (``+2v`` under
    ``going_out="double"``) and, under ``"transfer"`` or a passes ending that subtracts,
    ``>other: (RACK) -v total``; at the end of an unfinished game, the players' racks as
    ``#rack1``..``#rack4``. ``notes``: a ``#note`` after each accepted challenge saying
    who challenged, and, for a :class:`GcgRecord` read with issues, one ``#note`` per issue
    at the end of the file (``#note repaired: line 12: score_mismatch: ...``, the line
    number of the file it was read from), so that a person sees what was repaired (none in a
    record without moves, where GCG allows no ``#note``); the written file itself reads back
    with no issue."""
    states = list(record.states())
    first = states[0]
    lines = ["#character-encoding UTF-8"]
    full = getattr(record, "names", ())  # a GcgRecord's full names, as its file wrote them
    if len(full) != len(first.players):
        full = first.players
    for i, name in enumerate(first.players):
        nick = name.replace(" ", "_")
        lines.append(f"#player{i + 1} {nick} {full[i]}")
    if title:
        lines.append(f"#title {title}")
    lines.append(f"#lexicon {first.lexicon.name}")
    lines.append(f"#tile-distribution {'spanish' if first.rules.tiles == 'es' else 'english'}")
    lines.append(f"#wocable-rules {json.dumps(first.rules.to_dict(), sort_keys=True)}")
    nicks = [n.replace(" ", "_") for n in first.players]
    for k, (before, action, after) in enumerate(
        zip(states, record.actions, states[1:], strict=False)
    ):
        assert isinstance(before, State)
        assert isinstance(after, State)
        if isinstance(action, (Draw, Accept)):
            pass
        elif isinstance(action, (Resign, Timeout)):
            kind = "resign" if isinstance(action, Resign) else "timeout"
            lines.append(f"#{kind} {nicks[action.player]}")
        elif isinstance(action, TimePenalty):
            p = action.player
            rack = list(before.racks[p])
            pp = before.pending_play
            if pp is not None and pp.player == p and _withdrawn_later(states, record, k):
                for x in before.pending_drawn:  # draws the withdrawal takes back
                    rack.remove(x)
            rack_text = before.tiles.rack_text(rack)
            lines.append(f">{nicks[p]}: {rack_text} (time) -{action.points} {after.scores[p]}")
        elif isinstance(action, Challenge):
            pp = before.pending_play
            assert pp is not None
            q = pp.player
            if after.board != before.board:
                # the total before any end adjustments (a withdrawal can end the game by the
                # scoreless-turn rule; the end lines follow)
                total = before.scores[q] - pp.score
                lines.append(f">{nicks[q]}: {after.rack_text(q)} -- -{pp.score} {total}")
            else:
                # the bonus only (the end adjustments of a play that ends the game follow)
                bonus = {"five_point": 5, "ten_point": 10}.get(before.rules.challenge_rule, 0)
                if bonus:
                    total = before.scores[q] + bonus
                    lines.append(f">{nicks[q]}: {before.rack_text(q)} (challenge) +{bonus} {total}")
                if before.rules.challenge_rule == "double":
                    c = action.player
                    lines.append(f">{nicks[c]}: {before.rack_text(c)} - +0 {before.scores[c]}")
            if notes:
                lines.append(f"#note {nicks[action.player]} challenged {pp.place}")
        else:
            p = before.turn
            gained = after.scores[p] - before.scores[p]
            if after.is_terminal and after.end_reason == "played_out":
                # the last move's own score (end adjustments follow on their own lines)
                gained = _own_score(before, action)
            elif (
                after.is_terminal and after.end_reason == "passes" and after.rules.pass_end_subtract
            ):
                gained = _own_score(before, action)
            total = before.scores[p] + gained
            lines.append(f">{nicks[p]}: {before.rack_text(p)} {action} +{gained} {total}")
        if after.is_terminal and not before.is_terminal:
            lines.extend(_end_lines(after, nicks))
    last = states[-1]
    if not last.is_terminal:  # an unfinished game: the racks of the position reached
        for i in range(last.num_players):
            if last.racks[i]:
                lines.append(f"#rack{i + 1} {last.rack_text(i)}")
    # GCG takes a #note only after a move: a record without moves has no place for them
    if notes and isinstance(record, GcgRecord) and any(line[0] == ">" for line in lines):
        for issue in record.issues:
            where = "the file" if issue.line is None else f"line {issue.line}"
            lines.append(f"#note repaired: {where}: {issue.code}: {issue.message}")
    return "\n".join(lines) + "\n"


def _withdrawn_later(states: list[Any], record: Record[State], k: int) -> bool:
    """Whether the play that may be challenged at action ``k`` is withdrawn afterwards."""
    pp = states[k].pending_play
    for j in range(k, len(record.actions)):
        if states[j].pending_play != pp:
            return False
        if isinstance(record.actions[j], Challenge):
            return bool(states[j + 1].board != states[j].board)
    return False


def _own_score(before: State, action: Any) -> int:
    """What a move scores by itself (without the end-of-game adjustments it triggers)."""
    if isinstance(action, Place):
        return before._place_info(action)[1]
    return 0


def _end_lines(after: State, nicks: list[str]) -> list[str]:
    """The end-of-game rack lines of a game that has just ended (played out or passes)."""
    out = []
    t = after.tiles
    if after.end_reason == "played_out":
        p = next(q for q in after.active_players if not after.racks[q])
        mult = 2 if after.rules.going_out == "double" else 1
        running = after.scores[p] - sum(
            mult * t.rack_value(after.racks[q]) for q in after.active_players if q != p
        )
        for q in after.active_players:
            if q == p or not after.racks[q]:
                continue
            v = mult * t.rack_value(after.racks[q])
            running += v
            out.append(f">{nicks[p]}: ({after.rack_text(q)}) +{v} {running}")
        if mult == 1:
            for q in after.active_players:
                if q == p or not after.racks[q]:
                    continue
                v = t.rack_value(after.racks[q])
                out.append(f">{nicks[q]}: ({after.rack_text(q)}) -{v} {after.scores[q]}")
    elif after.end_reason == "passes" and after.rules.pass_end_subtract:
        for q in after.active_players:
            if after.racks[q]:
                v = t.rack_value(after.racks[q])
                out.append(f">{nicks[q]}: ({after.rack_text(q)}) -{v} {after.scores[q]}")
    return out
