"""Replays of finished games, and "play again" with the same players."""

from __future__ import annotations

from starlette.testclient import TestClient

from app.play.table import TABLE_OPTIONS
from tests.play.tables import Table, Viewer, play_one

TABLE_DEFAULTS = {option.name: option.default for option in TABLE_OPTIONS}


def finished_game(client: TestClient) -> tuple[Table, Viewer, Viewer]:
    table = Table.open(client, first_player="host")
    table.start()
    ann, bob = table.connect(0), table.connect(1)
    ann.until("snapshot")
    bob.until("snapshot")
    choice = 0
    while ann.view["result"] is None:
        play_one([ann, bob], {0: ann, 1: bob}, choose=choice)
        choice += 3
    return table, ann, bob


def replay(client: TestClient, code: str, **params: object) -> dict:
    answer = client.get(f"/api/lobbies/{code}/replay", params=params)
    assert answer.status_code == 200, answer.text
    return answer.json()


def test_no_replay_before_the_end(client: TestClient) -> None:
    table = Table.open(client)
    answer = client.get(f"/api/lobbies/{table.code}/replay")
    assert answer.status_code == 409 and answer.json()["error"] == "not_finished"
    table.start()
    assert client.get(f"/api/lobbies/{table.code}/replay").status_code == 409


def test_a_replay_steps_through_every_action_from_any_seat(client: TestClient) -> None:
    table, ann, bob = finished_game(client)
    last = replay(client, table.code, step=27, seat=1)
    assert last["steps"] == 27 and last["step"] == 27
    assert last["view"]["state"] == bob.view["state"]
    assert last["view"]["result"] == bob.view["result"]
    assert last["view"]["legal"] == []
    first = replay(client, table.code, step=0, seat=0)
    assert first["view"]["state"]["dice"] is None and first["view"]["status"] == "playing"
    # Each step is one more action than the one before: the turn moves on one roll or score.
    log_lengths = [len(replay(client, table.code, step=k)["view"]["log"]) for k in range(28)]
    assert log_lengths == sorted(log_lengths) and log_lengths[0] < log_lengths[-1]
    backwards = replay(client, table.code, step=26, seat=0)
    assert backwards["view"]["result"] is None and backwards["step"] == 26
    assert replay(client, table.code, step=10_000)["step"] == 27
    spectator = replay(client, table.code, step=5)
    assert spectator["view"]["you"] is None


def test_replay_refuses_a_seat_that_is_not_at_the_table(client: TestClient) -> None:
    table, _, _ = finished_game(client)
    answer = client.get(f"/api/lobbies/{table.code}/replay", params={"seat": 2})
    assert answer.status_code == 422 and set(answer.json()) == {"error", "message"}
    assert client.get(f"/api/lobbies/{table.code}/replay", params={"step": -1}).status_code == 422


def test_play_again_gathers_the_same_players_in_a_new_lobby(client: TestClient) -> None:
    table, ann, _ = finished_game(client)
    first = client.post(
        f"/api/lobbies/{table.code}/again", headers={"Authorization": f"Bearer {table.tokens[1]}"}
    )
    assert first.status_code == 201
    new_code = first.json()["code"]
    assert new_code != table.code and first.json()["player"]["host"] is True
    assert ann.until("lobby")["lobby"]["next"] == new_code  # the others are told
    second = client.post(
        f"/api/lobbies/{table.code}/again", headers={"Authorization": f"Bearer {table.tokens[0]}"}
    )
    assert second.status_code == 201 and second.json()["code"] == new_code
    lobby = client.get(f"/api/lobbies/{new_code}").json()
    assert [p["name"] for p in lobby["players"]] == ["Bob", "Ann"]
    assert lobby["status"] == "open" and lobby["options"] == {
        "first_player": "host",
        **TABLE_DEFAULTS,
    }


def test_play_again_needs_a_finished_game_and_a_player(client: TestClient) -> None:
    table = Table.open(client)
    table.start()
    mid = client.post(
        f"/api/lobbies/{table.code}/again", headers={"Authorization": f"Bearer {table.tokens[0]}"}
    )
    assert mid.status_code == 409
    assert client.post(f"/api/lobbies/{table.code}/again").status_code == 401
