"""The Regenwormen game state: immutable, with explicit chance nodes for every roll."""

from __future__ import annotations

import random
import typing
from bisect import bisect_right
from collections.abc import Sequence
from fractions import Fraction
from typing import Any, Final

import attrs

from wordgames._core.contract import (
    INVALID_PLAYER,
    NOT_AN_ACTION,
    NOT_CHANCE_NODE,
    StateBase,
    check_player,
    make_total,
    well_typed,
)
from wordgames._core.errors import IllegalActionError, RulesError, short_repr
from wordgames._core.outcome import GameOutcome, player_names
from wordgames._core.serial import guarded_loader
from wordgames._core.states import (
    EndReason,
    StrEnum,
    deprecated_alias,
    derive,
    state_class,
    warn_deprecated,
)
from wordgames.regenwormen._dice import (
    _FACE_MASK,
    _KEPT_LEFT_MASK,
    _KEPT_TOTAL,
    _NOBODY,
    _OUTCOMES,
    _REROLL,
    _ROLL_BY_ID,
    _ROLL_COUNTS,
    _ROLL_INFO,
    _SAMPLERS,
    _SET_BY_MASK,
    _TAKE,
    _TO_ACT,
    _ZERO6,
    DICE,
    TILES,
)
from wordgames.regenwormen.actions import (
    FACES,
    Action,
    Reroll,
    Resign,
    Roll,
    SetAside,
    Steal,
    Take,
    face_text,
    parse_action,
)
from wordgames.regenwormen.rules import MAX_PLAYERS, Rules
from wordgames.regenwormen.view import View

__all__ = [
    "DICE",
    "TILES",
    "Phase",
    "State",
    "min_ply",
    "new_game",
    "worms",
]

_VERSION = 1


class Phase(StrEnum):
    """What happens next in a Regenwormen state (``State.phase``; the JSON holds the value)."""

    ROLL = "roll"
    """A roll of the dice not set aside is pending: a chance node."""
    SET_ASIDE = "set_aside"
    """The player sets aside every die of one value of ``roll`` not set aside before."""
    DECIDE = "decide"
    """The player rerolls the dice left, takes a tile or steals one."""
    OVER = "over"
    """The game is over (the grill is empty, or one player is left)."""


# The members as Final names: the hot paths compare phases by identity (a state's phase is
# always a member: __init__ converts, transitions copy).
_ROLL: Final = Phase.ROLL
_SET_ASIDE: Final = Phase.SET_ASIDE
_DECIDE: Final = Phase.DECIDE
_OVER: Final = Phase.OVER
_PHASES: Final = tuple(Phase)

# The int phases of 0.1.0 (0 roll, 1 set aside, 2 decide, 3 over), deprecated: the module's
# __getattr__ gives the members under the old names.
_OLD_NAMES: Final = {
    "ROLL": Phase.ROLL,
    "SET_ASIDE": Phase.SET_ASIDE,
    "DECIDE": Phase.DECIDE,
    "OVER": Phase.OVER,
    "PHASE_NAMES": _PHASES,
}


def __getattr__(name: str) -> Any:
    if name in _OLD_NAMES:
        new = "Phase" if name == "PHASE_NAMES" else f"Phase.{name}"
        warn_deprecated(f"regenwormen.state.{name}", new)
        return _OLD_NAMES[name]
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def _to_phase(value: Any) -> Phase:
    """``State(phase=...)``'s converter: a member, its value, or (deprecated) 0.1.0's int."""
    if type(value) is int and 0 <= value < 4:
        warn_deprecated("an int phase", "regenwormen.Phase", stacklevel=3)
        return _PHASES[value]
    return Phase(value)


def worms(tile: int) -> int:
    """Worms on a tile: 1 for 21-24, 2 for 25-28, 3 for 29-32, 4 for 33-36."""
    return (tile - 17) // 4


_FACE_INDEX: dict[int, int] = {f: f - 1 for f in FACES}
_ACTION_CLASSES = frozenset({Roll, SetAside, Reroll, Take, Steal, Resign})

# The hot paths (a roll, a set-aside, a reroll, the end of a turn) inline derive()'s steps (a
# copy of the field dict with the changes, no __init__; Regenwormen keeps no _cache): calling
# derive there made benchmarks/instructions.py's regenwormen.random_games cost 14 % more.
_new: Final = object.__new__
_setattr: Final = object.__setattr__


