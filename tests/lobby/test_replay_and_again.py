"""Replays of finished games, and "play again" with the same players."""

from __future__ import annotations

from datetime import timedelta

import httpx
from starlette.testclient import TestClient

from app.config import Settings
from app.play.table import TABLE_OPTIONS
from app.store.db import utcnow
from tests.lobby.test_api import error_of, join
from tests.lobby.test_bots import add_bot
from tests.play.tables import Table, Viewer, play_one, serving

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


def ask_again(client: TestClient, table: Table, seat: int) -> httpx.Response:
    """`seat`'s player of the finished game asks to play again (with their token of it)."""
    headers = {"Authorization": f"Bearer {table.tokens[seat]}"}
    answer = client.post(f"/api/lobbies/{table.code}/again", headers=headers)
    client.cookies.clear()
    return answer


def test_the_next_lobby_holds_the_last_players_seats_for_them(client: TestClient) -> None:
    table, _, _ = finished_game(client)
    opened = ask_again(client, table, 1)
    assert opened.status_code == 201, opened.text
    code, bob = opened.json()["code"], opened.json()["player"]["token"]
    lobby = client.get(f"/api/lobbies/{code}")
    assert [seat["name"] for seat in lobby.json()["held"]] == ["Ann"]
    assert "token" not in lobby.text
    # Nobody else takes Ann's seat, nor her name, nor does the host seat a bot in it.
    error_of(join(client, code, "Eve"), 409, "seats_held")
    error_of(join(client, code, "ANN"), 409, "name_taken")
    error_of(add_bot(client, code, bob), 409, "seats_held")
    # Ann, with her token of the finished game, takes it.
    ann = ask_again(client, table, 0)
    assert ann.status_code == 201, ann.text
    assert ann.json()["code"] == code
    assert (ann.json()["player"]["name"], ann.json()["player"]["seat"]) == ("Ann", 1)
    lobby = client.get(f"/api/lobbies/{code}").json()
    assert lobby["held"] == [] and [p["name"] for p in lobby["players"]] == ["Bob", "Ann"]


def test_held_seats_are_anyones_once_the_held_time_is_past(client: TestClient) -> None:
    table, _, _ = finished_game(client)
    code = ask_again(client, table, 1).json()["code"]
    held = client.get(f"/api/lobbies/{code}").json()["held"]
    assert len(held) == 1
    lobbies = client.app.state.store  # type: ignore[attr-defined]
    lobbies.now = lambda: utcnow() + timedelta(minutes=10, seconds=1)
    assert client.get(f"/api/lobbies/{code}").json()["held"] == []
    assert join(client, code, "Ann").status_code == 201  # anyone, under any free name
    client.cookies.clear()
    error_of(ask_again(client, table, 0), 409, "lobby_full")


def test_no_seats_are_held_when_the_setting_is_0(settings: Settings) -> None:
    with serving(settings.model_copy(update={"held_seat_minutes": 0})) as client:
        table, _, _ = finished_game(client)
        code = ask_again(client, table, 1).json()["code"]
        assert client.get(f"/api/lobbies/{code}").json()["held"] == []
        assert join(client, code, "Eve").status_code == 201
