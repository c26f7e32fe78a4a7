"""How the pages name each lobby option and its choices, in a player's words.

The games declare their options with values the API and the rules use ("third", True, "full");
the home and lobby pages show them through `label` and `choice_text`: "Team game: yes",
"Card texts: third edition", "Mode: full game". An option or value not listed here reads as its
declared label, or its value as declared ("1A"), so a new option is never hidden.
"""

from __future__ import annotations

from typing import Any

# Option name -> the label the pages show, where the game's own label is not the clearest.
LABELS: dict[str, str] = {
    "first_player": "Who goes first",
    "edition": "Card texts",
    "teams": "Team game",
    "mode": "Mode",
    "map": "Map",
    "pace": "Pace",
    "move_hours": "Time per move",
    "time_runs_out": "When a player's time to move runs out",
    "clock_minutes": "Clock: minutes per player",
    "clock_increment": "Clock: seconds added per turn",
    "away_minutes": "A bot may play for a missing player after",
}

# (option name, value) -> how that choice reads.
CHOICES: dict[tuple[str, Any], str] = {
    ("first_player", "random"): "chosen at random",
    ("first_player", "host"): "the host",
    ("first_player", "guest"): "the guest",
    ("first_player", "second"): "the second player",
    ("first_player", "third"): "the third player",
    ("first_player", "fourth"): "the fourth player",
    ("edition", "third"): "third edition",
    ("edition", "first"): "first edition",
    ("mode", "full"): "full game",
    ("mode", "first"): "first game",
    ("clock_minutes", 0): "no clock",
    ("pace", "live"): "live: everyone plays now",
    ("pace", "turn-based"): "turn-based: over hours or days",
    ("move_hours", 1): "1 hour",
    ("move_hours", 12): "12 hours",
    ("move_hours", 24): "1 day",
    ("move_hours", 72): "3 days",
    ("move_hours", 168): "1 week",
    ("time_runs_out", "bot"): "a bot moves for them",
    ("time_runs_out", "wait"): "wait; the others may vote for a bot",
}

# Options counted in a unit: the unit follows the number ("3 minutes").
UNITS: dict[str, tuple[str, str]] = {
    "clock_minutes": ("minute", "minutes"),
    "clock_increment": ("second", "seconds"),
    "away_minutes": ("minute", "minutes"),
}


def label(name: str, declared: str) -> str:
    """The option's label on the pages (`declared`: the game's own)."""
    return LABELS.get(name, declared)


def choice_text(name: str, value: Any) -> str:
    """How `value` of the option `name` reads in its select."""
    if isinstance(value, bool):  # before the lookups: True == 1 as a dict key
        return "yes" if value else "no"
    known = CHOICES.get((name, value))
    if known is not None:
        return known
    if name in UNITS and isinstance(value, int):
        one, many = UNITS[name]
        return f"{value} {one if value == 1 else many}"
    return str(value).replace("_", " ")
