"""SVG pictures of WordMeld positions: the table's words, the viewer's hand, the piles.

>>> from wordgames import wordmeld
>>> from wordgames.wordmeld.svg import svg
>>> svg(wordmeld.new_game(players=2)).startswith("<svg")
True

A :class:`~wordgames.wordmeld.State` is drawn as ``state.view(viewer)`` (a spectator's view by
default): other players' hands appear as card backs, the draw pile as its size, the discard
pile as its top card and size.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from wordgames._core.svg import ACCENT, INK, LINE, MUTED, PANEL, Drawing, as_view, fit

if TYPE_CHECKING:
    from wordgames.wordmeld.state import State
    from wordgames.wordmeld.view import View

__all__ = ["svg"]

_W = 760
_PAD = 14
_CARD = "#ffffff"
_CARD_EDGE = "#9b968a"
_JOKER = "#fbe3a6"
_JOKER_EDGE = "#c99a2e"
_BACK = "#34568b"
_JOKER_TEXT = "*"
_TABLE = "#e6efe6"


def svg(obj: State | View, *, viewer: int | None = None, size: float | None = None) -> str:
    """An SVG picture of a WordMeld state or view.

    - ``viewer``: draw a state as this player sees it (``None``: a spectator, who sees no
      hand); only for states.
    - ``size``: displayed width in pixels (default: one pixel per unit).

    Shows every player's hand size (card backs) and whether they have melded, the words on
    the table (jokers gold, with a star, showing the letter they stand for), the draw pile's
    size, the discard pile's top card and size, and the viewer's hand (the card just drawn
    outlined).
    """
    view = as_view(obj, viewer)
    letters = tuple(view.setup.deck.card_letters)
    joker_letters = {int(c): str(s) for c, s in view.table_letters}
    players = tuple(view.players)
    table = [tuple(w) for w in view.table]
    rows = _flow(table, _W - 2 * _PAD - 150, 30, 14)
    table_h = max(1, len(rows)) * 48 + 36
    hand = view.hand
    height = _PAD + 34 + 30 * len(players) + 10 + table_h + 16 + (96 if hand is not None else 0)
    d = Drawing(_W, height, title="WordMeld")
    over = str(view.phase) == "over"
    d.text(
        _PAD,
        _PAD + 10,
        _status(view, players),
        size=16,
        anchor="start",
        weight="bold",
        fill=ACCENT if over else INK,
    )
    y = _draw_players(d, view, players, _PAD + 34)
    y += 10
    d.rect(_PAD, y, _W - 2 * _PAD, table_h, rx=10, fill=_TABLE)
    d.text(
        _PAD + 12,
        y + 16,
        f"Table: {len(table)} word{'' if len(table) == 1 else 's'}",
        size=12,
        anchor="start",
        fill=MUTED,
    )
    ty = y + 32
    for row in rows:
        tx = _PAD + 12
        for k in row:
            for c in table[k]:
                with d.group(class_="table"):
                    _card(d, tx, ty, 28, 40, letters, c, joker_letters.get(c))
                tx += 30
            tx += 14
        ty += 48
    if not table:
        d.text(_PAD + 12, ty + 20, "no words yet", size=13, anchor="start", fill=MUTED)
    _draw_piles(d, view, letters, _W - _PAD - 140, y + 28)
    y += table_h + 16
    if hand is not None:
        drawn = getattr(view, "drawn", None)
        label = f"Your hand: {len(hand)} card{'' if len(hand) == 1 else 's'}"
        d.text(_PAD, y + 8, label, size=12, anchor="start", fill=MUTED)
        step = min(38.0, (_W - 2 * _PAD - 36) / max(1, len(hand) - 1)) if len(hand) > 1 else 0
        for i, c in enumerate(hand):
            with d.group(class_="hand"):
                _card(d, _PAD + i * step, y + 22, 36, 50, letters, c, None, mark=c == drawn)
        y += 96
    return d.to_svg(size)


def _flow(words: Sequence[Sequence[int]], width: float, card: float, gap: float) -> list[list[int]]:
    """Word indices laid out in rows no wider than ``width`` (a longer word gets its own row)."""
    rows: list[list[int]] = []
    used = width + 1
    for k, w in enumerate(words):
        need = len(w) * card
        if not rows or used + gap + need > width:
            rows.append([k])
            used = need
        else:
            rows[-1].append(k)
            used += gap + need
    return rows


def _card(
    d: Drawing,
    x: float,
    y: float,
    w: float,
    h: float,
    letters: Sequence[str],
    card: int,
    stands_for: str | None,
    *,
    mark: bool = False,
) -> None:
    """A face-up card; a joker is gold with a star and, on the table, its chosen letter."""
    joker = 0 <= card < len(letters) and letters[card] == _JOKER_TEXT
    letter = letters[card] if 0 <= card < len(letters) else "?"
    edge = ACCENT if mark else _JOKER_EDGE if joker else _CARD_EDGE
    d.rect(
        x,
        y,
        w,
        h,
        rx=w * 0.14,
        fill=_JOKER if joker else _CARD,
        stroke=edge,
        stroke_width=2.2 if mark else 1,
    )
    if joker:
        d.star(x + w - w * 0.22, y + w * 0.22, w * 0.16, fill=_JOKER_EDGE)
        if stands_for is None:
            d.star(x + w / 2, y + h / 2, w * 0.3, fill=_JOKER_EDGE)
            return
        letter = stands_for
    d.text(
        x + w / 2,
        y + h / 2 + 1,
        fit(letter, 2),
        size=w * 0.6,
        weight="bold",
        fill="#7a5a12" if joker else INK,
    )


def _back(d: Drawing, x: float, y: float, w: float, h: float) -> None:
    d.rect(x, y, w, h, rx=w * 0.14, fill=_BACK, stroke="#1f3a63", class_="back")
    d.rect(x + 3, y + 3, w - 6, h - 6, rx=w * 0.1, stroke="#7d9ccc", stroke_width=0.8)


def _draw_players(d: Drawing, view: Any, players: Sequence[Any], y: float) -> float:
    sizes = tuple(view.hand_sizes)
    melded = view.melded
    turn = view.current_player
    for p, name in enumerate(players):
        mid = y + 12
        if p == turn:
            d.rect(
                _PAD - 4,
                y - 2,
                _W - 2 * _PAD + 8,
                28,
                rx=6,
                fill=PANEL,
                stroke=ACCENT,
                stroke_width=1.5,
            )
            d.circle(_PAD + 6, mid, 4.5, fill=ACCENT)
        label = fit(str(name), 18) + (" (you)" if p == view.viewer else "")
        d.text(_PAD + 18, mid, label, size=13, anchor="start", weight="bold")
        n = sizes[p]
        d.text(
            _PAD + 230, mid, f"{n} card{'' if n == 1 else 's'}", size=12, anchor="end", fill=MUTED
        )
        for i in range(min(n, 30)):
            _back(d, _PAD + 244 + i * 9, y + 1, 14, 20)
        if p < len(melded):
            d.text(
                _W - _PAD,
                mid,
                "melded" if melded[p] else "not melded",
                size=11,
                anchor="end",
                fill=INK if melded[p] else MUTED,
            )
        y += 30
    return y


def _draw_piles(d: Drawing, view: Any, letters: Sequence[str], x: float, y: float) -> None:
    pile = int(view.pile_size)
    d.text(x + 25, y - 8 + 2, "Draw", size=11, fill=MUTED)
    if pile:
        for i in range(min(3, pile)):
            _back(d, x + 6 - 2 * i, y + 2 * i, 38, 52)
    else:
        d.rect(x + 6, y, 38, 52, rx=5, stroke=LINE, stroke_dasharray="4,3")
    d.text(x + 25, y + 70, str(pile), size=13, weight="bold")
    top = view.discard_top
    size = view.discard_size
    d.text(x + 95, y - 6, "Discard", size=11, fill=MUTED)
    if top is not None:
        with d.group(class_="discard"):
            _card(d, x + 76, y, 38, 52, letters, int(top), None)
    else:
        d.rect(x + 76, y, 38, 52, rx=5, stroke=LINE, stroke_dasharray="4,3")
    d.text(x + 95, y + 70, str(size), size=13, weight="bold")


def _status(view: Any, players: Sequence[Any]) -> str:
    phase = str(view.phase)
    turn = int(view.turn)
    name = fit(str(players[turn]), 20) if 0 <= turn < len(players) else "?"
    if phase == "over":
        from wordgames.wordmeld.state import _winner_of

        end = getattr(view, "end_reason", None)
        departed = tuple(getattr(view, "departed", ()))
        winner = _winner_of(departed, len(players), getattr(view, "finisher", None), end)
        reason = str(end or "").replace("_", " ")
        who = f"{fit(str(players[winner]), 20)} wins" if winner is not None else "blocked"
        return f"Game over: {who}" + (f" ({reason})" if reason and winner is not None else "")
    return {
        "turn": f"{name} to play, draw or take the discard",
        "discard": f"{name} to discard",
        "took": f"{name} took the discard: play or discard",
        "draw": "Drawing cards",
    }.get(phase, phase)
