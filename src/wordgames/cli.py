"""The ``wordgames`` command line (``python -m wordgames`` or the ``wordgames`` script).

- ``wordgames arena GAME BOT BOT... [--games N] [--workers W] [--seed S] [--backend B]``: a
  bot tournament (:mod:`wordgames.arena`) with a progress bar and the final table.
- ``wordgames play GAME [BOT...] [--seed S]``: one bot-vs-bot game shown as text;
  ``--human SEAT --bot NAME``: play it yourself against bots, typing actions.
- ``wordgames gcg check FILE... [--strict]``: each file's issues as ``FILE:LINE: CODE:
  MESSAGE`` and its turns and scores; ``gcg fix FILE [-o OUT]``: the repaired file;
  ``gcg convert FILE --to json|gcg``.
- ``wordgames anagram RACK [--sub]``: anagrams from the English builtin lexicon.
- ``wordgames solve regenwormen``: the exact single-turn solver.
- ``wordgames bots [GAME]``: the bot names the other commands accept.
- ``wordgames analyze FILE [--json] [--svg OUT] [--budget SECONDS]``: where each player of a
  recorded game (a record's JSON or a Wocable GCG file) lost, turn by turn
  (:mod:`wordgames.analysis`).

Players are numbered from 0 everywhere a person reads or types, as in the notation, the JSON
and the API: seat 0 moves first, ``--human 0`` plays it, it is shown as ``P0`` and typed as
``resign 0``. Every argument is checked before any game starts.

This module (with :mod:`wordgames._interactive`, which it calls for ``play --human``) is the
only place in the library that prints (to the streams handed to :func:`main`, progress and
errors to stderr); it uses argparse only.
"""

from __future__ import annotations

import argparse
import random
import sys
from collections.abc import Sequence
from typing import Any, TextIO

from wordgames import arena
from wordgames._core.record import play
from wordgames._core.registry import GAME_INFOS, GAME_NAMES, GAMES, CliOptions
from wordgames._interactive import bust_note, end_line

