"""Web Push (issue 19, point 3): a seat's browser subscribes; when the game turns to that seat
and it has no open connection, the push service gets a message that the browser decrypts to
"Your turn: ..." with the game's address, signed with the server's VAPID key; nothing while
the seat is connected; a subscription the push service has forgotten (410) goes; the key pair
survives a restart."""

from __future__ import annotations

import json
import time
from collections.abc import Callable
from typing import Any

import pytest
from py_vapid import Vapid
from sqlalchemy import select
from starlette.testclient import TestClient

from app.config import Settings
from app.games.entry import GameEntry
from app.store.tables.games import SeatPresence
from tests.conftest import _truncate, run
from tests.notify.services import (
    Browser,
    PushService,
    bearer,
    let_in_local_services,
    notified,
    push_service,
    status,
    unb64url,
    until_turn_of,
)
from tests.ops.owner import changed
from tests.play.tables import GAME, Table, serving
from tests.registered import ENTRIES, a_game

TITLE = ENTRIES[GAME].game.name  # the game of the tables here, by its title


def _one_at_a_time(entry: GameEntry) -> bool:
    """Whether the game of three seats waits on one seat at its start."""
    return len(entry.game.active(entry.game.start(3, {}, 1))) == 1


THREE = a_game(players=3, where=_one_at_a_time)


def subscribe(table: Table, seat: int, browser: Browser) -> dict[str, Any]:
    answer = table.client.put(
        f"/api/lobbies/{table.code}/notify/push",
        json=browser.subscription(),
        headers=bearer(table.tokens[seat]),
    )
    assert answer.status_code == 200, answer.text
    return answer.json()


def jwt_claims(authorization: str) -> dict[str, Any]:
    token = dict(part.split("=", 1) for part in authorization.split(" ", 1)[1].split(","))["t"]
    return json.loads(unb64url(token.split(".")[1]))


def test_a_turn_reaches_a_subscribed_seat_that_is_not_connected(client: TestClient) -> None:
    let_in_local_services(client)
    with push_service() as service:
        table = Table.open(client, ("Ann", "Bob"), first_player="host")
        bob_browser = Browser(service)
        answer = subscribe(table, 1, bob_browser)
        assert answer["push"] == 1
        key = answer["key"]
        ann = table.connect(0)
        ann.until("lobby")
        table.start()
        ann.until("snapshot")
        until_turn_of(table, ann, 1)  # Bob is not connected
        notified(client)
        assert len(service.posted) == 1
        posted = service.posted[0]
        note = bob_browser.read(posted)
        assert note["title"] == f"Your turn: {TITLE} with Ann"
        assert note["url"] == f"http://testserver/l/{table.code}"
        assert note["tag"] == f"tinkertable-{table.code}"
        assert posted.path == bob_browser.endpoint.removeprefix(service.url)
        # Signed with the server's key, the one the page subscribed with (RFC 8292).
        authorization = posted.headers["authorization"]
        assert authorization.startswith("vapid t=") and authorization.endswith(f",k={key}")
        assert Vapid.verify(authorization)
        claims = jwt_claims(authorization)
        assert claims["aud"] == service.url
        assert claims["sub"].startswith("mailto:")
        assert claims["exp"] > time.time()
        assert int(posted.headers["ttl"]) > 0

        # Bob's own actions do not tell him; his turn again, while he is connected: nothing.
        bob = table.connect(1)
        bob.until("snapshot")
        until_turn_of(table, ann, 0)
        until_turn_of(table, ann, 1)
        notified(client)
        assert len(service.posted) == 1
        # Gone again: the next turn is told.
        bob.close()
        ann.until_connected([True, False])
        until_turn_of(table, ann, 0)
        until_turn_of(table, ann, 1)
        notified(client)
        assert len(service.posted) == 2
        assert bob_browser.read(service.posted[1])["title"] == f"Your turn: {TITLE} with Ann"
        ann.close()


def test_a_bots_move_tells_the_person_it_turns_to(settings: Settings) -> None:
    with serving(changed(settings, bot_delay=0.0)) as client, push_service() as service:
        let_in_local_services(client)
        created = client.post(
            "/api/lobbies",
            json={"game": GAME, "name": "Ann", "options": {"first_player": "guest"}},
        )
        code, token = created.json()["code"], created.json()["player"]["token"]
        added = client.post(f"/api/lobbies/{code}/bots", json={}, headers=bearer(token))
        assert added.status_code == 201, added.text
        client.cookies.clear()
        table = Table(client, code, [token])
        browser = Browser(service)
        subscribe(table, 0, browser)
        watcher = table.connect(None)  # a spectator: Ann herself is away
        watcher.until("lobby")
        table.start()
        watcher.until("snapshot")
        assert watcher.view is not None
        while 0 not in watcher.view["active"]:  # the bot plays its turn
            watcher.until("patch")
        notified(client)
        assert [browser.read(posted)["title"] for posted in service.posted] == [
            f"Your turn: {TITLE} with Easy bot"
        ]
        watcher.close()


def test_every_browser_of_the_seat_is_told_and_a_forgotten_one_goes(client: TestClient) -> None:
    let_in_local_services(client)
    with push_service() as service:
        table = Table.open(client, ("Ann", "Bob", "Cy"), game=THREE)
        phone, laptop = Browser(service, "phone"), Browser(service, "laptop")
        subscribe(table, 1, phone)
        assert subscribe(table, 1, laptop)["push"] == 2
        assert subscribe(table, 1, laptop)["push"] == 2  # the same browser again: still two
        service.status = 410  # the push service has forgotten them
        ann = table.connect(0)
        ann.until("lobby")
        table.start()
        ann.until("snapshot")
        until_turn_of(table, ann, 1)  # after Ann's or Cy's action (none at the start)
        notified(client)
        reached = sorted(posted.path.split("/")[-1].split("-")[0] for posted in service.posted)
        assert reached == ["laptop", "phone"]
        title = phone.read(next(p for p in service.posted if "phone" in p.path))["title"]
        assert title == f"Your turn: {ENTRIES[THREE].game.name} with Ann and Cy"
        assert status(table, 1)["push"] == 0  # both deleted on the 410
        ann.close()


