"""The acting-player contract every game shares (docs/contract.md).

A game's ``State`` subclasses :class:`StateBase` and supplies one validation hook,
``_validate(action)``, plus a few class constants; :class:`StateBase` derives ``check``,
``is_legal``, ``check_as`` and ``apply_as`` from them, so every game refuses the same situations
with the same shared codes:

=============================== =========================================================
code                            situation
=============================== =========================================================
``not_an_action``               not an action class of the game, or a field of wrong type
``game_over``                   the game has ended
``not_chance_node``             a chance outcome while no chance event is pending
``chance_pending``              a player's action while a roll, draw or deal is pending
``not_your_turn``               (``check_as``) this player may not take this action now
``chance_outcome_from_player``  (``check_as``) a player sent a chance outcome
``server_event_from_player``    (``check_as``) a player sent a frontend-only event
``stale_state``                 (``check_as``) the ``ply`` given is not the state's ``ply``
``invalid_ply``                 (``check_as``) the ``ply`` given is not an int
``invalid_player``              a player index that is not a player of this game (``view``,
                                ``legal_actions``, ``check_as``: not an int, a bool, out of range)
=============================== =========================================================
"""

from __future__ import annotations

import sys
import typing
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, ClassVar, Final, TypeVar

import attrs

from wordgames._core.errors import IllegalActionError, ParseError, short_repr

if TYPE_CHECKING:
    from wordgames._core.protocols import Action

__all__ = [
    "CHANCE_OUTCOME_FROM_PLAYER",
    "CHANCE_PENDING",
    "GAME_OVER",
    "INVALID_PLAYER",
    "INVALID_PLY",
    "NOT_AN_ACTION",
    "NOT_CHANCE_NODE",
    "NOT_YOUR_TURN",
    "SERVER_EVENT_FROM_PLAYER",
    "SHARED_CODES",
    "STALE_STATE",
    "Resign",
    "StateBase",
    "ViewBase",
    "check_player",
    "well_typed",
]

NOT_AN_ACTION: Final = "not_an_action"
GAME_OVER: Final = "game_over"
NOT_CHANCE_NODE: Final = "not_chance_node"
CHANCE_PENDING: Final = "chance_pending"
NOT_YOUR_TURN: Final = "not_your_turn"
CHANCE_OUTCOME_FROM_PLAYER: Final = "chance_outcome_from_player"
SERVER_EVENT_FROM_PLAYER: Final = "server_event_from_player"
STALE_STATE: Final = "stale_state"
INVALID_PLAYER: Final = "invalid_player"
INVALID_PLY: Final = "invalid_ply"

SHARED_CODES: Final = frozenset(
    {
        NOT_AN_ACTION,
        GAME_OVER,
        NOT_CHANCE_NODE,
        CHANCE_PENDING,
        NOT_YOUR_TURN,
        CHANCE_OUTCOME_FROM_PLAYER,
        SERVER_EVENT_FROM_PLAYER,
        STALE_STATE,
        INVALID_PLAYER,
        INVALID_PLY,
    }
)
"""Every code with the same meaning in all four games (docs/contract.md lists them)."""


@attrs.frozen
class Resign:
    """Player ``player`` leaves the game; the same class and text (``resign 1``) in every game.

    Each game documents what happens to a leaver (docs/<game>.md, "Leaving"); a resignation
    is accepted from any player still in the game at any decision point the game allows,
    not only on that player's turn.
    """

    player: int

    def __str__(self) -> str:
        return f"resign {self.player}"


def check_player(player: object, num_players: int, call: str) -> None:
    """Refuse ``player`` unless it is ``None`` or a seat ``0 <= player < num_players`` (an
    ``int``, not a bool): :class:`IllegalActionError` with code ``invalid_player``, the
    message naming ``call`` (``"view"``, ``"legal_actions"``). Every game's ``view`` and
    ``legal_actions`` check their argument with it, so a client's value is refused the same
    way in all four."""
    if player is None or (type(player) is int and 0 <= player < num_players):
        return
    raise IllegalActionError(
        INVALID_PLAYER,
        player,
        f"no player {short_repr(player)}: players are the ints 0 to {num_players - 1}"
        + (" (None: a spectator)" if call == "view" else " (None: whoever acts)"),
        call=f"{call}({short_repr(player)})",
    )


