"""Nothing outside a game's own package names the game (issue #33, point 1).

The server takes its games from the registry (app/play/registry.py), so no module of app/ outside
a game's package (app/games/<package>/) names a registered game; the tests and the scripts take
theirs from the registry too (tests/registered.py), so no file under tests/ or scripts/ names one
either, except in a game's own test folder (tests/games/<package>/) and the outside game's
(tests/outside_game/). A game is named by its id (`paper-planes`, say), its id as a Python
name (`paper_planes`), its name (`Paper Planes`) or its name as a class name (`PaperPlanes`), in
any case, for every registered game: an installed one too.
"""

from __future__ import annotations

import inspect
import re
from collections.abc import Iterable
from pathlib import Path

import pytest

from app.config import ROOT
from app.games.entry import GameEntry
from tests.registered import ENTRIES

SKIPPED_FOLDERS = {"__pycache__", ".pytest_cache", ".mypy_cache", ".ruff_cache"}


def _words(text: str) -> str:
    """A pattern of `text`'s words, each pair joined by nothing, a space, "-" or "_"."""
    return r"[-_ ]?".join(re.escape(word) for word in re.split(r"[-_ ]+", text.strip()) if word)


def naming(entries: Iterable[GameEntry]) -> re.Pattern[str]:
    """What names any of `entries`' games, as a whole word, in any case."""
    spellings = sorted({_words(text) for entry in entries for text in (entry.id, entry.game.name)})
    return re.compile(r"\b(" + "|".join(spellings) + r")\b", re.IGNORECASE)


def package_of(entry: GameEntry) -> Path:
    """The folder of the package that holds the game's rules (app/games/<package>/ for ours)."""
    module = Path(inspect.getfile(type(entry.game))).resolve()
    games = (ROOT / "app" / "games").resolve()
    if games in module.parents:
        return games / module.relative_to(games).parts[0]
    return module.parent


PACKAGES = [package_of(entry) for entry in ENTRIES.values()]
OWN_TEST_FOLDERS = [ROOT / "tests" / "games" / package.name for package in PACKAGES]
OWN_TEST_FOLDERS.append(ROOT / "tests" / "outside_game")


def _within(path: Path, folders: Iterable[Path]) -> bool:
    return any(folder == path or folder in path.parents for folder in folders)


def files_under(folder: Path, suffix: str | None = None) -> list[Path]:
    return sorted(
        path
        for path in folder.rglob("*")
        if path.is_file()
        and not SKIPPED_FOLDERS.intersection(path.relative_to(folder).parts)
        and (suffix is None or path.suffix == suffix)
    )


def namings(paths: Iterable[Path], pattern: re.Pattern[str]) -> list[str]:
    """Every line of `paths` that names a game, as `file:line: the game's name: the line`."""
    found = []
    for path in paths:
        try:
            text = path.read_text(encoding="utf-8")
        except UnicodeDecodeError:
            continue  # not text (an image): it names nothing
        for number, line in enumerate(text.splitlines(), start=1):
            for match in pattern.finditer(line):
                where = path.relative_to(ROOT) if ROOT in path.parents else path
                found.append(f"{where}:{number}: names {match.group(0)!r}: {line.strip()}")
    return found


def _report(found: list[str], what: str) -> None:
    if found:
        pytest.fail(f"{len(found)} lines of {what} name a game:\n" + "\n".join(found), False)


def test_no_module_of_app_outside_a_games_package_names_a_game() -> None:
    modules = [
        path
        for path in files_under(ROOT / "app", suffix=".py")
        if not _within(path.resolve(), PACKAGES)
    ]
    found = namings(modules, naming(ENTRIES.values()))
    _report(found, "app/ outside the games' packages")


def test_no_test_or_script_outside_a_games_own_folder_names_a_game() -> None:
    paths = [
        path
        for folder in (ROOT / "tests", ROOT / "scripts")
        for path in files_under(folder)
        if not _within(path, OWN_TEST_FOLDERS)
    ]
    found = namings(paths, naming(ENTRIES.values()))
    _report(found, "tests/ and scripts/ outside the games' own folders")


def test_the_check_knows_every_registered_game() -> None:
    assert ENTRIES
    pattern = naming(ENTRIES.values())
    for entry in ENTRIES.values():
        assert package_of(entry).is_dir(), entry.id
        spellings = {
            entry.id,
            entry.id.replace("-", "_"),
            entry.id.upper(),
            entry.game.name,
            entry.game.name.replace(" ", ""),
            f"app.games.{entry.id.replace('-', '_')}.rules",
            f'{{"game": "{entry.id}"}}',
        }
        for spelling in spellings:
            assert pattern.search(spelling), spelling


def test_the_check_finds_a_game_named_in_a_file_and_says_where(tmp_path: Path) -> None:
    entry = next(iter(ENTRIES.values()))
    named = tmp_path / "named.py"
    named.write_text(f'"""A test."""\n\nGAME = "{entry.id}"\n')
    assert namings([named], naming([entry])) == [
        f'{named}:3: names {entry.id!r}: GAME = "{entry.id}"'
    ]


def test_the_check_leaves_words_that_only_contain_a_name_alone(tmp_path: Path) -> None:
    entry = next(iter(ENTRIES.values()))
    unnamed = tmp_path / "unnamed.py"
    unnamed.write_text(f"x{entry.id} = {entry.id.replace('-', '_')}9\n")
    assert namings([unnamed], naming([entry])) == []
