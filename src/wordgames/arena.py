"""Run many games between bots and read the result as a table.

```python
from wordgames import arena

if __name__ == "__main__":    # needed in a script: every worker process runs it again
    table = arena.run("regenwormen", ["ismcts:200:20", "regenwormen:OptimalTurnBot"], games=200)
    print(table)              # wins, draws, mean score difference, Elo with 95% intervals
    table.to_dict()           # the same, JSON-safe
```

Game ``i`` is played with ``random.Random`` seeded from ``(seed, i)`` alone, and the seats
rotate with ``i``, so the table is the same whatever the number of workers or the backend.
Games run in a process pool by default (``backend="process"``); ``backend="inline"`` or
``workers=1`` plays them in this process, and ``backend="ray"`` (the optional extra
``wordgames[ray]``) on a Ray cluster, local or at ``address``.
"""

from __future__ import annotations

import dis
import logging
import math
import multiprocessing
import os
import pickle
import random
import sys
import types
from collections.abc import Callable, Mapping, Sequence
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from concurrent.futures.process import BrokenProcessPool
from typing import Any

import attrs

from wordgames._core.bots import RandomBot
from wordgames._core.errors import WordgamesError, short_repr
from wordgames._core.ismcts import ISMCTSBot
from wordgames._core.protocols import Bot
from wordgames._core.record import Record, play
from wordgames._core.registry import GAME_INFOS, GAME_NAMES, GAMES

__all__ = [
    "BACKENDS",
    "ISMCTS_DEFAULTS",
    "ArenaResult",
    "EntrantStats",
    "ExtraNotInstalledError",
    "GameResult",
    "elo",
    "make_bot",
    "register_bot",
    "run",
    "wilson_interval",
]

BACKENDS = ("process", "inline", "ray")
"""The backends :func:`run` accepts."""


class ExtraNotInstalledError(WordgamesError, ImportError):
    """A backend whose optional extra is not installed (``backend="ray"`` without Ray); the
    message names the ``pip install`` command."""


_Z95 = 1.959963984540054  # the two-sided 95% normal quantile

BotFactory = Callable[[str, str | None], Bot]
_REGISTRY: dict[str, BotFactory] = {}


def register_bot(name: str, factory: BotFactory) -> None:
    """Make ``name`` (and ``name:ARGS``) a bot name for :func:`make_bot`.

    ``factory(args, game)`` gets the text after the first ``:`` (``""`` if none) and the
    arena's game name (``None`` if unknown) and returns a bot. Names are resolved in the
    calling process, so the bots (not the factories) must be picklable for process pools.
    """
    if not name or ":" in name:
        raise ValueError(f"a bot name is non-empty and has no ':', got {name!r}")
    _REGISTRY[name.lower()] = factory


def _random_factory(args: str, game: str | None) -> Bot:
    if args:
        raise ValueError(f"'random' takes no arguments, got {args!r}")
    return RandomBot()


ISMCTS_DEFAULTS: Mapping[str, tuple[int, int | None]] = {
    "regenwormen": (100, 20),
    "wocable": (16, 1),
    "wommeln": (8, 2),
    "wordmeld": (30, 0),
}
"""The ISMCTS budget that the name ``"ismcts"`` gives in each game, as (iterations, playout
depth): Wocable's and Wömmeln's move lists are slow, so few iterations and short playouts;
WordMeld's random playouts say little, so its search scores the position right after the
tree with the game's ``bots.evaluate`` (the hand-size race) and searches the actions of
its ``bots.candidates`` (a few dozen iterations among them are enough; its move lists are
slow). Without a game: ``ISMCTSBot()``. A game's bots module that defines
``evaluate(state)`` gives the cut-off value, one that defines ``candidates(view)`` the
actions searched."""


def _ismcts_factory(args: str, game: str | None) -> Bot:
    parts = args.split(":") if args else []
    if len(parts) > 2 or not all(p.isdigit() for p in parts):
        raise ValueError(f"ismcts takes ismcts[:ITERATIONS[:DEPTH]] (integers), got {args!r}")
    iterations, depth = ISMCTS_DEFAULTS.get(game or "", (200, None))
    if parts:
        iterations = int(parts[0])
    if len(parts) > 1:
        depth = int(parts[1])
    module = GAMES[game].bots if game and game in GAMES else None
    evaluate = getattr(module, "evaluate", None)
    candidates = getattr(module, "candidates", None)
    return ISMCTSBot(
        iterations=iterations, max_depth=depth, evaluate=evaluate, candidates=candidates
    )