def _not_an_action(game: str, action: object) -> IllegalActionError:
    """The ``not_an_action`` error; text points to the parser (the error path only)."""
    if isinstance(action, str):
        return IllegalActionError(
            NOT_AN_ACTION,
            action,
            f"apply() and check() take an action object, not text: parse it first with "
            f"wordgames.{game}.parse_action(text), or use apply_as(player, text), which parses",
        )
    return IllegalActionError(NOT_AN_ACTION, action, f"not a well-formed {game} action")


# -- field types --------------------------------------------------------------------------

_Checker = Callable[[object], bool]
_CHECKERS: dict[type, _Checker] = {}


def _is_int(x: object) -> bool:
    return type(x) is int


def _is_bool(x: object) -> bool:
    return type(x) is bool


def _is_str(x: object) -> bool:
    return type(x) is str


def _is_none(x: object) -> bool:
    return x is None


def _checker(tp: Any) -> _Checker:
    """A predicate for one annotation (int, bool, str, None, tuples, unions, literals,
    nested attrs classes); anything else is accepted as is."""
    if tp is int:
        return _is_int
    if tp is bool:
        return _is_bool
    if tp is str:
        return _is_str
    if tp is type(None) or tp is None:
        return _is_none
    origin = typing.get_origin(tp)
    args = typing.get_args(tp)
    if origin is tuple:
        if len(args) == 2 and args[1] is Ellipsis:
            item = _checker(args[0])
            return lambda x: type(x) is tuple and all(item(v) for v in x)
        items = [_checker(a) for a in args]
        return lambda x: (
            type(x) is tuple
            and len(x) == len(items)
            and all(c(v) for c, v in zip(items, x, strict=True))
        )
    if origin is typing.Union or (sys.version_info >= (3, 10) and _is_union_type(tp)):
        options = [_checker(a) for a in args]
        return lambda x: any(c(x) for c in options)
    if origin is typing.Literal:
        values = args
        return lambda x: any(type(x) is type(v) and x == v for v in values)
    if isinstance(tp, type) and attrs.has(tp):
        return lambda x: type(x) is tp and well_typed(x)
    return lambda x: True


def _is_union_type(tp: Any) -> bool:
    import types

    return isinstance(tp, types.UnionType)


def _class_checker(cls: type) -> _Checker:
    hints = typing.get_type_hints(cls)
    fields = [(f.name, _checker(hints.get(f.name, Any))) for f in attrs.fields(cls)]

    def check(obj: object) -> bool:
        return all(ok(getattr(obj, name, None)) for name, ok in fields)

    return check


def well_typed(action: object) -> bool:
    """Whether every field of the attrs value object ``action`` has its annotated type
    (``int`` fields hold real ints, not bools; tuples hold what they say)."""
    cls = type(action)
    checker = _CHECKERS.get(cls)
    if checker is None:
        if not attrs.has(cls):
            return False
        checker = _CHECKERS[cls] = _class_checker(cls)
    try:
        return checker(action)
    except (RecursionError, TypeError, ValueError):
        return False


# -- total hash and str -------------------------------------------------------------------

_TEXT_ERRORS = (TypeError, ValueError, AttributeError, IndexError, KeyError, OverflowError)


def _safe_repr(obj: object) -> str:
    try:
        return repr(obj)
    except Exception:  # a field whose repr raises: the class name is all we can show
        return f"<{type(obj).__name__}>"


