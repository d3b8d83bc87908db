"""The Regenwormen game state: immutable, with explicit chance nodes for every roll."""

from __future__ import annotations

import operator
import random
import typing
from bisect import bisect_right
from collections.abc import Mapping, Sequence
from fractions import Fraction
from typing import Any, Final

import attrs

from wordgames._core.chance import multiset_roll_outcomes
from wordgames._core.contract import (
    INVALID_PLAYER,
    NOT_AN_ACTION,
    NOT_CHANCE_NODE,
    StateBase,
    check_player,
    make_total,
    well_typed,
)
from wordgames._core.errors import IllegalActionError, InvalidStateError, RulesError, short_repr
from wordgames._core.outcome import GameOutcome, player_names
from wordgames._core.serial import (
    check_header,
    get_int,
    get_list,
    get_ply,
    get_str,
    guarded_loader,
)
from wordgames.regenwormen.actions import (
    FACE_POINTS,
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
    "State",
    "min_ply",
    "new_game",
    "worms",
]

DICE = 8
"""Number of dice."""
TILES = tuple(range(21, 37))
"""The grill tiles, 21 to 36."""
_VERSION = 1

# Phases (stored as small ints; names in to_dict).
ROLL, SET_ASIDE, DECIDE, OVER = 0, 1, 2, 3
PHASE_NAMES = ("roll", "set_aside", "decide", "over")

# Module constants are Final: the compiled build keeps them in C statics (a plain module name
# is a dict lookup at every use).
_ZERO6: Final = (0, 0, 0, 0, 0, 0)
_SET: Final = tuple(SetAside(f) for f in FACES)
_REROLL: Final = Reroll()
_TAKE: Final = {t: Take(t) for t in TILES}
_TO_ACT: Final = tuple(frozenset((p,)) for p in range(MAX_PLAYERS))
_NOBODY: Final[frozenset[int]] = frozenset()


def worms(tile: int) -> int:
    """Worms on a tile: 1 for 21-24, 2 for 25-28, 3 for 29-32, 4 for 33-36."""
    return (tile - 17) // 4


_Sampler = tuple[tuple[Roll, ...], tuple[int, ...], int]  # rolls, cumulative weights, bits