register_bot("random", _random_factory)
register_bot("ismcts", _ismcts_factory)


def _game_bot(game: str, class_name: str) -> Bot:
    module = GAMES[game].bots
    names: Sequence[str] = getattr(module, "__all__", ())
    cls = getattr(module, class_name, None) if class_name in names else None
    if cls is None or not callable(getattr(cls, "choose", None)):
        bots = sorted(n for n in names if callable(getattr(getattr(module, n), "choose", None)))
        raise ValueError(f"{game} has no bot {class_name!r}; its bots: {', '.join(bots)}")
    bot: Bot = cls()
    return bot


def make_bot(spec: str | Bot, game: str | None = None) -> Bot:
    """A bot from a name, or ``spec`` itself if it is already a bot.

    Names: ``"random"``, ``"ismcts"``, ``"ismcts:ITERATIONS"``, ``"ismcts:ITERATIONS:DEPTH"``
    (what is not given comes from :data:`ISMCTS_DEFAULTS` for ``game``),
    a game's bot ``"regenwormen:OptimalTurnBot"`` (any class in ``GAME.bots`` with default
    arguments), the bare class name when ``game`` is given (``"OptimalTurnBot"``), any name
    added with :func:`register_bot`, and your own bot class (made with no arguments) as
    ``"module:Class"`` (any importable module, ``"mybots.greedy:Bot"``) or
    ``"path/to/file.py:Class"`` (the file is imported as a module named after it, its folder
    first on ``sys.path``). Raises ValueError for an unknown name.

    >>> make_bot("random")
    RandomBot()
    >>> make_bot("regenwormen:OptimalTurnBot")
    OptimalTurnBot(...)
    """
    if not isinstance(spec, str):
        if not callable(getattr(spec, "choose", None)):
            raise TypeError(f"a bot needs a choose(view, rng) method, got {spec!r}")
        return spec
    head, _, args = spec.rpartition(":") if _is_user_spec(spec) else spec.partition(":")
    if _is_user_spec(spec):
        return _user_bot(head, args, spec)
    key = head.lower()
    if key in _REGISTRY:
        return _REGISTRY[key](args, game)
    if key in GAME_NAMES and args:
        if game is not None and key != game:
            raise ValueError(f"bot {spec!r} is for {key}, but the game is {game}")
        return _game_bot(key, args)
    if game is not None and not args:
        return _game_bot(game, head)
    if args and "." not in head and head.isidentifier() and _importable(head):
        return _user_bot(head, args, spec)
    known = ", ".join(sorted(_REGISTRY))
    raise ValueError(
        f"unknown bot {spec!r}: use {known}, GAME:BotClass, or your own bot as "
        "module:Class or path/to/file.py:Class"
    )


def _is_user_spec(spec: str) -> bool:
    """``path/to/file.py:Class`` or ``package.module:Class`` (a dotted module)."""
    head = spec.rpartition(":")[0]
    return (
        head.endswith(".py")
        or "/" in head
        or "\\" in head
        or ("." in head and all(part.isidentifier() for part in head.split(".")))
    )


def _importable(name: str) -> bool:
    import importlib.util

    try:
        return importlib.util.find_spec(name) is not None
    except (ImportError, ValueError):
        return False


def _user_bot(where: str, class_name: str, spec: str) -> Bot:
    """The bot ``Class()`` of a module (``package.module``) or of a Python file, which is
    imported as a module named after the file, its folder put first on ``sys.path`` (so the
    class pickles by name and spawned workers, which get this ``sys.path``, import it too)."""
    import importlib

    if where.endswith(".py") or "/" in where or "\\" in where:
        path = os.path.abspath(where)
        if not where.endswith(".py") or not os.path.isfile(path):
            raise ValueError(f"bot {spec!r}: no Python file {where!r}")
        folder, module_name = os.path.split(path[: -len(".py")])
        if not module_name.isidentifier():
            raise ValueError(f"bot {spec!r}: {module_name!r} is not a module name")
        if folder not in sys.path:
            sys.path.insert(0, folder)
        where = module_name
    try:
        module = importlib.import_module(where)
    except ImportError as exc:
        raise ValueError(f"bot {spec!r}: cannot import {where!r}: {exc}") from None
    cls = getattr(module, class_name, None)
    if not isinstance(cls, type) or not callable(getattr(cls, "choose", None)):
        raise ValueError(
            f"bot {spec!r}: {where} has no class {class_name!r} with a choose(view, rng) method"
        )
    try:
        bot: Bot = cls()
    except TypeError as exc:
        raise ValueError(
            f"bot {spec!r}: {class_name}() needs no arguments to be named ({exc})"
        ) from None
    return bot


