"""The placement engine against the rulebook and against brute force on small grids."""

from __future__ import annotations

import gc
import pickle
from collections.abc import Iterator
from contextlib import contextmanager

import pytest
from hypothesis import given, reject
from hypothesis import strategies as st

from wordgames.wommeln import engine
from wordgames.wommeln._cuts import (
    find_cuts,
    find_cuts_counted,
    find_triple_cuts_counted,
    refutes,
)
from wordgames.wommeln._native import Reach
from wordgames.wommeln.engine import (
    GridState,
    Placement,
    PlacementError,
    SearchLimitError,
    best_placement,
    check_placement,
    find_placements,
    validate,
)


def _brute_force(grid: GridState, word: str, lines_may_cross: bool) -> set[Placement]:
    """Every (path, circles) that spells ``word``, filtered by ``check_placement``."""
    size = grid.size
    found: set[Placement] = set()

    def extend(path: list[int], circles: list[int]) -> None:
        if len(circles) == len(word):
            p = Placement(word, tuple(path), tuple(circles))
            if check_placement(grid, p, lines_may_cross=lines_may_cross) is None:
                found.add(p)
            return
        last = path[-1]
        lr, lc = divmod(last, grid.cols)
        for x in range(size):
            xr, xc = divmod(x, grid.cols)
            if x in path or max(abs(xr - lr), abs(xc - lc)) != 1:
                continue
            path.append(x)
            if grid.letters[x] == word[len(circles)]:
                circles.append(len(path) - 1)
                extend(path, circles)
                circles.pop()
            extend(path, circles)  # x crossed out
            path.pop()

    for s in range(size):
        if grid.letters[s] == word[0]:
            extend([s], [0])
    return found


@st.composite
def small_grids(draw: st.DrawFn) -> GridState:
    rows = draw(st.integers(1, 3))
    cols = draw(st.integers(2, 3 if rows == 3 else 4))
    letters = draw(st.text("ABC", min_size=rows * cols, max_size=rows * cols))
    used = draw(st.integers(0, (1 << (rows * cols)) - 1)) & draw(
        st.integers(0, (1 << (rows * cols)) - 1)
    )
    diagonals = draw(st.integers(0, (1 << (rows * cols)) - 1)) if rows > 1 else 0
    return GridState(rows, cols, letters, used=used, diagonals=diagonals)


@contextmanager
def _split(at_once: bool) -> Iterator[None]:
    """Searches split into branches from the start (else: the default restart point)."""
    saved = engine._BRANCH_AFTER
    if at_once:
        engine._BRANCH_AFTER = 0
    try:
        yield
    finally:
        engine._BRANCH_AFTER = saved


@pytest.mark.parametrize("split", [False, True], ids=["plain first", "branches at once"])
@given(grid=small_grids(), word=st.text("ABC", min_size=1, max_size=4), loose=st.booleans())
def test_find_placements_equals_brute_force(
    split: bool, grid: GridState, word: str, loose: bool
) -> None:
    with _split(split):
        _check_against_brute_force(grid, word, loose)


def _check_against_brute_force(grid: GridState, word: str, loose: bool) -> None:
    yielded = list(find_placements(grid, word, lines_may_cross=loose, node_limit=None))
    brute = _brute_force(grid, word, loose)
    assert len(set(yielded)) == len(yielded), "a placement was yielded twice"
    assert set(yielded) == brute
    costs = [p.crossed for p in yielded]
    assert costs == sorted(costs), "placements not in order of fewest crossed cells"
    if brute:
        assert yielded[0].crossed == min(p.crossed for p in brute)
        best = best_placement(grid, word, lines_may_cross=loose)
        assert best is not None
        assert best in brute
        assert best.crossed == yielded[0].crossed
    else:
        assert best_placement(grid, word, lines_may_cross=loose) is None


@st.composite
def medium_grids(draw: st.DrawFn, min_side: int = 3, max_side: int = 5) -> GridState:
    """A grid of A/B/C with random used cells (about a quarter) and diagonal marks."""
    rows = draw(st.integers(min_side, max_side))
    cols = draw(st.integers(min_side, max_side))
    size = rows * cols
    letters = draw(st.text("ABC", min_size=size, max_size=size))
    used = draw(st.integers(0, (1 << size) - 1)) & draw(st.integers(0, (1 << size) - 1))
    return GridState(
        rows, cols, letters, used=used, diagonals=draw(st.integers(0, (1 << size) - 1))
    )


