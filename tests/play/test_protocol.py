"""The websocket protocol through the app: snapshots, patches, since, sync, errors, chat."""

from __future__ import annotations

import json

import pytest
from sqlalchemy import func, select
from starlette.testclient import TestClient

from app.config import Settings
from app.play.recorder import StaleGame
from app.play.registry import games_for
from app.play.runner import Runner
from app.store.db import make_engine, make_sessions, utcnow
from app.store.tables.games import ActionRecord
from tests.conftest import run

from .tables import Table, Viewer, play_one, serving


def fresh_view(table: Table, seat: int | None) -> dict:
    viewer = table.connect(seat)
    try:
        return viewer.until("snapshot")["view"]
    finally:
        viewer.close()


def started(client: TestClient) -> Table:
    table = Table.open(client, first_player="host")
    table.start()
    return table


def test_a_whole_game_every_patch_to_every_connection(client: TestClient) -> None:
    table = started(client)
    seats = {0: table.connect(0), 1: table.connect(1)}
    spectator = table.connect(None)
    viewers = [*seats.values(), spectator]
    for viewer in viewers:
        assert viewer.until("snapshot")["seq"] == 0
    steps = 0
    while seats[0].view["result"] is None:
        play_one(viewers, seats, choose=steps)
        steps += 1
        if steps % 5 == 0:
            for seat, viewer in [*seats.items(), (None, spectator)]:
                assert viewer.view == fresh_view(table, seat)
    assert steps == 27  # 9 rolls and 18 scores
    for viewer in viewers:
        assert viewer.seqs == list(range(1, 28))
        assert viewer.snapshots == 1
    for seat, viewer in [*seats.items(), (None, spectator)]:
        assert viewer.view == fresh_view(table, seat)
    assert spectator.view["you"] is None and spectator.view["legal"] == []
    assert seats[0].view["status"] == "finished"
    assert client.get(f"/api/lobbies/{table.code}").json()["status"] == "finished"
    log = client.get(f"/api/lobbies/{table.code}/log").json()
    assert [entry["seq"] for entry in log["actions"]] == list(range(1, 28))
    assert log["seed"] is not None and log["result"] == seats[0].view["result"]
    for viewer in viewers:
        viewer.close()


def test_the_seed_stays_secret_until_the_end(client: TestClient) -> None:
    table = started(client)
    seat0 = table.connect(0)
    seat0.until("snapshot")
    play_one([seat0], {0: seat0, 1: seat0})
    log = client.get(f"/api/lobbies/{table.code}/log").json()
    assert log["seed"] is None and len(log["actions"]) == 1
    assert "rng" not in json.dumps(seat0.view)
    seat0.close()


def test_since_catches_a_dropped_seat_up_with_patches(client: TestClient) -> None:
    table = started(client)
    ann, bob = table.connect(0), table.connect(1)
    ann.until("snapshot")
    bob.until("snapshot")
    bob.close()
    ann.until("presence")  # Bob left
    # The host goes first: she rolls and scores while Bob is away.
    play_one([ann], {0: ann, 1: ann})
    play_one([ann], {0: ann, 1: ann})
    assert ann.seq == 2
    back = table.connect(1, since=0)
    back.seq, back.view = bob.seq, bob.view
    back.until_seq(2)
    assert back.snapshots == 0 and back.seqs == [1, 2]
    back.until_connected([True, True])
    assert back.view == fresh_view(table, 1)
    ann.close()
    back.close()


def test_since_the_current_seq_sends_no_patch(client: TestClient) -> None:
    table = started(client)
    ann = table.connect(0)
    ann.until("snapshot")
    play_one([ann], {0: ann, 1: ann})
    again = table.connect(0, since=1)
    again.seq, again.view = ann.seq, ann.view
    again.socket.send_json({"type": "chat", "text": "probe"})
    again.until("chat", text="probe")
    assert again.snapshots == 0 and again.patches == 0
    ann.close()
    again.close()


