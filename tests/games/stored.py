"""Games as earlier versions of their rules stored them, to check that they still load.

Each file tests/games/<game>/stored/<change>.json was written by the code just before a change
of that game's state (`before-one-way-to-end`: commit 4666e69, before issue #21 made every game
end through `core.finish` and name its open decision `asking`): the golden game's setup, a
snapshot in the middle of a decision (`snapshot_seq` actions in), its finished state, and the
golden game's actions and result. `Game.upgrade` must turn each state into the one today's code
reaches with the same actions, and the server must load, play on and replay such a record.
(Some games' `stored/` folders hold more states of their own, which their own `test_stored.py`
reads.)

What a game's finished state stored before could not tell its upgrade is in its test folder's
`stored_end.py` (`NOT_KEPT_AT_THE_END`, the state's keys left out when comparing), if anything.
"""

from __future__ import annotations

import importlib
import importlib.util
import json
from pathlib import Path
from typing import Any

STORED = sorted(Path(__file__).parent.glob("*/stored/before-*.json"))


def stored_game(path: Path) -> dict[str, Any]:
    """The file's game: game, players, options, seed, setup, snapshot_seq, snapshot, final,
    actions ({"seat", "action"} each) and result."""
    loaded: dict[str, Any] = json.loads(path.read_text())
    return loaded


def name(path: Path) -> str:
    return f"{path.parent.parent.name}-{path.stem}"


def not_kept_at_the_end(game: str) -> tuple[str, ...]:
    """The keys of `game`'s finished state that a state stored before could not tell its
    upgrade: its test folder's stored_end.NOT_KEPT_AT_THE_END, or none."""
    module = f"{__package__}.{game.replace('-', '_')}.stored_end"
    if importlib.util.find_spec(module) is None:
        return ()
    left_out: tuple[str, ...] = importlib.import_module(module).NOT_KEPT_AT_THE_END
    return left_out


def same_end(game: str, upgraded: dict[str, Any], today: dict[str, Any]) -> bool:
    """Whether an upgraded finished state is today's, apart from what the old one did not keep."""
    left_out = not_kept_at_the_end(game)

    def kept(state: dict[str, Any]) -> dict[str, Any]:
        return {key: value for key, value in state.items() if key not in left_out}

    return kept(upgraded) == kept(today)