@pytest.mark.parametrize("split", [False, True], ids=["plain first", "branches at once"])
@given(grid=medium_grids(), word=st.text("ABC", min_size=1, max_size=7), loose=st.booleans())
def test_region_keys_find_the_same_cost(
    split: bool, grid: GridState, word: str, loose: bool
) -> None:
    with _split(split):
        _check_region_keys(grid, word, loose)


def _check_region_keys(grid: GridState, word: str, loose: bool) -> None:
    # long searches merge lines by the region they can still reach; force that from the start
    # and compare with merging only identical lines (checked against brute force above)
    exact = best_placement(grid, word, lines_may_cross=loose)
    saved = engine._EXACT_KEYS
    engine._EXACT_KEYS = 0
    try:
        merged = best_placement(grid, word, lines_may_cross=loose)
    finally:
        engine._EXACT_KEYS = saved
    if exact is None:
        assert merged is None
    else:
        assert merged is not None
        validate(grid, merged, lines_may_cross=loose)
        assert merged.crossed == exact.crossed


@given(grid=small_grids(), word=st.text("ABC", min_size=1, max_size=4), data=st.data())
def test_placements_pass_validate_and_mark_only_their_cells(
    grid: GridState, word: str, data: st.DataObject
) -> None:
    placements = list(find_placements(grid, word))
    if not placements:
        return
    p = data.draw(st.sampled_from(placements))
    validate(grid, p)
    after = grid.place(p)
    assert after.used == grid.used | sum(1 << c for c in p.path)
    assert after.circled == grid.circled | sum(1 << c for c in p.circled_cells)
    assert after.free_count == grid.free_count - len(p.path)
    # the same placement cannot be drawn twice
    assert check_placement(after, p) is not None


@pytest.mark.parametrize("split", [False, True], ids=["plain first", "branches at once"])
@given(grid=small_grids(), word=st.text("ABC", min_size=2, max_size=3), data=st.data())
def test_restricted_circles(split: bool, grid: GridState, word: str, data: st.DataObject) -> None:
    try:
        placements = list(find_placements(grid, word))
    except SearchLimitError:
        reject()  # too many to list within the default limit (AAA on a 3x3 sheet of As)
    if not placements:
        return
    p = data.draw(st.sampled_from(placements))
    cells = set(p.circled_cells)
    with _split(split):
        restricted = list(find_placements(grid, word, circles=cells))
    assert p in restricted
    assert all(set(q.circled_cells) == cells for q in restricted)
    assert set(restricted) == {q for q in placements if set(q.circled_cells) == cells}
    assert [q.crossed for q in restricted] == sorted(q.crossed for q in restricted)


def _stier_grid() -> GridState:
    # The rulebook example: S, T, I neighbours; I->E over an unused I; E->R over an unused S.
    g = GridState.from_rows(["STIIE", "XXXXS", "XXXXR"])
    # the X cells are used by earlier words
    return GridState(
        g.rows, g.cols, g.letters, used=sum(1 << i for i in (5, 6, 7, 8, 10, 11, 12, 13))
    )


def test_rulebook_stier_example() -> None:
    g = _stier_grid()
    p = Placement.from_notation("STIER", "A1-B1-C1-d1-E1-e2-E3", g.rows, g.cols)
    validate(g, p)
    assert p.crossed == 2
    assert [g.letters[c] for c in p.crossed_cells] == ["I", "S"]
    assert best_placement(g, "STIER") == p
    assert best_placement(g, "STIER", max_crossed=2) == p
    assert best_placement(g, "STIER", max_crossed=1) is None
    assert next(find_placements(g, "STIER")) == p
    # I and E may not be joined in one stroke over the unused I
    direct = Placement("STIER", (0, 1, 2, 4, 9, 14), (0, 1, 2, 3, 5))
    with pytest.raises(PlacementError) as e:
        validate(g, direct)
    assert e.value.code == "not_adjacent"


def test_reason_codes() -> None:
    g = GridState.from_rows(["ABE", "CDF"])  # A=0 B=1 E=2 / C=3 D=4 F=5
    cases = {
        "bad_word": Placement("a", (0,), (0,)),
        "empty_path": Placement("A", (), ()),
        "off_grid": Placement("AB", (0, 7), (0, 1)),
        "repeated_cell": Placement("AB", (0, 1, 0), (0, 1)),
        "not_adjacent": Placement("AE", (0, 2), (0, 1)),
        "bad_circles": Placement("AB", (0, 1), (1, 0)),
        "too_few_circles": Placement("ABD", (0, 1, 4), (0, 2)),
        "too_many_circles": Placement("AD", (0, 1, 4), (0, 1, 2)),
        "dangling_line": Placement("A", (0, 1), (0,)),
        "letter_mismatch": Placement("BA", (0, 1), (0, 1)),
    }
    for code, p in cases.items():
        problem = check_placement(g, p)
        assert problem is not None
        assert problem[0] == code, (code, problem)
    used = g.place(Placement("AD", (0, 4), (0, 1)))
    assert check_placement(used, Placement("B", (1,), (0,))) is None
    assert check_placement(used, Placement("AB", (0, 1), (0, 1)))[0] == "cell_used"  # type: ignore[index]
    crossing = Placement("BC", (1, 3), (0, 1))
    assert check_placement(used, crossing)[0] == "lines_cross"  # type: ignore[index]
    assert check_placement(used, crossing, lines_may_cross=True) is None


