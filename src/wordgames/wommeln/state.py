"""Wömmeln game state, player views and setup.

A game is a sequence of rounds. Each round: a ``reveal`` chance node (a category card from the
remaining ones, a random side up), a simultaneous ``search`` phase (every player places a word,
or circles first and connects later, or passes; the first finished word starts the countdown,
and the frontend sends ``TimeUp`` when it runs out), a ``review`` phase (every other player
votes on each connected word), then scores are entered and the next round starts.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Mapping, Sequence
from fractions import Fraction
from functools import lru_cache
from typing import Any, ClassVar

import attrs

from wordgames._core.errors import IllegalActionError, InvalidStateError, RulesError
from wordgames._core.outcome import GameOutcome, player_names
from wordgames._core.serial import check_header, get_list, get_map, get_str
from wordgames.wommeln.actions import (
    Action,
    Circle,
    Connect,
    Pass,
    Place,
    Reveal,
    TimeUp,
    Vote,
    cell_text,
)
from wordgames.wommeln.categories import CARDS, SIDES, Category, category
from wordgames.wommeln.engine import (
    GridState,
    Placement,
    SearchLimitError,
    best_placement,
    check_placement,
    parse_cell,
)
from wordgames.wommeln.rules import MAX_PLAYERS, Rules
from wordgames.wommeln.sheets import INTENSIV_SHEETS, STANDARD_SHEETS, Sheet, builtin_sheet

__all__ = ["Entry", "Marks", "RoundResult", "State", "View", "new_game"]

VERSION = 1
PHASES = ("reveal", "search", "review", "over")
TIMER_STATES = ("off", "running", "up")
STATUSES = ("circled", "placed", "passed")
#: Search nodes the legal-move generator and sampling spend per word before giving up on it.
OFFER_NODE_LIMIT = 3_000


@attrs.frozen
class Marks:
    """What one player marked for one word: the ``word``; ``path`` (cell indices) and
    ``circles`` (circled positions in ``path``) when ``connected``; for letters circled but not
    connected, ``path`` is the sorted circled cells and every position is circled (they need not
    spell ``word``: see :meth:`spells`)."""

    word: str = ""
    path: tuple[int, ...] = ()
    circles: tuple[int, ...] = ()
    connected: bool = False

    @property
    def placement(self) -> Placement:
        """The marks as an engine placement (meaningful when ``connected``)."""
        return Placement(self.word, self.path, self.circles)

    def spells(self, letters: str) -> bool:
        """True when the marks' circled cells hold exactly the letters of ``word`` (``letters``
        is the sheet's letters in reading order). Loose circles that do not (too few, too many
        or other letters) can never be connected into the word: the round scores 0."""
        if self.connected:
            return True
        return len(self.path) == len(self.word) and Counter(
            letters[c] for c in self.path
        ) == Counter(self.word)

    def draw(self, grid: GridState) -> GridState:
        """``grid`` with these marks drawn (unchecked)."""
        if self.connected:
            return grid.place(self.placement)
        if self.path:
            return grid.circle(self.path)
        return grid


@attrs.frozen
class Entry:
    """A player's move in the current round: ``status`` is ``"circled"`` (letters circled, not
    yet connected), ``"placed"`` (circled and connected) or ``"passed"`` (no word; a player who
    gave up connecting keeps their circled letters in ``marks`` until the round is scored).

    Circled letters that do not spell the word (too few, too many, other letters; accepted
    unless ``Rules.reject_malformed_circles``) stay ``"circled"`` until the player passes or the
    time is up: they can never be connected and score 0."""

    status: str
    marks: Marks = Marks()

    @property
    def done(self) -> bool:
        """True once the player has finished this round's search."""
        return self.status != "circled"


@attrs.frozen
class RoundResult:
    """One line of the scoring area: the ``word`` written down ("" if none), its ``score`` and
    the marks ``kept`` on the sheet (``None`` when erased or when nothing was marked)."""

    word: str
    score: int
    kept: Marks | None = None


def _revealed_category(
    phase: str, drawn: tuple[tuple[int, str], ...], rules: Rules
) -> Category | None:
    """The category shown in ``phase`` (the last card drawn), shared by State and View."""
    if phase in ("search", "review"):
        card, side = drawn[-1]
        return category(card, side, rules.color)
    return None


def _is_int(v: object) -> bool:
    return isinstance(v, int) and not isinstance(v, bool)


@lru_cache(maxsize=8192)
def _best(grid: GridState, word: str, cross: bool) -> Placement | None:
    try:
        return best_placement(grid, word, lines_may_cross=cross, node_limit=OFFER_NODE_LIMIT)
    except SearchLimitError:
        return None