@state_class
class State(StateBase):
    """A Regenwormen position (use :func:`new_game` or :meth:`from_dict` to make one).

    Fields (all public, there is no hidden information):

    - ``turn``: the player whose turn it is (also while their roll is pending);
    - ``phase``: a :class:`Phase` (``ROLL`` a chance node, ``SET_ASIDE`` a value of
      ``roll``, ``DECIDE`` reroll, take or steal, ``OVER``);
    - ``grill``: face-up tiles ascending; ``flipped``: face-down tiles ascending;
    - ``stacks``: each player's tiles, bottom first (the last one is the top tile);
    - ``kept``: dice set aside this turn, as counts per face 1..5, worm;
    - ``roll``: counts per face of the roll waiting for a set-aside (phase 1), else ``()``;
    - ``ply``: actions applied since :func:`new_game` (rolls included);
    - ``departed``: the players who resigned, in the order they left (the order ranks them).
    """

    rules: Rules
    players: tuple[str, ...]
    turn: int
    phase: Phase = attrs.field(converter=_to_phase)
    grill: tuple[int, ...]
    flipped: tuple[int, ...]
    stacks: tuple[tuple[int, ...], ...]
    kept: tuple[int, ...] = _ZERO6
    roll: tuple[int, ...] = ()
    ply: int = 0
    departed: tuple[int, ...] = ()

    # -- derived ----------------------------------------------------------------------------

    @property
    def num_players(self) -> int:
        """How many players."""
        return len(self.players)

    @property
    def active_players(self) -> tuple[int, ...]:
        """The players still in the game (all but those who resigned), in seat order."""
        departed = self.departed
        return tuple(p for p in range(len(self.players)) if p not in departed)

    @property
    @deprecated_alias("State.phase_name", "State.phase (a str enum)")
    def phase_name(self) -> str:
        """Deprecated: ``str(phase)`` (``"roll"``, ``"set_aside"``, ``"decide"``, ``"over"``)."""
        return self.phase.value

    @property
    def dice_left(self) -> int:
        """Dice not set aside this turn."""
        return DICE - sum(self.kept)

    @property
    def total(self) -> int:
        """Points of the dice set aside this turn (a worm counts 5)."""
        k = self.kept
        return k[0] + 2 * k[1] + 3 * k[2] + 4 * k[3] + 5 * (k[4] + k[5])

    @property
    def has_worm(self) -> bool:
        """Whether a worm is among the dice set aside this turn."""
        return self.kept[5] > 0

    @property
    def scores(self) -> tuple[int, ...]:
        """Each player's worms now (a player who left keeps the worms they had)."""
        return tuple(sum(map(worms, s)) for s in self.stacks)

    @property
    def current_player(self) -> int | None:
        """The player to act, ``None`` at a chance node or at the end."""
        return self.turn if self.phase is _SET_ASIDE or self.phase is _DECIDE else None

    @property
    def players_to_act(self) -> frozenset[int]:
        """``{current_player}``, or empty at a chance node or at the end."""
        return _TO_ACT[self.turn] if self.phase is _SET_ASIDE or self.phase is _DECIDE else _NOBODY

    @property
    def is_chance_node(self) -> bool:
        """True when a roll is pending."""
        return self.phase is _ROLL

    @property
    def is_terminal(self) -> bool:
        """True once no face-up tile is left on the grill, or one player is left."""
        return self.phase is _OVER

    @property
    def outcome(self) -> GameOutcome | None:
        """At the end: worms per player, ranked by worms then by highest tile held; players
        who resigned rank below every player who stayed (a later leaver above an earlier
        one). The reason is ``EndReason.GRILL_EMPTY``, or ``EndReason.RESIGNED`` when one
        player is left."""
        if self.phase is not _OVER:
            return None
        scores = self.scores
        departed = self.departed
        keys = [
            (0, departed.index(p), 0, 0) if p in departed else (1, 0, w, max(s, default=0))
            for p, (w, s) in enumerate(zip(scores, self.stacks, strict=True))
        ]
        return GameOutcome.from_keys(
            scores, keys, EndReason.RESIGNED if self.grill else EndReason.GRILL_EMPTY
        )

    @property
    def end_reason(self) -> EndReason | None:
        """Why the game ended (``outcome.reason``), ``None`` while it goes on."""
        if self.phase is not _OVER:
            return None
        return EndReason.RESIGNED if self.grill else EndReason.GRILL_EMPTY

    # -- chance -----------------------------------------------------------------------------

    def chance_outcomes(self) -> tuple[tuple[Roll, Fraction], ...]:
        """Every roll of the remaining dice with its exact probability (``()`` elsewhere)."""
        if self.phase is not _ROLL:
            return ()
        return _OUTCOMES[DICE - sum(self.kept)]

    def sample_chance(self, rng: random.Random) -> Roll:
        """One roll of the remaining dice, drawn with ``rng`` (same law as chance_outcomes).

        Raises :class:`~wordgames.IllegalActionError` (``not_chance_node``) when no roll is
        pending."""
        if self.phase is not _ROLL:
            raise IllegalActionError(NOT_CHANCE_NODE, None, "no roll is pending")
        rolls, cum, bits = _SAMPLERS[DICE - sum(self.kept)]
        # exact uniform integer below 6**n by rejection, as random.randrange does
        limit = cum[-1]
        r = rng.getrandbits(bits)
        while r >= limit:
            r = rng.getrandbits(bits)
        return rolls[_bisect_right(cum, r)]

    # -- legal actions ----------------------------------------------------------------------

    def take_options(self) -> tuple[Take | Steal, ...]:
        """The tiles the current player could stop with now, whatever the phase: empty
        without a worm set aside, else :meth:`tile_options` of the total."""
        if not self.kept[5]:
            return ()
        return self.tile_options(self.total)

    def tile_options(self, total: int) -> tuple[Take | Steal, ...]:
        """The takes and steals a stop at ``total`` would allow the player whose turn it is,
        if a worm is set aside: the tile equal to the total from the grill; if it is not
        there, the highest lower grill tile and stealing the top tile equal to the total
        of an opponent still in the game."""
        grill = self.grill
        if total in grill:
            return (_TAKE[total],)
        out: list[Take | Steal] = []
        lower = 0
        for t in grill:
            if t < total:
                lower = t
            else:
                break
        if lower:
            out.append(_TAKE[lower])
        turn = self.turn
        for p, stack in enumerate(self.stacks):
            if p != turn and stack and stack[-1] == total and p not in self.departed:
                out.append(Steal(total, p))
        return tuple(out)

    def legal_actions(self, player: object = None) -> tuple[Action, ...]:
        """Legal decisions of ``player`` (default: the current player), in a fixed order:
        set-asides by face; or ``Reroll`` (if dice remain), then the take, then steals.

        :class:`Resign` is accepted by :meth:`apply` but never listed (random playouts play
        real games); :meth:`resign_actions` lists it.

        >>> from wordgames import regenwormen as rw
        >>> state = rw.new_game(2).apply(rw.Roll((1, 2, 2, 3, 5, 6, 6, 6)))
        >>> tuple(str(a) for a in state.legal_actions())  # a set-aside per value rolled
        ('set 1', 'set 2', 'set 3', 'set 5', 'set w')
        >>> state.legal_actions(1)                   # bob may not act now
        ()
        """
        phase = self.phase
        if player is not None and (player != self.turn or type(player) is not int):
            check_player(player, len(self.players), "legal_actions")
            return ()
        if phase is _SET_ASIDE:
            return _SET_BY_MASK[_FACE_MASK[self.roll] & ~_FACE_MASK[self.kept]]
        if phase is _DECIDE:
            if sum(self.kept) < DICE:
                return (_REROLL, *self.take_options())
            return self.take_options()
        return ()

    def resign_actions(self) -> tuple[Resign, ...]:
        """``Resign(p)`` for every player still in the game (``()`` at the end)."""
        if self.phase is _OVER:
            return ()
        return tuple(Resign(p) for p in self.active_players)

    def actor(self, action: object) -> int | None:
        """Who takes ``action``: ``None`` for a roll, the leaver for a :class:`Resign`, else
        the player whose turn it is. A ``Resign`` whose player is not an ``int`` (not a
        well-formed action) has no actor: ``None``."""
        if isinstance(action, Roll):
            return None
        raw: Any = action  # not narrowed: the field is read untyped, then checked
        if isinstance(action, Resign):
            player = raw.player
            return player if type(player) is int else None
        return self.turn

    def _validate(self, action: Any) -> None:
        """The Regenwormen rules for a well-typed action (``check`` has done the rest)."""
        if type(action) not in _ACTION_CLASSES:  # a subclass may redefine equality or hashing
            raise IllegalActionError(
                NOT_AN_ACTION, action, f"{type(action).__name__} is not a Regenwormen action"
            )
        if isinstance(action, Roll):
            counts = _ROLL_COUNTS.get(action.faces)
            if counts is None:
                raise IllegalActionError(
                    "invalid_roll", action, "faces must be 1 to 8 dice showing 1-6 (6 = worm)"
                )
            if sum(counts) != self.dice_left:
                raise IllegalActionError(
                    "wrong_number_of_dice",
                    action,
                    f"{len(action.faces)} dice rolled but {self.dice_left} are to be rolled",
                )
        elif isinstance(action, Resign):
            self._check_player(action, action.player)
        elif isinstance(action, SetAside):
            self._check_set_aside(action)
        elif self.phase is not _DECIDE:
            raise IllegalActionError(
                "must_set_aside", action, "set aside a value from the roll first"
            )
        elif isinstance(action, Reroll):
            if self.dice_left == 0:
                raise IllegalActionError(
                    "no_dice_left", action, "all dice are set aside: take a tile"
                )
        else:
            self._check_stop(action)

    def _check_player(self, action: Resign | Steal, p: int) -> None:
        if not 0 <= p < len(self.players):
            raise IllegalActionError(
                INVALID_PLAYER, action, f"no player {short_repr(p)} among {len(self.players)}"
            )
        if p in self.departed:
            raise IllegalActionError("player_departed", action, f"player {p} has left the game")

    def _check_set_aside(self, action: SetAside) -> None:
        if self.phase is not _SET_ASIDE:
            raise IllegalActionError(
                "wrong_phase", action, "set-aside is done: reroll, take or steal"
            )
        i = _FACE_INDEX.get(action.value)
        if i is None:
            raise IllegalActionError("invalid_value", action, "values are 1-5 and 6 (worm)")
        if self.kept[i]:
            raise IllegalActionError(
                "value_already_set_aside", action, f"{face_text(i + 1)} was set aside this turn"
            )
        if not self.roll[i]:
            raise IllegalActionError(
                "value_not_rolled",
                action,
                f"the roll {self._roll_text()} has no {face_text(i + 1)}",
            )

    def _check_stop(self, action: Take | Steal) -> None:
        if not self.kept[5]:
            raise IllegalActionError("no_worm", action, "no tile without a worm set aside")
        total = self.total
        tile = action.tile
        if isinstance(action, Steal):
            v = action.victim
            self._check_player(action, v)
            if v == self.turn:
                raise IllegalActionError("steal_from_self", action, "cannot steal from yourself")
            if tile != total:
                raise IllegalActionError(
                    "steal_needs_exact_total",
                    action,
                    f"the total is {total}, not {short_repr(tile)}",
                )
            if not self.stacks[v] or self.stacks[v][-1] != tile:
                top = self.stacks[v][-1] if self.stacks[v] else "nothing"
                raise IllegalActionError(
                    "tile_not_on_top", action, f"player {v}'s top tile is {top}"
                )
            return
        if tile not in self.grill:
            raise IllegalActionError(
                "tile_not_in_grill", action, f"{short_repr(tile)} is not face up on the grill"
            )
        if tile > total:
            raise IllegalActionError("total_too_low", action, f"the total {total} is below {tile}")
        if tile < total:
            if total in self.grill:
                raise IllegalActionError(
                    "must_take_exact", action, f"tile {total} is on the grill: take it"
                )
            if any(tile < t < total for t in self.grill):
                raise IllegalActionError(
                    "not_highest_lower", action, f"take the highest tile below {total}"
                )

    def _roll_text(self) -> str:
        return " ".join(face_text(f) for f in FACES for _ in range(self.roll[f - 1] or 0))

    # -- transitions ------------------------------------------------------------------------

    def apply(self, action: Any) -> State:
        """The state after ``action`` (a roll at a chance node, a resignation, else the
        current player's decision).

        Raises :class:`~wordgames.IllegalActionError` and changes nothing if it is illegal.

        >>> from wordgames import regenwormen as rw
        >>> state = rw.new_game(2).apply(rw.Roll((1, 2, 2, 3, 5, 6, 6, 6)))
        >>> state.apply(rw.SetAside(6)).total        # three worms: 15 points
        15
        >>> state.apply(rw.Take(21))
        Traceback (most recent call last):
        ...
        wordgames._core.errors.IllegalActionError: illegal action 'take 21' [must_set_aside]: ...
        """
        # Fast paths for legal, well-typed actions (``type(x) is int`` keeps bools and floats
        # that compare equal out); anything else goes through check() for its error. The
        # class is compared through ``cls`` so that ``action`` stays ``Any`` and its fields
        # are read untyped (the compiled build would check a narrowed field's declared type
        # and raise a bare TypeError for ``SetAside(6.0)``).
        cls = type(action)
        phase = self.phase
        if phase is _ROLL:
            if cls is _ROLL_T:
                info = _ROLL_BY_ID.get(id(action))  # the sampler's own Roll objects
                if info is None and _well_typed(action):  # no bools among the faces
                    try:
                        info = _ROLL_INFO.get(action)
                    except (AttributeError, TypeError):  # built without __init__: no hash
                        info = None
                if info is not None:
                    left, mask = _KEPT_LEFT_MASK[self.kept]
                    if info[1] == left:
                        if info[2] & ~mask:
                            # derive()'s steps, inlined: calling it costs 14 % more
                            new = _new(_STATE)
                            d = self.__dict__.copy()
                            d["phase"] = _SET_ASIDE
                            d["roll"] = info[0]
                            d["ply"] += 1
                            _setattr(new, "__dict__", d)
                            return new
                        return self._bust()
        elif phase is _SET_ASIDE:
            if cls is _SET_ASIDE_T:
                v = action.value
                if type(v) is int and 0 < v <= 6:
                    i: int = v - 1
                    if self.roll[i] and not self.kept[i]:
                        return self._after_set_aside(i)
        elif phase is _DECIDE:
            if cls is _REROLL_T:
                if sum(self.kept) < DICE:
                    # derive()'s steps, inlined: calling it costs 14 % more
                    new = _new(_STATE)
                    d = self.__dict__.copy()
                    d["phase"] = _ROLL
                    d["ply"] += 1
                    _setattr(new, "__dict__", d)
                    return new
            elif cls is _TAKE_T and type(action.tile) is int:
                for option in self.take_options():  # the canonical equal action
                    if option == action:
                        return self._after_take(action.tile)
            elif cls is _STEAL_T and type(action.tile) is int and type(action.victim) is int:
                for option in self.take_options():
                    if option == action:
                        return self._after_steal(action.tile, action.victim)
        self.check(action)
        if cls is Resign:
            return self._after_resign(action.player)
        raise AssertionError(
            f"{short_repr(action)} passed check() but apply() has no transition for it"
        )

    def _after_set_aside(self, i: int) -> State:
        k = list(self.kept)
        k[i] += self.roll[i]
        kept = tuple(k)
        if kept[5]:
            total = _KEPT_TOTAL[kept]
            if self.grill[0] <= total or (
                total >= 21  # tiles start at 21: below, there is nothing to steal either
                and self._can_steal(total)
            ):
                phase = _DECIDE
            elif sum(kept) == DICE:
                return self._bust()
            else:
                phase = _ROLL
        elif sum(kept) == DICE:
            return self._bust()
        else:
            # No tile can be taken: rolling on is forced, and happens at once.
            phase = _ROLL
        # derive()'s steps, inlined: calling it costs 14 % more
        new = _new(_STATE)
        d = self.__dict__.copy()
        d["phase"] = phase
        d["kept"] = kept
        d["roll"] = ()
        d["ply"] += 1
        _setattr(new, "__dict__", d)
        return new

    def _can_steal(self, total: int) -> bool:
        """Whether an opponent still in the game has ``total`` as their top tile."""
        turn = self.turn
        for p, stack in enumerate(self.stacks):
            if p != turn and stack and stack[-1] == total and p not in self.departed:
                return True
        return False

    def _next_turn(
        self,
        grill: tuple[int, ...],
        flipped: tuple[int, ...],
        stacks: tuple[tuple[int, ...], ...],
    ) -> State:
        """The state one action after ``self`` that ends the turn: the next player still in
        the game rolls, or the game is over when the grill is empty."""
        # derive()'s steps, inlined: calling it costs 14 % more
        new = _new(_STATE)
        d = self.__dict__.copy()
        d["grill"] = grill
        d["flipped"] = flipped
        d["stacks"] = stacks
        d["kept"] = _ZERO6
        d["roll"] = ()
        d["ply"] += 1
        if not grill:
            d["phase"] = _OVER
        else:
            n = len(self.players)
            turn = self.turn + 1
            if turn == n:
                turn = 0
            departed = self.departed
            while turn in departed:
                turn = turn + 1 if turn + 1 < n else 0
            d["turn"] = turn
            d["phase"] = _ROLL
        _setattr(new, "__dict__", d)
        return new

    def _bust(self) -> State:
        """The turn fails: return the top tile, then turn the highest face-up tile down."""
        rules = self.rules
        stacks, grill, flipped = self.stacks, self.grill, self.flipped
        turn = self.turn
        mine = stacks[turn]
        if mine:
            back = mine[-1]
            stacks = (*stacks[:turn], mine[:-1], *stacks[turn + 1 :])
            grill = tuple(sorted((*grill, back)))
            if grill[-1] != back or rules.flip_returned_if_highest:
                flipped = tuple(sorted((*flipped, grill[-1])))
                grill = grill[:-1]
        elif rules.flip_when_nothing_returned and grill:
            flipped = tuple(sorted((*flipped, grill[-1])))
            grill = grill[:-1]
        return self._next_turn(grill, flipped, stacks)

    def _after_take(self, tile: int) -> State:
        turn = self.turn
        stacks = self.stacks
        stacks = (*stacks[:turn], (*stacks[turn], tile), *stacks[turn + 1 :])
        grill = tuple(t for t in self.grill if t != tile)
        return self._next_turn(grill, self.flipped, stacks)

    def _after_steal(self, tile: int, victim: int) -> State:
        turn = self.turn
        new = list(self.stacks)
        new[victim] = new[victim][:-1]
        new[turn] = (*new[turn], tile)
        return self._next_turn(self.grill, self.flipped, tuple(new))

    def _after_resign(self, p: int) -> State:
        """Player ``p`` leaves (docs/regenwormen.md, "Leaving"): their tiles stay with them,
        out of the game; the game ends when one player is left."""
        left = derive(self, {"departed": (*self.departed, p)})
        n = len(self.players)
        if n - len(left.departed) < min(2, n):
            return derive(left, {"phase": _OVER, "kept": _ZERO6, "roll": (), "ply": self.ply + 1})
        if p == self.turn:
            # The leaver's turn ends where it is: no bust, nothing returned or turned.
            return left._next_turn(self.grill, self.flipped, self.stacks)
        if self.phase is _DECIDE and not left.take_options():
            # Stealing from the leaver was the only way to stop: as after any set-aside that
            # leaves no tile to take, the player rolls on, or busts with no dice left.
            if sum(self.kept) == DICE:
                return left._bust()
            return derive(left, {"phase": _ROLL, "ply": self.ply + 1})
        return derive(left, {"ply": self.ply + 1})

    # -- views, text, serialisation ---------------------------------------------------------

    def view(self, player: object = None) -> View:
        """What ``player`` (``None``: a spectator) knows: everything, Regenwormen is open.

        Raises :class:`~wordgames.IllegalActionError` (``invalid_player``) for a player
        index that is not in the game.

        >>> from wordgames import regenwormen as rw
        >>> rw.new_game(2).view(0).viewer
        0
        >>> rw.new_game(2).view(5)
        Traceback (most recent call last):
        ...
        wordgames._core.errors.IllegalActionError: view(5) refused [invalid_player]: ...
        """
        check_player(player, len(self.players), "view")
        return View(typing.cast("int | None", player), self)

    def redact_action(self, action: object, viewer: object) -> str:
        """The text of ``action`` as ``viewer`` saw it: all of it, nothing is hidden."""
        return str(action)

    def __str__(self) -> str:
        tiles = _tiles
        lines = [
            f"grill: {tiles(self.grill)}  (face down: {tiles(self.flipped)})",
        ]
        scores = self.scores
        for p, name in enumerate(self.players):
            mark = ">" if p == self.turn and self.phase is not _OVER else " "
            plural = "" if scores[p] == 1 else "s"
            gone = " (left)" if p in self.departed else ""
            lines.append(
                f"{mark}{p} {name}: {tiles(self.stacks[p])}  [{scores[p]} worm{plural}]{gone}"
            )
        outcome = self.outcome
        if outcome is not None:
            places = ", ".join(f"{p}: #{r}" for p, r in enumerate(outcome.ranking))
            lines.append(f"game over ({outcome.reason}), places {places}")
        else:
            kept = " ".join(face_text(f) for f in FACES for _ in range(self.kept[f - 1]))
            line = f"{self.phase.value}: kept [{kept}] total {self.total}, {self.dice_left} dice"
            if self.phase is _SET_ASIDE:
                line += f", rolled [{self._roll_text()}]"
            lines.append(line)
        return "\n".join(lines)

    def to_dict(self) -> dict[str, Any]:
        """A JSON-safe dict; :meth:`from_dict` restores an equal state."""
        return {
            "game": self.GAME,
            "kind": "state",
            "version": _VERSION,
            "rules": self.rules.to_dict(),
            "players": list(self.players),
            "turn": self.turn,
            "phase": self.phase.value,
            "grill": list(self.grill),
            "flipped": list(self.flipped),
            "stacks": [list(s) for s in self.stacks],
            "kept": list(self.kept),
            "roll": list(self.roll),
            "ply": self.ply,
            "departed": list(self.departed),
        }

    @classmethod
    @guarded_loader
    def from_dict(cls, data: Any) -> State:
        """Load and validate a :meth:`to_dict` dict; :class:`InvalidStateError` (and nothing
        else) if it is malformed or impossible (tiles not conserved, dice not adding up, bad
        phase, a ``ply`` too small for the tiles moved...). Sizes are checked first: at most
        7 players, 16 tiles per list, 6 dice counts."""
        from wordgames.regenwormen._serial import state_from_dict

        return state_from_dict(cls, data)


