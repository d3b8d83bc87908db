"""The WordMeld game state."""

from __future__ import annotations

import operator
import random
from bisect import bisect_left
from collections.abc import Mapping, Sequence
from fractions import Fraction
from itertools import chain
from typing import TYPE_CHECKING, Any, ClassVar

import attrs

from wordgames._core.contract import (
    INVALID_PLAYER,
    NOT_AN_ACTION,
    NOT_CHANCE_NODE,
    Resign,
    StateBase,
    check_player,
)
from wordgames._core.errors import (
    IllegalActionError,
    InvalidStateError,
    action_text,
    short_repr,
)
from wordgames._core.outcome import GameOutcome, competition_ranking
from wordgames._core.pause import paused_gc
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
from wordgames.wordmeld.deck import JOKER
from wordgames.wordmeld.engine import PlayResult, analyze_play, word_text
from wordgames.wordmeld.rules import Rules
from wordgames.wordmeld.setup import Setup

if TYPE_CHECKING:
    from wordgames.wordmeld.meld import MeldOption
    from wordgames.wordmeld.view import View

__all__ = ["MAX_PLAY_CARDS", "PHASES", "STATE_VERSION", "State"]

#: chance: cards are being drawn (the deal, draws after a play, a pile draw)
DRAW = "draw"
#: a player's turn begins: play, pick pile, pick discard (or pass)
TURN = "turn"
#: after a pile draw: discard (or keep)
DISCARD = "discard"
#: after taking the discard pile's top card: play or discard
TOOK = "took"
#: the game is over
OVER = "over"
PHASES = (DRAW, TURN, DISCARD, TOOK, OVER)

# what follows when the pending draws are done
AFTER_START = "start"
AFTER_PLAYED = "played"
AFTER_DISCARD = "discard"
_AFTERS = (AFTER_START, AFTER_PLAYED, AFTER_DISCARD)

REASONS = ("winning_word", "empty_hand", "blocked", "resigned")

STATE_VERSION = 3
"""The JSON version of states and views (2: draws name cards, ``known``, ``resigned``, ``ply``;
3: a ``Play`` names the table words it changes, so the play texts of older records mean
something else and version 2 is refused)."""

MAX_PLAY_CARDS = 4096
"""A ``Play`` naming more card ids, changes or joker letters than this is not a well-formed
action (``not_an_action``): no deck is that large, and the bound keeps hostile objects cheap."""


def play_well_formed(action: object) -> bool:
    """Whether a ``Play``'s fields have their types (tuples of tuples of ints; ``(int,
    tuple of ints)`` changes; ``(int, str)`` letters) and name at most
    :data:`MAX_PLAY_CARDS` cards, changes and letters. The sizes are checked before anything
    iterates over the entries; the type checks run at C speed."""
    new = getattr(action, "new", None)
    changes = getattr(action, "changes", None)
    letters = getattr(action, "letters", None)
    if type(new) is not tuple or type(changes) is not tuple or type(letters) is not tuple:
        return False
    if len(new) > MAX_PLAY_CARDS or len(changes) > MAX_PLAY_CARDS:
        return False
    if len(letters) > MAX_PLAY_CARDS:
        return False
    if changes:
        if not set(map(type, changes)) <= _TUPLE or set(map(len, changes)) != _TWO:
            return False
        if not set(map(type, map(_first, changes))) <= _INT:
            return False
        words = (*new, *map(_second, changes))
    else:
        words = new
    if not set(map(type, words)) <= _TUPLE or sum(map(len, words)) > MAX_PLAY_CARDS:
        return False
    if not set(map(type, chain.from_iterable(words))) <= _INT:
        return False
    if not letters:
        return True
    return (
        set(map(type, letters)) <= _TUPLE
        and set(map(len, letters)) == _TWO
        and set(map(type, map(_first, letters))) == _INT
        and set(map(type, map(_second, letters))) == _STR
    )


_TUPLE = frozenset({tuple})
_INT = frozenset({int})
_STR = frozenset({str})
_TWO = frozenset({2})
_first = operator.itemgetter(0)
_second = operator.itemgetter(1)