@attrs.frozen(cache_hash=True)
class State:
    """A Wömmeln position (immutable). See the module docstring for the round structure."""

    GAME: ClassVar[str] = "wommeln"

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
    _cache: dict[Any, Any] = attrs.field(init=False, eq=False, repr=False, factory=dict)

    # -- basic facts ---------------------------------------------------------------------

    @property
    def num_players(self) -> int:
        """How many players take part."""
        return len(self.players)

    @property
    def round(self) -> int:
        """The current round (1-based; 0 before the first category is revealed)."""
        return len(self.drawn)

    @property
    def category(self) -> Category | None:
        """The category of the current round (``None`` before it is revealed)."""
        return _revealed_category(self.phase, self.drawn, self.rules)

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
            base = tuple(_base_grid(s, rs) for s, rs in zip(self.sheets, self.results, strict=True))
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
        """True when the last round has been scored."""
        return self.phase == "over"

    @property
    def is_chance_node(self) -> bool:
        """True when a category card is to be revealed."""
        return self.phase == "reveal"

    @property
    def players_to_act(self) -> frozenset[int]:
        """Players who may act now (several during the search and the review)."""
        cached = self._cache.get("to_act")
        if cached is None:
            cached = frozenset(_to_act(self.phase, self.entries, self.votes))
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
        """One outcome of this chance node, drawn with ``rng`` (same distribution)."""
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
        :meth:`check`). ``TimeUp`` is listed by :meth:`frontend_actions`, not here.
        """
        if player is None:
            out: list[Action] = []
            for p in sorted(self.players_to_act):
                out.extend(self.legal_actions(p))
            return tuple(out)
        if not _is_int(player) or player not in self.players_to_act:
            return ()
        key = ("legal", player)
        cached = self._cache.get(key)
        if cached is None:
            cached = self._legal(player)
            self._cache[key] = cached
        result: tuple[Action, ...] = cached
        return result

    def _legal(self, p: int) -> tuple[Action, ...]:
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
            return (*places, *circles, Pass(p))
        # circled: connect the circled letters, or give up
        if not entry.marks.spells(self.sheets[p].letters):
            return (Pass(p),)
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
            return (Pass(p),)
        return (Connect(p, tuple(divmod(c, cols) for c in pl.path), pl.circles), Pass(p))

    def frontend_actions(self) -> tuple[Action, ...]:
        """Actions the frontend (not a player) may send now: ``TimeUp`` while a countdown
        runs. They are accepted by :meth:`check`/:meth:`apply` but not listed by
        :meth:`legal_actions`, so random playouts never depend on a clock."""
        if self.phase == "search" and self.timer == "running":
            return (TimeUp(),)
        return ()

    def _pending_votes(self, voter: int) -> list[int]:
        cast = {(v, a) for v, a, _ in self.votes}
        return [
            a
            for a, e in enumerate(self.entries)
            if a != voter and e is not None and e.status == "placed" and (voter, a) not in cast
        ]

    def is_legal(self, action: object) -> bool:
        """True if :meth:`apply` would accept ``action``."""
        return self._problem(action) is None

    def check(self, action: object) -> None:
        """Raise the :class:`IllegalActionError` that :meth:`apply` would raise, if any."""
        problem = self._problem(action)
        if problem is not None:
            raise IllegalActionError(problem[0], action, problem[1])

    def _problem(self, a: object) -> tuple[str, str] | None:
        if not isinstance(a, (Reveal, Place, Circle, Connect, Pass, TimeUp, Vote)):
            return "unknown_action", f"{a!r} is not a Wömmeln action"
        if self.phase == "over":
            return "game_over", "the game is over"
        if isinstance(a, Reveal):
            if self.phase != "reveal":
                return "not_chance_node", "no category card is to be revealed now"
            if a.side not in SIDES or not _is_int(a.card) or not 1 <= a.card <= CARDS:
                return "unknown_card", f"there is no category card {a.card}{a.side}"
            if a.card in {c for c, _ in self.drawn}:
                return "card_already_drawn", f"card {a.card} was already revealed"
            return None
        if self.phase == "reveal":
            return "chance_node", "the next category card must be revealed first"
        if isinstance(a, TimeUp):
            if self.phase != "search" or self.timer != "running":
                return "timer_not_running", "no countdown is running"
            return None
        p = a.player
        if not _is_int(p) or not 0 <= p < self.num_players:
            return "unknown_player", f"there is no player {p!r}"
        if isinstance(a, Vote):
            if self.phase != "review":
                return "wrong_phase", "votes are cast in the review"
            if not _is_int(a.author) or not 0 <= a.author < self.num_players:
                return "unknown_player", f"there is no player {a.author!r}"
            if a.author == p:
                return "own_word", "players do not vote on their own word"
            e = self.entries[a.author]
            if e is None or e.status != "placed":
                return "no_word", f"player {a.author} has no word to review"
            if any(v == p and au == a.author for v, au, _ in self.votes):
                return "already_voted", f"player {p} already voted on player {a.author}'s word"
            if not isinstance(a.accept, bool):
                return "bad_vote", "a vote is accept or reject"
            return None
        if self.phase != "search":
            return "wrong_phase", "words are found during the search"
        entry = self.entries[p]
        if entry is not None and entry.done:
            return "already_finished", f"player {p} has finished this round"
        if isinstance(a, Pass):
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

    def _cells(self, p: int, cells: Sequence[Any]) -> tuple[int, ...] | None:
        sheet = self.sheets[p]
        out = []
        for cell in cells:
            if (
                not isinstance(cell, tuple)
                or len(cell) != 2
                or not all(_is_int(x) for x in cell)
                or not 0 <= cell[0] < sheet.rows
                or not 0 <= cell[1] < sheet.cols
            ):
                return None
            out.append(cell[0] * sheet.cols + cell[1])
        return tuple(out)

    def _word_problem(self, word: object) -> tuple[str, str] | None:
        if not isinstance(word, str) or not word or not word.isascii() or not word.isupper():
            return "bad_word", f"the word {word!r} must be letters A-Z (write Ä as AE)"
        if not word.isalpha():
            return "bad_word", f"the word {word!r} must be letters A-Z (write Ä as AE)"
        if len(word) < self.rules.min_word_length:
            return "word_too_short", f"words need {self.rules.min_word_length} letters or more"
        return None

    def _placement_problem(
        self, p: int, word: str, path: Any, circles: Any, entry: Entry | None
    ) -> tuple[str, str] | None:
        problem = self._word_problem(word)
        if problem is not None:
            return problem
        cells = self._cells(p, path) if isinstance(path, tuple) else None
        if cells is None:
            return "off_grid", "the line leaves the sheet"
        if not isinstance(circles, tuple) or not all(_is_int(i) for i in circles):
            return "bad_circles", "circle positions must be integers"
        placement = Placement(word, cells, circles)
        grid = self.base_grid(p)
        problem = check_placement(grid, placement, lines_may_cross=self.rules.lines_may_cross)
        if problem is not None:
            return problem
        if entry is not None and set(placement.circled_cells) != set(entry.marks.path):
            return "circles_changed", "the line must connect exactly the letters circled"
        return None

    def _circle_problem(self, p: int, a: Circle) -> tuple[str, str] | None:
        problem = self._word_problem(a.word)
        if problem is not None:
            return problem
        cells = self._cells(p, a.cells) if isinstance(a.cells, tuple) else None
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
        """The state after ``action`` (``self`` is unchanged); IllegalActionError if illegal."""
        self.check(action)
        n = self.num_players
        if isinstance(action, Reveal):
            solo_timer = n == 1 and self.rules.solo_time_limit is not None
            return self._evolve(
                drawn=(*self.drawn, (action.card, action.side)),
                phase="search",
                entries=(None,) * n,
                timer="running" if solo_timer else "off",
                timer_starter=None,
                votes=(),
            )
        if isinstance(action, Vote):
            votes = (*self.votes, (action.player, action.author, action.accept))
            nxt = self._evolve(votes=votes)
            if not nxt.players_to_act:
                return nxt._score_round()
            return nxt
        if isinstance(action, TimeUp):
            # players without circles are done; so are those whose circles cannot be connected
            entries = tuple(
                Entry("passed")
                if e is None
                else Entry("passed", e.marks)
                if e.status == "circled" and not e.marks.spells(sh.letters)
                else e
                for e, sh in zip(self.entries, self.sheets, strict=True)
            )
            return self._after_search(entries, "up", self.timer_starter)
        p = action.player
        entries_list = list(self.entries)
        timer, starter = self.timer, self.timer_starter
        cols = self.sheets[p].cols
        old = self.entries[p]
        if isinstance(action, Pass):
            entries_list[p] = Entry("passed", old.marks if old is not None else Marks())
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
        return self._after_search(tuple(entries_list), timer, starter)

    def _evolve(self, **changes: Any) -> State:
        new = attrs.evolve(self, **changes)
        if "results" not in changes and "base" in self._cache:
            new._cache["base"] = self._cache["base"]
        return new

    def _after_search(
        self, entries: tuple[Entry | None, ...], timer: str, starter: int | None
    ) -> State:
        nxt = self._evolve(entries=entries, timer=timer, timer_starter=starter)
        if not all(e is not None and e.done for e in entries):
            return nxt
        if (
            self.rules.review
            and self.num_players > 1
            and any(e is not None and e.status == "placed" for e in entries)
        ):
            return nxt._evolve(phase="review", timer="off", timer_starter=None, votes=())
        return nxt._score_round()

    def _accepted(self, author: int) -> bool:
        if not self.rules.review or self.num_players == 1:
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
        return attrs.evolve(
            self,
            results=tuple(results),
            entries=(None,) * self.num_players,
            phase="over" if over else "reveal",
            timer="off",
            timer_starter=None,
            votes=(),
        )

    # -- the end -------------------------------------------------------------------------

    @property
    def outcome(self) -> GameOutcome | None:
        """Final scores and places: most points; tie -> longest scored word; still tied ->
        shared place. ``None`` until the game is over."""
        if self.phase != "over":
            return None
        scores = self.scores
        keys = list(zip(scores, self.longest_words, strict=True))
        return GameOutcome.from_keys(scores, keys, "rounds_played")

    # -- views ---------------------------------------------------------------------------

    def view(self, player: int | None) -> View:
        """What ``player`` (``None``: a spectator) may know. During the search the other
        players' marks of this round are hidden (only whether they are done is public); they
        are revealed in the review, when words are read aloud."""
        if player is not None and not (_is_int(player) and 0 <= player < self.num_players):
            raise ValueError(f"no player {player!r}")
        done = tuple(e is not None and e.done for e in self.entries)
        if self.phase == "search":
            entries = tuple(e if p == player else None for p, e in enumerate(self.entries))
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
        )

    def redact_action(self, action: Action, viewer: int | None) -> str:
        """``action`` as ``viewer`` saw it: another player's search moves become ``p1 ?``."""
        if (
            self.phase == "search"
            and isinstance(action, (Place, Circle, Connect, Pass))
            and action.player != viewer
        ):
            return f"p{action.player} ?"
        return str(action)

    # -- serialisation -------------------------------------------------------------------

    def to_dict(self) -> dict[str, Any]:
        """A JSON-safe dict; :meth:`from_dict` reads it back (and validates everything)."""
        return {"game": self.GAME, "version": VERSION, **_common_to_dict(self)}

    @classmethod
    def from_dict(cls, data: Any) -> State:
        """Load and validate a state (:class:`InvalidStateError` on any problem)."""
        d = check_header(data, cls.GAME, "state", VERSION)
        try:
            fields = _common_from_dict(d)
            state = cls(**fields)
            _validate(state)
        except InvalidStateError:
            raise
        except (RulesError, ValueError, TypeError, KeyError, AttributeError, IndexError) as exc:
            raise InvalidStateError(f"invalid wommeln state: {exc}") from exc
        return state

    def __str__(self) -> str:
        lines = [_headline(self)]
        for p, name in enumerate(self.players):
            e = self.entries[p]
            status = "" if e is None else f" [{e.status} {e.marks.word}]".rstrip()
            lines.append(f"p{p} {name} ({self.sheets[p].id}): {self.scores[p]} points{status}")
            lines.append(str(self.grid(p)))
        return "\n".join(lines)


