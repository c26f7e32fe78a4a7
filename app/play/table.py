"""The table's own options, beside each game's rules options: the pace, the clock, absent
players, take-backs and hints.

A table is live (everyone at the table together: a chess clock if chosen, and a bot may take
the seat of a player who has been disconnected for `away_minutes`) or turn-based (people play
when they have a minute, over days: being disconnected is normal, so the live clock and away
options are ignored, and each move has `move_hours`; when they run out `time_runs_out` says
whether a bot moves for the player or the game waits and the others may vote for a bot).

Every game offers them. A lobby keeps them with the game's options in one `options` object (so
the pages and `POST /api/lobbies/{code}/options` treat them alike), but the rules engine never
sees them: `split` hands it its own part only.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from app.games.core import Game, Option, Seat
from app.play.clocks import Clocks

PACE = Option(
    "pace",
    "Pace",
    ("live", "turn-based"),
    "live",
    "Live: everyone plays at the table together. Turn-based: each player moves when they have a"
    " minute, over hours or days; nobody needs to stay connected.",
)
MOVE_HOURS = Option(
    "move_hours",
    "Time per move (hours, turn-based)",
    (1, 12, 24, 72, 168),
    24,
    "Turn-based: each time the game turns to a player they have this long to move (what they do"
    " not use is not kept).",
)
TIME_RUNS_OUT = Option(
    "time_runs_out",
    "When a move's time runs out (turn-based)",
    ("bot", "wait"),
    "bot",
    "Turn-based: a bot moves for the player, or the game waits for them and the others may vote"
    " to let a bot play for them until they come back.",
)

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
HINTS = Option(
    "hints",
    "Hints from the good bot",
    (True, False),
    True,
    "A player may ask the game's good bot what it would do now; everyone at the table sees"
    " that they asked. No, for those who play on their own wits.",
)
TABLE_OPTIONS: tuple[Option, ...] = (
    PACE,
    MOVE_HOURS,
    TIME_RUNS_OUT,
    CLOCK_MINUTES,
    CLOCK_INCREMENT,
    AWAY_MINUTES,
    UNDO,
    HINTS,
)
_NAMES = frozenset(option.name for option in TABLE_OPTIONS)
LIVE, TURN_BASED = PACE.choices
# The options that apply at one pace only (the pages hide the others); the rest apply to both.
PACE_OF: dict[str, str] = {
    MOVE_HOURS.name: TURN_BASED,
    TIME_RUNS_OUT.name: TURN_BASED,
    CLOCK_MINUTES.name: LIVE,
    CLOCK_INCREMENT.name: LIVE,
    AWAY_MINUTES.name: LIVE,
}
# The options that apply only while another is on (not 0): the pages hide them until it is. The
# seconds added per turn need a clock.
NEEDS: dict[str, str] = {CLOCK_INCREMENT.name: CLOCK_MINUTES.name}


def turn_based(options: dict[str, Any]) -> bool:
    """Is the table (a lobby's options, or the table's part of them) turn-based?"""
    return bool(options.get(PACE.name, PACE.default) == TURN_BASED)


def waits(options: dict[str, Any]) -> bool:
    """A turn-based table whose game waits for a player whose time has run out?"""
    return turn_based(options) and options.get(TIME_RUNS_OUT.name) == "wait"


def clocks_for(
    table: dict[str, Any], bots: list[bool], active: Iterable[Seat], now: float
) -> Clocks | None:
    """The clocks a game starts with, from the table's options: a turn-based table's time per
    move (its chess clock options ignored), a live table's chess clock, or None."""
    if turn_based(table):
        hours = table.get(MOVE_HOURS.name, MOVE_HOURS.default)
        return Clocks.start_per_move(hours, waits(table), bots, active, now)
    if table.get(CLOCK_MINUTES.name):
        increment = table.get(CLOCK_INCREMENT.name, CLOCK_INCREMENT.default)
        return Clocks.start(table[CLOCK_MINUTES.name], increment, bots, active, now)
    return None


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


def hints(options: dict[str, Any]) -> bool:
    """Whether a lobby's options let players ask for hints (app.play.hints; lobbies from before
    the option existed: yes, its default)."""
    return bool(options.get(HINTS.name, HINTS.default))


def with_defaults(options: dict[str, Any]) -> dict[str, Any]:
    """A lobby's options with each table option it lacks at its default: a lobby stored before
    an option existed plays by the default, and its pages show it so."""
    return {**{o.name: o.default for o in TABLE_OPTIONS if o.name not in options}, **options}