__all__ = ["main"]


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="wordgames",
        description="Rules engines for Wocable, Wömmeln, WordMeld and Regenwormen: bot "
        "tournaments, games shown as text, anagrams and the Regenwormen turn solver.",
        epilog="Bot names: random, ismcts[:ITERATIONS[:DEPTH]], a game's bot class such as "
        "OptimalTurnBot, or your own as module:Class or path/to/file.py:Class (run 'wordgames "
        "bots GAME' to list them). Seats are numbered from 0, as in the notation.",
    )
    from wordgames import __version__

    parser.add_argument("--version", action="version", version=f"wordgames {__version__}")
    sub = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")

    p = sub.add_parser("arena", help="play many games between bots and print the table")
    p.add_argument("game", choices=GAME_NAMES)
    p.add_argument("bots", nargs="+", metavar="BOT", help="one bot per seat (2 or more)")
    p.add_argument("-n", "--games", type=_positive, default=100, help="games to play (default 100)")
    p.add_argument(
        "-w", "--workers", type=_positive, default=None, help="processes (default: every CPU)"
    )
    p.add_argument("-s", "--seed", default="0", help="the seed of the whole run (default 0)")
    p.add_argument("--no-rotate", action="store_true", help="keep every bot in its seat")
    p.add_argument(
        "-b",
        "--backend",
        choices=arena.BACKENDS,
        default="process",
        help="where the games run (default process; ray needs wordgames[ray])",
    )
    p.add_argument(
        "--address", help="with --backend ray: the cluster to join (default: a local Ray)"
    )
    p.add_argument("--json", action="store_true", help="print the table as JSON")
    p.add_argument("-q", "--quiet", action="store_true", help="no progress on stderr")
    _rules_options(p)

    p = sub.add_parser("play", help="play one game between bots and show it as text")
    p.add_argument("game", choices=GAME_NAMES)
    p.add_argument(
        "bots", nargs="*", metavar="BOT", help="one bot per seat (default: two random bots)"
    )
    p.add_argument("-s", "--seed", default="0", help="the game's seed (default 0)")
    p.add_argument(
        "--every-action",
        action="store_true",
        help="show the state after every action, not only at the end of each turn",
    )
    p.add_argument(
        "--human",
        type=_seat,
        metavar="SEAT",
        help="play seat SEAT (0 = first) yourself: type actions, '?' lists them, 'quit' resigns",
    )
    p.add_argument(
        "--bot",
        action="append",
        default=[],
        metavar="NAME",
        help="with --human: an opponent (repeat for more; default one random bot)",
    )
    _rules_options(p)

    p = sub.add_parser("gcg", help="check, repair or convert Wocable GCG files")
    gcg = p.add_subparsers(dest="action", required=True, metavar="ACTION")
    g = gcg.add_parser(
        "check",
        help="replay the files; print each issue as FILE:LINE: CODE: MESSAGE, then the "
        "turns and scores (exit 1 if a file cannot be loaded, or has issues with --strict)",
    )
    g.add_argument("files", nargs="+", metavar="FILE", help="GCG files ('-' reads stdin)")
    g.add_argument("--strict", action="store_true", help="a file with any issue fails")
    g = gcg.add_parser(
        "fix",
        help="write the repaired game as GCG (the repairs as #note lines; issues on stderr)",
    )
    g.add_argument("file", metavar="FILE", help="the GCG file ('-' reads stdin)")
    g.add_argument("-o", "--output", help="write here instead of stdout")
    g = gcg.add_parser("convert", help="write the game as a record (JSON) or canonical GCG")
    g.add_argument("file", help="the GCG file ('-' reads stdin)")
    g.add_argument("--to", choices=("json", "gcg"), default="json", help="default json")

    p = sub.add_parser("anagram", help="words from a rack (English builtin lexicon)")
    p.add_argument("rack", help="the letters; ? is a blank")
    p.add_argument("--sub", action="store_true", help="words using some of the letters")
    p.add_argument("--min-length", type=_positive, default=2, help="shortest word (default 2)")
    p.add_argument(
        "--lang", choices=("en", "es"), default="en", help="the builtin lexicon (default en)"
    )

    p = sub.add_parser("solve", help="exact solvers")
    solve = p.add_subparsers(dest="game", required=True, metavar="GAME")
    r = solve.add_parser("regenwormen", help="the exact single-turn solver")
    r.add_argument("--target", type=_positive, help="only the chance of reaching this total")
    r.add_argument(
        "--grill",
        help="face-up tiles, e.g. '21,22,30' (default: all 16) for the expected worms and advice",
    )
    r.add_argument("--kept", default="", help="dice set aside, e.g. 'w w 5' (for advice)")
    r.add_argument("--roll", help="the dice just rolled, e.g. '1 3 3 w 5' (for advice)")

    p = sub.add_parser("bots", help="list the bot names the arena and play accept")
    p.add_argument("game", nargs="?", choices=GAME_NAMES)
    _analyze_parser(sub)
    return parser


def _positive(text: str) -> int:
    """argparse type: an integer of at least 1."""
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not an integer: {text!r}") from None
    if value < 1:
        raise argparse.ArgumentTypeError(f"must be at least 1, got {value}")
    return value


def _seat(text: str) -> int:
    """argparse type: a seat number (0 = the first player)."""
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"a seat is a number from 0, got {text!r}") from None
    if value < 0:
        raise argparse.ArgumentTypeError(f"seats are numbered from 0, got {value}")
    return value


def _rules_options(p: argparse.ArgumentParser) -> None:
    p.add_argument(
        "--rules",
        metavar="JSON",
        help="the game's Rules as a JSON object (missing fields keep their defaults), e.g. "
        "'{\"allow_solo\": true}'",
    )
    p.add_argument(
        "--preset",
        help="Wocable: a rules preset (wocable, naspa, wespa); --rules fields change it",
    )
    p.add_argument(
        "--lang",
        choices=("en", "es", "de", "nl"),
        help="the language: Wocable's tile set and lexicon (en, es), Wömmeln's sheets and "
        "answers (de, en), WordMeld's deck and lexicon (en, de, es, nl)",
    )
    p.add_argument(
        "--lexicon",
        metavar="FILE",
        help="Wocable, WordMeld: a word list file (one word a line)",
    )


