"""Wocable game state and ``new_game`` (views: :mod:`wordgames.wocable.view`)."""

from __future__ import annotations

import random
import re
from collections.abc import Iterable, Sequence
from fractions import Fraction
from itertools import islice
from typing import Any, ClassVar

import attrs

from wordgames._core.contract import (
    INVALID_PLAYER,
    NOT_AN_ACTION,
    NOT_CHANCE_NODE,
    StateBase,
    check_player,
    well_typed,
)
from wordgames._core.errors import IllegalActionError, InvalidStateError, RulesError, short_repr
from wordgames._core.outcome import GameOutcome, player_names
from wordgames._core.serial import (
    check_header,
    get_int,
    get_list,
    get_map,
    get_ply,
    get_str,
    guarded_loader,
)
from wordgames.lexicon import Lexicon
from wordgames.wocable.actions import (
    MAX_PENALTY,
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
    BLANK_BIT,
    EMPTY,
    RACK_SIZE,
    PlacementError,
    SplitLexiconError,
    Tiles,
    board_picture,
    board_rows,
    canonical_place,
    check_placement,
    decode_place,
    exchanges,
    is_phony,
    parse_board,
    placed_of,
    play_words,
    position_text,
    score_placement,
    tiles_for,
)
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
from wordgames.wocable.view import View, pending_from_dict

__all__ = ["PendingPlay", "State", "View", "new_game"]

VERSION = 1
PHASES = ("deal", "draw", "play", "over")
END_REASONS = ("played_out", "passes", "resigned", "timeout")
MAX_SCORE = 100_000
_SQUARE = re.compile(r"^([A-Za-z])([0-9]{1,2})$")


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
    names = player_names(players, 2, 4)
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
        phase="deal",
        drawer=0,
        to_draw=RACK_SIZE,
        aside=(),
        passes=0,
        departed=(),
        removed=(),
        end_reason=None,
    )


def _remove(rack: Sequence[int], used: Iterable[int]) -> tuple[int, ...]:
    lst = list(rack)
    for t in used:
        lst.remove(t)
    return tuple(lst)


def _add_counts(bag: Sequence[int], tiles: Iterable[int], sign: int = 1) -> tuple[int, ...]:
    b = list(bag)
    for t in tiles:
        b[t] += sign
    return tuple(b)


