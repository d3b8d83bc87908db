"""Which build of wordgames is running: the pure-Python one or the mypyc-compiled one.

This module is itself in the set of modules the compiled wheel compiles with mypyc, so when it
was loaded from a C extension, the hot modules were too (they come from the same wheel).
"""

from __future__ import annotations

from collections.abc import Callable
from importlib.machinery import EXTENSION_SUFFIXES

try:
    from mypy_extensions import mypyc_attr
except ImportError:  # no runtime dependency: mypyc reads the decorator when it compiles

    def _as_is(*_attrs: str, **_kwattrs: object) -> Callable[[type], type]:
        """A stand-in for ``mypyc_attr`` that leaves the class as it is (the pure build)."""
        return lambda cls: cls

    mypyc_attr = _as_is  # type: ignore[assignment]

__all__ = ["COMPILED", "mypyc_attr"]

COMPILED: bool = __file__.endswith(tuple(EXTENSION_SUFFIXES))
"""True when this is the mypyc-compiled build (a CPython- and platform-specific wheel), False
for the pure-Python build (the ``py3-none-any`` wheel, the sdist, an editable install)."""
