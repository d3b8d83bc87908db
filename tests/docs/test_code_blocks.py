"""Every fenced ``python`` block in README.md and docs/*.md runs.

Each page's blocks run in order in one namespace (so a later block may use an earlier block's
names), from a fresh temporary working directory. A block that is deliberately a fragment is
marked with the HTML comment ``<!-- no-run -->`` on the line just before its fence; the marker
is invisible on the rendered site. Printed output shown in comments is not compared: the point
is that the code the docs show still runs against the library as it is.

Pages whose blocks need an optional extra (``wordgames[rl]``) are skipped when the extra is
missing.
"""

from __future__ import annotations

import importlib.util
import re
from pathlib import Path

import attrs
import pytest

ROOT = Path(__file__).resolve().parents[2]
NO_RUN = "<!-- no-run -->"
_FENCE = re.compile(r"^(?P<indent>[ \t]*)(?P<ticks>`{3,}|~{3,})(?P<info>[^`]*)$")

# Pages that need modules outside the dev extra, with the modules they need.
NEEDS = {"docs/rl.md": ("numpy", "gymnasium", "pettingzoo", "pyspiel")}


@attrs.frozen
class Block:
    """One fenced code block: its page, its first code line (1-based), language and text."""

    page: str
    line: int
    lang: str
    code: str
    run: bool


def extract_blocks(text: str, page: str = "<text>") -> list[Block]:
    """Every fenced block of a Markdown text, in order, with its ``no-run`` mark."""
    lines = text.splitlines()
    blocks: list[Block] = []
    i = 0
    while i < len(lines):
        m = _FENCE.match(lines[i])
        if m is None:
            i += 1
            continue
        indent, ticks = m["indent"], m["ticks"]
        info = m["info"].strip()
        lang = info.split()[0].lstrip(".").lower() if info else ""
        marked = i > 0 and lines[i - 1].strip() == NO_RUN
        body: list[str] = []
        j = i + 1
        while j < len(lines):
            stripped = lines[j].strip()
            if stripped.startswith(ticks[0] * len(ticks)) and not stripped.strip(ticks[0]):
                break
            line = lines[j]
            body.append(line[len(indent) :] if line.startswith(indent) else line.lstrip())
            j += 1
        else:
            raise AssertionError(f"{page}:{i + 1}: unclosed code fence")
        blocks.append(Block(page, i + 2, lang, "\n".join(body) + "\n", not marked))
        i = j + 1
    return blocks


def pages() -> list[str]:
    """README.md and every docs/*.md (the generated API pages in docs/api/ are not included)."""
    docs = sorted(p.relative_to(ROOT).as_posix() for p in (ROOT / "docs").glob("*.md"))
    return ["README.md", *docs]


def python_blocks(page: str) -> list[Block]:
    """The page's Python blocks, marked ones included."""
    text = (ROOT / page).read_text(encoding="utf-8")
    return [b for b in extract_blocks(text, page) if b.lang in ("python", "py", "python3")]


@pytest.mark.parametrize("page", pages())
def test_page_code_blocks_run(
    page: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    for module in NEEDS.get(page, ()):
        if importlib.util.find_spec(module) is None:
            pytest.skip(f"{page} needs {module} (an optional extra)")
    blocks = [b for b in python_blocks(page) if b.run]
    if not blocks:
        pytest.skip(f"{page} has no runnable Python block")
    monkeypatch.chdir(tmp_path)
    # run as a script is: a block's ``if __name__ == "__main__":`` guard runs its body
    namespace: dict[str, object] = {"__name__": "__main__"}
    for block in blocks:
        source = "\n" * (block.line - 1) + block.code  # tracebacks show the page's line numbers
        try:
            exec(compile(source, str(ROOT / page), "exec"), namespace)
        except Exception as exc:
            raise AssertionError(
                f"{page}: the Python block at line {block.line} fails: {exc!r}"
            ) from exc
    capsys.readouterr()


def test_no_run_marks_sit_on_python_fences() -> None:
    """A ``no-run`` mark that does not sit right above a Python fence is a stale mark."""
    for page in pages():
        lines = (ROOT / page).read_text(encoding="utf-8").splitlines()
        for n, line in enumerate(lines):
            if line.strip() != NO_RUN:
                continue
            nxt = lines[n + 1] if n + 1 < len(lines) else ""
            m = _FENCE.match(nxt)
            where = f"{page}:{n + 1}: {NO_RUN} is not on the line before a ```python fence"
            assert m is not None, where
            assert m["info"].strip().startswith("python"), where


def test_every_page_with_python_has_runnable_blocks() -> None:
    """The extractor finds the blocks (a broken pattern would make the run test vacuous)."""
    total = 0
    for page in pages():
        text = (ROOT / page).read_text(encoding="utf-8")
        fences = sum(
            1 for line in text.splitlines() if re.match(r"^\s*```python\s*$", line) is not None
        )
        found = python_blocks(page)
        assert len(found) == fences, page
        total += sum(1 for b in found if b.run)
    assert total >= 20


def test_extract_blocks() -> None:
    text = "\n".join(
        [
            "# Title",
            "```python",
            "x = 1",
            "```",
            "text",
            NO_RUN,
            "```python",
            "send(x)",
            "```",
            "- item",
            "",
            "    ```python",
            "    y = x + 1",
            "    ```",
            "```",
            "$ shell",
            "```",
        ]
    )
    blocks = extract_blocks(text)
    assert [(b.lang, b.run, b.line, b.code) for b in blocks] == [
        ("python", True, 3, "x = 1\n"),
        ("python", False, 8, "send(x)\n"),
        ("python", True, 13, "y = x + 1\n"),
        ("", True, 16, "$ shell\n"),
    ]
    with pytest.raises(AssertionError, match="unclosed"):
        extract_blocks("```python\nx = 1\n")