def test_own_line_may_not_cross_itself() -> None:
    # A-D diagonal, then C-B would cross it inside the same 2x2 block
    g = GridState.from_rows(["AC", "BD"])
    p = Placement("ADBC", (0, 3, 2, 1), (0, 1, 2, 3))
    assert check_placement(g, p)[0] == "lines_cross"  # type: ignore[index]
    assert best_placement(g, "ADBC") is None
    assert best_placement(g, "ADBC", lines_may_cross=True) == p


def test_node_limit() -> None:
    g = GridState.from_rows(["A" * 6] * 6)
    with pytest.raises(SearchLimitError):
        list(find_placements(g, "AAAAAAAAAAAA", node_limit=5))


def test_node_limit_reports_a_proven_lower_bound() -> None:
    g = _stier_grid()
    with pytest.raises(SearchLimitError) as e:
        best_placement(g, "STIER", node_limit=1)
    assert 0 <= e.value.lower_bound <= 2  # the best line crosses out 2 cells
    again = pickle.loads(pickle.dumps(e.value))
    assert again.lower_bound == e.value.lower_bound
    assert str(again) == str(e.value)


def test_best_placement_leaves_the_collector_as_it_found_it() -> None:
    # the search pauses the cyclic garbage collector; it must come back on after a result,
    # after an error, and stay off when the caller had turned it off
    g = _stier_grid()
    assert gc.isenabled()
    assert best_placement(g, "STIER") is not None
    assert gc.isenabled()
    with pytest.raises(SearchLimitError):
        best_placement(g, "STIER", node_limit=1)
    assert gc.isenabled()
    gc.disable()
    try:
        assert best_placement(g, "STIER") is not None
        assert not gc.isenabled()
    finally:
        gc.enable()


@st.composite
def grids_with_a_line(draw: st.DrawFn) -> tuple[GridState, Placement]:
    """A random grid with random earlier marks, and a random valid placement on it (read off
    a random walk), so its word certainly fits."""
    grid = draw(medium_grids(2, 8))
    rows, cols, letters, size = grid.rows, grid.cols, grid.letters, grid.size
    free = [c for c in range(size) if grid.is_free(c)]
    if not free:
        grid = GridState(rows, cols, letters)
        free = list(range(size))
    path = [draw(st.sampled_from(free))]
    diag = grid.diagonals
    for _ in range(draw(st.integers(0, 14))):
        options = []
        for x in free:
            bit = engine._step_bit(path[-1], x, cols)
            if bit is not None and x not in path and not diag & bit:
                options.append((x, bit))
        if not options:
            break
        x, bit = draw(st.sampled_from(options))
        path.append(x)
        diag |= bit
    inner = draw(st.sets(st.integers(1, len(path) - 2))) if len(path) > 2 else set()
    circles = sorted({0, len(path) - 1, *inner})
    word = "".join(letters[path[i]] for i in circles)
    p = Placement(word, tuple(path), tuple(circles))
    validate(grid, p)
    return grid, p


@given(case=grids_with_a_line(), loose=st.booleans())
def test_cut_bound_never_refutes_a_word_that_fits(
    case: tuple[GridState, Placement], loose: bool
) -> None:
    grid, p = case
    prep = engine._prep(grid, loose)
    codes = [ord(ch) - 65 for ch in p.word]
    masks = {c: prep.letter_masks[c] for c in codes}
    for cut in engine._cuts(grid, prep, loose):
        assert not refutes(cut, codes, masks), (cut.cells, p)
    for cut, counts in engine._cuts_counted(grid, prep, loose, 3):
        assert len(cut.cells) == 3
        assert not refutes(cut, codes, masks, counts), (cut.cells, p)
    best = best_placement(grid, p.word, lines_may_cross=loose, node_limit=20_000)
    assert best is not None
    assert best.crossed <= p.crossed


