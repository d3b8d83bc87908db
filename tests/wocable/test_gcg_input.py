"""What a newcomer hands ``from_gcg`` and ``wordgames gcg``: a path instead of the text and
binary data are ``not_text`` (with the fix in the message); full names survive a round trip
(``#player1 me Me`` stays ``Me``)."""

from __future__ import annotations

import io
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from wordgames.cli import main
from wordgames.wocable import GcgError, from_gcg, to_gcg

GAME = """#player1 me Me Example
#player2 you You
>me: ACEQTXZ 8G CAT +10 10
"""


def test_a_path_is_not_the_text() -> None:
    with pytest.raises(GcgError) as err:
        from_gcg("game.gcg")
    assert err.value.code == "not_text"
    assert "looks like a file name" in str(err.value)
    assert "open(path" in str(err.value)


@given(data=st.binary(min_size=1, max_size=300))
def test_binary_data_is_not_text(data: bytes) -> None:
    text = (b"\x00" + data).decode("utf-8", errors="replace")
    with pytest.raises(GcgError) as err:
        from_gcg(text)
    assert err.value.code == "not_text"


def test_gcg_check_of_a_binary_file_says_not_text(tmp_path: Path) -> None:
    path = tmp_path / "picture.png"
    path.write_bytes(b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR" + bytes(range(256)))
    out = io.StringIO()
    assert main(["gcg", "check", str(path)], out=out) == 1
    assert f"{path}: not_text: binary data" in out.getvalue()


def test_full_names_keep_their_case_through_to_gcg_and_convert(tmp_path: Path) -> None:
    record = from_gcg(GAME)
    assert record.replay().players == ("me", "you")
    assert record.names == ("Me Example", "You")
    text = to_gcg(record)
    assert "#player1 me Me Example\n#player2 you You\n" in text
    assert from_gcg(text).names == record.names
    path = tmp_path / "game.gcg"
    path.write_text(GAME, encoding="utf-8")
    out = io.StringIO()
    assert main(["gcg", "convert", str(path), "--to", "gcg"], out=out) == 0
    assert "#player1 me Me Example\n" in out.getvalue()
