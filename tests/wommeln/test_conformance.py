"""Wömmeln plugged into the shared conformance suite."""

from __future__ import annotations

import copy
import random
from typing import Any

import attrs

import wordgames
from tests.conformance.harness import ConformanceSuite, GameSpec
from wordgames import wommeln as wm
from wordgames.wommeln.state import Entry, Marks


def new_state(rng: random.Random) -> wm.State:
    n = rng.choice([1, 2, 2, 3, 4, 5])
    intensiv = rng.random() < 0.3
    rules = wm.Rules(
        intensiv=intensiv,
        rounds=rng.choice([None, 1, 2, 3]),
        language=rng.choice(["de", "en"]),
        color=rng.choice(["turquoise", "red"]),
        lines_may_cross=rng.random() < 0.3,
        review=rng.choice(["challenge", "challenge", "vote", "none"]),
        tie_keeps_word=rng.random() < 0.7,
        erase_zero_rounds=rng.random() < 0.7,
        solo_time_limit=rng.choice([None, 120]),
        min_word_length=rng.choice([2, 2, 3]),
        reject_malformed_circles=rng.random() < 0.3,
    )
    if rng.random() < 0.3:  # explicit sheets: no deal
        count = 6 if intensiv else 14
        return wm.new_game(n, rules=rules, sheets=rng.sample(range(1, count + 1), n))
    return wm.new_game(n, rules=rules)  # starts at the deal (a chance node per seat)


def candidate_actions(state: wm.State, rng: random.Random) -> list[Any]:
    n = state.num_players
    out: list[Any] = [wm.TimeUp(), wm.Reveal(0, "a"), wm.Reveal(31, "a"), wm.Reveal(1, "c")]
    out += [wm.DealSheet(0), wm.DealSheet(15), wm.DealSheet(1), wm.DealSheet(7)]
    out += [wm.DealSheet(int(sh.id.split("-")[1][1:3])) for sh in state.sheets[:1]]
    if state.is_chance_node:
        out += [a for a, _ in state.chance_outcomes()[:2]]
    if state.phase == "deal":
        out += [wm.Resign(p) for p in range(n)]
        return [*out, wm.Pass(0), "not an action"]
    out += [wm.Reveal(c, s) for c, s in state.drawn[:2]]
    out.append(wm.Reveal(rng.randint(1, 30), "b"))
    for p in range(n + 1):
        out.append(wm.Pass(p))
        out.append(wm.Vote(p, rng.randrange(n + 1), rng.random() < 0.5))
        out.append(wm.Vote(p, p, True))
        out.append(wm.Erase(p))
        out.append(wm.Challenge(p, ()))
        out.append(wm.Challenge(p, (rng.randrange(n + 1),)))
        out.append(wm.Challenge(p, (p,)))
        out.append(wm.Challenge(p, tuple(q for q in range(n) if q != p)))
        out.append(wm.Challenge(p, (1, 0)))  # not increasing
        sheet = state.sheets[min(p, len(state.sheets) - 1)]
        r, c = rng.randrange(sheet.rows), rng.randrange(sheet.cols - 1)
        a, b = sheet.letters[r * sheet.cols + c], sheet.letters[r * sheet.cols + c + 1]
        out.append(wm.Place(p, a + b, ((r, c), (r, c + 1)), (0, 1)))  # often legal
        out.append(wm.Place(p, b + a, ((r, c), (r, c + 1)), (0, 1)))  # letters in wrong order
        out.append(wm.Place(p, a + b, ((r, c), (r, c + 1)), (0,)))  # too few circles
        out.append(wm.Place(p, a + b, ((r, c), (r + 2, c)), (0, 1)))  # not adjacent / off grid
        out.append(wm.Place(p, "A", ((r, c),), (0,)))  # too short / mismatch
        out.append(wm.Circle(p, a + b, ((r, c), (r, c + 1))))
        out.append(wm.Circle(p, a + b + a, ((r, c), (r, c + 1))))
        out.append(wm.Connect(p, ((r, c), (r, c + 1)), (0, 1)))
        out.append(wm.Place(p, a + b, ((r, c), (r, 99)), (0, 1)))
        # malformed circling (legal unless rules.reject_malformed_circles) and bad structure
        out.append(wm.Circle(p, b + a + "Q", ((r, c), (r, c + 1))))
        out.append(wm.Circle(p, "QQ", ((r, c),)))
        out.append(wm.Circle(p, a + b, ((r, c), (r, c))))  # repeated cell
        out.append(wm.Circle(p, a + b, ((r, c + 1), (r, c))))  # not in reading order
        out.append(wm.Circle(p, a + b, ()))
        out.append(wm.Circle(p, a + b, ((r, c), (sheet.rows, c))))  # off the sheet
        if p < n:
            grid = state.grid(p)
            used = [x for x in range(grid.size) if not grid.is_free(x)]
            if used:
                out.append(wm.Circle(p, a + b, (divmod(rng.choice(used), grid.cols),)))
    for p in state.players_to_act:
        out.extend(state.legal_actions(p)[:6])
    out.append("not an action")
    return out