def test_cut_bound_refutes_a_corridor_used_twice() -> None:
    # two rooms joined by a corridor B2-C2-D2: ABAB would pass it three times. The layered
    # distance bound (which lets the line reuse cells) cannot see that; a cut can.
    g = GridState.from_rows(["AXXXB", "AXAXB", "AXXXB"])
    walls = {1, 2, 3, 11, 12, 13}
    g = GridState(g.rows, g.cols, g.letters, used=sum(1 << i for i in walls))
    prep = engine._prep(g, False)
    by_cells = {c.cells: c for c in engine._cuts(g, prep, False)}
    assert {(6,), (7,), (8,)} <= set(by_cells)
    middle = by_cells[(7,)]
    masks = {0: prep.letter_masks[0], 1: prep.letter_masks[1], 23: prep.letter_masks[23]}
    q = engine._layers(
        g.rows, g.cols, [masks[c] for c in (0, 1, 0, 1)], prep.region, prep.region, 0
    )
    assert q is not None
    assert min(q[1][x] for x in (0, 5, 10)) < engine._INF
    assert refutes(middle, [0, 1, 0, 1], masks)
    assert best_placement(g, "ABAB") is None
    for ok in ([0, 1, 1], [0, 0, 1, 1], [0, 0, 1], [1, 0, 0], [0, 23, 0, 23, 1]):
        assert not refutes(middle, ok, masks)
    assert best_placement(g, "AAB") is not None
    assert best_placement(g, "AXAXB") is not None
    # three As left of the middle cell and its own A: four As fit, five do not
    assert best_placement(g, "AAAAB") is not None
    assert refutes(middle, [0] * 5 + [1], masks)
    assert best_placement(g, "AAAAAB") is None


def test_branches_give_repeated_scarce_letters_distinct_cells() -> None:
    # two Ps far apart and As in between: the plain layered bound circles one P cell twice
    g = GridState.from_rows(["PAXXXXP", "XXXXXXX"])
    prep = engine._prep(g, False)
    codes = [ord(ch) - 65 for ch in "PAP"]
    masks = {c: prep.letter_masks[c] for c in codes}
    targets = [masks[c] for c in codes]
    branches = engine._branches(codes, targets, masks, prep.region)
    p_cells = {0, 6}
    assert len(branches) == 2
    for bt, crossable in branches:
        first, last = bt[0].bit_length() - 1, bt[2].bit_length() - 1
        assert {first, last} == p_cells
        assert bt[1] == targets[1]
        assert not crossable & (1 << 0 | 1 << 6)
    q = engine._layers(g.rows, g.cols, targets, prep.region, prep.region, 0)
    assert q is not None
    assert q[1][0] - 2 == 0  # plain bound: P(A1) A(B1) back to P(A1), nothing crossed
    best = best_placement(g, "PAP")
    assert best is not None
    assert best.crossed == 4
    assert {best.path[0], best.path[-1]} == p_cells
    # a letter with many cells is not branched on
    many = GridState.from_rows(["EEEEEE", "EEEEEE"])
    mp = engine._prep(many, False)
    assert len(engine._branches([4, 4], [mp.region] * 2, {4: mp.region}, mp.region)) == 1


@given(grid=medium_grids(), word=st.text("ABC", min_size=2, max_size=6))
def test_lower_bound_of_a_cut_short_search_holds(grid: GridState, word: str) -> None:
    exact = best_placement(grid, word)
    try:
        best_placement(grid, word, node_limit=3)
    except SearchLimitError as e:
        bound = e.lower_bound
    else:
        return
    if exact is not None:
        assert bound <= exact.crossed


def test_triple_cuts_refute_a_passage_three_cells_wide() -> None:
    # the middle column is the only way between the As and the Bs: ABAB crosses it three
    # times (one cell each), ABABA would need a fourth
    g = GridState.from_rows(["AXB", "AXB", "AXB"])
    prep = engine._prep(g, False)
    masks = {0: prep.letter_masks[0], 1: prep.letter_masks[1]}
    five, four = [0, 1, 0, 1, 0], [0, 1, 0, 1]
    assert not any(refutes(cut, five, masks) for cut in engine._cuts(g, prep, False))
    middle = [cut for cut, _ in engine._cuts_counted(g, prep, False, 3) if cut.cells == (1, 4, 7)]
    assert len(middle) == 1
    assert refutes(middle[0], five, masks)
    assert not refutes(middle[0], four, masks)
    assert best_placement(g, "ABABA") is None
    p = best_placement(g, "ABAB")
    assert p is not None
    assert p.crossed == 3