def _game_options(args: Any) -> dict[str, Any]:
    """``new_game`` keyword arguments from ``--rules``, ``--preset``, ``--lang`` and
    ``--lexicon``; ValueError for a bad value or an option the game does not have."""
    import json

    game = args.game
    cli = _cli_options(game)
    takes = {
        "preset": cli.presets,
        "lang": bool(cli.languages),
        "lexicon": cli.lexicon,
    }
    for option, given in takes.items():
        if getattr(args, option) is not None and not given:
            games = ", ".join(g for g in GAMES if getattr(_cli_options(g), _FIELDS[option]))
            raise ValueError(f"--{option} is an option of {games}, not of {game}")
    rules_cls = GAMES[game].Rules
    data: dict[str, Any] = {}
    if args.preset is not None:
        data = rules_cls.preset(args.preset).to_dict()
    language = args.lang or "en"
    if args.lang is not None and cli.language_field is not None:
        data[cli.language_field] = args.lang
    if args.rules is not None:
        try:
            given = json.loads(args.rules)
        except json.JSONDecodeError as exc:
            raise ValueError(f"--rules is not JSON: {exc}") from None
        if not isinstance(given, dict):
            raise ValueError("--rules is a JSON object of Rules fields")
        data.update(given)
    options: dict[str, Any] = {}
    if data:
        options["rules"] = rules_cls.from_dict(data)
    if args.lang is not None and cli.language_keyword:
        options["language"] = args.lang
    if args.lexicon is not None:
        from wordgames.lexicon import Lexicon

        if "rules" in options and cli.language_field is not None:
            language = getattr(options["rules"], cli.language_field)
        options["lexicon"] = Lexicon.from_file(args.lexicon, language=language)
    # a setup that cannot be played is refused now, before any game
    GAMES[game].new_game(GAME_INFOS[game].min_players, **options)
    return options


_FIELDS = {"preset": "presets", "lang": "languages", "lexicon": "lexicon"}


def _cli_options(game: str) -> CliOptions:
    """The game's ``info.CLI_OPTIONS`` (what the set-up options mean for it)."""
    import importlib

    options: CliOptions = importlib.import_module(f"wordgames.{game}.info").CLI_OPTIONS
    return options


def main(
    argv: Sequence[str] | None = None, *, out: TextIO | None = None, inp: TextIO | None = None
) -> int:
    """Run the command line with ``argv`` (default ``sys.argv[1:]``); returns the exit code.
    Output goes to ``out`` (default stdout), the progress bar and errors to stderr; ``play
    --human`` and ``gcg ... -`` read ``inp`` (default stdin)."""
    args = _parser().parse_args(argv)
    stdout = out if out is not None else sys.stdout
    stdin = inp if inp is not None else sys.stdin
    try:
        if args.command == "arena":
            return _arena(args, stdout)
        if args.command == "play" and args.human is not None:
            return _play_human(args, stdin, stdout)
        if args.command == "play":
            return _play(args, stdout)
        if args.command == "gcg":
            return _gcg(args, stdin, stdout)
        if args.command == "anagram":
            return _anagram(args, stdout)
        if args.command == "solve":
            return _solve_regenwormen(args, stdout)
        if args.command == "analyze":
            return _analyze(args, stdin, stdout)
        return _bots(args, stdout)
    except (ValueError, arena.ExtraNotInstalledError, OSError) as exc:
        # bad names and arguments, a missing extra, an unreadable file: one line, no traceback
        print(f"wordgames {args.command}: error: {exc}", file=sys.stderr)
        return 2


