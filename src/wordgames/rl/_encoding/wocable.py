"""The Wocable encoder (re-exported by :mod:`wordgames.rl.encoding`)."""

from __future__ import annotations

from typing import Any

import numpy as np

from wordgames.rl._encoding.base import Obs, Steps, _seats, _StepEncoder
from wordgames.rl._views import wocable_fields
from wordgames.wocable.info import GAME_INFO

__all__ = ["WocableEncoder"]


class WocableEncoder(_StepEncoder):
    """Wocable: ``Pass``, exchanges by rack positions, challenges, and placements in steps.

    ==========================  ====================================================
    index                       action or step
    ==========================  ====================================================
    0                           ``Pass()``
    m = 1 .. 127                ``Exchange`` of the tiles at the bits of ``m`` in the
                                viewer's sorted rack (bit 0 = first tile); a multiset
                                with repeated tiles uses the lowest such positions
    128, 129                    ``Challenge(viewer)``, ``Accept(viewer)`` (challenge rules)
    130 + (2q + d)R + k - 1     first step of a placement: its first new tile goes on
                                square q = row * size + col, across (d = 0) or down
                                (d = 1), and it places k = 1 .. R tiles (R = 7)
    tile_offset + t             each further step: the next tile in reading order,
                                letter t (t < L) or a blank standing for letter
                                t - L (L <= t < 2L)
    chance_offset + t           ``Draw`` of tile id ``t`` (the letters, then the blank)
    ==========================  ====================================================

    A placement of k tiles takes k + 1 steps; the tiles go on the first k empty squares
    from its first square on, so the steps spell it exactly, and every placement of every
    position has such a sequence (``num_player_actions = 130 + 2 * size² * R + 2L``).
    """

    game = GAME_INFO.name

    def __init__(self, num_players: int, view: Any) -> None:
        super().__init__()
        from wordgames.wocable.actions import (
            Accept,
            Challenge,
            Draw,
            Exchange,
            Pass,
            Place,
            split_tokens,
        )
        from wordgames.wocable.engine import RACK_SIZE

        f = wocable_fields(view)
        self.num_players = n = num_players
        self._Challenge, self._Accept, self._Place = Challenge, Accept, Place
        self._split = split_tokens
        self._tile_texts = f.tile_texts
        self._rack_cache: tuple[Any, list[str]] | None = None
        self._L = L = len(f.alphabet)
        self._R = R = RACK_SIZE
        self.num_chance_outcomes = L + 1
        self._size = S = f.size
        self.step_offset = 130
        #: first index of the tile steps
        self.tile_offset = 130 + 2 * S * S * R
        self.num_player_actions = self.tile_offset + 2 * L
        self._set_width()
        self.max_steps = R + 1
        # a tile token of a placement (``A``, ``CH``; lowercase for a blank) -> its step
        self._tile_step = {a: self.tile_offset + i for i, a in enumerate(f.alphabet)}
        self._tile_step.update(
            {a.lower(): self.tile_offset + L + i for i, a in enumerate(f.alphabet)}
        )
        self._Draw, self._Exchange, self._Pass = Draw, Exchange, Pass
        self._draws = [Draw(f.alphabet[i] if i < L else "?") for i in range(L + 1)]
        self._draw_index = {d.tile: i for i, d in enumerate(self._draws)}
        lay = self._layout
        lay.add("board", L + 2, S, S)  # planes: letter 0..L-1, blank flag, empty square
        lay.add("rack", L + 1)  # viewer's tiles per id (letters, blank) / 7
        lay.add("unseen", L + 1)  # tiles the viewer cannot see, per id / 10
        lay.add("scores", n)  # per seat (viewer first) / 500
        lay.add("rack_sizes", n)  # per seat / 7
        lay.add("departed", n)  # per seat: resigned or timed out
        lay.add("to_act", n)  # one-hot: the seat on turn
        lay.add("phase", 4)  # deal, draw, play, over
        lay.add("counters", 2)  # bag size / 100, scoreless turns in a row / 6
        lay.add("challenge", 2)  # window open; the challengeable play's score / 100
        lay.add("pending_square", S, S)  # a placement being chosen: its first square
        lay.add("pending_direction", 2)  # across, down
        lay.add("pending_length", R)  # one-hot: it places 1..R tiles
        lay.add("pending_tiles", R, 2 * L)  # the tiles chosen so far, one-hot each

    def encode_chance(self, outcome: Any) -> int:
        if type(outcome) is self._Draw:
            i = self._draw_index.get(outcome.tile)
            if i is not None:
                return self.chance_offset + i
        raise ValueError(f"{outcome!r} is not a draw of this tile set")

    def decode_chance(self, index: int) -> Any:
        self._check_index(index)
        if index < self.chance_offset:
            raise ValueError(f"index {index} is not a chance outcome")
        return self._draws[index - self.chance_offset]

    def _rack_texts(self, view: Any) -> list[str]:
        """The viewer's rack in notation, sorted by tile id (kept for the last view)."""
        cached = self._rack_cache
        if cached is not None and cached[0] is view:
            return cached[1]
        texts = self._tile_texts
        out = [texts[x] for x in sorted(wocable_fields(view).rack or ())]
        self._rack_cache = (view, out)
        return out

    def _fixed_index(self, view: Any, action: Any) -> int | None:
        if type(action) is self._Pass:
            return 0
        if type(action) in (self._Challenge, self._Accept):
            if action.player != view.viewer:
                raise ValueError(f"{action} is not the viewer's")
            return 128 if type(action) is self._Challenge else 129
        if type(action) is self._Exchange:
            rack = self._rack_texts(view)
            mask, used = 0, [False] * len(rack)
            for tok in self._split(action.tiles):
                text = tok if len(tok) == 1 else f"[{tok}]"
                for i, r in enumerate(rack):
                    if not used[i] and r == text:
                        used[i] = True
                        mask |= 1 << i
                        break
                else:
                    raise ValueError(f"{action} exchanges tiles the viewer does not hold")
            if not 1 <= mask <= 127:
                raise ValueError(f"{action} is not an exchange of rack tiles")
            return mask
        return None

    def _steps_of(self, view: Any, action: Any) -> Steps:
        if type(action) is not self._Place:
            raise ValueError(f"{action!r} is not a Wocable action")
        S, R = self._size, self._R
        step = self._tile_step
        word = action.word
        toks = word if "[" not in word else self._split(word)  # one character a tile
        first = -1
        tiles: list[int] = []
        for j, tok in enumerate(toks):
            if tok != ".":
                if first < 0:
                    first = j
                tiles.append(step[tok])
        k = len(tiles)
        across = bool(action.across)
        r = action.row + (0 if across else first)
        c = action.col + (first if across else 0)
        if not (0 < k <= R and 0 <= r < S and 0 <= c < S):
            raise ValueError(f"{action} places no tiles on the board")
        return (130 + (2 * (r * S + c) + (0 if across else 1)) * R + k - 1, *tiles)

    def step_name(self, index: int) -> str:
        """``"8H across, 3 tiles"`` for a first step, ``"tile E"`` / ``"tile e"`` (a blank)
        for a tile step."""
        R, S, L, t0 = self._R, self._size, self._L, self.tile_offset
        if 130 <= index < t0:
            sq_dir, k = divmod(index - 130, R)
            q, d = divmod(sq_dir, 2)
            r, c = divmod(q, S)
            col = chr(ord("A") + c)
            square = f"{r + 1}{col} across" if d == 0 else f"{col}{r + 1} down"
            return f"{square}, {k + 1} tile{'s' if k else ''}"
        if t0 <= index < self.num_player_actions:
            t = index - t0
            text = self._tile_texts[t % L]
            return f"tile {text if t < L else text.lower()}"
        raise ValueError(f"index {index} is not a step")

    def _fixed_action(self, view: Any, index: int) -> Any:
        if index == 0:
            return self._Pass()
        if index in (128, 129):
            if view.viewer is None:
                raise ValueError(f"slot {index} needs a player's view")
            return (self._Challenge if index == 128 else self._Accept)(view.viewer)
        rack = self._rack_texts(view)
        if index >> len(rack):
            raise ValueError(f"exchange slot {index} needs more tiles than the rack holds")
        return self._Exchange("".join(r for i, r in enumerate(rack) if index >> i & 1))

    def observe(self, view: Any, prefix: Steps = ()) -> Obs:
        f = wocable_fields(view)
        n, L, S = self.num_players, self._L, self._size
        out = np.zeros(self._layout.size, dtype=np.float32)
        parts = self._layout.parts
        cells = S * S
        board = np.asarray(f.board, dtype=np.int64)
        filled = board >= 0
        sq = np.nonzero(filled)[0]
        codes = board[sq]
        out[(codes & 63) * cells + sq] = 1.0
        out[L * cells + sq[(codes & 64) != 0]] = 1.0
        out[(L + 1) * cells + np.nonzero(~filled)[0]] = 1.0
        rack0 = parts["rack"][0]
        for x in f.rack or ():
            out[rack0 + x] += 1.0 / 7.0
        un0 = parts["unseen"][0]
        out[un0 : un0 + L + 1] = np.asarray(f.unseen, dtype=np.float32) / 10.0
        me = view.viewer if view.viewer is not None else f.turn
        sc0, rs0, dep0, act0 = (parts[k][0] for k in ("scores", "rack_sizes", "departed", "to_act"))
        for k, p in enumerate(_seats(n, me)):
            out[sc0 + k] = f.scores[p] / 500.0
            out[rs0 + k] = f.rack_sizes[p] / 7.0
            out[dep0 + k] = 1.0 if p in f.departed else 0.0
            if p == f.turn and f.phase == "play":
                out[act0 + k] = 1.0
        out[parts["phase"][0] + ("deal", "draw", "play", "over").index(f.phase)] = 1.0
        c0 = parts["counters"][0]
        out[c0] = f.bag_size / 100.0
        out[c0 + 1] = f.passes / 6.0
        if f.pending_score is not None:
            ch0 = parts["challenge"][0]
            out[ch0] = 1.0
            out[ch0 + 1] = f.pending_score / 100.0
        if prefix:
            self._observe_pending(out, prefix)
        return out

    def _observe_pending(self, out: Obs, prefix: Steps) -> None:
        R, t0 = self._R, self.tile_offset
        head = int(prefix[0]) - 130
        tiles = [int(t) - t0 for t in prefix[1:]]
        if not (0 <= head < t0 - 130 and len(tiles) < head % R + 1) or not all(
            0 <= t < 2 * self._L for t in tiles
        ):
            raise ValueError(f"steps {prefix!r} do not start a placement")
        sq_dir, k = divmod(head, R)
        q, d = divmod(sq_dir, 2)
        parts = self._layout.parts
        out[parts["pending_square"][0] + q] = 1.0
        out[parts["pending_direction"][0] + d] = 1.0
        out[parts["pending_length"][0] + k] = 1.0
        p0 = parts["pending_tiles"][0]
        for j, t in enumerate(tiles):
            out[p0 + 2 * self._L * j + t] = 1.0
