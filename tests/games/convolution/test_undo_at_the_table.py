"""Take-backs at a table of Convolution, over the websocket: `{"type": "undo"}` accepted (every
connection's patch, the log line, the record's own entry), refused (an `error` with `ref`,
nothing changed), after a restart, and the table option that turns them off. The host first:
she rolls (seq 1) and scores (seq 2), which she may take back until Bob scores on the same
roll."""

from __future__ import annotations

from typing import Any

from starlette.testclient import TestClient

from app.config import Settings
from tests.play.tables import Table, Viewer, play_one, serving


def fresh_view(table: Table, seat: int | None) -> dict[str, Any]:
    viewer = table.connect(seat)
    try:
        return viewer.until("snapshot")["view"]
    finally:
        viewer.close()


def seated(client: TestClient, **options: Any) -> tuple[Table, dict[int, Viewer], Viewer]:
    table = Table.open(client, game="convolution", first_player="host", **options)
    table.start()
    seats = {0: table.connect(0), 1: table.connect(1)}
    spectator = table.connect(None)
    for viewer in (*seats.values(), spectator):
        viewer.until("snapshot")
    return table, seats, spectator


def undo(viewer: Viewer, ref: Any) -> None:
    viewer.socket.send_json({"type": "undo", "id": ref})


def test_a_score_taken_back_reaches_every_connection(client: TestClient) -> None:
    table, seats, spectator = seated(client)
    viewers = [*seats.values(), spectator]
    ann, bob = seats[0], seats[1]
    play_one(viewers, seats)  # Ann rolls
    assert ann.view["undo"] is False  # a roll never
    legal_before = ann.view["legal"]
    state_before = ann.view["state"]
    scored = play_one(viewers, seats)  # Ann scores
    assert ann.view["undo"] is True and bob.view["undo"] is False
    assert spectator.view["undo"] is False
    undo(ann, "take")
    for viewer in viewers:
        viewer.until_seq(3)
    assert ann.view["legal"] == legal_before and ann.view["state"] == state_before
    assert ann.view["active"] == [0] and ann.view["undo"] is False
    category = scored["category"]
    for viewer in viewers:
        assert viewer.view["log"][-1].startswith("Ann took back their score in ")
        assert category.lower() in viewer.view["log"][-1].lower()
    for seat, viewer in [*seats.items(), (None, spectator)]:
        assert viewer.view == fresh_view(table, seat)
        assert viewer.errors == []
    log = client.get(f"/api/lobbies/{table.code}/log").json()
    assert [(a["seq"], a["seat"], a["action"]) for a in log["actions"]][1:] == [
        (2, 0, scored),
        (3, 0, {"type": "undo"}),
    ]
    # She scores again (another category, say), and the game goes on from there.
    play_one(viewers, seats, choose=1)
    assert ann.seq == 4 and ann.view["undo"] is True


def test_refusals_carry_the_ref_and_change_nothing(client: TestClient) -> None:
    table, seats, spectator = seated(client)
    viewers = [*seats.values(), spectator]
    ann, bob = seats[0], seats[1]
    undo(ann, 1)  # nothing done yet
    assert ann.until("error") == {
        "type": "error",
        "error": "cannot_undo",
        "message": ann.errors[-1]["message"],
        "ref": 1,
    }
    play_one(viewers, seats)
    play_one(viewers, seats)  # Ann has scored
    undo(bob, "not yours")
    assert bob.until("error")["error"] == "cannot_undo"
    assert bob.errors[-1]["ref"] == "not yours"
    undo(spectator, "watching")
    assert spectator.until("error")["error"] == "forbidden"
    assert spectator.errors[-1]["ref"] == "watching"
    play_one(viewers, seats)  # Bob scores: Ann may no longer take hers back
    assert ann.view["undo"] is False and bob.view["undo"] is True
    undo(ann, "late")
    assert ann.until("error")["error"] == "cannot_undo"
    assert ann.errors[-1]["ref"] == "late"
    assert ann.seq == 3
    assert len(client.get(f"/api/lobbies/{table.code}/log").json()["actions"]) == 3
    for seat, viewer in [*seats.items(), (None, spectator)]:
        assert viewer.view == fresh_view(table, seat)
    undo(ann, {"an": "object"})  # an id of the wrong shape
    assert ann.until("error")["error"] == "invalid"


def test_take_backs_off_at_the_table(client: TestClient) -> None:
    table, seats, spectator = seated(client, undo=False)
    viewers = [*seats.values(), spectator]
    play_one(viewers, seats)
    play_one(viewers, seats)
    assert seats[0].view["undo"] is False
    undo(seats[0], 7)
    error = seats[0].until("error")
    assert (error["error"], error["ref"]) == ("cannot_undo", 7)
    assert "off" in error["message"]
    assert seats[0].seq == 2


def play_until(viewers: list[Viewer], seats: dict[int, Viewer], seq: int) -> None:
    while seats[0].seq < seq:
        play_one(viewers, seats)


def test_a_take_back_after_a_restart_even_where_a_snapshot_was_due(settings: Settings) -> None:
    """An undo early on moves every later score by one: seq 16 (when a snapshot is due) is then
    Ann's score, which she may still take back after the server restarts."""
    with serving(settings) as client:
        table, seats, spectator = seated(client)
        viewers = [*seats.values(), spectator]
        play_until(viewers, seats, 2)
        undo(seats[0], "early")
        for viewer in viewers:
            viewer.until_seq(3)
        play_until(viewers, seats, 16)
        mover = 0 if seats[0].view["undo"] else 1
        assert seats[mover].view["undo"] is True
        before = {seat: viewer.view for seat, viewer in seats.items()}
    with serving(settings) as client:
        table.client = client
        again = {0: table.connect(0), 1: table.connect(1)}
        for viewer in again.values():
            viewer.until("snapshot")
        assert again[mover].view["undo"] is True
        undo(again[mover], "after the restart")
        for viewer in again.values():
            viewer.until_seq(17)
        assert again[mover].errors == []
        assert "took back" in again[mover].view["log"][-1]
        # back to the view before the score: the same table, prompt and legal actions
        for seat, viewer in again.items():
            assert viewer.view == fresh_view(table, seat)
        assert again[mover].view["legal"] != before[mover]["legal"]
        play_one(list(again.values()), again)
        assert again[0].seq == 18


def test_a_take_back_through_another_process(settings: Settings) -> None:
    """Ann scores in a tab served by one process and takes it back in a tab served by
    another, which has not heard of the score yet (SQLite tells no one): it reads the record
    before refusing."""
    with serving(settings) as one, serving(settings) as two:
        table, seats, spectator = seated(one)
        table.client = two
        there = table.connect(0)
        there.until("snapshot")
        play_one([*seats.values(), spectator], seats)
        play_one([*seats.values(), spectator], seats)  # Ann has rolled and scored (one)
        undo(there, "elsewhere")
        there.until_seq(3)
        assert there.errors == []
        assert there.view["log"][-1].startswith("Ann took back")
        assert there.view["undo"] is False and there.view["active"] == [0]
        log = one.get(f"/api/lobbies/{table.code}/log").json()
        assert log["actions"][-1]["action"] == {"type": "undo"}
        there.close()
