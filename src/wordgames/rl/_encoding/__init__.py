"""The encoders of :mod:`wordgames.rl.encoding`, one module per game (``base``: what they
share)."""
