"""What one Wocable player (or a spectator) may know: :class:`View`, its sampling and JSON."""

from __future__ import annotations

import random
from collections import Counter
from typing import TYPE_CHECKING, Any, ClassVar

import attrs

from wordgames._core.contract import ViewBase
from wordgames._core.states import EndReason, state_class
from wordgames.lexicon import Lexicon
from wordgames.wocable._phase import Phase
from wordgames.wocable.actions import Accept, Action, Challenge, Pass, PendingPlay
from wordgames.wocable.engine import (
    BLANK_BIT,
    Tiles,
    board_picture,
    board_rows,
    exchanges,
    tiles_for,
)
from wordgames.wocable.movegen import Move, legal_places, move_of, ranked_moves
from wordgames.wocable.rules import Rules
from wordgames.wocable.shadow import LeaveFn, top_moves

if TYPE_CHECKING:
    from wordgames.wocable.state import State

__all__ = ["VIEW_VERSION", "View"]

VIEW_VERSION = 1
"""The version of the view's JSON (``"kind": "view"``)."""

_PLAY = Phase.PLAY  # a module global: the enum-class lookup is slow on Python 3.11


@state_class
class View(ViewBase):
    """What ``viewer`` may know of a state: the board, scores, own rack and exchange, every
    rack's size, the bag's size and what is hidden: ``unseen_counts`` (tile-id counts of the
    bag, the other racks and tiles put aside or removed) and :attr:`unseen` (the same as a
    ``Counter`` of tile names)."""

    GAME: ClassVar[str] = "wocable"

    viewer: int | None
    rules: Rules
    lexicon: Lexicon
    players: tuple[str, ...]
    board: tuple[int, ...]
    rack: tuple[int, ...] | None
    rack_sizes: tuple[int, ...]
    scores: tuple[int, ...]
    bag_size: int
    unseen_counts: tuple[int, ...]
    turn: int
    phase: Phase = attrs.field(converter=Phase)
    drawer: int
    to_draw: int
    aside_size: int
    own_aside: tuple[int, ...]
    passes: int
    departed: tuple[int, ...]
    removed_size: int
    end_reason: EndReason | None = attrs.field(converter=attrs.converters.optional(EndReason))
    ply: int = 0
    #: the play that may be challenged (public), as on the state
    pending_play: PendingPlay | None = None
    #: how many tiles its player drew since (which ones is hidden from the others)
    pending_drawn_size: int = 0
    #: those tiles, for the viewer who made the play (else empty)
    own_pending_drawn: tuple[int, ...] = ()

    @property
    def challenge_window(self) -> bool:
        """True while the last play may be challenged (see ``State.challenge_window``)."""
        return self.pending_play is not None

    @property
    def pending_end(self) -> EndReason | None:
        """How the game ends if the challengeable play stands (see ``State.pending_end``)."""
        pp = self.pending_play
        if pp is None:
            return None
        if not self.rack_sizes[pp.player] and not self.bag_size:
            return EndReason.PLAYED_OUT
        if self.passes >= self.rules.pass_limit:
            return EndReason.PASSES
        return None

    @property
    def tiles(self) -> Tiles:
        """Derived tile and board data (internal encoding helpers)."""
        return tiles_for(self.rules, self.lexicon)

    @property
    def current_player(self) -> int | None:
        """The player on turn; ``None`` while a draw is pending and at the end."""
        return self.turn if self.phase is _PLAY else None

    @property
    def unseen(self) -> Counter[str]:
        """The tiles hidden from the viewer by name, as :class:`Draw` names them (``"E"``,
        ``"CH"``, ``"?"`` for a blank): the bag, other racks, tiles put aside or removed."""
        t = self.tiles
        return Counter(
            {
                ("?" if i == t.blank else t.alphabet[i]): k
                for i, k in enumerate(self.unseen_counts)
                if k
            }
        )

    def rack_text(self) -> str:
        """The viewer's rack in notation (``?`` = blank; ``""`` for a spectator)."""
        return "" if self.rack is None else self.tiles.rack_text(self.rack)

    def __str__(self) -> str:
        """The board, each player's score with the viewer's rack (others: tile counts), the
        bag and the play open to a challenge, as text."""
        t = self.tiles
        lines = board_picture(t, self.board)
        for p, name in enumerate(self.players):
            mark = ">" if self.phase is _PLAY and p == self.turn else " "
            tiles = (
                f"[{t.rack_text(self.rack)}]"
                if p == self.viewer and self.rack is not None
                else f"{self.rack_sizes[p]} tiles"
            )
            gone = " (left)" if p in self.departed else ""
            lines.append(f"{mark}{name}: {self.scores[p]} {tiles}{gone}")
        lines.append(f"bag {self.bag_size}")
        pp = self.pending_play
        if pp is not None and self.challenge_window:
            words = " ".join(pp.words)
            lines.append(f"challenge window: {self.players[pp.player]} {pp.place} ({words})")
        return "\n".join(lines)

    def legal_actions(self) -> tuple[Action, ...]:
        """The viewer's legal actions when it is their turn, else ()."""
        if self.phase is not _PLAY or self.viewer != self.turn or self.rack is None:
            return ()
        t = self.tiles
        acts: list[Action] = []
        if self.pending_end is None:
            acts.extend(legal_places(t, self.board, self.rack))
            acts.extend(exchanges(t, self.rack, self.bag_size, self.rules))
            acts.append(Pass())
        if self.pending_play is not None:
            acts.extend((Challenge(self.turn), Accept(self.turn)))
        return tuple(acts)

    def moves(self) -> list[Move]:
        """The viewer's placements with scores, best first (empty when not on turn)."""
        if (
            self.phase is not _PLAY
            or self.viewer != self.turn
            or self.rack is None
            or self.pending_end is not None
        ):
            return []
        t = self.tiles
        return ranked_moves(t, self.board, self.rack)

    def best_moves(self, n: int = 1, *, leave: LeaveFn | None = None) -> list[Move]:
        """The viewer's ``n`` best placements (empty when not on turn): by score, or with
        ``leave`` by score plus the value of the tiles kept; ties go to the smaller notation.
        The first ``n`` of the full list ranked the same way, found by the shadow-bounded
        search of :mod:`wordgames.wocable.shadow` (see :meth:`State.best_moves`). Empty, like
        :meth:`moves`, while a game-ending play waits for ``Challenge`` or ``Accept``."""
        if (
            self.phase is not _PLAY
            or self.viewer != self.turn
            or self.rack is None
            or self.pending_end is not None
        ):
            return []
        t, rack = self.tiles, self.rack
        return [
            move_of(t, self.board, rack, raw) for raw in top_moves(t, self.board, rack, n, leave)
        ]

    def sample_state(self, rng: random.Random) -> State:
        """A full state consistent with this view: the unseen tiles dealt at random to the
        other racks, the hidden exchange, the removed pile and the bag."""
        from wordgames.wocable.state import State

        pool = [i for i, k in enumerate(self.unseen_counts) for _ in range(k)]
        rng.shuffle(pool)
        n = len(self.players)
        racks: list[tuple[int, ...]] = []
        for p in range(n):
            if p == self.viewer and self.rack is not None:
                racks.append(self.rack)
            else:
                k = self.rack_sizes[p]
                racks.append(tuple(sorted(pool[:k])))
                del pool[:k]
        if self.own_aside:
            aside = self.own_aside
        else:
            aside = tuple(sorted(pool[: self.aside_size]))
            del pool[: self.aside_size]
        removed = tuple(sorted(pool[: self.removed_size]))
        del pool[: self.removed_size]
        bag = [0] * len(self.unseen_counts)
        for x in pool:
            bag[x] += 1
        drawn: tuple[int, ...] = ()
        pp = self.pending_play
        if pp is not None and self.pending_drawn_size:
            if pp.player == self.viewer:
                drawn = self.own_pending_drawn
            else:  # the drawn tiles are some of the (sampled) rack
                drawn = tuple(sorted(rng.sample(racks[pp.player], self.pending_drawn_size)))
        return State(
            rules=self.rules,
            lexicon=self.lexicon,
            players=self.players,
            board=self.board,
            racks=tuple(racks),
            bag=tuple(bag),
            scores=self.scores,
            turn=self.turn,
            phase=self.phase,
            drawer=self.drawer,
            to_draw=self.to_draw,
            aside=aside,
            passes=self.passes,
            departed=self.departed,
            removed=removed,
            end_reason=self.end_reason,
            ply=self.ply,
            pending_play=pp,
            pending_drawn=drawn,
        )

    def to_dict(self) -> dict[str, Any]:
        """JSON-safe form (``unseen`` as a tile string); :meth:`from_dict` reads it back."""
        t = self.tiles
        return {
            "game": "wocable",
            "kind": "view",
            "version": VIEW_VERSION,
            "viewer": self.viewer,
            "rules": self.rules.to_dict(),
            "lexicon": {"name": self.lexicon.name, "digest": self.lexicon.digest},
            "players": list(self.players),
            "board": board_rows(t, self.board),
            "rack": None if self.rack is None else t.rack_text(self.rack),
            "rack_sizes": list(self.rack_sizes),
            "scores": list(self.scores),
            "bag_size": self.bag_size,
            "unseen": t.rack_text([i for i, k in enumerate(self.unseen_counts) for _ in range(k)]),
            "turn": self.turn,
            "phase": self.phase,
            "drawer": self.drawer,
            "to_draw": self.to_draw,
            "aside_size": self.aside_size,
            "own_aside": t.rack_text(self.own_aside),
            "passes": self.passes,
            "departed": list(self.departed),
            "removed_size": self.removed_size,
            "end_reason": self.end_reason,
            "ply": self.ply,
            "pending_play": None if self.pending_play is None else self.pending_play.to_dict(),
            "pending_drawn_size": self.pending_drawn_size,
            "own_pending_drawn": t.rack_text(self.own_pending_drawn),
        }

    @classmethod
    def from_dict(cls, data: Any) -> View:
        """Inverse of :meth:`to_dict` (:class:`InvalidStateError`, and only that, on
        malformed data; sizes are checked before anything is parsed)."""
        from wordgames.wocable._serial import view_from_dict

        return view_from_dict(data)


