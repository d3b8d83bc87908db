"""Which build of wordgames is running: the pure-Python one or the mypyc-compiled one.

This module is itself in the set of modules the compiled wheel compiles with mypyc, so when it
was loaded from a C extension, the hot modules were too (they come from the same wheel).
"""

from __future__ import annotations

from importlib.machinery import EXTENSION_SUFFIXES

COMPILED: bool = __file__.endswith(tuple(EXTENSION_SUFFIXES))
"""True when this is the mypyc-compiled build (a CPython- and platform-specific wheel), False
for the pure-Python build (the ``py3-none-any`` wheel, the sdist, an editable install)."""
