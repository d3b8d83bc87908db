"""SVG pictures of Regenwormen positions: the grill, every stack, the dice set aside, the roll.

>>> from wordgames import regenwormen as rw
>>> from wordgames.regenwormen.svg import svg
>>> svg(rw.new_game(players=3)).startswith("<svg")
True

Regenwormen hides nothing, so the picture of a state and of any view of it agree, except that
a view marks its own player.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from wordgames._core.svg import ACCENT, INK, LINE, MUTED, PANEL, Drawing, as_view, fit

if TYPE_CHECKING:
    from wordgames.regenwormen.state import State
    from wordgames.regenwormen.view import View

__all__ = ["svg"]

_TILES = tuple(range(21, 37))
_FACE_POINTS = (1, 2, 3, 4, 5, 5)
_PAD = 14
_TILE_W, _TILE_H, _GAP = 42, 66, 5
_DIE = 30
_ROW = 58

_TILE_FILL = "#f6ecd4"
_TILE_EDGE = "#a3875a"
_FACE_DOWN = "#6e5232"
_WORM = "#c0473a"


def svg(obj: State | View, *, viewer: int | None = None, size: float | None = None) -> str:
    """An SVG picture of a Regenwormen state or view.

    - ``viewer``: draw a state as this player's view (only marks the player as "you");
      only for states.
    - ``size``: displayed width in pixels (default: one pixel per unit).

    Shows the grill (face-up tiles with their worms, face-down tiles face down, empty slots
    for tiles taken), the turn (the dice set aside, their total, the current roll), and every
    player's stack (the top tile, the one that can be stolen, at the right) and worms.
    """
    view = as_view(obj, viewer)
    grill = tuple(_get(view, "grill"))
    flipped = tuple(_get(view, "flipped"))
    stacks = tuple(tuple(s) for s in _get(view, "stacks"))
    players = tuple(_get(view, "players"))
    width = _PAD * 2 + 16 * (_TILE_W + _GAP) - _GAP
    height = _PAD + _TILE_H + 16 + 118 + _ROW * len(players) + _PAD
    d = Drawing(width, height, title="Regenwormen")
    for i, t in enumerate(_TILES):
        x = _PAD + i * (_TILE_W + _GAP)
        if t in grill:
            _tile(d, x, _PAD, t, _TILE_W, _TILE_H)
        elif t in flipped:
            _face_down(d, x, _PAD, _TILE_W, _TILE_H)
        else:
            d.rect(
                x + 1, _PAD + 1, _TILE_W - 2, _TILE_H - 2, rx=6, stroke=LINE, stroke_dasharray="4,3"
            )
            d.text(x + _TILE_W / 2, _PAD + _TILE_H / 2, str(t), size=13, fill=LINE)
    y = _PAD + _TILE_H + 16
    _draw_turn(d, view, players, _PAD, y, width - 2 * _PAD)
    y += 118
    turn = _turn(view)
    scores = [sum(_worms(t) for t in s) for s in stacks]
    for p, name in enumerate(players):
        _draw_player(d, p, str(name), stacks[p], scores[p], p == turn, p == view.viewer, y, width)
        y += _ROW
    return d.to_svg(size)


def _get(view: Any, name: str) -> Any:
    """A field of the state the view carries (Regenwormen hides nothing)."""
    return getattr(view.state, name)


def _phase(view: Any) -> str:
    return str(view.state.phase)


def _turn(view: Any) -> int | None:
    return None if _phase(view) == "over" else int(_get(view, "turn"))


def _worms(tile: int) -> int:
    return (tile - 17) // 4


def _worm(d: Drawing, cx: float, cy: float, length: float, width: float = 3.0) -> None:
    """A little worm: a wavy stroke centred on (cx, cy)."""
    h = length / 4
    a = length * 0.18
    d.path(
        f"M{cx - 2 * h:.2f},{cy:.2f} q{h / 2:.2f},{-a:.2f} {h:.2f},0 t{h:.2f},0 t{h:.2f},0 "
        f"t{h:.2f},0",
        fill="none",
        stroke=_WORM,
        stroke_width=width,
        stroke_linecap="round",
    )
    d.circle(cx + 2 * h, cy, width * 0.75, fill=_WORM)


def _tile(d: Drawing, x: float, y: float, t: int, w: float, h: float) -> None:
    d.rect(x, y, w, h, rx=w * 0.14, fill=_TILE_FILL, stroke=_TILE_EDGE, stroke_width=1.2)
    d.text(x + w / 2, y + h * 0.22, str(t), size=w * 0.42, weight="bold")
    d.line(x + 5, y + h * 0.42, x + w - 5, y + h * 0.42, stroke=_TILE_EDGE, stroke_width=0.8)
    n = _worms(t)
    top, bottom = y + h * 0.42, y + h - 3
    step = (bottom - top) / n
    for i in range(n):
        _worm(d, x + w / 2, top + step * (i + 0.5), w * 0.5, width=max(1.5, w / 16))


def _face_down(d: Drawing, x: float, y: float, w: float, h: float) -> None:
    d.rect(x, y, w, h, rx=w * 0.14, fill=_FACE_DOWN, stroke="#4a361f", stroke_width=1.2)
    d.rect(x + 4, y + 4, w - 8, h - 8, rx=w * 0.1, stroke="#8c6c46", stroke_width=1)


def _die(
    d: Drawing, x: float, y: float, face: int, *, s: float = _DIE, fresh: bool = False
) -> None:
    """A die showing ``face`` (6 = the worm); ``fresh``: part of the current roll."""
    d.rect(
        x,
        y,
        s,
        s,
        rx=s * 0.18,
        fill="#ffffff",
        stroke=ACCENT if fresh else INK,
        stroke_width=2 if fresh else 1.2,
    )
    if face == 6:
        _worm(d, x + s / 2, y + s / 2, s * 0.62, width=s / 10)
        return
    q = s / 4
    pips = {
        1: ((2, 2),),
        2: ((1, 1), (3, 3)),
        3: ((1, 1), (2, 2), (3, 3)),
        4: ((1, 1), (3, 1), (1, 3), (3, 3)),
        5: ((1, 1), (3, 1), (2, 2), (1, 3), (3, 3)),
    }[face]
    for px, py in pips:
        d.circle(x + px * q, y + py * q, s * 0.085, fill=INK)


def _dice(
    d: Drawing,
    x: float,
    y: float,
    counts: Sequence[int],
    *,
    fresh: bool = False,
    taken: Sequence[int] = (),
) -> float:
    """Dice by face counts (faces 1-5, worm), left to right; returns the x after them.
    Faces with a count in ``taken`` (values already set aside) are drawn faded."""
    for f, k in enumerate(counts):
        faded = f < len(taken) and taken[f] > 0
        for _ in range(k):
            with d.group(opacity=0.35 if faded else None, class_="die"):
                _die(d, x, y, f + 1, fresh=fresh and not faded)
            x += _DIE + 5
    return x


def _winners(stacks: Sequence[Sequence[int]]) -> list[int]:
    """The players ranked first: most worms, then the highest tile (as the outcome ranks)."""
    keys = [(sum(_worms(t) for t in s), max(s, default=0)) for s in stacks]
    best = max(keys, default=(0, 0))
    return [p for p, k in enumerate(keys) if k == best]


def _draw_turn(d: Drawing, view: Any, players: Sequence[Any], x: float, y: float, w: float) -> None:
    phase = _phase(view)
    d.rect(x, y, w, 106, rx=8, fill=PANEL)
    if phase == "over":
        won = _winners([tuple(s) for s in _get(view, "stacks")])
        names = " and ".join(fit(str(players[p]), 20) for p in won)
        d.text(x + 14, y + 22, "Game over", size=15, anchor="start", weight="bold")
        d.text(
            x + 14,
            y + 55,
            f"{names} win{'s' if len(won) == 1 else ''}",
            size=20,
            anchor="start",
            weight="bold",
            fill=ACCENT,
        )
        d.text(x + 14, y + 88, "the grill is empty", size=12, anchor="start", fill=MUTED)
        return
    kept = tuple(_get(view, "kept"))
    roll = tuple(_get(view, "roll") or ())
    turn = int(_get(view, "turn"))
    left = 8 - sum(kept)
    what = {
        "roll": "to roll",
        "set_aside": "sets a value aside",
        "decide": "rerolls or stops" if left else "stops",
    }.get(phase, phase)
    d.circle(x + 20, y + 20, 5, fill=ACCENT)
    d.text(
        x + 32,
        y + 20,
        f"{fit(str(players[turn]), 20)} {what}",
        size=15,
        anchor="start",
        weight="bold",
    )
    total = sum(k * p for k, p in zip(kept, _FACE_POINTS, strict=False))
    worm = "" if len(kept) < 6 or kept[5] else ", no worm yet"
    d.text(x + w - 14, y + 20, f"total {total}{worm}", size=14, anchor="end", fill=MUTED)
    d.text(x + 14, y + 55, "Set aside", size=12, anchor="start", fill=MUTED)
    d.text(x + 14, y + 89, "Roll", size=12, anchor="start", fill=MUTED)
    dx = x + 92
    if sum(kept):
        _dice(d, dx, y + 40, kept)
    else:
        d.text(dx, y + 55, "nothing yet", size=12, anchor="start", fill=MUTED)
    if roll and sum(roll):
        _dice(d, dx, y + 74, roll, fresh=True, taken=kept)
    else:
        note = f"{left} dice to roll" if phase == "roll" else "—"
        d.text(dx, y + 89, note, size=12, anchor="start", fill=MUTED)


def _draw_player(
    d: Drawing,
    p: int,
    name: str,
    stack: Sequence[int],
    score: int,
    to_act: bool,
    is_viewer: bool,
    y: float,
    width: float,
) -> None:
    x = _PAD
    w = width - 2 * _PAD
    d.rect(
        x,
        y,
        w,
        _ROW - 6,
        rx=6,
        fill=PANEL,
        stroke=ACCENT if to_act else None,
        stroke_width=2 if to_act else None,
    )
    mid = y + (_ROW - 6) / 2
    if to_act:
        d.circle(x + 12, mid, 5, fill=ACCENT)
    label = fit(name, 18) + (" (you)" if is_viewer else "")
    d.text(x + 24, mid, label, size=14, anchor="start", weight="bold")
    d.text(x + 250, mid, str(score), size=18, anchor="end", weight="bold")
    _worm(d, x + 270, mid, 18, width=3)
    sw, sh = 30, 44
    sx = x + 300
    step = min(sw + 5.0, (w - 300 - sw - 8) / max(1, len(stack) - 1)) if len(stack) > 1 else 0.0
    top = mid - sh / 2
    for i, t in enumerate(stack):
        _tile(d, sx + i * step, top, t, sw, sh)
    if not stack:
        d.text(sx, mid, "no tiles", size=12, anchor="start", fill=MUTED)
