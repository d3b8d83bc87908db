"""The WordMeld game state."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Mapping
from fractions import Fraction
from typing import TYPE_CHECKING, Any, ClassVar

import attrs

from wordgames._core.errors import IllegalActionError, InvalidStateError, WordgamesError
from wordgames._core.outcome import GameOutcome
from wordgames._core.serial import (
    check_header,
    get_int,
    get_list,
    get_map,
    get_opt_int,
    get_str,
)
from wordgames.wordmeld.actions import (
    Action,
    Discard,
    Draw,
    Keep,
    Pass,
    PickDiscard,
    PickPile,
    Play,
)
from wordgames.wordmeld.deck import JOKER
from wordgames.wordmeld.engine import PlayResult, analyze_play, word_text
from wordgames.wordmeld.rules import Rules
from wordgames.wordmeld.setup import Setup

if TYPE_CHECKING:
    from wordgames.wordmeld.meld import MeldOption
    from wordgames.wordmeld.view import View

__all__ = ["PHASES", "State"]

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

REASONS = ("winning_word", "empty_hand", "blocked")


@attrs.frozen
class State:
    """A WordMeld position. Use :func:`wordgames.wordmeld.new_game` to make one.

    ``hands`` are sorted card ids; ``pile`` (the draw pile) is an unordered set of ids kept
    sorted; ``discard`` runs from the bottom to the top card. ``table`` is the words on the
    table (tuples of card ids) and ``table_letters`` the letter of every joker on it.
    ``queue`` lists who receives the pending draws (chance nodes) and ``after`` what happens
    once they are done. ``idle`` counts turns in a row without a word played.
    """

    GAME: ClassVar[str] = "wordmeld"

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
    _cache: dict[str, Any] = attrs.field(init=False, eq=False, repr=False, factory=dict)

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
    def outcome(self) -> GameOutcome | None:
        """None until the end. Then the winner (or, in a blocked game, every player holding
        the fewest cards) is ranked first with score 1; the others score 0 and are ranked by
        the cards they hold (fewer is better). ``reason``: ``winning_word``, ``empty_hand``
        or ``blocked``."""
        if self.phase != OVER:
            return None
        sizes = [len(h) for h in self.hands]
        keys = [(int(i == self.winner), -sizes[i]) for i in range(self.num_players)]
        from wordgames._core.outcome import competition_ranking

        ranking = competition_ranking(keys)
        scores = tuple(int(r == 1) for r in ranking)
        return GameOutcome(scores, ranking, self.reason or "blocked")

    def actor(self, action: Action) -> int | None:
        """Who takes ``action`` here (None for chance outcomes)."""
        return None if isinstance(action, Draw) else self.current_player

    # -- chance --------------------------------------------------------------------------

    def _pile_letters(self) -> Counter[str]:
        cl = self.setup.deck.card_letters
        return Counter(cl[c] for c in self.pile)

    def chance_outcomes(self) -> tuple[tuple[Action, Fraction], ...]:
        """The letters the next card may show, with exact probabilities (deck order, joker
        last); ``()`` if this is not a chance node."""
        if self.phase != DRAW:
            return ()
        counts = self._pile_letters()
        n = len(self.pile)
        order = [*self.setup.deck.alphabet, JOKER]
        return tuple((Draw(x), Fraction(counts[x], n)) for x in order if counts[x])

    def sample_chance(self, rng: random.Random) -> Action:
        """One chance outcome drawn with ``rng`` (same distribution as chance_outcomes)."""
        if self.phase != DRAW:
            raise WordgamesError("sample_chance() needs a chance node")
        return Draw(self.setup.deck.card_letters[self.pile[rng.randrange(len(self.pile))]])

    # -- legal actions -------------------------------------------------------------------

    def _can_pick_pile(self) -> bool:
        return bool(self.pile) or len(self.discard) >= 2

    def legal_actions(self, player: int | None = None) -> tuple[Action, ...]:
        """The legal actions of ``player`` (default: the current player), deterministic order.

        Turn start: ``pick pile``, ``pick discard``, ``pass`` (only when nothing can be
        drawn), then the plays of :func:`wordgames.wordmeld.meld.find_plays` (the documented
        enumerated class; ``check``/``apply`` accept every legal rearrangement too).
        After a pile draw: every discard, and ``keep`` when allowed. After taking the discard
        top: the plays and every discard (and ``keep`` when allowed).
        """
        p = self.current_player
        if p is None or (player is not None and player != p):
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
            out.extend(o.action for o in self.play_options())
        elif self.phase == DISCARD:
            if self.rules.discard_drawn_only and self.drawn is not None:
                out.append(Discard(self.drawn))
            else:
                out.extend(Discard(c) for c in self.hands[p])
            if self.melded[p]:
                out.append(Keep())
        elif self.phase == TOOK:
            out.extend(Discard(c) for c in self.hands[p])
            if self.rules.keep_after_discard_pick and self.melded[p]:
                out.append(Keep())
            out.extend(o.action for o in self.play_options())
        result = tuple(out)
        self._cache["legal"] = result
        return result

    def play_options(self) -> tuple[MeldOption, ...]:
        """The enumerated plays with what each does (shed cards, draws, win), for bots."""
        if self.phase not in (TURN, TOOK):
            return ()
        cached = self._cache.get("plays")
        if cached is None:
            from wordgames.wordmeld.meld import find_plays

            p = self.turn
            cached = find_plays(
                self.rules,
                self.setup,
                self.hands[p],
                self.melded[p],
                self.table,
                self.table_letters,
            )
            self._cache["plays"] = cached
        return cached

    def is_legal(self, action: Action) -> bool:
        """True if ``action`` may be applied now."""
        try:
            self._check(action)
        except IllegalActionError:
            return False
        return True

    def check(self, action: Action) -> None:
        """Raise the :class:`IllegalActionError` that ``apply(action)`` would raise."""
        self._check(action)

    def _check(self, action: Action) -> PlayResult | int | None:
        """Validate; returns the play's result, or the card id a Draw takes."""

        def fail(code: str, message: str) -> IllegalActionError:
            return IllegalActionError(code, action, message)

        if self.phase == OVER:
            raise fail("game_over", "the game is over")
        if isinstance(action, Draw):
            if self.phase != DRAW:
                raise fail("not_chance_node", "no card is being drawn now")
            cl = self.setup.deck.card_letters
            for c in self.pile:
                if cl[c] == action.letter:
                    return c
            raise fail("letter_not_in_pile", f"the draw pile holds no {action.letter!r} card")
        if self.phase == DRAW:
            raise fail("chance_node", "a card must be drawn first (chance node)")
        if not isinstance(action, (PickPile, PickDiscard, Discard, Keep, Pass, Play)):
            raise fail("not_an_action", f"not a WordMeld action: {action!r}")
        p = self.turn
        if isinstance(action, PickPile):
            if self.phase != TURN:
                raise fail("wrong_phase", "cards are picked only at the start of a turn")
            if not self._can_pick_pile():
                raise fail("draw_pile_empty", "the draw pile is empty and cannot be refilled")
            return None
        if isinstance(action, PickDiscard):
            if self.phase != TURN:
                raise fail("wrong_phase", "cards are picked only at the start of a turn")
            if not self.discard:
                raise fail("discard_pile_empty", "the discard pile is empty")
            return None
        if isinstance(action, Pass):
            if self.phase != TURN:
                raise fail("wrong_phase", "passing is only possible at the start of a turn")
            if self._can_pick_pile() or self.discard:
                raise fail("must_draw", "a player who does not play must draw a card")
            return None
        if isinstance(action, Discard):
            if self.phase not in (DISCARD, TOOK):
                raise fail("wrong_phase", "discard only after drawing a card")
            if not isinstance(action.card, int) or action.card not in self.hands[p]:
                raise fail("card_not_in_hand", f"card {action.card} is not in the hand")
            if (
                self.phase == DISCARD
                and self.rules.discard_drawn_only
                and action.card != self.drawn
            ):
                raise fail("must_discard_drawn", "the discard must be the card just drawn")
            return None
        if isinstance(action, Keep):
            if self.phase == DISCARD:
                if not self.melded[p]:
                    raise fail(
                        "keep_before_first_word",
                        "the drawn card may be kept only after the player's first word",
                    )
                return None
            if self.phase == TOOK:
                if not (self.rules.keep_after_discard_pick and self.melded[p]):
                    raise fail(
                        "keep_not_allowed",
                        "a player who takes the discard and plays no word discards one card",
                    )
                return None
            raise fail("wrong_phase", "nothing was drawn to keep")
        # Play
        if self.phase not in (TURN, TOOK):
            raise fail(
                "wrong_phase", "words are played at the start of a turn or after taking the discard"
            )
        return analyze_play(
            self.rules,
            self.setup,
            self.hands[p],
            self.melded[p],
            self.table,
            self.table_letters,
            action,
        )

    # -- transitions -----------------------------------------------------------------------

    def apply(self, action: Action) -> State:
        """The state after ``action`` (``self`` is unchanged)."""
        result = self._check(action)
        p = self.turn
        if isinstance(action, Draw):
            assert isinstance(result, int)
            to = self.queue[0]
            hands = list(self.hands)
            hands[to] = tuple(sorted((*hands[to], result)))
            pile = tuple(c for c in self.pile if c != result)
            drawn = result if self.after == AFTER_DISCARD else None
            return _settle(
                attrs.evolve(self, hands=tuple(hands), pile=pile, queue=self.queue[1:], drawn=drawn)
            )
        if isinstance(action, PickPile):
            return _settle(attrs.evolve(self, phase=DRAW, queue=(p,), after=AFTER_DISCARD))
        if isinstance(action, PickDiscard):
            top = self.discard[-1]
            return attrs.evolve(
                self,
                phase=TOOK,
                discard=self.discard[:-1],
                hands=_replace(self.hands, p, tuple(sorted((*self.hands[p], top)))),
            )
        if isinstance(action, Discard):
            hand = tuple(c for c in self.hands[p] if c != action.card)
            return _end_turn(
                attrs.evolve(
                    self,
                    hands=_replace(self.hands, p, hand),
                    discard=(*self.discard, action.card),
                ),
                played=False,
            )
        if isinstance(action, (Keep, Pass)):
            return _end_turn(self, played=False)
        assert isinstance(result, PlayResult)
        s = attrs.evolve(
            self,
            hands=_replace(self.hands, p, result.hand),
            table=result.words,
            table_letters=result.letters,
            melded=_replace(self.melded, p, True),
        )
        if result.wins:
            return attrs.evolve(s, phase=OVER, winner=p, reason="winning_word", drawn=None)
        return _settle(attrs.evolve(s, phase=DRAW, queue=(p,) * result.draws, after=AFTER_PLAYED))

    def play_result(self, action: Play) -> PlayResult:
        """What ``action`` would do (raises IllegalActionError like ``check``)."""
        result = self._check(action)
        if not isinstance(result, PlayResult):
            raise IllegalActionError("not_a_play", action, "not a play")
        return result

    # -- views, text, serialisation --------------------------------------------------------

    def view(self, player: int | None) -> View:
        """What ``player`` may know (None = a spectator)."""
        from wordgames.wordmeld.view import View

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
        head = f"WordMeld [{self.phase}]"
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
            cards = " ".join(f"{cl[c]}{c}" for c in self.hands[i])
            first = "" if self.melded[i] else " (no word yet)"
            lines.append(f"{mark}{name}{first}: {cards}")
        return "\n".join(lines)

    def to_dict(self) -> dict[str, Any]:
        """JSON-safe, versioned form."""
        return {
            "game": "wordmeld",
            "version": 1,
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
        }

    @classmethod
    def from_dict(cls, data: Any) -> State:
        """Load and validate :meth:`to_dict` output (:class:`InvalidStateError` on any bad
        or impossible data)."""
        try:
            return _from_dict(data)
        except InvalidStateError:
            raise
        except (KeyError, TypeError, AttributeError, ValueError, IndexError) as exc:
            raise InvalidStateError(f"malformed wordmeld state: {exc!r}") from None


