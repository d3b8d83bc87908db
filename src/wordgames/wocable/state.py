"""Wocable game state and ``new_game`` (views: :mod:`wordgames.wocable.view`)."""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from fractions import Fraction
from typing import Any, ClassVar

import attrs

from wordgames._core.contract import NOT_CHANCE_NODE, StateBase, check_player
from wordgames._core.errors import IllegalActionError, RulesError, short_repr
from wordgames._core.outcome import GameOutcome, player_names
from wordgames._core.states import EndReason, derive, state_class, warn_deprecated
from wordgames.lexicon import Lexicon
from wordgames.wocable._challenge import apply_accept, apply_challenge
from wordgames.wocable._checks import SQUARE, examine, normalize, place_tiles
from wordgames.wocable._phase import REASONS, Phase
from wordgames.wocable._transitions import (
    apply_depart,
    apply_draw,
    apply_exchange,
    apply_pass,
    apply_place,
)
from wordgames.wocable.actions import (
    Accept,
    Action,
    Challenge,
    Draw,
    Exchange,
    Pass,
    PendingPlay,
    Place,
    Resign,
    Timeout,
    TimePenalty,
    parse_action,
    split_tokens,
)
from wordgames.wocable.engine import (
    EMPTY,
    RACK_SIZE,
    PlacementError,
    Tiles,
    board_picture,
    board_rows,
    check_placement,
    exchanges,
    is_phony,
    position_text,
    tiles_for,
)
from wordgames.wocable.info import GAME_INFO
from wordgames.wocable.movegen import (
    Move,
    RawMove,
    legal_places,
    move_of,
    place_of,
    places,
    ranked_moves,
    raw_moves,
)
from wordgames.wocable.rules import Rules
from wordgames.wocable.shadow import LeaveFn, top_moves
from wordgames.wocable.view import View, view_of

__all__ = ["PendingPlay", "Phase", "State", "View", "new_game"]

VERSION = 1
"""The version of the state's JSON."""
# the members as module globals: ``Phase.PLAY`` is an attribute lookup on the enum class,
# slow on Python 3.11, and the hot paths compare phases with ``is``
_DEAL, _DRAW, _PLAY, _OVER = Phase
_PLAYED_OUT, _PASSES = EndReason.PLAYED_OUT, EndReason.PASSES
_DEPRECATED = {
    "PHASES": ("wordgames.wocable.state.PHASES", "wordgames.wocable.Phase", tuple(Phase)),
    "END_REASONS": ("wordgames.wocable.state.END_REASONS", "wordgames.EndReason", REASONS),
}


def __getattr__(name: str) -> Any:
    """The tuples of phase and end-reason names of 0.1.0, deprecated (the enums replace them)."""
    if name in _DEPRECATED:
        old, new, value = _DEPRECATED[name]
        warn_deprecated(old, new)
        return value
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def default_lexicon(rules: Rules) -> Lexicon:
    """The builtin lexicon of the rules' tile set (ENABLE for ``en``, Spanish for ``es``:
    ``"es"``, or ``"es-all"`` under ``Rules.split_digraphs``)."""
    return Lexicon.builtin(rules.lexicon_name)


