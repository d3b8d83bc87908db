"""What players mark on their sheets: one round's marks, a player's entry in the current round
and the lines of the scoring area (shared by :mod:`.state` and :mod:`.view`)."""

from __future__ import annotations

from collections import Counter

import attrs

from wordgames.wommeln.categories import Category, category
from wordgames.wommeln.engine import GridState, Placement
from wordgames.wommeln.phases import Status
from wordgames.wommeln.rules import Rules
from wordgames.wommeln.sheets import Sheet

__all__ = ["Entry", "Marks", "RoundResult"]


@attrs.frozen
class Marks:
    """What one player marked for one word: the ``word``; ``path`` (cell indices) and
    ``circles`` (circled positions in ``path``) when ``connected``; for letters circled but not
    connected, ``path`` is the sorted circled cells and every position is circled (they need not
    spell ``word``: see :meth:`spells`)."""

    word: str = ""
    path: tuple[int, ...] = ()
    circles: tuple[int, ...] = ()
    connected: bool = False

    @property
    def placement(self) -> Placement:
        """The marks as an engine placement (meaningful when ``connected``)."""
        return Placement(self.word, self.path, self.circles)

    def spells(self, letters: str) -> bool:
        """True when the marks' circled cells hold exactly the letters of ``word`` (``letters``
        is the sheet's letters in reading order). Loose circles that do not (too few, too many
        or other letters) can never be connected into the word: the round scores 0."""
        if self.connected:
            return True
        return len(self.path) == len(self.word) and Counter(
            letters[c] for c in self.path
        ) == Counter(self.word)

    def draw(self, grid: GridState) -> GridState:
        """``grid`` with these marks drawn (unchecked)."""
        if self.connected:
            return grid.place(self.placement)
        if self.path:
            return grid.circle(self.path)
        return grid


@attrs.frozen
class Entry:
    """A player's move in the current round: ``status`` is ``"circled"`` (letters circled, not
    yet connected), ``"placed"`` (circled and connected) or ``"passed"`` (no word; a player who
    gave up connecting keeps their circled letters in ``marks`` until the round is scored).

    Circled letters that do not spell the word (too few, too many, other letters; accepted
    unless ``Rules.reject_malformed_circles``) stay ``"circled"`` until the player passes or the
    time is up: they can never be connected and score 0. A player who left the game has a
    ``"passed"`` entry with no marks in every round from then on."""

    status: Status
    marks: Marks = Marks()

    @property
    def done(self) -> bool:
        """True once the player has finished this round's search."""
        return self.status != Status.CIRCLED


#: The entry of a player who passed without marks (and of every player who left the game).
PASSED = Entry(Status.PASSED)


@attrs.frozen
class RoundResult:
    """One line of the scoring area: the ``word`` written down ("" if none), its ``score`` and
    the marks ``kept`` on the sheet (``None`` when erased or when nothing was marked)."""

    word: str
    score: int
    kept: Marks | None = None


def revealed_category(
    phase: str, drawn: tuple[tuple[int, str], ...], rules: Rules
) -> Category | None:
    """The category shown in ``phase`` (the last card drawn), shared by State and View."""
    if phase in ("search", "challenge", "review"):
        card, side = drawn[-1]
        return category(card, side, rules.color)
    return None


def base_grid(sheet: Sheet, results: tuple[RoundResult, ...]) -> GridState:
    """``sheet`` with the marks kept from finished rounds."""
    g = sheet.grid
    for r in results:
        if r.kept is not None:
            g = r.kept.draw(g)
    return g


def challenged(
    entries: tuple[Entry | None, ...], challenges: tuple[tuple[int, tuple[int, ...]], ...]
) -> frozenset[int]:
    """The authors of words someone challenged (only words still in the round)."""
    return frozenset(
        a
        for _, authors in challenges
        for a in authors
        if (e := entries[a]) is not None and e.status == "placed"
    )


def to_act(
    phase: str,
    entries: tuple[Entry | None, ...],
    votes: tuple[tuple[int, int, bool], ...],
    departed: tuple[int, ...],
    challenges: tuple[tuple[int, tuple[int, ...]], ...] = (),
    review: str = "vote",
) -> set[int]:
    """Who may act in ``phase``: searchers not yet done; in the challenge step every player
    still in who has another player's word to consider and has not decided yet; voters with a
    vote pending (players who left the game never; their entries are ``"passed"``)."""
    if phase == "search":
        return {p for p, e in enumerate(entries) if e is None or not e.done}
    authors = [a for a, e in enumerate(entries) if e is not None and e.status == "placed"]
    if phase == "challenge":
        decided = {c for c, _ in challenges}
        return {
            v
            for v in range(len(entries))
            if v not in departed and v not in decided and any(a != v for a in authors)
        }
    if phase == "review":
        if review == "challenge":
            marked = challenged(entries, challenges)
            authors = [a for a in authors if a in marked]
        cast = {(v, a) for v, a, _ in votes}
        return {
            v
            for v in range(len(entries))
            if v not in departed
            for a in authors
            if a != v and (v, a) not in cast
        }
    return set()
