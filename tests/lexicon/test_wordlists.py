"""The repository stands alone: the source word lists are in it (data/wordlists/), and the
packaged lexicons are exactly what tools/build_lexicons.py builds from them."""

from __future__ import annotations

import importlib.util
import json
from importlib import resources
from pathlib import Path
from types import ModuleType

import pytest

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


def test_the_tools_read_the_lists_from_the_repository(tool: ModuleType) -> None:
    assert tool.WORDLISTS == WORDLISTS
    for source in set(tool.SOURCES.values()):
        assert (WORDLISTS / source).is_file(), f"data/wordlists/{source} is missing"
    assert set(tool.SOURCES) == set(BUILTIN_LEXICONS)
    readme = (WORDLISTS / "README.md").read_text(encoding="utf-8")
    assert "public domain" in readme
    for source in set(tool.SOURCES.values()):
        assert source in readme, f"data/wordlists/README.md does not describe {source}"


@pytest.mark.parametrize("name", sorted(BUILTIN_LEXICONS))
def test_packaged_lexicon_is_built_from_the_repository_list(tool: ModuleType, name: str) -> None:
    language, alphabet, _ = BUILTIN_LEXICONS[name]
    index = json.loads(
        resources.files("wordgames.lexicon").joinpath("data/index.json").read_text("utf-8")
    )
    built = Lexicon.from_file(
        WORDLISTS / tool.SOURCES[name],
        name=name,
        language=language,
        alphabet=alphabet,
        every_spelling=name in tool.EVERY_SPELLING,
    )
    assert built.digest == index["lexicons"][name]["digest"]
    assert built.digest == Lexicon.builtin(name).digest
    assert len(built) == index["lexicons"][name]["words"]
