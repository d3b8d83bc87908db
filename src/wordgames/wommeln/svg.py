"""SVG pictures of Wömmeln positions: one player's sheet with its lines, the category, the scores.

>>> from wordgames import wommeln
>>> from wordgames.wommeln.svg import svg
>>> svg(wommeln.new_game(2)).startswith("<svg")  # at the deal: blank sheets
True

A :class:`~wordgames.wommeln.State` is drawn as ``state.view(viewer)`` (a spectator's view by
default): during the search, other players' marks of the round are hidden in the view, so they
are not drawn either (the panel only says whether each player is done).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any, NamedTuple

from wordgames._core.svg import ACCENT, INK, LINE, MUTED, PANEL, Drawing, as_view, fit

if TYPE_CHECKING:
    from wordgames.wommeln.state import State, View

__all__ = ["svg"]

_PAD = 14
_COORD = 18
_PANEL_W = 300
_SHEET = "#ffffff"
_CROSSED = "#b9b2a4"
#: One colour per round's line (cycled).
_ROUND_COLORS = (
    "#2f6db5",
    "#d1495b",
    "#2a9d5c",
    "#8e5bbf",
    "#e08a1e",
    "#1b9aaa",
    "#b5651d",
    "#c2458f",
    "#5d7a1f",
    "#4b5bb8",
)
_CARD = {"turquoise": "#2aa5a0", "red": "#d2453b"}


def svg(
    obj: State | View,
    *,
    viewer: int | None = None,
    player: int | None = None,
    size: float | None = None,
) -> str:
    """An SVG picture of one sheet of a Wömmeln state or view.

    - ``viewer``: draw a state as this player sees it (``None``: a spectator); only for
      states.
    - ``player``: whose sheet to draw (default: the viewer's, a spectator sees player 0's).
    - ``size``: displayed width in pixels (default: one pixel per unit).

    The sheet shows circled letters, each round's connecting line in its own colour (diagonal
    steps included), crossed-out letters greyed and struck through, and this round's marks
    where the view shows them (loose circles not yet connected are dashed). The panel shows
    the category, the round, every player's word of the round (or whether they are done) and
    points, and the sheet owner's scoring column.
    """
    view = as_view(obj, viewer)
    players = tuple(view.players)
    if player is None:
        player = view.viewer if view.viewer is not None else 0
    if not (isinstance(player, int) and 0 <= player < len(players)):
        raise ValueError(f"no player {player!r}")
    if player < len(view.sheets):
        sheet: Any = view.sheets[player]
    else:  # the deal: this seat has no sheet yet, draw a blank one of the set's size
        size = int(view.rules.sheet_size)
        sheet = _Blank(size, size, " " * size * size, "not dealt yet")
    rows, cols = int(sheet.rows), int(sheet.cols)
    cell = max(14.0, min(32.0, 480 / max(rows, cols)))
    gx, gy = _PAD + _COORD, _PAD + 34 + _COORD
    results = tuple(view.results[player])
    entry = view.entries[player]
    rules = view.rules
    rounds = int(rules.num_rounds)
    panel_h = 150 + 22 * len(players) + 40 + 18 * rounds
    height = max(gy + rows * cell + _PAD, _PAD + panel_h + _PAD)
    width = gx + cols * cell + 16 + _PANEL_W + _PAD
    d = Drawing(width, height, title="Wömmeln")
    sheet_id = fit(str(sheet.id), 16)
    room = (gx + cols * cell - _PAD - 8 - 7.5 * len(sheet_id)) / 10.5 - 8  # bold 16: ~10 px
    owner = fit(str(players[player]), max(4, int(room)))
    d.text(_PAD, _PAD + 12, f"{owner}'s sheet", size=16, anchor="start", weight="bold")
    d.text(gx + cols * cell, _PAD + 12, sheet_id, size=12, anchor="end", fill=MUTED)
    _draw_sheet(d, view, player, sheet, results, entry, gx, gy, cell)
    _draw_panel(d, view, players, player, results, gx + cols * cell + 16, _PAD, rounds)
    return d.to_svg(size)


class _Blank(NamedTuple):
    rows: int
    cols: int
    letters: str
    id: str


def _draw_sheet(
    d: Drawing,
    view: Any,
    player: int,
    sheet: Any,
    results: Sequence[Any],
    entry: Any,
    gx: float,
    gy: float,
    cell: float,
) -> None:
    rows, cols = int(sheet.rows), int(sheet.cols)
    letters = str(sheet.letters)
    if isinstance(sheet, _Blank):
        used = circled = 0
    else:
        grid = view.grid(player)
        used, circled = int(grid.used), int(grid.circled)
    d.rect(gx, gy, cols * cell, rows * cell, fill=_SHEET, stroke=MUTED, stroke_width=1)
    for c in range(1, cols):
        d.line(gx + c * cell, gy, gx + c * cell, gy + rows * cell, stroke="#ece7dc")
    for r in range(1, rows):
        d.line(gx, gy + r * cell, gx + cols * cell, gy + r * cell, stroke="#ece7dc")
    small = max(8.0, cell * 0.32)
    for c in range(cols):
        d.text(gx + (c + 0.5) * cell, gy - _COORD / 2, chr(65 + c), size=small, fill=MUTED)
    for r in range(rows):
        d.text(gx - _COORD / 2, gy + (r + 0.5) * cell, str(r + 1), size=small, fill=MUTED)

    def centre(i: int) -> tuple[float, float]:
        r, c = divmod(i, cols)
        return gx + (c + 0.5) * cell, gy + (r + 0.5) * cell

    for i, ch in enumerate(letters):
        x, y = centre(i)
        crossed = (used >> i) & 1 and not (circled >> i) & 1
        d.text(
            x,
            y,
            ch,
            size=cell * 0.52,
            fill=_CROSSED if crossed else INK,
            weight=None if crossed else "bold",
        )
        if crossed:
            q = cell * 0.26
            d.line(x - q, y + q, x + q, y - q, stroke=_CROSSED, stroke_width=1.4)
    marks = [(k, r.kept) for k, r in enumerate(results) if getattr(r, "kept", None) is not None]
    if entry is not None and entry.marks.path:
        marks.append((len(results), entry.marks))
    for k, m in marks:
        with d.group(class_=f"round-{k + 1}"):
            _draw_marks(d, m, _ROUND_COLORS[k % len(_ROUND_COLORS)], cell, centre)


def _draw_marks(
    d: Drawing, m: Any, color: str, cell: float, centre: Callable[[int], tuple[float, float]]
) -> None:
    """One round's marks: the line through ``m.path`` and rings on circled cells."""
    path = tuple(m.path)
    pts = [centre(i) for i in path]
    if m.connected and len(pts) > 1:
        d.polyline(
            pts,
            stroke=color,
            stroke_width=max(2.0, cell * 0.12),
            stroke_linecap="round",
            stroke_linejoin="round",
            stroke_opacity=0.8,
        )
    rings = [path[j] for j in m.circles] if m.connected else list(path)
    for i in rings:
        x, y = centre(i)
        d.circle(
            x,
            y,
            cell * 0.4,
            fill="none",
            stroke=color,
            stroke_width=max(1.5, cell * 0.07),
            stroke_dasharray=None if m.connected else "3,2",
        )


