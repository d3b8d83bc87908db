"""The WordMeld game state."""

from __future__ import annotations

import random
from bisect import bisect_left
from collections.abc import Sequence
from fractions import Fraction
from typing import TYPE_CHECKING, Any, ClassVar

import attrs

from wordgames._core.contract import (
    NOT_AN_ACTION,
    NOT_CHANCE_NODE,
    Resign,
    StateBase,
    check_player,
)
from wordgames._core.errors import (
    IllegalActionError,
    action_text,
)
from wordgames._core.outcome import GameOutcome, competition_ranking
from wordgames._core.pause import paused_gc
from wordgames._core.states import EndReason, StrEnum, deprecated_alias, derive, warn_deprecated
from wordgames.wordmeld._checks import MAX_PLAY_CARDS, play_well_formed, validate
from wordgames.wordmeld.actions import (
    ACTION_TYPES,
    Action,
    Discard,
    Draw,
    Keep,
    Pass,
    PickDiscard,
    PickPile,
    Play,
    parse_action,
)
from wordgames.wordmeld.engine import PlayResult, analyze_play, word_text
from wordgames.wordmeld.rules import Rules
from wordgames.wordmeld.setup import Setup

if TYPE_CHECKING:
    from wordgames.wordmeld.meld import MeldOption
    from wordgames.wordmeld.view import View

from wordgames._core.states import state_class

__all__ = ["MAX_PLAY_CARDS", "STATE_VERSION", "Phase", "State"]


class Phase(StrEnum):
    """What happens next in a WordMeld state (``State.phase``, ``View.phase``; the JSON holds
    the value)."""

    DRAW = "draw"
    """A chance node: cards are being drawn (the deal, the draws after a play, a pile draw)."""
    TURN = "turn"
    """A player's turn begins: play, pick pile, pick discard (or pass)."""
    DISCARD = "discard"
    """After a pile draw: discard (or keep)."""
    TOOK = "took"
    """After taking the discard pile's top card: play or discard."""
    OVER = "over"
    """The game is over."""


DRAW, TURN, DISCARD, TOOK, OVER = Phase.DRAW, Phase.TURN, Phase.DISCARD, Phase.TOOK, Phase.OVER


def __getattr__(name: str) -> Any:
    if name == "PHASES":  # 0.1.0's tuple of phase names, deprecated
        warn_deprecated("wordmeld.state.PHASES", "Phase")
        return tuple(Phase)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


# what follows when the pending draws are done
AFTER_START = "start"
AFTER_PLAYED = "played"
AFTER_DISCARD = "discard"
_AFTERS = (AFTER_START, AFTER_PLAYED, AFTER_DISCARD)

REASONS = (EndReason.WINNING_WORD, EndReason.EMPTY_HAND, EndReason.BLOCKED, EndReason.RESIGNED)
"""The end reasons of WordMeld."""

STATE_VERSION = 4
"""The JSON version of states and views (2: draws name cards, ``known``, ``resigned``, ``ply``;
3: a ``Play`` names the table words it changes, so the play texts of older records mean
something else and version 2 is refused; 4: ``departed``, ``end_reason`` and ``finisher``
instead of ``resigned``, ``reason`` and ``winner``, version 3 is migrated on load)."""


def outcome_of(
    hand_sizes: Sequence[int],
    departed: Sequence[int],
    finisher: int | None,
    reason: EndReason,
) -> GameOutcome:
    """The outcome of a finished game from public facts (shared by states and views): the
    finisher first, then the players still in, by fewer cards held, then those who left."""
    n = len(hand_sizes)
    keys = [(int(i == finisher), int(i not in departed), -hand_sizes[i]) for i in range(n)]
    ranking = competition_ranking(keys)
    scores = tuple(int(r == 1) for r in ranking)
    return GameOutcome(scores, ranking, reason)


def _opt_reason(value: Any) -> EndReason | None:
    return None if value is None else EndReason(value)