def _build_rolls() -> tuple[
    dict[int, tuple[tuple[Roll, Fraction], ...]],
    tuple[_Sampler, ...],
    dict[tuple[int, ...], tuple[int, ...]],
]:
    """Per number of dice: the outcomes (canonical Roll objects, exact probabilities) and a
    sampler (cumulative integer weights over 6**n); and the face counts of every roll."""
    outcomes: dict[int, tuple[tuple[Roll, Fraction], ...]] = {}
    samplers: list[_Sampler] = [((), (), 0)]  # nothing to roll with 0 dice
    counts: dict[tuple[int, ...], tuple[int, ...]] = {}
    for n in range(1, DICE + 1):
        pairs = tuple((Roll(f), p) for f, p in multiset_roll_outcomes(n, FACES))
        outcomes[n] = pairs
        cum, acc = [], 0
        for _, p in pairs:
            acc += p.numerator * (6**n // p.denominator)
            cum.append(acc)
        samplers.append((tuple(r for r, _ in pairs), tuple(cum), (6**n - 1).bit_length()))
        for roll, _ in pairs:
            counts[roll.faces] = tuple(roll.faces.count(f) for f in FACES)
    return outcomes, tuple(samplers), counts


_ROLL_TABLES = _build_rolls()
_OUTCOMES: Final = _ROLL_TABLES[0]
_SAMPLERS: Final = _ROLL_TABLES[1]
_ROLL_COUNTS: Final = _ROLL_TABLES[2]


def _mask(counts: tuple[int, ...]) -> int:
    return sum(1 << v for v in range(6) if counts[v])


# Tables for the hot paths: the face mask of every count vector of 0-8 dice (each is the
# counts of some roll, or all zero), and the set-aside actions (in face order) for every mask
# of new values.
_FACE_MASK: Final = {c: _mask(c) for c in (_ZERO6, *_ROLL_COUNTS.values())}
_SET_BY_MASK: Final = tuple(tuple(_SET[v] for v in range(6) if m >> v & 1) for m in range(64))
# canonical Roll -> (counts, number of dice, face mask)
_ROLL_INFO: Final = {
    roll: (_ROLL_COUNTS[roll.faces], len(roll.faces), _mask(_ROLL_COUNTS[roll.faces]))
    for pairs in _OUTCOMES.values()
    for roll, _ in pairs
}
# The same keyed by the identity of the canonical Roll objects (which live as long as the
# module): sampled rolls skip hashing.
_ROLL_BY_ID: Final = {id(roll): info for roll, info in _ROLL_INFO.items()}
# kept counts -> total points
_KEPT_TOTAL: Final = {c: sum(map(operator.mul, c, FACE_POINTS)) for c in _FACE_MASK}
# kept counts -> (dice left to roll, face mask): one lookup for the roll's fast path
_KEPT_LEFT_MASK: Final = {c: (DICE - sum(c), m) for c, m in _FACE_MASK.items()}


_FACE_INDEX: dict[int, int] = {f: f - 1 for f in FACES}
_ACTION_CLASSES = frozenset({Roll, SetAside, Reroll, Take, Steal, Resign})

_new: Final = object.__new__
_setattr: Final = object.__setattr__


def _derive(state: State, changes: dict[str, Any]) -> State:
    """``attrs.evolve`` without re-running ``__init__``: copy the field dict, apply changes.

    Used only by the transitions, whose results are valid by construction; about twice as
    fast as evolve, and states are made millions of times in playouts. The hot paths (a roll,
    a set-aside, a reroll, the end of a turn) inline the same three steps.
    """
    new = _new(_STATE)
    d = state.__dict__.copy()
    d.update(changes)
    _setattr(new, "__dict__", d)
    return new


@attrs.frozen(slots=False)
class State(StateBase):
    """A Regenwormen position (use :func:`new_game` or :meth:`from_dict` to make one).

    Fields (all public, there is no hidden information):

    - ``turn``: the player whose turn it is (also while their roll is pending);
    - ``phase``: 0 roll pending (chance node), 1 set aside a value of ``roll``, 2 decide
      (reroll, take or steal), 3 game over;
    - ``grill``: face-up tiles ascending; ``flipped``: face-down tiles ascending;
    - ``stacks``: each player's tiles, bottom first (the last one is the top tile);
    - ``kept``: dice set aside this turn, as counts per face 1..5, worm;
    - ``roll``: counts per face of the roll waiting for a set-aside (phase 1), else ``()``;
    - ``ply``: actions applied since :func:`new_game` (rolls included);
    - ``departed``: the players who resigned, in the order they left.
    """

    rules: Rules
    players: tuple[str, ...]
    turn: int
    phase: int
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
    def phase_name(self) -> str:
        """``"roll"``, ``"set_aside"``, ``"decide"`` or ``"over"``."""
        return PHASE_NAMES[self.phase]

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
        return self.turn if self.phase == SET_ASIDE or self.phase == DECIDE else None

    @property
    def players_to_act(self) -> frozenset[int]:
        """``{current_player}``, or empty at a chance node or at the end."""
        return _TO_ACT[self.turn] if self.phase == SET_ASIDE or self.phase == DECIDE else _NOBODY

    @property
    def is_chance_node(self) -> bool:
        """True when a roll is pending."""
        return self.phase == ROLL

    @property
    def is_terminal(self) -> bool:
        """True once no face-up tile is left on the grill, or one player is left."""
        return self.phase == OVER

    @property
    def outcome(self) -> GameOutcome | None:
        """At the end: worms per player, ranked by worms then by highest tile held; players
        who resigned rank below every player who stayed (a later leaver above an earlier
        one). The reason is ``"grill_empty"``, or ``"resigned"`` when one player is left."""
        if self.phase != OVER:
            return None
        scores = self.scores
        departed = self.departed
        keys = [
            (0, departed.index(p), 0, 0) if p in departed else (1, 0, w, max(s, default=0))
            for p, (w, s) in enumerate(zip(scores, self.stacks, strict=True))
        ]
        return GameOutcome.from_keys(scores, keys, "resigned" if self.grill else "grill_empty")

    # -- chance -----------------------------------------------------------------------------

    def chance_outcomes(self) -> tuple[tuple[Roll, Fraction], ...]:
        """Every roll of the remaining dice with its exact probability (``()`` elsewhere)."""
        if self.phase != ROLL:
            return ()
        return _OUTCOMES[DICE - sum(self.kept)]

    def sample_chance(self, rng: random.Random) -> Roll:
        """One roll of the remaining dice, drawn with ``rng`` (same law as chance_outcomes).

        Raises :class:`~wordgames.IllegalActionError` (``not_chance_node``) when no roll is
        pending."""
        if self.phase != ROLL:
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
        if phase == SET_ASIDE:
            return _SET_BY_MASK[_FACE_MASK[self.roll] & ~_FACE_MASK[self.kept]]
        if phase == DECIDE:
            if sum(self.kept) < DICE:
                return (_REROLL, *self.take_options())
            return self.take_options()
        return ()

    def resign_actions(self) -> tuple[Resign, ...]:
        """``Resign(p)`` for every player still in the game (``()`` at the end)."""
        if self.phase == OVER:
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
        elif self.phase != DECIDE:
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
        if self.phase != SET_ASIDE:
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
        if phase == ROLL:
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
                            new = _new(_STATE)
                            d = self.__dict__.copy()
                            d["phase"] = SET_ASIDE
                            d["roll"] = info[0]
                            d["ply"] += 1
                            _setattr(new, "__dict__", d)
                            return new
                        return self._bust()
        elif phase == SET_ASIDE:
            if cls is _SET_ASIDE_T:
                v = action.value
                if type(v) is int and 0 < v <= 6:
                    i: int = v - 1
                    if self.roll[i] and not self.kept[i]:
                        return self._after_set_aside(i)
        elif phase == DECIDE:
            if cls is _REROLL_T:
                if sum(self.kept) < DICE:
                    new = _new(_STATE)
                    d = self.__dict__.copy()
                    d["phase"] = ROLL
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
                phase = DECIDE
            elif sum(kept) == DICE:
                return self._bust()
            else:
                phase = ROLL
        elif sum(kept) == DICE:
            return self._bust()
        else:
            # No tile can be taken: rolling on is forced, and happens at once.
            phase = ROLL
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
        new = _new(_STATE)
        d = self.__dict__.copy()
        d["grill"] = grill
        d["flipped"] = flipped
        d["stacks"] = stacks
        d["kept"] = _ZERO6
        d["roll"] = ()
        d["ply"] += 1
        if not grill:
            d["phase"] = OVER
        else:
            n = len(self.players)
            turn = self.turn + 1
            if turn == n:
                turn = 0
            departed = self.departed
            while turn in departed:
                turn = turn + 1 if turn + 1 < n else 0
            d["turn"] = turn
            d["phase"] = ROLL
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
        left = _derive(self, {"departed": (*self.departed, p)})
        n = len(self.players)
        if n - len(left.departed) < min(2, n):
            return _derive(left, {"phase": OVER, "kept": _ZERO6, "roll": (), "ply": self.ply + 1})
        if p == self.turn:
            # The leaver's turn ends where it is: no bust, nothing returned or turned.
            return left._next_turn(self.grill, self.flipped, self.stacks)
        if self.phase == DECIDE and not left.take_options():
            # Stealing from the leaver was the only way to stop: as after any set-aside that
            # leaves no tile to take, the player rolls on, or busts with no dice left.
            if sum(self.kept) == DICE:
                return left._bust()
            return _derive(left, {"phase": ROLL, "ply": self.ply + 1})
        return _derive(left, {"ply": self.ply + 1})

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
            mark = ">" if p == self.turn and self.phase != OVER else " "
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
            line = f"{self.phase_name}: kept [{kept}] total {self.total}, {self.dice_left} dice"
            if self.phase == SET_ASIDE:
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
            "phase": PHASE_NAMES[self.phase],
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
        d = check_header(data, cls.GAME, "state", _VERSION)
        rules = Rules.from_dict(d.get("rules"))
        raw_players = get_list(d, "players")
        if len(raw_players) > MAX_PLAYERS:
            raise InvalidStateError(f"{len(raw_players)} players (at most {MAX_PLAYERS})")
        try:
            players = player_names(raw_players, rules.min_players, MAX_PLAYERS)
        except RulesError as exc:
            raise InvalidStateError(f"bad players: {short_repr(str(exc), 120)}") from None
        n = len(players)
        turn = get_int(d, "turn", 0, n - 1)
        phase_name = get_str(d, "phase")
        if phase_name not in PHASE_NAMES:
            raise InvalidStateError(f"unknown phase {short_repr(phase_name)}")
        phase = PHASE_NAMES.index(phase_name)
        grill = _int_list(d, "grill", 21, 36)
        flipped = _int_list(d, "flipped", 21, 36)
        raw_stacks = get_list(d, "stacks")
        if len(raw_stacks) != n:
            raise InvalidStateError(f"{len(raw_stacks)} stacks for {n} players")
        stacks = tuple(_int_list({"stack": s}, "stack", 21, 36) for s in raw_stacks)
        kept = _int_list(d, "kept", 0, DICE, 6)
        roll = _int_list(d, "roll", 0, DICE, 6)
        ply = get_ply(d)
        departed = _int_list(d, "departed", 0, n - 1, n)
        if list(grill) != sorted(set(grill)) or list(flipped) != sorted(set(flipped)):
            raise InvalidStateError("grill and flipped must list distinct tiles ascending")
        every = [*grill, *flipped, *(t for s in stacks for t in s)]
        if sorted(every) != list(TILES):
            raise InvalidStateError("the 16 tiles 21-36 must each be exactly once somewhere")
        if len(kept) != 6 or sum(kept) > DICE:
            raise InvalidStateError("kept must be 6 counts adding up to at most 8 dice")
        _check_departed(departed, n, phase, grill, turn)
        if phase == OVER:
            if kept != _ZERO6 or roll:
                raise InvalidStateError("a finished game has no dice out")
        elif not grill:
            raise InvalidStateError("a game with no face-up tile is over")
        if phase == SET_ASIDE:
            if len(roll) != 6 or sum(roll) != DICE - sum(kept):
                raise InvalidStateError("the roll must count exactly the dice not set aside")
            if not any(roll[v] and not kept[v] for v in range(6)):
                raise InvalidStateError("a roll with no new value is a bust, not a choice")
        elif roll:
            raise InvalidStateError("a roll is only held while a value is to be set aside")
        if phase == ROLL and sum(kept) == DICE:
            raise InvalidStateError("no dice left to roll")
        if phase == DECIDE and sum(kept) == 0:
            raise InvalidStateError("the decision comes after setting dice aside")
        state = cls(rules, players, turn, phase, grill, flipped, stacks, kept, roll, ply, departed)
        if phase == DECIDE and not state.take_options():
            # with no tile to take, rolling on (or the bust) happens at once
            raise InvalidStateError("a decision is only held when a tile can be taken")
        least = min_ply(state)
        if ply < least:
            raise InvalidStateError(f"ply {ply} is too small: this position needs {least}")
        return state


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
        + (state.phase == SET_ASIDE)
    )


