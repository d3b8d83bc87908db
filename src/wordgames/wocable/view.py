"""What one Wocable player (or a spectator) may know: :class:`View`, its sampling and JSON."""

from __future__ import annotations

import random
from collections import Counter
from typing import TYPE_CHECKING, Any, ClassVar

import attrs

from wordgames._core.contract import ViewBase
from wordgames._core.errors import InvalidStateError, ParseError, RulesError
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
from wordgames.lexicon import Lexicon
from wordgames.wocable.actions import (
    Accept,
    Action,
    Challenge,
    Pass,
    PendingPlay,
    Place,
    parse_action,
)
from wordgames.wocable.engine import (
    RACK_SIZE,
    Tiles,
    board_picture,
    board_rows,
    exchanges,
    parse_board,
    tiles_for,
)
from wordgames.wocable.info import GAME_INFO
from wordgames.wocable.movegen import Move, legal_places, move_of, ranked_moves
from wordgames.wocable.rules import Rules
from wordgames.wocable.shadow import LeaveFn, top_moves

if TYPE_CHECKING:
    from wordgames.wocable.state import State

__all__ = ["VIEW_VERSION", "View"]

VIEW_VERSION = 1
"""The version of the view's JSON (``"kind": "view"``)."""

_PHASES = ("deal", "draw", "play", "over")
_END_REASONS = ("played_out", "passes", "resigned", "timeout")


@attrs.frozen
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
    phase: str
    drawer: int
    to_draw: int
    aside_size: int
    own_aside: tuple[int, ...]
    passes: int
    departed: tuple[int, ...]
    removed_size: int
    end_reason: str | None
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
    def pending_end(self) -> str | None:
        """How the game ends if the challengeable play stands (see ``State.pending_end``)."""
        pp = self.pending_play
        if pp is None:
            return None
        if not self.rack_sizes[pp.player] and not self.bag_size:
            return "played_out"
        if self.passes >= self.rules.pass_limit:
            return "passes"
        return None

    @property
    def tiles(self) -> Tiles:
        """Derived tile and board data (internal encoding helpers)."""
        return tiles_for(self.rules, self.lexicon)

    @property
    def current_player(self) -> int | None:
        """The player on turn; ``None`` while a draw is pending and at the end."""
        return self.turn if self.phase == "play" else None

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
            mark = ">" if self.phase == "play" and p == self.turn else " "
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
        if self.phase != "play" or self.viewer != self.turn or self.rack is None:
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
            self.phase != "play"
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
            self.phase != "play"
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
        return _view_from_dict(data)


def _tiles_text(t: Tiles, d: Any, key: str, limit: int) -> tuple[int, ...]:
    text = get_str(d, key)
    if len(text) > limit:
        raise InvalidStateError(f"field {key!r} is too long ({len(text)} characters)")
    try:
        return t.parse_rack(text)
    except ValueError as exc:
        raise InvalidStateError(f"bad {key}: {exc}") from None


def _small_ints(d: Any, key: str, n_max: int, lo: int, hi: int) -> tuple[int, ...]:
    raw = get_list(d, key)
    if len(raw) > n_max:
        raise InvalidStateError(f"field {key!r} has more than {n_max} entries")
    if not all(type(x) is int and lo <= x <= hi for x in raw):
        raise InvalidStateError(f"field {key!r} must hold integers in [{lo}, {hi}]")
    return tuple(raw)