def make_total(cls: type) -> None:
    """Make ``hash()`` and ``str()`` of ``cls``'s instances never raise (idempotent).

    Action constructors accept fields of any type, so that ``check`` can refuse an ill-typed
    action with ``not_an_action`` (docs/contract.md); a field that is a list or a dict would
    make the generated ``__hash__`` raise, and a game's ``__str__`` may fail on a field of the
    wrong type. Well-typed actions hash and print exactly as before (the wrappers only catch
    the failure); an ill-typed one hashes by its ``repr`` (equal objects have equal reprs)
    and prints as its ``repr``, which never parses as an action. Every game's ``State`` applies
    this to its ``ACTION_TYPES`` (:meth:`StateBase.__init_subclass__`)."""
    if cls.__dict__.get("_wordgames_total", False):
        return
    own_hash: Callable[[object], int] | None = getattr(cls, "__hash__", None)
    own_str: Callable[[object], str] = getattr(cls, "__str__", object.__str__)
    if own_hash is None:
        return

    def __hash__(self: object) -> int:
        try:
            return own_hash(self)
        except TypeError:
            return hash((type(self).__qualname__, _safe_repr(self)))

    def __str__(self: object) -> str:
        try:
            text = own_str(self)
        except _TEXT_ERRORS:
            return _safe_repr(self)
        return text if type(text) is str else _safe_repr(self)

    __hash__.__doc__ = own_hash.__doc__
    __str__.__doc__ = own_str.__doc__
    type.__setattr__(cls, "__hash__", __hash__)
    type.__setattr__(cls, "__str__", __str__)
    type.__setattr__(cls, "_wordgames_total", True)


# -- the base classes ---------------------------------------------------------------------

_S = TypeVar("_S", bound="StateBase")


