"""Bot seats in the lobby: POST /api/lobbies/{code}/bots and DELETE .../players/{id}."""

from __future__ import annotations

from typing import Any

import httpx
from starlette.testclient import TestClient

from app.config import Settings
from app.play.registry import games_for
from tests.lobby.test_api import bearer, created, error_of, join, start
from tests.play.tables import Table
from tests.registered import a_game

PAIR = a_game(players=2, where=lambda entry: entry.game.max_players == 2)  # full at two
ROOMY = a_game(players=5)  # room for people and bots


def add_bot(
    client: TestClient, code: str, token: str | None, body: dict[str, Any] | None = None
) -> httpx.Response:
    headers = bearer(token) if token is not None else {}
    if body is None:
        return client.post(f"/api/lobbies/{code}/bots", headers=headers)
    return client.post(f"/api/lobbies/{code}/bots", json=body, headers=headers)


def remove(client: TestClient, code: str, token: str | None, player_id: int) -> httpx.Response:
    headers = bearer(token) if token is not None else {}
    return client.delete(f"/api/lobbies/{code}/players/{player_id}", headers=headers)


def seats(client: TestClient, code: str) -> list[tuple[int, str, bool, str | None]]:
    lobby = client.get(f"/api/lobbies/{code}").json()
    return [(p["seat"], p["name"], p["bot"], p["level"]) for p in lobby["players"]]


def lobby_of(client: TestClient, game: str = ROOMY) -> tuple[str, str]:
    """A lobby of `game` (by default one that seats five) hosted by Ann; (code, Ann's token),
    no cookie kept."""
    answer = client.post("/api/lobbies", json={"game": game, "name": "Ann"})
    assert answer.status_code == 201, answer.text
    client.cookies.clear()
    return answer.json()["code"], answer.json()["player"]["token"]


def test_the_host_seats_an_easy_bot_in_the_next_seat(client: TestClient) -> None:
    code, token = lobby_of(client, PAIR)
    answer = add_bot(client, code, token)
    assert answer.status_code == 201, answer.text
    player = answer.json()["player"]
    assert player == {
        "id": player["id"],
        "name": "Easy bot",
        "seat": 1,
        "host": False,
        "bot": True,
        "level": "easy",
        "away_bot": None,
        "away_votes": 0,
        "connected": False,
    }
    assert "token" not in answer.text
    lobby = client.get(f"/api/lobbies/{code}").json()
    assert [(p["name"], p["bot"]) for p in lobby["players"]] == [("Ann", False), ("Easy bot", True)]
    # Full now: the game seats two.
    error_of(add_bot(client, code, token, {"level": "easy"}), 409, "lobby_full")
    assert start(client, code, token).status_code == 200
    log = client.get(f"/api/lobbies/{code}/log").json()
    assert log["players"] == [
        {"seat": 0, "name": "Ann", "bot": False},
        {"seat": 1, "name": "Easy bot", "bot": True},
    ]


def test_the_level_comes_from_the_body_and_unknown_levels_are_bad_input(
    client: TestClient,
) -> None:
    code, token = lobby_of(client)
    assert add_bot(client, code, token, {}).json()["player"]["level"] == "easy"
    assert add_bot(client, code, token, {"level": "easy"}).status_code == 201
    error_of(add_bot(client, code, token, {"level": "grandmaster"}), 400, "bad_input")
    error_of(add_bot(client, code, token, {"level": 3}), 422, "invalid")
    error_of(add_bot(client, code, token, {"level": "easy", "name": "X"}), 422, "invalid")
    # Each bot has a name of its own.
    assert seats(client, code) == [
        (0, "Ann", False, None),
        (1, "Easy bot", True, "easy"),
        (2, "Easy bot 2", True, "easy"),
    ]


def test_only_the_host_adds_bots_and_only_before_the_start(client: TestClient) -> None:
    host = created(client)
    code, token = host["code"], host["player"]["token"]
    bob = join(client, code, "Bob").json()["player"]["token"]
    client.cookies.clear()
    error_of(add_bot(client, code, None), 401, "no_token")
    error_of(add_bot(client, code, "not-a-token"), 401, "unknown_token")
    error_of(add_bot(client, code, bob), 403, "not_host")
    error_of(add_bot(client, "zzzzzzzzzzzzz", token), 401, "unknown_token")  # not of that one
    assert start(client, code, token).status_code == 200
    error_of(add_bot(client, code, token), 409, "already_started")
    assert [p["bot"] for p in client.get(f"/api/lobbies/{code}").json()["players"]] == [
        False,
        False,
    ]