def _seed(text: str) -> int | str:
    return int(text) if text.lstrip("-").isdigit() else text


def _arena(args: Any, out: TextIO) -> int:
    if len(args.bots) < 2:
        raise ValueError("an arena needs at least two bots")
    if args.address is not None and args.backend != "ray":
        raise ValueError("--address is for --backend ray")
    options = _game_options(args)
    bots = [arena.make_bot(spec, args.game) for spec in args.bots]  # every name, before work
    bar = None if args.quiet else _Bar(sys.stderr, live=sys.stderr.isatty())
    result = arena.run(
        args.game,
        bots,
        args.games,
        names=_names(args.bots),
        game_options=options,
        seed=_seed(args.seed),
        workers=args.workers,
        backend=args.backend,
        address=args.address,
        rotate=not args.no_rotate,
        progress=bar,
    )
    if bar is not None:
        bar.close()
    if args.json:
        import json

        print(json.dumps(result.to_dict(), indent=2), file=out)
    else:
        print(result, file=out)
    return 0


class _Bar:
    """Progress on stderr: a bar redrawn in place on a terminal, else a line per tenth."""

    def __init__(self, stream: TextIO, *, live: bool, width: int = 30, what: str = "games") -> None:
        self.what = what
        self.stream = stream
        self.live = live
        self.width = width
        self.tenths = 0

    def __call__(self, done: int, total: int) -> None:
        if not self.live:
            tenths = 10 * done // total if total else 10
            if tenths > self.tenths:
                self.tenths = tenths
                self.stream.write(f"{done}/{total} {self.what}\n")
                self.stream.flush()
            return
        filled = self.width * done // total if total else self.width
        bar = "#" * filled + "." * (self.width - filled)
        self.stream.write(f"\r[{bar}] {done}/{total} {self.what}")
        self.stream.flush()

    def close(self) -> None:
        if self.live:
            self.stream.write("\n")
            self.stream.flush()


def _names(specs: Sequence[str]) -> list[str]:
    """Player names from bot names: distinct (``random#1``, ``random#2``) and short (a file or
    module bot by its class name)."""

    def user(spec: str) -> bool:
        head = spec.partition(":")[0].lower()
        return ":" in spec and head not in GAME_NAMES and head not in arena._REGISTRY

    short = [spec.rpartition(":")[2] if user(spec) else spec for spec in specs]
    return [name[:MAX_NAME] for name in arena._labels(short)]


MAX_NAME = 40


def _play(args: Any, out: TextIO) -> int:
    specs = args.bots or ["random", "random"]
    fewest = max(2, GAME_INFOS[args.game].min_players)  # a bot game has two seats at least
    if len(specs) < fewest:
        raise ValueError(f"give one bot per seat (at least {fewest})")
    options = _game_options(args)
    bots = [arena.make_bot(spec, args.game) for spec in specs]
    names = _names(specs)
    state = GAMES[args.game].new_game(names, **options)
    record = play(state, bots, random.Random(_seed(args.seed)))
    print(f"{args.game}: " + ", ".join(f"P{i} {n}" for i, n in enumerate(names)), file=out)
    print(state, file=out)
    states = list(record.states())
    block: list[str] = []  # the lines of the turn being shown
    chance: list[str] = []  # chance outcomes since the last decision
    mover: int | None = None
    shown = 0  # the state to show when the turn is over
    for k, action in enumerate(record.actions):
        before = states[k]
        if before.is_chance_node:
            chance.append(str(action) + bust_note(before, states[k + 1]))
            continue
        player = min(before.players_to_act)
        if mover is not None and player != mover and block:
            _show(block, states[shown], out)
            block = []
        block += _chance_line(chance)
        chance = []
        block.append(f"  P{player} {names[player]}: {action}{bust_note(before, states[k + 1])}")
        mover, shown = player, k + 1
        if args.every_action:
            _show(block, states[shown], out)
            block = []
    final = states[-1]
    if block or chance:
        _show(block + _chance_line(chance), final, out)
    outcome = final.outcome
    if outcome is not None:
        print(end_line(outcome, names), file=out)
    return 0


