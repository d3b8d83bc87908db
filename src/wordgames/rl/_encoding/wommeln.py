"""The Wömmeln encoder (re-exported by :mod:`wordgames.rl.encoding`)."""

from __future__ import annotations

from typing import Any

import numpy as np

from wordgames.rl._encoding.base import Obs, Steps, _ListEncoder, _seats
from wordgames.rl._views import wommeln_fields
from wordgames.wommeln.info import GAME_INFO

__all__ = ["WommelnEncoder", "wommeln_list_bound"]


_LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"


class WommelnEncoder(_ListEncoder):
    """Wömmeln: ``Pass``, votes by seat, and a list of the offered words.

    ======================  ========================================================
    index                   action
    ======================  ========================================================
    0                       ``Pass(viewer)``
    1 + 2*(r-1) + v         ``Vote(viewer, author, accept)``: author ``r`` seats after
                            the viewer (r = 1..n-1), ``v`` = 0 accept, 1 reject
    2n - 1 + k              the k-th ``Place``/``Circle``/``Connect``/``Erase``/``Challenge`` of
                            ``view.legal_actions()`` (the category's sample answers
                            at their best placements), k < ``cap``
    chance_offset + 2(c-1)+s  ``Reveal(card c, side "a"/"b")``
    chance_offset + 59 + k    ``DealSheet(k)``: builtin sheet k is dealt (k = 1..14)
    ======================  ========================================================

    The list never holds more than :func:`wommeln_list_bound` actions (the game lists, per
    sample answer of the category, one ``Place`` and one ``Circle``, then ``Erase``; or a
    ``Connect`` and ``Erase``; or one ``Challenge`` per subset of at most three authors, or
    none, each one and all of more), so ``cap`` (at least that bound) holds every one.
    The round is simultaneous: every searching player acts on their own view. Words that a
    player invents beyond the offered ones are legal in the library but not listed by
    ``legal_actions()``, so they have no index here.
    """

    game = GAME_INFO.name

    def __init__(self, num_players: int, view: Any, cap: int = 64) -> None:
        super().__init__()
        from wordgames.wommeln.actions import DealSheet, Pass, Reveal, Vote
        from wordgames.wommeln.categories import CARDS, SIDES
        from wordgames.wommeln.sheets import STANDARD_SHEETS

        f = wommeln_fields(view)
        self.num_players = n = num_players
        bound = wommeln_list_bound(n)
        if cap < bound:
            raise ValueError(f"cap {cap} is below the {bound} listed actions a view can have")
        self.cap = cap
        self.list_offset = 2 * n - 1
        self.num_player_actions = self.list_offset + cap
        self._Pass, self._Reveal, self._Vote = Pass, Reveal, Vote
        self._sides = SIDES
        self._reveals = [Reveal(c, s) for c in range(1, CARDS + 1) for s in SIDES]
        self._reveal_index = {(r.card, r.side): i for i, r in enumerate(self._reveals)}
        self._DealSheet = DealSheet
        self._deals = [DealSheet(k) for k in range(1, STANDARD_SHEETS + 1)]
        self.num_chance_outcomes = len(self._reveals) + len(self._deals)
        self._rows, self._cols = R, C = f.rows, f.cols
        lay = self._layout
        lay.add("grid", 28, R, C)  # planes: letter A..Z, used (circled or crossed), circled
        lay.add("category", CARDS, len(SIDES))  # one-hot: this round's card and side
        lay.add("scores", n)  # per seat (viewer first) / 100
        lay.add("done", n)  # per seat: finished this round's search
        lay.add("to_act", n)  # per seat: may act now
        lay.add("departed", n)  # per seat: left the game
        lay.add("phase", 5)  # reveal, search, challenge, review, over
        lay.add("timer", 3)  # off, running, up
        lay.add("own_entry", 4)  # none, circled, placed, passed
        lay.add("round", 1)  # rounds revealed / rounds in the game

    def encode_chance(self, outcome: Any) -> int:
        if type(outcome) is self._DealSheet and outcome in self._deals:
            return self.chance_offset + len(self._reveals) + self._deals.index(outcome)
        if type(outcome) is self._Reveal:
            try:
                i = self._reveal_index.get((outcome.card, outcome.side))
            except TypeError:
                i = None
            if i is not None:
                return self.chance_offset + i
        raise ValueError(f"{outcome!r} is not a category card or a sheet dealt")

    def decode_chance(self, index: int) -> Any:
        self._check_index(index)
        if index < self.chance_offset:
            raise ValueError(f"index {index} is not a chance outcome")
        i = index - self.chance_offset
        return self._reveals[i] if i < len(self._reveals) else self._deals[i - len(self._reveals)]

    def _fixed_index(self, view: Any, action: Any) -> int | None:
        n = self.num_players
        if type(action) is self._Pass:
            return 0
        if type(action) is self._Vote:
            r = (action.author - action.player) % n
            if not 1 <= r < n:
                raise ValueError(f"{action} is not a vote on another player")
            return 1 + 2 * (r - 1) + (0 if action.accept else 1)
        return None

    def _me(self, view: Any) -> int:
        v = view.viewer
        if v is None:
            raise ValueError("a spectator takes no action")
        return int(v)

    def _fixed_action(self, view: Any, index: int) -> Any:
        me = self._me(view)
        if index == 0:
            return self._Pass(me)
        r, v = divmod(index - 1, 2)
        return self._Vote(me, (me + r + 1) % self.num_players, v == 0)

    def observe(self, view: Any, prefix: Steps = ()) -> Obs:
        self._one_step(prefix)
        f = wommeln_fields(view)
        n = self.num_players
        out = np.zeros(self._layout.size, dtype=np.float32)
        parts = self._layout.parts
        R, C = self._rows, self._cols
        plane = R * C
        if f.letters and f.rows == R and f.cols == C:
            for i, ch in enumerate(f.letters):
                out[_LETTERS.index(ch) * plane + i] = 1.0
            used, circled = f.used, f.circled
            while used:
                low = used & -used
                out[26 * plane + low.bit_length() - 1] = 1.0
                used ^= low
            while circled:
                low = circled & -circled
                out[27 * plane + low.bit_length() - 1] = 1.0
                circled ^= low
        if f.phase in ("search", "challenge", "review") and f.drawn:
            card, side = f.drawn[-1]
            out[parts["category"][0] + 2 * (card - 1) + self._sides.index(side)] = 1.0
        me = f.viewer if f.viewer is not None else 0
        sc0, done0, act0, dep0 = (parts[k][0] for k in ("scores", "done", "to_act", "departed"))
        for k, p in enumerate(_seats(n, me)):
            out[sc0 + k] = f.scores[p] / 100.0
            out[done0 + k] = 1.0 if f.done[p] else 0.0
            out[act0 + k] = 1.0 if p in f.to_act else 0.0
            out[dep0 + k] = 1.0 if p in f.left else 0.0
        phases = ("reveal", "search", "challenge", "review", "over")
        phase = "reveal" if f.phase == "deal" else f.phase  # both chance phases in one slot
        out[parts["phase"][0] + phases.index(phase)] = 1.0
        out[parts["timer"][0] + ("off", "running", "up").index(f.timer)] = 1.0
        status = ("none", "circled", "placed", "passed").index(f.own_status or "none")
        out[parts["own_entry"][0] + status] = 1.0
        out[parts["round"][0]] = len(f.drawn) / max(1, f.num_rounds)
        return out


def wommeln_list_bound(num_players: int) -> int:
    """The most actions a Wömmeln view lists past its fixed slots, for ``num_players``:
    ``max(2A + 1, 8, num_players + 1)`` with A the most sample answers of any category
    side in either language (12 in the packaged cards)."""
    from wordgames.wommeln.categories import CARDS, COLORS, SIDES, category
    from wordgames.wommeln.rules import LANGUAGES

    most = max(
        len(category(c, s, color).answers(lang))
        for c in range(1, CARDS + 1)
        for s in SIDES
        for color in COLORS
        for lang in LANGUAGES
    )
    return max(2 * most + 1, 8, num_players + 1)
