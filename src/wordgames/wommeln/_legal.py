"""What is legal in a Wömmeln state: the listed legal actions and, for any action, why it is
illegal (the rules behind ``State.check`` and ``State.apply``). Functions of the state, kept
apart from :mod:`.state` by job."""

from __future__ import annotations

from collections import Counter
from functools import lru_cache
from itertools import combinations
from typing import TYPE_CHECKING, Any

from wordgames._core.contract import CHANCE_PENDING, INVALID_PLAYER, NOT_CHANCE_NODE, Resign
from wordgames._core.errors import short_repr
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
    cell_text,
)
from wordgames.wommeln.categories import CARDS, SIDES
from wordgames.wommeln.engine import (
    GridState,
    Placement,
    SearchLimitError,
    best_placement,
    check_placement,
)
from wordgames.wommeln.marks import Entry, RoundResult, challenged
from wordgames.wommeln.phases import Phase, Status, Timer
from wordgames.wommeln.rules import Rules
from wordgames.wommeln.sheets import INTENSIV_SHEETS, STANDARD_SHEETS, builtin_sheet

if TYPE_CHECKING:
    from wordgames.wommeln.state import State

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


def sheet_count(intensiv: bool) -> int:
    """How many builtin sheets the set has (STANDARD 14, INTENSIV 6)."""
    return INTENSIV_SHEETS if intensiv else STANDARD_SHEETS


@lru_cache(maxsize=16)
def _builtin_ids(language: str, intensiv: bool, size: int) -> dict[str, int]:
    count = sheet_count(intensiv)
    return {
        builtin_sheet(k, language=language, intensiv=intensiv, size=size).id: k
        for k in range(1, count + 1)
    }


def builtin_number(rules: Rules, sheet_id: str) -> int | None:
    """The number of the builtin sheet of ``rules``' set with this id (``None``: not one)."""
    return _builtin_ids(rules.language, rules.intensiv, rules.sheet_size).get(sheet_id)


def remaining_sheets(s: State) -> list[int]:
    """The numbers of the builtin sheets not dealt yet, in the order the deal draws from
    (the pool ``random.Random.sample`` keeps: each dealt sheet's place is taken by the last
    one still in the pool), so that dealing with ``sample_chance`` picks what ``rng.sample``
    picked in 0.1.0."""
    rules = s.rules
    ids = _builtin_ids(rules.language, rules.intensiv, rules.sheet_size)
    pool = list(range(1, len(ids) + 1))
    end = len(pool)
    for sheet in s.sheets:
        j = pool.index(ids[sheet.id], 0, end)
        end -= 1
        pool[j] = pool[end]
    return pool[:end]


def legal(s: State, p: int) -> tuple[Action, ...]:
    if s.phase == Phase.CHALLENGE:
        others = [
            a
            for a, e in enumerate(s.entries)
            if a != p and e is not None and e.status == Status.PLACED
        ]
        if len(others) <= 3:
            picks = [c for k in range(len(others) + 1) for c in combinations(others, k)]
        else:
            picks = [(), *((a,) for a in others), tuple(others)]
        return tuple(Challenge(p, tuple(c)) for c in picks)
    if s.phase == Phase.REVIEW:
        out: list[Action] = []
        for author in pending_votes(s, p):
            out.append(Vote(p, author, True))
            out.append(Vote(p, author, False))
        return tuple(out)
    entry = s.entries[p]
    cols = s.sheets[p].cols
    cross = s.rules.lines_may_cross
    grid = s.base_grid(p)
    if entry is None:
        cat = s.category
        assert cat is not None
        places: list[Action] = []
        circles: list[Action] = []
        for word in cat.answers(s.rules.language):
            if len(word) < s.rules.min_word_length:
                continue
            pl = _best(grid, word, cross)
            if pl is not None:
                places.append(Place.of(p, pl, cols))
                cells = tuple(sorted(divmod(c, cols) for c in pl.circled_cells))
                circles.append(Circle(p, word, cells))
        erase = (Erase(p),) if old_marks(s, p) is not None else ()
        return (*places, *circles, Pass(p), *erase)
    # circled: connect the circled letters, give up, or erase them
    if not entry.marks.spells(s.sheets[p].letters):
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