def _play_human(args: Any, inp: TextIO, out: TextIO) -> int:
    from wordgames._interactive import play_human

    if args.bots:
        raise ValueError("with --human, name the opponents with --bot NAME")
    specs = args.bot or ["random"]
    if args.human > len(specs):
        raise ValueError(
            f"--human is a seat from 0 to {len(specs)} with {len(specs)} bot(s), got {args.human}"
        )
    options = _game_options(args)
    bots = [arena.make_bot(spec, args.game) for spec in specs]
    human = args.human
    names = _names(specs)
    names.insert(human, "you" if "you" not in names else "you (human)")
    echo = not (hasattr(inp, "isatty") and inp.isatty())
    play_human(
        args.game, human, bots, names, _seed(args.seed), inp, out, echo=echo, options=options
    )
    return 0


def _read_text(name: str, inp: TextIO) -> str:
    if name == "-":
        return inp.read()
    with open(name, encoding="utf-8", errors="replace") as f:
        return f.read()


def _where(name: str, line: int | None) -> str:
    return name if line is None else f"{name}:{line}"


def _refusal(name: str, exc: Any) -> str:
    """``FILE:LINE: CODE: MESSAGE`` of a GcgError."""
    message = str(exc).removeprefix(f"line {exc.line}: ").removesuffix(f" [{exc.code}]")
    return f"{_where(name, exc.line)}: {exc.code}: {message}"


def _gcg(args: Any, inp: TextIO, out: TextIO) -> int:
    from wordgames.wocable import GcgError, from_gcg, to_gcg

    if args.action == "check":
        status = 0
        for name in args.files:
            text = _read_text(name, inp)
            try:
                record = from_gcg(text)
            except GcgError as exc:
                print(_refusal(name, exc), file=out)
                print(f"{name}: cannot be loaded", file=out)
                status = 1
                continue
            for issue in record.issues:
                print(f"{_where(name, issue.line)}: {issue.code}: {issue.message}", file=out)
            if args.strict and record.issues:
                status = 1
            _summary(name, record, out)
        return status
    text = _read_text(args.file, inp)
    try:
        record = from_gcg(text)
    except GcgError as exc:
        print(_refusal(args.file, exc), file=sys.stderr)
        return 1
    if args.action == "fix":
        for issue in record.issues:
            print(
                f"{_where(args.file, issue.line)}: {issue.code}: {issue.message}", file=sys.stderr
            )
        fixed = to_gcg(record)
        if args.output:
            with open(args.output, "w", encoding="utf-8") as f:
                f.write(fixed)
        else:
            out.write(fixed)
        return 0
    out.write(record.to_json(indent=2) + "\n" if args.to == "json" else to_gcg(record))
    return 0


def _summary(name: str, record: Any, out: TextIO) -> None:
    final = record.replay()
    players = final.players
    turns = sum(1 for st in list(record.states())[:-1] if not st.is_chance_node)
    issues = f", {len(record.issues)} issues" if record.issues else ""
    print(
        f"{name}: ok: {len(players)} players, {turns} turns, "
        f"{len(record.actions)} actions (draws included){issues}",
        file=out,
    )
    outcome = final.outcome
    for p, player in enumerate(players):
        print(f"  {player}: {final.scores[p]}", file=out)
    if outcome is None:
        print("  the game is not over", file=out)
    else:
        winners = ", ".join(players[p] for p in sorted(outcome.winners))
        print(f"  over ({outcome.reason}); won by {winners}", file=out)


def _chance_line(outcomes: list[str]) -> list[str]:
    return [f"  chance: {'; '.join(outcomes)}"] if outcomes else []


def _show(lines: list[str], state: Any, out: TextIO) -> None:
    print("\n".join(lines), file=out)
    print(state, file=out)


