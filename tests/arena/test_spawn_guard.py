"""The process pool from a plain script: an unguarded call stops before any worker starts,
with a WordgamesError naming the line to put under ``if __name__ == "__main__":``; a guarded
one works; bots the workers could not receive are refused up front."""

from __future__ import annotations

import dis
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from wordgames import WordgamesError
from wordgames.arena import _guarded_offsets, run

PLAY = 'arena.run("regenwormen", ["random", "random"], games=2, workers=2)'


def _script(tmp_path: Path, body: str) -> subprocess.CompletedProcess[str]:
    path = tmp_path / "script.py"
    path.write_text(textwrap.dedent(body))
    return subprocess.run(
        [sys.executable, str(path)], capture_output=True, text=True, timeout=120, cwd=tmp_path
    )


def test_unguarded_script_stops_before_any_worker_with_the_line(tmp_path: Path) -> None:
    done = _script(
        tmp_path,
        f"""\
        import os
        from wordgames import arena
        print("started", os.getpid(), flush=True)
        {PLAY}
        """,
    )
    assert done.returncode != 0
    assert "WordgamesError" in done.stderr
    assert "script.py:4" in done.stderr
    assert 'if __name__ == "__main__":' in done.stderr
    assert done.stdout.count("started") == 1  # no worker ran the script again
    assert "BrokenProcessPool" not in done.stderr


def test_guarded_script_runs_the_pool(tmp_path: Path) -> None:
    done = _script(
        tmp_path,
        f"""\
        from wordgames import arena

        def main():
            print({PLAY}.results[0].scores)

        if __name__ == "__main__":
            main()
        """,
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith("(")


def test_bot_class_of_an_interactive_session_is_refused() -> None:
    code = textwrap.dedent(
        """\
        import attrs
        from wordgames import arena, WordgamesError
        @attrs.frozen
        class Mine:
            def choose(self, view, rng):
                return rng.choice(view.legal_actions())
        try:
            arena.run("regenwormen", [Mine(), "random"], games=2, workers=2)
        except WordgamesError as exc:
            print("refused:", exc)
        print(arena.run("regenwormen", [Mine(), "random"], games=2, workers=1).entrants)
        """
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    assert "refused: bot Mine is defined in an interactive session" in done.stdout
    assert "('Mine', 'random')" in done.stdout


class _Unpicklable:
    def __init__(self) -> None:
        self.hook = lambda: None

    def choose(self, view: object, rng: object) -> object:  # pragma: no cover - never played
        raise AssertionError


def test_unpicklable_bot_is_refused_before_the_pool() -> None:
    with pytest.raises(WordgamesError, match="cannot be sent to a worker"):
        run("regenwormen", [_Unpicklable(), "random"], 2, workers=2)


@pytest.mark.parametrize(
    ("source", "guarded"),
    [
        ('if __name__ == "__main__":\n    f()\n', True),
        ("if '__main__' == __name__:\n    f()\n", True),
        ("f()\n", False),
        ('if __name__ == "__main__":\n    pass\nf()\n', False),
    ],
)
def test_guard_ranges_cover_the_guarded_body(source: str, guarded: bool) -> None:
    code = compile("def f(): pass\n" + source, "<s>", "exec")
    calls = [i.offset for i in dis.get_instructions(code) if i.opname.startswith("CALL")]
    ranges = _guarded_offsets(code)
    assert any(lo < calls[-1] < hi for lo, hi in ranges) == guarded
