"""The table's own options, beside each game's rules options: the clock, absent players and
take-backs.

Every game offers them. A lobby keeps them with the game's options in one `options` object (so
the pages and `POST /api/lobbies/{code}/options` treat them alike), but the rules engine never
sees them: `split` hands it its own part only.
"""

from __future__ import annotations

from typing import Any

from app.games.core import Game, Option

CLOCK_MINUTES = Option(
    "clock_minutes",
    "Clock (minutes per player)",
    (0, 1, 3, 5, 10, 20, 30, 60),
    0,
    "0: no clock. Each player has this much thinking time for the whole game; when it runs out"
    " a bot decides for them until their turn ends.",
)
CLOCK_INCREMENT = Option(
    "clock_increment",
    "Clock (seconds added per turn)",
    (5, 10, 20, 30, 60),
    10,
    "With a clock: added to a player's time whenever the game turns to them.",
)
AWAY_MINUTES = Option(
    "away_minutes",
    "Hand a missing player's seat to a bot after (minutes)",
    (1, 2, 3, 5, 10, 15, 30),
    3,
    "Once a player has been disconnected this long, the host or a vote of the others can let"
    " a bot play for them. They take their seat back as soon as they return.",
)
UNDO = Option(
    "undo",
    "Take-backs",
    (True, False),
    True,
    "A player may take back their last move while nobody has acted since, when it drew nothing"
    " and showed them nothing new (each game says which moves). No, for those who play strictly.",
)
TABLE_OPTIONS: tuple[Option, ...] = (CLOCK_MINUTES, CLOCK_INCREMENT, AWAY_MINUTES, UNDO)
_NAMES = frozenset(option.name for option in TABLE_OPTIONS)


def split(options: dict[str, Any]) -> tuple[dict[str, Any], dict[str, Any]]:
    """(the game's own options, the table's options)."""
    game = {name: value for name, value in options.items() if name not in _NAMES}
    table = {name: value for name, value in options.items() if name in _NAMES}
    return game, table


def check(game: Game, options: dict[str, Any] | None) -> dict[str, Any]:
    """A lobby's options, the game's and the table's, with defaults filled in; BadOptions for an
    unknown name or a value not among the choices."""
    own, table = split(dict(options or {}))
    checked = game.check_options(own)
    for option in TABLE_OPTIONS:
        checked[option.name] = option.check(table.get(option.name, option.default))
    return checked


def info(game: Game) -> dict[str, Any]:
    """The game as `GET /api/games` lists it: its own options, then the table's."""
    described = game.info()
    table = {option.name: option.to_json() for option in TABLE_OPTIONS}
    return {**described, "options": {**described["options"], **table}}


def takebacks(options: dict[str, Any]) -> bool:
    """Whether a lobby's options let players take back moves (lobbies from before the option
    existed: yes, its default)."""
    return bool(options.get(UNDO.name, UNDO.default))