@attrs.frozen(repr=False)
class State(StateBase):
    """A Wocable position (immutable). See the module docs and docs/wocable.md.

    Phases: ``deal`` (chance: the opening deal, one tile at a time, ``drawer`` receiving),
    ``draw`` (chance: refilling ``drawer``'s rack after a move or exchange), ``play`` (``turn``
    must act), ``over``. ``ply`` counts the actions applied since ``new_game``.

    The derived tile data and the move cache live on the instance but never travel: pickles
    and copies carry only the fields (see ``__reduce__``), JSON only the public data.
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
    phase: str
    drawer: int
    to_draw: int
    aside: tuple[int, ...]
    passes: int
    departed: tuple[int, ...]
    removed: tuple[int, ...]
    end_reason: str | None
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

    def _with(self, **changes: Any) -> State:
        """A copy with ``changes`` (same ply; the tile data is shared, the cache is not)."""
        new = object.__new__(State)
        put = object.__setattr__
        for name in _FIELDS:
            put(new, name, changes[name] if name in changes else getattr(self, name))
        put(new, "_tiles", self._tiles)
        put(new, "_cache", {})
        return new

    def _next(self, **changes: Any) -> State:
        """The first copy made by a transition: ``changes`` and ``ply + 1``."""
        changes["ply"] = self.ply + 1
        return self._with(**changes)

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
        return self.turn if self.phase == "play" else None

    @property
    def players_to_act(self) -> frozenset[int]:
        """The player on turn, or nobody (chance nodes, the end)."""
        return frozenset((self.turn,)) if self.phase == "play" else frozenset()

    @property
    def is_chance_node(self) -> bool:
        """Whether tiles are being dealt or drawn (:meth:`chance_outcomes` lists the draws)."""
        return self.phase in ("deal", "draw")

    @property
    def is_terminal(self) -> bool:
        """Whether the game has ended (:attr:`outcome` says how)."""
        return self.phase == "over"

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
    def pending_end(self) -> str | None:
        """How the game ends if the challengeable play stands (``"played_out"`` or
        ``"passes"``), else None; the next player must then challenge or accept."""
        pp = self.pending_play
        if pp is None:
            return None
        if not self.racks[pp.player] and not any(self.bag):
            return "played_out"
        if self.passes >= self.rules.pass_limit:
            return "passes"
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
        if self.phase != "over" or self.end_reason is None:
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
        m = _SQUARE.match(square) if isinstance(square, str) else None
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
        if self.phase != "play" or self.pending_end is not None:
            return []
        c = self._cache.get("moves")
        if c is None:
            c = raw_moves(self._tiles, self.board, self.racks[self.turn])
            self._cache["moves"] = c
        return c

    def moves(self) -> list[Move]:
        """Every legal placement of the player on turn with its score, best first (the
        placements of :meth:`legal_actions`: empty where it lists none)."""
        if self.phase != "play" or self.pending_end is not None:
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
        if self.phase != "play" or self.pending_end is not None:
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
        if self.phase != "play":
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
        if self.phase != "play":
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
        self._examine(action)

    def _examine(self, action: Any) -> Any:
        """The game's own rules for a well-typed action in a fitting phase (``StateBase.check``
        has refused foreign objects, finished games and chance/player mix-ups): raises the
        game's IllegalActionError, or returns what ``apply`` needs (draw code, placed tiles
        and score, exchanged tiles)."""
        if isinstance(action, Draw):
            return self._draw_code(action)
        if isinstance(action, (Place, Exchange, Pass)) and self.pending_end is not None:
            raise IllegalActionError(
                "must_challenge_or_accept",
                action,
                f"the last play ends the game if it stands: challenge {self.turn} or"
                f" accept {self.turn}",
            )
        if isinstance(action, Place):
            return self._place_info(action)
        if isinstance(action, Exchange):
            return self._exchange_info(action)
        if isinstance(action, (Challenge, Accept)):
            self._check_player(action)
            pp = self.pending_play
            if pp is None or self.phase != "play":
                raise IllegalActionError(
                    "no_challenge_window", action, "no play can be challenged or accepted now"
                )
            if action.player == pp.player:
                raise IllegalActionError(
                    "own_play", action, "a player cannot challenge or accept their own play"
                )
            if action.player != self.turn:
                raise IllegalActionError(
                    "not_your_turn",
                    action,
                    f"only the next player ({self.turn}) may challenge or accept the play",
                )
            return None
        if isinstance(action, TimePenalty):
            self._check_player(action)
            pts = action.points
            if not 1 <= pts <= MAX_PENALTY or self.scores[action.player] - pts < -MAX_SCORE:
                raise IllegalActionError(
                    "bad_penalty", action, f"a time penalty takes 1..{MAX_PENALTY} points"
                )
            return None
        if isinstance(action, (Resign, Timeout)):
            p = action.player
            if not 0 <= p < len(self.players):
                raise IllegalActionError(
                    INVALID_PLAYER, action, f"there are {len(self.players)} players"
                )
            if p in self.departed:
                raise IllegalActionError("player_departed", action, f"player {p} has already left")
            if self.is_chance_node:
                raise IllegalActionError(
                    "chance_pending", action, f"player {self.drawer} must draw tiles first"
                )
            if isinstance(action, Timeout) and p != self.turn:
                raise IllegalActionError(
                    "not_your_turn", action, f"only the player on turn ({self.turn}) can time out"
                )
        return None

    def _check_player(self, action: Challenge | Accept | TimePenalty) -> None:
        p = action.player
        if not 0 <= p < len(self.players):
            raise IllegalActionError(
                INVALID_PLAYER, action, f"there are {len(self.players)} players"
            )
        if p in self.departed:
            raise IllegalActionError("player_departed", action, f"player {p} has already left")

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
            if (phase == "deal" or phase == "draw") and type(action.tile) is str:
                return self._apply_draw(self._draw_code(action))
        elif phase == "play" and self.pending_play is None:
            if tp is Place:
                if (
                    type(action.row) is int
                    and type(action.col) is int
                    and type(action.across) is bool
                    and type(action.word) is str
                ):
                    placed, score = self._place_info(action)
                    return self._apply_place(placed, score, action)
            elif tp is Pass:
                return self._apply_pass()
            elif tp is Exchange and type(action.tiles) is str:
                return self._apply_exchange(self._exchange_info(action))
        # slow path: the error check raises, or the action is a frontend event (or a subclass)
        self.check(action)
        info = self._examine(action)
        if isinstance(action, Draw):
            return self._apply_draw(info)
        if isinstance(action, Challenge):
            return self._apply_challenge()
        if isinstance(action, Accept):
            return self._apply_accept()
        if isinstance(action, TimePenalty):
            scores = list(self.scores)
            scores[action.player] -= action.points
            return self._next(scores=tuple(scores))
        if isinstance(action, (Resign, Timeout)):
            return self._apply_depart(action.player, isinstance(action, Timeout))
        # the next player's own move accepts the play that could be challenged
        base = self._with(pending_play=None, pending_drawn=()) if self.pending_play else self
        if isinstance(action, Place):
            placed, score = info
            return base._apply_place(placed, score, action)
        if isinstance(action, Exchange):
            return base._apply_exchange(info)
        if isinstance(action, Pass):
            return base._apply_pass()
        raise AssertionError("unreachable")  # pragma: no cover

    def _apply_accept(self) -> State:
        """The next player accepts the pending play: the window closes; a deferred ending
        (the play went out, or reached the scoreless-turn limit) happens now."""
        pp = self.pending_play
        assert pp is not None
        end = self.pending_end
        st = self._next(pending_play=None, pending_drawn=())
        if end is not None:
            return st._end(end, finisher=pp.player)
        return st

    def _apply_challenge(self) -> State:
        """The next player challenges the pending play: a phony is withdrawn, a valid play
        stands with the consequence of ``Rules.challenge_rule``."""
        pp = self.pending_play
        assert pp is not None
        t = self._tiles
        rules = self.rules
        if not self.pending_is_phony():
            end = self.pending_end
            scores = list(self.scores)
            bonus = {"five_point": 5, "ten_point": 10}.get(rules.challenge_rule, 0)
            scores[pp.player] += bonus
            lost_turn = rules.challenge_rule == "double"
            passes = self.passes + 1 if lost_turn else self.passes
            st = self._next(
                scores=tuple(scores), passes=passes, pending_play=None, pending_drawn=()
            )
            if end == "played_out":
                return st._end(end, finisher=pp.player)
            if passes >= rules.pass_limit:
                return st._end("passes")
            return st._with(turn=st._next_active(self.turn)) if lost_turn else st
        # a phony: the tiles go back to the rack, the draws back to the bag, 0 points
        board = list(self.board)
        returned = []
        for sq, v in placed_of(t, pp.place):
            board[sq] = EMPTY
            returned.append(t.blank if v & BLANK_BIT else v)
        racks = list(self.racks)
        racks[pp.player] = tuple(
            sorted(_remove(racks[pp.player], self.pending_drawn) + tuple(returned))
        )
        scores = list(self.scores)
        scores[pp.player] -= pp.score
        passes = pp.passes + 1 if rules.zero_scores_count_as_passes else 0
        st = self._next(
            board=tuple(board),
            racks=tuple(racks),
            bag=_add_counts(self.bag, self.pending_drawn),
            scores=tuple(scores),
            passes=passes,
            pending_play=None,
            pending_drawn=(),
        )
        if passes >= rules.pass_limit:
            return st._end("passes")
        return st

    def _apply_pass(self) -> State:
        passes = self.passes + 1
        if passes >= self.rules.pass_limit:
            return self._next(passes=passes)._end("passes")
        return self._next(passes=passes, turn=self._next_active(self.turn))

    def _next_active(self, p: int) -> int:
        n = len(self.players)
        for k in range(1, n + 1):
            q = (p + k) % n
            if q not in self.departed:
                return q
        return p

    def _apply_draw(self, code: int) -> State:
        d = self.drawer
        rack = list(self.racks[d])
        rack.append(code)
        rack.sort()
        racks = list(self.racks)
        racks[d] = tuple(rack)
        bag = list(self.bag)
        bag[code] -= 1
        left = self.to_draw - 1
        drawn = self.pending_drawn
        if self.pending_play is not None and self.phase == "draw":
            drawn = tuple(sorted((*drawn, code)))
        if left:
            return self._next(racks=tuple(racks), bag=tuple(bag), to_draw=left, pending_drawn=drawn)
        if self.phase == "deal":
            if d + 1 < len(self.players):
                return self._next(
                    racks=tuple(racks),
                    bag=tuple(bag),
                    drawer=d + 1,
                    to_draw=min(RACK_SIZE, sum(bag)),
                )
            return self._next(
                racks=tuple(racks), bag=tuple(bag), drawer=-1, to_draw=0, phase="play"
            )
        # refill done: exchanged tiles go back now, then the next player's turn
        for t in self.aside:
            bag[t] += 1
        st = self._next(
            racks=tuple(racks),
            bag=tuple(bag),
            drawer=-1,
            to_draw=0,
            aside=(),
            phase="play",
            pending_drawn=drawn,
        )
        if st.passes >= self.rules.pass_limit and st.pending_play is None:
            return st._end("passes")
        return st._with(turn=st._next_active(st.turn))

    def _apply_place(self, placed: list[tuple[int, int]], score: int, action: Place) -> State:
        p = self.turn
        t = self._tiles
        board = list(self.board)
        used = []
        for sq, v in placed:
            board[sq] = v
            used.append(t.blank if v & BLANK_BIT else v)
        racks = list(self.racks)
        racks[p] = _remove(racks[p], used)
        scores = list(self.scores)
        scores[p] += score
        passes = self.passes + 1 if (score == 0 and self.rules.zero_scores_count_as_passes) else 0
        if self.rules.challenges:
            # the window opens: endings wait until it closes (see _apply_accept)
            words = tuple(
                t.lexicon.decode(w) for w in play_words(t, self.board, placed, action.across)
            )
            pending = PendingPlay(p, action, score, words, self.passes)
            return self._next(
                board=tuple(board),
                racks=tuple(racks),
                scores=tuple(scores),
                passes=passes,
                pending_play=pending,
                pending_drawn=(),
            )._after_turn()
        st = self._next(board=tuple(board), racks=tuple(racks), scores=tuple(scores), passes=passes)
        bag = sum(self.bag)
        if not racks[p] and bag == 0:
            return st._end("played_out", finisher=p)
        if passes >= self.rules.pass_limit:
            return st._end("passes")
        return st._after_turn()

    def _after_turn(self) -> State:
        """Start refilling the player on turn's rack, or move on if nothing is to be drawn."""
        p = self.turn
        n = min(RACK_SIZE - len(self.racks[p]), sum(self.bag))
        if n > 0:
            return self._with(phase="draw", drawer=p, to_draw=n)
        return self._with(turn=self._next_active(p))

    def _apply_exchange(self, used: tuple[int, ...]) -> State:
        p = self.turn
        racks = list(self.racks)
        racks[p] = _remove(racks[p], used)
        passes = self.passes + 1 if self.rules.exchanges_count_as_passes else 0
        return self._next(
            racks=tuple(racks),
            aside=tuple(sorted(used)),
            passes=passes,
            phase="draw",
            drawer=p,
            to_draw=len(used),
        )

    def _apply_depart(self, p: int, timeout: bool) -> State:
        pp = self.pending_play
        if pp is None:
            return self._depart(p, timeout)
        # a departure closes the challenge window: the play stands
        end = self.pending_end
        st = self._with(pending_play=None, pending_drawn=())._depart(p, timeout)
        if st.phase != "over" and end is not None and pp.player in st.active_players:
            return st._end(end, finisher=pp.player)
        if st.phase != "over" and end == "passes":
            return st._end(end)
        return st

    def _depart(self, p: int, timeout: bool) -> State:
        racks = list(self.racks)
        rack = racks[p]
        racks[p] = ()
        bag, removed = self.bag, self.removed
        if self.rules.departed_tiles_to_bag:
            bag = _add_counts(bag, rack)
        else:
            removed = tuple(sorted(removed + rack))
        st = self._next(racks=tuple(racks), bag=bag, removed=removed, departed=(*self.departed, p))
        if len(st.active_players) <= 1:
            return st._end("timeout" if timeout else "resigned")
        if p == self.turn:
            st = st._with(turn=st._next_active(p))
        return st

    def _end(self, reason: str, *, finisher: int | None = None) -> State:
        """The finished game (called on the state the transition has already made)."""
        t = self._tiles
        scores = list(self.scores)
        active = self.active_players
        if reason == "played_out" and finisher is not None:
            double = self.rules.going_out == "double"
            for q in active:
                if q != finisher:
                    v = t.rack_value(self.racks[q])
                    if double:
                        scores[finisher] += 2 * v
                    else:
                        scores[q] -= v
                        scores[finisher] += v
        elif reason == "passes" and self.rules.pass_end_subtract:
            for q in active:
                scores[q] -= t.rack_value(self.racks[q])
        return self._with(
            scores=tuple(scores),
            phase="over",
            drawer=-1,
            to_draw=0,
            end_reason=reason,
            pending_play=None,
            pending_drawn=(),
        )

    # -- frontends -----------------------------------------------------------------------------

    def normalize(self, action: Place) -> Place:
        """The legal notation of the tiles ``action`` places (e.g. ``8I AT`` next to a C on H8
        becomes ``8H .AT``; a one-tile move gets its canonical direction). Raises
        IllegalActionError for shapes that cannot be read (``not_an_action`` for anything
        but a well-typed Place)."""
        if not isinstance(action, Place) or not well_typed(action):
            raise IllegalActionError(NOT_AN_ACTION, action, "not a well-formed Place")
        t = self._tiles
        size = t.size
        if len(action.word) > 4 * size:
            raise IllegalActionError("malformed_word", action, "the word is too long")
        try:
            toks = split_tokens(action.word)
            step = 1 if action.across else size
            placed = []
            sq = action.row * size + action.col
            for i, tok in enumerate(toks):
                r, c = (
                    (action.row, action.col + i) if action.across else (action.row + i, action.col)
                )
                if not (0 <= r < size and 0 <= c < size):
                    raise PlacementError("off_board", "the word runs off the board")
                if tok != ".":
                    code = t.token_code.get(tok)
                    if code is None or code == t.blank:
                        raise PlacementError("unknown_tile", f"{short_repr(tok)} is not a tile")
                    placed.append((sq, code))
                sq += step
            return canonical_place(t, self.board, placed)
        except PlacementError as exc:
            raise IllegalActionError(exc.code, action, exc.message) from None
        except ValueError as exc:
            raise IllegalActionError("malformed_word", action, str(exc)) from None

    def place_tiles(self, tiles: Iterable[tuple[str, str]]) -> Place:
        """The Place action for tiles given as ``(square, letter)`` pairs, e.g.
        ``[("H8", "C"), ("I8", "a")]`` (lowercase = blank). IllegalActionError with code
        ``not_in_one_line``, ``gap``, ``square_occupied``, ``off_board`` or ``unknown_tile``
        when the tiles do not describe one word's placement (squares in either case)."""
        t = self._tiles
        size = t.size
        placed = []
        pairs = list(islice(tiles, size + 1))
        if len(pairs) > size:
            raise IllegalActionError("not_in_one_line", pairs, f"more than {size} tiles")
        for pair in pairs:
            sq_name, letter = pair if isinstance(pair, tuple) and len(pair) == 2 else ("", "")
            m = _SQUARE.match(sq_name) if isinstance(sq_name, str) else None
            if m is None:
                raise IllegalActionError("off_board", pairs, f"bad square {short_repr(sq_name)}")
            col = ord(m.group(1).upper()) - ord("A")
            row = int(m.group(2)) - 1
            if not (0 <= row < size and 0 <= col < size):
                raise IllegalActionError("off_board", pairs, f"{sq_name} is off the board")
            code = t.token_code.get(letter) if isinstance(letter, str) else None
            if code is None or code == t.blank:
                raise IllegalActionError(
                    "unknown_tile", pairs, f"{short_repr(letter)} is not a tile"
                )
            placed.append((row * size + col, code))
        try:
            return canonical_place(t, self.board, placed)
        except PlacementError as exc:
            raise IllegalActionError(exc.code, pairs, exc.message) from None

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
        t = self._tiles
        unseen = list(t.counts)
        for v in self.board:
            if v >= 0:
                unseen[t.blank if v & BLANK_BIT else v] -= 1
        own_aside: tuple[int, ...] = ()
        rack: tuple[int, ...] | None = None
        if player is not None:
            rack = self.racks[player]
            for x in rack:
                unseen[x] -= 1
            if self.aside and self.drawer == player:
                own_aside = self.aside
                for x in own_aside:
                    unseen[x] -= 1
        return View(
            viewer=player,
            rules=self.rules,
            lexicon=self.lexicon,
            players=self.players,
            board=self.board,
            rack=rack,
            rack_sizes=tuple(len(r) for r in self.racks),
            scores=self.scores,
            bag_size=sum(self.bag),
            unseen_counts=tuple(unseen),
            turn=self.turn,
            phase=self.phase,
            drawer=self.drawer,
            to_draw=self.to_draw,
            aside_size=len(self.aside),
            own_aside=own_aside,
            passes=self.passes,
            departed=self.departed,
            removed_size=len(self.removed),
            end_reason=self.end_reason,
            ply=self.ply,
            pending_play=self.pending_play,
            pending_drawn_size=len(self.pending_drawn),
            own_pending_drawn=(
                self.pending_drawn
                if self.pending_play is not None and player == self.pending_play.player
                else ()
            ),
        )

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
        return _state_from_dict(data)

    def to_position(self) -> str:
        """A one-line position string (see :func:`wordgames.wocable.notation.to_position`)."""
        return position_text(
            self._tiles, self.board, self.racks, self.scores, self.turn, self.passes, self.bag
        )

    def __str__(self) -> str:
        t = self._tiles
        lines = board_picture(t, self.board)
        for p, name in enumerate(self.players):
            mark = ">" if self.phase == "play" and p == self.turn else " "
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