def _entrant_name(spec: str | Bot) -> str:
    return spec if isinstance(spec, str) else type(spec).__name__


@attrs.frozen
class GameResult:
    """One arena game: its ``index`` and ``seed`` (text seeding ``random.Random``), which
    entrant sat in each seat (``seats[p]`` is an index into the entrants), the outcome's
    ``scores``, ``ranking`` and ``reason`` by seat, the number of actions, and the ``record``
    when it was asked for."""

    index: int
    seed: str
    seats: tuple[int, ...]
    scores: tuple[int, ...]
    ranking: tuple[int, ...]
    reason: str
    actions: int
    record: Record[Any] | None = attrs.field(default=None, eq=False, repr=False)

    def place_of(self, entrant: int) -> int:
        """The place (1 = first) the entrant took in this game."""
        return self.ranking[self.seats.index(entrant)]

    def score_of(self, entrant: int) -> int:
        """The entrant's final score in this game."""
        return self.scores[self.seats.index(entrant)]

    def to_dict(self) -> dict[str, Any]:
        """JSON-safe (the record, if any, under ``"record"``)."""
        out: dict[str, Any] = {
            "index": self.index,
            "seed": self.seed,
            "seats": list(self.seats),
            "scores": list(self.scores),
            "ranking": list(self.ranking),
            "reason": self.reason,
            "actions": self.actions,
        }
        if self.record is not None:
            out["record"] = self.record.to_dict()
        return out


def wilson_interval(successes: float, n: int, z: float = _Z95) -> tuple[float, float]:
    """The Wilson score interval of a proportion (``successes`` may count draws as 0.5);
    ``(0.0, 1.0)`` when ``n`` is 0."""
    if n <= 0:
        return (0.0, 1.0)
    p = successes / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    lo = 0.0 if successes <= 0 else max(0.0, centre - half)
    hi = 1.0 if successes >= n else min(1.0, centre + half)
    return (lo, hi)


def elo(score: float) -> float:
    """The Elo difference that predicts an expected ``score`` in ``[0, 1]``
    (``±inf`` at 0 and 1)."""
    if score <= 0.0:
        return -math.inf
    if score >= 1.0:
        return math.inf
    return 400.0 * math.log10(score / (1.0 - score))


@attrs.frozen
class EntrantStats:
    """One entrant's line of the table.

    ``wins`` are games won alone, ``draws`` games where first place was shared. ``score`` is
    the share of pairwise encounters won (every other player in every game is one encounter,
    a shared place half), with its Wilson 95% interval; ``elo`` is the Elo difference to the
    other entrants that this score implies, its interval the interval's image.
    ``mean_score_diff`` is the mean of the entrant's score minus the mean of its opponents'.
    """

    name: str
    games: int
    wins: int
    draws: int
    losses: int
    score: float
    score_interval: tuple[float, float]
    mean_score_diff: float
    elo: float
    elo_interval: tuple[float, float]

    def to_dict(self) -> dict[str, Any]:
        """JSON-safe (infinite Elo values become the strings ``"inf"``/``"-inf"``)."""

        def num(x: float) -> float | str:
            return x if math.isfinite(x) else ("inf" if x > 0 else "-inf")

        return {
            "name": self.name,
            "games": self.games,
            "wins": self.wins,
            "draws": self.draws,
            "losses": self.losses,
            "score": self.score,
            "score_interval": list(self.score_interval),
            "mean_score_diff": self.mean_score_diff,
            "elo": num(self.elo),
            "elo_interval": [num(x) for x in self.elo_interval],
        }


