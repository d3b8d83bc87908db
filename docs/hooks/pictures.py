"""mkdocs hook: draw every game's picture at build time, so the site never shows a stale one.

docs/pictures.md shows, for each game, the code that draws a real position followed by the
image ``![...](img/<game>.svg)``. This hook runs each of those code blocks (in a namespace of
its own) and adds the SVG string it leaves in ``picture`` to the site as ``img/<game>.svg``:
the pictures on the home page, the game pages and the pictures page are what the library
draws today, from the code the reader sees. No SVG is kept in docs/. Registered in
mkdocs.yml under ``hooks:``; tests/docs/test_site.py checks the pictures in the built site.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from mkdocs.structure.files import File, Files

#: a python block immediately followed (after blank lines) by the picture it draws
BLOCK = re.compile(r"```python\n(?P<code>.*?)\n```\s*\n!\[[^\]]*\]\(img/(?P<game>\w+)\.svg\)", re.S)


def pictures(page: Path) -> dict[str, str]:
    """Game name -> the SVG that the page's code block for that game draws."""
    out: dict[str, str] = {}
    for match in BLOCK.finditer(page.read_text(encoding="utf-8")):
        game = match["game"]
        namespace: dict[str, Any] = {"__name__": f"docs_picture_{game}"}
        exec(compile(match["code"], f"{page.name} ({game} picture)", "exec"), namespace)
        picture = namespace.get("picture")
        if not isinstance(picture, str) or not picture.startswith("<svg"):
            raise ValueError(f"{page.name}: the {game} block does not leave an SVG in `picture`")
        out[game] = picture
    if not out:
        raise ValueError(f"{page.name} has no picture blocks")
    return out


def on_files(files: Files, config: Any) -> Files:
    for game, svg in pictures(Path(config["docs_dir"]) / "pictures.md").items():
        uri = f"img/{game}.svg"
        old = files.get_file_from_path(uri)
        if old is not None:
            files.remove(old)
        files.append(File.generated(config, uri, content=svg))
    return files
