"""SVG pictures of Wocable positions: the board, the racks the viewer may see, scores, the bag.

>>> from wordgames import wocable
>>> from wordgames.wocable.svg import svg
>>> svg(wocable.new_game(players=2)).startswith("<svg")
True

A :class:`~wordgames.wocable.State` is drawn as ``state.view(viewer)`` (a spectator's view by
default), so a picture never shows more than the view it is drawn from: the viewer's own rack
face up, every other rack as face-down tiles.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from wordgames._core.svg import ACCENT, HIGHLIGHT, INK, LINE, MUTED, PANEL, Drawing, as_view, fit
from wordgames.wocable._phase import Phase
from wordgames.wocable.actions import Place, parse_action, split_tokens
from wordgames.wocable.engine import BLANK_BIT, LETTER, Tiles, tiles_for

if TYPE_CHECKING:
    from wordgames.wocable.actions import Action
    from wordgames.wocable.state import State, View

__all__ = ["svg"]

_SQUARE = 34
_PAD = 12
_COORD = 18
_ROW = 44
_RACK_TILE = 32

_BOARD = "#e8e2d0"
_GRID = "#fbf9f4"
# premium squares: word x3, word x2, letter x3, letter x2 (fill, label colour)
_PREMIUM = {
    ("W", 3): ("#cf4b3e", "#ffffff"),
    ("W", 2): ("#f2b1a5", "#7d2a20"),
    ("L", 3): ("#3f7fc4", "#ffffff"),
    ("L", 2): ("#aacbea", "#1f4a78"),
}
_TILE = "#f4d9a0"
_TILE_EDGE = "#b08a4c"
_BLANK_INK = "#b8322a"
_BACK = "#8a6a3a"


def svg(
    obj: State | View,
    *,
    viewer: int | None = None,
    last_move: Action | str | None = None,
    size: float | None = None,
) -> str:
    """An SVG picture of a Wocable state or view.

    - ``viewer``: draw a state as this player sees it (``None``: a spectator, who sees no
      rack); only for states: a view is drawn as it is.
    - ``last_move``: a :class:`~wordgames.wocable.Place` (or its notation, e.g. ``"8H CAT"``)
      whose new tiles are highlighted.
    - ``size``: displayed width in pixels (default: one pixel per unit).

    Shows the premium squares, the tiles with their values (blanks in red, without a value),
    each player's score and rack (face up only for the view's own player), whose turn it is,
    the bag's size and, at the end, why the game ended.
    """
    view = as_view(obj, viewer)
    tiles = tiles_for(view.rules, view.lexicon)
    n = tiles.size
    board_px = n * _SQUARE
    x0 = y0 = _PAD + _COORD
    players = tuple(view.players)
    height = y0 + board_px + 14 + _ROW * len(players) + 34 + _PAD
    width = x0 + board_px + _PAD
    d = Drawing(width, height, title="Wocable")
    _draw_board(d, view, tiles, x0, y0, _new_squares(last_move, n))
    y = y0 + board_px + 14
    for p in range(len(players)):
        _draw_player(d, view, tiles, p, x0, y, board_px)
        y += _ROW
    _draw_footer(d, view, x0, y + 4, board_px)
    return d.to_svg(size)


def _new_squares(last_move: Action | str | None, n: int) -> frozenset[int]:
    """Squares that ``last_move`` filled (tokens other than ``.``)."""
    move = parse_action(last_move) if isinstance(last_move, str) else last_move
    if not isinstance(move, Place):
        return frozenset()
    out = set()
    for i, tok in enumerate(split_tokens(move.word)):
        r, c = (move.row, move.col + i) if move.across else (move.row + i, move.col)
        if tok != "." and 0 <= r < n and 0 <= c < n:
            out.add(r * n + c)
    return frozenset(out)


def _draw_board(
    d: Drawing, view: Any, tiles: Tiles, x0: float, y0: float, new: frozenset[int]
) -> None:
    n = tiles.size
    board_px = n * _SQUARE
    d.rect(x0 - 2, y0 - 2, board_px + 4, board_px + 4, fill=_GRID, stroke=MUTED, stroke_width=1)
    for c in range(n):
        d.text(x0 + (c + 0.5) * _SQUARE, y0 - _COORD / 2 - 2, chr(65 + c), size=10, fill=MUTED)
    for r in range(n):
        d.text(x0 - _COORD / 2 - 2, y0 + (r + 0.5) * _SQUARE, str(r + 1), size=10, fill=MUTED)
    board = view.board
    for sq in range(n * n):
        r, c = divmod(sq, n)
        x, y = x0 + c * _SQUARE, y0 + r * _SQUARE
        v = board[sq]
        if v >= 0:
            blank = bool(v & BLANK_BIT)
            letter = tiles.alphabet[v & LETTER]
            value = None if blank else tiles.values[v & LETTER]
            with d.group(class_="tile new" if sq in new else "tile"):
                _tile(d, x + 1, y + 1, _SQUARE - 2, letter, value, blank=blank, new=sq in new)
            continue
        wm, lm = tiles.word_mult[sq], tiles.letter_mult[sq]
        kind = ("W", wm) if wm > 1 else ("L", lm) if lm > 1 else None
        fill, ink = _PREMIUM.get(kind, (_BOARD, INK)) if kind else (_BOARD, INK)
        d.rect(x + 1, y + 1, _SQUARE - 2, _SQUARE - 2, fill=fill)
        if sq == tiles.centre:
            d.star(x + _SQUARE / 2, y + _SQUARE / 2, _SQUARE * 0.3, fill=ink if kind else MUTED)
        elif kind:
            d.text(x + _SQUARE / 2, y + _SQUARE / 2, f"{kind[1]}{kind[0]}", size=10, fill=ink)


def _tile(
    d: Drawing,
    x: float,
    y: float,
    s: float,
    letter: str | None,
    value: int | None,
    *,
    blank: bool = False,
    new: bool = False,
) -> None:
    """A tile at (x, y) of side ``s``: ``letter`` None is a blank on a rack (no letter)."""
    d.rect(
        x,
        y,
        s,
        s,
        rx=s * 0.12,
        fill=HIGHLIGHT if new else _TILE,
        stroke=ACCENT if new else _TILE_EDGE,
        stroke_width=2 if new else 1,
    )
    if blank and letter is not None:  # a blank played as a letter: a dashed inner ring
        d.rect(
            x + 3,
            y + 3,
            s - 6,
            s - 6,
            rx=s * 0.1,
            stroke=_BLANK_INK,
            stroke_width=0.8,
            stroke_dasharray="2,2",
        )
    if letter is None:
        return
    big = s * (0.56 if len(letter) == 1 else 0.4)
    d.text(
        x + s * (0.46 if value is not None else 0.5),
        y + s * 0.47,
        letter,
        size=big,
        fill=_BLANK_INK if blank else INK,
        weight="bold",
    )
    if value is not None:
        d.text(x + s - 3, y + s - s * 0.16, str(value), size=s * 0.25, anchor="end", fill=INK)


def _draw_player(
    d: Drawing, view: Any, tiles: Tiles, p: int, x0: float, y: float, width: float
) -> None:
    to_act = view.current_player == p
    departed = p in view.departed
    d.rect(
        x0 - 2,
        y,
        width + 4,
        _ROW - 6,
        rx=6,
        fill=PANEL,
        stroke=ACCENT if to_act else None,
        stroke_width=2 if to_act else None,
    )
    mid = y + (_ROW - 6) / 2
    if to_act:
        d.circle(x0 + 10, mid, 5, fill=ACCENT)
    name = fit(str(view.players[p]), 16)
    if p == view.viewer:
        name += " (you)"
    ny = mid - 6 if departed else mid
    d.text(
        x0 + 22, ny, name, size=14, anchor="start", fill=MUTED if departed else INK, weight="bold"
    )
    if departed:
        d.text(x0 + 22, mid + 9, "left the game", size=10, anchor="start", fill=MUTED)
    rack_x = x0 + width - 7 * (_RACK_TILE + 3) - 4
    d.text(rack_x - 14, mid, str(view.scores[p]), size=18, anchor="end", weight="bold")
    rack = view.rack if p == view.viewer else None
    ty = mid - _RACK_TILE / 2
    if rack is not None:
        for i, t in enumerate(rack):
            tx = rack_x + i * (_RACK_TILE + 3)
            with d.group(class_="rack"):
                if t == tiles.blank:
                    _tile(d, tx, ty, _RACK_TILE, None, None, blank=True)
                else:
                    _tile(d, tx, ty, _RACK_TILE, tiles.alphabet[t], tiles.values[t])
    else:
        for i in range(view.rack_sizes[p]):
            tx = rack_x + i * (_RACK_TILE + 3)
            d.rect(
                tx, ty, _RACK_TILE, _RACK_TILE, rx=4, fill=_BACK, stroke=_TILE_EDGE, class_="back"
            )


def _draw_footer(d: Drawing, view: Any, x0: float, y: float, width: float) -> None:
    mid = y + 12
    bag = view.bag_size
    d.text(x0, mid, f"Bag: {bag} tile{'' if bag == 1 else 's'}", size=13, anchor="start")
    phase = view.phase
    reason = view.end_reason
    fill = MUTED
    if phase == Phase.OVER:
        won = _winners(view)
        names = " and ".join(fit(str(view.players[p]), 16) for p in won)
        status = f"{names} win{'s' if len(won) == 1 else ''}" if won else "Game over"
        if reason:
            status += f" ({str(reason).replace('_', ' ')})"
        fill = ACCENT
    elif phase in (Phase.DEAL, Phase.DRAW):
        status = "Drawing tiles"
    else:
        status = ""
    d.text(x0 + width, mid, status, size=13, anchor="end", fill=fill, weight="bold")
    d.line(x0, y - 2, x0 + width, y - 2, stroke=LINE)


def _winners(view: Any) -> list[int]:
    """The players placed first at the end: the highest score among those who did not leave
    (as the outcome ranks them)."""
    gone = set(view.departed)
    active = [p for p in range(len(view.players)) if p not in gone]
    best = max((view.scores[p] for p in active), default=None)
    return [p for p in active if view.scores[p] == best]
