"""Helpers for Noughts in the Dark's tests: a table of Ann against a bot over the protocol,
played to the end by her socket."""

from __future__ import annotations

import random
import time
from typing import Any

from starlette.testclient import TestClient

from tests.play.tables import Table, Viewer

GAME = "noughts-in-the-dark"
WAIT = 60  # seconds for a game of nine cells against a bot that does not wait (liveness)


def ann_against(client: TestClient, level: str, **options: Any) -> tuple[Table, Viewer]:
    """Ann's lobby with a bot of `level` seated, started; her socket, at its first view."""
    table = Table.open(client, ("Ann",), game=GAME, **options)
    added = client.post(
        f"/api/lobbies/{table.code}/bots",
        json={"level": level},
        headers={"Authorization": f"Bearer {table.tokens[0]}"},
    )
    assert added.status_code == 201, added.text
    ann = table.connect(0)
    ann.until("lobby")
    table.start()
    ann.until("snapshot")
    return table, ann


def play_to_the_end(ann: Viewer, seed: int, hide_first: bool = True) -> list[dict[str, Any]]:
    """Ann plays at random (her hidden mark at her first turn when `hide_first`) until the
    game is over; the actions she sent."""
    choices = random.Random(seed)
    sent: list[dict[str, Any]] = []
    waiting_for: int | None = None  # the seq Ann chose at, until the game moves on
    deadline = time.monotonic() + WAIT
    while ann.view is None or ann.view["result"] is None:
        assert time.monotonic() < deadline, f"no result by seq {ann.seq}"
        view = ann.view
        if view is not None and view["legal"] and waiting_for != ann.seq:
            hides = [action for action in view["legal"] if action["type"] == "hide"]
            action = choices.choice(hides if hides and hide_first else view["legal"])
            waiting_for = ann.seq
            ann.act(action, ref=ann.seq)
            sent.append(action)
        message = ann.receive()
        assert message["type"] != "error", message
    return sent
