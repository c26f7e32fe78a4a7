"""Who sits in a lobby before the start: the host removes people as well as bots, and the seats
close up behind them."""

from __future__ import annotations

import pytest
from starlette.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

from tests.lobby.test_api import bearer, error_of, join, start
from tests.lobby.test_bots import add_bot, lobby_of, remove
from tests.play.tables import Table, Viewer
from tests.registered import a_game


def seats(client: TestClient, code: str) -> list[tuple[int, str]]:
    return [(p["seat"], p["name"]) for p in client.get(f"/api/lobbies/{code}").json()["players"]]


def player_ids(client: TestClient, code: str) -> dict[str, int]:
    return {p["name"]: p["id"] for p in client.get(f"/api/lobbies/{code}").json()["players"]}


def sockets_in_seats(client: TestClient, code: str) -> list[tuple[int, str | None]]:
    """The seats (and names) of the sockets the hub holds for the lobby's people."""

    async def look() -> list[tuple[int, str | None]]:
        room = client.app.state.hub.rooms[code]  # type: ignore[attr-defined]
        return sorted((c.seat, c.name) for c in room.connections if c.seat is not None)

    assert client.portal is not None
    return client.portal.call(look)


def closed(viewer: Viewer) -> WebSocketDisconnect:
    """Read on until the server closes the socket; how it closed it."""
    with pytest.raises(WebSocketDisconnect) as disconnect:
        for _ in range(100):
            viewer.receive()
    viewer.close()
    return disconnect.value


def test_the_host_removes_a_person_and_the_seats_after_close_up(client: TestClient) -> None:
    code, ann = lobby_of(client)
    bob = join(client, code, "Bob").json()["player"]["token"]
    assert join(client, code, "Cat").status_code == 201
    assert add_bot(client, code, ann).status_code == 201
    client.cookies.clear()
    ids = player_ids(client, code)

    answer = remove(client, code, ann, ids["Bob"])
    assert answer.status_code == 200, answer.text
    assert [(p["seat"], p["name"]) for p in answer.json()["players"]] == [
        (0, "Ann"),
        (1, "Cat"),
        (2, "Easy bot"),
    ]
    assert seats(client, code) == [(0, "Ann"), (1, "Cat"), (2, "Easy bot")]
    # Bob's token is no one's any more: a token call refuses it, the page shows him the join form.
    away_bot = f"/api/lobbies/{code}/players/{ids['Cat']}/away-bot"
    error_of(client.post(away_bot, headers=bearer(bob)), 401, "unknown_token")
    client.cookies.set(f"tt_{code}", bob)
    assert 'id="join"' in client.get(f"/l/{code}").text
    client.cookies.clear()

    assert start(client, code, ann).status_code == 200
    log = client.get(f"/api/lobbies/{code}/log").json()
    assert [(p["seat"], p["name"]) for p in log["players"]] == seats(client, code)


def test_only_the_host_removes_people_never_themselves_and_only_before_the_start(
    client: TestClient,
) -> None:
    code, ann = lobby_of(client)
    bob = join(client, code, "Bob").json()["player"]["token"]
    assert join(client, code, "Cat").status_code == 201
    client.cookies.clear()
    ids = player_ids(client, code)
    error_of(remove(client, code, bob, ids["Cat"]), 403, "not_host")
    error_of(remove(client, code, ann, ids["Ann"]), 403, "is_host")
    error_of(remove(client, code, ann, 999_999), 404, "unknown_player")
    assert start(client, code, ann).status_code == 200
    error_of(remove(client, code, ann, ids["Cat"]), 409, "already_started")
    assert seats(client, code) == [(0, "Ann"), (1, "Bob"), (2, "Cat")]


def test_the_sockets_of_a_removed_person_and_of_those_who_moved_are_closed(
    client: TestClient,
) -> None:
    """Bob's socket must not stay in a seat that is no longer his (Cat's, once she moves
    back), nor Cat's in a seat that is no longer hers: both are closed, and Cat's page,
    connecting again, is in her new seat when the game starts."""
    table = Table.open(client, ("Ann", "Bob", "Cat"), game=a_game(players=3))
    ann, bob, cat = (table.connect(seat) for seat in range(3))
    for viewer in (ann, bob, cat):
        viewer.until("lobby")
    ids = player_ids(client, table.code)
    assert sockets_in_seats(client, table.code) == [(0, "Ann"), (1, "Bob"), (2, "Cat")]
    assert remove(client, table.code, table.tokens[0], ids["Bob"]).status_code == 200

    assert sockets_in_seats(client, table.code) == [(0, "Ann")]
    assert closed(bob).code == 1000
    assert closed(cat).code == 1000
    refused = table.connect(1)  # Bob's token
    assert refused.receive()["error"] == "unauthorized"
    assert closed(refused).code == 4401
    cat = table.connect(2)  # Cat's token: her seat is 1 now
    assert [(p["seat"], p["name"]) for p in cat.until("lobby")["lobby"]["players"]] == [
        (0, "Ann"),
        (1, "Cat"),
    ]
    table.start()
    assert ann.until("snapshot")["view"]["you"] == 0  # Ann's socket stayed
    assert cat.until("snapshot")["view"]["you"] == 1