def pending_votes(s: State, voter: int) -> list[int]:
    cast = {(v, a) for v, a, _ in s.votes}
    marked = challenged(s.entries, s.challenges)
    return [
        a
        for a, e in enumerate(s.entries)
        if a != voter
        and e is not None
        and e.status == Status.PLACED
        and (voter, a) not in cast
        and (s.rules.review != "challenge" or a in marked)
    ]


def old_marks(s: State, p: int) -> RoundResult | None:
    """``p``'s last round if it scored 0 and left marks on the sheet (erasable)."""
    rs = s.results[p]
    if rs and rs[-1].score == 0 and rs[-1].kept is not None:
        return rs[-1]
    return None


def player_problem(s: State, p: int) -> _Problem:
    if not 0 <= p < len(s.players):
        return INVALID_PLAYER, f"there is no player {p}"
    if p in s.departed:
        return PLAYER_LEFT, f"player {p} has left the game"
    return None


def problem(s: State, a: Any) -> _Problem:
    """Why ``a`` (well typed, past the shared checks) is illegal in ``s``, as ``(code,
    message)``; ``None`` when it is legal."""
    if isinstance(a, DealSheet):
        if s.phase != Phase.DEAL:
            return NOT_CHANCE_NODE, "the sheets have been dealt"
        if a.number not in remaining_sheets(s):
            return "unknown_sheet", f"sheet {a.number} is not one of the sheets still to deal"
        return None
    if isinstance(a, Reveal):
        if s.phase == Phase.DEAL:
            return "wrong_phase", "the sheets are dealt before the first category is revealed"
        if a.side not in SIDES or not 1 <= a.card <= CARDS:
            return "unknown_card", f"there is no category card {short_repr(str(a))}"
        if a.card in {c for c, _ in s.drawn}:
            return "card_already_drawn", f"card {a.card} was already revealed"
        return None
    if isinstance(a, TimeUp):
        if s.phase == Phase.SEARCH and s.timer == Timer.OFF:
            return "timer_not_running", "no countdown has been started"
        if s.phase != Phase.SEARCH or s.timer != Timer.RUNNING:
            return TIMER_STOPPED, "the time is already up or the search has ended"
        return None
    p = a.player
    if not 0 <= p < len(s.players) or p in s.departed:
        return player_problem(s, p)
    if isinstance(a, Resign):
        if s.phase == Phase.DEAL:
            return CHANCE_PENDING, "the sheets are being dealt: leave once they are dealt"
        return None
    if isinstance(a, Vote):
        return vote_problem(s, p, a)
    if isinstance(a, Challenge):
        return challenge_problem(s, p, a)
    if s.phase != Phase.SEARCH:
        return "wrong_phase", "words are found during the search"
    entry = s.entries[p]
    if entry is not None and entry.done:
        return "already_finished", f"player {p} has finished this round"
    if isinstance(a, Pass):
        return None
    if isinstance(a, Erase):
        if entry is None and old_marks(s, p) is None:
            return "nothing_to_erase", f"player {p} has no marks that may be erased"
        return None
    if isinstance(a, Connect):
        if entry is None:
            return "not_circled", "circle the letters before connecting them"
        if not entry.marks.spells(s.sheets[p].letters):
            return (
                "circles_do_not_spell_word",
                f"the letters circled do not spell {entry.marks.word}: they cannot be"
                " connected (pass: the round scores 0)",
            )
        return placement_problem(s, p, entry.marks.word, a.path, a.circles, entry)
    if entry is not None:
        return "already_circled", f"player {p} has circled letters already: connect them"
    if s.timer == Timer.UP:
        return "time_up", "the time is up: no more letters may be circled"
    if isinstance(a, Place):
        return placement_problem(s, p, a.word, a.path, a.circles, None)
    return circle_problem(s, p, a)


def vote_problem(s: State, p: int, a: Vote) -> _Problem:
    if s.phase != Phase.REVIEW:
        return "wrong_phase", "votes are cast in the review"
    if not 0 <= a.author < len(s.players):
        return INVALID_PLAYER, f"there is no player {a.author}"
    if a.author == p:
        return "own_word", "players do not vote on their own word"
    e = s.entries[a.author]
    if e is None or e.status != Status.PLACED:
        return "no_word", f"player {a.author} has no word to review"
    if s.rules.review == "challenge" and a.author not in challenged(s.entries, s.challenges):
        return "not_challenged", f"player {a.author}'s word was not challenged: it stands"
    if any(v == p and au == a.author for v, au, _ in s.votes):
        return "already_voted", f"player {p} already voted on player {a.author}'s word"
    return None