def _stats(name: str, entrant: int, results: Sequence[GameResult]) -> EntrantStats:
    wins = draws = losses = 0
    encounters = 0
    points = 0.0
    diff = 0.0
    for r in results:
        seat = r.seats.index(entrant)
        mine = r.ranking[seat]
        firsts = sum(1 for place in r.ranking if place == 1)
        if mine == 1 and firsts == 1:
            wins += 1
        elif mine == 1:
            draws += 1
        else:
            losses += 1
        others = [p for p in range(len(r.seats)) if p != seat]
        for p in others:
            encounters += 1
            points += 1.0 if mine < r.ranking[p] else 0.5 if mine == r.ranking[p] else 0.0
        if others:
            diff += r.scores[seat] - sum(r.scores[p] for p in others) / len(others)
    score = points / encounters if encounters else 0.5
    lo, hi = wilson_interval(points, encounters)
    return EntrantStats(
        name=name,
        games=len(results),
        wins=wins,
        draws=draws,
        losses=losses,
        score=score,
        score_interval=(lo, hi),
        mean_score_diff=diff / len(results) if results else 0.0,
        elo=elo(score),
        elo_interval=(elo(lo), elo(hi)),
    )


def _signed(x: float, digits: int = 0) -> str:
    if math.isinf(x):
        return "+inf" if x > 0 else "-inf"
    text = f"{x:+.{digits}f}"
    return "+" + text[1:] if text.startswith("-") and float(text) == 0 else text


@attrs.frozen
class ArenaResult:
    """The result of :func:`run`: the ``game``, the ``entrants``' names, the ``seed`` and every
    game's :class:`GameResult` in order. ``rows`` is the table; ``str()`` prints it."""

    game: str
    entrants: tuple[str, ...]
    seed: int | str
    results: tuple[GameResult, ...]

    @property
    def rows(self) -> tuple[EntrantStats, ...]:
        """One :class:`EntrantStats` per entrant, in the entrants' order."""
        return tuple(_stats(n, i, self.results) for i, n in enumerate(self.entrants))

    @property
    def records(self) -> tuple[Record[Any], ...]:
        """The games' records (run with ``records=True``; empty otherwise)."""
        return tuple(r.record for r in self.results if r.record is not None)

    def to_dict(self, *, games: bool = False) -> dict[str, Any]:
        """JSON-safe: the table (and every game's result with ``games=True``)."""
        out: dict[str, Any] = {
            "game": self.game,
            "entrants": list(self.entrants),
            "seed": self.seed,
            "games": len(self.results),
            "table": [row.to_dict() for row in self.rows],
        }
        if games:
            out["results"] = [r.to_dict() for r in self.results]
        return out

    def __str__(self) -> str:
        players = len(self.results[0].seats) if self.results else len(self.entrants)
        head = (
            f"{self.game}: {len(self.results)} games, {players} players a game, seed {self.seed!r}"
        )
        columns: tuple[str, ...] = ("bot", "games", "wins", "draws", "losses", "score", "95% CI")
        columns += ("mean diff", "Elo", "Elo 95% CI")
        lines: list[tuple[str, ...]] = [columns]
        for row in self.rows:
            lo, hi = row.score_interval
            elo_lo, elo_hi = row.elo_interval
            lines.append(
                (
                    row.name,
                    str(row.games),
                    str(row.wins),
                    str(row.draws),
                    str(row.losses),
                    f"{100 * row.score:.1f}%",
                    f"{100 * lo:.1f}-{100 * hi:.1f}%",
                    _signed(row.mean_score_diff, 2),
                    _signed(row.elo),
                    f"{_signed(elo_lo)} .. {_signed(elo_hi)}",
                )
            )
        widths = [max(len(line[i]) for line in lines) for i in range(len(columns))]
        text = [head]
        for k, line in enumerate(lines):
            cells = [
                cell.ljust(widths[i]) if i == 0 else cell.rjust(widths[i])
                for i, cell in enumerate(line)
            ]
            text.append("  ".join(cells).rstrip())
            if k == 0:
                text.append("  ".join("-" * w for w in widths))
        return "\n".join(text)


@attrs.frozen
class _Task:
    game: str
    game_options: Mapping[str, Any]
    bots: tuple[Bot, ...]  # one per seat
    seats: tuple[int, ...]
    index: int
    seed: str
    keep_record: bool