def view_of(state: State, player: int | None) -> View:
    """``State.view``: what ``player`` may know of ``state`` (checked by the caller)."""
    t = state.tiles
    unseen = list(t.counts)
    for v in state.board:
        if v >= 0:
            unseen[t.blank if v & BLANK_BIT else v] -= 1
    own_aside: tuple[int, ...] = ()
    rack: tuple[int, ...] | None = None
    if player is not None:
        rack = state.racks[player]
        for x in rack:
            unseen[x] -= 1
        if state.aside and state.drawer == player:
            own_aside = state.aside
            for x in own_aside:
                unseen[x] -= 1
    return View(
        viewer=player,
        rules=state.rules,
        lexicon=state.lexicon,
        players=state.players,
        board=state.board,
        rack=rack,
        rack_sizes=tuple(len(r) for r in state.racks),
        scores=state.scores,
        bag_size=sum(state.bag),
        unseen_counts=tuple(unseen),
        turn=state.turn,
        phase=state.phase,
        drawer=state.drawer,
        to_draw=state.to_draw,
        aside_size=len(state.aside),
        own_aside=own_aside,
        passes=state.passes,
        departed=state.departed,
        removed_size=len(state.removed),
        end_reason=state.end_reason,
        ply=state.ply,
        pending_play=state.pending_play,
        pending_drawn_size=len(state.pending_drawn),
        own_pending_drawn=(
            state.pending_drawn
            if state.pending_play is not None and player == state.pending_play.player
            else ()
        ),
    )
