"""`sync` (issue #34, point 6a): what it is answered with, what that costs, and its own rate.

A sync at the current seq is answered with nothing and makes no view and no snapshot; one behind
it, within the patch buffer, gets the patches the client lacks, each as it was first sent; only
a gap the buffer cannot fill, or a seq ahead of the game's, gets a snapshot. The syncs that cost
an answer count against a rate per socket and per address, past which the socket is closed with
4429, while the other tables play on.
"""

from __future__ import annotations

import copy
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import pytest
from starlette.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

import app.play.fanout
import app.play.messages
from app.config import Settings

from .tables import Table, Viewer, play_one, serving

# What a socket sends to learn that everything it sent before was answered: the hub answers
# a frame that is not JSON with an `error` `bad_json`, after every message before it.
BARRIER = "barrier"


class Clock:
    """A monotonic clock moved on by hand: the rates' buckets never refill unless told."""

    now = 1000.0

    def __call__(self) -> float:
        return self.now


class Spy:
    """Counts the calls of a function of a module while the test runs."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch, module: Any, name: str) -> None:
        self.calls = 0
        real = getattr(module, name)

        def counted(*args: Any, **kwargs: Any) -> Any:
            self.calls += 1
            return real(*args, **kwargs)

        monkeypatch.setattr(module, name, counted)


@pytest.fixture
def costs(monkeypatch: pytest.MonkeyPatch) -> Iterator[dict[str, Spy]]:
    """Spies on what an answer may cost: a rules view made (fanout's `rules_view`, the game's
    view and all) and a snapshot message made (`messages.snapshot`)."""
    yield {
        "views": Spy(monkeypatch, app.play.fanout, "rules_view"),
        "snapshots": Spy(monkeypatch, app.play.messages, "snapshot"),
    }


class Recorded:
    """A test socket that keeps every message it receives."""

    def __init__(self, socket: Any) -> None:
        self.socket = socket
        self.messages: list[dict[str, Any]] = []

    def receive_json(self) -> Any:
        message = self.socket.receive_json()
        self.messages.append(message)
        return message

    def __getattr__(self, name: str) -> Any:
        return getattr(self.socket, name)


def started(client: TestClient) -> Table:
    """A started game of two, Ann (seat 0) to play first."""
    table = Table.open(client, first_player="host")
    table.start()
    return table


def answers(viewer: Viewer, *frames: Any, keep: bool = True) -> list[dict[str, Any]]:
    """Send `frames`, then the barrier: the snapshots and patches the socket was sent in
    between, kept in its view as a browser keeps them (`keep`), else only read."""
    for frame in frames:
        viewer.socket.send_json(frame)
    viewer.socket.send_text(BARRIER)
    receive = viewer.receive if keep else viewer.socket.receive_json
    got = []
    while (message := receive())["type"] != "error" or message["error"] != "bad_json":
        if message["type"] in ("snapshot", "patch"):
            got.append(message)
    if keep:
        viewer.errors.pop()  # the barrier's
    return got


def sync(seq: int) -> dict[str, Any]:
    return {"type": "sync", "seq": seq}


def without_players(view: dict[str, Any] | None) -> dict[str, Any]:
    """The rules view: what patches change (who is connected comes in `presence` messages)."""
    assert view is not None
    return {key: value for key, value in view.items() if key != "players"}


def closed_with(viewer: Viewer) -> WebSocketDisconnect:
    """Read on until the server closes the socket; how it closed it. A socket still open
    answers the barrier sent after what was meant to close it."""
    viewer.socket.send_text(BARRIER)
    with pytest.raises(WebSocketDisconnect) as closed:
        while (message := viewer.receive())["type"] != "error" or message["error"] != "bad_json":
            pass
        raise AssertionError("the socket is still open")
    return closed.value


def recorded(client: TestClient, table: Table) -> list[int]:
    """The seqs of the actions the game's record holds."""
    log = client.get(f"/api/lobbies/{table.code}/log").json()
    return [entry["seq"] for entry in log["actions"]]


# --- what a sync is answered with ---------------------------------------------------------------


def test_a_sync_at_the_current_seq_is_answered_with_nothing_and_costs_nothing(
    client: TestClient, costs: dict[str, Spy]
) -> None:
    table = Table.open(client, first_player="host")
    ann = table.connect(0)
    assert answers(ann, sync(0), sync(0)) == []  # before the start: nothing to catch up on
    table.start()
    bob, watcher = table.connect(1), table.connect(None)
    for viewer in (ann, bob, watcher):
        viewer.until("snapshot")
    for _ in range(3):
        play_one([ann, bob, watcher], {0: ann, 1: bob})
    views, snapshots = costs["views"].calls, costs["snapshots"].calls
    for viewer in (ann, bob, watcher):
        assert answers(viewer, *[sync(3)] * 20) == []
    assert (costs["views"].calls, costs["snapshots"].calls) == (views, snapshots)
    # The spies see an answer that costs something: a seq ahead of the game's.
    assert [m["type"] for m in answers(watcher, sync(4))] == ["snapshot"]
    assert costs["snapshots"].calls == snapshots + 1


