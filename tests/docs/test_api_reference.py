"""The API reference has no holes: every name in the ``__all__`` of every public module (no
``_`` in its dotted path) has a docstring and a place in the built site, and so do the
methods and properties of every public class, inherited contract methods included (each
game's ``State`` shows ``check_as`` and ``apply_as``).

The site is built once (``mkdocs build --strict``, a few seconds, tests/docs/conftest.py); an
object has a place when a page of the site holds its anchor (``id="wordgames.x.Y"``, which
mkdocstrings puts on every object it renders; the inventory ``objects.inv`` also lists the
paths of imported names that are not rendered there, so it is not used). With
``show_if_no_docstring: false`` a name without a docstring is not rendered, so it is missing
there too. Modules that need an
optional extra (``wordgames.rl`` without numpy) are checked where the extra is installed (CI
runs tests/docs with ``.[rl]`` too)."""

from __future__ import annotations

import importlib
import inspect
import pkgutil
import re
import types
from functools import cache
from pathlib import Path

import pytest

import wordgames

ROOT = Path(__file__).resolve().parents[2]
#: names in ``__all__`` that need no section of their own
EXEMPT = {"__version__"}  # documented in docs/release.md


ANCHOR = re.compile(r'id="(wordgames[\w.]*)"')


def read_anchors(site: Path) -> set[str]:
    """The dotted paths of every object rendered on the site's pages."""
    out: set[str] = set()
    for page in site.rglob("*.html"):
        out.update(ANCHOR.findall(page.read_text(encoding="utf-8")))
    return out


@pytest.fixture(scope="module")
def inventory(site: Path) -> set[str]:
    return read_anchors(site)


@cache
def public_modules() -> dict[str, types.ModuleType | str]:
    """Every public module by name; the reason instead where an optional extra is missing."""
    out: dict[str, types.ModuleType | str] = {"wordgames": wordgames}
    for info in pkgutil.walk_packages(wordgames.__path__, "wordgames.", onerror=lambda _: None):
        if any(part.startswith("_") for part in info.name.split(".")):
            continue
        try:
            out[info.name] = importlib.import_module(info.name)
        except ImportError as exc:
            out[info.name] = f"needs an optional extra: {exc}"
    return out


def importable() -> dict[str, types.ModuleType]:
    return {k: v for k, v in public_modules().items() if isinstance(v, types.ModuleType)}


def places(obj: object, name: str, inv: set[str]) -> list[str]:
    """The public paths under which the site shows ``obj`` (re-exports count)."""
    modules = public_modules()
    return [
        f"{path}.{name}"
        for path, module in importable().items()
        if getattr(module, name, None) is obj
        and f"{path}.{name}" in inv
        # the anchor of a module of the same name (``wocable.svg``) is not the function's
        and (isinstance(obj, types.ModuleType) or f"{path}.{name}" not in modules)
    ]


def where_to_add(module: str) -> str:
    for page in sorted((ROOT / "docs/api").glob("*.md")):
        text = page.read_text(encoding="utf-8")
        if f"::: {module}\n" in text:
            section = text.split(f"::: {module}\n", 1)[1].split(":::", 1)[0]
            if "members: false" in section:
                listed = "(replace its members: false with a members: list)"
            elif "members:" in section:
                listed = "(its members: list)"
            else:
                listed = "(it renders __all__)"
            return f"its `::: {module}` section in docs/api/{page.name} {listed}"
    return f"a `::: {module}` section on a docs/api page (none has one)"


def own_docstring(obj: object) -> bool:
    doc = obj.__dict__.get("__doc__") if inspect.isclass(obj) else getattr(obj, "__doc__", None)
    return bool(doc and doc.strip())


def is_ours(obj: object) -> bool:
    return (getattr(obj, "__module__", None) or "").startswith("wordgames")


def member_functions(cls: type) -> dict[str, object]:
    """Public methods and properties of ``cls`` defined in wordgames (inherited included)."""
    out: dict[str, object] = {}
    for klass in reversed(cls.__mro__):
        if not is_ours(klass):
            continue
        for name, value in vars(klass).items():
            if name.startswith("_"):
                continue
            if isinstance(value, (staticmethod, classmethod)):
                value = value.__func__
            if inspect.isfunction(value) or isinstance(value, property):
                out[name] = value
    return out