def _winner_of(departed: Sequence[int], n: int, finisher: int | None, reason: Any) -> int | None:
    """0.1.0's ``winner``: the finisher, or the one player left after resignations."""
    if reason == EndReason.RESIGNED:
        left = [p for p in range(n) if p not in departed]
        return left[0] if len(left) == 1 else None
    return finisher


@state_class
class State(StateBase):
    """A WordMeld position. Use :func:`wordgames.wordmeld.new_game` to make one.

    ``hands`` are sorted card ids; ``pile`` (the draw pile) is an unordered set of ids kept
    sorted; ``discard`` runs from the bottom to the top card. ``table`` is the words on the
    table (tuples of card ids) and ``table_letters`` the letter of every joker on it.
    ``queue`` lists who receives the pending draws (chance nodes) and ``after`` what happens
    once they are done. ``idle`` counts turns in a row without a word played. ``known[p]``
    are the cards of ``p``'s hand that everybody knows (taken from the discard pile or back
    from the table), ``departed`` the players who resigned (in the order they left), and
    ``ply`` counts the actions applied since :func:`~wordgames.wordmeld.new_game`. At the end,
    ``end_reason`` says why and ``finisher`` is the player who went out (laid the winning
    word or emptied the hand; ``None`` for a blocked game and for one ended by resignations).
    Who won: ``outcome.winners``.
    """

    GAME: ClassVar[str] = "wordmeld"
    ACTION_TYPES: ClassVar[tuple[type, ...]] = ACTION_TYPES
    CHANCE_TYPES: ClassVar[tuple[type, ...]] = (Draw,)
    SERVER_TYPES: ClassVar[tuple[type, ...]] = ()

    rules: Rules
    setup: Setup
    players: tuple[str, ...]
    hands: tuple[tuple[int, ...], ...]
    pile: tuple[int, ...]
    discard: tuple[int, ...]
    table: tuple[tuple[int, ...], ...]
    table_letters: tuple[tuple[int, str], ...]
    melded: tuple[bool, ...]
    phase: Phase = attrs.field(converter=Phase)
    turn: int
    queue: tuple[int, ...] = ()
    after: str = ""
    drawn: int | None = None
    idle: int = 0
    #: the player who went out (winning word or empty hand), else None
    finisher: int | None = None
    #: why the game ended (None while it goes on)
    end_reason: EndReason | None = attrs.field(default=None, converter=_opt_reason)
    #: per player: the sorted ids of hand cards everybody knows (``()`` = none for anybody)
    known: tuple[tuple[int, ...], ...] = ()
    #: the players who resigned, in the order they left
    departed: tuple[int, ...] = ()
    ply: int = 0
    _cache: dict[str, Any] = attrs.field(init=False, eq=False, repr=False, factory=dict)

    def __attrs_post_init__(self) -> None:
        if not self.known:
            object.__setattr__(self, "known", tuple(() for _ in self.players))

    # caches stay out of pickles: a pickled state holds only its fields
    def __getstate__(self) -> dict[str, Any]:
        return {f.name: getattr(self, f.name) for f in attrs.fields(State) if f.name != "_cache"}

    def __setstate__(self, data: dict[str, Any]) -> None:
        for name, value in data.items():
            object.__setattr__(self, name, value)
        object.__setattr__(self, "_cache", {})

    # -- the contract's basic members ------------------------------------------------------

    @property
    def num_players(self) -> int:
        """Number of players."""
        return len(self.players)

    @property
    def current_player(self) -> int | None:
        """The player to act (None at chance nodes and at the end)."""
        return self.turn if self.phase in (TURN, DISCARD, TOOK) else None

    @property
    def players_to_act(self) -> frozenset[int]:
        """``{current_player}`` or empty."""
        p = self.current_player
        return frozenset() if p is None else frozenset((p,))

    @property
    def is_chance_node(self) -> bool:
        """True while a card is to be drawn."""
        return self.phase == DRAW

    @property
    def is_terminal(self) -> bool:
        """True when the game is over."""
        return self.phase == OVER

    @property
    def active_players(self) -> tuple[int, ...]:
        """The players who have not resigned, in seat order."""
        departed = self.departed
        return tuple(i for i in range(len(self.players)) if i not in departed)

    @property
    @deprecated_alias("State.resigned", "State.departed")
    def resigned(self) -> tuple[bool, ...]:
        """Deprecated: per player, whether they left (``p in departed``)."""
        departed = self.departed
        return tuple(i in departed for i in range(len(self.players)))

    @property
    @deprecated_alias("State.reason", "State.end_reason")
    def reason(self) -> EndReason | None:
        """Deprecated: ``end_reason``."""
        return self.end_reason

    @property
    @deprecated_alias("State.winner", "State.outcome.winners (or State.finisher)")
    def winner(self) -> int | None:
        """Deprecated: 0.1.0's ``winner``, the finisher or the one player left after
        resignations (``outcome.winners`` says who won)."""
        return _winner_of(self.departed, len(self.players), self.finisher, self.end_reason)

    @property
    def outcome(self) -> GameOutcome | None:
        """None until the end. Then the winner (or, in a blocked game, every remaining player
        holding the fewest cards) is ranked first with score 1; the others score 0 and are
        ranked by the cards they hold (fewer is better), players who resigned last.
        ``reason``: ``EndReason.WINNING_WORD``, ``EMPTY_HAND``, ``BLOCKED`` or
        ``RESIGNED``."""
        if self.phase is not OVER:
            return None
        return outcome_of(
            [len(h) for h in self.hands],
            self.departed,
            self.finisher,
            self.end_reason or EndReason.BLOCKED,
        )

    @property
    def scores(self) -> tuple[int, ...]:
        """What the rules score now: WordMeld counts no points during play, so all zeros
        until the end, then the outcome's scores (1 for first place, else 0)."""
        out = self.outcome
        return (0,) * self.num_players if out is None else out.scores

    def actor(self, action: object) -> int | None:
        """Who takes ``action`` here (None for chance outcomes; the leaver for Resign)."""
        if isinstance(action, Resign):
            return action.player
        return None if isinstance(action, Draw) else self.current_player

    # -- chance --------------------------------------------------------------------------

    def chance_outcomes(self) -> tuple[tuple[Action, Fraction], ...]:
        """Every card of the draw pile, each with probability ``1/len(pile)`` (card id
        order); ``()`` if this is not a chance node."""
        if self.phase != DRAW:
            return ()
        p = Fraction(1, len(self.pile))
        return tuple((Draw(c), p) for c in self.pile)

    def sample_chance(self, rng: random.Random) -> Action:
        """One chance outcome drawn with ``rng`` (same distribution as chance_outcomes).

        Raises :class:`~wordgames.IllegalActionError` (``not_chance_node``) when no card is
        to be drawn."""
        if self.phase != DRAW:
            raise IllegalActionError(NOT_CHANCE_NODE, None, "no card is being drawn now")
        return Draw(self.pile[rng.randrange(len(self.pile))])

    # -- legal actions -------------------------------------------------------------------

    def _can_pick_pile(self) -> bool:
        return bool(self.pile) or len(self.discard) >= 2

    def _must_draw_after_pick(self) -> bool:
        """After ``pick discard`` under ``Rules.draw_after_discard_pick``: a player who plays
        no word draws from the pile before discarding (when a card can be drawn)."""
        return self.rules.draw_after_discard_pick and self._can_pick_pile()

    def legal_actions(self, player: int | None = None) -> tuple[Action, ...]:
        """The legal actions of ``player`` (default: the current player), deterministic order.

        Turn start: ``pick pile``, ``pick discard``, ``pass`` (only when nothing can be
        drawn), then the plays of :func:`wordgames.wordmeld.meld.find_plays` (the documented
        enumerated class; ``check``/``apply`` accept every legal rearrangement too).
        After a pile draw: every discard, and ``keep`` when allowed. After taking the discard
        top: every discard (``pick pile`` instead under ``Rules.draw_after_discard_pick``),
        ``keep`` when allowed, then the plays. ``resign`` is legal for
        every player still in the game but never listed.

        >>> import random, wordgames
        >>> from wordgames import wordmeld
        >>> state = wordgames.resolve_chance(wordmeld.new_game(["ann", "bob"]), random.Random(1))
        >>> tuple(str(a) for a in state.legal_actions()[:2])
        ('pick pile', 'play 17.29.34.99')
        """
        p = self.current_player
        if player is not None and (player != p or type(player) is not int):
            check_player(player, len(self.players), "legal_actions")
            return ()
        if p is None:
            return ()
        cached = self._cache.get("legal")
        if cached is not None:
            return cached  # type: ignore[no-any-return]
        out: list[Action] = []
        if self.phase == TURN:
            if self._can_pick_pile():
                out.append(PickPile())
            if self.discard:
                out.append(PickDiscard())
            if not out:
                out.append(Pass())
            out.extend(self._plays()[0])
        elif self.phase == DISCARD:
            if self.rules.discard_drawn_only and self.drawn is not None:
                out.append(Discard(self.drawn))
            else:
                out.extend(Discard(c) for c in self.hands[p])
            if self.melded[p]:
                out.append(Keep())
        elif self.phase == TOOK:
            if self._must_draw_after_pick():
                out.append(PickPile())
            else:
                out.extend(Discard(c) for c in self.hands[p])
            if self.rules.keep_after_discard_pick and self.melded[p]:
                out.append(Keep())
            out.extend(self._plays()[0])
        result = tuple(out)
        self._cache["legal"] = result
        return result

    def play_options(self) -> tuple[MeldOption, ...]:
        """The enumerated plays with what each does (shed cards, draws, win), for bots."""
        if self.phase not in (TURN, TOOK):
            return ()
        cached = self._cache.get("options")
        if cached is None:
            from wordgames.wordmeld.meld import options_of

            cached = self._cache["options"] = options_of(*self._plays())
        return cached

    def _plays(self) -> tuple[list[Play], list[tuple[str, str, int, int, bool]]]:
        """The enumerated plays of the player whose turn it is (the actions, and the rest of
        each :class:`MeldOption`), computed once per state."""
        cached = self._cache.get("plays")
        if cached is None:
            from wordgames.wordmeld.meld import _find

            p = self.turn
            cached = self._cache["plays"] = paused_gc(
                _find,
                self.rules,
                self.setup,
                self.hands[p],
                self.melded[p],
                self.table,
                self.table_letters,
            )
        return cached

    # -- validation ----------------------------------------------------------------------

    def check(self, action: object) -> None:
        """Raise the :class:`IllegalActionError` that ``apply(action)`` would raise."""
        if type(action) is Play and not play_well_formed(action):
            raise IllegalActionError(NOT_AN_ACTION, action, "not a well-formed wordmeld action")
        super().check(action)

    def check_as(self, player: int, action: object, *, ply: int | None = None) -> Any:
        """See :meth:`StateBase.check_as` (oversized plays are refused first, cheaply)."""
        if type(action) is Play and not play_well_formed(action):
            raise IllegalActionError(NOT_AN_ACTION, action, "not a well-formed wordmeld action")
        return super().check_as(player, action, ply=ply)

    def _analyze(self, action: Play) -> PlayResult:
        p = self.turn
        return analyze_play(
            self.rules,
            self.setup,
            self.hands[p],
            self.melded[p],
            self.table,
            self.table_letters,
            action,
        )

    def _validate(self, action: Any) -> None:
        """WordMeld's own rules (the base class has handled the shared situations)."""
        validate(self, action)

    # -- transitions -----------------------------------------------------------------------

    def apply(self, action: Any) -> State:
        """The state after ``action`` (``self`` is unchanged); raises the error of
        :meth:`check` when ``action`` is illegal.

        >>> import random, wordgames
        >>> from wordgames import wordmeld
        >>> state = wordgames.resolve_chance(wordmeld.new_game(2), random.Random(1))
        >>> state.apply(wordmeld.parse_action("pick pile")).is_chance_node   # the draw is pending
        True
        """
        t = type(action)
        phase = self.phase
        ply = self.ply + 1
        p = self.turn
        # fast paths: only well-typed, legal actions; everything else goes through check()
        if t is Draw:
            card = getattr(action, "card", None)
            if phase == DRAW and type(card) is int and card in self.pile:
                return self._draw(card, ply)
        elif t is Play:
            if phase in (TURN, TOOK) and play_well_formed(action):
                return self._play(self._analyze(action), ply)
        elif t is Discard:
            card = getattr(action, "card", None)
            if self._discard_ok(card):
                return self._discard(card, ply)  # type: ignore[arg-type]
        elif t is PickPile:
            if (phase == TURN or (phase == TOOK and self.rules.draw_after_discard_pick)) and (
                self._can_pick_pile()
            ):
                s = derive(self, {"phase": DRAW, "queue": (p,), "after": AFTER_DISCARD, "ply": ply})
                return _settle(s)
        elif t is PickDiscard and phase == TURN and self.discard:
            return self._pick_discard(ply)
        self.check(action)  # raises for every illegal action
        if t is Keep or t is Pass:
            return _end_turn(self, played=False, ply=ply)
        if t is Resign:
            return self._resign(action.player, ply)
        # not reached: the fast paths above take every other legal action
        raise AssertionError(f"unhandled legal action {action_text(action)}")

    def _discard_ok(self, card: object) -> bool:
        phase = self.phase
        if phase != TOOK and phase != DISCARD:
            return False
        if type(card) is not int or card not in self.hands[self.turn]:
            return False
        if phase == TOOK and self._must_draw_after_pick():
            return False
        return not (phase == DISCARD and self.rules.discard_drawn_only and card != self.drawn)

    def _draw(self, card: int, ply: int) -> State:
        to = self.queue[0]
        hands = list(self.hands)
        hands[to] = tuple(sorted((*hands[to], card)))
        pile = self.pile
        i = bisect_left(pile, card)  # the pile is sorted
        pile = (*pile[:i], *pile[i + 1 :])
        drawn = card if self.after == AFTER_DISCARD else None
        return _settle(
            derive(
                self,
                {
                    "hands": tuple(hands),
                    "pile": pile,
                    "queue": self.queue[1:],
                    "drawn": drawn,
                    "ply": ply,
                },
            )
        )

    def _pick_discard(self, ply: int) -> State:
        p = self.turn
        top = self.discard[-1]
        return derive(
            self,
            {
                "phase": TOOK,
                "discard": self.discard[:-1],
                "hands": _replace(self.hands, p, tuple(sorted((*self.hands[p], top)))),
                "known": _replace(self.known, p, tuple(sorted((*self.known[p], top)))),
                "ply": ply,
            },
        )

    def _discard(self, card: int, ply: int) -> State:
        p = self.turn
        hand = tuple(c for c in self.hands[p] if c != card)
        s = derive(
            self,
            {
                "hands": _replace(self.hands, p, hand),
                "discard": (*self.discard, card),
                "known": _replace(self.known, p, tuple(c for c in self.known[p] if c != card)),
            },
        )
        return _end_turn(s, played=False, ply=ply)

    def _play(self, result: PlayResult, ply: int) -> State:
        p = self.turn
        known = set(self.known[p]).difference(result.added).union(result.taken_back)
        s = derive(
            self,
            {
                "hands": _replace(self.hands, p, result.hand),
                "table": result.words,
                "table_letters": result.letters,
                "melded": _replace(self.melded, p, True),
                "known": _replace(self.known, p, tuple(sorted(known))),
                "ply": ply,
            },
        )
        if result.wins:
            return derive(
                s,
                {"phase": OVER, "finisher": p, "end_reason": _WINNING_WORD, "drawn": None},
            )
        return _settle(
            derive(s, {"phase": DRAW, "queue": (p,) * result.draws, "after": AFTER_PLAYED})
        )

    def _resign(self, q: int, ply: int) -> State:
        """Player ``q`` leaves: their hand leaves the game with them (it stays face down in
        their place, never played again); their table words stay."""
        departed = (*self.departed, q)
        s = derive(
            self,
            {"departed": departed, "queue": tuple(x for x in self.queue if x != q), "ply": ply},
        )
        active = s.active_players
        if len(active) == 1:
            return derive(
                s,
                {
                    "phase": OVER,
                    "end_reason": _RESIGNED,
                    "drawn": None,
                    "queue": (),
                    "after": "",
                },
            )
        if q == self.turn and (
            self.phase in (TURN, DISCARD, TOOK)
            or (self.phase == DRAW and self.after != AFTER_START)
        ):
            # the leaver's turn ends at once: pending draws are dropped, the next player goes
            idle = 0 if self.after == AFTER_PLAYED else s.idle  # a word was played this turn
            s = derive(
                s,
                {
                    "phase": TURN,
                    "queue": (),
                    "after": "",
                    "drawn": None,
                    "turn": _next_active(s, q),
                    "idle": idle,
                },
            )
        elif s.phase == DRAW:
            s = _settle(s)
        cap = s.rules.max_idle_rounds
        if s.phase != OVER and cap is not None and s.idle >= cap * len(active):
            return derive(
                s,
                {"phase": OVER, "end_reason": _BLOCKED, "drawn": None, "queue": (), "after": ""},
            )
        return s

    def play_result(self, action: Play) -> PlayResult:
        """What ``action`` would do (raises IllegalActionError like ``check``)."""
        if type(action) is not Play:
            raise IllegalActionError("not_a_play", action, "not a play")
        self.check(action)
        return self._analyze(action)

    # -- views, text, serialisation --------------------------------------------------------

    def view(self, player: int | None) -> View:
        """What ``player`` may know (None = a spectator).

        >>> import random, wordgames
        >>> from wordgames import wordmeld
        >>> state = wordgames.resolve_chance(wordmeld.new_game(2), random.Random(1))
        >>> view = state.view(0)
        >>> len(view.hand), view.hand_sizes
        (10, (10, 10))
        """
        from wordgames.wordmeld.view import View

        check_player(player, len(self.players), "view")
        return View.of(self, player)

    def redact_action(self, action: Action, viewer: int | None) -> str:
        """The action's text as ``viewer`` saw it: cards drawn by others become ``draw ?``."""
        if isinstance(action, Draw) and self.phase == DRAW and self.queue[0] != viewer:
            return "draw ?"
        return str(action)

    def word_texts(self) -> tuple[str, ...]:
        """The table's words as letters."""
        cl = self.setup.deck.card_letters
        letters = dict(self.table_letters)
        return tuple(word_text(w, cl, letters) for w in self.table)

    def __str__(self) -> str:
        cl = self.setup.deck.card_letters
        letters = dict(self.table_letters)
        head = f"WordMeld [{self.phase}] ply {self.ply}"
        if self.phase == OVER:
            out = self.outcome
            assert out is not None
            head += f" {self.end_reason}, winners {sorted(out.winners)}"
        elif self.phase == DRAW:
            head += f" draws pending for {list(self.queue)}"
        else:
            head += f" {self.players[self.turn]} to act"
        top = f"{cl[self.discard[-1]]}{self.discard[-1]}" if self.discard else "-"
        lines = [
            head,
            f"pile {len(self.pile)}  discard {len(self.discard)} (top {top})  idle {self.idle}",
        ]
        words = []
        for w in self.table:
            text = word_text(w, cl, letters)
            words.append(f"{text}({'.'.join(map(str, w))})")
        lines.append("table: " + ("  ".join(words) if words else "-"))
        for i, name in enumerate(self.players):
            mark = "*" if i == self.current_player else " "
            known = set(self.known[i])
            cards = " ".join(f"{cl[c]}{c}{'!' if c in known else ''}" for c in self.hands[i])
            first = "" if self.melded[i] else " (no word yet)"
            if i in self.departed:
                first += " (resigned)"
            lines.append(f"{mark}{name}{first}: {cards}")
        return "\n".join(lines)

    def to_dict(self) -> dict[str, Any]:
        """JSON-safe, versioned form."""
        return {
            "game": "wordmeld",
            "kind": "state",
            "version": STATE_VERSION,
            "rules": self.rules.to_dict(),
            "setup": self.setup.to_dict(),
            "players": list(self.players),
            "hands": [list(h) for h in self.hands],
            "pile": list(self.pile),
            "discard": list(self.discard),
            "table": [list(w) for w in self.table],
            "table_letters": [[c, s] for c, s in self.table_letters],
            "melded": list(self.melded),
            "phase": self.phase.value,
            "turn": self.turn,
            "queue": list(self.queue),
            "after": self.after,
            "drawn": self.drawn,
            "idle": self.idle,
            "finisher": self.finisher,
            "end_reason": None if self.end_reason is None else self.end_reason.value,
            "known": [list(k) for k in self.known],
            "departed": list(self.departed),
            "ply": self.ply,
        }

    @classmethod
    def from_dict(cls, data: Any) -> State:
        """Load and validate :meth:`to_dict` output (:class:`InvalidStateError` on any bad
        or impossible data, and nothing else). Version 3 (0.2.0 before the names were
        shared: ``resigned``, ``reason``, ``winner``) is migrated; 1 and 2 are refused."""
        from wordgames.wordmeld._serial import state_from_dict

        return state_from_dict(data)