@given(grid=medium_grids(), loose=st.booleans())
def test_cut_pairs_tried_from_walled_cells_only_miss_none(grid: GridState, loose: bool) -> None:
    # the engine looks for separating pairs only from cells against a wall; a full search
    # over every cell finds the same cuts
    prep = engine._prep(grid, loose)
    cells, adj = engine._free_graph(grid, prep, loose)
    everything = {cut.cells for cut in find_cuts(adj, cells)}
    assert {cut.cells for cut in engine._cuts(grid, prep, loose)} == everything


def _reference_cut(
    adj: list[list[int]], cells: list[int], sep: tuple[int, ...], letters: list[int]
) -> tuple[
    tuple[int, ...], tuple[tuple[int, ...], ...], tuple[tuple[int, ...], ...], tuple[bytes, ...]
]:
    """A cut's parts, touches, links and letter counts the plain way: one bitmask flood fill
    of the whole graph per cut (what the engine did before :mod:`._native`)."""
    seen = sum(1 << s for s in sep)
    parts = []
    for s in cells:
        if (seen >> s) & 1:
            continue
        comp = 1 << s
        seen |= comp
        stack = [s]
        while stack:
            v = stack.pop()
            for w in adj[v]:
                if not (seen >> w) & 1:
                    seen |= 1 << w
                    comp |= 1 << w
                    stack.append(w)
        parts.append(comp)
    touches = tuple(
        tuple(k for k, p in enumerate(parts) if any((p >> w) & 1 for w in adj[s])) for s in sep
    )
    linked = tuple(tuple(i for i, t in enumerate(sep) if t in adj[s]) for s in sep)
    counts = tuple(
        bytes(sum(1 for c in cells if (p >> c) & 1 and letters[c] == k) for k in range(26))
        for p in parts
    )
    return tuple(parts), touches, linked, counts


@given(grid=medium_grids(1, 7), loose=st.booleans(), data=st.data())
def test_cut_parts_match_a_flood_fill_per_cut(
    grid: GridState, loose: bool, data: st.DataObject
) -> None:
    # the cuts reuse the free region's components and split only those holding a cut cell;
    # every cut must come out as a whole-graph flood fill makes it, in the same order
    prep = engine._prep(grid, loose)
    cells, adj = engine._free_graph(grid, prep, loose)
    letters = engine._codes(grid)
    counted = list(find_cuts_counted(adj, cells, None, letters))
    if len(cells) >= 3:
        pairs = data.draw(
            st.lists(st.tuples(st.sampled_from(cells), st.sampled_from(cells)), max_size=6)
        )
        counted += find_triple_cuts_counted(
            adj, cells, [(u, v) for u, v in pairs if u != v], letters
        )
    for cut, counts in counted:
        assert (cut.parts, cut.touches, cut.linked, counts) == _reference_cut(
            adj, cells, cut.cells, letters
        )
    assert {cut.cells for cut, _ in counted} >= {
        cut.cells for cut, _ in find_cuts_counted(adj, cells, [], letters)
    }


@given(grid=medium_grids(1, 7), loose=st.booleans(), data=st.data())
def test_cell_by_cell_region_matches_the_bitmask_flood(
    grid: GridState, loose: bool, data: st.DataObject
) -> None:
    # the compiled build floods the search's regions cell by cell (_native.Reach), the pure
    # one by whole-bitmask shifts (_Reach); both must give the same regions in either build
    pad = engine._padding(grid.rows, grid.cols)
    prep = engine._prep(grid, loose)
    base_diag = 0 if loose else grid.diagonals
    shifts = engine._Reach(pad, prep.region, base_diag)
    cells = Reach(pad.width, pad.block, shifts.free, shifts.base_diag)
    for _ in range(5):
        start = pad.pos[data.draw(st.integers(0, grid.size - 1))]
        visited = pad.to_padded(data.draw(st.integers(0, (1 << grid.size) - 1)))
        diag = pad.to_padded(data.draw(st.integers(0, (1 << grid.size) - 1)))
        reach = shifts.region(start, visited, diag)
        assert cells.region(start, visited, diag) == reach
        # the compiled search's merge key: the region and the marks in its 2x2 blocks, or
        # None when the region lacks a needed letter
        masks = [pad.to_padded(data.draw(st.integers(0, (1 << grid.size) - 1)))]
        need = data.draw(st.integers(0, 3))
        rc = reach | (1 << start)
        w = pad.width
        expected = (reach, diag & (((rc >> 1) & (rc >> w)) | (rc & (rc >> (w + 1)))))
        got = cells.key(start, visited, diag, masks, [need])
        assert got == (None if (reach & masks[0]).bit_count() < need else expected)
