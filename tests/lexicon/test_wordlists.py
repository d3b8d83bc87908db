"""The packaged lexicons are exactly what tools/build_lexicons.py builds from the source word
lists: ENABLE read in place from the shared data folder (tests/shared_data.py; taken from another
repository, so never committed), the Spanish list from data/wordlists/; each list's origin and
checksum are recorded in data/wordlists/README.md."""

from __future__ import annotations

import hashlib
import importlib.util
import json
from importlib import resources
from pathlib import Path
from types import ModuleType

import pytest

from tests.shared_data import shared_path
from wordgames.lexicon import BUILTIN_LEXICONS, Lexicon

ROOT = Path(__file__).resolve().parents[2]
WORDLISTS = ROOT / "data" / "wordlists"


def build_tool() -> ModuleType:
    path = ROOT / "tools" / "build_lexicons.py"
    spec = importlib.util.spec_from_file_location("build_lexicons", path)
    assert spec is not None
    assert spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.fixture(scope="module")
def tool() -> ModuleType:
    if not WORDLISTS.is_dir() and not (ROOT / ".git").exists():
        pytest.skip("the sdist does not ship the source word lists (a git clone does)")
    return build_tool()


def _source(tool: ModuleType, name: str) -> Path:
    """The list the tool builds ``name`` from, found the way the tests find shared data."""
    file = tool.SOURCES[name]
    if tool.HOMES[file] == WORDLISTS:
        return WORDLISTS / file
    return shared_path(file)


def test_the_tool_reads_each_list_from_its_home(tool: ModuleType) -> None:
    assert tool.WORDLISTS == WORDLISTS
    assert set(tool.SOURCES) == set(BUILTIN_LEXICONS)
    assert set(tool.HOMES) == set(tool.SOURCES.values())
    assert tool.HOMES["enable1.txt"] == tool.SHARED  # taken from another repository
    assert not (WORDLISTS / "enable1.txt").exists()
    readme = (WORDLISTS / "README.md").read_text(encoding="utf-8")
    assert "public domain" in readme
    for name in tool.SOURCES:
        source = _source(tool, name)
        assert source.is_file(), f"{source} is missing"
        digest = hashlib.sha256(source.read_bytes()).hexdigest()
        assert f"{digest}  {source.name}" in readme, f"the README's checksum of {source.name}"


@pytest.mark.parametrize("name", sorted(BUILTIN_LEXICONS))
def test_packaged_lexicon_is_built_from_the_repository_list(tool: ModuleType, name: str) -> None:
    language, alphabet, _ = BUILTIN_LEXICONS[name]
    index = json.loads(
        resources.files("wordgames.lexicon").joinpath("data/index.json").read_text("utf-8")
    )
    built = Lexicon.from_file(
        _source(tool, name),
        name=name,
        language=language,
        alphabet=alphabet,
        every_spelling=name in tool.EVERY_SPELLING,
    )
    assert built.digest == index["lexicons"][name]["digest"]
    assert built.digest == Lexicon.builtin(name).digest
    assert len(built) == index["lexicons"][name]["words"]