def _countdown(rules: Rules, num_players: int, round_no: int) -> int | None:
    if num_players == 1:
        return rules.solo_time_limit
    if round_no >= rules.num_rounds:
        return rules.last_round_timer_seconds
    return rules.timer_seconds


def _headline(s: State | View) -> str:
    cat = s.category
    text = f" {cat.key} {cat.text(s.rules.language)}" if cat is not None else ""
    timer = f", timer {s.timer}" if s.phase == "search" else ""
    return f"Wömmeln round {len(s.drawn)}/{s.rules.num_rounds}, {s.phase}{timer}{text}"


def _to_act(
    phase: str, entries: tuple[Entry | None, ...], votes: tuple[tuple[int, int, bool], ...]
) -> set[int]:
    if phase == "search":
        return {p for p, e in enumerate(entries) if e is None or not e.done}
    if phase == "review":
        cast = {(v, a) for v, a, _ in votes}
        authors = [a for a, e in enumerate(entries) if e is not None and e.status == "placed"]
        return {v for v in range(len(entries)) for a in authors if a != v and (v, a) not in cast}
    return set()


def _base_grid(sheet: Sheet, results: tuple[RoundResult, ...]) -> GridState:
    g = sheet.grid
    for r in results:
        if r.kept is not None:
            g = r.kept.draw(g)
    return g