#: the fields a pickle or ``_with`` copies (in constructor order)
_FIELDS: tuple[str, ...] = tuple(f.name for f in attrs.fields(State) if f.init)
State._parse_text = staticmethod(parse_action)


def _tiles_field(t: Tiles, x: Any, what: str, limit: int) -> tuple[int, ...]:
    """A tile string of at most ``limit`` tiles (checked on its length before parsing)."""
    if not isinstance(x, str):
        raise InvalidStateError(f"{what} must be a string")
    if len(x) > 4 * limit:
        raise InvalidStateError(f"{what} is too long ({len(x)} characters)")
    try:
        tiles = t.parse_rack(x)
    except ValueError as exc:
        raise InvalidStateError(f"bad {what}: {short_repr(str(exc))}") from None
    if len(tiles) > limit:
        raise InvalidStateError(f"{what} holds more than {limit} tiles")
    return tiles


@guarded_loader
def _state_from_dict(data: Any) -> State:
    d = check_header(data, "wocable", "state", VERSION)
    try:
        rules = Rules.from_dict(get_map(d, "rules"))
    except RulesError as exc:
        raise InvalidStateError(f"bad rules: {short_repr(str(exc))}") from None
    lexd = get_map(d, "lexicon")
    digest = get_str(lexd, "digest")
    get_str(lexd, "name")
    lex = Lexicon.by_digest(digest)
    if lex is None:
        raise InvalidStateError(f"lexicon {digest[:12]!r}... is not loaded in this process")
    try:
        t = tiles_for(rules, lex)
    except SplitLexiconError as exc:  # our own message, bounded: names the house-rule flag
        raise InvalidStateError(str(exc)) from None
    except RulesError as exc:
        raise InvalidStateError(short_repr(str(exc))) from None
    names = get_list(d, "players")
    if not 2 <= len(names) <= 4 or not all(isinstance(x, str) for x in names):
        raise InvalidStateError("a game has 2-4 players, named by strings")
    try:
        players = player_names(names, 2, 4)
    except RulesError as exc:
        raise InvalidStateError(short_repr(str(exc))) from None
    n = len(players)
    rows = get_list(d, "board")
    try:
        board = parse_board(t, rows)
    except ValueError as exc:
        raise InvalidStateError(f"bad board: {short_repr(str(exc))}") from None
    racks_raw = get_list(d, "racks")
    if len(racks_raw) != n:
        raise InvalidStateError("one rack per player is needed")
    racks = tuple(_tiles_field(t, r, "rack", RACK_SIZE) for r in racks_raw)
    bag_tiles = _tiles_field(t, d["bag"], "bag", t.total)
    bag = [0] * (t.blank + 1)
    for x in bag_tiles:
        bag[x] += 1
    aside = _tiles_field(t, d["aside"], "aside", RACK_SIZE)
    removed = _tiles_field(t, d["removed"], "removed", t.total)
    scores_raw = get_list(d, "scores")
    if len(scores_raw) != n or not all(
        isinstance(s, int) and not isinstance(s, bool) and abs(s) <= MAX_SCORE for s in scores_raw
    ):
        raise InvalidStateError("scores must be one integer per player")
    turn = get_int(d, "turn", 0, n - 1)
    phase = get_str(d, "phase")
    if phase not in PHASES:
        raise InvalidStateError(f"unknown phase {short_repr(phase)}")
    drawer = get_int(d, "drawer", -1, n - 1)
    to_draw = get_int(d, "to_draw", 0, RACK_SIZE)
    passes = get_int(d, "passes", 0, rules.pass_limit)
    dep_raw = get_list(d, "departed")
    if len(dep_raw) > n or not all(type(x) is int and 0 <= x < n for x in dep_raw):
        raise InvalidStateError("departed must list player indexes")
    departed = tuple(dep_raw)
    if len(set(departed)) != len(departed):
        raise InvalidStateError("a player departed twice")
    end_reason = d["end_reason"]
    if end_reason is not None and end_reason not in END_REASONS:
        raise InvalidStateError(f"unknown end reason {short_repr(end_reason)}")
    # conservation of tiles
    total = [0] * (t.blank + 1)
    for v in board:
        if v >= 0:
            total[t.blank if v & BLANK_BIT else v] += 1
    for r in racks:
        for x in r:
            total[x] += 1
    for x in (*aside, *removed):
        total[x] += 1
    for i in range(t.blank + 1):
        total[i] += bag[i]
    if tuple(total) != t.counts:
        raise InvalidStateError("tiles are not conserved (board + racks + bag != the tile set)")
    # ``removed``: tiles out of play, from a player who left (departed_tiles_to_bag=False) or
    # left out of a set-up position (``from_position``, ``from_cgp``)
    for p in departed:
        if racks[p]:
            raise InvalidStateError(f"departed player {p} still holds tiles")
    active = [p for p in range(n) if p not in departed]
    board_empty = all(v < 0 for v in board)
    pending = pending_from_dict(d.get("pending_play"), n, rules.pass_limit)
    drawn = _tiles_field(t, d.get("pending_drawn", ""), "pending_drawn", RACK_SIZE)
    going_out = False
    if pending is None:
        if drawn:
            raise InvalidStateError("pending draws without a pending play")
    else:
        _check_pending(t, rules, pending, drawn, board, racks, phase, turn, drawer, aside, active)
        going_out = not racks[pending.player] and not any(bag)
    if phase == "over":
        if end_reason is None:
            raise InvalidStateError("a finished game needs an end reason")
        if drawer != -1 or to_draw or aside:
            raise InvalidStateError("no draw can be pending in a finished game")
    else:
        if end_reason is not None:
            raise InvalidStateError("an end reason on a running game")
        if len(active) < 2:
            raise InvalidStateError("a running game needs at least 2 active players")
        if turn in departed:
            raise InvalidStateError("the player on turn has left")
        # the limit may be reached by a zero-score play whose window is open, or by an
        # exchange whose draws are pending (the game ends when they are done)
        exchange_ends = phase == "draw" and bool(aside) and rules.exchanges_count_as_passes
        if passes >= rules.pass_limit and pending is None and not exchange_ends:
            raise InvalidStateError("the pass limit was reached but the game runs on")
    if phase == "deal":
        if not board_empty or any(scores_raw) or turn != 0 or aside or departed or passes:
            raise InvalidStateError("inconsistent deal phase")
        if not (0 <= drawer < n and 1 <= to_draw <= RACK_SIZE):
            raise InvalidStateError("the deal needs a drawer and tiles to draw")
        for p in range(n):
            want = RACK_SIZE if p < drawer else (RACK_SIZE - to_draw if p == drawer else 0)
            if len(racks[p]) != want:
                raise InvalidStateError(f"player {p} holds {len(racks[p])} tiles during the deal")
    elif phase == "draw":
        if drawer != turn or to_draw < 1:
            raise InvalidStateError("a refill needs the player on turn as drawer")
        if len(racks[drawer]) + to_draw > RACK_SIZE or to_draw > sum(bag):
            raise InvalidStateError("too many tiles to draw")
        if aside and len(aside) < to_draw:
            raise InvalidStateError("an exchange draws at most as many tiles as it put aside")
    elif phase == "play":
        if drawer != -1 or to_draw or aside:
            raise InvalidStateError("no draw can be pending on a player's turn")
        bag_empty = not any(bag)
        for p in active:
            # an empty rack beside an empty bag: a set-up end-game position whose other rack
            # was left empty (``from_position``); that player can only pass
            if (
                not racks[p]
                and not (going_out and pending and p == pending.player)
                and not bag_empty
            ):
                raise InvalidStateError(f"active player {p} has no tiles on a running game")
    ply = get_ply(d)
    # every tile outside the bag was drawn, every leaver resigned, a tile on the board was placed
    # every tile out of the bag was drawn, but the ``removed`` ones may never have been (a
    # set-up position leaves tiles out of play)
    least = t.total - sum(bag) - len(removed) + len(departed) + (0 if board_empty else 1)
    if ply < least:
        raise InvalidStateError(f"ply {ply} is too small: this position takes {least} actions")
    return State(
        rules=rules,
        lexicon=lex,
        players=players,
        board=board,
        racks=racks,
        bag=tuple(bag),
        scores=tuple(scores_raw),
        turn=turn,
        phase=phase,
        drawer=drawer,
        to_draw=to_draw,
        aside=aside,
        passes=passes,
        departed=departed,
        removed=removed,
        end_reason=end_reason,
        ply=ply,
        pending_play=pending,
        pending_drawn=drawn,
    )


