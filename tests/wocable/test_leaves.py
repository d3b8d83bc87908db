"""The packaged leave models: every leave has a value, ids and names agree, data recorded."""

from __future__ import annotations

import math
import random
from itertools import combinations_with_replacement

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from wordgames.wocable import Rules, new_game
from wordgames.wocable.engine import Tiles
from wordgames.wocable.leaves import LeaveModel, leave_features, leave_model


def _tiles(lang: str) -> Tiles:
    return new_game(2, rules=Rules(tiles=lang)).tiles


def _names(t: Tiles, ids: tuple[int, ...]) -> list[str]:
    return [t.tile_text(i).strip("[]") for i in ids]


def _bag(t: Tiles) -> list[int]:
    return [i for i, k in enumerate(t.counts) for _ in range(k)]


@pytest.mark.parametrize("lang", ["en", "es"])
def test_every_leave_of_up_to_four_tiles_has_a_finite_value(lang: str) -> None:
    t = _tiles(lang)
    model = leave_model(lang)
    by_id = model.for_tiles(t)
    kinds = [i for i, k in enumerate(t.counts) if k]
    seen = 0
    for size in (1, 2, 3, 4):
        for ids in combinations_with_replacement(kinds, size):
            if any(ids.count(i) > t.counts[i] for i in set(ids)):
                continue  # more copies than the set holds
            v = model.value(_names(t, ids))
            assert math.isfinite(v)
            assert by_id(ids) == pytest.approx(v, abs=1e-9)
            seen += 1
    assert seen > len(kinds) ** 2  # the loop really covered the leaves


@settings(deadline=None)
@given(lang=st.sampled_from(["en", "es"]), seed=st.integers(0, 10**9), size=st.integers(5, 6))
def test_leaves_of_five_and_six_tiles_have_values(lang: str, seed: int, size: int) -> None:
    t = _tiles(lang)
    model = leave_model(lang)
    ids = tuple(sorted(random.Random(seed).sample(_bag(t), size)))
    v = model.value(_names(t, ids))
    assert math.isfinite(v)
    assert model.for_tiles(t)(ids) == pytest.approx(v, abs=1e-9)


@pytest.mark.parametrize("lang", ["en", "es"])
def test_model_covers_the_tile_set_and_records_its_games(lang: str) -> None:
    model = leave_model(lang)
    t = _tiles(lang)
    for i, k in enumerate(t.counts):
        if k:
            assert f"t:{_names(t, (i,))[0]}" in model.weights
    assert model.tiles == lang
    assert model.games >= 300
    assert model.value([]) == 0.0
    # what self-play teaches first: a blank is worth keeping, a Q is not
    assert model.value(["?"]) > 0 > model.value(["Q"])
    assert LeaveModel.from_dict(model.to_dict()) == model


def test_features() -> None:
    f = leave_features(["E", "E", "S", "?"])
    assert f == {
        "t:E": 2.0,
        "d:E": 1.0,
        "t:S": 1.0,
        "t:?": 1.0,
        "p:?+E": 1.0,
        "p:?+S": 1.0,
        "p:E+S": 1.0,
        "b:2,1": 1.0,
        "n:4": 1.0,
    }
    assert leave_features([]) == {"b:0,0": 1.0, "n:0": 1.0}
