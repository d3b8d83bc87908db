"""The WordMeld encoder (re-exported by :mod:`wordgames.rl.encoding`)."""

from __future__ import annotations

from typing import Any

import numpy as np

from wordgames.rl._encoding.base import Obs, Steps, _seats, _StepEncoder
from wordgames.rl._views import wordmeld_fields
from wordgames.wordmeld.info import GAME_INFO

__all__ = ["WordMeldEncoder"]


#: Positions of the current word shown in WordMeld's ``pending_word`` part.
_PENDING_LETTERS = 16


class WordMeldEncoder(_StepEncoder):
    """WordMeld: the picks, ``Keep``, discards by card id, and plays in steps.

    ======================  ========================================================
    index                   action or step
    ======================  ========================================================
    0, 1, 2, 3              ``PickPile()``, ``PickDiscard()``, ``Pass()``, ``Keep()``
    4 + c                   ``Discard(c)`` for every card id c of the deck (D cards)
    4 + D                   step "new word": a word laid new follows
    5 + D                   step "done": the play is complete
    6 + D + i               step "change table word i" (i < D): its new cards follow
    6 + 2D + c              step "card c" (the next card of the current word)
    6 + 3D + x              step "the joker just named stands for letter x"
    chance_offset + c       ``Draw(c)``: card id c is drawn (c = 0 .. D - 1)
    ======================  ========================================================

    A ``Play`` is spelled: each change (in the play's order) as "change i" and its cards,
    each new word as "new word" and its cards, a joker's card followed by its letter,
    then "done". A table has at most D words and a play at most D cards, so every play of
    every position is spelled within this fixed range.
    """

    game = GAME_INFO.name

    def __init__(self, num_players: int, view: Any) -> None:
        super().__init__()
        from wordgames.wordmeld.actions import (
            Discard,
            Draw,
            Keep,
            Pass,
            PickDiscard,
            PickPile,
            Play,
        )

        f = wordmeld_fields(view)
        self.num_players = n = num_players
        self._D = D = len(f.card_letters)
        self.step_offset = 4 + D
        self._new, self._done, self._change0 = 4 + D, 5 + D, 6 + D
        self._card0, self._letter0 = 6 + 2 * D, 6 + 3 * D
        self._letter_step = {x: self._letter0 + i for i, x in enumerate(f.alphabet)}
        self.num_player_actions = self._letter0 + len(f.alphabet)
        self._set_width()
        # parts (changes + new words, at most 2D), cards (at most D), letters, done
        self.max_steps = 4 * D + 1
        self._kinds = kinds = (*f.alphabet, "*")
        self._kind_index = {k: i for i, k in enumerate(kinds)}
        self._card_kind = [self._kind_index[c] for c in f.card_letters]
        self.num_chance_outcomes = D
        self._Discard, self._Draw, self._Play = Discard, Draw, Play
        self._fixed: list[Any] = [PickPile(), PickDiscard(), Pass(), Keep()]
        self._fixed_of = {a: i for i, a in enumerate(self._fixed)}
        self._draws = [Draw(c) for c in range(D)]
        K = len(kinds)
        lay = self._layout
        lay.add("hand", K)  # viewer's cards per letter (alphabet, joker) / 5
        lay.add("table", K)  # cards on the table per letter / 5
        lay.add("discard_top", K + 1)  # one-hot letter of the discard pile's top (last: none)
        lay.add("discard", K)  # the whole discard pile per letter / 5
        lay.add("drawn", K + 1)  # one-hot letter of the card just drawn (last: none)
        lay.add("unseen", K)  # cards the viewer cannot see, per letter / 10
        lay.add("known", n, K)  # per seat (viewer first): cards known to be held, per letter / 5
        lay.add("hand_sizes", n)  # per seat (viewer first) / 20
        lay.add("melded", n)  # per seat: has played a word
        lay.add("departed", n)  # per seat: resigned
        lay.add("to_act", n)  # one-hot: the seat on turn
        lay.add("phase", 5)  # draw, turn, discard, took, over
        lay.add("counters", 4)  # pile size / D, discard size / D, table words / 20, idle rounds
        lay.add("pending", 4)  # a play being chosen; current word new; changed; words so far / 4
        lay.add("pending_cards", K)  # cards chosen so far in the play, per letter / 5
        lay.add("pending_target", K)  # the table word being changed, per letter / 5
        lay.add("pending_word", _PENDING_LETTERS, K)  # the current word's letters so far

    def encode_chance(self, outcome: Any) -> int:
        if type(outcome) is self._Draw:
            c = outcome.card
            if type(c) is int and 0 <= c < self._D:
                return self.chance_offset + c
        raise ValueError(f"{outcome!r} is not a draw of this deck")

    def decode_chance(self, index: int) -> Any:
        self._check_index(index)
        if index < self.chance_offset:
            raise ValueError(f"index {index} is not a chance outcome")
        return self._draws[index - self.chance_offset]

    def _fixed_index(self, view: Any, action: Any) -> int | None:
        try:
            i = self._fixed_of.get(action)
        except TypeError:  # unhashable: not an action of this game
            i = None
        if i is not None:
            return i
        if type(action) is self._Discard:
            c = action.card
            if type(c) is int and 0 <= c < self._D:
                return 4 + c
            raise ValueError(f"{action} discards a card the deck does not have")
        return None

    def _fixed_action(self, view: Any, index: int) -> Any:
        return self._fixed[index] if index < 4 else self._Discard(index - 4)

    def step_name(self, index: int) -> str:
        """``"new word"``, ``"done"``, ``"change word 2"``, ``"card 17 (E)"`` or
        ``"as E"`` (the letter of the joker just named)."""
        if index == self._new:
            return "new word"
        if index == self._done:
            return "done"
        if self._change0 <= index < self._card0:
            return f"change word {index - self._change0}"
        if self._card0 <= index < self._letter0:
            c = index - self._card0
            return f"card {c} ({self._kinds[self._card_kind[c]]})"
        if self._letter0 <= index < self.num_player_actions:
            return f"as {self._kinds[index - self._letter0]}"
        raise ValueError(f"index {index} is not a step")

    def _steps_of(self, view: Any, action: Any) -> Steps:
        if type(action) is not self._Play:
            raise ValueError(f"{action!r} is not a WordMeld action")
        D, card0 = self._D, self._card0
        letters = dict(action.letters) if action.letters else None
        parts = [(self._change0 + i, i, word) for i, word in action.changes]
        parts += [(self._new, 0, word) for word in action.new]
        out: list[int] = []
        for head, i, word in parts:
            if not 0 <= i < D:
                raise ValueError(f"{action} changes a table word that cannot exist")
            out.append(head)
            for c in word:
                if not 0 <= c < D:
                    raise ValueError(f"{action} names a card the deck does not have")
                out.append(card0 + c)
                if letters is not None:
                    x = letters.pop(c, None)
                    if x is not None:
                        out.append(self._letter_step[x])
        if letters:  # a letter for a card no word names: not spelled, not listed
            raise ValueError(f"{action} names letters of cards it does not use")
        out.append(self._done)
        return tuple(out)

    def observe(self, view: Any, prefix: Steps = ()) -> Obs:
        f = wordmeld_fields(view)
        n, K, D = self.num_players, len(self._kinds), self._D
        ck = self._card_kind
        out = np.zeros(self._layout.size, dtype=np.float32)
        parts = self._layout.parts
        hand0, table0, top0, dis0, drawn0, un0 = (
            parts[k][0] for k in ("hand", "table", "discard_top", "discard", "drawn", "unseen")
        )
        for c in f.hand or ():
            out[hand0 + ck[c]] += 0.2
        words = 0
        for w in f.table:
            words += 1
            for c in w:
                out[table0 + ck[c]] += 0.2
        if f.discard:
            out[top0 + ck[f.discard[-1]]] = 1.0
            for c in f.discard:
                out[dis0 + ck[c]] += 0.2
        else:
            out[top0 + K] = 1.0
        out[drawn0 + (K if f.drawn is None else ck[f.drawn])] = 1.0
        kind = self._kind_index
        for letter, count in f.unseen.items():
            out[un0 + kind[letter]] = count / 10.0
        me = view.viewer if view.viewer is not None else f.turn
        kn0, hs0, mel0, dep0, act0 = (
            parts[k][0] for k in ("known", "hand_sizes", "melded", "departed", "to_act")
        )
        acting = f.phase in ("turn", "discard", "took")
        for k, p in enumerate(_seats(n, me)):
            for c in f.known[p]:
                out[kn0 + K * k + ck[c]] += 0.2
            out[hs0 + k] = f.hand_sizes[p] / 20.0
            out[mel0 + k] = 1.0 if f.melded[p] else 0.0
            out[dep0 + k] = 1.0 if f.resigned[p] else 0.0
            if acting and p == f.turn:
                out[act0 + k] = 1.0
        out[parts["phase"][0] + ("draw", "turn", "discard", "took", "over").index(f.phase)] = 1.0
        c0 = parts["counters"][0]
        out[c0] = f.pile_size / D
        out[c0 + 1] = len(f.discard) / D
        out[c0 + 2] = words / 20.0
        out[c0 + 3] = f.idle / (f.max_idle or 10)
        if prefix:
            self._observe_pending(out, f.table, prefix)
        return out

    def _observe_pending(self, out: Obs, table: Any, prefix: Steps) -> None:
        ck = self._card_kind
        K = len(self._kinds)
        parts = self._layout.parts
        flags0, cards0, target0, word0 = (
            parts[k][0] for k in ("pending", "pending_cards", "pending_target", "pending_word")
        )
        out[flags0] = 1.0
        words = 0
        pos = 0
        for t in map(int, prefix):
            if t == self._new or self._change0 <= t < self._card0:
                words += 1
                pos = 0
                out[word0 : word0 + _PENDING_LETTERS * K] = 0.0
                out[target0 : target0 + K] = 0.0
                out[flags0 + 1] = 1.0 if t == self._new else 0.0
                out[flags0 + 2] = 0.0 if t == self._new else 1.0
                i = t - self._change0
                if t != self._new and i < len(table):
                    for c in table[i]:
                        out[target0 + ck[c]] += 0.2
            elif self._card0 <= t < self._letter0 and words:
                c = t - self._card0
                out[cards0 + ck[c]] += 0.2
                if pos < _PENDING_LETTERS:
                    out[word0 + K * pos + ck[c]] = 1.0
                pos += 1
            elif not (self._letter0 <= t < self.num_player_actions and pos):
                raise ValueError(f"steps {prefix!r} do not start a play (step {t})")
        out[flags0 + 3] = words / 4.0
