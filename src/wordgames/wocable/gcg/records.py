"""What a GCG file holds, as records (no rules involved), and the reader's issues and error.

:func:`~wordgames.wocable.gcg.read_gcg` turns lines into these records;
:func:`~wordgames.wocable.gcg.from_gcg` replays them. Problems found on the way are
:class:`GcgIssue` values (a line number, a stable snake_case ``code`` and a message); one
that cannot be repaired, or any issue under ``strict=True``, is raised as :class:`GcgError`
with the same code.
"""

from __future__ import annotations

import re

import attrs

from wordgames._core.errors import InvalidStateError, short_repr
from wordgames._core.record import Record
from wordgames.wocable.actions import Exchange, Pass, Place
from wordgames.wocable.state import State

__all__ = [
    "GCG_WORK_LIMIT",
    "MAX_GCG_ISSUES",
    "MAX_GCG_LINES",
    "MAX_GCG_TEXT",
    "GcgBonus",
    "GcgEnd",
    "GcgError",
    "GcgFile",
    "GcgIssue",
    "GcgLeave",
    "GcgLine",
    "GcgMove",
    "GcgNote",
    "GcgRecord",
    "GcgTime",
    "GcgWithdraw",
]

MAX_GCG_TEXT = 100_000
"""the longest GCG text :func:`read_gcg` / :func:`from_gcg` read (characters)"""
MAX_GCG_LINES = 1_000
"""the most lines (blank lines included) of a GCG file"""
GCG_WORK_LIMIT = 1_200_000
"""The default work limit of :func:`from_gcg`: the units of work (an action applied counts
30, a scanned need or search digest a few) that the draw reconstruction may spend over all its
phases before it gives up with ``too_much_work``; about 1.5 s of CPU on the reference machine.
A file whose racks are all known needs a few thousand."""

_SIGNED = re.compile(r"[+-]?[0-9]{1,6}", re.ASCII)


def _signed_int(token: str, what: str) -> int:
    """``+10``, ``-5``, ``0``: ASCII digits, at most 6 of them (ValueError otherwise)."""
    if not _SIGNED.fullmatch(token):
        raise ValueError(f"{what} must be a number, got {short_repr(token)}")
    return int(token)


class GcgError(InvalidStateError):
    """A GCG file that cannot be loaded: one that can never be replayed (in both modes), or
    any issue under ``strict=True``. ``code`` is the stable snake_case code (the same as the
    :class:`GcgIssue` it stands for), ``line`` the 1-based line number (``None`` when the
    problem belongs to the whole file). An :class:`~wordgames.InvalidStateError`, so callers
    that catch that keep working."""

    code: str
    line: int | None

    def __init__(self, code: str, message: str, line: int | None = None) -> None:
        self.code = code
        self.line = line
        where = f"line {line}: " if line is not None else ""
        super().__init__(f"{where}{message} [{code}]")

    def __reduce__(self) -> tuple[object, ...]:
        return (_rebuild_error, (self.code, self.line, self.args[0]))


def _rebuild_error(code: str, line: int | None, full: str) -> GcgError:
    err = GcgError.__new__(GcgError)
    err.code, err.line = code, line
    Exception.__init__(err, full)
    return err


@attrs.frozen
class GcgIssue:
    """A problem found in a GCG file and repaired (or, for a few codes, only noted): ``line``
    is 1-based (``None`` for the whole file), ``code`` a stable snake_case string (the list is
    in docs/wocable.md, "GCG issues"), ``message`` says what was found and what was done.
    ``str(issue)`` is ``"line: code: message"``."""

    line: int | None
    code: str
    message: str

    def __str__(self) -> str:
        where = "-" if self.line is None else str(self.line)
        return f"{where}: {self.code}: {self.message}"

    def error(self) -> GcgError:
        """This issue as the error ``strict=True`` raises."""
        return GcgError(self.code, self.message, self.line)


@attrs.frozen
class GcgMove:
    """A turn line ``>nick: [RACK] MOVE +score total``. ``rack`` is None when not written; it
    may hold the whole rack or only some of its tiles (e.g. just the tiles played).
    ``exchanged`` is the number of tiles of an exchange written only as a count (``-4``, as
    Woogles writes an opponent's exchange); ``action`` is then ``Pass()`` as a placeholder
    and the replay chooses the tiles (issue ``exchange_count_only``)."""

    lineno: int
    nick: str
    rack: str | None
    action: Place | Exchange | Pass
    score: int
    total: int
    exchanged: int = 0


@attrs.frozen
class GcgEnd:
    """An end-of-game line ``>nick: [RACK] (TILES) +v total`` or ``(TILES) -v total``
    (``own`` is the optional rack field written before the parenthesis)."""

    lineno: int
    nick: str
    rack: str
    value: int
    total: int
    own: str | None = None


@attrs.frozen
class GcgLeave:
    """A ``#resign nick`` or ``#timeout nick`` pragma (``kind`` is ``"resign"``/``"timeout"``)."""

    lineno: int
    nick: str
    kind: str


@attrs.frozen
class GcgWithdraw:
    """``>nick: [RACK] -- -score total``: the player's previous play was challenged off
    (its tiles go back to the rack and its score is taken away)."""

    lineno: int
    nick: str
    rack: str | None
    score: int
    total: int