def test_a_sync_behind_gets_exactly_the_missing_patches_and_the_snapshots_view(
    client: TestClient, costs: dict[str, Spy]
) -> None:
    table = started(client)
    ann, bob, watcher = table.connect(0), table.connect(1), table.connect(None)
    viewers = {0: ann, 1: bob, None: watcher}
    for viewer in viewers.values():
        viewer.socket = Recorded(viewer.socket)
        viewer.until("snapshot")
    held: dict[int | None, tuple[int | None, dict[str, Any]]] = {}
    for step in range(6):
        if step == 2:
            held = {seat: (v.seq, copy.deepcopy(v.view)) for seat, v in viewers.items()}
        play_one(list(viewers.values()), {0: ann, 1: bob}, choose=step)
    assert all(viewer.seq == 6 for viewer in viewers.values())
    for seat, viewer in viewers.items():
        sent = [m for m in viewer.socket.messages if m["type"] == "patch" and m["seq"] > 2]
        viewer.seq, viewer.view = held[seat][0], held[seat][1]
        assert viewer.seq == 2
        views, snapshots = costs["views"].calls, costs["snapshots"].calls
        patches = answers(viewer, sync(2))
        assert [(m["type"], m["seq"]) for m in patches] == [("patch", seq) for seq in (3, 4, 5, 6)]
        assert patches == sent  # each patch as it was first sent
        assert (costs["views"].calls, costs["snapshots"].calls) == (views, snapshots)
        caught_up = without_players(viewer.view)
        (snapshot,) = answers(viewer, sync(99))
        assert snapshot["type"] == "snapshot" and snapshot["seq"] == 6
        assert caught_up == without_players(snapshot["view"])


def test_a_sync_the_buffer_cannot_fill_gets_a_snapshot(database_url: str) -> None:
    settings = Settings(
        database_url=database_url, migrate_on_start=False, _env_file=None, patch_buffer=2
    )
    with serving(settings) as client:
        table = started(client)
        ann, bob = table.connect(0), table.connect(1)
        for viewer in (ann, bob):
            viewer.until("snapshot")
        for _ in range(4):
            play_one([ann, bob], {0: ann, 1: bob})
        patches = answers(ann, sync(2), keep=False)
        assert [(m["type"], m["seq"]) for m in patches] == [("patch", 3), ("patch", 4)]
        for behind_the_buffer in (1, 0):
            (snapshot,) = answers(ann, sync(behind_the_buffer), keep=False)
            assert snapshot["type"] == "snapshot" and snapshot["seq"] == 4


# --- the rate of syncs ----------------------------------------------------------------------


@contextmanager
def limited(database_url: str, **rates: str) -> Iterator[TestClient]:
    """The app with these rates of syncs, its limits on a clock that stands still."""
    settings = Settings(database_url=database_url, migrate_on_start=False, _env_file=None, **rates)
    with serving(settings) as client:
        client.app.state.limits.clock = Clock()
        yield client


def other_table_plays(client: TestClient, moves: int) -> tuple[Table, list[Viewer]]:
    """Another table, its two players `moves` actions into their game, each one acknowledged:
    both sockets received its patch."""
    table = started(client)
    cy, di = table.connect(0), table.connect(1)
    for viewer in (cy, di):
        viewer.until("snapshot")
    for step in range(moves):
        play_one([cy, di], {0: cy, 1: di}, choose=step)
    return table, [cy, di]


def test_a_sync_flood_from_one_socket_is_closed_while_another_table_plays_on(
    database_url: str,
) -> None:
    with limited(database_url, limit_socket_syncs="3/hour") as client:
        table = started(client)
        ann, bob = table.connect(0), table.connect(1)
        for viewer in (ann, bob):
            viewer.until("snapshot")
        play_one([ann, bob], {0: ann, 1: bob})
        # Syncs at the current seq cost nothing, and count only as messages.
        assert answers(ann, *[sync(1)] * 30) == []
        # A flood of syncs a snapshot answers: three, then the socket is closed.
        for _ in range(40):
            ann.socket.send_json(sync(50))
        other, others = other_table_plays(client, moves=8)
        closed = closed_with(ann)
        assert closed.code == 4429 and closed.reason == "too many syncs; slow down"
        assert ann.snapshots == 1 + 3
        assert [e["error"] for e in ann.errors] == ["too_many"]
        # The other table played on: every action acknowledged and recorded, nothing refused.
        assert recorded(client, other) == list(range(1, 9))
        assert all(v.seqs == list(range(1, 9)) and v.errors == [] for v in others)
        # Bob's socket, of the same address, was not closed; nor was Ann's game: her page
        # reconnects with `since` and is caught up without a snapshot.
        assert answers(bob, sync(1)) == []
        back = table.connect(0, since=ann.seq)
        back.seq, back.view = ann.seq, ann.view
        play_one([back, bob], {0: back, 1: bob})
        assert back.snapshots == 0 and back.seqs == [2]
        assert recorded(client, table) == [1, 2]


def test_a_sync_flood_from_an_address_closes_the_socket_past_its_rate(
    database_url: str,
) -> None:
    with limited(database_url, limit_address_syncs="4/hour") as client:
        table = started(client)
        ann, bob, watcher = table.connect(0), table.connect(1), table.connect(None)
        for viewer in (ann, bob, watcher):
            viewer.until("snapshot")
        play_one([ann, bob, watcher], {0: ann, 1: bob})
        # A snapshot and a patch each for Ann and Bob: the address's four.
        for viewer in (ann, bob):
            answered = answers(viewer, sync(50), sync(0), keep=False)
            assert [m["type"] for m in answered] == ["snapshot", "patch"]
        assert answers(watcher, sync(1)) == []  # costs nothing, counts nothing
        watcher.socket.send_json(sync(50))  # the address's fifth
        other, others = other_table_plays(client, moves=4)
        closed = closed_with(watcher)
        assert closed.code == 4429 and closed.reason == "too many syncs; slow down"
        assert watcher.snapshots == 1
        assert recorded(client, other) == [1, 2, 3, 4]
        assert all(v.seqs == [1, 2, 3, 4] and v.errors == [] for v in others)
        for viewer in (ann, bob):  # still open, and still held to the address's rate
            assert answers(viewer, sync(1)) == []
        ann.socket.send_json(sync(0))
        assert closed_with(ann).code == 4429
        assert answers(bob, sync(1)) == []
