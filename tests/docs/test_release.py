"""One release story: __version__, CHANGELOG.md, docs/release.md and the compatibility table
of docs/contract.md agree with each other and with the code."""

from __future__ import annotations

import random
import re
from pathlib import Path

import pytest

import wordgames

ROOT = Path(__file__).resolve().parents[2]
HEADING = re.compile(r"^## \[(?P<version>[^\]]+)\] - (?P<date>.+)$", re.MULTILINE)
VERSION = re.compile(r"^(\d+)\.(\d+)\.(\d+)(?:\.dev(\d+))?$")


def changelog_sections() -> list[tuple[str, str, str]]:
    """(version, date, body) of every version section, top first."""
    text = (ROOT / "CHANGELOG.md").read_text(encoding="utf-8")
    heads = list(HEADING.finditer(text))
    ends = [h.start() for h in heads[1:]] + [len(text)]
    return [
        (h["version"], h["date"], text[h.end() : end]) for h, end in zip(heads, ends, strict=True)
    ]


def release_of(version: str) -> tuple[int, int, int]:
    match = VERSION.match(version)
    assert match, f"{version!r} is not X.Y.Z or X.Y.Z.devN"
    return int(match[1]), int(match[2]), int(match[3])


def test_version_and_changelog_agree() -> None:
    sections = changelog_sections()
    assert sections, "CHANGELOG.md has no '## [X.Y.Z] - date' section"
    top_version, top_date, _ = sections[0]
    version = wordgames.__version__
    if ".dev" in version:
        # between releases: the top section is the next version, not yet dated
        assert top_version == "{}.{}.{}".format(*release_of(version)), (
            f"__version__ {version} but the top CHANGELOG section is {top_version}"
        )
        assert top_date == "Unreleased", f"the section of {version} must be marked Unreleased"
    else:
        assert top_version == version, f"__version__ {version}, CHANGELOG top {top_version}"
        assert re.fullmatch(r"\d{4}-\d{2}-\d{2}", top_date), f"{version} is released: date it"
    for older, date, _ in sections[1:]:
        assert re.fullmatch(r"\d{4}-\d{2}-\d{2}", date), f"[{older}] is not dated: {date!r}"
    assert "## [Unreleased]" not in (ROOT / "CHANGELOG.md").read_text(encoding="utf-8")


def test_versions_go_down_and_breaking_changes_raise_the_minor() -> None:
    sections = changelog_sections()
    releases = [release_of(v) for v, _, _ in sections]
    assert releases == sorted(set(releases), reverse=True), "versions must go down the file"
    for (newer, _, body), older in zip(sections[:-1], releases[1:], strict=True):
        major, minor, _ = release_of(newer)
        if "### Changed (breaking)" in body:
            bumped = major > older[0] if major >= 1 else (major, minor) > older[:2]
            assert bumped, f"{newer} has breaking changes but does not raise the version enough"


def test_release_page_names_every_version() -> None:
    text = (ROOT / "docs/release.md").read_text(encoding="utf-8")
    for version, _, _ in changelog_sections():
        assert f"| {version} " in text, f"docs/release.md does not say what {version} is"


def contract_table() -> dict[str, str]:
    """First column -> the current format version, from docs/contract.md's table."""
    text = (ROOT / "docs/contract.md").read_text(encoding="utf-8")
    section = text.split("## Compatibility across versions", 1)[1].split("\n## ", 1)[0]
    rows = re.findall(r"^\| ([^|]+?) \| (\d+) \|", section, re.MULTILINE)
    return dict(rows)


GAME_NAMES = {
    "regenwormen": "Regenwormen",
    "wocable": "Wocable",
    "wommeln": "Wömmeln",
    "wordmeld": "WordMeld",
}


@pytest.mark.parametrize("game", sorted(wordgames.GAMES))
def test_contract_table_has_the_current_format_versions(game: str) -> None:
    table = contract_table()
    row = f"{GAME_NAMES[game]} state, view"
    assert row in table, f"docs/contract.md's compatibility table has no row {row!r}"
    state = wordgames.GAMES[game].new_game(2)
    assert state.to_dict()["version"] == int(table[row])
    assert state.view(0).to_dict()["version"] == int(table[row])
    assert state.view(None).to_dict()["version"] == int(table[row])


def test_contract_table_has_the_record_version() -> None:
    table = contract_table()
    record = wordgames.play(
        wordgames.GAMES["regenwormen"].new_game(2), wordgames.RandomBot(), random.Random(0)
    )
    assert record.to_dict()["version"] == int(table["record (`Record.to_dict`)"])


def _fenced_commands(text: str) -> list[str]:
    """The unlabelled and shell fenced blocks of a Markdown text: the commands a reader types."""
    from tests.docs.test_code_blocks import extract_blocks

    return [b.code.strip() for b in extract_blocks(text) if b.lang in ("", "sh", "bash")]


def test_install_says_how_to_install_before_the_first_upload() -> None:
    """Until the first upload, the install sections say how to install from a checkout or a
    built wheel, and the release page has the build, check and upload steps."""
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    index = (ROOT / "docs" / "index.md").read_text(encoding="utf-8")
    install = (ROOT / "docs" / "install.md").read_text(encoding="utf-8")
    release = (ROOT / "docs" / "release.md").read_text(encoding="utf-8")
    for page in (readme, index, install):
        assert "pip install ." in page
        assert "python -m build" in page
    assert "pip install wordgames\n" not in readme + index  # not a command to type yet
    for step in ("python -m build", "twine check --strict", "twine upload"):
        assert step in release
    # the README's only set-up commands stay the two of `./dev`
    assert _fenced_commands(readme) == ["./dev demo", "./dev test"]
