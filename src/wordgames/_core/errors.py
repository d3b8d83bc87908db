"""The error hierarchy shared by every game (see docs/contract.md)."""

from __future__ import annotations

import re
import reprlib

__all__ = [
    "MAX_ECHO",
    "IllegalActionError",
    "InvalidStateError",
    "ParseError",
    "RulesError",
    "WordgamesError",
]

_CODE = re.compile(r"^[a-z][a-z0-9_]*$")


class WordgamesError(Exception):
    """Base class of every error this library raises on purpose."""


class IllegalActionError(WordgamesError, ValueError):
    """An action that the rules do not allow in this state.

    ``code`` is a stable snake_case string a program can switch on (it never changes
    between releases), ``action`` is the offending action, and the message says why in
    words, naming the action and the relevant part of the position.
    """

    code: str
    action: object

    def __init__(self, code: str, action: object, message: str, *, call: str | None = None) -> None:
        if not _CODE.match(code):
            raise ValueError(f"error code must be snake_case, got {code!r}")
        self.code = code
        self.action = action
        # ``call``: a refused request that is not an action (``view(5)``) names the call
        head = f"illegal action {action_text(action)}" if call is None else f"{call} refused"
        super().__init__(f"{head} [{code}]: {message}")

    def __reduce__(self) -> tuple[object, ...]:
        return (_rebuild_illegal, (self.code, self.action, self.args[0]))


def _rebuild_illegal(code: str, action: object, full: str) -> IllegalActionError:
    err = IllegalActionError.__new__(IllegalActionError)
    err.code, err.action = code, action
    Exception.__init__(err, full)
    return err


MAX_ECHO = 60
"""Messages quote at most this many characters of any input."""


_REPR = reprlib.Repr()
_REPR.maxlevel = 3
_REPR.maxstring = _REPR.maxother = MAX_ECHO
_REPR.maxlong = 40


def short_repr(value: object, limit: int = MAX_ECHO) -> str:
    """``repr(value)`` cut to ``limit`` characters (messages never echo long input); built with
    :mod:`reprlib`, so a huge or deeply nested value costs no more than a short one."""
    try:
        text = _REPR.repr(value)
    except Exception:  # a hostile or broken __repr__
        text = f"<{type(value).__name__}>"
    return text if len(text) <= limit else text[: limit - 3] + "..."


def action_text(action: object, limit: int = MAX_ECHO) -> str:
    """An action's notation, quoted and cut short; a placeholder when ``str`` fails."""
    try:
        text = str(action)
    except Exception:  # an ill-typed action whose __str__ breaks
        text = f"<{type(action).__name__}>"
    if len(text) > limit:
        text = text[: limit - 3] + "..."
    return repr(text)


class InvalidStateError(WordgamesError, ValueError):
    """Serialised data (``from_dict``, bytes, records) that is malformed or impossible."""


class ParseError(WordgamesError, ValueError):
    """Text that is not an action (or position, or record) in the expected notation."""


class RulesError(WordgamesError, ValueError):
    """A ``Rules`` object (or game setup) that cannot be played."""