def _play(task: _Task) -> GameResult:
    state = GAMES[task.game].new_game(len(task.bots), **task.game_options)
    record = play(state, list(task.bots), random.Random(task.seed))
    final = record.replay()
    outcome = final.outcome
    if outcome is None:  # pragma: no cover - play runs to the end
        raise RuntimeError(f"{task.game} game {task.index} did not finish")
    return GameResult(
        index=task.index,
        seed=task.seed,
        seats=task.seats,
        scores=tuple(outcome.scores),
        ranking=tuple(outcome.ranking),
        reason=outcome.reason,
        actions=len(record.actions),
        record=record if task.keep_record else None,
    )


Progress = Callable[[int, int], None]


def _run_inline(
    tasks: Sequence[_Task], workers: int | None, progress: Progress | None, address: str | None
) -> list[GameResult]:
    out = []
    for k, task in enumerate(tasks):
        out.append(_play(task))
        if progress is not None:
            progress(k + 1, len(tasks))
    return out


_GUARD_ADVICE = (
    "the process pool starts its workers with 'spawn', and each worker runs the main script "
    "again: put the call under 'if __name__ == \"__main__\":' (or pass workers=1 or "
    "backend='inline')"
)


def _guarded_offsets(code: Any) -> list[tuple[int, int]]:
    """The bytecode ranges of ``code`` (a module's) under ``if __name__ == "__main__":``; a
    comparison of another shape counts as guarding the rest of the module (no false alarm)."""
    ranges: list[tuple[int, int]] = []
    window: list[Any] = []
    for ins in dis.get_instructions(code):
        window = [*window[-4:], ins]
        if not ins.opname.startswith("POP_JUMP") or "FALSE" not in ins.opname:
            continue
        names = [(i.opname, i.argval) for i in window[:-1]]
        loads = {("LOAD_NAME", "__name__"), ("LOAD_CONST", "__main__")}
        if not loads <= set(names):
            continue
        compare = [i for i in window if i.opname == "COMPARE_OP"]
        if compare and "==" in compare[-1].argrepr and ins.argval > ins.offset:
            ranges.append((ins.offset, ins.argval))
        else:
            ranges.append((ins.offset, sys.maxsize))
    return ranges


def _unguarded_line() -> int | None:
    """The line of the main script's top-level code that called :func:`run` if that line is
    not under ``if __name__ == "__main__":`` and a spawned worker would run it again."""
    main = sys.modules.get("__main__")
    if main is None or getattr(main, "__file__", None) is None:
        return None  # an interactive session or ``-c``: workers do not run it again
    spec = getattr(main, "__spec__", None)
    if spec is not None and spec.name.split(".")[-1] == "__main__":
        return None  # ``python -m package``: multiprocessing does not run it again
    frame: types.FrameType | None = sys._getframe(1)
    while frame is not None:
        if frame.f_globals is main.__dict__ and frame.f_code.co_name == "<module>":
            break
        frame = frame.f_back
    if frame is None:
        return None
    offset = frame.f_lasti
    if any(lo < offset < hi for lo, hi in _guarded_offsets(frame.f_code)):
        return None
    return frame.f_lineno


def _check_can_spawn(tasks: Sequence[_Task]) -> None:
    """Stop before any worker starts when the pool could not work: an unguarded main script
    (each worker would run it again), a bot or option that does not pickle, a bot class
    defined in an interactive session (workers cannot import it)."""
    if multiprocessing.parent_process() is not None and getattr(
        multiprocessing.current_process(), "_inheriting", False
    ):
        raise WordgamesError(f"arena.run was called while a worker started: {_GUARD_ADVICE}")
    line = _unguarded_line()
    if line is not None:
        main_file = getattr(sys.modules["__main__"], "__file__", "the main script")
        raise WordgamesError(
            f"arena.run is called at {main_file}:{line}, outside 'if __name__ == \"__main__\":'; "
            + _GUARD_ADVICE
        )
    scripted = getattr(sys.modules.get("__main__"), "__file__", None) is not None
    for bot in tasks[0].bots:
        if type(bot).__module__ == "__main__" and not scripted:
            raise WordgamesError(
                f"bot {type(bot).__name__} is defined in an interactive session, which the "
                "process pool's workers cannot import: define it in a module (a .py file), "
                "or pass workers=1 or backend='inline'"
            )
        try:
            pickle.dumps(bot)
        except Exception as exc:
            raise WordgamesError(
                f"bot {short_repr(bot)} cannot be sent to a worker process ({exc}): "
                "make it picklable (a module-level class, no lambdas or open files), or "
                "pass workers=1 or backend='inline'"
            ) from None
    try:
        pickle.dumps(dict(tasks[0].game_options))
    except Exception as exc:
        raise WordgamesError(
            f"game_options cannot be sent to a worker process ({exc}); pass workers=1 or "
            "backend='inline'"
        ) from None