# -- serialisation helpers ---------------------------------------------------------------


def _marks_to_dict(m: Marks, cols: int) -> dict[str, Any]:
    if m.connected:
        line = m.placement.notation(cols)
        return {"word": m.word, "line": line, "circled": None}
    if m.path:
        return {
            "word": m.word,
            "line": None,
            "circled": [cell_text(divmod(c, cols)) for c in m.path],
        }
    return {"word": m.word, "line": None, "circled": None}


def _marks_from_dict(d: Any, sheet: Sheet) -> Marks:
    if not isinstance(d, Mapping):
        raise InvalidStateError("marks must be an object")
    word = get_str(d, "word")
    if word and not (word.isascii() and word.isalpha() and word.isupper()):
        raise InvalidStateError(f"bad word {word!r}")
    line, circled = d.get("line"), d.get("circled")
    if line is not None and circled is not None:
        raise InvalidStateError("marks have both a line and loose circles")
    if line is not None:
        if not isinstance(line, str):
            raise InvalidStateError("a line must be a string")
        try:
            p = Placement.from_notation(word, line, sheet.rows, sheet.cols)
        except ValueError as exc:
            raise InvalidStateError(str(exc)) from exc
        return Marks(word, p.path, p.circles, True)
    if circled is not None:
        if not isinstance(circled, list) or not circled:
            raise InvalidStateError("circled must be a non-empty list of cells")
        cells = []
        for name in circled:
            if not isinstance(name, str):
                raise InvalidStateError("cells are strings like A1")
            try:
                r, c = parse_cell(name, sheet.rows, sheet.cols)
            except ValueError as exc:
                raise InvalidStateError(str(exc)) from exc
            cells.append(r * sheet.cols + c)
        if cells != sorted(set(cells)):
            raise InvalidStateError("circled cells must be distinct and in reading order")
        return Marks(word, tuple(cells), tuple(range(len(cells))), False)
    return Marks(word)