def shuffle_hidden(state: wm.State, viewer: int | None, rng: random.Random) -> wm.State:
    if state.phase != "search":
        return state
    entries = list(state.entries)
    for p, e in enumerate(entries):
        if p == viewer:
            continue
        grid = state.base_grid(p)
        if e is None and state.timer != "up":
            free = [c for c in range(grid.size) if grid.is_free(c)]
            k = state.rules.min_word_length
            if not state.rules.reject_malformed_circles and rng.random() < 0.5:
                k = rng.randint(1, min(4, len(free)))  # circles that need not spell the word
                word = "".join(rng.choice("AEQZ") for _ in range(state.rules.min_word_length))
                cells = tuple(sorted(rng.sample(free, k)))
            else:
                cells = tuple(sorted(rng.sample(free, k)))
                word = "".join(grid.letters[c] for c in cells)
            entries[p] = Entry("circled", Marks(word, cells, tuple(range(k)), False))
        elif e is not None and e.status == "circled" and state.timer != "up":
            entries[p] = None
        elif e is not None and (
            (e.status == "placed" and p != state.timer_starter) or e.status == "passed"
        ):
            entries[p] = Entry("passed")
    return attrs.evolve(state, entries=tuple(entries))


class SloppyBot(wordgames.RandomBot):
    """A random player that sometimes circles letters that do not spell its word (the
    rulebook's "too few / too many / wrong letters": legal, scores 0), so records, replays and
    redaction see such rounds."""

    def choose(self, view: Any, rng: random.Random) -> Any:
        me = view.viewer
        if (
            view.phase == "search"
            and view.entries[me] is None
            and view.timer != "up"
            and not view.rules.reject_malformed_circles
            and rng.random() < 0.3
        ):
            grid = view.base_grid(me)
            free = [c for c in range(grid.size) if grid.is_free(c)]
            if free:
                cells = sorted(rng.sample(free, rng.randint(1, min(3, len(free)))))
                word = "Q" * view.rules.min_word_length
                return wm.Circle(me, word, tuple(divmod(c, grid.cols) for c in cells))
        return super().choose(view, rng)


def invalid_dicts(d: dict[str, Any], rng: random.Random) -> list[dict[str, Any]]:
    out = []
    n = len(d["players"])

    def edit(fn: Any) -> None:
        new = copy.deepcopy(d)
        fn(new)
        out.append(new)

    if d["phase"] == "deal":
        edit(lambda x: x.__setitem__("phase", "reveal"))
        edit(lambda x: x["drawn"].append("1a"))
        edit(lambda x: x.__setitem__("departed", [0]))
        edit(lambda x: x.__setitem__("sheets", [*x["sheets"], {"id": "x", "rows": ["AB", "CD"]}]))
        if d["sheets"]:
            edit(lambda x: x["sheets"].append(copy.deepcopy(x["sheets"][0])))
            edit(lambda x: x["sheets"][0]["rows"].__setitem__(0, "Q" * 15))
        edit(lambda x: x["results"][0].append({"word": "", "score": 0, "kept": None}))
        return out
    if n >= 2:
        edit(lambda x: x["sheets"].__setitem__(1, copy.deepcopy(x["sheets"][0])))
        edit(lambda x: x["players"].__setitem__(1, x["players"][0]))
    edit(lambda x: x["sheets"][0]["rows"].__setitem__(0, "1" + x["sheets"][0]["rows"][0][1:]))
    edit(lambda x: x["sheets"][0]["rows"].__setitem__(0, x["sheets"][0]["rows"][0][:-1]))
    if d["drawn"]:
        edit(lambda x: x["drawn"].append(x["drawn"][0]))
    edit(lambda x: x.__setitem__("phase", "over" if x["phase"] != "over" else "reveal"))
    # one result too many; alone at the table, a second one (a solo player who leaves in the
    # reveal phase really has as many results as categories drawn)
    extra = {"word": "", "score": 0, "kept": None}
    edit(lambda x: x["results"][0].extend([extra] * (1 if n >= 2 else 2)))
    for rs in d["results"]:
        for i, r in enumerate(rs):
            if r["score"] > 0:
                edit(
                    lambda x, r=r, rs=rs, i=i: x["results"][d["results"].index(rs)][i].update(
                        score=r["score"] + 1
                    )
                )
                edit(
                    lambda x, rs=rs, i=i: x["results"][d["results"].index(rs)][i].update(kept=None)
                )
                break
    kept = [i for i, r in enumerate(d["results"][0]) if r["kept"] and r["kept"]["line"]]
    if len(kept) >= 2:
        # an earlier line drawn a second time: its cells would be used twice
        first, second = kept[0], kept[1]
        edit(lambda x: x["results"][0].__setitem__(second, copy.deepcopy(x["results"][0][first])))
    if d["phase"] != "search":
        edit(lambda x: x.__setitem__("timer", "running"))
    if d["phase"] in ("reveal", "over"):
        edit(
            lambda x: x["entries"].__setitem__(
                0, {"status": "passed", "marks": {"word": "", "line": None, "circled": None}}
            )
        )
    if d["phase"] != "review":
        edit(lambda x: x["votes"].append([0, 1, True]))
    if d["phase"] not in ("challenge", "review") and n >= 2:
        edit(lambda x: x["challenges"].append([0, [1]]))
    if d["phase"] == "challenge":
        edit(lambda x: x["challenges"].append([0, [0]]))  # one's own word
        edit(lambda x: x["challenges"].append(["0", []]))
        edit(lambda x: x.__setitem__("challenges", [[0, []]] * (n + 1)))
    if d["phase"] in ("challenge", "review") and d["rules"]["review"] == "challenge":
        edit(lambda x: x["rules"].__setitem__("review", "none"))
    edit(lambda x: x["rules"].__setitem__("rounds", 0))
    return out


class TestWommelnConformance(ConformanceSuite):
    spec = GameSpec(
        name="wommeln",
        new_state=new_state,
        candidate_actions=candidate_actions,
        shuffle_hidden=shuffle_hidden,
        invalid_dicts=invalid_dicts,
        complete_legal_actions=False,
        max_actions=2000,
        bots=lambda state: [SloppyBot()] * state.num_players,
        deep_checks=25,
        examples=0.4,
    )
