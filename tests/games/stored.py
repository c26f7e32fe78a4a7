"""Games as earlier versions of their rules stored them, to check that they still load.

Each file tests/games/<game>/stored/<change>.json was written by the code just before a change
of that game's state (`before-one-way-to-end`: commit 4666e69, before issue #21 made every game
end through `core.finish` and name its open decision `asking`): the golden game's setup, a
snapshot in the middle of a decision (`snapshot_seq` actions in), its finished state, and the
golden game's actions and result. `Game.upgrade` must turn each state into the one today's code
reaches with the same actions, and the server must load, play on and replay such a record.
(UNSCREWED's and Unvention's `stored/` folders hold more states of their own, which their own
`test_stored.py` reads.)
"""

from __future__ import annotations

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


# What a finished state stored before could not tell its upgrade: UNSCREWED's said phase "over",
# not the phase the game ended in (today's keep it), and its upgrade puts the round's last one.
# A finished game's phase changes nothing: no action is legal, and its page shows the result.
NOT_KEPT_AT_THE_END = {"unscrewed": ("phase",)}


def same_end(game: str, upgraded: dict[str, Any], today: dict[str, Any]) -> bool:
    """Whether an upgraded finished state is today's, apart from what the old one did not keep."""
    left_out = NOT_KEPT_AT_THE_END.get(game, ())

    def kept(state: dict[str, Any]) -> dict[str, Any]:
        return {key: value for key, value in state.items() if key not in left_out}

    return kept(upgraded) == kept(today)
