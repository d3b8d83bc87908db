"""Checked readers for untrusted JSON data (used by every ``from_dict``)."""

from __future__ import annotations

import functools
from collections.abc import Callable, Mapping
from typing import Any, TypeVar

import attrs

from wordgames._core.errors import InvalidStateError, RulesError, short_repr

__all__ = [
    "MAX_PLY",
    "check_header",
    "get_bool",
    "get_int",
    "get_list",
    "get_map",
    "get_opt_int",
    "get_ply",
    "get_str",
    "guarded_loader",
    "rules_from_dict",
]


MALFORMED = (
    ValueError,
    TypeError,
    KeyError,
    IndexError,
    AttributeError,
    OverflowError,
    RecursionError,
)
"""What reading malformed data may raise below a loader (turned into a typed error)."""


def check_header(data: Any, game: str, kind: str, version: int) -> Mapping[str, Any]:
    """Check ``{"game": game, "kind": kind, "version": version, ...}`` and return the mapping."""
    if not isinstance(data, Mapping):
        raise InvalidStateError(f"{game} {kind} must be a JSON object, got {type(data).__name__}")
    if data.get("game") != game:
        raise InvalidStateError(f"expected game {game!r}, got {short_repr(data.get('game'))}")
    if data.get("kind", kind) != kind:
        raise InvalidStateError(f"expected kind {kind!r}, got {short_repr(data.get('kind'))}")
    if data.get("version") != version:
        raise InvalidStateError(
            f"unsupported {game} {kind} version {short_repr(data.get('version'))}"
        )
    return data


def _get(data: Mapping[str, Any], key: str) -> Any:
    try:
        return data[key]
    except KeyError:
        raise InvalidStateError(f"missing field {short_repr(key)}") from None


def get_int(data: Mapping[str, Any], key: str, lo: int | None = None, hi: int | None = None) -> int:
    """An int field (bools rejected) within ``[lo, hi]``."""
    v = _get(data, key)
    if not isinstance(v, int) or isinstance(v, bool):
        raise InvalidStateError(f"field {key!r} must be an integer, got {short_repr(v)}")
    if (lo is not None and v < lo) or (hi is not None and v > hi):
        raise InvalidStateError(f"field {key!r} = {short_repr(v)} is out of range [{lo}, {hi}]")
    return v


def get_opt_int(
    data: Mapping[str, Any], key: str, lo: int | None = None, hi: int | None = None
) -> int | None:
    """Like :func:`get_int` but ``null`` is allowed."""
    if _get(data, key) is None:
        return None
    return get_int(data, key, lo, hi)


def get_bool(data: Mapping[str, Any], key: str) -> bool:
    v = _get(data, key)
    if not isinstance(v, bool):
        raise InvalidStateError(f"field {key!r} must be true or false, got {short_repr(v)}")
    return v


def get_str(data: Mapping[str, Any], key: str) -> str:
    v = _get(data, key)
    if not isinstance(v, str):
        raise InvalidStateError(f"field {key!r} must be a string, got {short_repr(v)}")
    return v


def get_list(data: Mapping[str, Any], key: str) -> list[Any]:
    v = _get(data, key)
    if not isinstance(v, list):
        raise InvalidStateError(f"field {key!r} must be a list, got {type(v).__name__}")
    return v


def get_map(data: Mapping[str, Any], key: str) -> Mapping[str, Any]:
    v = _get(data, key)
    if not isinstance(v, Mapping):
        raise InvalidStateError(f"field {key!r} must be an object, got {type(v).__name__}")
    return v


_JSON_TYPES: dict[str, tuple[type, ...]] = {
    "bool": (bool,),
    "int": (int,),
    "str": (str,),
    "float": (int, float),
    "None": (type(None),),
}

R = TypeVar("R")


def rules_from_dict(cls: type[R], data: Any) -> R:
    """Rebuild an attrs ``Rules`` class whose fields are JSON scalars from its ``to_dict``.

    Missing fields take their defaults; unknown fields, values of the wrong JSON type (a bool
    is not an int here) and values the class itself rejects raise :class:`InvalidStateError`.
    """
    if not isinstance(data, Mapping):
        raise InvalidStateError(f"rules must be a JSON object, got {type(data).__name__}")
    fields = attrs.fields_dict(cls)  # type: ignore[arg-type]
    unknown = set(data) - set(fields)
    if unknown:
        raise InvalidStateError(f"unknown rules fields {short_repr(sorted(map(str, unknown)))}")
    for name, value in data.items():
        allowed = tuple(
            t for part in str(fields[name].type).split("|") for t in _JSON_TYPES[part.strip()]
        )
        if not isinstance(value, allowed) or (isinstance(value, bool) and bool not in allowed):
            raise InvalidStateError(f"rules field {name!r} has the wrong type: {short_repr(value)}")
    try:
        return cls(**data)
    except (RulesError, TypeError, ValueError) as exc:
        raise InvalidStateError(f"invalid rules: {short_repr(str(exc), 200)}") from exc


MAX_PLY = 10**9
"""The largest ``ply`` a loaded state may claim (far beyond any real game)."""


def get_ply(data: Mapping[str, Any]) -> int:
    """The ``ply`` field: actions applied since ``new_game`` (a non-negative int)."""
    return get_int(data, "ply", 0, MAX_PLY)


T = TypeVar("T")


def guarded_loader(fn: Callable[..., T]) -> Callable[..., T]:
    """Wrap a ``from_dict``-style loader so hostile data raises only
    :class:`InvalidStateError`: explicit checks come first, and this is the safety net for
    deep nesting (``RecursionError``) and any type slip deep inside a loader."""

    @functools.wraps(fn)
    def load(*args: Any, **kwargs: Any) -> T:
        try:
            return fn(*args, **kwargs)
        except InvalidStateError:
            raise
        except MALFORMED as exc:
            raise InvalidStateError(
                f"malformed data ({type(exc).__name__}: {short_repr(str(exc), 80)})"
            ) from None

    return load
