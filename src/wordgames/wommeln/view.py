"""Player views of a Wömmeln state (defined in :mod:`wordgames.wommeln.state`)."""

from __future__ import annotations

from wordgames.wommeln.state import View

__all__ = ["View"]
