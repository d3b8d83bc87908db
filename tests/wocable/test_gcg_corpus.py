"""Real GCG files written by other programs, read in place from ``shared/data/gcg``
(``games/``: 25 complete tournament and online games; ``engine-tests/``: 168 files of the test
data of MAGPIE, Macondo, Woogles and Quackle, whose ``SOURCES.md`` gives what the peer's own tests
expect of each). They are never copied into this repository (tests/shared_data.py).

Each file meets its expectation the way the forgiving reader does: a file the peer loads loads
here, with every total the file writes where its own arithmetic is right, and writes back to
the same game; a file the peer refuses is refused with ``strict=True`` and, by default, loads
with an issue that names the peer's problem or is refused with such a code."""

from __future__ import annotations

import functools
import re
from pathlib import Path

import pytest

from tests.shared_data import available, shared_path
from wordgames.wocable import GcgError, Rules, from_gcg, to_gcg

GAMES = ("gcg", "games")
ENGINE_TESTS = ("gcg", "engine-tests")

#: what the peer's error means here: the codes (an issue of the default read, or the error of a
#: file that cannot be replayed) that name the same problem
PEER_ERRORS = {
    "GCG_PARSE_RACK_MALFORMED": {"malformed_rack"},
    "GCG_PARSE_CHALLENGE_BONUS_WITHOUT_PLAY": {"bonus_without_play", "illegal_move"},
    "GCG_PARSE_PRAGMA_SUCCEEDED_EVENT": {"pragma_order"},
    "GCG_PARSE_DUPLICATE_NAMES": {"duplicate_name"},
    "GCG_PARSE_DUPLICATE_NICKNAMES": {"duplicate_nickname", "unknown_player"},
    "GCG_PARSE_GCG_EMPTY": {"bad_players", "not_text"},
    "GCG_PARSE_MISPLACED_ENCODING": {"pragma_order"},
    "GCG_PARSE_END_GAME_EVENT_BEFORE_GAME_END": {"premature_time_penalty"},
    "GCG_PARSE_RACK_END_POINTS_INCORRECT": {"end_value_mismatch"},
    "GCG_PARSE_EVENT_AFTER_LAST_RACK": {"pragma_order"},
    "GCG_PARSE_MOVE_VALIDATION_ERROR": {
        "unreadable_line",
        "tile_not_on_rack",
        "off_board",
        "illegal_move",
        "too_many_tiles",
    },
    "GCG_PARSE_RACK_NOT_IN_BAG": {"too_many_tiles", "end_rack_mismatch", "rack_not_drawable"},
    "GCG_PARSE_GAME_EVENT_OFF_TURN": {"wrong_turn"},
    "GCG_PARSE_INVALID_CHALLENGE_BONUS_PLAYER_INDEX": {"bonus_without_play"},
    "GCG_PARSE_INVALID_PHONY_TILES_PLAYER_INDEX": {"withdraw_without_play"},
    "GCG_PARSE_END_RACK_PENALTY_INCORRECT": {"end_value_mismatch"},
    "GCG_PARSE_GAME_EVENT_BEFORE_PLAYER": {"pragma_order"},
    "GCG_PARSE_MOVE_EVENT_AFTER_GAME_END": {"illegal_move"},
    "GCG_PARSE_NO_MATCHING_TOKEN": {"unreadable_line"},
    "GCG_PARSE_NOTE_PRECEDENT_EVENT": {"pragma_order"},
    # the withdrawn tiles are not the play's: the rack they go back to is not drawable
    "GCG_PARSE_PHONY_TILES_RETURNED_MISMATCH": {"rack_not_drawable"},
    "GCG_PARSE_PHONY_TILES_RETURNED_WITHOUT_PLAY": {"withdraw_without_play"},
    "GCG_PARSE_PLAYER_DOES_NOT_EXIST": {"unknown_player"},
    "GCG_PARSE_PLAYER_NUMBER_REDUNDANT": {"bad_players", "redundant_pragma"},
    "GCG_PARSE_REDUNDANT_PRAGMA": {"redundant_pragma"},
    "GCG_PARSE_CUMULATIVE_SCORING_ERROR": {"total_mismatch", "final_total_mismatch"},
    "GCG_PARSE_PLAYED_LETTERS_NOT_IN_RACK": {"end_rack_mismatch"},
    "GCG_PARSE_PREMATURE_TIME_PENALTY": {"premature_time_penalty"},
    "GCG_PARSE_GAME_REDUNDANT_TIME_PENALTY": {"duplicate_time_penalty"},
    "GCG_PARSE_UNRECOGNIZED_GAME_VARIANT": {"unsupported_variant"},
    "GCG_PARSE_UNSUPPORTED_CHARACTER_ENCODING": {"unsupported_encoding"},
    "unhandled character encoding": {"unsupported_encoding"},  # Macondo's words
}
#: files in a tile set other than English and Spanish
OTHER_TILE_SET = {"macondo_gcgio_testdata_polish_endgame.gcg"}
#: files whose expectation is "unknown" (no test of the peer reads them) that are judged here
#: otherwise than "loads", with the code and the reason (docs/wocable.md, "Real files")
JUDGED = {
    # the same two moves written eight times over: a play on squares already filled
    "magpie-data_testdata_gcgs_game_events_overflow.gcg": "illegal_move",
    # a game of six consecutive scoreless turns (a NASPA ending) in a file that names no
    # lexicon or rules: read under Wocable's four-pass rule it ends two turns early; it loads
    # with rules=Rules.preset("naspa") (test_six_pass_game_loads_under_the_naspa_preset)
    "magpie_dev_six_pass.gcg": "wrong_turn",
    # racks a development fixture sets in code: no order of draws from one bag deals them
    "magpie_dev_six_exchange.gcg": "not_replayable",
}
#: codes that mean the file's own arithmetic is wrong somewhere
ARITHMETIC = {"score_mismatch", "total_mismatch", "final_total_mismatch", "end_value_mismatch"}


