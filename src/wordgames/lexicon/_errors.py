"""The lexicon package's error class."""

from __future__ import annotations

from wordgames._core.errors import WordgamesError

__all__ = ["LexiconError"]


class LexiconError(WordgamesError, ValueError):
    """Input that cannot make or query a lexicon: no usable words, a bad alphabet, a rack,
    pattern or word that cannot be written in the lexicon's tiles."""
