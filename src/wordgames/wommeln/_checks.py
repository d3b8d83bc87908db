"""The invariants of a Wömmeln state built from untrusted data (``State.from_dict``), and the
two rules facts they share with the transitions."""

from __future__ import annotations

from typing import TYPE_CHECKING

from wordgames._core.errors import InvalidStateError, short_repr
from wordgames.wommeln._legal import builtin_number
from wordgames.wommeln.categories import CARDS
from wordgames.wommeln.engine import GridState, check_placement
from wordgames.wommeln.marks import PASSED, Entry, Marks, RoundResult, challenged, to_act
from wordgames.wommeln.phases import Phase, Status, Timer
from wordgames.wommeln.rules import Rules
from wordgames.wommeln.sheets import Sheet, builtin_sheet

if TYPE_CHECKING:
    from wordgames.wommeln.state import State


def ended_by_leaving(num_players: int, departed: tuple[int, ...]) -> bool:
    remaining = num_players - len(departed)
    return remaining == 0 or (num_players > 1 and remaining < 2)


def countdown(rules: Rules, num_players: int, round_no: int) -> int | None:
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


def check_invariants(s: State) -> None:
    """Every invariant of a state built from untrusted data."""
    n = s.num_players
    if len({sh.id for sh in s.sheets}) != len(s.sheets):
        raise _bad("every player needs a different sheet")
    if s.phase == Phase.DEAL:
        _check_deal(s)
        return
    if len(s.sheets) != n:
        raise _bad("one sheet per player")
    finished = _check_rounds(s)
    in_round = s.phase in ("search", "challenge", "review")
    for p, (sheet, rs) in enumerate(zip(s.sheets, s.results, strict=True)):
        if len(rs) != finished:
            raise _bad(f"player {p} has {len(rs)} results after {finished} rounds")
        grid = _check_results(s.rules, p, sheet.grid, rs)
        e = s.entries[p]
        if in_round and p in s.departed and e != PASSED:
            raise _bad(f"player {p} left the game but has marks this round")
        if not in_round:
            if e is not None:
                raise _bad("entries exist only during a round")
        elif e is None:
            if s.phase != Phase.SEARCH or s.timer == Timer.UP:
                raise _bad(f"player {p} has no entry after the search")
        else:
            _check_entry(s, p, e, sheet, grid)
    placed = [p for p, e in enumerate(s.entries) if e is not None and e.status == Status.PLACED]
    _check_timer(s, placed)
    _check_challenges(s, placed)
    _check_votes(s, placed)


def _check_deal(s: State) -> None:
    """A state at the deal: builtin sheets dealt to the first seats, nothing else happened."""
    if len(s.sheets) >= s.num_players:
        raise _bad("every seat has a sheet but the deal did not end")
    for sheet in s.sheets:
        number = builtin_number(s.rules, sheet.id)
        if number is None or sheet != builtin_sheet(
            number, language=s.rules.language, intensiv=s.rules.intensiv, size=s.rules.sheet_size
        ):
            raise _bad(f"sheet {short_repr(sheet.id)} is not a builtin sheet of the rules' set")
    if (
        s.drawn
        or any(s.results)
        or any(e is not None for e in s.entries)
        or s.votes
        or s.challenges
        or s.departed
        or s.timer != Timer.OFF
        or s.timer_starter is not None
    ):
        raise _bad("nothing happens before the sheets are dealt")
    if s.ply < len(s.sheets):
        raise _bad(f"ply {s.ply} is less than the sheets dealt")