def _check_pending(
    t: Tiles,
    rules: Rules,
    pp: PendingPlay,
    drawn: tuple[int, ...],
    board: tuple[int, ...],
    racks: tuple[tuple[int, ...], ...],
    phase: str,
    turn: int,
    drawer: int,
    aside: tuple[int, ...],
    active: list[int],
) -> None:
    """A loaded ``pending_play`` must be the last placement on this board, with its score
    and words, made by an active player whose window is open (InvalidStateError)."""
    if not rules.challenges:
        raise InvalidStateError("a pending play needs rules with challenges")
    if pp.player not in active:
        raise InvalidStateError("the pending play's player has left")
    if phase == "draw":
        if drawer != pp.player or aside:
            raise InvalidStateError("only the pending play's player may be drawing")
    elif phase == "play":
        nxt = [q for q in active if q > pp.player] + [q for q in active if q < pp.player]
        if turn != nxt[0]:
            raise InvalidStateError("the next player must be on turn during a challenge window")
    else:
        raise InvalidStateError(f"no challenge window in phase {phase}")
    size = t.size
    place = pp.place
    before = list(board)
    placed = []
    try:
        toks = split_tokens(place.word)
        step = 1 if place.across else size
        if not (0 <= place.row < size and 0 <= place.col < size):
            raise ValueError("off the board")
        end = (place.col if place.across else place.row) + len(toks) - 1
        if end >= size:
            raise ValueError("off the board")
        sq = place.row * size + place.col
        for tok in toks:
            if tok != ".":
                if t.token_code.get(tok) != board[sq] or board[sq] < 0:
                    raise ValueError("the board does not hold the pending play")
                placed.append((sq, board[sq]))
                before[sq] = EMPTY
            sq += step
        got, start, last = decode_place(t, before, place)
    except (ValueError, PlacementError) as exc:
        raise InvalidStateError(f"bad pending play: {short_repr(str(exc))}") from None
    score = score_placement(t, before, got, start, last, place.across)
    words = tuple(t.lexicon.decode(w) for w in play_words(t, before, got, place.across))
    if score != pp.score or words != pp.words:
        raise InvalidStateError("the pending play's score or words do not match the board")
    rest = list(racks[pp.player])
    for x in drawn:
        if x not in rest:
            raise InvalidStateError("pending draws must be tiles of the player's rack")
        rest.remove(x)
    if len(drawn) > len(placed):
        raise InvalidStateError("more pending draws than tiles played")
