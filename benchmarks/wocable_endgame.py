"""SimBot's endgame search (issue 13): how many games it turns around against EquityBot;
and with ``--solve``, the exact endgame solver (issue 42) beside MAGPIE.

Run: PYTHONPATH=src python benchmarks/wocable_endgame.py [--games N] [--depths 2 3 4]
     PYTHONPATH=src python benchmarks/wocable_endgame.py --solve [--games N]
         [--time-limit S] [--magpie BIN] [--magpie-data DIR] [--magpie-lex NAME]

``--solve``: the same seeded positions (the first turn with the bag empty, or ``--plies-in``
EquityBot plies later: smaller racks), each solved
with :func:`wordgames.wocable.solve_endgame` (``--time-limit`` seconds at most, default
120); printed per position: the racks, the value, whether it is proven, plies, nodes and
seconds. With a MAGPIE binary (``--magpie`` or ``MAGPIE_BIN``; its data directory, holding
``layouts/``, ``letterdistributions/`` and ``lexica/``, from ``--magpie-data`` or
``MAGPIE_DATA``), MAGPIE's single-thread exhaustive endgame
(``endgame -threads 1 -eplies 25``; MAGPIE stops at 6 plies by default) solves
each position too (its CGP, ``--magpie-lex`` naming a KWG of the same words, e.g. ENABLE
converted with MAGPIE's ``convert text2kwg``; default ``TWLENABLE``), one MAGPIE process
a position; printed beside: its value, depth and the endgame time it reports (its lexicon
load not counted) and the CPU time of its process less that of one that loads the
position and searches it to one ply (its set-up), and the median ratios over the positions
both proved: of the wall times (ours and the one MAGPIE reports) and of the CPU times (ours,
``time.process_time``; MAGPIE's). Skipped without a binary. The peer is never a
dependency of the project.

Positions: ``--games`` seeded EquityBot self-play games (two players, English tiles, game
``i`` seeded ``f"{seed}:{i}"``), each stopped at the first turn with the bag empty. From
each position the rest of the game is played out once for each seat as the *searcher*
(the other seat is EquityBot): the searcher plays the top-scoring placement (the old
endgame, ``SimBot(endgame_depth=0)``), then again with the search at each ``--depths``
(``SimBot(endgame_depth=d, endgame_moves=--moves)``). Everything is deterministic, so the two
playouts differ only by the searcher's endgame choices. Printed per depth: the number of
playouts, how many results flipped (loss -> win, win -> loss, changes to or from a draw),
the mean change of the final spread, the implied change of the score per game (wins plus
half the draws: the net change of the searcher's score over the playouts; every game of a
match reaches such a position and SimBot holds one seat), and the time per search decision.
"""

from __future__ import annotations

import argparse
import os
import random
import re
import resource
import statistics
import subprocess
import time
from pathlib import Path
from typing import Any

from wordgames.wocable import Rules, State, new_game, solve_endgame, to_cgp
from wordgames.wocable.bots import EquityBot, SimBot


def first_empty_bag(seed: str) -> State | None:
    """EquityBot self-play until the bag is empty on a player's turn (None: over before)."""
    rng = random.Random(seed)
    st = new_game(2, rules=Rules())
    eq = EquityBot()
    while not st.is_terminal:
        if st.is_chance_node:
            st = st.apply(st.sample_chance(rng))
        elif st.bag_size == 0:
            return st
        else:
            st = st.apply(eq.choose(st.view(st.turn), rng))
    return None


def play_out(state: State, seat: int, bot: Any, clock: list[float]) -> int:
    """The final spread for ``seat`` when it plays ``bot`` and the other seat EquityBot;
    ``clock`` collects the seconds of each of ``seat``'s decisions."""
    rng = random.Random(0)
    eq = EquityBot()
    st = state
    while not st.is_terminal:
        view = st.view(st.turn)
        if st.turn == seat:
            t0 = time.perf_counter()
            act = bot.choose(view, rng)
            clock.append(time.perf_counter() - t0)
        else:
            act = eq.choose(view, rng)
        st = st.apply(act)
    return st.scores[seat] - st.scores[1 - seat]


