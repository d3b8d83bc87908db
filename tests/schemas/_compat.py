"""Make hypothesis-jsonschema 0.23 work with the Hypothesis of this venv (test-only shim).

hypothesis-jsonschema draws object keys through ``hypothesis.internal.conjecture.utils.many``
and its old ``more()``/``reject()`` methods, which newer Hypothesis releases replaced by an
iterator protocol. :func:`install` gives the library a small object with the old methods (built
on ``ConjectureData.draw_boolean``) when, and only when, the installed ``many`` lacks them.
"""

from __future__ import annotations

import math
import types
from typing import Any


class _LegacyMany:
    """The ``more()``/``reject()`` interface of Hypothesis' old ``many`` helper."""

    def __init__(self, data: Any, min_size: int, max_size: float, average_size: float) -> None:
        self.data = data
        self.min_size = min_size
        self.max_size = max_size
        span = average_size - min_size
        room = max_size - min_size
        if span <= 0 or room <= 0:
            self.p_continue = 0.0
        elif math.isinf(room):
            self.p_continue = span / (span + 1)
        else:
            self.p_continue = min(span / (span + 1), 1 - 1 / (room + 1))
        self.count = 0
        self.rejections = 0

    def more(self) -> bool:
        if self.count < self.min_size:
            go = True
        elif self.count >= self.max_size:
            go = False
        else:
            go = bool(self.data.draw_boolean(self.p_continue))
        if go:
            self.count += 1
        return go

    def reject(self) -> None:
        self.count -= 1
        self.rejections += 1
        if self.rejections > max(3, 2 * self.count):
            if self.count < self.min_size:
                self.data.mark_invalid()
            self.max_size = self.count


def install() -> None:
    """Patch ``hypothesis_jsonschema`` if this Hypothesis' ``many`` has no ``more()``."""
    from hypothesis.internal.conjecture import utils as cu
    from hypothesis_jsonschema import _from_schema

    if hasattr(cu.many, "more"):
        return
    _from_schema.cu = types.SimpleNamespace(**{**vars(cu), "many": _LegacyMany})  # type: ignore[attr-defined]
