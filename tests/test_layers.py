"""The house's floors: every import of app/ points down, never up (issue #33, point 6).

From the bottom: the pure rules and the words every floor shares; the settings; the edge's
middleware; storage and the owner's tokens; the play layer (the bridge between the web and the
rules); the lobbies; the site's pages, notifications, the owner's page and operations; and on
top the composition root (app/main.py).
A module may import its own package and any package on a lower floor, and a package on its own
floor when no circle comes of it (test_import_cycles.py); imports for the type checker alone
count too. A package not on the plan fails until it is given a floor.
"""

from __future__ import annotations

from tests.test_import_cycles import imported, modules

FLOORS = (
    ("games", "wire", "status"),
    ("config",),
    ("edge",),
    ("store", "auth"),
    ("play",),
    ("lobby",),
    ("site", "notify", "admin", "ops"),
    ("main",),
)
FLOOR = {room: number for number, rooms in enumerate(FLOORS) for room in rooms}


def room(module: str) -> str:
    """`app.play.hub` -> "play"; `app.main` -> "main"; `app` (its __init__) -> "main"."""
    parts = module.split(".")
    return parts[1] if len(parts) > 1 else "main"


def upward(graph: dict[str, set[str]]) -> list[str]:
    return sorted(
        f"{module} (floor {FLOOR[room(module)]}) imports {target} (floor {FLOOR[room(target)]})"
        for module, targets in graph.items()
        for target in targets
        if FLOOR[room(target)] > FLOOR[room(module)]
    )


def test_every_package_of_app_has_a_floor() -> None:
    assert {room(module) for module in modules()} - set(FLOOR) == set()


def test_no_import_goes_up_a_floor() -> None:
    known = modules()
    graph = {name: imported(path, name, set(known), type_only=True) for name, path in known.items()}
    assert upward(graph) == []


def test_the_check_sees_an_import_up() -> None:
    graph = {"app.play.rooms": {"app.lobby.schemas", "app.games.core"}, "app.games.core": set()}
    assert upward(graph) == ["app.play.rooms (floor 4) imports app.lobby.schemas (floor 5)"]
