"""Real GCG files from other engines' public test data (tests/wocable/data/gcg, sources and
licences in its SOURCES file): what those engines load loads here, with every score the file
writes where its own arithmetic is right; what their tests refuse is refused with
``strict=True`` and, by default, loaded with an issue that names the problem or refused."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from wordgames.wocable import GcgError, from_gcg, to_gcg

DATA = Path(__file__).parent / "data" / "gcg"
FILES = sorted(p.name for p in DATA.glob("*.gcg"))
#: files the source engine's tests refuse, with the issue code that names the problem here
REFUSED = {
    # the end line's rack is not the rack field before it
    "magpie__six_pass_last_rack_malformed.gcg": "end_rack_mismatch",
    # a challenge bonus after a pass (a play edited into a pass: a later play goes through
    # the square it filled, so the file cannot be replayed)
    "magpie__challenge_bonus_without_play.gcg": "bonus_without_play",
}
#: files in a tile set other than English and Spanish
OTHER_TILE_SET = {"domino14__gcgio_testdata_polish_endgame.gcg"}
#: codes that mean the file's own arithmetic is wrong somewhere
ARITHMETIC = {"score_mismatch", "total_mismatch", "final_total_mismatch", "end_value_mismatch"}


def _text(name: str) -> str:
    raw = (DATA / name).read_bytes()
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError:  # an ISO-8859-1 file
        return raw.decode("latin-1")


def _last_totals(text: str) -> dict[str, int]:
    """Each nickname's last written total."""
    out: dict[str, int] = {}
    for line in text.splitlines():
        m = re.match(r"^>([^:\s]+):.*\s([+-]\d+)\s+(-?\d+)(?:\s.*)?$", line.strip())
        if m and not line.strip().endswith(","):
            out[m.group(1)] = int(m.group(3))
    return out


def test_the_corpus_is_there() -> None:
    assert len(FILES) >= 80
    sources = (DATA / "SOURCES").read_text(encoding="utf-8")
    for name in FILES:
        assert f"\n{name} | " in sources, name


@pytest.mark.parametrize("name", FILES)
def test_real_file(name: str) -> None:
    text = _text(name)
    if name in OTHER_TILE_SET:
        for strict in (False, True):
            with pytest.raises(GcgError) as err:
                from_gcg(text, strict=strict)
            assert err.value.code == "unsupported_tile_set"
        return
    if name in REFUSED:
        code = REFUSED[name]
        with pytest.raises(GcgError):
            from_gcg(text, strict=True)
        try:
            rec = from_gcg(text)
        except GcgError:
            return  # cannot be replayed: refused in both modes
        assert code in {i.code for i in rec.issues}
        return
    rec = from_gcg(text)
    final = rec.replay()
    codes = {i.code for i in rec.issues}
    if not codes & ARITHMETIC:
        totals = _last_totals(text)
        for p, nick in enumerate(final.players):
            if nick in totals:
                assert final.scores[p] == totals[nick], (nick, final.scores, totals)
    # what to_gcg writes reads back to the same game, with no issue
    back = from_gcg(to_gcg(rec))
    assert back == rec
    assert back.issues == ()


def test_most_real_files_load_without_search_trouble() -> None:
    """The share of the corpus that loads, and how many need their racks re-dealt."""
    loaded = redealt = 0
    for name in FILES:
        try:
            rec = from_gcg(_text(name))
        except GcgError:
            continue
        loaded += 1
        redealt += any(i.code == "rack_not_drawable" for i in rec.issues)
    assert loaded >= len(FILES) - len(OTHER_TILE_SET) - len(REFUSED)
    assert redealt < loaded // 3
