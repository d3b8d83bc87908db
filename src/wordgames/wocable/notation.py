"""Whole-game notation: GCG export/import of records and the one-line position string.

Position string (one line, six space-separated fields)::

    <board> <racks> <scores> <turn> <passes> <bag>

- board: rows 1..15 joined by ``/``; a run of empty squares is its length (``7CAT5``),
  lowercase = blank, ``[CH]`` for digraph tiles;
- racks: one per player joined by ``/`` (``-`` for an empty rack), ``?`` = blank;
- scores: joined by ``/``; turn: 0-based index of the player on turn; passes: consecutive
  passes so far; bag: the bag's tiles (``-`` if empty).
"""

from __future__ import annotations

import json
import random
import re
from collections import Counter
from collections.abc import Sequence
from typing import Any

from wordgames._core.errors import (
    IllegalActionError,
    InvalidStateError,
    ParseError,
    RulesError,
)
from wordgames._core.record import Record
from wordgames.lexicon import Lexicon
from wordgames.wocable.actions import (
    Draw,
    Exchange,
    Place,
    Resign,
    Timeout,
    parse_action,
    split_tokens,
)
from wordgames.wocable.engine import BLANK_BIT, tiles_for
from wordgames.wocable.rules import Rules
from wordgames.wocable.state import State, board_rows, default_lexicon, new_game, parse_board

__all__ = ["from_gcg", "from_position", "to_gcg", "to_position"]

#: how many randomised reconstructions of unknown racks from_gcg tries
_ATTEMPTS = 30


# -- position string ---------------------------------------------------------------------------


def to_position(state: State) -> str:
    """The one-line position string of ``state`` (see the module docstring)."""
    t = state.tiles
    rows = []
    for row in board_rows(t, state.board):
        out, run = [], 0
        for tok in split_tokens(row):
            if tok == ".":
                run += 1
                continue
            if run:
                out.append(str(run))
                run = 0
            out.append(tok if len(tok) == 1 else f"[{tok}]")
        if run:
            out.append(str(run))
        rows.append("".join(out))
    racks = "/".join(t.rack_text(r) or "-" for r in state.racks)
    scores = "/".join(str(s) for s in state.scores)
    bag = state.bag_text() or "-"
    return f"{'/'.join(rows)} {racks} {scores} {state.turn} {state.passes} {bag}"