def _common_to_dict(s: State | View) -> dict[str, Any]:
    def entry(e: Entry | None, cols: int) -> Any:
        return None if e is None else {"status": e.status, "marks": _marks_to_dict(e.marks, cols)}

    return {
        "rules": s.rules.to_dict(),
        "players": list(s.players),
        "sheets": [sh.to_dict() for sh in s.sheets],
        "drawn": [f"{c}{side}" for c, side in s.drawn],
        "phase": s.phase,
        "timer": s.timer,
        "timer_starter": s.timer_starter,
        "results": [
            [
                {
                    "word": r.word,
                    "score": r.score,
                    "kept": None if r.kept is None else _marks_to_dict(r.kept, sh.cols),
                }
                for r in rs
            ]
            for rs, sh in zip(s.results, s.sheets, strict=True)
        ],
        "entries": [entry(e, sh.cols) for e, sh in zip(s.entries, s.sheets, strict=True)],
        "votes": [[v, a, ok] for v, a, ok in s.votes],
    }


def _common_from_dict(d: Mapping[str, Any]) -> dict[str, Any]:
    rules = Rules.from_dict(get_map(d, "rules"))
    players = get_list(d, "players")
    if not all(isinstance(x, str) for x in players):
        raise InvalidStateError("player names must be strings")
    try:
        names = player_names(players, 1, MAX_PLAYERS)
    except RulesError as exc:
        raise InvalidStateError(str(exc)) from exc
    n = len(names)
    raw_sheets = get_list(d, "sheets")
    if len(raw_sheets) != n:
        raise InvalidStateError("one sheet per player")
    sheets = []
    for sd in raw_sheets:
        if not isinstance(sd, Mapping):
            raise InvalidStateError("a sheet must be an object")
        rows = get_list(sd, "rows")
        if not all(isinstance(r, str) for r in rows):
            raise InvalidStateError("sheet rows must be strings")
        sheets.append(Sheet.from_rows(rows, id=get_str(sd, "id")))
    drawn = []
    for item in get_list(d, "drawn"):
        if (
            not isinstance(item, str)
            or len(item) < 2
            or item[-1] not in SIDES
            or not item[:-1].isdigit()
            or not item[:-1].isascii()
        ):
            raise InvalidStateError(f"bad drawn card {item!r}")
        drawn.append((int(item[:-1]), item[-1]))
    phase = get_str(d, "phase")
    timer = get_str(d, "timer")
    starter = d.get("timer_starter", "missing")
    if starter == "missing" or (starter is not None and not _is_int(starter)):
        raise InvalidStateError("timer_starter must be a player index or null")
    raw_results = get_list(d, "results")
    if len(raw_results) != n:
        raise InvalidStateError("one result list per player")
    results = []
    for rs, sh in zip(raw_results, sheets, strict=True):
        if not isinstance(rs, list):
            raise InvalidStateError("results must be lists")
        row = []
        for r in rs:
            if not isinstance(r, Mapping):
                raise InvalidStateError("a result must be an object")
            score = r.get("score")
            if not isinstance(score, int) or isinstance(score, bool):
                raise InvalidStateError("score must be an integer")
            kept = r.get("kept", "missing")
            if kept == "missing":
                raise InvalidStateError("result without 'kept'")
            word = get_str(r, "word")
            row.append(
                RoundResult(word, score, None if kept is None else _marks_from_dict(kept, sh))
            )
        results.append(tuple(row))
    raw_entries = get_list(d, "entries")
    if len(raw_entries) != n:
        raise InvalidStateError("one entry per player")
    entries: list[Entry | None] = []
    for e, sh in zip(raw_entries, sheets, strict=True):
        if e is None:
            entries.append(None)
            continue
        if not isinstance(e, Mapping):
            raise InvalidStateError("an entry must be an object or null")
        status = get_str(e, "status")
        if status not in STATUSES:
            raise InvalidStateError(f"bad entry status {status!r}")
        entries.append(Entry(status, _marks_from_dict(get_map(e, "marks"), sh)))
    votes = []
    for v in get_list(d, "votes"):
        if (
            not isinstance(v, list)
            or len(v) != 3
            or not _is_int(v[0])
            or not _is_int(v[1])
            or not isinstance(v[2], bool)
        ):
            raise InvalidStateError(f"bad vote {v!r}")
        votes.append((v[0], v[1], v[2]))
    return {
        "rules": rules,
        "players": names,
        "sheets": tuple(sheets),
        "results": tuple(results),
        "entries": tuple(entries),
        "drawn": tuple(drawn),
        "phase": phase,
        "timer": timer,
        "timer_starter": starter,
        "votes": tuple(votes),
    }


