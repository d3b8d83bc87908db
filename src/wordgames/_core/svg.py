"""A small SVG builder shared by the games' pictures (``wordgames.<game>.svg``).

Pictures are pure functions returning a string: nothing here touches files, fonts or the
clock. :class:`Drawing` collects elements in paint order and escapes every text and attribute
value (characters that XML 1.0 forbids, such as control characters in a player's name, are
dropped), so any input gives a well-formed document.

The palette and fonts are shared so that the four games look like one family.
"""

from __future__ import annotations

import math
import re
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from typing import Any, Final
from xml.sax.saxutils import escape, quoteattr

__all__ = [
    "ACCENT",
    "FONT",
    "HIGHLIGHT",
    "INK",
    "LINE",
    "MONO",
    "MUTED",
    "PANEL",
    "PAPER",
    "Drawing",
    "as_view",
    "clean",
    "fit",
    "num",
]

FONT: Final = "DejaVu Sans, Verdana, Helvetica, Arial, sans-serif"
"""Sans-serif font stack (DejaVu Sans first: it is what renderers on Linux usually have)."""
MONO: Final = "DejaVu Sans Mono, Menlo, Consolas, monospace"
"""Monospaced font stack."""

PAPER: Final = "#fbf9f4"
"""Background of a picture."""
PANEL: Final = "#f0ece2"
"""Background of side panels and score areas."""
INK: Final = "#262626"
"""Main text and outlines."""
MUTED: Final = "#7a7468"
"""Secondary text (labels, counts)."""
LINE: Final = "#cfc8b8"
"""Thin rules and empty slots."""
ACCENT: Final = "#e07b1f"
"""The player to act, the current roll: a warm orange."""
HIGHLIGHT: Final = "#ffe27a"
"""The last move: a light yellow fill."""

# XML 1.0 allows tab, newline, carriage return and everything from U+0020 except surrogates
# and U+FFFE/U+FFFF.
_NOT_XML = re.compile("[^\t\n\r\u0020-\ud7ff\ue000-\ufffd\U00010000-\U0010ffff]")


def as_view(obj: Any, viewer: int | None) -> Any:
    """What a picture is drawn from: ``obj.view(viewer)`` for a state (anything with a
    ``view`` method), ``obj`` itself for a view. A view cannot be drawn for another viewer
    (``ValueError``): it does not hold what that player knows."""
    if callable(getattr(obj, "view", None)):
        return obj.view(viewer)
    if viewer is not None and viewer != getattr(obj, "viewer", None):
        raise ValueError(f"a view of player {obj.viewer} cannot be drawn for player {viewer}")
    return obj


def clean(text: str) -> str:
    """``text`` without the characters XML 1.0 forbids (not yet escaped)."""
    return _NOT_XML.sub("", text)


def fit(text: str, limit: int) -> str:
    """``text`` cut to at most ``limit`` characters, ending in an ellipsis when cut."""
    text = clean(text)
    if len(text) <= limit:
        return text
    return text[: max(0, limit - 1)] + "…"


def _escape(text: str) -> str:
    """Element content: cleaned and escaped (a carriage return kept as a reference, since XML
    parsers turn a literal one into a newline)."""
    return escape(clean(text), {"\r": "&#13;"})


def num(x: float) -> str:
    """A coordinate as short text: ``12``, ``12.5`` (two decimals at most)."""
    if float(x).is_integer():
        return str(int(x))
    return f"{x:.2f}".rstrip("0").rstrip(".")


def _attrs(attributes: dict[str, object]) -> str:
    parts = []
    for key, value in attributes.items():
        if value is None:
            continue
        name = key.rstrip("_").replace("_", "-")
        if isinstance(value, bool):
            text = "true" if value else "false"
        elif isinstance(value, int | float):
            text = num(value)
        else:
            text = clean(str(value))
        parts.append(f" {name}={quoteattr(text)}")
    return "".join(parts)


