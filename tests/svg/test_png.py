"""Sample pictures rendered by a real SVG renderer (cairosvg): the right size, not blank."""

from __future__ import annotations

import io

import pytest

from tests.svg.helpers import GAMES, parse, playout

cairosvg = pytest.importorskip("cairosvg")
Image = pytest.importorskip("PIL.Image")
ImageStat = pytest.importorskip("PIL.ImageStat")


def _render(svg: str) -> tuple[int, int, float, int]:
    """(width, height, grey-level standard deviation, number of colours) of the PNG."""
    png = cairosvg.svg2png(bytestring=svg.encode("utf-8"))
    image = Image.open(io.BytesIO(png)).convert("RGB")
    grey = image.convert("L")
    colours = image.getcolors(maxcolors=1 << 20) or []
    return image.width, image.height, ImageStat.Stat(grey).stddev[0], len(colours)


@pytest.mark.parametrize("name", sorted(GAMES))
def test_sample_pictures_render(name: str) -> None:
    state = list(playout(name, 3))[-1]
    svg = GAMES[name][1](state, viewer=0)
    root = parse(svg)
    width, height, spread, colours = _render(svg)
    assert (width, height) == (
        round(float(root.get("width", 0))),
        round(float(root.get("height", 0))),
    )
    assert width >= 300
    assert height >= 200
    assert spread > 10  # not one flat colour
    assert colours > 20  # text, tiles and lines, anti-aliased


@pytest.mark.parametrize("name", sorted(GAMES))
def test_size_scales_the_rendered_picture(name: str) -> None:
    state = list(playout(name, 4, 30))[-1]
    width, height, _, _ = _render(GAMES[name][1](state, size=300))
    assert width == 300
    assert height > 0


def test_a_blank_picture_would_be_caught() -> None:
    from wordgames._core.svg import Drawing

    _, _, spread, colours = _render(Drawing(400, 300).to_svg())
    assert spread < 1
    assert colours == 1