def _anagram(args: Any, out: TextIO) -> int:
    from wordgames.lexicon import Lexicon

    lexicon = Lexicon.builtin(args.lang)
    rack = args.rack.upper()
    if args.sub:
        words = lexicon.subanagrams(rack, min_length=args.min_length)
    else:
        words = lexicon.anagrams(rack, min_length=args.min_length)
    if not words:
        print(f"no words in {lexicon.name} from {rack}", file=out)
        return 1
    by_length: dict[int, list[str]] = {}
    for w in words:
        by_length.setdefault(len(w), []).append(w)
    for length in sorted(by_length, reverse=True):
        print(f"{length:2d}: {' '.join(by_length[length])}", file=out)
    return 0


def _dice(text: str) -> tuple[int, ...]:
    """Counts per face (1-5, worm) from text such as 'w w 5' or '6,6,5'."""
    counts = [0] * 6
    for token in text.replace(",", " ").split():
        face = 6 if token.lower() in ("w", "6") else int(token) if token.isdigit() else 0
        if not 1 <= face <= 6:
            raise ValueError(f"a die is 1-5 or w (the worm), got {token!r}")
        counts[face - 1] += 1
    return tuple(counts)


def _grill(text: str | None) -> tuple[int, ...]:
    """Face-up tiles from text such as '21,22,30' (default all 16): tiles 21-36, each once."""
    if text is None:
        return tuple(range(21, 37))
    tokens = text.replace(",", " ").split()
    if not tokens:
        raise ValueError("--grill names at least one tile (21-36)")
    tiles = []
    for token in tokens:
        if not token.isdigit() or not 21 <= int(token) <= 36:
            raise ValueError(f"a grill tile is 21-36, got {token!r}")
        tiles.append(int(token))
    if len(set(tiles)) != len(tiles):
        raise ValueError(f"each tile is on the grill once, got {text!r}")
    return tuple(sorted(tiles))


def _solve_regenwormen(args: Any, out: TextIO) -> int:
    from wordgames.regenwormen import solver

    # every option checked before anything is printed
    if args.kept and args.roll is None:
        raise ValueError("--kept needs --roll (the dice just rolled)")
    if args.target is not None and (args.roll is not None or args.grill is not None):
        raise ValueError("--target is the chance of a total; it takes no --grill or --roll")
    grill = _grill(args.grill)
    kept = _dice(args.kept)
    roll = _dice(args.roll) if args.roll is not None else None
    if roll is not None and sum(kept) + sum(roll) != 8:
        raise ValueError(
            f"{sum(kept)} dice kept and {sum(roll)} rolled: the roll must be the other "
            f"{8 - sum(kept)} of the 8 dice"
        )
    if roll is not None and not any(roll):
        raise ValueError("--roll names the dice just rolled (at least one)")
    if args.target is not None:
        p = solver.success_probability(args.target)
        print(
            f"P(a fresh turn ends with total >= {args.target} and a worm) = {float(p):.4f}",
            file=out,
        )
        return 0
    if roll is not None:
        _advise(grill, kept, roll, out)
        return 0
    print("chance that a fresh turn, played for it, reaches a total (with a worm):", file=out)
    for lo in range(21, 37, 4):
        cells = [f">={t}: {float(solver.success_probability(t)):.4f}" for t in range(lo, lo + 4)]
        print("  " + "   ".join(cells), file=out)
    worms = solver.expected_worms(grill)
    print(f"most expected worms of a fresh turn on this grill: {float(worms):.4f}", file=out)
    return 0


def _advise(
    grill: tuple[int, ...], kept: tuple[int, ...], roll: tuple[int, ...], out: TextIO
) -> None:
    from wordgames.regenwormen import solver

    plan = solver.solve(solver.grill_stop_values(grill), 0)
    print(f"grill {' '.join(map(str, grill))}; values: the worms a stop takes, a bust 0", file=out)
    try:
        face = plan.best_set_aside(kept, roll)
    except ValueError:
        print("bust: the roll has no value that is not set aside yet", file=out)
        return
    after = list(kept)
    after[face - 1] += roll[face - 1]
    n = roll[face - 1]
    what = ("worm" if face == 6 else f"{face}") + ("" if n == 1 else "s")
    advice = f"set aside {n} {what}"
    if plan.should_roll(after):
        advice += f", then roll on (expected {float(plan.position_value(after)):.4f} worms)"
    else:
        worms = plan.stop_value(after)
        advice += f", then stop and take {worms} worm{'' if worms == 1 else 's'}"
    print(advice, file=out)