def _winners(results: Sequence[Sequence[Any]]) -> list[int]:
    """The players placed first: most points, then the longest scored word (as the outcome
    ranks them)."""
    keys = [
        (sum(int(r.score) for r in rs), max((len(r.word) for r in rs if r.score > 0), default=0))
        for rs in results
    ]
    best = max(keys, default=(0, 0))
    return [p for p, k in enumerate(keys) if k == best]


def _wrap(text: str, limit: int) -> list[str]:
    """Words of ``text`` in lines of at most ``limit`` characters (long words cut)."""
    lines: list[str] = []
    line = ""
    for word in text.split():
        word = fit(word, limit)
        if line and len(line) + 1 + len(word) > limit:
            lines.append(line)
            line = word
        else:
            line = f"{line} {word}" if line else word
    if line:
        lines.append(line)
    return lines


def _round_text(view: Any, q: int) -> tuple[str, str]:
    """(word or state, points) of player ``q`` for the panel's round column."""
    phase = str(view.phase)
    if phase in ("search", "challenge", "review"):
        e = view.entries[q]
        done = tuple(getattr(view, "done", ()))
        if e is None:
            finished = q < len(done) and done[q]
            return ("done" if finished else "searching…"), ""
        if e.status == "passed":
            return "passed", ""
        word = str(e.marks.word) or "?"
        return (word if e.status == "placed" else f"({word})"), ""
    rs = view.results[q]
    if not rs:
        return "", ""
    last = rs[-1]
    return (str(last.word) or "—"), f"+{last.score}"


