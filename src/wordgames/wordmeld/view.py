"""What one player may know of a WordMeld state."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Mapping
from typing import Any, ClassVar

import attrs

from wordgames._core.contract import ViewBase
from wordgames._core.errors import InvalidStateError
from wordgames._core.serial import (
    check_header,
    get_int,
    get_list,
    get_map,
    get_opt_int,
    get_ply,
    get_str,
    guarded_loader,
)
from wordgames._core.states import EndReason, deprecated_alias
from wordgames.wordmeld._serial import _bool_list, _departed, _int_list, upgrade
from wordgames.wordmeld.actions import Action
from wordgames.wordmeld.meld import MeldOption
from wordgames.wordmeld.rules import Rules
from wordgames.wordmeld.setup import Setup
from wordgames.wordmeld.state import (
    DISCARD,
    OVER,
    STATE_VERSION,
    Phase,
    State,
    _opt_reason,
    _winner_of,
    outcome_of,
)

__all__ = ["View"]

_ACTING = ("turn", "discard", "took")
_REASONS = frozenset(r.value for r in EndReason)
_PHASES = frozenset(p.value for p in Phase)


@attrs.frozen
class View(ViewBase):
    """A player's view: their own ``hand`` (None for a spectator), every hand's size and the
    cards each hand is ``known`` to hold, the public table, the draw pile's size and the whole
    discard pile (every card in it was discarded face up).

    ``drawn`` (the card just drawn from the pile) is shown only to the player who drew it.
    Card ids carry no hidden information: every draw takes a uniformly random card of the
    pile, so the ids of unseen cards are equally likely to be anywhere unseen.
    """

    GAME: ClassVar[str] = "wordmeld"

    viewer: int | None
    rules: Rules
    setup: Setup
    players: tuple[str, ...]
    hand: tuple[int, ...] | None
    hand_sizes: tuple[int, ...]
    known: tuple[tuple[int, ...], ...]
    departed: tuple[int, ...]
    table: tuple[tuple[int, ...], ...]
    table_letters: tuple[tuple[int, str], ...]
    pile_size: int
    discard: tuple[int, ...]
    melded: tuple[bool, ...]
    phase: Phase = attrs.field(converter=Phase)
    turn: int
    queue: tuple[int, ...]
    after: str
    drawn: int | None
    idle: int
    finisher: int | None
    end_reason: EndReason | None = attrs.field(converter=_opt_reason)
    ply: int
    _cache: dict[str, State] = attrs.field(init=False, eq=False, repr=False, factory=dict)

    def __getstate__(self) -> dict[str, Any]:
        return {f.name: getattr(self, f.name) for f in attrs.fields(View) if f.name != "_cache"}

    def __setstate__(self, data: dict[str, Any]) -> None:
        for name, value in data.items():
            object.__setattr__(self, name, value)
        object.__setattr__(self, "_cache", {})

    @classmethod
    def of(cls, state: State, viewer: int | None) -> View:
        """The view of ``state`` for ``viewer``."""
        if viewer is not None and not (type(viewer) is int and 0 <= viewer < state.num_players):
            raise ValueError(f"no player {viewer!r}")
        return cls(
            viewer,
            state.rules,
            state.setup,
            state.players,
            None if viewer is None else state.hands[viewer],
            tuple(len(h) for h in state.hands),
            state.known,
            state.departed,
            state.table,
            state.table_letters,
            len(state.pile),
            state.discard,
            state.melded,
            state.phase,
            state.turn,
            state.queue,
            state.after,
            state.drawn if viewer is not None and viewer == state.turn else None,
            state.idle,
            state.finisher,
            state.end_reason,
            state.ply,
        )

    # -- the common members ----------------------------------------------------------------

    @property
    def num_players(self) -> int:
        """Number of players."""
        return len(self.players)

    @property
    def current_player(self) -> int | None:
        """The player to act (None at chance nodes and at the end)."""
        return self.turn if self.phase in _ACTING else None

    @property
    def scores(self) -> tuple[int, ...]:
        """The state's ``scores``: zeros until the end, then the outcome's scores."""
        if self.phase != OVER:
            return (0,) * self.num_players
        return outcome_of(
            self.hand_sizes, self.departed, self.finisher, self.end_reason or EndReason.BLOCKED
        ).scores

    @property
    @deprecated_alias("View.resigned", "View.departed")
    def resigned(self) -> tuple[bool, ...]:
        """Deprecated: per player, whether they left (``p in departed``)."""
        departed = self.departed
        return tuple(i in departed for i in range(len(self.players)))

    @property
    @deprecated_alias("View.reason", "View.end_reason")
    def reason(self) -> EndReason | None:
        """Deprecated: ``end_reason``."""
        return self.end_reason

    @property
    @deprecated_alias("View.winner", "View.finisher (who won: the state's outcome.winners)")
    def winner(self) -> int | None:
        """Deprecated: 0.1.0's ``winner``, the finisher or the one player left after
        resignations."""
        return _winner_of(self.departed, len(self.players), self.finisher, self.end_reason)

    @property
    def discard_top(self) -> int | None:
        """The discard pile's top card (the one ``pick discard`` takes), or None."""
        return self.discard[-1] if self.discard else None

    @property
    def discard_size(self) -> int:
        """Cards on the discard pile."""
        return len(self.discard)

    @property
    def unseen(self) -> Counter[str]:
        """A fresh multiset of the letters (``*`` for jokers) of the cards the viewer cannot
        see: the draw pile and the other hands' cards that are not known."""
        cl = self.setup.deck.card_letters
        return Counter(cl[c] for c in self._unseen_ids())

    def _unseen_ids(self) -> list[int]:
        seen = set(self.hand or ())
        seen.update(c for w in self.table for c in w)
        seen.update(self.discard)
        for k in self.known:
            seen.update(k)
        return [c for c in range(self.setup.deck.size) if c not in seen]

    # -- determinisation -------------------------------------------------------------------

    def sample_state(self, rng: random.Random) -> State:
        """A full state consistent with this view, every consistent state equally likely:
        the unseen cards are dealt at random to the other hands (beside the cards they are
        known to hold) and the draw pile."""
        unseen = self._unseen_ids()
        rng.shuffle(unseen)
        hands: list[tuple[int, ...]] = []
        pos = 0
        for i, size in enumerate(self.hand_sizes):
            if i == self.viewer and self.hand is not None:
                hands.append(self.hand)
                continue
            k = size - len(self.known[i])
            hands.append(tuple(sorted((*self.known[i], *unseen[pos : pos + k]))))
            pos += k
        pile = tuple(sorted(unseen[pos:]))
        drawn = self.drawn
        if self.phase == DISCARD and drawn is None:
            known = set(self.known[self.turn])
            hidden = [c for c in hands[self.turn] if c not in known]
            drawn = hidden[rng.randrange(len(hidden))]
        return State(
            self.rules,
            self.setup,
            self.players,
            tuple(hands),
            pile,
            self.discard,
            self.table,
            self.table_letters,
            self.melded,
            self.phase,
            self.turn,
            self.queue,
            self.after,
            drawn,
            self.idle,
            self.finisher,
            self.end_reason,
            self.known,
            self.departed,
            self.ply,
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

    # -- JSON ------------------------------------------------------------------------------

    def to_dict(self) -> dict[str, Any]:
        """JSON-safe form."""
        return {
            "game": "wordmeld",
            "kind": "view",
            "version": STATE_VERSION,
            "viewer": self.viewer,
            "rules": self.rules.to_dict(),
            "setup": self.setup.to_dict(),
            "players": list(self.players),
            "hand": None if self.hand is None else list(self.hand),
            "hand_sizes": list(self.hand_sizes),
            "known": [list(k) for k in self.known],
            "departed": list(self.departed),
            "table": [list(w) for w in self.table],
            "table_letters": [[c, s] for c, s in self.table_letters],
            "pile_size": self.pile_size,
            "discard": list(self.discard),
            "melded": list(self.melded),
            "phase": self.phase.value,
            "turn": self.turn,
            "queue": list(self.queue),
            "after": self.after,
            "drawn": self.drawn,
            "idle": self.idle,
            "finisher": self.finisher,
            "end_reason": None if self.end_reason is None else self.end_reason.value,
            "ply": self.ply,
        }

    @classmethod
    def from_dict(cls, data: Any) -> View:
        """Read :meth:`to_dict` output. The view is checked by rebuilding a consistent
        state from it (:class:`InvalidStateError` on bad data, and nothing else)."""
        return _view_from_dict(data)


@guarded_loader
def _view_from_dict(data: Any) -> View:
    d: Mapping[str, Any] = check_header(upgrade(data, "view"), "wordmeld", "view", STATE_VERSION)
    rules = Rules.from_dict(get_map(d, "rules"))
    setup = Setup.from_dict(get_map(d, "setup"))
    size = setup.deck.size
    players = get_list(d, "players")
    if len(players) > rules.max_players or not all(isinstance(x, str) for x in players):
        raise InvalidStateError("players must be a short list of names")
    n = len(players)
    viewer = get_opt_int(d, "viewer", 0, max(0, n - 1))
    raw_hand = d.get("hand")
    hand = None if raw_hand is None else _int_list(raw_hand, "hand", size)
    if (hand is None) != (viewer is None):
        raise InvalidStateError("a player's view has their hand, a spectator's none")
    known_raw = get_list(d, "known")
    if len(known_raw) != n:
        raise InvalidStateError("known cards: one list per player expected")
    table_raw = get_list(d, "table")
    if len(table_raw) > size:
        raise InvalidStateError("more table words than cards")
    letters_raw = get_list(d, "table_letters")
    if len(letters_raw) > size:
        raise InvalidStateError("more joker letters than cards")
    letters = []
    for item in letters_raw:
        if not (isinstance(item, list) and len(item) == 2):
            raise InvalidStateError("bad table letter")
        letters.append((item[0], item[1]))
    reason = d.get("end_reason", "missing")
    if reason is not None and reason not in _REASONS:
        raise InvalidStateError("bad end_reason")
    phase = get_str(d, "phase")
    if phase not in _PHASES:
        raise InvalidStateError("bad phase")
    view = View(
        viewer,
        rules,
        setup,
        tuple(players),
        hand,
        _int_list(get_list(d, "hand_sizes"), "hand_sizes", n),
        tuple(_int_list(k, "known cards", size) for k in known_raw),
        _departed(d, n),
        tuple(_int_list(w, "table word", size) for w in table_raw),
        tuple(letters),
        get_int(d, "pile_size", 0, size),
        _int_list(get_list(d, "discard"), "discard", size),
        _bool_list(get_list(d, "melded"), "melded", n),
        phase,
        get_int(d, "turn", 0, max(0, n - 1)),
        _int_list(get_list(d, "queue"), "queue", max(size, n * rules.hand_size)),
        get_str(d, "after"),
        get_opt_int(d, "drawn", 0, size),
        get_int(d, "idle", 0, 10**6),
        get_opt_int(d, "finisher", 0, max(0, n - 1)),
        reason,
        get_ply(d),
    )
    if len(view.hand_sizes) != n or (
        hand is not None and len(hand) != view.hand_sizes[viewer or 0]
    ):
        raise InvalidStateError("hand sizes do not match")
    if any(len(k) > s for k, s in zip(view.known, view.hand_sizes, strict=True)):
        raise InvalidStateError("more known cards than cards in a hand")
    if sum(view.hand_sizes) + view.pile_size + len(view.discard) > size:
        raise InvalidStateError("more cards than the deck holds")
    # a consistent state must exist (State.from_dict checks every invariant)
    state = view.sample_state(random.Random(0))
    State.from_dict(state.to_dict())
    if state.view(viewer) != view:
        raise InvalidStateError("the view is not the view of any consistent state")
    return view