def from_position(
    text: str,
    *,
    rules: Rules | None = None,
    lexicon: Lexicon | None = None,
    players: Sequence[str] | None = None,
) -> State:
    """A state (``play`` phase) from a position string; InvalidStateError if the string is
    malformed or the tiles do not add up to the tile set."""
    rules = Rules() if rules is None else rules
    lex = default_lexicon(rules) if lexicon is None else lexicon
    t = tiles_for(rules, lex)
    fields = text.split()
    if len(fields) != 6:
        raise InvalidStateError(f"a position has 6 fields, got {len(fields)}")
    board_f, racks_f, scores_f, turn_f, passes_f, bag_f = fields
    rows = []
    for row in board_f.split("/"):
        expanded = re.sub(r"\d+", lambda m: "." * int(m.group()), row)
        rows.append(expanded)
    racks = ["" if r == "-" else r for r in racks_f.split("/")]
    n = len(racks)
    names = list(players) if players is not None else [f"P{i + 1}" for i in range(n)]
    try:
        scores = [int(s) for s in scores_f.split("/")]
        turn = int(turn_f)
        passes = int(passes_f)
        board = parse_board(t, rows)
    except ValueError as exc:
        raise InvalidStateError(f"bad position: {exc}") from exc
    d = {
        "game": "wocable",
        "version": 1,
        "rules": rules.to_dict(),
        "lexicon": {"name": lex.name, "digest": lex.digest},
        "players": names,
        "board": board_rows(t, board),
        "racks": racks,
        "bag": "" if bag_f == "-" else bag_f,
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


_MOVE_LINE = re.compile(r"^>([^:\s]+):\s+(.*)$")


def from_gcg(text: str, *, rules: Rules | None = None, lexicon: Lexicon | None = None) -> Record[State]:
    """A replayable Record from a GCG file (2-4 players).

    Racks may be missing (write the move right after the name, e.g. ``>ann: 8G CAT +10 10``):
    the draws are then reconstructed so that every player holds the tiles they play, exchange
    and finish with. Rules come from ``rules``, else the ``#wocable-rules`` pragma, else the
    defaults; the lexicon from ``lexicon``, else the builtin one of the tile set. Scores and
    totals in the file are checked: InvalidStateError for an impossible game."""
    names: list[str] = []
    nicks: list[str] = []
    events: list[tuple[str, Any]] = []
    for lineno, raw in enumerate(text.splitlines(), 1):
        line = raw.strip()
        if not line:
            continue
        if line.startswith("#"):
            head, _, rest = line[1:].partition(" ")
            m = re.fullmatch(r"player([1-4])", head)
            if m:
                nick = rest.strip().partition(" ")[0]
                if int(m.group(1)) != len(names) + 1 or not nick:
                    raise InvalidStateError(f"line {lineno}: players must be listed in order")
                # moves name players by nickname, and full names need not be distinct:
                # the nickname is the player's name in the game
                nicks.append(nick)
                names.append(nick)
            elif head == "wocable-rules" and rules is None:
                try:
                    rules = Rules.from_dict(json.loads(rest))
                except ValueError as exc:
                    raise InvalidStateError(f"line {lineno}: bad rules pragma: {exc}") from exc
            elif head in ("resign", "timeout"):
                events.append((head, rest.strip()))
            continue
        m = _MOVE_LINE.match(line)
        if not m:
            raise InvalidStateError(f"line {lineno}: not a GCG line: {line!r}")
        events.append(("move", (lineno, m.group(1), m.group(2).split())))
    if not 2 <= len(names) <= 4:
        raise InvalidStateError(f"a GCG game needs 2-4 #player lines, got {len(names)}")
    if len(set(nicks)) != len(nicks):
        raise InvalidStateError("player nicknames must be distinct")
    rules = Rules() if rules is None else rules
    lex = default_lexicon(rules) if lexicon is None else lexicon
    try:
        state = new_game(names, rules=rules, lexicon=lex)
    except RulesError as exc:
        raise InvalidStateError(str(exc)) from exc
    t = state.tiles
    # parse turns: (player, rack or None, action, score, total) and end lines
    turns: list[tuple[int, Any, Any, int, int]] = []
    ends: list[tuple[int, tuple[int, ...], int, int]] = []
    for kind, payload in events:
        if kind in ("resign", "timeout"):
            if payload not in nicks:
                raise InvalidStateError(f"#{kind} names an unknown player {payload!r}")
            p = nicks.index(payload)
            turns.append((p, None, Resign(p) if kind == "resign" else Timeout(p), 0, -1))
            continue
        lineno, nick, fields = payload
        if nick not in nicks:
            raise InvalidStateError(f"line {lineno}: unknown player {nick!r}")
        p = nicks.index(nick)
        try:
            if fields and fields[0].startswith("(") and fields[0].endswith(")"):
                rack = t.parse_rack(fields[0][1:-1])
                ends.append((p, rack, int(fields[1]), int(fields[2])))
                continue
            rack_known: tuple[int, ...] | None = None
            if (
                len(fields) >= 4
                and not fields[0].startswith("-")
                and not re.match(r"^(\d+[A-Z]|[A-Z]\d+)$", fields[0])
            ):
                rack_known = t.parse_rack(fields[0])
                fields = fields[1:]
            if fields[0].startswith("-"):
                action = parse_action(fields[0])
                rest = fields[1:]
            else:
                action = parse_action(f"{fields[0]} {fields[1]}")
                rest = fields[2:]
            score, total = int(rest[0]), int(rest[1])
        except (ValueError, IndexError, ParseError) as exc:
            raise InvalidStateError(
                f"line {lineno}: cannot read {' '.join(fields)!r}: {exc}"
            ) from exc
        turns.append((p, rack_known, action, score, total))
    # the tiles each player needs, turn by turn (for racks that are not given)
    needs: list[list[list[int]]] = [[] for _ in names]
    need_at: list[list[int]] = [[] for _ in names]
    for k, (p, _, action, _, _) in enumerate(turns):
        need: list[int] = []
        if isinstance(action, Place):
            for tok in split_tokens(action.word):
                if tok == ".":
                    continue
                code = t.token_code.get(tok)
                if code is None:
                    raise InvalidStateError(f"unknown tile {tok!r} in {action}")
                need.append(t.blank if code & BLANK_BIT else code)
        elif isinstance(action, Exchange):
            try:
                need = list(t.parse_rack(action.tiles))
            except ValueError as exc:
                raise InvalidStateError(str(exc)) from exc
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
            others = [q for q in range(len(names)) if q != p]
            owner = others[0] if len(others) == 1 and others[0] not in own_end else None
        if owner is not None and rack:
            needs[owner].append(list(rack))
            need_at[owner].append(len(turns))

    def attempt(rng: random.Random | None) -> Record[State]:
        state = new_game(names, rules=rules, lexicon=lex)
        cursor = [0] * len(names)
        actions: list[Any] = []
        ti = 0

        def outstanding(st: State, q: int) -> tuple[Counter[int], dict[int, int]]:
            """Tiles q still has to receive, and when q first needs each of them."""
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
            if nxt is not None and turns[nxt][1] is not None:
                for x in sorted((Counter(turns[nxt][1]) - have).elements()):
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

        while True:
            while state.is_chance_node:
                dr = pick_draw(state)
                actions.append(dr)
                state = state.apply(dr)
            if ti >= len(turns):
                break
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
                raise InvalidStateError(f"turn {ti + 1}: illegal move {action}: {exc}") from exc
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
        initial = new_game(names, rules=rules, lexicon=lex)
        return Record(initial, tuple(actions))

    first_error: InvalidStateError | None = None
    for k in range(_ATTEMPTS):
        try:
            return attempt(None if k == 0 else random.Random(k))
        except InvalidStateError as exc:
            if first_error is None:
                first_error = exc
            # only a wrong guess of the unknown draws is worth another try
            if all(r is not None for _, r, _, _, _ in turns) or not any(
                sign in str(exc)
                for sign in ("tiles_not_on_rack", "cannot be reached", "final total")
            ):
                break
    assert first_error is not None
    raise first_error


def _draw(st: State, code: int) -> Draw:
    t = st.tiles
    return Draw("?" if code == t.blank else t.alphabet[code])