def _points(spread: int) -> float:
    return 1.0 if spread > 0 else 0.5 if spread == 0 else 0.0


_MAGPIE_RESULT = re.compile(r"Endgame \(depth: (\d+), time: ([0-9.]+)s, status: (\w+)\)")


def magpie_endgame(
    binary: str, data: str, lexicon: str, st: State, plies: int = 25
) -> tuple[int, int, float, str, float] | None:
    """MAGPIE's single-thread endgame of ``st`` to ``plies`` plies (its default is 6; 25:
    exhaustive, every endgame ends sooner) in one process (MAGPIE takes no
    command while an endgame runs): (value, depth, seconds MAGPIE reports, status, CPU
    seconds of the process), or None where no answer was read."""
    cgp = to_cgp(st).split(" lex ")[0]
    commands = f"cgp {cgp} -lex {lexicon}\nendgame -threads 1 -eplies {plies}\n"
    for _ in range(3):  # MAGPIE refuses the endgame if the position is still loading
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        proc = subprocess.run(
            [binary],
            input=commands,
            capture_output=True,
            text=True,
            cwd=Path(data).resolve().parent,
            check=False,
        )
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        cpu = after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime
        got = _magpie_answer(proc.stdout)
        if got is not None:
            return (*got, cpu)
    print(f"no MAGPIE answer: {(proc.stdout + proc.stderr)[-500:]}")
    return None


def magpie_load(binary: str, data: str, lexicon: str, st: State) -> float:
    """CPU seconds of a MAGPIE process that loads ``st`` and searches its endgame to one ply
    (its loading and set-up: the lexicon, its word map, the endgame's tables)."""
    cgp = to_cgp(st).split(" lex ")[0]
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    subprocess.run(
        [binary],
        input=f"cgp {cgp} -lex {lexicon}\nendgame -threads 1 -eplies 1\n",
        capture_output=True,
        text=True,
        cwd=Path(data).resolve().parent,
        check=False,
    )
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime


def _magpie_answer(stdout: str) -> tuple[int, int, float, str] | None:
    """(value, depth, seconds, status) from MAGPIE's endgame output, or None."""
    text = stdout.splitlines()
    for i, line in enumerate(text):
        m = _MAGPIE_RESULT.search(line)
        if not m or i + 2 >= len(text):
            continue
        # a header "Play  V  S ...", then the best play's row: its value is the number
        # under the header's V (the play itself may hold numbers: its score, going-out
        # bonus)
        col = text[i + 1].find(" V ") + 1
        for num in re.finditer(r"-?\d+", text[i + 2]):
            if col > 0 and num.start() <= col < num.end():
                return int(num.group()), int(m.group(1)), float(m.group(2)), m.group(3)
    return None