def _tiles(ts: Sequence[int]) -> str:
    return " ".join(map(str, ts)) or "-"


def min_ply(state: State) -> int:
    """A lower bound on the actions that lead from :func:`new_game` to ``state`` (checked by
    ``from_dict``): a tile in a stack took a roll, a set-aside and a take; a face-down tile a
    bust (at least a roll and a set-aside); a resignation one action; each value set aside
    this turn a roll and a set-aside, and a held roll one more."""
    kept = state.kept
    return (
        3 * sum(map(len, state.stacks))
        + 2 * len(state.flipped)
        + len(state.departed)
        + 2 * sum(1 for c in kept if c)
        + (state.phase is _SET_ASIDE)
    )


_DEFAULT_RULES: Final = Rules()


def new_game(
    players: int | Sequence[str] = 2,
    *,
    rules: Rules | None = None,
) -> State:
    """A new game: all 16 tiles face up, player 0 to roll 8 dice (a chance node). ``rules``:
    ``None`` means ``Rules()``.

    ``players`` is a count (names ``P1``, ``P2``...) or the names; 2-7 players (1 with
    ``Rules(allow_solo=True)``). Player 0 starts (the rules say the youngest player).

    >>> from wordgames import regenwormen as rw
    >>> state = rw.new_game(["ann", "bob"])
    >>> state.is_chance_node, state.players      # ann's first roll is pending
    (True, ('ann', 'bob'))
    """
    if rules is None:
        rules = _DEFAULT_RULES
    if not isinstance(rules, Rules):
        raise RulesError(f"rules must be a regenwormen.Rules, got {type(rules).__name__}")
    if type(players) is int and players > MAX_PLAYERS:  # before making a name for each
        raise RulesError(f"this game takes at most {MAX_PLAYERS} players, got {players}")
    names = player_names(players, rules.min_players, MAX_PLAYERS)
    return State(rules, names, 0, _ROLL, TILES, (), tuple(() for _ in names))


# The class constants StateBase declares, set after the class is made: in the compiled build
# every name assigned in a class body gets an annotation, which attrs would take for a field.
State.GAME = "regenwormen"
State.ACTION_TYPES = (Roll, SetAside, Reroll, Take, Steal, Resign)
State.CHANCE_TYPES = (Roll,)
for _type in State.ACTION_TYPES:
    make_total(_type)
State._parse_text = staticmethod(parse_action)

# The classes and functions the hot paths use, as Final names (C statics when compiled).
_STATE: Final = State
_ROLL_T: Final = Roll
_SET_ASIDE_T: Final = SetAside
_REROLL_T: Final = Reroll
_TAKE_T: Final = Take
_STEAL_T: Final = Steal
_well_typed: Final = well_typed
_bisect_right: Final = bisect_right