def _bad(msg: str) -> InvalidStateError:
    return InvalidStateError(f"invalid wommeln state: {msg}")


def _validate_marks(grid: GridState, m: Marks, rules: Rules, what: str) -> GridState:
    if m.connected:
        if len(m.word) < rules.min_word_length:
            raise _bad(f"{what}: word {m.word!r} is too short")
        problem = check_placement(grid, m.placement, lines_may_cross=rules.lines_may_cross)
        if problem is not None:
            raise _bad(f"{what}: {problem[1]}")
    elif m.path:
        if len(m.word) < rules.min_word_length:
            raise _bad(f"{what}: word {m.word!r} is too short")
        if any(not grid.is_free(c) for c in m.path):
            raise _bad(f"{what}: a circled cell is already used")
        if rules.reject_malformed_circles and not m.spells(grid.letters):
            raise _bad(f"{what}: circled letters do not spell {m.word}")
    return m.draw(grid)


def _validate(s: State) -> None:
    """Every invariant of a state built from untrusted data."""
    rules, n = s.rules, s.num_players
    ids = [sh.id for sh in s.sheets]
    if len(set(ids)) != n:
        raise _bad("every player needs a different sheet")
    if s.phase not in PHASES or s.timer not in TIMER_STATES:
        raise _bad(f"unknown phase {s.phase!r} or timer {s.timer!r}")
    cards = [c for c, _ in s.drawn]
    if len(set(cards)) != len(cards) or not all(1 <= c <= CARDS for c in cards):
        raise _bad("drawn cards must be distinct cards 1-30")
    rounds = len(s.drawn)
    if rounds > rules.num_rounds:
        raise _bad("more categories drawn than rounds")
    in_round = s.phase in ("search", "review")
    if in_round and rounds == 0:
        raise _bad("a round is running but no category was revealed")
    if s.phase == "over" and rounds != rules.num_rounds:
        raise _bad("the game ended before the last round")
    if s.phase == "reveal" and rounds >= rules.num_rounds:
        raise _bad("a category is to be revealed after the last round")
    finished = rounds - 1 if in_round else rounds
    erase = rules.erase_zero_rounds
    for p, (sheet, rs) in enumerate(zip(s.sheets, s.results, strict=True)):
        if len(rs) != finished:
            raise _bad(f"player {p} has {len(rs)} results after {finished} rounds")
        grid = sheet.grid
        for i, r in enumerate(rs):
            what = f"player {p} round {i + 1}"
            if r.word and not (r.word.isascii() and r.word.isalpha() and r.word.isupper()):
                raise _bad(f"{what}: bad word")
            if r.score not in (0, len(r.word)):
                raise _bad(f"{what}: score {r.score} for {r.word!r}")
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
        e = s.entries[p]
        if not in_round:
            if e is not None:
                raise _bad("entries exist only during a round")
            continue
        if e is None:
            if s.phase == "review" or s.timer == "up":
                raise _bad(f"player {p} has no entry after the search")
            continue
        m = e.marks
        what = f"player {p} entry"
        if e.status == "placed" and not (m.connected and m.word):
            raise _bad(f"{what}: a placed word must be connected")
        if e.status == "circled" and (m.connected or not m.path):
            raise _bad(f"{what}: circled letters are not connected")
        if e.status == "circled" and s.phase == "review":
            raise _bad(f"{what}: unconnected letters in the review")
        if e.status == "circled" and s.timer == "up" and not m.spells(sheet.letters):
            raise _bad(f"{what}: circles that cannot be connected outlast the time")
        if e.status == "passed" and (m.connected or (m.word == "") != (not m.path)):
            raise _bad(f"{what}: bad passed entry")
        _validate_marks(grid, m, rules, what)
    placed = [p for p, e in enumerate(s.entries) if e is not None and e.status == "placed"]
    if s.phase == "search":
        if all(e is not None and e.done for e in s.entries):
            raise _bad("the search is over but the round did not move on")
        if n == 1:
            limit = rules.solo_time_limit is not None
            if s.timer_starter is not None or (s.timer == "off") == limit:
                raise _bad("solo timer inconsistent with solo_time_limit")
        else:
            if (s.timer == "off") != (not placed):
                raise _bad("the first finished word starts the timer")
            if s.timer == "off":
                if s.timer_starter is not None:
                    raise _bad("no timer runs but a starter is recorded")
            elif s.timer_starter not in placed:
                raise _bad("the timer was started by a player with a finished word")
    elif s.timer != "off" or s.timer_starter is not None:
        raise _bad("a timer runs only during the search")
    if s.phase == "review":
        if not (rules.review and n > 1 and placed):
            raise _bad("no review in this situation")
        seen = set()
        for v, a, _ in s.votes:
            if not (0 <= v < n and a in placed and v != a) or (v, a) in seen:
                raise _bad(f"bad vote by {v} on {a}")
            seen.add((v, a))
        if len(seen) == len(placed) * (n - 1):
            raise _bad("all votes are in but the round was not scored")
    elif s.votes:
        raise _bad("votes exist only in the review")


