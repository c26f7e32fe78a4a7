"""What a game brings to the server: one `GameEntry` per game.

A game is a package that plugs in. The server finds its games through the Python entry point
group `tinkertable.games` (ENTRY_POINTS): each entry point names a function that returns the
game's entry, and the five games of this repository are declared in its `pyproject.toml` like
any other. The entry bundles everything the server and the tests need of a game:

- `game`: the rules (app/games/core.py), which also bring the bots (`Game.bots()`), the undo
  policy (`Game.undoable`), the words of the review (`Game.action_words`) and the upgrade of
  stored states (`Game.upgrade`);
- `keeper`: what each seat may know (app/games/secrets.py): the tests look for leaks with it;
- `progress`: what the score chart counts, and the result's columns;
- `page`: a folder of the game's browser files, served at `/static/games/<id>/`: `game.js`
  (the page module that draws the table and the replay), `game.css`, `guide.js` ("How to
  play") and `icon.svg` (its icon on the home page), and any module these import;
- `rules`: the rules page (markdown);
- `recordings`: its golden games, kept in the `golden` folder;
- `bench`: how random players and the suite's long runs treat it;
- `components`: the printed components a host who owns the game may put in place of our
  stand-ins, if any.

docs/games.md says how to write one.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from app.games.core import Game, Seat, State
from app.games.secrets import Keeper

ENTRY_POINTS = "tinkertable.games"
PAGE_FILES = ("game.js", "game.css", "guide.js", "icon.svg")  # every game's page folder has these


@dataclass(frozen=True)
class Recording:
    """A golden game: `scripts/record_golden.py` plays it (random legal actions from the seed,
    the `prefer`red types four times in five when listed) into the entry's `golden` folder as
    <name>.json, and the tests replay it."""

    name: str
    players: int
    seed: int
    options: dict[str, Any] = field(default_factory=dict)
    prefer: tuple[str, ...] = ()


@dataclass(frozen=True)
class Progress:
    """The score chart at the end of a game (app/play/progress.py): each seat's standing after
    every action."""

    measure: str  # what the chart counts, in words ("Categories won")
    standings: Callable[[State], dict[Seat, int]]
    # The result banner's columns, in the rulebook's order; None: the measure alone.
    breakdown: Callable[[State], list[tuple[str, dict[Seat, Any]]]] | None = None
    # Words for the standings 0, 1, ... where a standing is a state rather than a count.
    levels: tuple[str, ...] = ()


@dataclass(frozen=True)
class Bench:
    """How random players and the suite's long random runs treat the game."""

    # Action types a random player takes four times in five when legal (scripts/bench*.py), so
    # that random games end in a reasonable number of steps.
    prefer: tuple[str, ...] = ()
    # What one random game costs the suite against the cheapest (its long random runs play
    # TT_RANDOM_GAMES // cost games of it, at least one): `cost` for the views and secrets,
    # `record_cost` for the public record of each action.
    cost: int = 1
    record_cost: int | None = None  # None: as `cost`
    # scripts/bench_suite.py's load runs of it (issue #10's targets): the seats at each table,
    # the tables played at once, and the pace of its paced run in actions a second (None: none).
    load_players: int = 2
    load_games: int = 50
    load_rate: float | None = None
    # Seconds a person may wait for the good bot's hint at the 95th percentile
    # (scripts/bench_hints.py's target).
    hint_target: float = 1.0
    # The most its patches may weigh against the snapshots they spare over whole random games
    # (tests/play/test_patch_sizes.py): issue #34's 15%, unless what every view holds besides
    # the game's state (new log lines, the legal actions, the prompt) is already near it.
    patch_share: float = 0.15


@dataclass(frozen=True)
class Components:
    """Printed components that a host who owns the game may put in place of our stand-ins: a
    JSON file named by the setting `setting` (an environment variable, as every setting)."""

    setting: str  # e.g. "NERDY_INVENTIONS_CARDS"
    # The game made with the host's components, from the file's JSON; raises ValueError (or a
    # subclass) saying what does not fit.
    make: Callable[[Any], Game]


@dataclass(frozen=True)
class GameEntry:
    game: Game
    keeper: Keeper
    progress: Progress
    page: Path  # the folder of PAGE_FILES
    rules: Path  # rules.md
    recordings: tuple[Recording, ...]
    golden: Path  # the folder of the recordings' files, <name>.json
    bench: Bench = Bench()
    components: Components | None = None

    @property
    def id(self) -> str:
        return self.game.id

    @property
    def assets(self) -> str:
        """The address the page folder is served at."""
        return f"/static/games/{self.game.id}"

    @property
    def module(self) -> str:
        """The page module's address, as the table and replay pages import it."""
        return f"{self.assets}/game.js"


def package_entry(
    package_file: str,
    game: Game,
    keeper: Keeper,
    progress: Progress,
    recordings: tuple[Recording, ...],
    bench: Bench = Bench(),
    components: Components | None = None,
) -> GameEntry:
    """The entry of a game laid out as the built-in ones are: `page/`, `rules.md` and
    `golden/` beside the package's `__init__.py` (`package_file`)."""
    folder = Path(package_file).resolve().parent
    return GameEntry(
        game=game,
        keeper=keeper,
        progress=progress,
        page=folder / "page",
        rules=folder / "rules.md",
        recordings=recordings,
        golden=folder / "golden",
        bench=bench,
        components=components,
    )