@functools.cache
def _sources(parts: tuple[str, ...]) -> dict[str, tuple[str, str]]:
    """File name -> (expected, kind) from a corpus folder's SOURCES.md table."""
    out: dict[str, tuple[str, str]] = {}
    text = shared_path(*parts, "SOURCES.md").read_text(encoding="utf-8")
    header: list[str] = []
    for line in text.splitlines():
        if not line.startswith("|") or set(line) <= {"|", "-", " "}:
            continue
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if cells[0] == "file":
            header = cells
            continue
        row = dict(zip(header, cells, strict=False))
        out[cells[0]] = (row.get("expected", "load"), row.get("kind", ""))
    return out


def _files() -> list[tuple[str, str]]:
    if not available(*GAMES) or not available(*ENGINE_TESTS):
        return [("absent", "absent")]  # the test skips, naming the variable (fails under CI)
    return [
        (folder, p.name)
        for folder, parts in (("games", GAMES), ("engine-tests", ENGINE_TESTS))
        for p in sorted(shared_path(*parts).glob("*.gcg"))
    ]


FILES = _files()


def _text(path: Path) -> str:
    raw = path.read_bytes()
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


def _codes(text: str) -> tuple[set[str], bool]:
    """The codes the default read reports (its issues, or its error) and whether it loaded."""
    try:
        rec = from_gcg(text)
    except GcgError as exc:
        return {exc.code}, False
    return {i.code for i in rec.issues}, True


def test_the_corpus_is_all_there() -> None:
    games = _sources(GAMES)
    tests = _sources(ENGINE_TESTS)
    on_disk = {name for _, name in FILES}
    assert len(games) == 25
    assert len(tests) == 168
    assert on_disk == set(games) | set(tests)
    assert {e for e, _ in games.values()} == {"load"}
    for expected, kind in tests.values():
        assert expected in ("load", "unknown") or expected.startswith("refuse ("), expected
        assert (kind != "") == expected.startswith("refuse"), (expected, kind)


@pytest.mark.parametrize(("folder", "name"), FILES)
def test_real_file(folder: str, name: str) -> None:
    parts = GAMES if folder == "games" else ENGINE_TESTS
    expected, _ = _sources(parts)[name]
    text = _text(shared_path(*parts, name))
    if name in OTHER_TILE_SET:
        for strict in (False, True):
            with pytest.raises(GcgError) as err:
                from_gcg(text, strict=strict)
            assert err.value.code == "unsupported_tile_set"
        return
    if expected.startswith("refuse"):
        peer = expected[len("refuse (") : -1]
        with pytest.raises(GcgError):
            from_gcg(text, strict=True)
        codes, loaded = _codes(text)
        assert codes & PEER_ERRORS[peer], (peer, codes, loaded)
        return
    if name in JUDGED:
        with pytest.raises(GcgError) as err:
            from_gcg(text)
        assert err.value.code == JUDGED[name]
        return
    rec = from_gcg(text)
    final = rec.replay()
    codes = {i.code for i in rec.issues}
    if not codes & ARITHMETIC:
        totals = _last_totals(text)
        for p, nick in enumerate(final.players):
            if nick in totals:
                assert final.scores[p] == totals[nick], (nick, final.scores, totals)
    if not codes:  # a file the reader takes as written is taken by the strict reader too
        assert from_gcg(text, strict=True) == rec
    # what to_gcg writes reads back to the same game, with no issue
    back = from_gcg(to_gcg(rec))
    assert back == rec
    assert back.issues == ()


def test_six_pass_game_loads_under_the_naspa_preset() -> None:
    text = _text(shared_path(*ENGINE_TESTS, "magpie_dev_six_pass.gcg"))
    rec = from_gcg(text, rules=Rules.preset("naspa"))
    final = rec.replay()
    assert final.is_terminal
    assert final.scores == (513, 348)  # the file's last totals