def test_since_older_than_the_buffer_gets_a_snapshot(database_url: str) -> None:
    settings = Settings(database_url=database_url, migrate_on_start=False, patch_buffer=2)
    with serving(settings) as client:
        table = started(client)
        ann, bob = table.connect(0), table.connect(1)
        for viewer in (ann, bob):
            viewer.until("snapshot")
        for _ in range(4):
            play_one([ann, bob], {0: ann, 1: bob})
        late = table.connect(0, since=1)
        snapshot = late.until("snapshot")
        assert snapshot["seq"] == ann.seq == 4
        assert snapshot["view"] == ann.view
        recent = table.connect(0, since=2)  # the buffer holds 3 and 4
        kinds = [recent.socket.receive_json() for _ in range(4)]
        assert [(m["type"], m.get("seq")) for m in kinds] == [
            ("lobby", None),
            ("patch", 3),
            ("patch", 4),
            ("presence", None),
        ]
        for viewer in (ann, bob, late, recent):
            viewer.close()


def test_sync_answers_with_the_missed_patches(client: TestClient) -> None:
    table = started(client)
    ann = table.connect(0)
    ann.until("snapshot")
    play_one([ann], {0: ann, 1: ann})
    play_one([ann], {0: ann, 1: ann})
    ann.socket.send_json({"type": "sync", "seq": 1})
    repeat = ann.socket.receive_json()
    assert repeat["type"] == "patch" and repeat["seq"] == 2
    ann.socket.send_json({"type": "sync", "seq": 99})
    assert ann.socket.receive_json()["type"] == "snapshot"
    ann.close()


def test_a_snapshot_asked_again_shows_who_is_connected_now(client: TestClient) -> None:
    table = started(client)
    watcher = table.connect(None)
    first = watcher.until("snapshot")
    watcher.socket.send_json({"type": "sync", "seq": 99})
    again = watcher.until("snapshot")
    assert again["view"] == first["view"]  # the same position and players: the same view
    ann = table.connect(0)
    ann.until("snapshot")
    watcher.until_connected([True, False])
    watcher.socket.send_json({"type": "sync", "seq": 99})
    latest = watcher.until("snapshot")
    assert [player["connected"] for player in latest["view"]["players"]] == [True, False]
    play_one([ann], {0: ann, 1: ann})
    watcher.socket.send_json({"type": "sync", "seq": 99})
    moved_on = watcher.until("snapshot")
    assert moved_on["seq"] == ann.seq > latest["seq"]
    assert moved_on["view"] != latest["view"]
    for viewer in (watcher, ann):
        viewer.close()


@pytest.mark.parametrize(
    ("frame", "code", "ref"),
    [
        ("not json", "bad_json", None),
        ("[1, 2]", "invalid", None),
        ('{"type": "dance", "id": 7}', "invalid", 7),
        ('{"type": "action", "id": 7, "action": {"type": "roll"}, "extra": 1}', "invalid", 7),
        ('{"type": "action", "id": 7, "action": "roll"}', "invalid", 7),
        ('{"type": "action", "id": [7], "action": {"type": "roll"}}', "invalid", None),
        (
            '{"type": "action", "id": 7, "action": {"type": "score", "category": "red"}}',
            "illegal_action",
            7,
        ),
        (
            '{"type": "action", "id": "r", "action": {"type": "roll", "sneaky": true}}',
            "illegal_action",
            "r",
        ),
        ('{"type": "sync", "seq": -1}', "invalid", None),
        ('{"type": "sync", "seq": "3"}', "invalid", None),
        ('{"type": "chat", "text": ""}', "invalid", None),
        ('{"type": "chat", "text": "' + "x" * 501 + '"}', "invalid", None),
        ('{"type": "chat", "text": "' + "x" * 17000 + '"}', "too_large", None),
    ],
)
def test_bad_messages_get_an_error_and_change_nothing(
    client: TestClient, frame: str, code: str, ref: object
) -> None:
    table = started(client)
    ann = table.connect(0)
    ann.until("snapshot")
    before = ann.view
    ann.socket.send_text(frame)
    error = ann.until("error")
    assert error["error"] == code and error["ref"] == ref
    assert fresh_view(table, 0) == before
    assert client.get(f"/api/lobbies/{table.code}/log").json()["actions"] == []
    ann.close()


def test_out_of_turn_other_seat_and_spectator_actions_are_refused(client: TestClient) -> None:
    table = started(client)
    ann, bob, watcher = table.connect(0), table.connect(1), table.connect(None)
    for viewer in (ann, bob, watcher):
        viewer.until("snapshot")
    bob.act({"type": "roll"}, ref="b1")  # it is Ann's roll
    assert bob.until("error")["ref"] == "b1"
    watcher.act({"type": "roll"}, ref="w1")
    refused = watcher.until("error")
    assert refused["error"] == "forbidden" and refused["ref"] == "w1"
    ann.act({"type": "roll"}, ref="a1")
    ann.act({"type": "roll"}, ref="a2")  # the same action twice: only one can be applied
    ann.until_seq(1)
    assert ann.until("error")["ref"] == "a2"
    assert len(client.get(f"/api/lobbies/{table.code}/log").json()["actions"]) == 1
    for viewer in (ann, bob, watcher):
        viewer.close()