def new_game(
    players: int | Sequence[str] = 2,
    *,
    rules: Rules | None = None,
    lexicon: Lexicon | None = None,
) -> State:
    """A new game for 2-4 players: a chance node dealing 7 tiles to each player in turn
    (player 0 first; player 0 also moves first). ``lexicon`` defaults to the builtin lexicon
    of the tile set's language.

    >>> import random, wordgames
    >>> from wordgames import wocable
    >>> state = wocable.new_game(["ann", "bob"])          # a chance node: the deal
    >>> state = wordgames.resolve_chance(state, random.Random(1))
    >>> state.rack_text(0), state.current_player
    ('ADEHPR?', 0)
    """
    rules = Rules() if rules is None else rules
    if not isinstance(rules, Rules):
        raise RulesError(
            f"rules must be a wocable.Rules or None, got {type(rules).__name__}"
            + (" (the tile set is Rules(tiles=...), e.g. Rules(tiles='es'))" if rules else "")
        )
    if lexicon is not None and not isinstance(lexicon, Lexicon):
        raise RulesError(
            f"lexicon must be a wordgames.lexicon.Lexicon or None, got {type(lexicon).__name__}"
        )
    names = player_names(players, GAME_INFO.min_players, GAME_INFO.max_players)
    lex = default_lexicon(rules) if lexicon is None else lexicon
    tiles = tiles_for(rules, lex)
    n = len(names)
    return State(
        rules=rules,
        lexicon=lex,
        players=names,
        board=(EMPTY,) * (tiles.size * tiles.size),
        racks=((),) * n,
        bag=tiles.counts,
        scores=(0,) * n,
        turn=0,
        phase=_DEAL,
        drawer=0,
        to_draw=RACK_SIZE,
        aside=(),
        passes=0,
        departed=(),
        removed=(),
        end_reason=None,
    )