def test_switching_off_and_who_may_switch(client: TestClient) -> None:
    let_in_local_services(client)
    with push_service() as service:
        table = Table.open(client, ("Ann", "Bob"))
        browser = Browser(service)
        url = f"/api/lobbies/{table.code}/notify/push"
        assert client.put(url, json=browser.subscription()).json()["error"] == "no_token"
        wrong = client.put(url, json=browser.subscription(), headers=bearer("x" * 32))
        assert (wrong.status_code, wrong.json()["error"]) == (401, "unknown_token")
        subscribe(table, 1, browser)
        assert status(table, 0)["push"] == 0  # Ann sees nothing of Bob's
        off = client.request(
            "DELETE", url, json={"endpoint": browser.endpoint}, headers=bearer(table.tokens[1])
        )
        assert off.status_code == 200 and off.json()["push"] == 0
        table.start()
        ann = table.connect(0)
        ann.until("snapshot")
        until_turn_of(table, ann, 1)
        notified(client)
        assert service.posted == []
        ann.close()


def test_the_server_posts_only_to_push_services_on_the_internet(client: TestClient) -> None:
    table = Table.open(client, ("Ann", "Bob"))
    url = f"/api/lobbies/{table.code}/notify/push"
    keys = Browser(PushService("https://push.example.org")).subscription()["keys"]
    for endpoint in (
        "http://push.example.org/x",
        "https://127.0.0.1/x",
        "https://[::1]/x",
        "https://localhost/x",
        "https://user:pass@push.example.org/x",
        "file:///etc/passwd",
    ):
        refused = client.put(
            url, json={"endpoint": endpoint, "keys": keys}, headers=bearer(table.tokens[1])
        )
        assert (refused.status_code, refused.json()["error"]) == (400, "bad_input"), endpoint
    bad_keys = {"p256dh": "A" * 87, "auth": "A" * 22}
    refused = client.put(
        url,
        json={"endpoint": "https://push.example.org/x", "keys": bad_keys},
        headers=bearer(table.tokens[1]),
    )
    assert (refused.status_code, refused.json()["error"]) == (400, "bad_input")
    fine = client.put(
        url,
        json={"endpoint": "https://push.example.org/x", "keys": keys},
        headers=bearer(table.tokens[1]),
    )
    assert fine.status_code == 200 and fine.json()["push"] == 1


def test_the_key_pair_survives_a_restart(settings: Settings) -> None:
    with serving(settings) as client:
        table = Table.open(client, ("Ann", "Bob"))
        key = status(table, 0)["key"]
        assert len(unb64url(key)) == 65 and unb64url(key)[0] == 4
    with serving(settings) as client:
        again = Table(client, table.code, table.tokens)
        assert status(again, 1)["key"] == key


def test_the_service_worker_is_served_for_the_whole_site(client: TestClient) -> None:
    worker = client.get("/sw.js")
    assert worker.status_code == 200
    assert worker.headers["content-type"].startswith("text/javascript")
    assert "showNotification" in worker.text and "openWindow" in worker.text
    assert "script-src 'self'" in worker.headers["content-security-policy"]


@pytest.mark.postgres
def test_a_seat_connected_to_another_process_is_not_told(postgres_server: str) -> None:
    """Two server processes on one database: Bob's page is connected to the second; the first
    records the action that turns the game to him, and sends nothing while his seat's row says
    he is there; once he has gone, the next turn reaches him."""
    run(_truncate(postgres_server))
    settings = Settings(database_url=postgres_server, migrate_on_start=False, _env_file=None)
    with serving(settings) as first, serving(settings) as second, push_service() as service:
        let_in_local_services(first)
        table = Table.open(first, ("Ann", "Bob"))
        browser = Browser(service)
        subscribe(table, 1, browser)
        bob_elsewhere = Table(second, table.code, table.tokens).connect(1)
        bob_elsewhere.until("lobby")
        wait_for(lambda: present(first, table.code) == [1])
        ann = table.connect(0)
        ann.until("lobby")
        table.start()
        ann.until("snapshot")
        assert ann.view is not None
        until_turn_of(table, ann, 1)
        notified(first)
        assert service.posted == []

        bob_elsewhere.close()
        wait_for(lambda: 1 not in present(first, table.code))  # Ann's own row stays
        until_turn_of(table, ann, 0)
        until_turn_of(table, ann, 1)
        notified(first)
        assert len(service.posted) == 1
        assert browser.read(service.posted[0])["url"] == f"http://testserver/l/{table.code}"
        ann.close()


def present(client: TestClient, code: str) -> list[int]:
    """The seats of the lobby that the other processes have written down as connected."""

    async def seats() -> list[int]:
        async with client.app.state.engine.connect() as connection:  # type: ignore[attr-defined]
            rows = await connection.scalars(
                select(SeatPresence.seat).where(SeatPresence.code == code)
            )
            return sorted(rows)

    assert client.portal is not None
    return client.portal.call(seats)


def wait_for(condition: Callable[[], bool]) -> None:
    """Until `condition` holds (another process's background writer makes it so)."""
    for _ in range(600):
        if condition():
            return
        time.sleep(0.05)
    raise AssertionError(f"never: {condition.__doc__ or condition}")