def _draw_panel(
    d: Drawing,
    view: Any,
    players: Sequence[Any],
    player: int,
    results: Sequence[Any],
    x: float,
    y: float,
    rounds: int,
) -> None:
    w = _PANEL_W
    rules = view.rules
    cat = view.category
    color = _CARD.get(str(rules.color), ACCENT)
    d.rect(x, y, w, 110, rx=10, fill=color if cat is not None else PANEL)
    rno = len(tuple(view.drawn))
    phase = str(view.phase)
    if phase == "over":
        head = f"{rno} rounds played"
    elif phase == "reveal":
        head = f"Round {rno + 1} of {rounds}"
    else:
        head = f"Round {rno} of {rounds}"
    ink = "#ffffff" if cat is not None else INK
    d.text(x + 14, y + 18, head, size=12, anchor="start", fill=ink)
    if cat is not None:
        d.text(x + w - 14, y + 18, str(cat.key), size=12, anchor="end", fill=ink)
        lines = _wrap(str(cat.text(str(rules.language))), 24)[:3]
        for i, line in enumerate(lines):
            d.text(x + 14, y + 46 + 20 * i, line, size=16, anchor="start", fill=ink, weight="bold")
    else:
        note = "Game over" if phase == "over" else "Next category to reveal"
        d.text(x + 14, y + 50, note, size=16, anchor="start", weight="bold")
        if phase == "over":
            won = _winners(view.results)
            names = " and ".join(fit(str(players[p]), 12) for p in won)
            d.text(
                x + 14,
                y + 78,
                f"{names} win{'s' if len(won) == 1 else ''}",
                size=15,
                anchor="start",
                weight="bold",
                fill=ACCENT,
            )
    status = {
        "search": "searching"
        + (
            ", countdown running"
            if view.timer == "running"
            else ", time is up"
            if view.timer == "up"
            else ""
        ),
        "challenge": "review: players may challenge words",
        "review": "review: players vote",
    }.get(phase, "")
    d.text(x, y + 128, status, size=12, anchor="start", fill=MUTED)
    y += 146
    d.text(x, y, "Player", size=11, anchor="start", fill=MUTED)
    d.text(
        x + 124,
        y,
        "This round" if phase in ("search", "challenge", "review") else "Last round",
        size=11,
        anchor="start",
        fill=MUTED,
    )
    d.text(x + w, y, "Points", size=11, anchor="end", fill=MUTED)
    d.line(x, y + 9, x + w, y + 9, stroke=LINE)
    scores = [sum(int(r.score) for r in rs) for rs in view.results]
    to_act = view.players_to_act
    for q, name in enumerate(players):
        y += 22
        if q == player:
            d.rect(x - 4, y - 10, w + 8, 21, rx=4, fill=PANEL)
        if q in to_act:
            d.circle(x + 3, y, 3.5, fill=ACCENT)
        label = fit(str(name), 9) + " (you)" if q == view.viewer else fit(str(name), 14)
        d.text(x + 12, y, label, size=12, anchor="start", weight="bold" if q == player else None)
        word, pts = _round_text(view, q)
        d.text(
            x + 124,
            y,
            fit(word, 14),
            size=12,
            anchor="start",
            fill=INK if pts or word.isupper() else MUTED,
        )
        d.text(x + w - 34, y, pts, size=11, anchor="end", fill=MUTED)
        d.text(x + w, y, str(scores[q]), size=13, anchor="end", weight="bold")
    y += 34
    d.text(x, y, f"{fit(str(players[player]), 18)}'s words", size=11, anchor="start", fill=MUTED)
    d.line(x, y + 9, x + w, y + 9, stroke=LINE)
    for k in range(rounds):
        y += 18
        d.text(x + 16, y, str(k + 1), size=11, anchor="end", fill=MUTED)
        if k < len(results):
            r = results[k]
            color = _ROUND_COLORS[k % len(_ROUND_COLORS)]
            d.rect(x + 22, y - 5, 10, 10, rx=2, fill=color if r.kept is not None else LINE)
            d.text(x + 40, y, fit(str(r.word) or "—", 20), size=12, anchor="start")
            d.text(x + w, y, str(r.score), size=12, anchor="end")
