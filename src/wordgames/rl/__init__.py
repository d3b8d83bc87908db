"""Reinforcement-learning adapters (the optional extra ``wordgames[rl]``).

- :mod:`wordgames.rl.encoding`: integer action encodings and fixed-shape observation vectors
  for every game, built from views (:func:`encoder_for`); every legal action has an index,
  or a sequence of step indices (:data:`MORE`) for a Wocable placement or a WordMeld play;
- :mod:`wordgames.rl.openspiel`: the four games as OpenSpiel Python games
  (``pyspiel.load_game("python_wordgames_regenwormen")`` after importing it);
- :mod:`wordgames.rl.pettingzoo_env`: PettingZoo AEC environments (``env(game, players)``);
- :mod:`wordgames.rl.gymnasium_env`: a Gymnasium single-agent wrapper (``SingleAgentEnv``).

This package needs numpy (and the framework each adapter is for); the rest of the library
never imports it. See docs/rl.md.
"""

from __future__ import annotations

try:
    import numpy  # noqa: F401
except ImportError as exc:  # pragma: no cover - depends on the environment
    raise ImportError("wordgames.rl needs numpy: pip install 'wordgames[rl]'") from exc

from wordgames.rl.encoding import (
    MORE,
    OBS_BOUND,
    Encoder,
    RegenwormenEncoder,
    WocableEncoder,
    WommelnEncoder,
    WordMeldEncoder,
    encoder_for,
    wommeln_list_bound,
)

__all__ = [
    "MORE",
    "OBS_BOUND",
    "Encoder",
    "RegenwormenEncoder",
    "WocableEncoder",
    "WommelnEncoder",
    "WordMeldEncoder",
    "encoder_for",
    "wommeln_list_bound",
]