@state_class(repr=False)
class State(StateBase):
    """A Wocable position (immutable). See the module docs and docs/wocable.md.

    ``phase`` is a :class:`Phase`: ``DEAL`` (chance: the opening deal, one tile at a time,
    ``drawer`` receiving), ``DRAW`` (chance: refilling ``drawer``'s rack after a move or
    exchange), ``PLAY`` (``turn`` must act), ``OVER`` (``end_reason``, an
    :class:`~wordgames.EndReason`, says why). ``departed`` lists the players who left, in the
    order they left (the order ranks them). ``ply`` counts the actions applied since
    ``new_game``.

    The derived tile data and the move cache live on the instance but never travel: pickles
    and copies carry only the fields (see ``__reduce__``), JSON only the public data.
    Transitions copy the instance dict (``derive``): the tile data is shared, the cache is new.
    """

    GAME: ClassVar[str] = "wocable"
    ACTION_TYPES: ClassVar[tuple[type, ...]] = (
        Place,
        Exchange,
        Pass,
        Draw,
        Resign,
        Timeout,
        Challenge,
        Accept,
        TimePenalty,
    )
    CHANCE_TYPES: ClassVar[tuple[type, ...]] = (Draw,)
    SERVER_TYPES: ClassVar[tuple[type, ...]] = (Timeout, TimePenalty)
    AFTER_END_TYPES: ClassVar[tuple[type, ...]] = (TimePenalty,)

    rules: Rules
    lexicon: Lexicon
    players: tuple[str, ...]
    board: tuple[int, ...]
    racks: tuple[tuple[int, ...], ...]
    bag: tuple[int, ...]
    scores: tuple[int, ...]
    turn: int
    phase: Phase = attrs.field(converter=Phase)
    drawer: int
    to_draw: int
    aside: tuple[int, ...]
    passes: int
    departed: tuple[int, ...]
    removed: tuple[int, ...]
    end_reason: EndReason | None = attrs.field(converter=attrs.converters.optional(EndReason))
    ply: int = 0
    #: the play that may be challenged (``Rules.word_check="challenge"``), else None
    pending_play: PendingPlay | None = None
    #: the tiles the pending play's player drew since (hidden; back to the bag if withdrawn)
    pending_drawn: tuple[int, ...] = ()
    _tiles: Tiles = attrs.field(init=False, eq=False, repr=False)
    _cache: dict[str, Any] = attrs.field(init=False, eq=False, repr=False)

    def __attrs_post_init__(self) -> None:
        object.__setattr__(self, "_tiles", tiles_for(self.rules, self.lexicon))
        object.__setattr__(self, "_cache", {})

    def __reduce__(self) -> tuple[Any, ...]:
        # only the fields travel (the lexicon pickles as a reference): no tile data, no cache
        return (State, tuple(getattr(self, name) for name in _FIELDS))

    # -- basic properties ------------------------------------------------------------------------

    @property
    def tiles(self) -> Tiles:
        """Derived tile and board data (internal encoding helpers)."""
        return self._tiles

    @property
    def num_players(self) -> int:
        """How many players the game started with (leavers included)."""
        return len(self.players)

    @property
    def active_players(self) -> tuple[int, ...]:
        """Players still in the game (not resigned or timed out)."""
        return tuple(p for p in range(len(self.players)) if p not in self.departed)

    @property
    def current_player(self) -> int | None:
        """The player on turn; ``None`` while tiles are dealt or drawn and at the end."""
        return self.turn if self.phase is _PLAY else None

    @property
    def players_to_act(self) -> frozenset[int]:
        """The player on turn, or nobody (chance nodes, the end)."""
        return frozenset((self.turn,)) if self.phase is _PLAY else frozenset()

    @property
    def is_chance_node(self) -> bool:
        """Whether tiles are being dealt or drawn (:meth:`chance_outcomes` lists the draws)."""
        return self.phase is _DEAL or self.phase is _DRAW

    @property
    def is_terminal(self) -> bool:
        """Whether the game has ended (:attr:`outcome` says how)."""
        return self.phase is _OVER

    @property
    def bag_size(self) -> int:
        """How many tiles are in the bag."""
        return sum(self.bag)

    @property
    def challenge_window(self) -> bool:
        """True while the last play may be challenged (``pending_play`` is set): it opens
        with a placement under ``Rules.word_check="challenge"`` and closes when the next
        player challenges, accepts or makes their own move."""
        return self.pending_play is not None

    @property
    def challenge_words(self) -> tuple[str, ...]:
        """The words the challengeable play formed (main word first); () without one."""
        return () if self.pending_play is None else self.pending_play.words

    @property
    def pending_end(self) -> EndReason | None:
        """How the game ends if the challengeable play stands (``EndReason.PLAYED_OUT`` or
        ``EndReason.PASSES``), else None; the next player must then challenge or accept."""
        pp = self.pending_play
        if pp is None:
            return None
        if not self.racks[pp.player] and not any(self.bag):
            return _PLAYED_OUT
        if self.passes >= self.rules.pass_limit:
            return _PASSES
        return None

    def pending_is_phony(self) -> bool:
        """Whether the challengeable play formed a word outside the lexicon (what a
        challenge finds out; everyone can work it out from the public board)."""
        pp = self.pending_play
        return pp is not None and is_phony(self._tiles, self.board, pp.place)

    @property
    def is_first_move(self) -> bool:
        """True while the board is empty (the next word must cover the centre)."""
        return all(v < 0 for v in self.board)

    @property
    def outcome(self) -> GameOutcome | None:
        """``None`` until the end, then the final scores, ranking, winners and reason."""
        if self.phase is not _OVER or self.end_reason is None:
            return None
        keys = []
        for p in range(len(self.players)):
            if p in self.departed:
                keys.append((0, self.departed.index(p), 0))
            else:
                keys.append((1, 0, self.scores[p]))
        return GameOutcome.from_keys(self.scores, keys, self.end_reason)

    def rack_text(self, player: int) -> str:
        """Player ``player``'s rack in notation (``?`` = blank)."""
        return self._tiles.rack_text(self.racks[player])

    def bag_text(self) -> str:
        """The bag's multiset in notation."""
        t = self._tiles
        return "".join(t.tile_text(i) * n for i, n in enumerate(self.bag))

    def board_rows(self) -> list[str]:
        """The board as one notation string per row (row 1 first)."""
        return board_rows(self._tiles, self.board)

    def at(self, square: str) -> str | None:
        """The tile on ``square`` (e.g. ``"H8"``, either case), lowercase for a blank, None if
        empty; ValueError for a square that is not on the board."""
        size = self._tiles.size
        m = SQUARE.match(square) if isinstance(square, str) else None
        col = ord(m.group(1).upper()) - ord("A") if m else -1
        row = int(m.group(2)) - 1 if m else -1
        if not (0 <= row < size and 0 <= col < size):
            raise ValueError(f"{short_repr(square)} is not a square of the board")
        v = self.board[row * size + col]
        return None if v < 0 else self._tiles.cell_text(v).strip("[]")

    # -- chance ------------------------------------------------------------------------------------

    def chance_outcomes(self) -> tuple[tuple[Action, Fraction], ...]:
        """At a chance node, each tile that can be drawn next with its exact probability; ``()``
        elsewhere."""
        if not self.is_chance_node:
            return ()
        total = sum(self.bag)
        t = self._tiles
        return tuple(
            (Draw(t.tile_text(i) if i == t.blank else t.alphabet[i]), Fraction(n, total))
            for i, n in enumerate(self.bag)
            if n
        )

    def sample_chance(self, rng: random.Random) -> Action:
        """One draw from the bag (uniform over tiles; no Fractions)."""
        if not self.is_chance_node:
            raise IllegalActionError(NOT_CHANCE_NODE, None, "no draw is pending")
        r = rng.randrange(sum(self.bag))
        for i, n in enumerate(self.bag):
            if r < n:
                t = self._tiles
                return Draw(t.tile_text(i) if i == t.blank else t.alphabet[i])
            r -= n
        raise AssertionError("unreachable")

    # -- legal actions -----------------------------------------------------------------------------

    def raw_moves(self) -> list[RawMove]:
        """Every legal placement of the player on turn, in generator order, as ``(head, score,
        placed)``: ``placed`` the tiles it puts down, ``((square, cell value), ...)`` in line
        order, and ``head`` its word's start square and direction (``square * 2 + across``);
        :meth:`action_of` makes its action. The placements :meth:`legal_actions` lists, so
        none at a chance node, at the end, or while a play that would end the game waits for
        ``Challenge`` or ``Accept``. The fastest way to list moves: no action is made for
        them (:meth:`moves` gives them ranked, with their actions and details)."""
        if self.phase is not _PLAY or self.pending_end is not None:
            return []
        c = self._cache.get("moves")
        if c is None:
            c = raw_moves(self._tiles, self.board, self.racks[self.turn])
            self._cache["moves"] = c
        return c

    def moves(self) -> list[Move]:
        """Every legal placement of the player on turn with its score, best first (the
        placements of :meth:`legal_actions`: empty where it lists none)."""
        if self.phase is not _PLAY or self.pending_end is not None:
            return []
        rack = self.racks[self.turn]
        return ranked_moves(self._tiles, self.board, rack, self.raw_moves())

    def action_of(self, raw: RawMove) -> Place:
        """The action of a raw move of :meth:`raw_moves` (or of
        :func:`~wordgames.wocable.shadow.top_moves` on this board)."""
        return place_of(self._tiles, self.board, raw)

    def best_moves(self, n: int = 1, *, leave: LeaveFn | None = None) -> list[Move]:
        """The ``n`` best placements of the player on turn, best first: by score, or with
        ``leave`` (sorted tile ids kept -> points, e.g. ``LeaveModel.for_tiles``) by score plus
        the leave; ties go to the smaller notation. Always the first ``n`` of the full list
        ranked the same way, but found by a shadow-bounded search that skips anchors which
        cannot reach the top ``n`` (:mod:`wordgames.wocable.shadow`). Empty where
        :meth:`legal_actions` lists no placement (a chance node, the end, a game-ending play
        waiting for ``Challenge`` or ``Accept``).

        >>> import random, wordgames
        >>> from wordgames import wocable
        >>> state = wordgames.resolve_chance(wocable.new_game(2), random.Random(1))
        >>> tuple((str(m.action), m.score, m.leave) for m in state.best_moves(2))
        (('8B EPHeDRA', 82, ''), ('8B ePHEDRA', 82, ''))
        """
        if self.phase is not _PLAY or self.pending_end is not None:
            return []
        if leave is None and "moves" in self._cache:
            return self.moves()[:n]
        rack = self.racks[self.turn]
        return [
            move_of(self._tiles, self.board, rack, raw)
            for raw in top_moves(self._tiles, self.board, rack, n, leave)
        ]

    def legal_actions(self, player: int | None = None) -> tuple[Action, ...]:
        """Placements (generator order), then exchanges (smallest first), then Pass; while a
        play may be challenged, then ``Challenge`` and ``Accept`` (only those two when the
        play ends the game if it stands).

        Only placements of words in the lexicon are listed: under
        ``Rules.word_check="challenge"`` a phony is accepted by :meth:`apply` and
        :meth:`check` but never enumerated, so bots and playouts never play one. Resign,
        Timeout and TimePenalty are accepted by :meth:`apply` but not listed here (see
        :meth:`frontend_actions`), so random playouts are real games.

        >>> import random, wordgames
        >>> from wordgames import wocable
        >>> state = wordgames.resolve_chance(wocable.new_game(2), random.Random(1))
        >>> actions = state.legal_actions()
        >>> len(actions), str(actions[0]), str(actions[-1])
        (10074, '8H aA', '-')
        """
        if player is not None and (player != self.turn or type(player) is not int):
            check_player(player, len(self.players), "legal_actions")
            return ()
        if self.phase is not _PLAY:
            return ()
        c = self._cache.get("legal")
        if c is None:
            acts: list[Action] = []
            if self.pending_end is None:
                raws = self._cache.get("moves")
                if raws is not None:
                    acts.extend(places(self._tiles, self.board, raws))
                else:  # the actions alone, made in the walk
                    acts.extend(legal_places(self._tiles, self.board, self.racks[self.turn]))
                acts.extend(
                    exchanges(self._tiles, self.racks[self.turn], sum(self.bag), self.rules)
                )
                acts.append(Pass())
            if self.pending_play is not None:
                acts.extend((Challenge(self.turn), Accept(self.turn)))
            c = tuple(acts)
            self._cache["legal"] = c
        return c

    def frontend_actions(self) -> tuple[Action, ...]:
        """The frontend-only events accepted now: Resign for each active player and Timeout for
        the player on turn (empty at chance nodes and at the end)."""
        if self.phase is not _PLAY:
            return ()
        return (*(Resign(p) for p in self.active_players), Timeout(self.turn))

    def actor(self, action: object) -> int | None:
        """The player who takes ``action`` here: ``action.player`` for :class:`Resign`,
        :class:`Challenge` and :class:`Accept`, ``None`` for draws (chance) and the server
        events :class:`Timeout` and :class:`TimePenalty`."""
        if isinstance(action, (Resign, Challenge, Accept)):
            return action.player
        if isinstance(action, (Draw, Timeout, TimePenalty)):
            return None
        return self.current_player

    # -- checking ----------------------------------------------------------------------------------

    def _validate(self, action: Any) -> None:
        examine(self, action)

    def _draw_code(self, action: Draw) -> int:
        t = self._tiles
        tile = action.tile
        code = t.blank if tile == "?" else t.lexicon.index.get(tile, -1)
        if code < 0 or code > t.blank or not self.bag[code]:
            raise IllegalActionError("tile_not_in_bag", action, f"the bag holds {self.bag_text()}")
        return code

    def _place_info(self, action: Place) -> tuple[list[tuple[int, int]], int]:
        try:
            return check_placement(
                self._tiles,
                self.board,
                self.racks[self.turn],
                action,
                phonies=self.rules.challenges,
            )
        except PlacementError as exc:
            raise IllegalActionError(exc.code, action, exc.message) from None

    def _exchange_info(self, action: Exchange) -> tuple[int, ...]:
        t = self._tiles
        rack_now = self.racks[self.turn]
        if len(action.tiles) > 4 * RACK_SIZE:
            raise IllegalActionError(
                "tiles_not_on_rack", action, f"the rack is {t.rack_text(rack_now)}"
            )
        try:
            used = t.parse_rack(action.tiles)
        except ValueError as exc:
            raise IllegalActionError("unknown_tile", action, str(exc)) from None
        if not used:
            raise IllegalActionError("empty_exchange", action, "an exchange needs at least 1 tile")
        rack = list(rack_now)
        for u in used:
            if u not in rack:
                want = used.count(u)
                name = "? (a blank)" if u == t.blank else t.tile_text(u)
                raise IllegalActionError(
                    "tiles_not_on_rack",
                    action,
                    f"the exchange needs {want} {name}, the rack has {rack_now.count(u)} "
                    f"(rack {t.rack_text(rack_now)})",
                )
            rack.remove(u)
        bag = sum(self.bag)
        need = len(used) if self.rules.exchange_min_bag is None else self.rules.exchange_min_bag
        if bag < need:
            raise IllegalActionError(
                "bag_too_small", action, f"the bag holds {bag} tiles; {need} are needed"
            )
        return used

    # -- applying ----------------------------------------------------------------------------------

    def apply(self, action: Any) -> State:
        """The state after ``action`` (IllegalActionError, the one ``check`` raises, if it is
        not legal here). Every action adds 1 to ``ply``.

        >>> import random, wordgames
        >>> from wordgames import wocable
        >>> state = wordgames.resolve_chance(wocable.new_game(2), random.Random(1))
        >>> after = state.apply(wocable.parse_action("8B EPHeDRA"))
        >>> after.scores, after.is_chance_node                # the refill draws are pending
        ((82, 0), True)
        """
        tp = type(action)
        phase = self.phase
        # fast paths: exact classes with fields of the right type only
        if tp is Draw:
            if (phase is _DEAL or phase is _DRAW) and type(action.tile) is str:
                return apply_draw(self, self._draw_code(action))
        elif phase is _PLAY and self.pending_play is None:
            if tp is Place:
                if (
                    type(action.row) is int
                    and type(action.col) is int
                    and type(action.across) is bool
                    and type(action.word) is str
                ):
                    placed, score = self._place_info(action)
                    return apply_place(self, placed, score, action)
            elif tp is Pass:
                return apply_pass(self)
            elif tp is Exchange and type(action.tiles) is str:
                return apply_exchange(self, self._exchange_info(action))
        # slow path: the error check raises, or the action is a frontend event (or a subclass)
        self.check(action)
        info = examine(self, action)
        if isinstance(action, Draw):
            return apply_draw(self, info)
        if isinstance(action, Challenge):
            return apply_challenge(self)
        if isinstance(action, Accept):
            return apply_accept(self)
        if isinstance(action, TimePenalty):
            scores = list(self.scores)
            scores[action.player] -= action.points
            return derive(self, {"scores": tuple(scores), "ply": self.ply + 1})
        if isinstance(action, (Resign, Timeout)):
            return apply_depart(self, action.player, isinstance(action, Timeout))
        # the next player's own move accepts the play that could be challenged
        base = (
            derive(self, {"pending_play": None, "pending_drawn": ()}) if self.pending_play else self
        )
        if isinstance(action, Place):
            placed, score = info
            return apply_place(base, placed, score, action)
        if isinstance(action, Exchange):
            return apply_exchange(base, info)
        if isinstance(action, Pass):
            return apply_pass(base)
        raise AssertionError("unreachable")  # pragma: no cover

    # -- frontends -----------------------------------------------------------------------------

    def normalize(self, action: Place) -> Place:
        """The legal notation of the tiles ``action`` places (e.g. ``8I AT`` next to a C on H8
        becomes ``8H .AT``; a one-tile move gets its canonical direction). Raises
        IllegalActionError for shapes that cannot be read (``not_an_action`` for anything
        but a well-typed Place)."""
        return normalize(self, action)

    def place_tiles(self, tiles: Iterable[tuple[str, str]]) -> Place:
        """The Place action for tiles given as ``(square, letter)`` pairs, e.g.
        ``[("H8", "C"), ("I8", "a")]`` (lowercase = blank). IllegalActionError with code
        ``not_in_one_line``, ``gap``, ``square_occupied``, ``off_board`` or ``unknown_tile``
        when the tiles do not describe one word's placement (squares in either case)."""
        return place_tiles(self, tiles)

    def redact_action(self, action: object, viewer: int | None) -> str:
        """The action as ``viewer`` saw it: other players' draws read ``draw *``, their
        exchanges ``-`` followed by the number of tiles (``-3``)."""
        if isinstance(action, Draw) and self.is_chance_node and viewer != self.drawer:
            return "draw *"
        if isinstance(action, Exchange) and viewer != self.turn:
            return f"-{len(split_tokens(action.tiles))}"
        return str(action)

    # -- views -------------------------------------------------------------------------------------

    def view(self, player: int | None) -> View:
        """What ``player`` may know (``None``: a spectator, who sees no rack).

        >>> import random, wordgames
        >>> from wordgames import wocable
        >>> state = wordgames.resolve_chance(wocable.new_game(2), random.Random(1))
        >>> view = state.view(1)                              # bob's: ann's rack is hidden
        >>> view.viewer, len(view.legal_actions()) > 0
        (1, False)
        """
        check_player(player, len(self.players), "view")
        return view_of(self, player)

    # -- serialisation -----------------------------------------------------------------------------

    def to_dict(self) -> dict[str, Any]:
        """JSON-safe form (tiles in notation); :meth:`from_dict` reads it back."""
        t = self._tiles
        return {
            "game": "wocable",
            "version": VERSION,
            "rules": self.rules.to_dict(),
            "lexicon": {"name": self.lexicon.name, "digest": self.lexicon.digest},
            "players": list(self.players),
            "board": board_rows(t, self.board),
            "racks": [t.rack_text(r) for r in self.racks],
            "bag": t.rack_text([i for i, n in enumerate(self.bag) for _ in range(n)]),
            "scores": list(self.scores),
            "turn": self.turn,
            "phase": self.phase,
            "drawer": self.drawer,
            "to_draw": self.to_draw,
            "aside": t.rack_text(self.aside),
            "passes": self.passes,
            "departed": list(self.departed),
            "removed": t.rack_text(self.removed),
            "end_reason": self.end_reason,
            "ply": self.ply,
            "pending_play": None if self.pending_play is None else self.pending_play.to_dict(),
            "pending_drawn": t.rack_text(self.pending_drawn),
        }

    @classmethod
    def from_dict(cls, data: Any) -> State:
        """Load and validate a state: :class:`InvalidStateError`, and only that, on anything
        malformed or inconsistent (sizes are checked before anything is parsed)."""
        from wordgames.wocable._serial import state_from_dict

        return state_from_dict(data)

    def to_position(self) -> str:
        """A one-line position string (see :func:`wordgames.wocable.notation.to_position`)."""
        return position_text(
            self._tiles, self.board, self.racks, self.scores, self.turn, self.passes, self.bag
        )

    def __str__(self) -> str:
        t = self._tiles
        lines = board_picture(t, self.board)
        for p, name in enumerate(self.players):
            mark = ">" if self.phase is _PLAY and p == self.turn else " "
            gone = " (left)" if p in self.departed else ""
            lines.append(f"{mark}{name}: {self.scores[p]} [{t.rack_text(self.racks[p])}]{gone}")
        lines.append(
            f"bag {sum(self.bag)}, phase {self.phase}"
            + (f", over: {self.end_reason}" if self.end_reason else "")
        )
        pp = self.pending_play
        if pp is not None:
            words = " ".join(pp.words)
            lines.append(f"challenge window: {self.players[pp.player]} {pp.place} ({words})")
        return "\n".join(lines)

    def __repr__(self) -> str:
        return f"<wocable.State {self.to_position()!r}>"


#: the fields a pickle carries (in constructor order)
_FIELDS: tuple[str, ...] = tuple(f.name for f in attrs.fields(State) if f.init)
State._parse_text = staticmethod(parse_action)
