"""The shared SVG builder: escaping, well-formed output, sizes."""

from __future__ import annotations

import xml.etree.ElementTree as ET

import pytest
from hypothesis import given
from hypothesis import strategies as st

from wordgames._core.svg import Drawing, clean, fit, num

NS = "{http://www.w3.org/2000/svg}"


@given(st.text(), st.text(), st.text())
def test_any_text_gives_well_formed_svg(text: str, title: str, attr: str) -> None:
    d = Drawing(100, 50, title=title)
    d.text(10, 10, text, size=12, class_=attr)
    with d.group(id=attr):
        d.rect(0, 0, 5, 5, fill="#fff", stroke=attr)
    root = ET.fromstring(d.to_svg())
    assert root.tag == f"{NS}svg"
    node = root.find(f"{NS}text")
    assert node is not None
    assert (node.text or "") == clean(text)
    assert node.get("class") == clean(attr)
    assert (root.findtext(f"{NS}title") or "") == (clean(title) if title else "")


def test_markup_in_text_is_escaped() -> None:
    d = Drawing(10, 10, title="<b>&")
    d.text(0, 0, '</text><script>alert("x")</script>', size=5)
    out = d.to_svg()
    assert "<script>" not in out
    root = ET.fromstring(out)
    assert root.find(f"{NS}script") is None
    assert root.findtext(f"{NS}text") == '</text><script>alert("x")</script>'


def test_control_characters_are_dropped() -> None:
    assert clean("a\x00b\x1bc\ufffe\td") == "abc\td"


def test_attribute_names_and_values() -> None:
    d = Drawing(10, 10)
    d.rect(1, 2.5, 3, 4, fill="red", stroke_width=1.25, class_="x", rx=None)
    rect = ET.fromstring(d.to_svg()).findall(f"{NS}rect")[-1]
    assert rect.get("stroke-width") == "1.25"
    assert rect.get("class") == "x"
    assert rect.get("y") == "2.5"
    assert rect.get("rx") is None


@given(st.text(), st.integers(1, 40))
def test_fit(text: str, limit: int) -> None:
    out = fit(text, limit)
    assert len(out) <= limit
    if len(clean(text)) <= limit:
        assert out == clean(text)
    else:
        assert out.endswith("…")
        assert clean(text).startswith(out[:-1])


def test_num() -> None:
    assert num(3.0) == "3"
    assert num(2.5) == "2.5"
    assert num(1 / 3) == "0.33"


def test_size_scales_the_displayed_picture_only() -> None:
    d = Drawing(200, 100)
    root = ET.fromstring(d.to_svg(size=400))
    assert (root.get("width"), root.get("height"), root.get("viewBox")) == (
        "400",
        "200",
        "0 0 200 100",
    )
    with pytest.raises(ValueError, match="positive"):
        d.to_svg(size=0)


def test_an_open_group_is_an_error() -> None:
    d = Drawing(10, 10)
    cm = d.group()
    cm.__enter__()
    with pytest.raises(RuntimeError):
        d.to_svg()