def _bots(args: Any, out: TextIO) -> int:
    print("any game: random, ismcts, ismcts:ITERATIONS, ismcts:ITERATIONS:DEPTH", file=out)
    print(
        "your own (a class whose Class() has a choose(view, rng) method): module:Class, "
        "path/to/file.py:Class",
        file=out,
    )
    for game in [args.game] if args.game else GAME_NAMES:
        module = GAMES[game].bots
        names = [
            n
            for n in getattr(module, "__all__", ())
            if isinstance(getattr(module, n), type)
            and callable(getattr(getattr(module, n), "choose", None))
        ]
        print(f"{game}: {', '.join(f'{game}:{n}' for n in names)}", file=out)
    return 0


# -- analyze --------------------------------------------------------------------------------


def _analyze_parser(sub: Any) -> None:
    """The ``analyze`` subcommand's arguments (on the subparsers ``sub``)."""
    p = sub.add_parser(
        "analyze",
        help="where each player of a recorded game lost: every decision against the best "
        "one found (a record's JSON or a Wocable GCG file)",
    )
    p.add_argument("file", metavar="FILE", help="a record (JSON) or a GCG file ('-' reads stdin)")
    p.add_argument("--json", action="store_true", help="print the analysis as JSON")
    p.add_argument("--svg", metavar="OUT", help="also write the picture of the game as SVG here")
    p.add_argument(
        "--budget",
        type=float,
        metavar="SECONDS",
        help="time for the deeper methods beyond the static pass (Wocable endgames, the "
        "Regenwormen small-game solver); default: the static pass alone",
    )
    p.add_argument(
        "--leaves",
        metavar="CSV",
        help="Wocable: a superleave table (CSV of leave,value, as Quackle, Macondo and MAGPIE "
        "write it) instead of the packaged model",
    )
    p.add_argument("-q", "--quiet", action="store_true", help="no progress on stderr")


def _load_record(name: str, text: str) -> Any:
    """A record from a record's JSON or a GCG file (InvalidStateError if neither)."""
    from wordgames._core.record import Record

    if text.lstrip().startswith("{"):
        return Record.from_json(text)
    from wordgames.wocable import from_gcg

    return from_gcg(text)


class _LateBar:
    """A progress bar that appears only once the work has taken more than ``after``
    seconds."""

    def __init__(self, stream: TextIO, after: float = 1.0) -> None:
        import time

        self.clock = time.perf_counter
        self.start = self.clock()
        self.after = after
        self.bar: _Bar | None = None
        self.stream = stream

    def __call__(self, done: int, total: int) -> None:
        if self.bar is None:
            if self.clock() - self.start < self.after:
                return
            self.bar = _Bar(self.stream, live=self.stream.isatty(), what="decisions")
        self.bar(done, total)

    def close(self) -> None:
        if self.bar is not None:
            self.bar.close()


