"""Bots that play every game through the common contract alone.

- :class:`RandomBot`: uniform over the view's legal actions.
- :class:`ISMCTSBot`: information-set Monte-Carlo tree search with determinisation through
  ``view.sample_state`` (see docs/bots.md).

Each game's own bots live in its ``bots`` module (``wordgames.regenwormen.bots`` ...).
"""

from __future__ import annotations

from wordgames._core.bots import RandomBot
from wordgames._core.ismcts import ActionStats, ISMCTSBot, outcome_values, score_values

__all__ = ["ActionStats", "ISMCTSBot", "RandomBot", "outcome_values", "score_values"]