# -- view --------------------------------------------------------------------------------


@attrs.frozen
class View:
    """What one player (``viewer``; ``None`` = spectator) may know of a state.

    ``entries`` holds this round's moves that the viewer may see (during the search only the
    viewer's own; ``None`` otherwise), ``done`` who has finished the search (public: they put
    the pen down). Everything else (sheets, earlier rounds' words and marks, the categories
    drawn, the countdown, votes) is public.
    """

    viewer: int | None
    rules: Rules
    players: tuple[str, ...]
    sheets: tuple[Sheet, ...]
    results: tuple[tuple[RoundResult, ...], ...]
    entries: tuple[Entry | None, ...]
    done: tuple[bool, ...]
    drawn: tuple[tuple[int, str], ...]
    phase: str
    timer: str
    timer_starter: int | None
    votes: tuple[tuple[int, int, bool], ...]

    @property
    def num_players(self) -> int:
        """How many players take part."""
        return len(self.players)

    @property
    def category(self) -> Category | None:
        """The category of the current round, if one is revealed."""
        return _revealed_category(self.phase, self.drawn, self.rules)

    @property
    def scores(self) -> tuple[int, ...]:
        """Each player's total so far."""
        return tuple(sum(r.score for r in rs) for rs in self.results)

    def grid(self, player: int) -> GridState:
        """``player``'s sheet as the viewer knows it (this round's marks only where visible)."""
        g = _base_grid(self.sheets[player], self.results[player])
        e = self.entries[player]
        return e.marks.draw(g) if e is not None else g

    def base_grid(self, player: int) -> GridState:
        """``player``'s sheet with the marks of finished rounds."""
        return _base_grid(self.sheets[player], self.results[player])

    @property
    def players_to_act(self) -> frozenset[int]:
        """Players who may act now."""
        if self.phase == "search":
            return frozenset(p for p, d in enumerate(self.done) if not d)
        return frozenset(_to_act(self.phase, self.entries, self.votes))

    def legal_actions(self) -> tuple[Action, ...]:
        """The viewer's legal actions (as :meth:`State.legal_actions`) if they may act now."""
        if self.viewer is None or self.viewer not in self.players_to_act:
            return ()
        return self.sample_state(random.Random(0)).legal_actions(self.viewer)

    def sample_state(self, rng: random.Random) -> State:
        """A full state consistent with this view: hidden entries of other players are
        filled in with plausible moves (the timer starter gets a short word, players still
        searching after ``TimeUp`` get circled letters)."""
        entries = list(self.entries)
        if self.phase == "search":
            for p in range(self.num_players):
                if p == self.viewer or entries[p] is not None:
                    continue
                grid = self.base_grid(p)
                if self.done[p]:
                    if p == self.timer_starter:
                        entries[p] = Entry("placed", _some_line(grid, self.rules, rng))
                    else:
                        entries[p] = Entry("passed")
                elif self.timer == "up":
                    entries[p] = Entry("circled", _some_circles(grid, self.rules, rng))
        return State(
            rules=self.rules,
            players=self.players,
            sheets=self.sheets,
            results=self.results,
            entries=tuple(entries),
            drawn=self.drawn,
            phase=self.phase,
            timer=self.timer,
            timer_starter=self.timer_starter,
            votes=self.votes,
        )

    def to_dict(self) -> dict[str, Any]:
        """A JSON-safe dict (``View.from_dict`` reads it back)."""
        return {
            "game": State.GAME,
            "kind": "view",
            "version": VERSION,
            "viewer": self.viewer,
            "done": list(self.done),
            **_common_to_dict(self),
        }

    @classmethod
    def from_dict(cls, data: Any) -> View:
        """Read :meth:`to_dict` output (:class:`InvalidStateError` if malformed)."""
        d = check_header(data, State.GAME, "view", VERSION)
        try:
            fields = _common_from_dict(d)
            viewer = d.get("viewer")
            done = get_list(d, "done")
        except (RulesError, ValueError, TypeError, KeyError, AttributeError) as exc:
            raise InvalidStateError(f"invalid wommeln view: {exc}") from exc
        if viewer is not None and not (_is_int(viewer) and 0 <= viewer < len(fields["players"])):
            raise InvalidStateError("bad viewer")
        if len(done) != len(fields["players"]) or not all(isinstance(x, bool) for x in done):
            raise InvalidStateError("done must be one flag per player")
        return cls(viewer=viewer, done=tuple(done), **fields)

    def __str__(self) -> str:
        lines = [_headline(self)]
        for p, name in enumerate(self.players):
            lines.append(f"p{p} {name}: {self.scores[p]} points{' (done)' if self.done[p] else ''}")
        if self.viewer is not None:
            lines.append(str(self.grid(self.viewer)))
        return "\n".join(lines)


