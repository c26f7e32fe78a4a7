""" "Your games" (POST /api/your-games): a seat's token shows its table and whose turn it is;
anything else shows nothing, on SQLite and PostgreSQL."""

from __future__ import annotations

import time
from typing import Any

from starlette.testclient import TestClient

from app.lobby.your_games import MAX_SEATS
from tests.lobby.test_api import error_of
from tests.lobby.test_replay_and_again import finished_game
from tests.play.tables import GAME, Table, play_one
from tests.registered import ENTRIES


def ask(client: TestClient, *seats: tuple[str, str]) -> dict[str, Any]:
    answer = client.post(
        "/api/your-games", json={"seats": [{"code": c, "token": t} for c, t in seats]}
    )
    assert answer.status_code == 200, answer.text
    return answer.json()


def test_an_open_table_lists_its_players_and_nobody_s_turn(client: TestClient) -> None:
    table = Table.open(client, ("Ann", "Bob"))
    answer = ask(client, (table.code, table.tokens[1]))
    assert answer["unknown"] == []
    [game] = answer["games"]
    assert game == {
        "code": table.code,
        "url": f"/l/{table.code}",
        "game": GAME,
        "game_name": ENTRIES[GAME].game.name,
        "status": "open",
        "seat": 1,
        "name": "Bob",
        "host": False,
        "players": ["Ann", "Bob"],
        "turn": [],
        "your_turn": False,
        "winners": None,
        "finished_at": None,
        "replay_url": None,
    }


def test_whose_turn_follows_the_game_from_the_room_and_from_the_record(
    client: TestClient,
) -> None:
    table = Table.open(client, ("Ann", "Bob"), first_player="host")
    table.start()
    seats = [(table.code, token) for token in table.tokens]
    ann_sees, bob_sees = ask(client, seats[0])["games"][0], ask(client, seats[1])["games"][0]
    assert (ann_sees["status"], ann_sees["turn"], ann_sees["your_turn"]) == (
        "playing",
        ["Ann"],
        True,
    )
    assert (bob_sees["turn"], bob_sees["your_turn"]) == (["Ann"], False)

    ann, bob = table.connect(0), table.connect(1)
    ann.until("snapshot")
    bob.until("snapshot")
    while ann.view["active"] == [0]:  # Ann's turn until she has rolled and chosen
        play_one([ann, bob], {0: ann, 1: bob})
    expected = [["Ann", "Bob"][seat] for seat in ann.view["active"]]
    assert expected and "Bob" in expected
    from_room = ask(client, seats[1])["games"][0]
    assert (from_room["turn"], from_room["your_turn"]) == (expected, True)

    # The same answer once the room is forgotten: the game as recorded.
    ann.close()
    bob.close()
    hub = client.app.state.hub
    hub.sweep(time.monotonic() + 3600, 0)
    assert table.code not in hub.rooms
    from_record = ask(client, seats[1])["games"][0]
    assert from_record == from_room


def test_a_finished_game_names_its_winners(client: TestClient) -> None:
    table, ann, _bob = finished_game(client)
    winners = [["Ann", "Bob"][seat] for seat in ann.view["result"]["winners"]]
    game = ask(client, (table.code, table.tokens[0]))["games"][0]
    assert (game["status"], game["winners"], game["turn"]) == ("finished", winners, [])


def test_a_stranger_learns_nothing(client: TestClient) -> None:
    table = Table.open(client, ("Ann", "Bob"))
    other = Table.open(client, ("Cat",))
    answer = ask(
        client,
        (table.code, "not-a-token"),  # a real lobby, a wrong token
        (table.code, other.tokens[0]),  # a token of another lobby
        ("zzzzzzzzzzzzz", table.tokens[0]),  # no such lobby, a real token
        ("x", "y"),  # not even a code
    )
    assert answer == {
        "games": [],
        "unknown": [table.code, "zzzzzzzzzzzzz", "x"],
        "page": 0,
        "older": False,
    }


def test_seats_asked_twice_answer_once_in_the_order_asked(client: TestClient) -> None:
    first, second = Table.open(client, ("Ann",)), Table.open(client, ("Bob",))
    answer = ask(
        client,
        (second.code, second.tokens[0]),
        (first.code, first.tokens[0]),
        (second.code, second.tokens[0]),
    )
    assert [game["code"] for game in answer["games"]] == [second.code, first.code]


def test_bad_input_is_refused(client: TestClient) -> None:
    table = Table.open(client, ("Ann",))
    too_many = [{"code": table.code, "token": table.tokens[0]}] * (MAX_SEATS + 1)
    for body in (
        {"seats": too_many},
        {"seats": [{"code": table.code}]},
        {"seats": [{"code": table.code, "token": "t", "extra": 1}]},
        {"seats": "all"},
        {"seats": [], "page": -1},
        {"seats": [], "page": 101},
        {"seats": [], "page": False},
        {"seats": [], "page": "1"},
    ):
        error_of(client.post("/api/your-games", json=body), 422)
    for body in ({"seats": []}, {}):
        assert client.post("/api/your-games", json=body).json() == {
            "games": [],
            "unknown": [],
            "page": 0,
            "older": False,
        }
