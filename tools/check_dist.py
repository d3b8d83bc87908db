"""Check the built distributions before a release (CI runs it after ``python -m build``).

Usage: python tools/check_dist.py dist/
       python tools/check_dist.py DIR --wheel-only   (a compiled wheel alone, see docs/install.md)

The wheel must hold every module, the typing marker and all packaged data (lexicons, tile sets,
layouts, categories, JSON schemas) and nothing else (no tests, no caches); its only runtime
requirement is attrs, and its version is the package's ``__version__``. The sdist must hold
what is needed to build, test and document the project.
"""

from __future__ import annotations

import re
import sys
import tarfile
import zipfile
from email.parser import Parser
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def expected_package_files() -> set[str]:
    src = ROOT / "src"
    keep = {".py", ".json", ".lex", ".txt", ".typed"}
    return {
        p.relative_to(src).as_posix()
        for p in (src / "wordgames").rglob("*")
        if p.is_file() and p.suffix in keep and "__pycache__" not in p.parts
    }


def compiled_modules() -> list[str]:
    """The modules the compiled build compiles (pyproject.toml, the mypyc hook's ``include``),
    as paths inside the package (``wordgames/wocable/movegen``)."""
    text = (ROOT / "pyproject.toml").read_text()
    block = re.search(r"\[tool\.hatch\.build\.targets\.wheel\.hooks\.mypyc\](.*?)\n\[", text, re.S)
    assert block is not None, "pyproject.toml has no mypyc hook"
    include = re.search(r"include = \[(.*?)\]", block.group(1), re.S)
    assert include is not None
    paths = re.findall(r'"src/(wordgames/[^"]+)\.py"', include.group(1))
    return paths


def check_wheel(path: Path) -> list[str]:
    """The pure wheel (``py3-none-any``) holds the package files; a compiled one (mypyc, tagged
    for one CPython and platform) holds them too, plus one C extension per compiled module and
    mypyc's shared runtime library beside the package."""
    problems = []
    with zipfile.ZipFile(path) as z:
        names = set(z.namelist())
        meta_name = next(n for n in names if n.endswith(".dist-info/METADATA"))
        meta = Parser().parsestr(z.read(meta_name).decode())
    package = {n for n in names if n.startswith("wordgames/")}
    if not path.name.endswith("-py3-none-any.whl"):
        ext = {n for n in package if n.endswith((".so", ".pyd"))}
        package -= ext
        for module in compiled_modules():
            if not any(n.startswith(module + ".") for n in ext):
                problems.append(f"compiled wheel lacks the extension of {module}")
        if len(ext) != len(compiled_modules()):
            problems.append(f"compiled wheel has {len(ext)} extensions: {sorted(ext)}")
        if not any("__mypyc" in n and "/" not in n for n in names):
            problems.append("compiled wheel lacks mypyc's runtime library")
    missing = expected_package_files() - package
    extra = package - expected_package_files()
    problems += [f"wheel lacks {n}" for n in sorted(missing)]
    problems += [f"wheel has unexpected {n}" for n in sorted(extra)]
    if any("__pycache__" in n or n.startswith("tests/") for n in names):
        problems.append("wheel holds caches or tests")
    runtime = [r for r in meta.get_all("Requires-Dist") or [] if "extra ==" not in r]
    if [re.split(r"[ <>=!;\[]", r, maxsplit=1)[0].lower() for r in runtime] != ["attrs"]:
        problems.append(f"runtime requirements must be attrs alone, got {runtime}")
    init = (ROOT / "src/wordgames/__init__.py").read_text()
    version = re.search(r'__version__ = "([^"]+)"', init)
    if version is None or meta["Version"] != version.group(1):
        problems.append(f"wheel version {meta['Version']} is not __version__")
    for key in ("License-Expression", "Summary", "Requires-Python"):
        if not meta.get(key):
            problems.append(f"wheel metadata lacks {key}")
    return problems


def check_sdist(path: Path) -> list[str]:
    with tarfile.open(path) as t:
        names = {n.split("/", 1)[1] for n in t.getnames() if "/" in n}
    needed = [
        "pyproject.toml",
        "README.md",
        "CHANGELOG.md",
        "LICENSE",
        "NOTICE",
        "mkdocs.yml",
        "src/wordgames/__init__.py",
        "src/wordgames/py.typed",
        "tests/conftest.py",
        "tests/conformance/harness.py",
        "docs/index.md",
        "docs/release.md",
        "examples/demo.py",
        "benchmarks/regenwormen.py",
    ]
    problems = [f"sdist lacks {n}" for n in needed if n not in names]
    # the source word lists stay outside the dists (data/wordlists/, ../shared/data): the wheel
    # ships the built lexicons, and the sdist needs no raw lists to build, test or document
    problems += [f"sdist has the source word list {n}" for n in names if n.startswith("data/")]
    # files of other projects (GCG records of other engines, superleave tables) are read from
    # ../shared/data and never shipped; the project's own GCG files are written from its bot
    # games (tests/wocable/fixtures/make_fixtures.py)
    problems += [
        f"sdist has a file of another project: {n}"
        for n in names
        if n.endswith((".gcg", ".csv", ".klv2", ".kwg", "enable1.txt"))
        and not n.startswith("tests/wocable/fixtures/")
    ]
    return problems


def main(argv: list[str]) -> int:
    dist = Path(argv[1] if len(argv) > 1 else "dist")
    wheels, sdists = sorted(dist.glob("*.whl")), sorted(dist.glob("*.tar.gz"))
    if len(wheels) == 1 and not sdists and len(argv) > 2 and argv[2] == "--wheel-only":
        problems = check_wheel(wheels[0])
        for p in problems:
            print("dist:", p)
        if not problems:
            print(f"dist OK: {wheels[0].name}")
        return 1 if problems else 0
    if len(wheels) != 1 or len(sdists) != 1:
        print(f"expected one wheel and one sdist in {dist}")
        return 1
    problems = check_wheel(wheels[0]) + check_sdist(sdists[0])
    for p in problems:
        print("dist:", p)
    if not problems:
        print(f"dist OK: {wheels[0].name}, {sdists[0].name}")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