class StateBase:
    """Mixin for every game's ``State``: ``check``, ``is_legal``, ``check_as``, ``apply_as``.

    A subclass defines the class constants below, ``ply``, ``is_terminal``,
    ``is_chance_node``, ``players_to_act``, ``num_players``, ``actor(action)``, ``apply`` and
    the one validation hook ``_validate(action)``. The hook sees only well-typed actions of
    the game, at the end of the game only those of ``AFTER_END_TYPES``, chance outcomes only
    at chance nodes and player actions (other than :class:`Resign`) only where no chance
    event is pending.
    """

    __slots__ = ()

    #: every action class of the game (exact classes: subclasses are not actions)
    ACTION_TYPES: ClassVar[tuple[type, ...]] = ()
    #: the classes of chance outcomes (nature's moves)
    CHANCE_TYPES: ClassVar[tuple[type, ...]] = ()
    #: frontend-only events that no player sends (a clock running out); applied with ``apply``
    SERVER_TYPES: ClassVar[tuple[type, ...]] = ()
    #: frontend events still accepted after the end (Wocable's ``TimePenalty``: a tournament
    #: assesses overtime when the game is over); they may change the final ranking
    AFTER_END_TYPES: ClassVar[tuple[type, ...]] = ()
    #: the game's notation parser (``parse_action``), used for text in ``check_as``
    _parse_text: ClassVar[Callable[[str], Any] | None] = None

    if TYPE_CHECKING:
        GAME: ClassVar[str]

        @property
        def ply(self) -> int: ...

        @property
        def num_players(self) -> int: ...

        @property
        def is_terminal(self) -> bool: ...

        @property
        def is_chance_node(self) -> bool: ...

        @property
        def players_to_act(self) -> frozenset[int]: ...

        def actor(self, action: Any) -> int | None: ...

        def apply(self: _S, action: Any) -> _S: ...

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        for action_type in (*cls.ACTION_TYPES, Resign):
            make_total(action_type)

    def _validate(self, action: Any) -> None:
        """The game's own checks (raise :class:`IllegalActionError` with the game's code)."""
        raise NotImplementedError

    def check(self, action: object) -> None:
        """Raise the :class:`IllegalActionError` that ``apply(action)`` would raise."""
        if type(action) not in self.ACTION_TYPES or not well_typed(action):
            raise _not_an_action(self.GAME, action)
        if self.is_terminal and not isinstance(action, self.AFTER_END_TYPES):
            raise IllegalActionError(GAME_OVER, action, "the game is over")
        if isinstance(action, self.CHANCE_TYPES):
            if not self.is_chance_node:
                raise IllegalActionError(
                    NOT_CHANCE_NODE, action, "no chance event (roll, draw, deal) is pending"
                )
        elif self.is_chance_node and not isinstance(action, Resign):
            raise IllegalActionError(
                CHANCE_PENDING, action, "a chance event (roll, draw, deal) is pending"
            )
        self._validate(action)

    def is_legal(self, action: object) -> bool:
        """Whether ``apply(action)`` would succeed."""
        try:
            self.check(action)
        except IllegalActionError:
            return False
        return True

    def check_as(self, player: int, action: object, *, ply: int | None = None) -> Action:
        """Check that ``player`` may take ``action`` (an action or its text) now; return the
        action. For servers that take moves from untrusted clients: refuses chance outcomes
        and frontend events from players, other players' moves (``not_your_turn``) and moves
        made on an old position (``stale_state`` when ``ply`` differs from :attr:`ply`).

        Raises :class:`~wordgames.ParseError` for text that is not an action, else
        :class:`~wordgames.IllegalActionError`; changes nothing.
        """
        if ply is not None and type(ply) is not int:
            raise IllegalActionError(
                INVALID_PLY,
                action,
                f"ply must be an int (the state's ply the client was shown), got "
                f"{type(ply).__name__} {short_repr(ply)}",
            )
        if ply is not None and ply != self.ply:
            raise IllegalActionError(
                STALE_STATE,
                action,
                f"the move was made at ply {ply}, the game is at ply {self.ply}",
            )
        if isinstance(action, str):
            parse = type(self)._parse_text
            if parse is None:  # pragma: no cover - every game sets it
                raise ParseError(f"{self.GAME} has no notation parser")
            action = parse(action)
        if type(player) is not int or not 0 <= player < self.num_players:
            raise IllegalActionError(
                INVALID_PLAYER,
                action,
                f"no player {short_repr(player)}: players are the ints 0 to {self.num_players - 1}",
            )
        if type(action) not in self.ACTION_TYPES or not well_typed(action):
            raise _not_an_action(self.GAME, action)
        if isinstance(action, self.CHANCE_TYPES):
            raise IllegalActionError(
                CHANCE_OUTCOME_FROM_PLAYER,
                action,
                "players never supply chance outcomes; the server resolves them (sample_chance)",
            )
        if isinstance(action, self.SERVER_TYPES):
            raise IllegalActionError(
                SERVER_EVENT_FROM_PLAYER,
                action,
                "a frontend event that the server applies with apply(), never a player",
            )
        if self.is_terminal:
            raise IllegalActionError(GAME_OVER, action, "the game is over")
        if isinstance(action, Resign):
            if action.player != player:
                raise IllegalActionError(
                    NOT_YOUR_TURN,
                    action,
                    f"player {player} cannot resign for player {action.player}",
                )
        else:
            if self.is_chance_node:
                raise IllegalActionError(
                    CHANCE_PENDING, action, "a chance event (roll, draw, deal) is pending"
                )
            if player not in self.players_to_act or self.actor(action) != player:
                raise IllegalActionError(
                    NOT_YOUR_TURN, action, f"player {player} may not take this action now"
                )
        self.check(action)
        return action

    def apply_as(self: _S, player: int, action: object, *, ply: int | None = None) -> _S:
        """``apply`` on behalf of ``player`` after :meth:`check_as` (same errors): the call a
        server makes for a move a client sent, quoting the ``ply`` the client was shown.

        >>> import wordgames
        >>> from wordgames import regenwormen as rw
        >>> state = rw.new_game(2).apply(rw.Roll((5, 5, 5, 6, 6, 6, 6, 6)))
        >>> state = state.apply_as(0, "set w", ply=state.ply)
        >>> for seat, text, ply in [(1, "reroll", state.ply), (0, "reroll", 0)]:
        ...     try:
        ...         state.apply_as(seat, text, ply=ply)
        ...     except wordgames.IllegalActionError as exc:
        ...         print(exc.code)
        not_your_turn
        stale_state
        """
        return self.apply(self.check_as(player, action, ply=ply))

    def _repr_svg_(self) -> str:
        """The game's SVG picture (notebooks show it)."""
        import importlib

        return str(importlib.import_module(f"wordgames.{self.GAME}.svg").svg(self))


class ViewBase:
    """Mixin for every game's ``View`` (notebook picture)."""

    __slots__ = ()

    if TYPE_CHECKING:
        GAME: ClassVar[str]

    def _repr_svg_(self) -> str:
        """The game's SVG picture of this view (notebooks show it)."""
        import importlib

        return str(importlib.import_module(f"wordgames.{self.GAME}.svg").svg(self))