def _check_rounds(s: State) -> int:
    """Check the phase against the cards drawn and the ply; return the finished rounds."""
    rules = s.rules
    cards = [c for c, _ in s.drawn]
    if len(set(cards)) != len(cards) or not all(1 <= c <= CARDS for c in cards):
        raise _bad("drawn cards must be distinct cards 1-30")
    rounds = len(s.drawn)
    if rounds > rules.num_rounds:
        raise _bad("more categories drawn than rounds")
    in_round = s.phase in ("search", "challenge", "review")
    if in_round and rounds == 0:
        raise _bad("a round is running but no category was revealed")
    ended = ended_by_leaving(s.num_players, s.departed)
    if ended and s.phase != Phase.OVER:
        raise _bad("too few players are left for the game to go on")
    if s.phase == Phase.OVER and not ended and rounds != rules.num_rounds:
        raise _bad("the game ended before the last round")
    if s.phase == Phase.REVEAL and rounds >= rules.num_rounds:
        raise _bad("a category is to be revealed after the last round")
    finished = rounds - 1 if in_round else rounds
    if s.phase == Phase.OVER and ended and s.results and len(s.results[0]) == rounds - 1:
        finished = rounds - 1  # the round in which the game ended was not scored
    if s.phase == Phase.OVER and ended and finished >= rules.num_rounds:
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
    if e.status == Status.PLACED and not (m.connected and m.word):
        raise _bad(f"{what}: a placed word must be connected")
    if e.status == Status.CIRCLED and (m.connected or not m.path):
        raise _bad(f"{what}: circled letters are not connected")
    if e.status == Status.CIRCLED and s.phase != Phase.SEARCH:
        raise _bad(f"{what}: unconnected letters after the search")
    if e.status == Status.CIRCLED and s.timer == Timer.UP and not m.spells(sheet.letters):
        raise _bad(f"{what}: circles that cannot be connected outlast the time")
    if e.status == Status.PASSED and (m.connected or (m.word == "") != (not m.path)):
        raise _bad(f"{what}: bad passed entry")
    _validate_marks(grid, m, s.rules, what)


def _check_timer(s: State, placed: list[int]) -> None:
    if s.phase == Phase.SEARCH:
        if all(e is not None and e.done for e in s.entries):
            raise _bad("the search is over but the round did not move on")
        if s.num_players == 1:
            limit = s.rules.solo_time_limit is not None
            if s.timer_starter is not None or (s.timer == Timer.OFF) == limit:
                raise _bad("solo timer inconsistent with solo_time_limit")
        else:
            if s.timer == Timer.OFF and placed:
                raise _bad("the first finished word starts the timer")
            if s.timer == Timer.OFF:
                if s.timer_starter is not None:
                    raise _bad("no timer runs but a starter is recorded")
            elif s.timer_starter not in placed and s.timer_starter not in s.departed:
                # a starter who left since keeps the countdown running
                raise _bad("the timer was started by a player with a finished word")
    elif s.timer != Timer.OFF or s.timer_starter is not None:
        raise _bad("a timer runs only during the search")


def _check_challenges(s: State, placed: list[int]) -> None:
    mode = s.rules.review
    if s.phase == Phase.CHALLENGE and not (mode == "challenge" and s.num_players > 1 and placed):
        raise _bad("no challenges in this situation")
    if mode != "challenge" or s.phase not in ("challenge", "review"):
        if s.challenges:
            raise _bad("challenges exist only after the search")
        return
    seen = set()
    for c, authors in s.challenges:
        if not 0 <= c < s.num_players or c in s.departed or c in seen:
            raise _bad(f"bad challenge by {short_repr(c)}")
        seen.add(c)
        if list(authors) != sorted(set(authors)) or not all(
            a in placed and a != c for a in authors
        ):
            raise _bad(f"player {c} challenged players without a word")
    if s.phase == Phase.CHALLENGE and not s.players_to_act:
        raise _bad("every challenge is made but the round did not move on")
    if s.phase == Phase.REVIEW and (
        to_act("challenge", s.entries, (), s.departed, s.challenges, mode)
        or not challenged(s.entries, s.challenges)
    ):
        raise _bad("a vote before every challenge is made, or on no challenged word")


def _check_votes(s: State, placed: list[int]) -> None:
    n = s.num_players
    if s.phase == Phase.REVIEW:
        if not (s.rules.review != "none" and n > 1 and placed):
            raise _bad("no review in this situation")
        if s.rules.review == "challenge":
            placed = [a for a in placed if a in challenged(s.entries, s.challenges)]
        expected = {(v, a) for a in placed for v in range(n) if v != a and v not in s.departed}
        seen = set()
        for v, a, _ in s.votes:
            if (v, a) not in expected or (v, a) in seen:
                raise _bad(f"bad vote by {short_repr(v)} on {short_repr(a)}")
            seen.add((v, a))
        if len(seen) == len(expected):
            raise _bad("all votes are in but the round was not scored")
    elif s.votes:
        raise _bad("votes exist only in the review")
