"""Shared pieces of the games' text notations: bounded ASCII numbers and a parser guard.

Every ``parse_action`` is wrapped in :func:`guarded_parser`, so hostile text raises nothing but
:class:`~wordgames.ParseError`: non-strings, text over :data:`MAX_ACTION_TEXT` characters, and
any slip of a game's parser (a ``ValueError`` from ``int()``, an ``IndexError``...) become a
``ParseError`` whose message quotes at most a short prefix of the input.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Callable
from typing import TypeVar

from wordgames._core.errors import ParseError, short_repr

__all__ = ["MAX_ACTION_TEXT", "MAX_DIGITS", "ascii_int", "guarded_parser"]

MAX_ACTION_TEXT = 4096
"""The longest action text any game accepts (a WordMeld table play is the longest real one)."""
MAX_DIGITS = 6
"""Numbers in notation have at most this many ASCII digits."""

_DIGITS = re.compile(rf"[0-9]{{1,{MAX_DIGITS}}}", re.ASCII)

A = TypeVar("A")


def ascii_int(token: str, what: str = "number", lo: int = 0, hi: int | None = None) -> int:
    """``token`` as an int: ASCII digits only (no signs, no other scripts' digits), at most
    :data:`MAX_DIGITS` of them, within ``[lo, hi]``; else :class:`ParseError`."""
    if not _DIGITS.fullmatch(token):
        raise ParseError(f"{what} must be ASCII digits, got {short_repr(token)}")
    value = int(token)
    if value < lo or (hi is not None and value > hi):
        raise ParseError(f"{what} {value} is out of range [{lo}, {hi}]")
    return value


def guarded_parser(fn: Callable[[str], A]) -> Callable[[str], A]:
    """Wrap a game's ``parse_action`` so that it raises only :class:`ParseError`."""

    @functools.wraps(fn)
    def parse(text: str) -> A:
        if not isinstance(text, str):
            raise ParseError(f"action text must be a string, got {type(text).__name__}")
        if len(text) > MAX_ACTION_TEXT:
            raise ParseError(
                f"action text is {len(text)} characters long (at most {MAX_ACTION_TEXT})"
            )
        try:
            return fn(text)
        except ParseError:
            raise
        except (ValueError, TypeError, IndexError, KeyError, OverflowError, RecursionError) as exc:
            raise ParseError(f"not an action: {short_repr(text)} ({type(exc).__name__})") from None

    return parse
