"""What one player may know of a WordMeld state."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Mapping
from typing import Any

import attrs

from wordgames._core.errors import InvalidStateError
from wordgames._core.serial import (
    check_header,
    get_bool,
    get_int,
    get_list,
    get_map,
    get_opt_int,
    get_str,
)
from wordgames.wordmeld.actions import Action
from wordgames.wordmeld.meld import MeldOption
from wordgames.wordmeld.rules import Rules
from wordgames.wordmeld.setup import Setup
from wordgames.wordmeld.state import DISCARD, State

__all__ = ["View"]


def _ints(v: Any, what: str) -> tuple[int, ...]:
    if not isinstance(v, list) or not all(
        isinstance(x, int) and not isinstance(x, bool) for x in v
    ):
        raise InvalidStateError(f"{what} must be a list of integers")
    return tuple(v)


@attrs.frozen
class View:
    """A player's view: their own ``hand`` (None for a spectator), every hand's size, the
    public table, the draw pile's size and the discard pile's top card and size.

    ``drawn`` (the card just drawn from the pile) is shown only to the player who drew it.
    """

    viewer: int | None
    rules: Rules
    setup: Setup
    players: tuple[str, ...]
    hand: tuple[int, ...] | None
    hand_sizes: tuple[int, ...]
    table: tuple[tuple[int, ...], ...]
    table_letters: tuple[tuple[int, str], ...]
    pile_size: int
    discard_top: int | None
    discard_size: int
    melded: tuple[bool, ...]
    phase: str
    turn: int
    queue: tuple[int, ...]
    after: str
    drawn: int | None
    idle: int
    winner: int | None
    reason: str | None
    _cache: dict[str, State] = attrs.field(init=False, eq=False, repr=False, factory=dict)

    @classmethod
    def of(cls, state: State, viewer: int | None) -> View:
        """The view of ``state`` for ``viewer``."""
        if viewer is not None and not (isinstance(viewer, int) and 0 <= viewer < state.num_players):
            raise ValueError(f"no player {viewer!r}")
        return cls(
            viewer,
            state.rules,
            state.setup,
            state.players,
            None if viewer is None else state.hands[viewer],
            tuple(len(h) for h in state.hands),
            state.table,
            state.table_letters,
            len(state.pile),
            state.discard[-1] if state.discard else None,
            len(state.discard),
            state.melded,
            state.phase,
            state.turn,
            state.queue,
            state.after,
            state.drawn if viewer is not None and viewer == state.turn else None,
            state.idle,
            state.winner,
            state.reason,
        )

    @property
    def num_players(self) -> int:
        """Number of players."""
        return len(self.players)

    def unseen(self) -> Counter[str]:
        """Letters (``*`` for jokers) of the cards the viewer cannot see: other hands, the
        draw pile and the discard pile below its top card."""
        return Counter(self.setup.deck.card_letters[c] for c in self._unseen_ids())

    def _unseen_ids(self) -> list[int]:
        known = set(self.hand or ())
        known.update(c for w in self.table for c in w)
        if self.discard_top is not None:
            known.add(self.discard_top)
        return [c for c in range(self.setup.deck.size) if c not in known]

    def sample_state(self, rng: random.Random) -> State:
        """A full state consistent with this view (hidden cards dealt at random)."""
        unseen = self._unseen_ids()
        rng.shuffle(unseen)
        hands: list[tuple[int, ...]] = []
        pos = 0
        for i, size in enumerate(self.hand_sizes):
            if i == self.viewer and self.hand is not None:
                hands.append(self.hand)
            else:
                hands.append(tuple(sorted(unseen[pos : pos + size])))
                pos += size
        below = self.discard_size - (1 if self.discard_top is not None else 0)
        discard = unseen[pos : pos + below]
        pos += below
        if self.discard_top is not None:
            discard.append(self.discard_top)
        pile = tuple(sorted(unseen[pos:]))
        drawn = self.drawn
        if self.phase == DISCARD and drawn is None:
            drawn = rng.choice(hands[self.turn])
        return State(
            self.rules,
            self.setup,
            self.players,
            tuple(hands),
            pile,
            tuple(discard),
            self.table,
            self.table_letters,
            self.melded,
            self.phase,
            self.turn,
            self.queue,
            self.after,
            drawn,
            self.idle,
            self.winner,
            self.reason,
        )

    def _proxy(self) -> State:
        # any consistent state gives the viewer's legal actions; keep one (and its caches)
        proxy = self._cache.get("proxy")
        if proxy is None:
            proxy = self._cache["proxy"] = self.sample_state(random.Random(0))
        return proxy

    def legal_actions(self) -> tuple[Action, ...]:
        """The viewer's legal actions when the viewer may act now, else ``()``."""
        if self.viewer is None or self.viewer != self.current_player:
            return ()
        return self._proxy().legal_actions(self.viewer)

    def play_options(self) -> tuple[MeldOption, ...]:
        """The viewer's enumerated plays with what each does (empty unless it is their turn
        to play)."""
        if self.viewer is None or self.viewer != self.current_player:
            return ()
        return self._proxy().play_options()

    @property
    def current_player(self) -> int | None:
        """The player to act (None at chance nodes and at the end)."""
        return self.turn if self.phase in ("turn", "discard", "took") else None

    def to_dict(self) -> dict[str, Any]:
        """JSON-safe form."""
        return {
            "game": "wordmeld",
            "kind": "view",
            "version": 1,
            "viewer": self.viewer,
            "rules": self.rules.to_dict(),
            "setup": self.setup.to_dict(),
            "players": list(self.players),
            "hand": None if self.hand is None else list(self.hand),
            "hand_sizes": list(self.hand_sizes),
            "table": [list(w) for w in self.table],
            "table_letters": [[c, s] for c, s in self.table_letters],
            "pile_size": self.pile_size,
            "discard_top": self.discard_top,
            "discard_size": self.discard_size,
            "melded": list(self.melded),
            "phase": self.phase,
            "turn": self.turn,
            "queue": list(self.queue),
            "after": self.after,
            "drawn": self.drawn,
            "idle": self.idle,
            "winner": self.winner,
            "reason": self.reason,
        }

    @classmethod
    def from_dict(cls, data: Any) -> View:
        """Read :meth:`to_dict` output. The view is checked by rebuilding a consistent
        state from it (:class:`InvalidStateError` on bad data)."""
        try:
            d: Mapping[str, Any] = check_header(data, "wordmeld", "view", 1)
            players = tuple(get_list(d, "players"))
            n = len(players)
            viewer = get_opt_int(d, "viewer", 0, max(0, n - 1))
            raw_hand = d.get("hand")
            hand = None if raw_hand is None else _ints(raw_hand, "hand")
            if (hand is None) != (viewer is None):
                raise InvalidStateError("a player's view has their hand, a spectator's none")
            letters = []
            for item in get_list(d, "table_letters"):
                if not (isinstance(item, list) and len(item) == 2):
                    raise InvalidStateError("bad table letter")
                letters.append((item[0], item[1]))
            reason = d.get("reason")
            if reason is not None and not isinstance(reason, str):
                raise InvalidStateError("bad reason")
            view = cls(
                viewer,
                Rules.from_dict(get_map(d, "rules")),
                Setup.from_dict(get_map(d, "setup")),
                players,
                hand,
                _ints(get_list(d, "hand_sizes"), "hand_sizes"),
                tuple(_ints(w, "table word") for w in get_list(d, "table")),
                tuple(letters),
                get_int(d, "pile_size", 0, 10**6),
                get_opt_int(d, "discard_top", 0, 10**6),
                get_int(d, "discard_size", 0, 10**6),
                tuple(get_bool({"b": b}, "b") for b in get_list(d, "melded")),
                get_str(d, "phase"),
                get_int(d, "turn", 0, 10**6),
                _ints(get_list(d, "queue"), "queue"),
                get_str(d, "after"),
                get_opt_int(d, "drawn", 0, 10**6),
                get_int(d, "idle", 0, 10**6),
                get_opt_int(d, "winner", 0, 10**6),
                reason,
            )
            if len(view.hand_sizes) != n or (
                hand is not None and len(hand) != view.hand_sizes[viewer or 0]
            ):
                raise InvalidStateError("hand sizes do not match")
            if (view.discard_top is None) != (view.discard_size == 0):
                raise InvalidStateError("discard top and size disagree")
            # a consistent state must exist
            State.from_dict(view.sample_state(random.Random(0)).to_dict())
            return view
        except InvalidStateError:
            raise
        except (KeyError, TypeError, AttributeError, ValueError, IndexError) as exc:
            raise InvalidStateError(f"malformed wordmeld view: {exc!r}") from None
