"""Wömmeln game state and setup (the player views are in :mod:`.view`).

A game is a sequence of rounds. Each round: a ``reveal`` chance node (a category card from the
remaining ones, a random side up), a simultaneous ``search`` phase (every player places a word,
or circles first and connects later, or passes; the first finished word starts the countdown,
and the frontend sends ``TimeUp`` when it runs out), the review (by default a ``challenge``
phase, in which every other player challenges words or lets them stand, then a ``review``
phase in which the challenged words are voted on; see ``Rules.review``), then scores are
entered and the next round starts. A player
may leave (``Resign``) at any time; see docs/wommeln.md, "Leaving".
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence
from fractions import Fraction
from functools import lru_cache
from itertools import combinations
from typing import Any, ClassVar

import attrs

from wordgames._core.contract import (
    INVALID_PLAYER,
    NOT_CHANCE_NODE,
    Resign,
    StateBase,
    check_player,
)
from wordgames._core.errors import IllegalActionError, InvalidStateError, RulesError, short_repr
from wordgames._core.outcome import GameOutcome, player_names
from wordgames._core.serial import check_header, guarded_loader
from wordgames.wommeln.actions import (
    Action,
    Challenge,
    Circle,
    Connect,
    Erase,
    Pass,
    Place,
    Reveal,
    TimeUp,
    Vote,
    cell_text,
    parse_action,
)
from wordgames.wommeln.categories import CARDS, SIDES, Category
from wordgames.wommeln.engine import (
    GridState,
    Placement,
    SearchLimitError,
    best_placement,
    check_placement,
)
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
from wordgames.wommeln.rules import MAX_PLAYERS, Rules
from wordgames.wommeln.sheets import INTENSIV_SHEETS, STANDARD_SHEETS, Sheet, builtin_sheet
from wordgames.wommeln.view import VERSION, View, common_from_dict, common_to_dict, headline

__all__ = ["Entry", "Marks", "RoundResult", "State", "View", "new_game"]

PHASES = ("reveal", "search", "challenge", "review", "over")
TIMER_STATES = ("off", "running", "up")
#: Search nodes the legal-move generator and sampling spend per word before giving up on it.
OFFER_NODE_LIMIT = 3_000
#: The code for an action of (or a resignation by) a player who has left the game.
PLAYER_LEFT = "player_left"
#: The code for a ``TimeUp`` that came after the search it was meant for had ended (every
#: player finished first) or after the time was already up: a frontend may ignore it.
TIMER_STOPPED = "timer_stopped"

_Problem = tuple[str, str] | None


@lru_cache(maxsize=8192)
def _best(grid: GridState, word: str, cross: bool) -> Placement | None:
    try:
        return best_placement(grid, word, lines_may_cross=cross, node_limit=OFFER_NODE_LIMIT)
    except SearchLimitError:
        return None


@attrs.frozen(cache_hash=True)
class State(StateBase):
    """A Wömmeln position (immutable). See the module docstring for the round structure."""

    GAME: ClassVar[str] = "wommeln"
    ACTION_TYPES: ClassVar[tuple[type, ...]] = (
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
    CHANCE_TYPES: ClassVar[tuple[type, ...]] = (Reveal,)
    SERVER_TYPES: ClassVar[tuple[type, ...]] = (TimeUp,)

    rules: Rules
    players: tuple[str, ...]
    sheets: tuple[Sheet, ...]
    results: tuple[tuple[RoundResult, ...], ...]
    entries: tuple[Entry | None, ...]
    drawn: tuple[tuple[int, str], ...] = ()
    phase: str = "reveal"
    timer: str = "off"
    timer_starter: int | None = None
    votes: tuple[tuple[int, int, bool], ...] = ()
    #: the players who have left the game (increasing)
    left: tuple[int, ...] = ()
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
                self.left,
                self.ply,
                self.challenges,
            ),
        )

    # -- basic facts ---------------------------------------------------------------------

    @property
    def num_players(self) -> int:
        """How many players take part (those who left included)."""
        return len(self.players)

    @property
    def still_in(self) -> tuple[int, ...]:
        """The players who have not left the game."""
        return tuple(p for p in range(len(self.players)) if p not in self.left)

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
        if self.phase != "search" or self.timer != "running":
            return None
        return _countdown(self.rules, self.num_players, self.round)

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
        """``player``'s sheet with the marks of finished rounds."""
        base = self._cache.get("base")
        if base is None:
            base = tuple(base_grid(s, rs) for s, rs in zip(self.sheets, self.results, strict=True))
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
        return self.phase == "over"

    @property
    def is_chance_node(self) -> bool:
        """True when a category card is to be revealed."""
        return self.phase == "reveal"

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
                    self.left,
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
        if isinstance(action, (Reveal, TimeUp)):
            return None
        player: int = action.player
        return player

    # -- chance --------------------------------------------------------------------------

    def _remaining_cards(self) -> list[int]:
        used = {c for c, _ in self.drawn}
        return [c for c in range(1, CARDS + 1) if c not in used]

    def chance_outcomes(self) -> tuple[tuple[Action, Fraction], ...]:
        """Every category card still in the pile, with either side up, equally likely."""
        if not self.is_chance_node:
            return ()
        cards = self._remaining_cards()
        p = Fraction(1, 2 * len(cards))
        return tuple((Reveal(c, s), p) for c in cards for s in SIDES)

    def sample_chance(self, rng: random.Random) -> Action:
        """One outcome of this chance node, drawn with ``rng`` (same distribution);
        :class:`IllegalActionError` ``not_chance_node`` when no card is to be revealed."""
        if not self.is_chance_node:
            raise IllegalActionError(
                NOT_CHANCE_NODE, None, "no category card is to be revealed now"
            )
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
            cached = self._legal(player)
            self._cache[key] = cached
        result: tuple[Action, ...] = cached
        return result

    def _legal(self, p: int) -> tuple[Action, ...]:
        if self.phase == "challenge":
            others = [
                a
                for a, e in enumerate(self.entries)
                if a != p and e is not None and e.status == "placed"
            ]
            if len(others) <= 3:
                picks = [c for k in range(len(others) + 1) for c in combinations(others, k)]
            else:
                picks = [(), *((a,) for a in others), tuple(others)]
            return tuple(Challenge(p, tuple(c)) for c in picks)
        if self.phase == "review":
            out: list[Action] = []
            for author in self._pending_votes(p):
                out.append(Vote(p, author, True))
                out.append(Vote(p, author, False))
            return tuple(out)
        entry = self.entries[p]
        cols = self.sheets[p].cols
        cross = self.rules.lines_may_cross
        grid = self.base_grid(p)
        if entry is None:
            cat = self.category
            assert cat is not None
            places: list[Action] = []
            circles: list[Action] = []
            for word in cat.answers(self.rules.language):
                if len(word) < self.rules.min_word_length:
                    continue
                pl = _best(grid, word, cross)
                if pl is not None:
                    places.append(Place.of(p, pl, cols))
                    cells = tuple(sorted(divmod(c, cols) for c in pl.circled_cells))
                    circles.append(Circle(p, word, cells))
            erase = (Erase(p),) if self._old_marks(p) is not None else ()
            return (*places, *circles, Pass(p), *erase)
        # circled: connect the circled letters, give up, or erase them
        if not entry.marks.spells(self.sheets[p].letters):
            return (Pass(p), Erase(p))
        try:
            pl = best_placement(
                grid,
                entry.marks.word,
                lines_may_cross=cross,
                circles=entry.marks.path,
                node_limit=OFFER_NODE_LIMIT,
            )
        except SearchLimitError:
            pl = None
        if pl is None:
            return (Pass(p), Erase(p))
        line = Connect(p, tuple(divmod(c, cols) for c in pl.path), pl.circles)
        return (line, Pass(p), Erase(p))

    def frontend_actions(self) -> tuple[Action, ...]:
        """Actions the frontend (not a player) may send now: ``TimeUp`` while a countdown
        runs. They are accepted by :meth:`check`/:meth:`apply` but not listed by
        :meth:`legal_actions`, so random playouts never depend on a clock."""
        if self.phase == "search" and self.timer == "running":
            return (TimeUp(),)
        return ()

    def _pending_votes(self, voter: int) -> list[int]:
        cast = {(v, a) for v, a, _ in self.votes}
        marked = challenged(self.entries, self.challenges)
        return [
            a
            for a, e in enumerate(self.entries)
            if a != voter
            and e is not None
            and e.status == "placed"
            and (voter, a) not in cast
            and (self.rules.review != "challenge" or a in marked)
        ]

    def _old_marks(self, p: int) -> RoundResult | None:
        """``p``'s last round if it scored 0 and left marks on the sheet (erasable)."""
        rs = self.results[p]
        if rs and rs[-1].score == 0 and rs[-1].kept is not None:
            return rs[-1]
        return None

    # -- validation ----------------------------------------------------------------------

    def check(self, action: object) -> None:
        """Raise the :class:`IllegalActionError` that ``apply(action)`` would raise. A
        ``TimeUp`` after the search has ended is refused with ``timer_stopped`` in every phase
        (also between rounds and at the end), so a frontend clock that fires just after the
        last player finished gets one code it may ignore."""
        if type(action) is TimeUp and (
            self.phase == "over" or (self.phase == "reveal" and self.drawn)
        ):
            raise IllegalActionError(
                TIMER_STOPPED, action, "the search this countdown belonged to has ended"
            )
        super().check(action)

    def _validate(self, a: Any) -> None:
        """The Wömmeln rules for a well-typed action (the shared checks are done)."""
        problem = self._problem(a)
        if problem is not None:
            raise IllegalActionError(problem[0], a, problem[1])

    def _player_problem(self, p: int) -> _Problem:
        if not 0 <= p < len(self.players):
            return INVALID_PLAYER, f"there is no player {p}"
        if p in self.left:
            return PLAYER_LEFT, f"player {p} has left the game"
        return None

    def _problem(self, a: Any) -> _Problem:
        if isinstance(a, Reveal):
            if a.side not in SIDES or not 1 <= a.card <= CARDS:
                return "unknown_card", f"there is no category card {short_repr(str(a))}"
            if a.card in {c for c, _ in self.drawn}:
                return "card_already_drawn", f"card {a.card} was already revealed"
            return None
        if isinstance(a, TimeUp):
            if self.phase == "search" and self.timer == "off":
                return "timer_not_running", "no countdown has been started"
            if self.phase != "search" or self.timer != "running":
                return TIMER_STOPPED, "the time is already up or the search has ended"
            return None
        p = a.player
        if not 0 <= p < len(self.players) or p in self.left:
            return self._player_problem(p)
        if isinstance(a, Resign):
            return None
        if isinstance(a, Vote):
            return self._vote_problem(p, a)
        if isinstance(a, Challenge):
            return self._challenge_problem(p, a)
        if self.phase != "search":
            return "wrong_phase", "words are found during the search"
        entry = self.entries[p]
        if entry is not None and entry.done:
            return "already_finished", f"player {p} has finished this round"
        if isinstance(a, Pass):
            return None
        if isinstance(a, Erase):
            if entry is None and self._old_marks(p) is None:
                return "nothing_to_erase", f"player {p} has no marks that may be erased"
            return None
        if isinstance(a, Connect):
            if entry is None:
                return "not_circled", "circle the letters before connecting them"
            if not entry.marks.spells(self.sheets[p].letters):
                return (
                    "circles_do_not_spell_word",
                    f"the letters circled do not spell {entry.marks.word}: they cannot be"
                    " connected (pass: the round scores 0)",
                )
            return self._placement_problem(p, entry.marks.word, a.path, a.circles, entry)
        if entry is not None:
            return "already_circled", f"player {p} has circled letters already: connect them"
        if self.timer == "up":
            return "time_up", "the time is up: no more letters may be circled"
        if isinstance(a, Place):
            return self._placement_problem(p, a.word, a.path, a.circles, None)
        return self._circle_problem(p, a)

    def _vote_problem(self, p: int, a: Vote) -> _Problem:
        if self.phase != "review":
            return "wrong_phase", "votes are cast in the review"
        if not 0 <= a.author < len(self.players):
            return INVALID_PLAYER, f"there is no player {a.author}"
        if a.author == p:
            return "own_word", "players do not vote on their own word"
        e = self.entries[a.author]
        if e is None or e.status != "placed":
            return "no_word", f"player {a.author} has no word to review"
        if self.rules.review == "challenge" and a.author not in challenged(
            self.entries, self.challenges
        ):
            return "not_challenged", f"player {a.author}'s word was not challenged: it stands"
        if any(v == p and au == a.author for v, au, _ in self.votes):
            return "already_voted", f"player {p} already voted on player {a.author}'s word"
        return None

    def _challenge_problem(self, p: int, a: Challenge) -> _Problem:
        if self.phase != "challenge":
            return "wrong_phase", "words are challenged after the search"
        if any(c == p for c, _ in self.challenges):
            return "already_decided", f"player {p} has already made their challenges"
        authors = a.authors
        if list(authors) != sorted(set(authors)):
            return "bad_challenge", "challenged players must be distinct and increasing"
        for x in authors:
            if not 0 <= x < len(self.players):
                return INVALID_PLAYER, f"there is no player {x}"
            if x == p:
                return "own_word", "players do not challenge their own word"
            e = self.entries[x]
            if e is None or e.status != "placed":
                return "no_word", f"player {x} has no word to challenge"
        if p not in self.players_to_act:
            return "no_word", f"there is no other player's word for player {p} to challenge"
        return None

    def _cells(self, p: int, cells: tuple[tuple[int, int], ...]) -> tuple[int, ...] | None:
        sheet = self.sheets[p]
        rows, cols = sheet.rows, sheet.cols
        if len(cells) > rows * cols:
            return None
        out = []
        for r, c in cells:
            if not (0 <= r < rows and 0 <= c < cols):
                return None
            out.append(r * cols + c)
        return tuple(out)

    def _word_problem(self, p: int, word: str) -> _Problem:
        if not word or not word.isascii() or not word.isupper() or not word.isalpha():
            return "bad_word", f"the word {short_repr(word)} must be letters A-Z (write Ä as AE)"
        if len(word) < self.rules.min_word_length:
            return "word_too_short", f"words need {self.rules.min_word_length} letters or more"
        sheet = self.sheets[p]
        if len(word) > sheet.rows * sheet.cols:
            return "word_too_long", "the word has more letters than the sheet has cells"
        return None

    def _placement_problem(
        self,
        p: int,
        word: str,
        path: tuple[tuple[int, int], ...],
        circles: tuple[int, ...],
        entry: Entry | None,
    ) -> _Problem:
        problem = self._word_problem(p, word)
        if problem is not None:
            return problem
        cells = self._cells(p, path)
        if cells is None:
            return "off_grid", "the line leaves the sheet"
        placement = Placement(word, cells, circles)
        grid = self.base_grid(p)
        problem = check_placement(grid, placement, lines_may_cross=self.rules.lines_may_cross)
        if problem is not None:
            return problem
        if entry is not None and set(placement.circled_cells) != set(entry.marks.path):
            return "circles_changed", "the line must connect exactly the letters circled"
        return None

    def _circle_problem(self, p: int, a: Circle) -> _Problem:
        problem = self._word_problem(p, a.word)
        if problem is not None:
            return problem
        cells = self._cells(p, a.cells)
        if cells is None:
            return "off_grid", "a circled cell is off the sheet"
        if len(set(cells)) != len(cells) or list(cells) != sorted(cells):
            return "bad_circles", "circled cells must be distinct and in reading order"
        # the rulebook accepts too few / too many / other letters (they score 0); the flag
        # refuses them up front, as a frontend may
        strict = self.rules.reject_malformed_circles
        if strict and len(cells) < len(a.word):
            return "too_few_circles", f"{len(cells)} letters circled for {a.word}"
        if strict and len(cells) > len(a.word):
            return "too_many_circles", f"{len(cells)} letters circled for {a.word}"
        if not cells:
            return "no_circles", "circle at least one letter (or pass)"
        grid = self.base_grid(p)
        for c in cells:
            if not grid.is_free(c):
                return "cell_used", f"{cell_text(divmod(c, grid.cols))} is already used"
        if strict and Counter(grid.letters[c] for c in cells) != Counter(a.word):
            return "letter_mismatch", f"the circled letters do not spell {a.word}"
        return None

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
            and phase != "over"
            and ((phase == "reveal") == (t is Reveal) or t is Resign)
            and _typed(action)
        ):
            problem = self._problem(action)
            if problem is not None:
                raise IllegalActionError(problem[0], action, problem[1])
        else:
            self.check(action)
        ply = self.ply + 1
        n = self.num_players
        if isinstance(action, Reveal):
            solo_timer = n == 1 and self.rules.solo_time_limit is not None
            return self._evolve(
                drawn=(*self.drawn, (action.card, action.side)),
                phase="search",
                entries=(None,) * n
                if not self.left
                else tuple(PASSED if p in self.left else None for p in range(n)),
                timer="running" if solo_timer else "off",
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
                else Entry("passed", e.marks)
                if e.status == "circled" and not e.marks.spells(sh.letters)
                else e
                for e, sh in zip(self.entries, self.sheets, strict=True)
            )
            return self._after_search(entries, "up", self.timer_starter, ply)
        p = action.player
        entries_list = list(self.entries)
        timer, starter = self.timer, self.timer_starter
        cols = self.sheets[p].cols
        old = self.entries[p]
        if isinstance(action, Pass):
            entries_list[p] = Entry("passed", old.marks) if old is not None else PASSED
        elif isinstance(action, Erase):
            if old is None:  # the marks a 0-point round left: the last line is kept, blank
                last = self.results[p][-1]
                rs = (*self.results[p][:-1], RoundResult(last.word, 0, None))
                results = tuple(rs if q == p else r for q, r in enumerate(self.results))
                return self._evolve(results=results, ply=ply)
            # this round's circles; after the time is up no new ones may be drawn: done
            entries_list[p] = PASSED if timer == "up" else None
        elif isinstance(action, Circle):
            cells = tuple(r * cols + c for r, c in action.cells)
            marks = Marks(action.word, cells, tuple(range(len(cells))), False)
            entries_list[p] = Entry("circled", marks)
        else:
            word = action.word if isinstance(action, Place) else old.marks.word  # type: ignore[union-attr]
            path = tuple(r * cols + c for r, c in action.path)
            entries_list[p] = Entry("placed", Marks(word, path, action.circles, True))
            if timer == "off" and n > 1:
                timer, starter = "running", p
        return self._after_search(tuple(entries_list), timer, starter, ply)

    def _resign(self, p: int, ply: int) -> State:
        """Player ``p`` leaves (see docs/wommeln.md, "Leaving")."""
        left = tuple(sorted((*self.left, p)))
        remaining = self.num_players - len(left)
        if remaining == 0 or (self.num_players > 1 and remaining < 2):
            # too few players to go on: the game ends, an unfinished round is not scored
            return attrs.evolve(
                self,
                left=left,
                ply=ply,
                phase="over",
                entries=(None,) * self.num_players,
                timer="off",
                timer_starter=None,
                votes=(),
                challenges=(),
            )
        nxt = self._evolve(left=left, ply=ply)
        if self.phase == "reveal":
            return nxt
        entries = tuple(PASSED if q == p else e for q, e in enumerate(self.entries))
        if self.phase == "search":
            # the round goes on without them (a countdown they started keeps running)
            return nxt._after_search(entries, self.timer, self.timer_starter, ply)
        # challenge and review: their word is withdrawn, their challenges and votes (cast or
        # pending) are void, and so are challenges of their word
        challenges = tuple(
            (c, tuple(a for a in authors if a != p)) for c, authors in self.challenges if c != p
        )
        votes = tuple(v for v in self.votes if p not in (v[0], v[1]))
        if self.phase == "review" and self.rules.review == "challenge":
            # a word only the leaver challenged is no longer under review: it stands
            still = challenged(entries, challenges)
            votes = tuple(v for v in votes if v[1] in still)
        nxt = nxt._evolve(entries=entries, votes=votes, challenges=challenges)
        if nxt.players_to_act:
            return nxt
        if self.phase == "challenge":
            return nxt._close_challenges()
        return nxt._score_round()

    def _evolve(self, **changes: Any) -> State:
        # attrs.evolve, spelled out: this is on every transition's path
        get = changes.get
        new = State(
            self.rules,
            self.players,
            self.sheets,
            get("results", self.results),
            get("entries", self.entries),
            get("drawn", self.drawn),
            get("phase", self.phase),
            get("timer", self.timer),
            get("timer_starter", self.timer_starter),
            get("votes", self.votes),
            get("left", self.left),
            get("ply", self.ply),
            get("challenges", self.challenges),
        )
        if "results" not in changes and "base" in self._cache:
            new._cache["base"] = self._cache["base"]
        return new

    def _after_search(
        self, entries: tuple[Entry | None, ...], timer: str, starter: int | None, ply: int
    ) -> State:
        nxt = self._evolve(entries=entries, timer=timer, timer_starter=starter, ply=ply)
        if not all(e is not None and e.done for e in entries):
            return nxt
        mode = self.rules.review
        if (
            mode != "none"
            and self.num_players > 1
            and any(e is not None and e.status == "placed" for e in entries)
        ):
            phase = "challenge" if mode == "challenge" else "review"
            return nxt._evolve(
                phase=phase, timer="off", timer_starter=None, votes=(), challenges=()
            )
        return nxt._score_round()

    def _close_challenges(self) -> State:
        """Every challenge is made: challenged words go to the vote, or the round is scored."""
        if challenged(self.entries, self.challenges):
            return self._evolve(phase="review", votes=())
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
            if e.status == "placed" and self._accepted(p):
                res = RoundResult(m.word, len(m.word), m)
            elif e.status == "placed":
                res = RoundResult(m.word, 0, None if erase else m)
            else:
                res = RoundResult("", 0, None if erase or not m.path else m)
            results.append((*self.results[p], res))
        over = len(self.drawn) >= self.rules.num_rounds
        return self._evolve(
            results=tuple(results),
            entries=(None,) * self.num_players,
            phase="over" if over else "reveal",
            timer="off",
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
        if self.phase != "over":
            return None
        scores = self.scores
        keys = [
            (p not in self.left, s, w)
            for p, (s, w) in enumerate(zip(scores, self.longest_words, strict=True))
        ]
        reason = "resigned" if _ended_by_leaving(self.num_players, self.left) else "rounds_played"
        return GameOutcome.from_keys(scores, keys, reason)

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
        if self.phase == "search":
            entries = tuple(
                e if p == player or p in self.left else None for p, e in enumerate(self.entries)
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
            left=self.left,
            ply=self.ply,
            challenges=self.challenges,
        )

    def redact_action(self, action: Action, viewer: int | None) -> str:
        """``action`` as ``viewer`` saw it: another player's search moves become ``p1 ?``."""
        if (
            self.phase == "search"
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
        """Load and validate a state (:class:`InvalidStateError` on any problem)."""
        d = check_header(data, cls.GAME, "state", VERSION)
        state = cls(**common_from_dict(d))
        _check_invariants(state)
        return state

    def __str__(self) -> str:
        lines = [headline(self)]
        for p, name in enumerate(self.players):
            e = self.entries[p]
            status = "" if e is None else f" [{e.status} {e.marks.word}]".rstrip()
            if p in self.left:
                status = " [left]"
            lines.append(f"p{p} {name} ({self.sheets[p].id}): {self.scores[p]} points{status}")
            lines.append(str(self.grid(p)))
        return "\n".join(lines)


State._parse_text = staticmethod(parse_action)


_FAST = frozenset({Reveal, Place, Circle, Connect, Pass, Erase, TimeUp, Challenge, Vote, Resign})


def _typed_cells(cells: object) -> bool:
    if type(cells) is not tuple:
        return False
    for cell in cells:
        if type(cell) is not tuple or len(cell) != 2:
            return False
        r, c = cell
        if type(r) is not int or type(c) is not int:
            return False
    return True


def _typed(a: Any) -> bool:
    """``well_typed(a)`` for an action of one of the exact classes in ``_FAST`` (faster)."""
    try:
        return _typed_fields(a)
    except AttributeError:  # built with object.__new__, a field never set
        return False


def _typed_fields(a: Any) -> bool:
    t = type(a)
    if t is Vote:
        return type(a.player) is int and type(a.author) is int and type(a.accept) is bool
    if t is Reveal:
        return type(a.card) is int and type(a.side) is str
    if t is TimeUp:
        return True
    if type(a.player) is not int:
        return False
    if t is Pass or t is Resign or t is Erase:
        return True
    if t is Challenge:
        return type(a.authors) is tuple and all(type(x) is int for x in a.authors)
    if t is Circle:
        return type(a.word) is str and _typed_cells(a.cells)
    circles = a.circles
    return (
        (t is Connect or type(a.word) is str)
        and _typed_cells(a.path)
        and type(circles) is tuple
        and all(type(i) is int for i in circles)
    )


def _ended_by_leaving(num_players: int, left: tuple[int, ...]) -> bool:
    remaining = num_players - len(left)
    return remaining == 0 or (num_players > 1 and remaining < 2)


def _countdown(rules: Rules, num_players: int, round_no: int) -> int | None:
    if num_players == 1:
        return rules.solo_time_limit
    if round_no >= rules.num_rounds:
        return rules.last_round_timer_seconds
    return rules.timer_seconds


# -- validation of loaded states --------------------------------------------------------


def _bad(msg: str) -> InvalidStateError:
    return InvalidStateError(f"invalid wommeln state: {msg}")


def _validate_marks(grid: GridState, m: Marks, rules: Rules, what: str) -> GridState:
    if m.connected:
        if len(m.word) < rules.min_word_length:
            raise _bad(f"{what}: word {short_repr(m.word)} is too short")
        problem = check_placement(grid, m.placement, lines_may_cross=rules.lines_may_cross)
        if problem is not None:
            raise _bad(f"{what}: {problem[1]}")
    elif m.path:
        if len(m.word) < rules.min_word_length:
            raise _bad(f"{what}: word {short_repr(m.word)} is too short")
        if any(not grid.is_free(c) for c in m.path):
            raise _bad(f"{what}: a circled cell is already used")
        if rules.reject_malformed_circles and not m.spells(grid.letters):
            raise _bad(f"{what}: circled letters do not spell {short_repr(m.word)}")
    return m.draw(grid)


def _check_invariants(s: State) -> None:
    """Every invariant of a state built from untrusted data."""
    n = s.num_players
    if len({sh.id for sh in s.sheets}) != n:
        raise _bad("every player needs a different sheet")
    finished = _check_rounds(s)
    in_round = s.phase in ("search", "challenge", "review")
    for p, (sheet, rs) in enumerate(zip(s.sheets, s.results, strict=True)):
        if len(rs) != finished:
            raise _bad(f"player {p} has {len(rs)} results after {finished} rounds")
        grid = _check_results(s.rules, p, sheet.grid, rs)
        e = s.entries[p]
        if in_round and p in s.left and e != PASSED:
            raise _bad(f"player {p} left the game but has marks this round")
        if not in_round:
            if e is not None:
                raise _bad("entries exist only during a round")
        elif e is None:
            if s.phase != "search" or s.timer == "up":
                raise _bad(f"player {p} has no entry after the search")
        else:
            _check_entry(s, p, e, sheet, grid)
    placed = [p for p, e in enumerate(s.entries) if e is not None and e.status == "placed"]
    _check_timer(s, placed)
    _check_challenges(s, placed)
    _check_votes(s, placed)


def _check_rounds(s: State) -> int:
    """Check the phase against the cards drawn and the ply; return the finished rounds."""
    rules = s.rules
    if s.phase not in PHASES or s.timer not in TIMER_STATES:
        raise _bad(f"unknown phase {short_repr(s.phase)} or timer {short_repr(s.timer)}")
    cards = [c for c, _ in s.drawn]
    if len(set(cards)) != len(cards) or not all(1 <= c <= CARDS for c in cards):
        raise _bad("drawn cards must be distinct cards 1-30")
    rounds = len(s.drawn)
    if rounds > rules.num_rounds:
        raise _bad("more categories drawn than rounds")
    in_round = s.phase in ("search", "challenge", "review")
    if in_round and rounds == 0:
        raise _bad("a round is running but no category was revealed")
    ended = _ended_by_leaving(s.num_players, s.left)
    if ended and s.phase != "over":
        raise _bad("too few players are left for the game to go on")
    if s.phase == "over" and not ended and rounds != rules.num_rounds:
        raise _bad("the game ended before the last round")
    if s.phase == "reveal" and rounds >= rules.num_rounds:
        raise _bad("a category is to be revealed after the last round")
    finished = rounds - 1 if in_round else rounds
    if s.phase == "over" and ended and s.results and len(s.results[0]) == rounds - 1:
        finished = rounds - 1  # the round in which the game ended was not scored
    if s.phase == "over" and ended and finished >= rules.num_rounds:
        # leaving ends the game only while a round is still to be played or scored
        raise _bad("the game ended by leaving after its last round was scored")
    # each reveal, each finished round's last move, each challenge decision and each vote cast
    # is an action of its own
    if s.ply < rounds + finished + len(s.challenges) + len(s.votes):
        raise _bad(f"ply {s.ply} is less than the actions the state implies")
    return finished


def _check_results(rules: Rules, p: int, grid: GridState, rs: tuple[RoundResult, ...]) -> GridState:
    """Check player ``p``'s scoring area; return their grid with the kept marks drawn."""
    erase = rules.erase_zero_rounds
    for i, r in enumerate(rs):
        what = f"player {p} round {i + 1}"
        if r.word and not (r.word.isascii() and r.word.isalpha() and r.word.isupper()):
            raise _bad(f"{what}: bad word")
        if r.score not in (0, len(r.word)):
            raise _bad(f"{what}: score {r.score} for {short_repr(r.word)}")
        if r.score > 0:
            if r.kept is None or not r.kept.connected or r.kept.word != r.word:
                raise _bad(f"{what}: a scored word must be on the sheet")
        elif r.kept is not None:
            if erase:
                raise _bad(f"{what}: a zero round's marks must be erased")
            if r.word and (not r.kept.connected or r.kept.word != r.word):
                raise _bad(f"{what}: kept marks do not match the word")
            if not r.word and (r.kept.connected or not r.kept.path):
                raise _bad(f"{what}: kept marks of a passed round must be loose circles")
        if r.score > 0 and len(r.word) < rules.min_word_length:
            raise _bad(f"{what}: word too short")
        if r.kept is not None:
            grid = _validate_marks(grid, r.kept, rules, what)
    return grid


def _check_entry(s: State, p: int, e: Entry, sheet: Sheet, grid: GridState) -> None:
    """Check player ``p``'s entry of the current round against their sheet."""
    m = e.marks
    what = f"player {p} entry"
    if e.status == "placed" and not (m.connected and m.word):
        raise _bad(f"{what}: a placed word must be connected")
    if e.status == "circled" and (m.connected or not m.path):
        raise _bad(f"{what}: circled letters are not connected")
    if e.status == "circled" and s.phase != "search":
        raise _bad(f"{what}: unconnected letters after the search")
    if e.status == "circled" and s.timer == "up" and not m.spells(sheet.letters):
        raise _bad(f"{what}: circles that cannot be connected outlast the time")
    if e.status == "passed" and (m.connected or (m.word == "") != (not m.path)):
        raise _bad(f"{what}: bad passed entry")
    _validate_marks(grid, m, s.rules, what)


def _check_timer(s: State, placed: list[int]) -> None:
    if s.phase == "search":
        if all(e is not None and e.done for e in s.entries):
            raise _bad("the search is over but the round did not move on")
        if s.num_players == 1:
            limit = s.rules.solo_time_limit is not None
            if s.timer_starter is not None or (s.timer == "off") == limit:
                raise _bad("solo timer inconsistent with solo_time_limit")
        else:
            if s.timer == "off" and placed:
                raise _bad("the first finished word starts the timer")
            if s.timer == "off":
                if s.timer_starter is not None:
                    raise _bad("no timer runs but a starter is recorded")
            elif s.timer_starter not in placed and s.timer_starter not in s.left:
                # a starter who left since keeps the countdown running
                raise _bad("the timer was started by a player with a finished word")
    elif s.timer != "off" or s.timer_starter is not None:
        raise _bad("a timer runs only during the search")


def _check_challenges(s: State, placed: list[int]) -> None:
    mode = s.rules.review
    if s.phase == "challenge" and not (mode == "challenge" and s.num_players > 1 and placed):
        raise _bad("no challenges in this situation")
    if mode != "challenge" or s.phase not in ("challenge", "review"):
        if s.challenges:
            raise _bad("challenges exist only after the search")
        return
    seen = set()
    for c, authors in s.challenges:
        if not 0 <= c < s.num_players or c in s.left or c in seen:
            raise _bad(f"bad challenge by {short_repr(c)}")
        seen.add(c)
        if list(authors) != sorted(set(authors)) or not all(
            a in placed and a != c for a in authors
        ):
            raise _bad(f"player {c} challenged players without a word")
    if s.phase == "challenge" and not s.players_to_act:
        raise _bad("every challenge is made but the round did not move on")
    if s.phase == "review" and (
        to_act("challenge", s.entries, (), s.left, s.challenges, mode)
        or not challenged(s.entries, s.challenges)
    ):
        raise _bad("a vote before every challenge is made, or on no challenged word")


def _check_votes(s: State, placed: list[int]) -> None:
    n = s.num_players
    if s.phase == "review":
        if not (s.rules.review != "none" and n > 1 and placed):
            raise _bad("no review in this situation")
        if s.rules.review == "challenge":
            placed = [a for a in placed if a in challenged(s.entries, s.challenges)]
        expected = {(v, a) for a in placed for v in range(n) if v != a and v not in s.left}
        seen = set()
        for v, a, _ in s.votes:
            if (v, a) not in expected or (v, a) in seen:
                raise _bad(f"bad vote by {short_repr(v)} on {short_repr(a)}")
            seen.add((v, a))
        if len(seen) == len(expected):
            raise _bad("all votes are in but the round was not scored")
    elif s.votes:
        raise _bad("votes exist only in the review")


# -- setup -------------------------------------------------------------------------------

#: The published rules (the default of :func:`new_game`).
DEFAULT_RULES = Rules()


def new_game(
    players: int | Sequence[str] = 2,
    *,
    rules: Rules = DEFAULT_RULES,
    sheets: Sequence[int | Sheet | Sequence[str]] | None = None,
    rng: random.Random | None = None,
) -> State:
    """A new game (a chance node: the first category card is to be revealed).

    ``players`` is a count (1-8) or a list of names. ``sheets`` gives each player's sheet: a
    builtin sheet number (1-14; INTENSIV 1-6) of ``rules.language``'s set, a :class:`Sheet`,
    or a grid's rows (a user-supplied grid). By default player ``i`` gets builtin sheet
    ``i + 1``, or distinct random ones when ``rng`` is given. Sheets must all differ.

    >>> import random, wordgames
    >>> from wordgames import wommeln
    >>> state = wommeln.new_game(["ann", "bob"])          # a chance node: the category card
    >>> state = wordgames.resolve_chance(state, random.Random(1))
    >>> state.phase, sorted(state.players_to_act)         # both search at once
    ('search', [0, 1])
    """
    if not isinstance(rules, Rules):
        raise RulesError(f"rules must be a wommeln.Rules, got {type(rules).__name__}")
    if rng is not None and not isinstance(rng, random.Random):
        raise RulesError(f"rng must be a random.Random or None, got {type(rng).__name__}")
    names = player_names(players, 1, MAX_PLAYERS)
    n = len(names)
    count = INTENSIV_SHEETS if rules.intensiv else STANDARD_SHEETS
    if sheets is None:
        if n > count:
            raise RulesError(f"only {count} different builtin sheets for {n} players")
        numbers = rng.sample(range(1, count + 1), n) if rng is not None else range(1, n + 1)
        sheets = list(numbers)
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