def _some_line(grid: GridState, rules: Rules, rng: random.Random) -> Marks:
    """A line of ``min_word_length`` free cells, all circled (exists whenever any placement
    of that length or longer does)."""
    k = rules.min_word_length
    nbrs = _nbrs(grid)
    starts = [c for c in range(grid.size) if grid.is_free(c)]
    rng.shuffle(starts)
    for s in starts:
        found = _walk(grid, nbrs, [s], k, 0, rules.lines_may_cross)
        if found is not None:
            word = "".join(grid.letters[c] for c in found)
            return Marks(word, tuple(found), tuple(range(k)), True)
    raise InvalidStateError("no room for the timer starter's word on their sheet")


def _nbrs(grid: GridState) -> list[list[tuple[int, int]]]:
    out: list[list[tuple[int, int]]] = []
    for cell in range(grid.size):
        r, c = divmod(cell, grid.cols)
        row = []
        for dr in (-1, 0, 1):
            for dc in (-1, 0, 1):
                if (dr or dc) and 0 <= r + dr < grid.rows and 0 <= c + dc < grid.cols:
                    bit = 1 << (min(r, r + dr) * grid.cols + min(c, c + dc)) if dr and dc else 0
                    row.append(((r + dr) * grid.cols + c + dc, bit))
        out.append(row)
    return out


def _walk(
    grid: GridState,
    nbrs: list[list[tuple[int, int]]],
    path: list[int],
    k: int,
    diag: int,
    cross: bool,
) -> list[int] | None:
    if len(path) == k:
        return path
    for x, bit in nbrs[path[-1]]:
        if not grid.is_free(x) or x in path:
            continue
        if bit and not cross and (grid.diagonals | diag) & bit:
            continue
        found = _walk(grid, nbrs, [*path, x], k, diag | bit, cross)
        if found is not None:
            return found
    return None


def _some_circles(grid: GridState, rules: Rules, rng: random.Random) -> Marks:
    free = [c for c in range(grid.size) if grid.is_free(c)]
    k = rules.min_word_length
    if len(free) < k:
        raise InvalidStateError("no room for circled letters on a sheet")
    cells = sorted(rng.sample(free, k))
    return Marks("".join(grid.letters[c] for c in cells), tuple(cells), tuple(range(k)), False)


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
    """
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
        elif _is_int(sh):
            chosen.append(
                builtin_sheet(
                    int(sh),  # type: ignore[arg-type]
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