def test_binary_frames_are_refused(client: TestClient) -> None:
    table = started(client)
    ann = table.connect(0)
    ann.until("snapshot")
    ann.socket.send_bytes(b"\x00\x01")
    assert ann.until("error")["error"] == "bad_input"
    ann.close()


def test_unknown_token_and_unknown_lobby(client: TestClient) -> None:
    table = started(client)
    with client.websocket_connect(f"/ws/{table.code}?token=nope") as socket:
        assert socket.receive_json()["error"] == "unauthorized"
    with client.websocket_connect("/ws/zzzzzzzzzzzzz") as socket:
        assert socket.receive_json()["error"] == "not_found"
    with client.websocket_connect(f"/ws/{table.code}?since=abc") as socket:
        assert socket.receive_json()["error"] == "bad_input"


def test_chat_reaches_everyone_and_is_kept(client: TestClient) -> None:
    table = started(client)
    ann, watcher = table.connect(0), table.connect(None)
    ann.until("snapshot")
    watcher.until("snapshot")
    ann.socket.send_json({"type": "chat", "text": "<b>hello</b>"})
    for viewer in (ann, watcher):
        line = viewer.until("chat")
        assert line["from"] == "Ann" and line["text"] == "<b>hello</b>"
        assert line["at"].endswith("+00:00")
    watcher.socket.send_json({"type": "chat", "text": "hi"})
    assert watcher.until("error")["error"] == "forbidden"
    later = table.connect(1)
    assert later.until("chat")["text"] == "<b>hello</b>"
    for viewer in (ann, watcher, later):
        viewer.close()


def test_presence_shows_who_is_connected(client: TestClient) -> None:
    table = started(client)
    ann = table.connect(0)
    snapshot = ann.until("snapshot")
    assert [p["connected"] for p in snapshot["view"]["players"]] == [True, False]
    bob = table.connect(1)
    ann.until_connected([True, True])
    assert [p["connected"] for p in client.get(f"/api/lobbies/{table.code}").json()["players"]] == [
        True,
        True,
    ]
    bob.close()
    ann.until_connected([True, False])
    assert ann.view["players"][1]["connected"] is False
    ann.close()


def told_until_chat(viewer: Viewer) -> list[str]:
    """The kinds of message `viewer` is sent before a chat line it sends now comes back."""
    viewer.socket.send_json({"type": "chat", "text": "still here"})
    told = []
    while (message := viewer.receive())["type"] != "chat":
        told.append(message["type"])
    return told


def test_a_seat_reconnecting_in_a_loop_costs_the_others_one_presence_per_interval(
    client: TestClient,
) -> None:
    client.app.state.hub.presence_seconds = 3600  # the whole storm within one interval
    table = started(client)
    ann = table.connect(0)
    ann.until("snapshot")
    for _ in range(30):
        bob = table.connect(1)
        bob.until("snapshot")  # joined: the others may be told
        bob.close()
    told = told_until_chat(ann)
    # Ann's join brought her a presence of her own and the room's news of her (a presence and a
    # lobby message); Bob's thirty comings and goings wait for the end of the interval, together.
    assert told.count("presence") <= 2 and told.count("lobby") <= 1, told
    ann.close()


def test_presence_waiting_goes_out_before_anything_else_and_only_for_a_real_change(
    client: TestClient,
) -> None:
    table = started(client)
    ann, bob = table.connect(0), table.connect(1)
    ann.until("snapshot")
    bob.until("snapshot")
    told_until_chat(ann)  # whatever was waiting goes out before her chat line comes back
    assert [player["connected"] for player in ann.view["players"]] == [True, True]
    client.app.state.hub.presence_seconds = 3600  # nothing goes out at an interval's end
    second = table.connect(1)  # Bob's second tab changes nothing
    second.until("snapshot")
    second.close()
    bob.close()
    bob = table.connect(1)  # gone and back: as it was
    bob.until("snapshot")
    assert told_until_chat(ann) == []
    bob.close()  # gone: that is news
    assert told_until_chat(ann) == ["presence", "lobby"]
    assert [player["connected"] for player in ann.view["players"]] == [True, False]
    ann.close()


