"""The picture of an analysis: the players' scores over the decisions, mistakes marked by
grade, and each decision's loss below."""

from __future__ import annotations

import math

from wordgames._core.svg import FONT, INK, LINE, MUTED, PANEL, Drawing, fit, num
from wordgames.analysis._model import Analysis

__all__ = ["GRADE_COLOURS", "PLAYER_COLOURS", "svg"]

PLAYER_COLOURS = ("#2f6db3", "#c2410c", "#3f8f3a", "#7c3aed", "#a16207", "#0e7490")
"""The line of each player (repeating after six)."""
GRADE_COLOURS = {"small": "#f2c94c", "medium": "#f2994a", "large": "#d62828"}
"""The marks of mistakes by grade."""
_RADIUS = {"small": 3.5, "medium": 5.0, "large": 7.0}

_NAMES = {
    "regenwormen": "Regenwormen",
    "wocable": "Wocable",
    "wommeln": "Wömmeln",
    "wordmeld": "WordMeld",
}
_W, _H = 760.0, 420.0
_LEFT, _RIGHT = 56.0, 20.0
_TOP = 58.0
_SCORES_H = 190.0
_GAP = 34.0
_LOSS_H = 90.0


def _ticks(lo: float, hi: float, count: int = 4) -> list[float]:
    """About ``count`` round values spanning ``lo..hi``."""
    span = hi - lo
    if span <= 0:
        return [lo]
    raw = span / count
    mag = 10.0 ** math.floor(math.log10(raw))
    step = next((m * mag for m in (1, 2, 2.5, 5, 10) if m * mag >= raw), raw)
    start = (lo // step) * step
    out = []
    v = start
    while v <= hi + 1e-9:
        if v >= lo - 1e-9:
            out.append(round(v, 6))
        v += step
    return out


def _label(v: float) -> str:
    return num(round(v, 2))


def svg(analysis: Analysis, *, size: float | None = None) -> str:
    """An SVG picture of ``analysis`` (an :class:`~wordgames.analysis.Analysis`): above, one
    line per player of their score after each decision analysed, the mistakes marked on the
    mover's line by a dot sized and coloured by grade; below, each decision's loss as a bar
    in the mover's colour (in the analysis's unit); a legend of players and grades.
    ``size``: the displayed width in pixels (see :meth:`Drawing.to_svg`)."""
    turns = analysis.turns
    players = analysis.players
    title = f"{_NAMES.get(analysis.game, analysis.game)} analysis: " + " vs ".join(players)
    d = Drawing(_W, _H, title=title)
    d.text(_LEFT, 20, fit(title, 80), size=15, anchor="start", weight="bold")
    plot_w = _W - _LEFT - _RIGHT
    n = len(turns)

    def x_of(i: float) -> float:
        return _LEFT + (plot_w * (i + 0.5) / n if n else plot_w / 2)

    # legend: players, then grades
    lx = _LEFT
    for p, name in enumerate(players):
        colour = PLAYER_COLOURS[p % len(PLAYER_COLOURS)]
        s = analysis.summaries[p]
        d.line(lx, 40, lx + 18, 40, stroke=colour, stroke_width=3)
        text = f"{fit(name, 18)} (loss {_label(s.total_loss)}, {_label(s.accuracy)}% best)"
        d.text(lx + 24, 40, text, size=11, anchor="start")
        lx += 30 + 6.4 * len(text)
    gx = _W - _RIGHT - 200
    for grade in ("small", "medium", "large"):
        d.circle(
            gx + 6, 40, _RADIUS[grade], fill=GRADE_COLOURS[grade], stroke=INK, stroke_width=0.6
        )
        d.text(gx + 15, 40, grade, size=11, anchor="start", fill=MUTED)
        gx += 26 + 6.5 * len(grade)

    # the scores panel
    top, bottom = _TOP, _TOP + _SCORES_H
    d.rect(_LEFT, top, plot_w, _SCORES_H, fill=PANEL)
    scores = [t.scores for t in turns if t.scores]
    values = [v for s in scores for v in s] or [0]
    lo, hi = min(0, min(values)), max(values)
    if hi <= lo:
        hi = lo + 1

    def y_of(v: float) -> float:
        return bottom - (v - lo) / (hi - lo) * (_SCORES_H - 12)

    for v in _ticks(lo, hi):
        y = y_of(v)
        d.line(_LEFT, y, _LEFT + plot_w, y, stroke=LINE, stroke_width=0.7)
        d.text(_LEFT - 6, y, _label(v), size=10, anchor="end", fill=MUTED)
    d.text(
        14,
        (top + bottom) / 2,
        "score",
        size=11,
        fill=MUTED,
        transform=f"rotate(-90 14 {num((top + bottom) / 2)})",
    )
    for p in range(len(players)):
        pts = [(x_of(i), y_of(t.scores[p])) for i, t in enumerate(turns) if len(t.scores) > p]
        if pts:
            d.polyline(pts, stroke=PLAYER_COLOURS[p % len(PLAYER_COLOURS)], stroke_width=2)
    for i, t in enumerate(turns):
        if t.grade == "none" or len(t.scores) <= t.player:
            continue
        d.circle(
            x_of(i),
            y_of(t.scores[t.player]),
            _RADIUS[t.grade],
            fill=GRADE_COLOURS[t.grade],
            stroke=INK,
            stroke_width=0.6,
        )

    # the loss panel
    ltop = bottom + _GAP
    lbottom = ltop + _LOSS_H
    d.rect(_LEFT, ltop, plot_w, _LOSS_H, fill=PANEL)
    worst = max((t.loss for t in turns), default=0.0) or 1.0
    d.text(
        _LEFT, ltop - 9, f"loss per decision ({analysis.unit})", size=11, anchor="start", fill=MUTED
    )
    for v in _ticks(0, worst, 2):
        y = lbottom - v / worst * (_LOSS_H - 8)
        d.line(_LEFT, y, _LEFT + plot_w, y, stroke=LINE, stroke_width=0.7)
        d.text(_LEFT - 6, y, _label(v), size=10, anchor="end", fill=MUTED)
    bar = max(1.0, min(14.0, plot_w / max(n, 1) * 0.7))
    other = [i for i, t in enumerate(turns) if t.loss <= 0 and t.grade != "none"]
    if other:  # graded on another measure (Wömmeln's letters, a WordMeld win)
        d.text(
            _LEFT + plot_w,
            ltop - 9,
            "dots: graded on another measure (see the table)",
            size=10,
            anchor="end",
            fill=MUTED,
        )
    for i in other:
        t = turns[i]
        d.circle(
            x_of(i), lbottom - 6, 3.5, fill=GRADE_COLOURS[t.grade], stroke=INK, stroke_width=0.4
        )
    for i, t in enumerate(turns):
        if t.loss <= 0:
            continue
        h = t.loss / worst * (_LOSS_H - 8)
        d.rect(
            x_of(i) - bar / 2,
            lbottom - h,
            bar,
            h,
            fill=PLAYER_COLOURS[t.player % len(PLAYER_COLOURS)],
            stroke=GRADE_COLOURS.get(t.grade),
            stroke_width=1.2 if t.grade != "none" else None,
        )
    # x axis: decision numbers
    for v in _ticks(1, max(n, 1), 8):
        i = int(v) - 1
        if 0 <= i < n:
            d.text(x_of(i), lbottom + 12, str(i + 1), size=10, fill=MUTED)
    d.text(_LEFT + plot_w / 2, lbottom + 28, "decision", size=11, fill=MUTED, font=FONT)
    if not n:
        d.text(_LEFT + plot_w / 2, (top + bottom) / 2, "no decision analysed", size=13, fill=MUTED)
    return d.to_svg(size)