def _analyze(args: Any, inp: TextIO, out: TextIO) -> int:
    from wordgames._core.errors import InvalidStateError
    from wordgames.analysis import analyze, svg

    if args.budget is not None and not args.budget >= 0:
        raise ValueError(f"--budget must be seconds >= 0, got {args.budget}")
    try:
        text = _read_text(args.file, inp)
        record = _load_record(args.file, text)
    except (InvalidStateError, OSError, UnicodeDecodeError) as exc:
        print(f"wordgames analyze: {args.file}: cannot be loaded: {exc}", file=sys.stderr)
        return 1
    options: dict[str, Any] = {}
    if args.leaves is not None:
        if not _cli_options(record.initial.GAME).leaves:
            takes = [GAME_INFOS[g].title for g in GAMES if _cli_options(g).leaves]
            print(
                f"wordgames analyze: error: --leaves is for {', '.join(takes)} games",
                file=sys.stderr,
            )
            return 2
        from pathlib import Path

        from wordgames.wocable.leavetable import LeaveTable

        try:  # a path always (a file name never holds the CSV itself)
            options["leave"] = LeaveTable.from_csv(
                Path(args.leaves), tiles=record.initial.rules.tiles
            )
        except (InvalidStateError, OSError) as exc:
            print(f"wordgames analyze: error: --leaves {args.leaves}: {exc}", file=sys.stderr)
            return 2
    bar = None if args.quiet else _LateBar(sys.stderr)
    try:
        analysis = analyze(record, budget=args.budget, progress=bar, **options)
    except InvalidStateError as exc:
        print(f"wordgames analyze: {args.file}: cannot be analysed: {exc}", file=sys.stderr)
        return 1
    finally:
        if bar is not None:
            bar.close()
    if args.svg:
        with open(args.svg, "w", encoding="utf-8") as f:
            f.write(svg(analysis))
    if args.json:
        print(analysis.to_json(indent=2), file=out)
        return 0
    _analysis_table(analysis, out)
    partial = _partial_racks(text)
    if partial:
        print(
            f"note: {partial} turns of the file write less than a full rack: the rest of "
            "those racks was re-dealt from the unseen tiles, so their best moves may use "
            "tiles the player did not hold",
            file=out,
        )
    return 0


def _partial_racks(text: str) -> int:
    """How many turn lines of a GCG file write no rack or fewer than seven tiles while
    the bag still held tiles enough (0 for a record's JSON)."""
    if text.lstrip().startswith("{"):
        return 0
    from wordgames.wocable.actions import split_tokens
    from wordgames.wocable.gcg import GcgError, GcgMove, read_gcg

    try:
        lines = read_gcg(text).lines
    except GcgError:
        return 0
    moves = [ln for ln in lines if isinstance(ln, GcgMove)]
    # the last few turns may hold fewer tiles: only turns before the last four are counted
    return sum(1 for ln in moves[:-4] if ln.rack is None or len(split_tokens(ln.rack)) < 7)


def _cut(text: str, width: int) -> str:
    return text if len(text) <= width else text[: width - 1] + "…"


def _analysis_table(analysis: Any, out: TextIO) -> None:
    """The analysis as a table a person reads, then each player's summary."""
    names = analysis.players
    wide = max((len(n) for n in names), default=6)
    rows = [("turn", "player", "played", "best", "loss", "grade")]
    for k, t in enumerate(analysis.turns, 1):
        best = "=" if t.best == t.played else t.best
        loss = f"{t.loss:.2f} {t.unit}" if t.loss else "0"
        grade = "" if t.grade == "none" else t.grade
        if t.note:
            grade = f"{grade} ({t.note})" if grade else f"({t.note})"
        rows.append((str(k), names[t.player], _cut(t.played, 34), _cut(best, 34), loss, grade))
    widths = [max(len(r[i]) for r in rows) for i in range(5)]
    widths[1] = max(widths[1], min(wide, 20))
    for r in rows:
        cells = [r[i].ljust(widths[i]) if i != 4 else r[i].rjust(widths[i]) for i in range(5)]
        print("  ".join([*cells, r[5]]).rstrip(), file=out)
    print(file=out)
    unit = analysis.unit
    for s in analysis.summaries:
        counts = ", ".join(f"{s.count(g)} {g}" for g in ("small", "medium", "large"))
        print(
            f"{s.name}: {s.decisions} decisions, loss {s.total_loss:.2f} {unit}, {counts}; "
            f"accuracy {s.accuracy:.1f}% (best found)",
            file=out,
        )
    for note in analysis.notes:
        print(f"note: {note}", file=out)
