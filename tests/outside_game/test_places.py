"""The places a game touches, as docs/games.md lists them, held to the code: exactly two (the
game's package and its entry point declaration), and for every registered game, the built-in
ones and Noughts in the Dark alike, each part the docs name is in its package, and the entry
point that finds it is declared by the distribution that holds the package.

That no file outside a built-in game's package names the game is tests/test_naming.py's to
check; that no line of app/ names Noughts in the Dark, test_found.py's.
"""

from __future__ import annotations

import re
import sys
import tomllib
from importlib import import_module
from importlib.metadata import entry_points
from pathlib import Path

import pytest

from app.config import ROOT, Settings
from app.games.entry import ENTRY_POINTS, PAGE_FILES, GameEntry
from app.play.registry import entries_for

DOCS = ROOT / "docs" / "games.md"
ENTRIES = entries_for(Settings())
POINTS = {point.name: point for point in entry_points(group=ENTRY_POINTS)}


def table(marker: str) -> list[list[str]]:
    """The rows of the docs' table between <!-- marker --> and <!-- /marker -->, header and
    rule left out, as their cells."""
    text = DOCS.read_text()
    found = re.search(rf"<!-- {marker} -->\n(.*?)<!-- /{marker} -->", text, re.S)
    assert found, f"docs/games.md has no {marker} table"
    rows = [line for line in found.group(1).splitlines() if line.startswith("|")][2:]
    return [[cell.strip() for cell in row.strip("|").split("|")] for row in rows]


def package_files() -> list[str]:
    """The file of each part of a game's package, as the docs name it (its first `code`)."""
    files = []
    for row in table("package"):
        named = re.search(r"`([^`]+)`", row[1])
        assert named, row
        files.append(named.group(1))
    return files


def folder_of(entry: GameEntry) -> Path:
    return entry.page.parent


def declared_by(folder: Path) -> dict[str, str]:
    """The games the nearest pyproject.toml above `folder` declares: id -> object reference."""
    for parent in folder.parents:
        pyproject = parent / "pyproject.toml"
        if pyproject.is_file():
            project = tomllib.loads(pyproject.read_text())["project"]
            games: dict[str, str] = project.get("entry-points", {}).get(ENTRY_POINTS, {})
            return games
    raise AssertionError(f"no pyproject.toml holds {folder}")


def test_the_docs_list_exactly_two_places() -> None:
    places = table("places")
    assert [place for place, _ in places] == ["the game's package", "the entry point declaration"]
    assert f'[project.entry-points."{ENTRY_POINTS}"]' in places[1][1]


def test_the_docs_name_every_file_the_entry_reads() -> None:
    files = package_files()
    assert [name for name in files if name.startswith("page/")] == [
        f"page/{name}" for name in PAGE_FILES
    ]
    assert {"rules.md", "golden/<name>.json", "entry.py"} <= set(files)


@pytest.mark.parametrize("game_id", list(ENTRIES))
def test_every_part_is_in_the_games_package(game_id: str) -> None:
    entry = ENTRIES[game_id]
    folder = folder_of(entry)
    assert (folder / "__init__.py").is_file(), f"{game_id}: {folder} is not a package"
    assert entry.rules.parent == folder and entry.golden.parent == folder
    for name in package_files():
        if name == "golden/<name>.json":
            for recording in entry.recordings:
                assert (entry.golden / f"{recording.name}.json").is_file(), recording.name
        else:
            assert (folder / name).is_file(), f"{game_id} has no {name} in {folder}"
    package = sys.modules[type(entry.game).__module__].__name__.rpartition(".")[0]
    assert Path(import_module(package).__file__ or "").parent == folder
    for part in (entry.game, entry.keeper, *entry.game.bots().values()):
        assert type(part).__module__.startswith(f"{package}."), (game_id, type(part))
    assert entry.progress.standings.__module__.startswith(f"{package}."), game_id


@pytest.mark.parametrize("game_id", list(ENTRIES))
def test_its_entry_point_is_declared_beside_its_package(game_id: str) -> None:
    point = POINTS[game_id]
    module, _, function = point.value.partition(":")
    assert function == "entry"
    assert Path(import_module(module).__file__ or "") == folder_of(ENTRIES[game_id]) / "entry.py"
    assert declared_by(folder_of(ENTRIES[game_id])).get(game_id) == point.value


def test_the_servers_own_distribution_declares_exactly_the_packages_under_app_games() -> None:
    ours = {
        game_id
        for game_id, entry in ENTRIES.items()
        if folder_of(entry).parent == ROOT / "app/games"
    }
    packages = {path.parent for path in (ROOT / "app/games").glob("*/entry.py")}
    assert {folder_of(ENTRIES[game_id]) for game_id in ours} == packages
    assert set(declared_by(ROOT / "app/games")) == ours