def test_the_lobby_cookie_is_enough_for_the_host(client: TestClient) -> None:
    code = created(client)["code"]  # the client keeps Ann's cookie
    assert client.post(f"/api/lobbies/{code}/bots", json={}).status_code == 201


def test_people_sit_before_the_bots_and_keep_their_seats(client: TestClient) -> None:
    code, token = lobby_of(client)
    first = add_bot(client, code, token).json()["player"]
    add_bot(client, code, token)
    bob = join(client, code, "Bob").json()["player"]
    client.cookies.clear()
    assert bob["seat"] == 1
    assert seats(client, code) == [
        (0, "Ann", False, None),
        (1, "Bob", False, None),
        (2, "Easy bot", True, "easy"),
        (3, "Easy bot 2", True, "easy"),
    ]
    # Removing the first bot moves the one after it back; nobody else moves.
    answer = remove(client, code, token, first["id"])
    assert answer.status_code == 200, answer.text
    assert [p["name"] for p in answer.json()["players"]] == ["Ann", "Bob", "Easy bot 2"]
    assert seats(client, code) == [
        (0, "Ann", False, None),
        (1, "Bob", False, None),
        (2, "Easy bot 2", True, "easy"),
    ]
    # The freed name is given again; a person cannot take a bot's name.
    assert add_bot(client, code, token).json()["player"]["name"] == "Easy bot"
    error_of(join(client, code, "easy BOT"), 409, "name_taken")
    carol = join(client, code, "Carol").json()["player"]
    assert carol["seat"] == 2
    assert [seat for seat, *_ in seats(client, code)] == [0, 1, 2, 3, 4]


def test_only_the_host_removes_bots_and_only_before_the_start(client: TestClient) -> None:
    code, token = lobby_of(client)
    bot = add_bot(client, code, token).json()["player"]
    bob = join(client, code, "Bob").json()["player"]
    client.cookies.clear()
    error_of(remove(client, code, None, bot["id"]), 401, "no_token")
    error_of(remove(client, code, bob["token"], bot["id"]), 403, "not_host")
    error_of(remove(client, code, token, 999_999), 404, "unknown_player")
    other, other_token = lobby_of(client)
    elsewhere = add_bot(client, other, other_token).json()["player"]
    error_of(remove(client, code, token, elsewhere["id"]), 404, "unknown_player")
    assert start(client, code, token).status_code == 200
    error_of(remove(client, code, token, bot["id"]), 409, "already_started")
    assert [name for _, name, _, _ in seats(client, code)] == ["Ann", "Bob", "Easy bot"]


def test_everyone_in_the_lobby_sees_bots_come_and_go(client: TestClient) -> None:
    table = Table.open(client, ("Ann", "Bob"), game=ROOMY)
    ann, bob = table.connect(0), table.connect(1)
    ann.until("lobby")
    bob.until("lobby")
    bot = add_bot(client, table.code, table.tokens[0]).json()["player"]
    for viewer in (ann, bob):
        lobby = viewer.until("lobby")["lobby"]
        while len(lobby["players"]) < 3:
            lobby = viewer.until("lobby")["lobby"]
        assert lobby["players"][2]["bot"] is True and lobby["players"][2]["level"] == "easy"
    assert remove(client, table.code, table.tokens[0], bot["id"]).status_code == 200
    for viewer in (ann, bob):
        lobby = viewer.until("lobby")["lobby"]
        while len(lobby["players"]) != 2:
            lobby = viewer.until("lobby")["lobby"]
        assert [p["bot"] for p in lobby["players"]] == [False, False]


def test_games_list_their_bot_levels(client: TestClient) -> None:
    games = client.get("/api/games").json()
    assert {game["id"] for game in games} == set(games_for(Settings(_env_file=None)))
    for game in games:
        assert game["bots"][0] == {"level": "easy", "label": "Easy"}
