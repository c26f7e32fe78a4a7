"""app/games stays pure: no web, database, templates, clock, module-level random or OS; and
every game in the registry has its rules.md beside it (ours in their package of app/games)."""

from __future__ import annotations

import ast
import inspect
from pathlib import Path

import pytest

from app.config import ROOT, Settings
from app.play.registry import entries_for
from tests.registered import ENTRIES

GAMES_DIR = ROOT / "app" / "games"
# The module of the rules of a game of app/games: where the check's examples are written.
RULES = next(
    module
    for module in (Path(inspect.getfile(type(entry.game))) for entry in ENTRIES.values())
    if GAMES_DIR in module.parents
)

FORBIDDEN = (
    "fastapi",
    "starlette",
    "sqlalchemy",
    "jinja2",
    "app.lobby",
    "app.play",
    "app.store",
    "app.edge",
    "app.site",
    "app.ops",
    "app.main",
    "app.config",
    "random",
    "time",
    "datetime",
    "os",
)


def _forbidden(module: str) -> str | None:
    for name in FORBIDDEN:
        if module == name or module.startswith(name + "."):
            return name
    return None


def _package_of(path: Path) -> list[str]:
    """The package a module (or package __init__) under ROOT is in: ["app", "games", ...]."""
    return list(path.relative_to(ROOT).parts[:-1])


def imports_of(source: str, path: Path) -> list[tuple[int, str]]:
    """Every module a file imports (absolute names; relative imports resolved), by line.

    `from app.store import db` counts as both `app.store` and `app.store.db`; `__import__("x")` and
    `importlib.import_module("x")` with a literal name count as importing `x`.
    """
    found: list[tuple[int, str]] = []
    for node in ast.walk(ast.parse(source, filename=str(path))):
        if isinstance(node, ast.Import):
            found.extend((node.lineno, alias.name) for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                package = _package_of(path)
                base = package[: len(package) - node.level + 1]
                module = ".".join([*base, *([node.module] if node.module else [])])
            else:
                module = node.module or ""
            found.append((node.lineno, module))
            found.extend((node.lineno, f"{module}.{alias.name}") for alias in node.names)
        elif isinstance(node, ast.Call):
            function = node.func
            name = (
                function.id
                if isinstance(function, ast.Name)
                else function.attr
                if isinstance(function, ast.Attribute)
                else None
            )
            if name in ("__import__", "import_module") and node.args:
                argument = node.args[0]
                if isinstance(argument, ast.Constant) and isinstance(argument.value, str):
                    found.append((node.lineno, argument.value))
                else:
                    found.append((node.lineno, "<dynamic import>"))
    return found


def offences(source: str, path: Path) -> list[str]:
    bad = []
    for line, module in imports_of(source, path):
        if module == "<dynamic import>" or _forbidden(module):
            bad.append(f"{path.relative_to(ROOT)}:{line} imports {module}")
    return bad


SOURCES = sorted(GAMES_DIR.rglob("*.py"))


def test_the_games_are_found() -> None:
    assert GAMES_DIR / "core.py" in SOURCES
    assert RULES in SOURCES


@pytest.mark.parametrize("path", SOURCES, ids=lambda p: str(p.relative_to(GAMES_DIR)))
def test_the_games_import_nothing_impure(path: Path) -> None:
    assert offences(path.read_text(), path) == []


@pytest.mark.parametrize(
    "source",
    [
        "import random",
        "import os.path",
        "import time as clock",
        "from datetime import datetime",
        "from random import Random",
        "from app.store import db",
        "from app.edge import limits",
        "from app.play.hub import Hub",
        "from sqlalchemy.orm import Session",
        "import fastapi",
        "from starlette import requests",
        "import jinja2",
        "from app.config import Settings",
        "from app import main",
        "from ... import lobby",
        "from ...lobby import models",
        "def f():\n    import random\n    return random.random()",
        "__import__('os')",
        "import importlib\nimportlib.import_module('random')",
        "import importlib\nimportlib.import_module(name)",
    ],
)
def test_the_check_catches_impure_imports(source: str) -> None:
    path = RULES
    assert offences(source, path), source


@pytest.mark.parametrize(
    "source",
    [
        "import json",
        "from app.games.core import Game",
        "from ..core import Rng",
        "from . import rules",
        "import randomness",
        "from app.games import core",
        "import dataclasses, itertools, functools",
    ],
)
def test_the_check_allows_pure_imports(source: str) -> None:
    path = RULES
    assert offences(source, path) == [], source


def test_every_registered_game_has_its_rules_beside_it() -> None:
    entries = entries_for(Settings(_env_file=None))
    assert entries
    for game_id, entry in entries.items():
        game = entry.game
        assert game.id == game_id
        code = Path(inspect.getfile(type(game))).resolve()
        rules = code.parent / "rules.md"
        assert rules.is_file(), f"{game_id} has no {rules}"
        assert game.name in rules.read_text(), f"{rules} does not name {game.name}"
        # The rules page finds it where the pages look for it: the entry's rules.
        assert entry.rules.resolve() == rules.resolve()
        if GAMES_DIR in code.parents:  # one of ours: in its package of app/games, by its id
            assert (GAMES_DIR / game_id.replace("-", "_") / "rules.md").resolve() == rules