def challenge_problem(s: State, p: int, a: Challenge) -> _Problem:
    if s.phase != Phase.CHALLENGE:
        return "wrong_phase", "words are challenged after the search"
    if any(c == p for c, _ in s.challenges):
        return "already_decided", f"player {p} has already made their challenges"
    authors = a.authors
    if list(authors) != sorted(set(authors)):
        return "bad_challenge", "challenged players must be distinct and increasing"
    for x in authors:
        if not 0 <= x < len(s.players):
            return INVALID_PLAYER, f"there is no player {x}"
        if x == p:
            return "own_word", "players do not challenge their own word"
        e = s.entries[x]
        if e is None or e.status != Status.PLACED:
            return "no_word", f"player {x} has no word to challenge"
    if p not in s.players_to_act:
        return "no_word", f"there is no other player's word for player {p} to challenge"
    return None


def cells_of(s: State, p: int, cells: tuple[tuple[int, int], ...]) -> tuple[int, ...] | None:
    sheet = s.sheets[p]
    rows, cols = sheet.rows, sheet.cols
    if len(cells) > rows * cols:
        return None
    out = []
    for r, c in cells:
        if not (0 <= r < rows and 0 <= c < cols):
            return None
        out.append(r * cols + c)
    return tuple(out)


def word_problem(s: State, p: int, word: str) -> _Problem:
    if not word or not word.isascii() or not word.isupper() or not word.isalpha():
        return "bad_word", f"the word {short_repr(word)} must be letters A-Z (write Ä as AE)"
    if len(word) < s.rules.min_word_length:
        return "word_too_short", f"words need {s.rules.min_word_length} letters or more"
    sheet = s.sheets[p]
    if len(word) > sheet.rows * sheet.cols:
        return "word_too_long", "the word has more letters than the sheet has cells"
    return None


def placement_problem(
    s: State,
    p: int,
    word: str,
    path: tuple[tuple[int, int], ...],
    circles: tuple[int, ...],
    entry: Entry | None,
) -> _Problem:
    problem = word_problem(s, p, word)
    if problem is not None:
        return problem
    cells = cells_of(s, p, path)
    if cells is None:
        return "off_grid", "the line leaves the sheet"
    placement = Placement(word, cells, circles)
    grid = s.base_grid(p)
    problem = check_placement(grid, placement, lines_may_cross=s.rules.lines_may_cross)
    if problem is not None:
        return problem
    if entry is not None and set(placement.circled_cells) != set(entry.marks.path):
        return "circles_changed", "the line must connect exactly the letters circled"
    return None


def circle_problem(s: State, p: int, a: Circle) -> _Problem:
    problem = word_problem(s, p, a.word)
    if problem is not None:
        return problem
    cells = cells_of(s, p, a.cells)
    if cells is None:
        return "off_grid", "a circled cell is off the sheet"
    if len(set(cells)) != len(cells) or list(cells) != sorted(cells):
        return "bad_circles", "circled cells must be distinct and in reading order"
    # the rulebook accepts too few / too many / other letters (they score 0); the flag
    # refuses them up front, as a frontend may
    strict = s.rules.reject_malformed_circles
    if strict and len(cells) < len(a.word):
        return "too_few_circles", f"{len(cells)} letters circled for {a.word}"
    if strict and len(cells) > len(a.word):
        return "too_many_circles", f"{len(cells)} letters circled for {a.word}"
    if not cells:
        return "no_circles", "circle at least one letter (or pass)"
    grid = s.base_grid(p)
    for c in cells:
        if not grid.is_free(c):
            return "cell_used", f"{cell_text(divmod(c, grid.cols))} is already used"
    if strict and Counter(grid.letters[c] for c in cells) != Counter(a.word):
        return "letter_mismatch", f"the circled letters do not spell {a.word}"
    return None


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