def _replace(seq: tuple[Any, ...], i: int, value: Any) -> tuple[Any, ...]:
    return (*seq[:i], value, *seq[i + 1 :])


def _settle(s: State) -> State:
    """Resolve what needs no decision: refill an empty pile from the discard pile, drop
    draws that cannot be made, and continue once the pending draws are done."""
    while s.phase == DRAW:
        if s.queue and not s.pile:
            if len(s.discard) >= 2:
                s = attrs.evolve(s, pile=tuple(sorted(s.discard[:-1])), discard=s.discard[-1:])
            else:
                s = attrs.evolve(s, queue=())
        if s.queue:
            return s
        if s.after == AFTER_START:
            return attrs.evolve(s, phase=TURN, after="", turn=0, drawn=None)
        if s.after == AFTER_DISCARD:
            if s.drawn is None:  # nothing could be drawn after all
                return _end_turn(attrs.evolve(s, phase=TURN, after=""), played=False)
            return attrs.evolve(s, phase=DISCARD, after="")
        return _end_turn(attrs.evolve(s, phase=TURN, after=""), played=True)
    return s


def _end_turn(s: State, *, played: bool) -> State:
    p = s.turn
    if not s.hands[p]:
        return attrs.evolve(s, phase=OVER, winner=p, reason="empty_hand", drawn=None)
    idle = 0 if played else s.idle + 1
    cap = s.rules.max_idle_rounds
    if cap is not None and idle >= cap * s.num_players:
        return attrs.evolve(s, phase=OVER, idle=idle, reason="blocked", drawn=None)
    return attrs.evolve(
        s, phase=TURN, turn=(p + 1) % s.num_players, idle=idle, drawn=None, after=""
    )