def test_lobby_messages_then_a_snapshot_when_the_game_starts(client: TestClient) -> None:
    table = Table.open(client, names=("Ann",))
    ann = table.connect(0)
    assert ann.until("lobby")["lobby"]["status"] == "open"
    joined = client.post(f"/api/lobbies/{table.code}/players", json={"name": "Bob"})
    table.tokens.append(joined.json()["player"]["token"])
    while len(ann.until("lobby")["lobby"]["players"]) < 2:
        pass
    assert [p["name"] for p in ann.lobby["players"]] == ["Ann", "Bob"]
    table.start()
    assert ann.until("lobby")["lobby"]["status"] == "playing"
    assert ann.until("snapshot")["seq"] == 0
    ann.close()


def test_a_restart_resumes_where_the_game_was(settings: Settings) -> None:
    with serving(settings) as client:
        table = started(client)
        ann = table.connect(0)
        ann.until("snapshot")
        for _ in range(2):
            play_one([ann], {0: ann, 1: ann})
        before = ann.view
        ann.close()
    with serving(settings) as client:
        table.client = client
        ann = table.connect(0, since=2)
        ann.seq, ann.view = 2, before
        bob = table.connect(1)
        bob.until("snapshot")
        ann.until_connected([True, True])
        assert ann.view == fresh_view(table, 0)
        assert ann.view["state"] == bob.view["state"]
        while bob.view["result"] is None:
            play_one([ann, bob], {0: ann, 1: bob})
        assert bob.seqs[0] == 3 and ann.seq == 27
        log = client.get(f"/api/lobbies/{table.code}/log").json()
        assert [entry["seq"] for entry in log["actions"]] == list(range(1, 28))
        ann.close()
        bob.close()


def test_two_writers_of_one_game_the_version_check_lets_one_win(
    client: TestClient, settings: Settings
) -> None:
    table = started(client)

    async def race() -> tuple[list[bool], int]:
        engine = make_engine(settings.database_url)
        runner = Runner(make_sessions(engine), games_for(settings))
        try:
            first = await runner.load(1)
            second = await runner.load(1)
            roll = {"type": "roll"}
            outcomes = []
            for position in (first, second):
                after = position.game.apply(position.state, 0, roll)
                at = utcnow()
                try:
                    await runner.record(position.advance(0, after, None, at), 0, roll, None, at)
                    outcomes.append(True)
                except StaleGame:
                    outcomes.append(False)
            async with make_sessions(engine)() as session:
                count = await session.scalar(select(func.count()).select_from(ActionRecord))
            return outcomes, count or 0
        finally:
            await engine.dispose()

    outcomes, count = run(race())
    assert outcomes == [True, False] and count == 1
    assert len(client.get(f"/api/lobbies/{table.code}/log").json()["actions"]) == 1


def test_a_second_process_catches_up_before_checking_an_action(settings: Settings) -> None:
    with serving(settings) as one, serving(settings) as two:
        table = started(one)
        here = table.connect(0)
        here.until("snapshot")
        table.client = two
        there = table.connect(0)  # the same player in a tab served by another process
        there.until("snapshot")
        here.act({"type": "roll"}, ref="here")
        here.until_seq(1)
        there.act({"type": "roll"}, ref="there")  # stale there: must be checked anew
        there.until_seq(1)
        assert there.until("error")["ref"] == "there"
        assert there.view["state"]["dice"] == here.view["state"]["dice"]
        log = one.get(f"/api/lobbies/{table.code}/log").json()
        assert len(log["actions"]) == 1
        here.close()
        there.close()


def test_result_reasons_name_the_players() -> None:
    from app.games.core import Result
    from app.play.views import rules_view

    class Over:
        id = "over"

        def view(self, state, seat):  # noqa: ANN001, ANN202
            return {"active": [], "prompt": None, "state": {}, "log": ["{seat1} won"]}

        def result(self, state):  # noqa: ANN001, ANN202
            return Result([1], {"0": 1, "1": 2}, "{seat1} wins with 2 points")

    view = rules_view(Over(), {}, 0, ["Ann", "Bob"])  # type: ignore[arg-type]
    assert view["result"]["reason"] == "Bob wins with 2 points"
    assert view["log"] == ["Bob won"]