def documented_on_a_base(cls: type, member: str, inventory: set[str]) -> bool:
    """Whether ``member`` overrides a documented member of a base class that the site shows
    (``WocableEncoder.observe`` is documented as ``Encoder.observe``)."""
    for base in cls.__mro__[1:]:
        value = vars(base).get(member)
        if value is None or not is_ours(base):
            continue
        if isinstance(value, (staticmethod, classmethod)):
            value = value.__func__
        suffix = f".{base.__name__}.{member}"
        if own_docstring(value) and any(name.endswith(suffix) for name in inventory):
            return True
    return False


@pytest.mark.parametrize("module_name", sorted(public_modules()))
def test_every_public_name_has_a_docstring_and_a_place(
    module_name: str, inventory: set[str]
) -> None:
    module = public_modules()[module_name]
    if isinstance(module, str):
        pytest.skip(f"{module_name} {module}")
    problems = []
    if not own_docstring(module):
        problems.append(f"module {module_name} has no docstring")
    if module_name not in inventory:
        problems.append(f"module {module_name} has no section: add {where_to_add(module_name)}")
    exported = getattr(module, "__all__", None)
    if exported is None:
        problems.append(f"module {module_name} has no __all__")
        exported = []
    for name in exported:
        if name in EXEMPT:
            continue
        obj = getattr(module, name, None)
        if obj is None and not hasattr(module, name):
            problems.append(f"{module_name}.{name} is in __all__ but does not exist")
            continue
        if isinstance(obj, types.ModuleType):
            continue  # checked as a module of its own
        path = f"{module_name}.{name}"
        routine = inspect.isclass(obj) or inspect.isfunction(obj)
        if routine and is_ours(obj) and not own_docstring(obj):
            problems.append(f"{path} has no docstring")
        shown = places(obj, name, inventory)
        if not shown:
            problems.append(
                f"{path} is not in the built site: give it a docstring (constants: a string"
                f" right below the assignment) and add it to {where_to_add(module_name)}"
            )
            continue
        if inspect.isclass(obj) and is_ours(obj):
            for member, value in member_functions(obj).items():
                if any(f"{p}.{member}" in inventory for p in shown):
                    continue
                if documented_on_a_base(obj, member, inventory):
                    continue  # an override without a docstring of its own: see the base
                what = "has no docstring" if not own_docstring(value) else "is not shown"
                problems.append(f"{shown[0]}.{member} {what}")
    assert not problems, "\n".join(problems)


def test_every_game_state_shows_the_contract_methods(inventory: set[str]) -> None:
    for game in wordgames.GAMES:
        for member in ("check", "is_legal", "check_as", "apply_as", "apply", "legal_actions"):
            assert f"wordgames.{game}.State.{member}" in inventory, (game, member)
        for member in ("legal_actions", "sample_state", "to_dict"):
            assert f"wordgames.{game}.View.{member}" in inventory, (game, member)


def test_the_inventory_reader_sees_a_missing_name(inventory: set[str]) -> None:
    """The check above can fail: a name the site does not show is reported."""
    assert places(wordgames.play, "play", inventory)
    without = {name for name in inventory if not name.endswith(".play")}
    assert not places(wordgames.play, "play", without)


DIRECTIVE = re.compile(r"^::: (?P<module>[\w.]+)\n(?P<options>(?:    .*\n)*)", re.MULTILINE)


def listed_members() -> list[tuple[str, str, str]]:
    """(page, module, name) for every name of a ``members:`` list on the docs/api pages."""
    out = []
    for page in sorted((ROOT / "docs/api").glob("*.md")):
        for match in DIRECTIVE.finditer(page.read_text(encoding="utf-8")):
            for name in re.findall(r"^        - (\w+)$", match["options"], re.MULTILINE):
                out.append((page.name, match["module"], name))
    return out


@pytest.mark.parametrize(("page", "module_name", "name"), listed_members())
def test_members_lists_name_only_exported_names(page: str, module_name: str, name: str) -> None:
    """A stale entry (a name that moved or was renamed) renders nothing, silently."""
    modules = public_modules()
    parts = module_name.split(".")
    for i in range(len(parts), 0, -1):  # a module inside a package that needs an extra
        reason = modules.get(".".join(parts[:i]))
        if isinstance(reason, str):
            pytest.skip(f"{module_name}: {reason}")
    module = modules.get(module_name)
    assert module is not None, f"docs/api/{page} documents {module_name}, which does not exist"
    assert name in getattr(module, "__all__", ()), (
        f"docs/api/{page}: {module_name} does not export {name}; remove it from the members list"
    )
