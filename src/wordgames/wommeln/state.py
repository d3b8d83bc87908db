"""Wömmeln game state and setup (the player views are in :mod:`.view`).

A game is a sequence of rounds. Each round: a ``reveal`` chance node (a category card from the
remaining ones, a random side up), a simultaneous ``search`` phase (every player places a word,
or circles first and connects later, or passes; the first finished word starts the countdown,
and the frontend sends ``TimeUp`` when it runs out), the review (by default a ``challenge``
phase, in which every other player challenges words or lets them stand, then a ``review``
phase in which the challenged words are voted on; see ``Rules.review``), then scores are
entered and the next round starts. A player
may leave (``Resign``) at any time; see docs/wommeln.md, "Leaving". A game started without
explicit sheets begins with the ``deal``: a chance node per seat (``DealSheet``).

What is legal (the listed actions and the reason an action is refused) is in :mod:`._legal`,
the invariants ``from_dict`` checks in :mod:`._checks`, the JSON codec in :mod:`.view`.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from fractions import Fraction
from typing import Any, ClassVar

import attrs

from wordgames._core.contract import NOT_CHANCE_NODE, Resign, StateBase, check_player
from wordgames._core.errors import IllegalActionError, RulesError
from wordgames._core.outcome import GameOutcome, player_names
from wordgames._core.serial import check_header, guarded_loader
from wordgames._core.states import (
    EndReason,
    deprecated_alias,
    derive,
    state_class,
    warn_deprecated,
)
from wordgames.wommeln import _legal
from wordgames.wommeln._checks import check_invariants, countdown, ended_by_leaving
from wordgames.wommeln._legal import (
    _FAST,
    TIMER_STOPPED,
    _typed,
    problem,
    remaining_sheets,
    sheet_count,
)
from wordgames.wommeln._legal import OFFER_NODE_LIMIT as OFFER_NODE_LIMIT
from wordgames.wommeln._legal import PLAYER_LEFT as PLAYER_LEFT
from wordgames.wommeln.actions import (
    Action,
    Challenge,
    Circle,
    Connect,
    DealSheet,
    Erase,
    Pass,
    Place,
    Reveal,
    TimeUp,
    Vote,
    parse_action,
)
from wordgames.wommeln.categories import CARDS, SIDES, Category
from wordgames.wommeln.engine import GridState
from wordgames.wommeln.marks import (
    PASSED,
    Entry,
    Marks,
    RoundResult,
    base_grid,
    challenged,
    revealed_category,
    to_act,
)
from wordgames.wommeln.phases import Phase, Status, Timer
from wordgames.wommeln.rules import MAX_PLAYERS, Rules
from wordgames.wommeln.sheets import Sheet, builtin_sheet
from wordgames.wommeln.view import (
    VERSION,
    View,
    common_from_dict,
    common_to_dict,
    headline,
    migrate,
)

__all__ = ["Entry", "Marks", "RoundResult", "State", "View", "new_game"]

PHASES = tuple(Phase)
TIMER_STATES = tuple(Timer)


@state_class
class State(StateBase):
    """A Wömmeln position (immutable). See the module docstring for the round structure."""

    GAME: ClassVar[str] = "wommeln"
    ACTION_TYPES: ClassVar[tuple[type, ...]] = (
        DealSheet,
        Reveal,
        Place,
        Circle,
        Connect,
        Pass,
        Erase,
        TimeUp,
        Challenge,
        Vote,
        Resign,
    )
    CHANCE_TYPES: ClassVar[tuple[type, ...]] = (DealSheet, Reveal)
    SERVER_TYPES: ClassVar[tuple[type, ...]] = (TimeUp,)

    rules: Rules
    players: tuple[str, ...]
    #: each player's sheet (at the deal: the seats dealt so far)
    sheets: tuple[Sheet, ...]
    results: tuple[tuple[RoundResult, ...], ...]
    entries: tuple[Entry | None, ...]
    drawn: tuple[tuple[int, str], ...] = ()
    phase: Phase = attrs.field(default=Phase.REVEAL, converter=Phase)
    timer: Timer = attrs.field(default=Timer.OFF, converter=Timer)
    timer_starter: int | None = None
    votes: tuple[tuple[int, int, bool], ...] = ()
    #: the players who have left the game (ascending seats)
    departed: tuple[int, ...] = ()
    #: actions applied since ``new_game`` (chance outcomes included)
    ply: int = 0
    #: this round's challenge decisions in the order made: (player, authors challenged)
    challenges: tuple[tuple[int, tuple[int, ...]], ...] = ()
    _cache: dict[Any, Any] = attrs.field(init=False, eq=False, repr=False, factory=dict)

    def __reduce__(self) -> tuple[Any, ...]:
        # pickles (and copies) carry the fields only, never the cache
        return (
            type(self),
            (
                self.rules,
                self.players,
                self.sheets,
                self.results,
                self.entries,
                self.drawn,
                self.phase,
                self.timer,
                self.timer_starter,
                self.votes,
                self.departed,
                self.ply,
                self.challenges,
            ),
        )

    @property
    @deprecated_alias("State.left", "State.departed")
    def left(self) -> tuple[int, ...]:
        """Deprecated alias of :attr:`departed` (warns ``DeprecationWarning``)."""
        return self.departed

    # -- basic facts ---------------------------------------------------------------------

    @property
    def num_players(self) -> int:
        """How many players take part (those who left included)."""
        return len(self.players)

    @property
    def still_in(self) -> tuple[int, ...]:
        """The players who have not left the game."""
        departed = self.departed
        return tuple(p for p in range(len(self.players)) if p not in departed)

    @property
    def round(self) -> int:
        """The current round (1-based; 0 before the first category is revealed)."""
        return len(self.drawn)

    @property
    def category(self) -> Category | None:
        """The category of the current round (``None`` before it is revealed)."""
        return revealed_category(self.phase, self.drawn, self.rules)

    @property
    def countdown(self) -> int | None:
        """Seconds of the countdown that is running now (``None`` when none runs)."""
        if self.phase != Phase.SEARCH or self.timer != Timer.RUNNING:
            return None
        return countdown(self.rules, self.num_players, self.round)

    @property
    def scores(self) -> tuple[int, ...]:
        """Each player's total so far."""
        return tuple(sum(r.score for r in rs) for rs in self.results)

    @property
    def longest_words(self) -> tuple[int, ...]:
        """Each player's longest scored word so far (the first tie-break)."""
        return tuple(
            max((len(r.word) for r in rs if r.score > 0), default=0) for rs in self.results
        )

    def base_grid(self, player: int) -> GridState:
        """``player``'s sheet with the marks of finished rounds (``IndexError`` for a seat
        whose sheet is not dealt yet)."""
        base = self._cache.get("base")
        if base is None:
            base = tuple(base_grid(s, rs) for s, rs in zip(self.sheets, self.results, strict=False))
            self._cache["base"] = base
        grid: GridState = base[player]
        return grid

    def grid(self, player: int) -> GridState:
        """``player``'s sheet with every mark on it, this round's included."""
        e = self.entries[player]
        g = self.base_grid(player)
        return e.marks.draw(g) if e is not None else g

    # -- whose turn ----------------------------------------------------------------------

    @property
    def is_terminal(self) -> bool:
        """True when the last round has been scored (or too few players are left)."""
        return self.phase == Phase.OVER

    @property
    def is_chance_node(self) -> bool:
        """True when a sheet is to be dealt or a category card to be revealed."""
        phase = self.phase
        return phase == Phase.REVEAL or phase == Phase.DEAL

    @property
    def players_to_act(self) -> frozenset[int]:
        """Players who may act now: during the search everyone still searching, in the
        challenge step everyone who has not decided yet (and has another player's word to
        consider), in the review everyone with a vote still to cast (never a player who
        left)."""
        cached = self._cache.get("to_act")
        if cached is None:
            cached = frozenset(
                to_act(
                    self.phase,
                    self.entries,
                    self.votes,
                    self.departed,
                    self.challenges,
                    self.rules.review,
                )
            )
            self._cache["to_act"] = cached
        result: frozenset[int] = cached
        return result

    @property
    def current_player(self) -> int | None:
        """The one player who may act, or ``None`` (chance, end, or several may act)."""
        acting = self.players_to_act
        if len(acting) == 1:
            return next(iter(acting))
        return None

    def actor(self, action: Action) -> int | None:
        """Who takes ``action`` (``None`` for chance outcomes and the frontend's ``TimeUp``)."""
        if isinstance(action, (Reveal, TimeUp, DealSheet)):
            return None
        player: int = action.player
        return player

    # -- chance --------------------------------------------------------------------------

    def _remaining_cards(self) -> list[int]:
        used = {c for c, _ in self.drawn}
        return [c for c in range(1, CARDS + 1) if c not in used]

    def chance_outcomes(self) -> tuple[tuple[Action, Fraction], ...]:
        """At the deal: every builtin sheet not dealt yet (in number order), equally likely.
        Else every category card still in the pile, with either side up, equally likely."""
        if not self.is_chance_node:
            return ()
        if self.phase == Phase.DEAL:
            numbers = sorted(remaining_sheets(self))
            q = Fraction(1, len(numbers))
            return tuple((DealSheet(k), q) for k in numbers)
        cards = self._remaining_cards()
        p = Fraction(1, 2 * len(cards))
        return tuple((Reveal(c, s), p) for c in cards for s in SIDES)

    def sample_chance(self, rng: random.Random) -> Action:
        """One outcome of this chance node, drawn with ``rng`` (same distribution);
        :class:`IllegalActionError` ``not_chance_node`` when no sheet is to be dealt and no
        card to be revealed. A deal draws as ``rng.sample`` does, so dealing every seat with one
        ``rng`` gives the sheets ``new_game(..., rng=rng)`` gave in 0.1.0."""
        if not self.is_chance_node:
            raise IllegalActionError(
                NOT_CHANCE_NODE, None, "no sheet is to be dealt and no category card revealed now"
            )
        if self.phase == Phase.DEAL:
            pool = remaining_sheets(self)
            return DealSheet(pool[rng.randrange(len(pool))])
        cards = self._remaining_cards()
        i = rng.randrange(2 * len(cards))
        return Reveal(cards[i // 2], SIDES[i % 2])

    # -- legal actions -------------------------------------------------------------------

    def legal_actions(self, player: int | None = None) -> tuple[Action, ...]:
        """Legal actions of ``player`` (default: every player who may act, in player order).

        The words players may write are open-ended, so during the search this lists ``Pass``
        and, for each of the category's sample answers (in ``rules.language``) that fits on the
        player's sheet, its best placement as one ``Place`` and as a ``Circle``; after circling,
        the best ``Connect`` (if any) and ``Pass``. Any other valid placement is legal too (see
        :meth:`check`). ``TimeUp`` is listed by :meth:`frontend_actions`, not here; ``Resign``
        (always open to a player still in the game) is not listed either.

        >>> import random, wordgames
        >>> from wordgames import wommeln
        >>> state = wordgames.resolve_chance(wommeln.new_game(2), random.Random(1))
        >>> tuple(sorted({str(a).split()[1] for a in state.legal_actions(0)}))
        ('circle', 'pass', 'place')
        """
        if player is None:
            out: list[Action] = []
            for p in sorted(self.players_to_act):
                out.extend(self.legal_actions(p))
            return tuple(out)
        if type(player) is not int or player not in self.players_to_act:
            check_player(player, len(self.players), "legal_actions")
            return ()
        key = ("legal", player)
        cached = self._cache.get(key)
        if cached is None:
            cached = _legal.legal(self, player)
            self._cache[key] = cached
        result: tuple[Action, ...] = cached
        return result

    def frontend_actions(self) -> tuple[Action, ...]:
        """Actions the frontend (not a player) may send now: ``TimeUp`` while a countdown
        runs. They are accepted by :meth:`check`/:meth:`apply` but not listed by
        :meth:`legal_actions`, so random playouts never depend on a clock."""
        if self.phase == Phase.SEARCH and self.timer == Timer.RUNNING:
            return (TimeUp(),)
        return ()

    # -- validation ----------------------------------------------------------------------

    def check(self, action: object) -> None:
        """Raise the :class:`IllegalActionError` that ``apply(action)`` would raise. A
        ``TimeUp`` after the search has ended is refused with ``timer_stopped`` in every phase
        (also between rounds and at the end), so a frontend clock that fires just after the
        last player finished gets one code it may ignore."""
        if type(action) is TimeUp and (
            self.phase == Phase.OVER or (self.phase == Phase.REVEAL and self.drawn)
        ):
            raise IllegalActionError(
                TIMER_STOPPED, action, "the search this countdown belonged to has ended"
            )
        super().check(action)

    def _validate(self, a: Any) -> None:
        """The Wömmeln rules for a well-typed action (the shared checks are done)."""
        why = problem(self, a)
        if why is not None:
            raise IllegalActionError(why[0], a, why[1])

    # -- transitions ---------------------------------------------------------------------

    def apply(self, action: Action) -> State:
        """The state after ``action`` (``self`` is unchanged); IllegalActionError if illegal.

        >>> import random, wordgames
        >>> from wordgames import wommeln
        >>> state = wordgames.resolve_chance(wommeln.new_game(2), random.Random(1))
        >>> state = state.apply(wommeln.parse_action("p0 pass"))
        >>> sorted(state.players_to_act)                      # bob still searches
        [1]
        """
        # fast path: actions of the exact classes with fields of the exact types (checked
        # here, more cheaply than the generic check) go straight to the rules; anything else,
        # and every state where the shared checks refuse them, takes check(): both agree
        t = type(action)
        phase = self.phase
        if (
            t in _FAST
            and phase is not Phase.OVER
            and phase is not Phase.DEAL
            and ((phase is Phase.REVEAL) == (t is Reveal) or t is Resign)
            and _typed(action)
        ):
            why = problem(self, action)
            if why is not None:
                raise IllegalActionError(why[0], action, why[1])
        else:
            self.check(action)
        ply = self.ply + 1
        n = self.num_players
        if isinstance(action, DealSheet):
            return self._deal(action.number, ply)
        if isinstance(action, Reveal):
            solo_timer = n == 1 and self.rules.solo_time_limit is not None
            return self._evolve(
                drawn=(*self.drawn, (action.card, action.side)),
                phase=Phase.SEARCH,
                entries=(None,) * n
                if not self.departed
                else tuple(PASSED if p in self.departed else None for p in range(n)),
                timer=Timer.RUNNING if solo_timer else Timer.OFF,
                timer_starter=None,
                votes=(),
                ply=ply,
            )
        if isinstance(action, Resign):
            return self._resign(action.player, ply)
        if isinstance(action, Challenge):
            decided = (*self.challenges, (action.player, action.authors))
            nxt = self._evolve(challenges=decided, ply=ply)
            if not nxt.players_to_act:
                return nxt._close_challenges()
            return nxt
        if isinstance(action, Vote):
            votes = (*self.votes, (action.player, action.author, action.accept))
            nxt = self._evolve(votes=votes, ply=ply)
            if not nxt.players_to_act:
                return nxt._score_round()
            return nxt
        if isinstance(action, TimeUp):
            # players without circles are done; so are those whose circles cannot be connected
            entries = tuple(
                PASSED
                if e is None
                else Entry(Status.PASSED, e.marks)
                if e.status == Status.CIRCLED and not e.marks.spells(sh.letters)
                else e
                for e, sh in zip(self.entries, self.sheets, strict=True)
            )
            return self._after_search(entries, Timer.UP, self.timer_starter, ply)
        p = action.player
        entries_list = list(self.entries)
        timer, starter = self.timer, self.timer_starter
        cols = self.sheets[p].cols
        old = self.entries[p]
        if isinstance(action, Pass):
            entries_list[p] = Entry(Status.PASSED, old.marks) if old is not None else PASSED
        elif isinstance(action, Erase):
            if old is None:  # the marks a 0-point round left: the last line is kept, blank
                last = self.results[p][-1]
                rs = (*self.results[p][:-1], RoundResult(last.word, 0, None))
                results = tuple(rs if q == p else r for q, r in enumerate(self.results))
                return self._evolve(results=results, ply=ply)
            # this round's circles; after the time is up no new ones may be drawn: done
            entries_list[p] = PASSED if timer == Timer.UP else None
        elif isinstance(action, Circle):
            cells = tuple(r * cols + c for r, c in action.cells)
            marks = Marks(action.word, cells, tuple(range(len(cells))), False)
            entries_list[p] = Entry(Status.CIRCLED, marks)
        else:
            word = action.word if isinstance(action, Place) else old.marks.word  # type: ignore[union-attr]
            path = tuple(r * cols + c for r, c in action.path)
            entries_list[p] = Entry(Status.PLACED, Marks(word, path, action.circles, True))
            if timer == Timer.OFF and n > 1:
                timer, starter = Timer.RUNNING, p
        return self._after_search(tuple(entries_list), timer, starter, ply)

    def _resign(self, p: int, ply: int) -> State:
        """Player ``p`` leaves (see docs/wommeln.md, "Leaving")."""
        departed = tuple(sorted((*self.departed, p)))
        if ended_by_leaving(self.num_players, departed):
            # too few players to go on: the game ends, an unfinished round is not scored
            return self._evolve(
                departed=departed,
                ply=ply,
                phase=Phase.OVER,
                entries=(None,) * self.num_players,
                timer=Timer.OFF,
                timer_starter=None,
                votes=(),
                challenges=(),
            )
        nxt = self._evolve(departed=departed, ply=ply)
        if self.phase == Phase.REVEAL:
            return nxt
        entries = tuple(PASSED if q == p else e for q, e in enumerate(self.entries))
        if self.phase == Phase.SEARCH:
            # the round goes on without them (a countdown they started keeps running)
            return nxt._after_search(entries, self.timer, self.timer_starter, ply)
        # challenge and review: their word is withdrawn, their challenges and votes (cast or
        # pending) are void, and so are challenges of their word
        challenges = tuple(
            (c, tuple(a for a in authors if a != p)) for c, authors in self.challenges if c != p
        )
        votes = tuple(v for v in self.votes if p not in (v[0], v[1]))
        if self.phase == Phase.REVIEW and self.rules.review == "challenge":
            # a word only the leaver challenged is no longer under review: it stands
            still = challenged(entries, challenges)
            votes = tuple(v for v in votes if v[1] in still)
        nxt = nxt._evolve(entries=entries, votes=votes, challenges=challenges)
        if nxt.players_to_act:
            return nxt
        if self.phase == Phase.CHALLENGE:
            return nxt._close_challenges()
        return nxt._score_round()

    def _evolve(self, **changes: Any) -> State:
        # derive (no __init__), keeping the base grids while the results stay the same
        new = derive(self, changes)
        if "results" not in changes:
            base = self._cache.get("base")
            if base is not None:
                new._cache["base"] = base
        return new

    def _deal(self, number: int, ply: int) -> State:
        """The next seat gets builtin sheet ``number``; after the last one, the first
        category card is to be revealed."""
        r = self.rules
        sheets = (
            *self.sheets,
            builtin_sheet(number, language=r.language, intensiv=r.intensiv, size=r.sheet_size),
        )
        phase = Phase.REVEAL if len(sheets) == self.num_players else Phase.DEAL
        return derive(self, {"sheets": sheets, "phase": phase, "ply": ply})  # no stale grids

    def _after_search(
        self, entries: tuple[Entry | None, ...], timer: Timer, starter: int | None, ply: int
    ) -> State:
        nxt = self._evolve(entries=entries, timer=timer, timer_starter=starter, ply=ply)
        if not all(e is not None and e.done for e in entries):
            return nxt
        mode = self.rules.review
        if (
            mode != "none"
            and self.num_players > 1
            and any(e is not None and e.status == Status.PLACED for e in entries)
        ):
            phase = Phase.CHALLENGE if mode == "challenge" else Phase.REVIEW
            return nxt._evolve(
                phase=phase, timer=Timer.OFF, timer_starter=None, votes=(), challenges=()
            )
        return nxt._score_round()

    def _close_challenges(self) -> State:
        """Every challenge is made: challenged words go to the vote, or the round is scored."""
        if challenged(self.entries, self.challenges):
            return self._evolve(phase=Phase.REVIEW, votes=())
        return self._score_round()

    def _accepted(self, author: int) -> bool:
        mode = self.rules.review
        if mode == "none" or self.num_players == 1:
            return True
        if mode == "challenge" and author not in challenged(self.entries, self.challenges):
            return True
        yes = sum(1 for _, a, ok in self.votes if a == author and ok)
        no = sum(1 for _, a, ok in self.votes if a == author and not ok)
        if yes == no:
            return self.rules.tie_keeps_word
        return yes > no

    def _score_round(self) -> State:
        erase = self.rules.erase_zero_rounds
        results = []
        for p, e in enumerate(self.entries):
            assert e is not None
            m = e.marks
            if e.status == Status.PLACED and self._accepted(p):
                res = RoundResult(m.word, len(m.word), m)
            elif e.status == Status.PLACED:
                res = RoundResult(m.word, 0, None if erase else m)
            else:
                res = RoundResult("", 0, None if erase or not m.path else m)
            results.append((*self.results[p], res))
        over = len(self.drawn) >= self.rules.num_rounds
        return self._evolve(
            results=tuple(results),
            entries=(None,) * self.num_players,
            phase=Phase.OVER if over else Phase.REVEAL,
            timer=Timer.OFF,
            timer_starter=None,
            votes=(),
            challenges=(),
        )

    # -- the end -------------------------------------------------------------------------

    @property
    def outcome(self) -> GameOutcome | None:
        """Final scores and places: most points; tie -> longest scored word; still tied ->
        shared place. Players who left rank below every player still in the game (among
        themselves by the same keys). ``None`` until the game is over; ``reason`` is
        ``"resigned"`` when the game ended because too few players were left, else
        ``"rounds_played"``."""
        if self.phase != Phase.OVER:
            return None
        scores = self.scores
        departed = self.departed
        keys = [
            (p not in departed, s, w)
            for p, (s, w) in enumerate(zip(scores, self.longest_words, strict=True))
        ]
        reason = (
            EndReason.RESIGNED
            if ended_by_leaving(self.num_players, departed)
            else EndReason.ROUNDS_PLAYED
        )
        return GameOutcome.from_keys(scores, keys, reason)

    @property
    def end_reason(self) -> EndReason | None:
        """Why the game ended (``outcome.reason``), ``None`` while it goes on."""
        if self.phase != Phase.OVER:
            return None
        if ended_by_leaving(self.num_players, self.departed):
            return EndReason.RESIGNED
        return EndReason.ROUNDS_PLAYED

    # -- views ---------------------------------------------------------------------------

    def view(self, player: int | None) -> View:
        """What ``player`` (``None``: a spectator) may know. During the search the other
        players' marks of this round are hidden (only whether they are done is public); they
        are revealed in the review, when words are read aloud.

        >>> from wordgames import wommeln
        >>> wommeln.new_game(2).view(0).viewer
        0
        """
        check_player(player, len(self.players), "view")
        done = tuple(e is not None and e.done for e in self.entries)
        if self.phase == Phase.SEARCH:
            departed = self.departed
            entries = tuple(
                e if p == player or p in departed else None for p, e in enumerate(self.entries)
            )
        else:
            entries = self.entries
        return View(
            viewer=player,
            rules=self.rules,
            players=self.players,
            sheets=self.sheets,
            results=self.results,
            entries=entries,
            done=done,
            drawn=self.drawn,
            phase=self.phase,
            timer=self.timer,
            timer_starter=self.timer_starter,
            votes=self.votes,
            departed=self.departed,
            ply=self.ply,
            challenges=self.challenges,
        )

    def redact_action(self, action: Action, viewer: int | None) -> str:
        """``action`` as ``viewer`` saw it: another player's search moves become ``p1 ?``."""
        if (
            self.phase == Phase.SEARCH
            and isinstance(action, (Place, Circle, Connect, Pass, Erase))
            and action.player != viewer
            # erasing an earlier round's marks changes the public sheet: it is seen
            and not (isinstance(action, Erase) and self.entries[action.player] is None)
        ):
            return f"p{action.player} ?"
        return str(action)

    # -- serialisation -------------------------------------------------------------------

    def to_dict(self) -> dict[str, Any]:
        """A JSON-safe dict; :meth:`from_dict` reads it back (and validates everything)."""
        return {"game": self.GAME, "version": VERSION, **common_to_dict(self)}

    @classmethod
    @guarded_loader
    def from_dict(cls, data: Any) -> State:
        """Load and validate a state (:class:`InvalidStateError` on any problem). A state of
        format version 1 (0.1.0) is migrated (``"left"`` reads as ``"departed"``)."""
        d = check_header(migrate(data), cls.GAME, "state", VERSION)
        state = cls(**common_from_dict(d))
        check_invariants(state)
        return state

    def __str__(self) -> str:
        lines = [headline(self)]
        for p, name in enumerate(self.players):
            if p >= len(self.sheets):
                lines.append(f"p{p} {name}: no sheet dealt yet")
                continue
            e = self.entries[p]
            status = "" if e is None else f" [{e.status} {e.marks.word}]".rstrip()
            if p in self.departed:
                status = " [left]"
            lines.append(f"p{p} {name} ({self.sheets[p].id}): {self.scores[p]} points{status}")
            lines.append(str(self.grid(p)))
        return "\n".join(lines)


State._parse_text = staticmethod(parse_action)


# -- setup -------------------------------------------------------------------------------

#: The published rules (the default of :func:`new_game`).
DEFAULT_RULES = Rules()


def new_game(
    players: int | Sequence[str] = 2,
    *,
    rules: Rules | None = None,
    sheets: Sequence[int | Sheet | Sequence[str]] | None = None,
    rng: random.Random | None = None,
) -> State:
    """A new game under ``rules`` (``None``: the default ``Rules()``).

    ``players`` is a count (1-8) or a list of names. ``sheets`` gives each player's sheet: a
    builtin sheet number (1-14; INTENSIV 1-6) of ``rules.language``'s set, a :class:`Sheet`,
    or a grid's rows (a user-supplied grid); sheets must all differ. The game then starts at
    a chance node: the first category card is to be revealed. Without ``sheets`` it starts
    at the deal: a chance node per seat (``DealSheet``) deals distinct builtin sheets, each
    one not dealt yet equally likely; ``wordgames.resolve_chance`` resolves it with the
    caller's rng, like every chance node.

    ``rng`` is deprecated (warns ``DeprecationWarning``): it deals the sheets at once, as
    0.1.0 did (the same sheets for the same seed, and ``ply`` 0).

    >>> import random, wordgames
    >>> from wordgames import wommeln
    >>> state = wommeln.new_game(["ann", "bob"])          # a chance node: the deal
    >>> str(state.phase), state.chance_outcomes()[0]
    ('deal', (DealSheet(number=1), Fraction(1, 14)))
    >>> state = wordgames.resolve_chance(state, random.Random(1))
    >>> str(state.phase), sorted(state.players_to_act)         # both search at once
    ('search', [0, 1])
    """
    if rules is None:
        rules = DEFAULT_RULES
    if not isinstance(rules, Rules):
        raise RulesError(f"rules must be a wommeln.Rules or None, got {type(rules).__name__}")
    if rng is not None and not isinstance(rng, random.Random):
        raise RulesError(f"rng must be a random.Random or None, got {type(rng).__name__}")
    names = player_names(players, 1, MAX_PLAYERS)
    n = len(names)
    count = sheet_count(rules.intensiv)
    if sheets is None:
        if n > count:
            raise RulesError(f"only {count} different builtin sheets for {n} players")
        if rng is None:
            return State(
                rules=rules,
                players=names,
                sheets=(),
                results=((),) * n,
                entries=(None,) * n,
                phase=Phase.DEAL,
            )
        warn_deprecated(
            "new_game(rng=...)",
            "leave sheets out and resolve the deal (a chance node) with wordgames.resolve_chance",
        )
        sheets = rng.sample(range(1, count + 1), n)
    if isinstance(sheets, (str, bytes)) or len(sheets) != n:
        raise RulesError(f"need one sheet per player ({n})")
    chosen: list[Sheet] = []
    for i, sh in enumerate(sheets):
        if isinstance(sh, Sheet):
            chosen.append(sh)
        elif type(sh) is int:
            chosen.append(
                builtin_sheet(
                    int(sh),
                    language=rules.language,
                    intensiv=rules.intensiv,
                    size=rules.sheet_size,
                )
            )
        elif isinstance(sh, Sequence) and not isinstance(sh, (str, bytes)):
            chosen.append(Sheet.from_rows(list(sh), id=f"custom-{i + 1}"))
        else:
            raise RulesError(f"sheet {i}: expected a number, a Sheet or a list of rows")
    ids = [s.id for s in chosen]
    if len(set(ids)) != n:
        raise RulesError(f"every player needs a different sheet, got {ids}")
    return State(
        rules=rules,
        players=names,
        sheets=tuple(chosen),
        results=((),) * n,
        entries=(None,) * n,
    )