def _check_departed(
    departed: tuple[int, ...], n: int, phase: int, grill: tuple[int, ...], turn: int
) -> None:
    """Who left, and how that fits the phase: the game ends when one player is left (none in
    a solo game), and a player who left never has the turn."""
    if len(set(departed)) != len(departed):
        raise InvalidStateError("departed must list distinct players")
    stay = n - len(departed)
    need = min(2, n)
    if phase == OVER and grill:  # ended by resignations
        if stay != need - 1:
            raise InvalidStateError("a game ends with tiles face up only when one player is left")
    elif stay < need:
        raise InvalidStateError("a game with one player left is over")
    if phase != OVER and turn in departed:
        raise InvalidStateError(f"player {turn} has left but has the turn")


def _int_list(
    d: Mapping[str, Any], key: str, lo: int, hi: int, most: int = len(TILES)
) -> tuple[int, ...]:
    raw = get_list(d, key)
    if len(raw) > most:
        raise InvalidStateError(f"{key} has {len(raw)} entries (at most {most})")
    for x in raw:
        if type(x) is not int or not lo <= x <= hi:
            raise InvalidStateError(f"{key} must hold integers {lo}-{hi}, got {short_repr(x)}")
    return tuple(raw)


def new_game(
    players: int | Sequence[str] = 2,
    *,
    rules: Rules = Rules(),  # noqa: B008  (frozen, so a shared default is safe)
) -> State:
    """A new game: all 16 tiles face up, player 0 to roll 8 dice (a chance node).

    ``players`` is a count (names ``P1``, ``P2``...) or the names; 2-7 players (1 with
    ``Rules(allow_solo=True)``). Player 0 starts (the rules say the youngest player).

    >>> from wordgames import regenwormen as rw
    >>> state = rw.new_game(["ann", "bob"])
    >>> state.is_chance_node, state.players      # ann's first roll is pending
    (True, ('ann', 'bob'))
    """
    if not isinstance(rules, Rules):
        raise RulesError(f"rules must be a regenwormen.Rules, got {type(rules).__name__}")
    if type(players) is int and players > MAX_PLAYERS:  # before making a name for each
        raise RulesError(f"this game takes at most {MAX_PLAYERS} players, got {players}")
    names = player_names(players, rules.min_players, MAX_PLAYERS)
    return State(rules, names, 0, ROLL, TILES, (), tuple(() for _ in names))


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