def _run_process(
    tasks: Sequence[_Task], workers: int | None, progress: Progress | None, address: str | None
) -> list[GameResult]:
    if (workers is None or workers > 1) and len(tasks) > 1:
        _check_can_spawn(tasks)  # on every machine, not only on those with several CPUs
    workers = (os.cpu_count() or 1) if workers is None else workers
    if workers <= 1 or len(tasks) <= 1:
        return _run_inline(tasks, workers, progress, address)
    try:
        return _run_pool(tasks, workers, progress)
    except BrokenProcessPool:
        raise WordgamesError(
            f"a worker process of the arena died before it finished its games; if it printed "
            f"an error about starting processes, {_GUARD_ADVICE}"
        ) from None


def _run_pool(tasks: Sequence[_Task], workers: int, progress: Progress | None) -> list[GameResult]:
    done: dict[int, GameResult] = {}
    # spawn, not fork: forking a process that runs threads can deadlock (Python 3.12+ warns),
    # and spawn is what macOS and Windows use anyway
    context = multiprocessing.get_context("spawn")
    with ProcessPoolExecutor(max_workers=min(workers, len(tasks)), mp_context=context) as pool:
        pending: set[Future[GameResult]] = {pool.submit(_play, t) for t in tasks}
        while pending:
            finished, pending = wait(pending, return_when=FIRST_COMPLETED)
            for future in finished:
                result = future.result()
                done[result.index] = result
                if progress is not None:
                    progress(len(done), len(tasks))
    return [done[t.index] for t in tasks]


def _import_ray() -> Any:
    try:
        import ray
    except ImportError:
        raise ExtraNotInstalledError(
            "backend='ray' needs Ray, the optional extra: pip install 'wordgames[ray]'"
        ) from None
    return ray


def _run_ray(
    tasks: Sequence[_Task], workers: int | None, progress: Progress | None, address: str | None
) -> list[GameResult]:
    ray = _import_ray()
    if not ray.is_initialized():
        # address None starts a local Ray (or joins the one RAY_ADDRESS names); Ray stays up
        # for the next call and stops when the interpreter exits (or at ray.shutdown())
        ray.init(address=address, include_dashboard=False, logging_level=logging.WARNING)
    remote_play = ray.remote(num_cpus=1, max_retries=2)(_play)
    limit = len(tasks) if workers is None else max(1, workers)  # games in flight at once
    done: dict[int, GameResult] = {}
    queue = list(reversed(tasks))
    pending: list[Any] = []
    while queue or pending:
        while queue and len(pending) < limit:
            pending.append(remote_play.remote(queue.pop()))
        finished, pending = ray.wait(pending, num_returns=1)
        for ref in finished:
            result: GameResult = ray.get(ref)
            done[result.index] = result
            if progress is not None:
                progress(len(done), len(tasks))
    return [done[t.index] for t in tasks]


_Backend = Callable[[Sequence[_Task], int | None, Progress | None, str | None], list[GameResult]]
_BACKENDS: dict[str, _Backend] = {
    "process": _run_process,
    "inline": _run_inline,
    "ray": _run_ray,
}