def solve_main(args: argparse.Namespace) -> None:
    """``--solve``: the exact solver per position, beside MAGPIE when given."""
    positions = []
    for i in range(args.games):
        p = first_empty_bag(f"{args.seed}:{i}")
        rng = random.Random(0)
        for _ in range(args.plies_in):  # further into the endgame: smaller racks
            if p is None or p.is_terminal:
                break
            p = p.apply(EquityBot().choose(p.view(p.turn), rng))
        if p is not None and not p.is_terminal:
            positions.append(p)
    print(
        f"{len(positions)} positions (bag empty, {args.plies_in} EquityBot plies in) from"
        f" {args.games} seeded EquityBot games"
    )
    import wordgames

    print("timings on a shared machine: noisy; CPU time is printed beside the wall time")
    print(f"wordgames.COMPILED={wordgames.COMPILED} ({wordgames.__file__})")
    binary = args.magpie or os.environ.get("MAGPIE_BIN")
    data = args.magpie_data or os.environ.get("MAGPIE_DATA")
    if not (binary and data):
        print("MAGPIE: skipped (no --magpie/MAGPIE_BIN and --magpie-data/MAGPIE_DATA)")
    ratios = []
    cpu_ratios = []
    for i, st in enumerate(positions):
        c0 = time.process_time()
        sol = solve_endgame(st, time_limit=args.time_limit)
        cpu = time.process_time() - c0
        me = st.turn
        line = (
            f"#{i} {st.rack_text(me)}/{st.rack_text(1 - me)}: value {sol.value:+d}"
            f" {'exact' if sol.exact else 'NOT proven'} {sol.plies} plies {sol.nodes} nodes"
            f" {sol.seconds:.2f} s ({cpu:.2f} s CPU)"
        )
        got = (
            magpie_endgame(binary, data, args.magpie_lex, st, args.magpie_plies)
            if binary and data
            else None
        )
        if got is not None:
            value, depth, secs, status, mcpu = got
            setup = magpie_load(binary or "", data or "", args.magpie_lex, st)
            mcpu = max(mcpu - setup, 1e-3)
            line += f" | MAGPIE {value:+d} depth {depth} {secs:.3f} s ({mcpu:.3f} s CPU) {status}"
            if sol.exact and status == "finished" and secs > 0:
                ratios.append(sol.seconds / secs)
                cpu_ratios.append(cpu / mcpu)
                if value != sol.value:
                    line += " VALUES DIFFER"
        print(line, flush=True)
    if ratios:
        print(
            f"median time ratio (ours / MAGPIE) over {len(ratios)} positions both proved:"
            f" {statistics.median(ratios):.1f}x"
            f" (of the CPU times: {statistics.median(cpu_ratios):.1f}x)"
        )


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--solve", action="store_true", help="the exact solver (and MAGPIE)")
    ap.add_argument("--time-limit", type=float, default=120.0)
    ap.add_argument("--plies-in", type=int, default=0, help="--solve: EquityBot plies first")
    ap.add_argument("--magpie", default=None)
    ap.add_argument("--magpie-data", default=None)
    ap.add_argument("--magpie-lex", default="TWLENABLE")
    ap.add_argument("--magpie-plies", type=int, default=25)
    ap.add_argument("--games", type=int, default=250)
    ap.add_argument("--depths", type=int, nargs="+", default=[2, 3, 4])
    ap.add_argument("--moves", type=int, default=8)
    ap.add_argument("--seed", default="endgame")
    args = ap.parse_args()
    if args.solve:
        solve_main(args)
        return
    t0 = time.perf_counter()
    positions = [p for i in range(args.games) if (p := first_empty_bag(f"{args.seed}:{i}"))]
    print(f"{len(positions)} positions from {args.games} games ({time.perf_counter() - t0:.0f} s)")
    old_clock: list[float] = []
    old = {
        (i, seat): play_out(p, seat, SimBot(endgame_depth=0), old_clock)
        for i, p in enumerate(positions)
        for seat in (0, 1)
    }
    print(
        f"old endgame (top score): {len(old_clock)} decisions,"
        f" {1000 * sum(old_clock) / max(1, len(old_clock)):.1f} ms each"
    )
    for depth in args.depths:
        bot = SimBot(endgame_depth=depth, endgame_moves=args.moves)
        clock: list[float] = []
        t1 = time.perf_counter()
        lw = wl = draws = 0
        dspread = dscore = 0.0
        for (i, seat), before in old.items():
            after = play_out(positions[i], seat, bot, clock)
            dspread += after - before
            a, b = _points(after), _points(before)
            dscore += a - b
            lw += b == 0.0 and a == 1.0
            wl += b == 1.0 and a == 0.0
            draws += (a == 0.5) != (b == 0.5)
        n = len(old)
        print(
            f"depth {depth}, {args.moves} moves: {n} playouts; loss->win {lw}, win->loss {wl},"
            f" draw changes {draws}; mean spread change {dspread / n:+.2f};"
            f" score change per game {100 * dscore / n:+.2f} points of %;"
            f" {len(clock)} decisions, {1000 * sum(clock) / max(1, len(clock)):.0f} ms each"
            f" (max {1000 * max(clock, default=0.0):.0f} ms); {time.perf_counter() - t1:.0f} s",
            flush=True,
        )


if __name__ == "__main__":
    main()