class Drawing:
    """An SVG document of ``width`` x ``height`` user units, built element by element.

    Keyword attributes are written with ``_`` turned into ``-`` (``stroke_width=2`` gives
    ``stroke-width="2"``; a trailing ``_`` is dropped, so ``class_="tile"`` gives ``class``);
    ``None`` values are left out. :meth:`to_svg` returns the document.
    """

    def __init__(self, width: float, height: float, *, title: str = "") -> None:
        self.width = width
        self.height = height
        self.title = title
        self._parts: list[str] = []
        self._open = 0

    def element(self, tag: str, text: str | None = None, /, **attributes: object) -> None:
        """Any element; ``text`` (escaped) becomes its content."""
        if text is None:
            self._parts.append(f"<{tag}{_attrs(attributes)}/>")
        else:
            self._parts.append(f"<{tag}{_attrs(attributes)}>{_escape(text)}</{tag}>")

    @contextmanager
    def group(self, **attributes: object) -> Iterator[None]:
        """A ``<g>`` around the elements added inside the ``with`` block."""
        self._parts.append(f"<g{_attrs(attributes)}>")
        self._open += 1
        try:
            yield
        finally:
            self._open -= 1
            self._parts.append("</g>")

    def rect(
        self,
        x: float,
        y: float,
        w: float,
        h: float,
        *,
        fill: str = "none",
        stroke: str | None = None,
        rx: float | None = None,
        **attributes: object,
    ) -> None:
        """A rectangle (``rx``: corner radius)."""
        self.element(
            "rect", x=x, y=y, width=w, height=h, rx=rx, fill=fill, stroke=stroke, **attributes
        )

    def circle(
        self,
        cx: float,
        cy: float,
        r: float,
        *,
        fill: str = "none",
        stroke: str | None = None,
        **attributes: object,
    ) -> None:
        """A circle."""
        self.element("circle", cx=cx, cy=cy, r=r, fill=fill, stroke=stroke, **attributes)

    def line(
        self, x1: float, y1: float, x2: float, y2: float, *, stroke: str, **attributes: object
    ) -> None:
        """A straight line."""
        self.element("line", x1=x1, y1=y1, x2=x2, y2=y2, stroke=stroke, **attributes)

    def polyline(
        self, points: Sequence[tuple[float, float]], *, stroke: str, **attributes: object
    ) -> None:
        """A polyline through ``points`` (not filled)."""
        pts = " ".join(f"{num(x)},{num(y)}" for x, y in points)
        attributes.setdefault("fill", "none")
        self.element("polyline", points=pts, stroke=stroke, **attributes)

    def path(self, d: str, **attributes: object) -> None:
        """A path with the path data ``d``."""
        self.element("path", d=d, **attributes)

    def star(self, cx: float, cy: float, r: float, *, fill: str, **attributes: object) -> None:
        """A five-pointed star of outer radius ``r`` centred on (cx, cy)."""
        pts = []
        for i in range(10):
            rad = r if i % 2 == 0 else r * 0.42
            a = -math.pi / 2 + i * math.pi / 5
            pts.append(
                f"{num(round(cx + rad * math.cos(a), 2))},{num(round(cy + rad * math.sin(a), 2))}"
            )
        self.element("polygon", points=" ".join(pts), fill=fill, **attributes)

    def text(
        self,
        x: float,
        y: float,
        text: str,
        *,
        size: float,
        fill: str = INK,
        anchor: str = "middle",
        weight: str | None = None,
        font: str = FONT,
        middle: bool = True,
        **attributes: object,
    ) -> None:
        """Text at ``x`` (``anchor``: start, middle or end); ``y`` is the vertical middle of
        capital letters when ``middle`` (every renderer places it the same way), else the
        baseline."""
        baseline = y + 0.36 * size if middle else y
        self.element(
            "text",
            text,
            x=x,
            y=baseline,
            font_family=font,
            font_size=size,
            font_weight=weight,
            text_anchor=anchor,
            fill=fill,
            **attributes,
        )

    def to_svg(self, size: float | None = None) -> str:
        """The finished document (with an XML-escaped ``<title>`` when one was given).

        ``size``: the displayed width in pixels (the height follows); default: one pixel per
        user unit.
        """
        if self._open:
            raise RuntimeError("a group is still open")
        w, h = num(self.width), num(self.height)
        if size is None:
            dw, dh = w, h
        else:
            if not size > 0:
                raise ValueError(f"size must be positive, got {size!r}")
            dw, dh = num(size), num(size * self.height / self.width)
        head = (
            f'<svg xmlns="http://www.w3.org/2000/svg" version="1.1" '
            f'width="{dw}" height="{dh}" viewBox="0 0 {w} {h}">'
        )
        title = f"<title>{_escape(self.title)}</title>" if self.title else ""
        back = f'<rect width="{w}" height="{h}" fill="{PAPER}"/>'
        return head + title + back + "".join(self._parts) + "</svg>"
