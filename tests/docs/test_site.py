"""The pictures on the site are drawn by the library when the site is built (docs/hooks/
pictures.py), from the code docs/pictures.md shows: the home page and every game's page open
with the game's own picture, and no drawn copy is kept in docs/ to go stale."""

from __future__ import annotations

import importlib.util
import re
import xml.etree.ElementTree as ET
from pathlib import Path
from types import ModuleType

import pytest

import wordgames

ROOT = Path(__file__).resolve().parents[2]
GAMES = sorted(wordgames.GAMES)


def hook() -> ModuleType:
    spec = importlib.util.spec_from_file_location("pictures_hook", ROOT / "docs/hooks/pictures.py")
    assert spec is not None
    assert spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_no_drawn_picture_is_kept_in_the_sources() -> None:
    assert not list((ROOT / "docs").rglob("*.svg")), "drawn pictures go stale: let the hook draw"


@pytest.mark.parametrize("game", GAMES)
def test_site_picture_is_what_the_pictures_page_code_draws(site: Path, game: str) -> None:
    drawn = (site / "img" / f"{game}.svg").read_text(encoding="utf-8")
    root = ET.fromstring(drawn)
    assert root.tag.endswith("svg")
    assert drawn == hook().pictures(ROOT / "docs/pictures.md")[game]


def first_image(html: str) -> str:
    main = html.split('<article class="md-content__inner', 1)[1]
    found = re.search(r'<img [^>]*src="([^"]+)"', main)
    assert found, "the page has no picture"
    return found[1]


@pytest.mark.parametrize("game", GAMES)
def test_game_page_opens_with_its_picture(site: Path, game: str) -> None:
    html = (site / game / "index.html").read_text(encoding="utf-8")
    assert first_image(html) == f"../img/{game}.svg"
    before = html.split(f'src="../img/{game}.svg"', 1)[0].split("md-content__inner", 1)[1]
    text = re.sub(r"<[^>]*>", "", before.split("</h1>", 1)[1].rsplit("<img", 1)[0]).strip()
    assert text == "", f"{game}: {text[:60]!r} comes before the picture"


def test_home_page_opens_with_every_game_picture(site: Path) -> None:
    html = (site / "index.html").read_text(encoding="utf-8")
    main = html.split('<article class="md-content__inner', 1)[1]
    images = re.findall(r'<img [^>]*src="img/(\w+)\.svg"', main.split("<table>", 1)[0])
    assert sorted(images) == GAMES