def outcome_of(
    hand_sizes: Sequence[int], resigned: Sequence[bool], winner: int | None, reason: str
) -> GameOutcome:
    """The outcome of a finished game from public facts (shared by states and views)."""
    n = len(hand_sizes)
    keys = [(int(i == winner), int(not resigned[i]), -hand_sizes[i]) for i in range(n)]
    ranking = competition_ranking(keys)
    scores = tuple(int(r == 1) for r in ranking)
    return GameOutcome(scores, ranking, reason)


@attrs.frozen
class State(StateBase):
    """A WordMeld position. Use :func:`wordgames.wordmeld.new_game` to make one.

    ``hands`` are sorted card ids; ``pile`` (the draw pile) is an unordered set of ids kept
    sorted; ``discard`` runs from the bottom to the top card. ``table`` is the words on the
    table (tuples of card ids) and ``table_letters`` the letter of every joker on it.
    ``queue`` lists who receives the pending draws (chance nodes) and ``after`` what happens
    once they are done. ``idle`` counts turns in a row without a word played. ``known[p]``
    are the cards of ``p``'s hand that everybody knows (taken from the discard pile or back
    from the table), ``resigned[p]`` whether ``p`` left the game, and ``ply`` counts the
    actions applied since :func:`~wordgames.wordmeld.new_game`.
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
    phase: str
    turn: int
    queue: tuple[int, ...] = ()
    after: str = ""
    drawn: int | None = None
    idle: int = 0
    winner: int | None = None
    reason: str | None = None
    #: per player: the sorted ids of hand cards everybody knows (``()`` = none for anybody)
    known: tuple[tuple[int, ...], ...] = ()
    #: per player: True once the player resigned (``()`` = nobody)
    resigned: tuple[bool, ...] = ()
    ply: int = 0
    _cache: dict[str, Any] = attrs.field(init=False, eq=False, repr=False, factory=dict)

    def __attrs_post_init__(self) -> None:
        if not self.known:
            object.__setattr__(self, "known", tuple(() for _ in self.players))
        if not self.resigned:
            object.__setattr__(self, "resigned", tuple(False for _ in self.players))

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
        """The players who have not resigned."""
        return tuple(i for i, r in enumerate(self.resigned) if not r)

    @property
    def outcome(self) -> GameOutcome | None:
        """None until the end. Then the winner (or, in a blocked game, every remaining player
        holding the fewest cards) is ranked first with score 1; the others score 0 and are
        ranked by the cards they hold (fewer is better), players who resigned last.
        ``reason``: ``winning_word``, ``empty_hand``, ``blocked`` or ``resigned``."""
        if self.phase != OVER:
            return None
        return outcome_of(
            [len(h) for h in self.hands], self.resigned, self.winner, self.reason or "blocked"
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

        def fail(code: str, message: str) -> IllegalActionError:
            return IllegalActionError(code, action, message)

        if isinstance(action, Resign):
            q = action.player
            if not 0 <= q < self.num_players:
                raise fail(INVALID_PLAYER, f"no player {short_repr(q)}")
            if self.resigned[q]:
                raise fail("already_resigned", f"player {q} has already left the game")
            return
        if isinstance(action, Draw):
            if action.card not in self.pile:
                raise fail("card_not_in_pile", f"card {short_repr(action.card)} is not in the pile")
            return
        p = self.turn
        if isinstance(action, PickPile):
            if self.phase == TOOK and self.rules.draw_after_discard_pick:
                if not self._can_pick_pile():
                    raise fail("draw_pile_empty", "the draw pile is empty and cannot be refilled")
                return
            if self.phase != TURN:
                raise fail("wrong_phase", "cards are picked only at the start of a turn")
            if not self._can_pick_pile():
                raise fail("draw_pile_empty", "the draw pile is empty and cannot be refilled")
            return
        if isinstance(action, PickDiscard):
            if self.phase != TURN:
                raise fail("wrong_phase", "cards are picked only at the start of a turn")
            if not self.discard:
                raise fail("discard_pile_empty", "the discard pile is empty")
            return
        if isinstance(action, Pass):
            if self.phase != TURN:
                raise fail("wrong_phase", "passing is only possible at the start of a turn")
            if self._can_pick_pile() or self.discard:
                raise fail("must_draw", "a player who does not play must draw a card")
            return
        if isinstance(action, Discard):
            if self.phase not in (DISCARD, TOOK):
                raise fail("wrong_phase", "discard only after drawing a card")
            if action.card not in self.hands[p]:
                raise fail("card_not_in_hand", f"card {short_repr(action.card)} is not in the hand")
            if self.phase == TOOK and self._must_draw_after_pick():
                raise fail(
                    "must_draw",
                    "a player who takes the discard and plays no word draws from the pile first",
                )
            if (
                self.phase == DISCARD
                and self.rules.discard_drawn_only
                and action.card != self.drawn
            ):
                raise fail("must_discard_drawn", "the discard must be the card just drawn")
            return
        if isinstance(action, Keep):
            if self.phase == DISCARD:
                if not self.melded[p]:
                    raise fail(
                        "keep_before_first_word",
                        "the drawn card may be kept only after the player's first word",
                    )
                return
            if self.phase == TOOK:
                if not (self.rules.keep_after_discard_pick and self.melded[p]):
                    raise fail(
                        "keep_not_allowed",
                        "a player who takes the discard and plays no word discards one card",
                    )
                return
            raise fail("wrong_phase", "nothing was drawn to keep")
        assert isinstance(action, Play)
        if self.phase not in (TURN, TOOK):
            raise fail(
                "wrong_phase", "words are played at the start of a turn or after taking the discard"
            )
        self._analyze(action)

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
                s = _evolve(self, phase=DRAW, queue=(p,), after=AFTER_DISCARD, ply=ply)
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
            _evolve(self, hands=tuple(hands), pile=pile, queue=self.queue[1:], drawn=drawn, ply=ply)
        )

    def _pick_discard(self, ply: int) -> State:
        p = self.turn
        top = self.discard[-1]
        return _evolve(
            self,
            phase=TOOK,
            discard=self.discard[:-1],
            hands=_replace(self.hands, p, tuple(sorted((*self.hands[p], top)))),
            known=_replace(self.known, p, tuple(sorted((*self.known[p], top)))),
            ply=ply,
        )

    def _discard(self, card: int, ply: int) -> State:
        p = self.turn
        hand = tuple(c for c in self.hands[p] if c != card)
        s = _evolve(
            self,
            hands=_replace(self.hands, p, hand),
            discard=(*self.discard, card),
            known=_replace(self.known, p, tuple(c for c in self.known[p] if c != card)),
        )
        return _end_turn(s, played=False, ply=ply)

    def _play(self, result: PlayResult, ply: int) -> State:
        p = self.turn
        known = set(self.known[p]).difference(result.added).union(result.taken_back)
        s = _evolve(
            self,
            hands=_replace(self.hands, p, result.hand),
            table=result.words,
            table_letters=result.letters,
            melded=_replace(self.melded, p, True),
            known=_replace(self.known, p, tuple(sorted(known))),
            ply=ply,
        )
        if result.wins:
            return _evolve(s, phase=OVER, winner=p, reason="winning_word", drawn=None)
        return _settle(_evolve(s, phase=DRAW, queue=(p,) * result.draws, after=AFTER_PLAYED))

    def _resign(self, q: int, ply: int) -> State:
        """Player ``q`` leaves: their hand leaves the game with them (it stays face down in
        their place, never played again); their table words stay."""
        resigned = _replace(self.resigned, q, True)
        s = _evolve(self, resigned=resigned, queue=tuple(x for x in self.queue if x != q), ply=ply)
        active = s.active_players
        if len(active) == 1:
            return _evolve(
                s, phase=OVER, winner=active[0], reason="resigned", drawn=None, queue=(), after=""
            )
        if q == self.turn and (
            self.phase in (TURN, DISCARD, TOOK)
            or (self.phase == DRAW and self.after != AFTER_START)
        ):
            # the leaver's turn ends at once: pending draws are dropped, the next player goes
            idle = 0 if self.after == AFTER_PLAYED else s.idle  # a word was played this turn
            s = _evolve(
                s, phase=TURN, queue=(), after="", drawn=None, turn=_next_active(s, q), idle=idle
            )
        elif s.phase == DRAW:
            s = _settle(s)
        cap = s.rules.max_idle_rounds
        if s.phase != OVER and cap is not None and s.idle >= cap * len(active):
            return _evolve(s, phase=OVER, reason="blocked", drawn=None, queue=(), after="")
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
            head += f" {self.reason}, winners {sorted(out.winners)}"
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
            if self.resigned[i]:
                first += " (resigned)"
            lines.append(f"{mark}{name}{first}: {cards}")
        return "\n".join(lines)

    def to_dict(self) -> dict[str, Any]:
        """JSON-safe, versioned form."""
        return {
            "game": "wordmeld",
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
            "phase": self.phase,
            "turn": self.turn,
            "queue": list(self.queue),
            "after": self.after,
            "drawn": self.drawn,
            "idle": self.idle,
            "winner": self.winner,
            "reason": self.reason,
            "known": [list(k) for k in self.known],
            "resigned": list(self.resigned),
            "ply": self.ply,
        }

    @classmethod
    def from_dict(cls, data: Any) -> State:
        """Load and validate :meth:`to_dict` output (:class:`InvalidStateError` on any bad
        or impossible data, and nothing else)."""
        return _from_dict(data)


State._parse_text = staticmethod(parse_action)


_FIELDS = tuple(f.name for f in attrs.fields(State) if f.init)
_INDEX = {name: i for i, name in enumerate(_FIELDS)}
_values = operator.attrgetter(*_FIELDS)


def _evolve(s: State, **changes: Any) -> State:
    """``attrs.evolve`` for the hot paths (the same result, a fraction of the cost)."""
    values = list(_values(s))
    for name, value in changes.items():
        values[_INDEX[name]] = value
    return State(*values)


def _replace(seq: tuple[Any, ...], i: int, value: Any) -> tuple[Any, ...]:
    return (*seq[:i], value, *seq[i + 1 :])


def _next_active(s: State, p: int) -> int:
    n = s.num_players
    for k in range(1, n + 1):
        q = (p + k) % n
        if not s.resigned[q]:
            return q
    return p  # pragma: no cover - a game with nobody left is over


def _settle(s: State) -> State:
    """Resolve what needs no decision: refill an empty pile from the discard pile, drop
    draws that cannot be made, and continue once the pending draws are done."""
    while s.phase == DRAW:
        if s.queue and not s.pile:
            if len(s.discard) >= 2:
                s = _evolve(s, pile=tuple(sorted(s.discard[:-1])), discard=s.discard[-1:])
            else:
                s = _evolve(s, queue=())
        if s.queue:
            return s
        if s.after == AFTER_START:
            first = 0 if not s.resigned[0] else _next_active(s, 0)
            return _evolve(s, phase=TURN, after="", turn=first, drawn=None)
        if s.after == AFTER_DISCARD:
            if s.drawn is None:  # nothing could be drawn after all
                return _end_turn(_evolve(s, phase=TURN, after=""), played=False, ply=s.ply)
            return _evolve(s, phase=DISCARD, after="")
        return _end_turn(_evolve(s, phase=TURN, after=""), played=True, ply=s.ply)
    return s


def _end_turn(s: State, *, played: bool, ply: int) -> State:
    p = s.turn
    if not s.hands[p]:
        return _evolve(s, phase=OVER, winner=p, reason="empty_hand", drawn=None, ply=ply)
    idle = 0 if played else s.idle + 1
    cap = s.rules.max_idle_rounds
    if cap is not None and idle >= cap * (s.num_players - sum(s.resigned)):
        return _evolve(s, phase=OVER, idle=idle, reason="blocked", drawn=None, ply=ply)
    return _evolve(s, phase=TURN, turn=_next_active(s, p), idle=idle, drawn=None, after="", ply=ply)


def refuse_old(data: Any, kind: str) -> Any:
    """``data``, unless it is an older JSON version than the current one, which is refused
    with an explanation (:class:`InvalidStateError`)."""
    if isinstance(data, Mapping) and data.get("version") in (1, 2):
        raise InvalidStateError(
            f"wordmeld {kind} version {data.get('version')} is from before the play format "
            f"changed (version {STATE_VERSION}: a play names the table words it changes); "
            "its records' play texts mean something else now, so it is not read"
        )
    return data


def _int_list(v: Any, what: str, limit: int) -> tuple[int, ...]:
    """A JSON list of at most ``limit`` ints (the length is checked before the items)."""
    if not isinstance(v, list):
        raise InvalidStateError(f"{what} must be a list of integers")
    if len(v) > limit:
        raise InvalidStateError(f"{what} has {len(v)} entries (at most {limit})")
    if not all(type(x) is int for x in v):
        raise InvalidStateError(f"{what} must be a list of integers")
    return tuple(v)


def _bool_list(v: Any, what: str, n: int) -> tuple[bool, ...]:
    if not isinstance(v, list) or len(v) != n or not all(type(x) is bool for x in v):
        raise InvalidStateError(f"{what} must be one true/false per player")
    return tuple(v)


@guarded_loader
def _from_dict(data: Any) -> State:
    d: Mapping[str, Any] = check_header(
        refuse_old(data, "state"), "wordmeld", "state", STATE_VERSION
    )
    rules = Rules.from_dict(get_map(d, "rules"))
    setup = Setup.from_dict(get_map(d, "setup"))
    deck = setup.deck
    size = deck.size
    cl = deck.card_letters
    players = get_list(d, "players")
    if len(players) > rules.max_players:
        raise InvalidStateError(f"{len(players)} players is outside the rules' range")
    if not all(isinstance(x, str) and x.strip() and len(x) <= 200 for x in players) or len(
        set(players)
    ) != len(players):
        raise InvalidStateError("players must be distinct non-empty names")
    n = len(players)
    if not rules.min_players <= n <= rules.max_players:
        raise InvalidStateError(f"{n} players is outside the rules' range")
    hands_raw = get_list(d, "hands")
    if len(hands_raw) != n:
        raise InvalidStateError("one hand per player expected")
    hands = tuple(_int_list(h, "a hand", size) for h in hands_raw)
    pile = _int_list(get_list(d, "pile"), "pile", size)
    discard = _int_list(get_list(d, "discard"), "discard", size)
    table_raw = get_list(d, "table")
    if len(table_raw) > size:
        raise InvalidStateError("more table words than cards")
    table = tuple(_int_list(w, "a table word", size) for w in table_raw)
    for seq, what in [*((h, "hand") for h in hands), (pile, "pile")]:
        if list(seq) != sorted(set(seq)):
            raise InvalidStateError(f"a {what} must be sorted without repeats")
    every = [c for h in hands for c in h] + list(pile) + list(discard)
    every += [c for w in table for c in w]
    if len(every) != size or sorted(every) != list(range(size)):
        raise InvalidStateError(
            "cards are not conserved: every card id must be in exactly one place"
        )
    if any(not w for w in table):
        raise InvalidStateError("a table word is empty")
    letters_raw = get_list(d, "table_letters")
    if len(letters_raw) > size:
        raise InvalidStateError("more joker letters than cards")
    letters: list[tuple[int, str]] = []
    on_table = {c for w in table for c in w}
    alphabet = set(deck.alphabet)
    for item in letters_raw:
        if not (
            isinstance(item, list)
            and len(item) == 2
            and type(item[0]) is int
            and isinstance(item[1], str)
        ):
            raise InvalidStateError(f"bad table letter entry {short_repr(item)}")
        letters.append((item[0], item[1]))
    if [c for c, _ in letters] != sorted({c for c, _ in letters}):
        raise InvalidStateError("table letters must be sorted by card, one per card")
    jokers_on_table = sorted(c for c in on_table if cl[c] == JOKER)
    if [c for c, _ in letters] != jokers_on_table:
        raise InvalidStateError("every joker on the table (and nothing else) needs a letter")
    if any(s not in alphabet for _, s in letters):
        raise InvalidStateError("a joker's letter is not in the deck's alphabet")
    letter_of = dict(letters)
    for w in table:
        if not setup.is_word(word_text(w, cl, letter_of)):
            raise InvalidStateError(f"table word {word_text(w, cl, letter_of)} is not valid")
    melded = _bool_list(get_list(d, "melded"), "melded", n)
    resigned = _bool_list(get_list(d, "resigned"), "resigned", n)
    active = n - sum(resigned)
    known_raw = get_list(d, "known")
    if len(known_raw) != n:
        raise InvalidStateError("known cards: one list per player expected")
    known = tuple(_int_list(k, "known cards", size) for k in known_raw)
    for k, h in zip(known, hands, strict=True):
        if list(k) != sorted(set(k)) or not set(k) <= set(h):
            raise InvalidStateError("known cards must be sorted cards of that player's hand")
    phase = get_str(d, "phase")
    if phase not in PHASES:
        raise InvalidStateError(f"unknown phase {short_repr(phase)}")
    turn = get_int(d, "turn", 0, n - 1)
    queue = _int_list(get_list(d, "queue"), "queue", max(size, n * rules.hand_size))
    if any(not 0 <= q < n or resigned[q] for q in queue):
        raise InvalidStateError("queue names a player out of range or out of the game")
    after = get_str(d, "after")
    drawn = get_opt_int(d, "drawn", 0, size - 1)
    idle = get_int(d, "idle", 0, 10**6)
    winner = get_opt_int(d, "winner", 0, n - 1)
    reason = d.get("reason")
    if reason is not None and reason not in REASONS:
        raise InvalidStateError(f"bad reason {short_repr(reason)}")
    ply = get_ply(d)
    cap = rules.max_idle_rounds
    if cap is not None and idle > cap * n:
        raise InvalidStateError("idle turn count beyond the rules' cap")
    # phase consistency
    if phase == DRAW:
        if not queue or not pile or after not in _AFTERS:
            raise InvalidStateError("a draw phase needs pending draws, a pile and a follow-up")
    elif queue or after:
        raise InvalidStateError("pending draws outside the draw phase")
    if phase == DRAW and after == AFTER_START and any(melded):
        raise InvalidStateError("nobody has played during the deal")
    if phase == DRAW and after == AFTER_DISCARD and queue != (turn,):
        raise InvalidStateError("a pile draw goes to the player on turn")
    if phase == DRAW and after == AFTER_PLAYED and set(queue) != {turn}:
        raise InvalidStateError("draws after a play go to the player on turn")
    if drawn is not None and (phase != DISCARD or drawn not in hands[turn] or drawn in known[turn]):
        raise InvalidStateError("drawn card only in the discard phase, hidden in the player's hand")
    if phase == DISCARD and drawn is None:
        raise InvalidStateError("the discard phase needs the drawn card")
    if (phase == OVER) != (reason is not None):
        raise InvalidStateError("reason is set exactly when the game is over")
    if winner is not None and reason not in ("winning_word", "empty_hand", "resigned"):
        raise InvalidStateError("a winner needs a winning reason")
    if reason in ("winning_word", "empty_hand", "resigned") and winner is None:
        raise InvalidStateError("this end needs a winner")
    if reason == "empty_hand" and winner is not None and hands[winner]:
        raise InvalidStateError("an empty-hand winner holds no cards")
    if reason == "resigned" and (active != 1 or winner is None or resigned[winner]):
        raise InvalidStateError("a game ends by resignation when one player is left: the winner")
    if phase != OVER and active < 2:
        raise InvalidStateError("a game goes on only while two players are in it")
    if winner is not None and resigned[winner]:
        raise InvalidStateError("a player who resigned cannot win")
    if reason == "blocked" and (cap is None or idle < cap * active):
        raise InvalidStateError("a blocked end needs the idle cap reached")
    if phase != OVER and cap is not None and idle >= cap * active:
        raise InvalidStateError("idle cap reached but the game goes on")
    on_turn = phase in (TURN, DISCARD, TOOK) or (phase == DRAW and after != AFTER_START)
    if on_turn and resigned[turn]:
        raise InvalidStateError("the player on turn has resigned")
    if phase in (TURN, DISCARD, TOOK) and not hands[turn]:
        raise InvalidStateError("the player on turn holds no cards")
    if phase != OVER and table and not any(melded):
        raise InvalidStateError("words on the table but nobody has played")
    # every card out of the pile was drawn (one action each) and every discard discarded
    lower = size - len(pile) + len(discard)
    if ply < lower:
        raise InvalidStateError(f"ply {ply} is below the {lower} actions this position needs")
    return State(
        rules,
        setup,
        tuple(players),
        hands,
        pile,
        discard,
        table,
        tuple(letters),
        melded,
        phase,
        turn,
        queue,
        after,
        drawn,
        idle,
        winner,
        reason,
        known,
        resigned,
        ply,
    )