State._parse_text = staticmethod(parse_action)


_WINNING_WORD = EndReason.WINNING_WORD
_EMPTY_HAND = EndReason.EMPTY_HAND
_BLOCKED = EndReason.BLOCKED
_RESIGNED = EndReason.RESIGNED


def _replace(seq: tuple[Any, ...], i: int, value: Any) -> tuple[Any, ...]:
    return (*seq[:i], value, *seq[i + 1 :])


def _next_active(s: State, p: int) -> int:
    n = s.num_players
    for k in range(1, n + 1):
        q = (p + k) % n
        if q not in s.departed:
            return q
    return p  # pragma: no cover - a game with nobody left is over


def _settle(s: State) -> State:
    """Resolve what needs no decision: refill an empty pile from the discard pile, drop
    draws that cannot be made, and continue once the pending draws are done."""
    while s.phase == DRAW:
        if s.queue and not s.pile:
            if len(s.discard) >= 2:
                s = derive(s, {"pile": tuple(sorted(s.discard[:-1])), "discard": s.discard[-1:]})
            else:
                s = derive(s, {"queue": ()})
        if s.queue:
            return s
        if s.after == AFTER_START:
            first = 0 if 0 not in s.departed else _next_active(s, 0)
            return derive(s, {"phase": TURN, "after": "", "turn": first, "drawn": None})
        if s.after == AFTER_DISCARD:
            if s.drawn is None:  # nothing could be drawn after all
                return _end_turn(derive(s, {"phase": TURN, "after": ""}), played=False, ply=s.ply)
            return derive(s, {"phase": DISCARD, "after": ""})
        return _end_turn(derive(s, {"phase": TURN, "after": ""}), played=True, ply=s.ply)
    return s


def _end_turn(s: State, *, played: bool, ply: int) -> State:
    p = s.turn
    if not s.hands[p]:
        return derive(
            s,
            {"phase": OVER, "finisher": p, "end_reason": _EMPTY_HAND, "drawn": None, "ply": ply},
        )
    idle = 0 if played else s.idle + 1
    cap = s.rules.max_idle_rounds
    if cap is not None and idle >= cap * (s.num_players - len(s.departed)):
        return derive(
            s,
            {"phase": OVER, "idle": idle, "end_reason": _BLOCKED, "drawn": None, "ply": ply},
        )
    return derive(
        s,
        {
            "phase": TURN,
            "turn": _next_active(s, p),
            "idle": idle,
            "drawn": None,
            "after": "",
            "ply": ply,
        },
    )
