"""Wömmeln bots. Bots see views only.

- :class:`RandomBot` (the generic one): picks uniformly among ``view.legal_actions()``, i.e.
  passes or places one of the category's sample answers.
- :class:`LongestWordBot`: from candidate words the caller supplies (the category's sample
  answers by default, or e.g. a lexicon the caller filtered for the category), places the
  longest word that fits, with the fewest crossed-out cells, and among those the placement that
  keeps the most room for later rounds.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable

import attrs

from wordgames._core.bots import RandomBot
from wordgames.wommeln.actions import Action, Challenge, Connect, Pass, Place, Vote
from wordgames.wommeln.categories import fold
from wordgames.wommeln.engine import (
    GridState,
    Placement,
    SearchLimitError,
    _components,
    _neighbours,
    best_placement,
    find_placements,
)
from wordgames.wommeln.view import View

__all__ = ["LongestWordBot", "RandomBot", "choose_placement", "room_score"]


def room_score(grid: GridState, placement: Placement) -> tuple[int, int]:
    """How much room ``placement`` leaves (higher is better): the size of the largest free
    region after it, then minus the number of free cells touching its line (a line along an
    edge or earlier marks splits less of the open space)."""
    after = grid.place(placement)
    free = ((1 << after.size) - 1) & ~after.used
    comps = _components(after, free, False)
    largest = max((c.bit_count() for c in comps), default=0)
    nbrs = _neighbours(grid.rows, grid.cols)
    touching = 0
    for cell in placement.path:
        for x, _ in nbrs[cell]:
            if (free >> x) & 1:
                touching |= 1 << x
    return largest, -touching.bit_count()


def choose_placement(
    grid: GridState,
    words: Iterable[str],
    *,
    lines_may_cross: bool = False,
    min_length: int = 2,
    node_limit: int | None = 1_000,
    room_candidates: int = 12,
    max_crossed: int | None = None,
) -> Placement | None:
    """The placement a careful player would pick from ``words`` (folded to A-Z first).

    The longest placeable word wins; then the fewest crossed-out cells; then the best
    :func:`room_score` among up to ``room_candidates`` cheapest placements of each such word;
    then the word that sorts first. ``node_limit`` bounds the search per word (a word whose
    search hits it counts as unplaceable); ``max_crossed`` caps the crossed-out cells a line
    may have (default: the word's length; a longer line costs more room than it scores).
    ``None`` if no word fits.
    """
    by_length: dict[int, set[str]] = {}
    for w in words:
        f = fold(w)
        if len(f) >= min_length:
            by_length.setdefault(len(f), set()).add(f)
    for length in sorted(by_length, reverse=True):
        found: list[tuple[int, str]] = []
        for word in sorted(by_length[length]):
            try:
                p = best_placement(
                    grid,
                    word,
                    lines_may_cross=lines_may_cross,
                    max_crossed=len(word) if max_crossed is None else max_crossed,
                    node_limit=node_limit,
                )
            except SearchLimitError:
                continue
            if p is not None:
                found.append((p.crossed, word))
        if not found:
            continue
        fewest = min(c for c, _ in found)
        best: tuple[tuple[int, int], Placement] | None = None
        for crossed, word in found:
            if crossed != fewest:
                continue
            options = find_placements(
                grid, word, lines_may_cross=lines_may_cross, max_crossed=fewest
            )
            for i, p in enumerate(options):
                if i >= room_candidates:
                    break
                score = room_score(grid, p)
                if best is None or score > best[0]:
                    best = (score, p)
        return best[1] if best is not None else None
    return None


@attrs.frozen
class LongestWordBot:
    """Places the longest candidate word it can (see :func:`choose_placement`).

    Candidates: ``candidates(view)`` if given, else ``words`` if non-empty, else the current
    category's sample answers in ``rules.language``. In the review it lets every word stand
    and accepts every word, or with ``strict=True`` it challenges, and votes against, exactly
    the words not among its candidates (its lexicon for the category's language).
    """

    words: tuple[str, ...] = ()
    candidates: Callable[[View], Iterable[str]] | None = None
    strict: bool = False
    node_limit: int = 1_000

    def _candidates(self, view: View) -> list[str]:
        if self.candidates is not None:
            return list(self.candidates(view))
        if self.words:
            return list(self.words)
        cat = view.category
        return list(cat.answers(view.rules.language)) if cat is not None else []

    def choose(self, view: View, rng: random.Random) -> Action:
        """The viewer's action in the current phase: the longest candidate word it can place
        (circled, then joined), its challenges and votes, or passing; ValueError if the viewer
        may not act now."""
        me = view.viewer
        if me is None or me not in view.players_to_act:
            raise ValueError("LongestWordBot was asked to act but may not act now")
        if view.phase == "challenge":
            # challenge only words it does not know (strict); otherwise let every word stand
            if not self.strict:
                return Challenge(me, ())
            known = {fold(w) for w in self._candidates(view)}
            doubtful = tuple(
                a
                for a, e in enumerate(view.entries)
                if a != me and e is not None and e.status == "placed" and e.marks.word not in known
            )
            return Challenge(me, doubtful)
        if view.phase == "review":
            legal = [a for a in view.legal_actions() if isinstance(a, Vote)]
            vote = legal[0]
            if not self.strict:
                return Vote(me, vote.author, True)
            entry = view.entries[vote.author]
            word = entry.marks.word if entry is not None else ""
            ok = word in {fold(w) for w in self._candidates(view)}
            return Vote(me, vote.author, ok)
        grid = view.base_grid(me)
        cross = view.rules.lines_may_cross
        entry = view.entries[me]
        if entry is not None:  # circled earlier: connect them if possible
            try:
                p = best_placement(
                    grid,
                    entry.marks.word,
                    lines_may_cross=cross,
                    circles=entry.marks.path,
                    node_limit=self.node_limit,
                )
            except SearchLimitError:
                p = None
            if p is None:
                return Pass(me)
            return Connect(me, tuple(divmod(c, grid.cols) for c in p.path), p.circles)
        choice = choose_placement(
            grid,
            self._candidates(view),
            lines_may_cross=cross,
            min_length=view.rules.min_word_length,
            node_limit=self.node_limit,
        )
        if choice is None:
            return Pass(me)
        return Place.of(me, choice, grid.cols)