def _int_list(v: Any, what: str) -> tuple[int, ...]:
    if not isinstance(v, list) or not all(
        isinstance(x, int) and not isinstance(x, bool) for x in v
    ):
        raise InvalidStateError(f"{what} must be a list of integers")
    return tuple(v)


def _from_dict(data: Any) -> State:
    d: Mapping[str, Any] = check_header(data, "wordmeld", "state", 1)
    rules = Rules.from_dict(get_map(d, "rules"))
    setup = Setup.from_dict(get_map(d, "setup"))
    deck = setup.deck
    cl = deck.card_letters
    players = get_list(d, "players")
    if not all(isinstance(x, str) and x.strip() for x in players) or len(set(players)) != len(
        players
    ):
        raise InvalidStateError("players must be distinct non-empty names")
    n = len(players)
    if not rules.min_players <= n <= rules.max_players:
        raise InvalidStateError(f"{n} players is outside the rules' range")
    hands_raw = get_list(d, "hands")
    if len(hands_raw) != n:
        raise InvalidStateError("one hand per player expected")
    hands = tuple(_int_list(h, "a hand") for h in hands_raw)
    pile = _int_list(get_list(d, "pile"), "pile")
    discard = _int_list(get_list(d, "discard"), "discard")
    table_raw = get_list(d, "table")
    table = tuple(_int_list(w, "a table word") for w in table_raw)
    for seq, what in [*((h, "hand") for h in hands), (pile, "pile")]:
        if list(seq) != sorted(set(seq)):
            raise InvalidStateError(f"a {what} must be sorted without repeats")
    every = [c for h in hands for c in h] + list(pile) + list(discard)
    every += [c for w in table for c in w]
    if sorted(every) != list(range(deck.size)):
        raise InvalidStateError(
            "cards are not conserved: every card id must be in exactly one place"
        )
    if any(not w for w in table):
        raise InvalidStateError("a table word is empty")
    letters_raw = get_list(d, "table_letters")
    letters: list[tuple[int, str]] = []
    on_table = {c for w in table for c in w}
    alphabet = set(deck.alphabet)
    for item in letters_raw:
        if not (
            isinstance(item, list)
            and len(item) == 2
            and isinstance(item[0], int)
            and not isinstance(item[0], bool)
            and isinstance(item[1], str)
        ):
            raise InvalidStateError(f"bad table letter entry {item!r}")
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
    melded_raw = get_list(d, "melded")
    if len(melded_raw) != n or not all(isinstance(x, bool) for x in melded_raw):
        raise InvalidStateError("melded must be one bool per player")
    phase = get_str(d, "phase")
    if phase not in PHASES:
        raise InvalidStateError(f"unknown phase {phase!r}")
    turn = get_int(d, "turn", 0, n - 1)
    queue = _int_list(get_list(d, "queue"), "queue")
    if any(not 0 <= q < n for q in queue):
        raise InvalidStateError("queue names a player out of range")
    after = get_str(d, "after")
    drawn = get_opt_int(d, "drawn", 0, deck.size - 1)
    idle = get_int(d, "idle", 0, 10**6)
    winner = get_opt_int(d, "winner", 0, n - 1)
    reason_raw = d.get("reason", 0)
    if reason_raw is not None and reason_raw not in REASONS:
        raise InvalidStateError(f"bad reason {reason_raw!r}")
    reason: str | None = reason_raw
    cap = rules.max_idle_rounds
    if cap is not None and idle > cap * n:
        raise InvalidStateError("idle turn count beyond the rules' cap")
    # phase consistency
    if phase == DRAW:
        if not queue or not pile or after not in _AFTERS:
            raise InvalidStateError("a draw phase needs pending draws, a pile and a follow-up")
    elif queue or after:
        raise InvalidStateError("pending draws outside the draw phase")
    if phase == DRAW and after == AFTER_START and any(melded_raw):
        raise InvalidStateError("nobody has played during the deal")
    if phase == DRAW and after == AFTER_DISCARD and queue != (turn,):
        raise InvalidStateError("a pile draw goes to the player on turn")
    if phase == DRAW and after == AFTER_PLAYED and set(queue) != {turn}:
        raise InvalidStateError("draws after a play go to the player on turn")
    if drawn is not None and (phase != DISCARD or drawn not in hands[turn]):
        raise InvalidStateError("drawn card only in the discard phase, in the player's hand")
    if phase == DISCARD and drawn is None:
        raise InvalidStateError("the discard phase needs the drawn card")
    if (phase == OVER) != (reason is not None):
        raise InvalidStateError("reason is set exactly when the game is over")
    if winner is not None and reason not in ("winning_word", "empty_hand"):
        raise InvalidStateError("a winner needs a winning reason")
    if reason in ("winning_word", "empty_hand") and winner is None:
        raise InvalidStateError("this end needs a winner")
    if reason == "empty_hand" and winner is not None and hands[winner]:
        raise InvalidStateError("an empty-hand winner holds no cards")
    if reason == "blocked" and (cap is None or idle < cap * n):
        raise InvalidStateError("a blocked end needs the idle cap reached")
    if phase != OVER and cap is not None and idle >= cap * n:
        raise InvalidStateError("idle cap reached but the game goes on")
    if phase in (TURN, DISCARD, TOOK) and not hands[turn]:
        raise InvalidStateError("the player on turn holds no cards")
    if phase != OVER and table and not any(melded_raw):
        raise InvalidStateError("words on the table but nobody has played")
    if len(hands) and sum(len(h) for h in hands) > deck.size:
        raise InvalidStateError("too many cards in hands")
    return State(
        rules,
        setup,
        tuple(players),
        hands,
        pile,
        discard,
        table,
        tuple(letters),
        tuple(melded_raw),
        phase,
        turn,
        queue,
        after,
        drawn,
        idle,
        winner,
        reason,
    )