@attrs.frozen
class GcgBonus:
    """``>nick: [RACK] (challenge) +5 total``: points for a play that was challenged and
    stood (the challenger's penalty under the five- and ten-point rules)."""

    lineno: int
    nick: str
    rack: str | None
    points: int
    total: int


@attrs.frozen
class GcgTime:
    """``>nick: [RACK] (time) -10 total``: a time penalty (``points`` is negative)."""

    lineno: int
    nick: str
    rack: str | None
    points: int
    total: int


@attrs.frozen
class GcgNote:
    """A ``#note`` pragma with its continuation lines (text joined by newlines)."""

    lineno: int
    text: str


GcgLine = GcgMove | GcgEnd | GcgLeave | GcgWithdraw | GcgBonus | GcgTime | GcgNote
"""One parsed line of a GCG file: a move, an end line, a leave, a withdrawal, a challenge
bonus, a time penalty or a note."""


@attrs.frozen
class GcgFile:
    """What :func:`read_gcg` reads: the players' nicknames and full names in order, the
    ``#wocable-rules`` pragma (JSON text, or None), the file's other pragmas and the turn,
    leave, note and end lines in file order.

    ``racks`` holds the ``#rack1``..``#rack4`` pragmas (a player's rack at the end of the
    record, ``None`` where not given); ``tile_distribution`` the ``#tile-distribution`` (or
    ``#tile-set`` / ``#letter-distribution``) pragma; ``pragmas`` every other pragma as
    ``(name, text)`` in file order (``title``, ``description``, ``id``, ...); ``issues`` the
    problems the reading found (see :class:`GcgIssue`)."""

    nicks: tuple[str, ...]
    rules_json: str | None
    lines: tuple[GcgLine, ...]
    names: tuple[str, ...] = ()
    lexicon: str | None = None
    title: str | None = None
    description: str | None = None
    game_id: str | None = None
    encoding: str | None = None
    tile_distribution: str | None = None
    racks: tuple[str | None, ...] = ()
    pragmas: tuple[tuple[str, str], ...] = ()
    issues: tuple[GcgIssue, ...] = ()


MAX_GCG_ISSUES = 200
"""the most issues kept for one file (the rest are counted in one last issue)"""


class _Issues:
    """The issues of one read: ``add`` records one (raising it at once under ``strict``),
    ``fatal`` raises one that no repair can get past. Kept once per (line, code), at most
    :data:`MAX_GCG_ISSUES`."""

    def __init__(self, strict: bool) -> None:
        self.strict = strict
        self.items: dict[tuple[int | None, str], GcgIssue] = {}
        self.dropped = 0

    def add(self, line: int | None, code: str, message: str) -> None:
        issue = GcgIssue(line, code, message)
        if self.strict:
            err = issue.error()
            err.__suppress_context__ = True  # raised where a parse error may be handled
            raise err
        key = (line, code)
        if key in self.items:
            return
        if len(self.items) >= MAX_GCG_ISSUES:
            self.dropped += 1
            return
        self.items[key] = issue

    def result(self) -> tuple[GcgIssue, ...]:
        """The issues in line order (whole-file issues first)."""
        out = sorted(self.items.values(), key=lambda i: -1 if i.line is None else i.line)
        if self.dropped:
            out.append(GcgIssue(None, "too_many_issues", f"{self.dropped} more issues"))
        return tuple(out)


#: letters of the supported tile sets beyond A-Z
_OTHER_LETTERS = frozenset("ÑñÇç")


def _check_letters(text: str, line: int | None) -> None:
    """Refuse text holding a letter of no supported tile set (a Polish, German, French...
    game) with its own error, ``unsupported_tile_set``. Called where another error is being
    handled, it raises with the context suppressed (nothing else in the traceback)."""
    for ch in text:
        if ch.isalpha() and not ch.isascii() and ch not in _OTHER_LETTERS:
            err = _fatal(
                line,
                "unsupported_tile_set",
                f"the file uses the letter {ch!r}: only the English and Spanish tile sets "
                "are supported",
            )
            err.__suppress_context__ = True
            raise err


def _fatal(line: int | None, code: str, message: str) -> GcgError:
    """The error for a problem no repair can get past (raise it)."""
    return GcgError(code, message, line)


@attrs.frozen(eq=False)
class GcgRecord(Record[State]):
    """What :func:`~wordgames.wocable.gcg.from_gcg` returns: a :class:`~wordgames.Record`
    (it replays, round-trips through JSON and compares equal to the plain record of the same
    game) that also carries ``issues``, the problems found in the file and how each was
    repaired, in line order (empty for a clean file), the way python-chess keeps a PGN
    game's ``errors``. ``names`` are the players' full names as the file writes them
    (``#player1 me Me Example``: the game's players are the nicknames, ``me``), which
    :func:`~wordgames.wocable.to_gcg` writes back. Neither takes part in equality."""

    issues: tuple[GcgIssue, ...] = ()
    names: tuple[str, ...] = ()

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Record):
            return NotImplemented
        return bool(self.initial == other.initial and self.actions == other.actions)

    def __ne__(self, other: object) -> bool:
        eq = self.__eq__(other)
        return eq if eq is NotImplemented else not eq

    def __hash__(self) -> int:
        return hash(Record(self.initial, self.actions))