def pending_from_dict(raw: Any, n: int, pass_limit: int) -> PendingPlay | None:
    """The ``pending_play`` JSON field (None, or an object of player, place, score, words
    and passes), checked for its shape and ranges only."""
    if raw is None:
        return None
    if not isinstance(raw, dict) or set(raw) != {"player", "place", "score", "words", "passes"}:
        raise InvalidStateError(
            "pending_play must be null or {player, place, score, words, passes}"
        )
    text = get_str(raw, "place")
    if len(text) > 80:
        raise InvalidStateError("pending_play.place is too long")
    try:
        place = parse_action(text)
    except ParseError:
        raise InvalidStateError("pending_play.place is not a placement") from None
    if not isinstance(place, Place):
        raise InvalidStateError("pending_play.place is not a placement")
    words = get_list(raw, "words")
    if not 1 <= len(words) <= 16 or not all(type(w) is str and 2 <= len(w) <= 64 for w in words):
        raise InvalidStateError("pending_play.words must be 1-16 words")
    return PendingPlay(
        player=get_int(raw, "player", 0, n - 1),
        place=place,
        score=get_int(raw, "score", 0, 10_000),
        words=tuple(words),
        passes=get_int(raw, "passes", 0, max(0, pass_limit - 1)),
    )


@guarded_loader
def _view_from_dict(data: Any) -> View:
    d = check_header(data, "wocable", "view", VIEW_VERSION)
    try:
        rules = Rules.from_dict(get_map(d, "rules"))
    except RulesError as exc:
        raise InvalidStateError(f"bad rules: {str(exc)[:80]}") from None
    lex = Lexicon.by_digest(get_str(get_map(d, "lexicon"), "digest"))
    if lex is None:
        raise InvalidStateError("the view's lexicon is not loaded")
    try:
        t = tiles_for(rules, lex)
    except RulesError as exc:
        raise InvalidStateError(str(exc)[:80]) from None
    names = get_list(d, "players")
    lo, hi = GAME_INFO.min_players, GAME_INFO.max_players
    if not lo <= len(names) <= hi or not all(type(x) is str for x in names):
        raise InvalidStateError(f"a view needs {lo}-{hi} player names")
    n = len(names)
    viewer = get_opt_int(d, "viewer", 0, n - 1)
    rack = None if d["rack"] is None else _tiles_text(t, d, "rack", 4 * RACK_SIZE)
    unseen = [0] * (t.blank + 1)
    for x in _tiles_text(t, d, "unseen", 4 * t.total):
        unseen[x] += 1
    phase = get_str(d, "phase")
    if phase not in _PHASES:
        raise InvalidStateError("unknown phase")
    end_reason = d["end_reason"]
    if end_reason is not None and end_reason not in _END_REASONS:
        raise InvalidStateError("unknown end reason")
    pending = pending_from_dict(d.get("pending_play"), n, rules.pass_limit)
    own_drawn = _tiles_text(t, {"x": d.get("own_pending_drawn", "")}, "x", 4 * RACK_SIZE)
    drawn_size = get_int({"x": d.get("pending_drawn_size", 0)}, "x", 0, RACK_SIZE)
    if pending is None and (drawn_size or own_drawn):
        raise InvalidStateError("pending draws without a pending play")
    return View(
        viewer=viewer,
        rules=rules,
        lexicon=lex,
        players=tuple(names),
        board=parse_board(t, get_list(d, "board")),
        rack=rack,
        rack_sizes=_small_ints(d, "rack_sizes", n, 0, RACK_SIZE),
        scores=_small_ints(d, "scores", n, -(10**9), 10**9),
        bag_size=get_int(d, "bag_size", 0, t.total),
        unseen_counts=tuple(unseen),
        turn=get_int(d, "turn", 0, n - 1),
        phase=phase,
        drawer=get_int(d, "drawer", -1, n - 1),
        to_draw=get_int(d, "to_draw", 0, RACK_SIZE),
        aside_size=get_int(d, "aside_size", 0, RACK_SIZE),
        own_aside=_tiles_text(t, d, "own_aside", 4 * RACK_SIZE),
        passes=get_int(d, "passes", 0, 10**6),
        departed=_small_ints(d, "departed", n, 0, n - 1),
        removed_size=get_int(d, "removed_size", 0, t.total),
        end_reason=end_reason,
        ply=get_ply(d),
        pending_play=pending,
        pending_drawn_size=drawn_size,
        own_pending_drawn=own_drawn,
    )