def run(
    game: str,
    bots: Sequence[str | Bot],
    games: int = 100,
    *,
    seed: int | str = 0,
    workers: int | None = None,
    backend: str = "process",
    address: str | None = None,
    rotate: bool = True,
    names: Sequence[str] | None = None,
    game_options: Mapping[str, Any] | None = None,
    records: bool = False,
    progress: Progress | None = None,
) -> ArenaResult:
    """Play ``games`` games of ``game`` (a registry name) between ``bots``, one per seat.

    - ``bots``: bot objects or names (see :func:`make_bot`); their number is the number of
      players. Bots should be stateless (frozen), as every game gets a fresh copy in a worker.
    - ``seed``: game ``i`` is played with ``random.Random(f"{seed}:{i}")`` (chance and every
      bot's choices), so the result does not depend on ``workers`` or ``backend``.
    - ``rotate``: in game ``i`` seat ``s`` is taken by entrant ``(s + i) % n``, so everyone
      sits in every seat equally often when ``games`` is a multiple of ``n``.
    - ``workers``: processes (default: the machine's CPU count); ``1`` plays in this process.
      With Ray: the most games in flight at once (default: all, Ray schedules them).
    - ``backend``: ``"process"`` (default), ``"inline"`` or ``"ray"`` (the extra
      ``wordgames[ray]``; :class:`ExtraNotInstalledError` without it). Ray is used as it is
      when already initialised, else started with ``ray.init(address=address)``.
    - ``address``: the Ray cluster to join (``"auto"``, ``"ray://host:10001"``); ``None``
      starts a local Ray. Only with ``backend="ray"``.
    - ``game_options``: keyword arguments for the game's ``new_game`` (picklable).
    - ``records``: keep every game's :class:`~wordgames.Record` (``result.records``).
    - ``progress``: called as ``progress(games_done, games)`` after each game, in this process.

    >>> from wordgames import arena
    >>> table = arena.run("regenwormen", ["regenwormen:OptimalTurnBot", "random"], 4,
    ...                   backend="inline")
    >>> tuple((row.name, row.games) for row in table.rows)
    (('regenwormen:OptimalTurnBot', 4), ('random', 4))
    """
    if not isinstance(game, str) or game not in GAME_NAMES:
        raise ValueError(f"unknown game {short_repr(game)}; games: {', '.join(GAME_NAMES)}")
    if not isinstance(backend, str) or backend not in _BACKENDS:
        raise ValueError(f"unknown backend {short_repr(backend)}; backends: {', '.join(BACKENDS)}")
    if address is not None and backend != "ray":
        raise ValueError(f"address is for backend='ray', not {backend!r}")
    if type(games) is not int:
        raise TypeError(f"games must be an int (the number of games), got {short_repr(games)}")
    if games < 0:
        raise ValueError(f"games must be >= 0, got {games}")
    if workers is not None and (type(workers) is not int or workers < 1):
        raise ValueError(f"workers must be an int >= 1 or None, got {short_repr(workers)}")
    if type(seed) not in (int, str):
        raise TypeError(f"seed must be an int or a str, got {short_repr(seed)}")
    if isinstance(bots, (str, bytes)) or not isinstance(bots, Sequence):
        raise TypeError(f"bots must be a list of bots or bot names, got {short_repr(bots)}")
    if not bots:
        raise ValueError("give at least one bot")
    if game_options is not None and not isinstance(game_options, Mapping):
        raise TypeError(
            f"game_options must be a dict of new_game keywords, got {short_repr(game_options)}"
        )
    if progress is not None and not callable(progress):
        raise TypeError(
            f"progress must be callable as progress(done, total), got {short_repr(progress)}"
        )
    entrants = tuple(make_bot(b, game) for b in bots)
    labels = tuple(names) if names is not None else _labels(bots)
    if len(labels) != len(entrants):
        raise ValueError(f"{len(entrants)} bots but {len(labels)} names")
    n = len(entrants)
    options = dict(game_options or {})
    info = GAME_INFOS[game]
    if "rules" not in options and not info.min_players <= n <= info.max_players:
        # (a variant's rules may allow other counts: then new_game decides)
        raise ValueError(
            f"{info.title} takes {info.min_players}-{info.max_players} players (one bot a "
            f"seat), got {n}"
        )
    try:  # a setup that cannot be played is refused here, not in every worker
        GAMES[game].new_game(n, **options)
    except TypeError as exc:
        raise TypeError(f"game_options: {exc}") from None
    tasks = []
    for i in range(games):
        seats = tuple((s + i) % n for s in range(n)) if rotate else tuple(range(n))
        tasks.append(
            _Task(
                game, options, tuple(entrants[e] for e in seats), seats, i, f"{seed}:{i}", records
            )
        )
    if backend == "ray":
        _import_ray()  # the missing extra is reported before any work
    results = _BACKENDS[backend](tasks, workers, progress, address)
    return ArenaResult(game, labels, seed, tuple(results))


def _labels(bots: Sequence[str | Bot]) -> tuple[str, ...]:
    names = [_entrant_name(b) for b in bots]
    out = []
    for i, name in enumerate(names):
        count = names[:i].count(name)
        out.append(name if names.count(name) == 1 else f"{name}#{count + 1}")
    return tuple(out)
