"""The lexicon package's error class."""

from __future__ import annotations

from wordgames._core.errors import WordgamesError

__all__ = ["LexiconError", "short_repr"]


class LexiconError(WordgamesError, ValueError):
    """Input that cannot make or query a lexicon: no usable words, a bad alphabet, a rack,
    pattern or word that cannot be written in the lexicon's tiles."""


def short_repr(value: object, limit: int = 40) -> str:
    """``repr(value)`` cut to ``limit`` characters (error messages never echo long input; a
    repr that fails, such as that of an int with too many digits, is replaced by the type)."""
    if isinstance(value, (str, bytes)) and len(value) > limit:
        value = value[:limit]
        return repr(value) + "..."
    try:
        text = repr(value)
    except Exception:
        return f"<{type(value).__name__}>"
    return text if len(text) <= limit else text[:limit] + "..."
