"""Email (issue 19, point 3), when the host sets SMTP_URL: a person leaves an address for one
game; when the game turns to them and they are not connected, a local SMTP server (aiosmtpd)
receives "Your turn: ..." with the game's link; at most one per game per hour (the test moves
the clock); the address is gone once the game ends, however it ends."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import timedelta
from typing import Any

import pytest
from aiosmtpd.controller import Controller
from pydantic import SecretStr
from sqlalchemy import func, select
from starlette.testclient import TestClient

from app.config import Settings
from app.store.db import utcnow
from app.store.tables.notifications import EmailAddress
from tests.e2e.servers import free_port
from tests.notify.services import Inbox, act, bearer, notified, until_turn_of
from tests.ops.owner import changed
from tests.play.tables import GAME, Table, serving
from tests.registered import ENTRIES

TITLE = ENTRIES[GAME].game.name  # the game of the tables here, by its title

ADMIN = "owner-token-for-the-tests"


@pytest.fixture
def inbox() -> Iterator[tuple[Inbox, int]]:
    handler = Inbox()
    controller = Controller(handler, hostname="127.0.0.1", port=free_port())
    controller.start()
    try:
        yield handler, controller.port
    finally:
        controller.stop()


@pytest.fixture
def mailing(settings: Settings, inbox: tuple[Inbox, int]) -> Iterator[TestClient]:
    smtp = SecretStr(f"smtp://127.0.0.1:{inbox[1]}?tls=none")
    mailing = changed(
        settings, smtp_url=smtp, smtp_from="Tinkertable <games@example.org>", admin_token=ADMIN
    )
    with serving(mailing) as client:
        yield client


def leave_address(table: Table, seat: int, address: str) -> dict[str, Any]:
    answer = table.client.put(
        f"/api/lobbies/{table.code}/notify/email",
        json={"address": address},
        headers=bearer(table.tokens[seat]),
    )
    assert answer.status_code == 200, answer.text
    return answer.json()


def addresses(client: TestClient) -> int:
    """How many addresses the database holds."""

    async def count() -> int:
        async with client.app.state.engine.connect() as connection:  # type: ignore[attr-defined]
            return int(await connection.scalar(select(func.count()).select_from(EmailAddress)))

    assert client.portal is not None
    return client.portal.call(count)


def test_an_email_at_most_once_an_hour_and_none_after_the_end(
    mailing: TestClient, inbox: tuple[Inbox, int]
) -> None:
    received = inbox[0].received
    client = mailing
    table = Table.open(client, ("Ann", "Bob"))
    answer = leave_address(table, 1, "  bob@example.org ")
    assert (answer["email"], answer["email_offered"]) == ("bob@example.org", True)
    ann_sees = client.get(f"/api/lobbies/{table.code}/notify", headers=bearer(table.tokens[0]))
    assert ann_sees.json()["email"] is None  # nobody else reads it
    alerts = client.app.state.alerts  # type: ignore[attr-defined]
    now = utcnow()
    alerts.now = lambda: now

    ann = table.connect(0)
    ann.until("lobby")
    table.start()
    ann.until("snapshot")
    until_turn_of(table, ann, 1)
    notified(client)
    assert len(received) == 1
    recipients, email = received[0]
    assert recipients == ["bob@example.org"]
    assert email["Subject"] == f"Your turn: {TITLE} with Ann"
    assert email["From"] == "Tinkertable <games@example.org>"
    assert f"http://testserver/l/{table.code}" in email.get_payload()

    # His turn again within the hour: no second email.
    until_turn_of(table, ann, 0)
    until_turn_of(table, ann, 1)
    notified(client)
    assert len(received) == 1
    # An hour later, the next turn is told again.
    now += timedelta(hours=1, minutes=1)
    until_turn_of(table, ann, 0)
    until_turn_of(table, ann, 1)
    notified(client)
    assert len(received) == 2
    assert received[1][1]["Subject"] == f"Your turn: {TITLE} with Ann"

    # The game ends: the address is gone with it.
    assert addresses(client) == 1
    assert ann.view is not None
    while ann.view["status"] != "finished":
        act(table, ann, ann.view["active"][0])
    notified(client)
    assert addresses(client) == 0
    finished = client.get(f"/api/lobbies/{table.code}/notify", headers=bearer(table.tokens[1]))
    assert (finished.status_code, finished.json()["error"]) == (409, "not_playing")
    ann.close()


def test_a_game_the_owner_ends_loses_its_addresses(mailing: TestClient) -> None:
    client = mailing
    table = Table.open(client, ("Ann", "Bob"))
    leave_address(table, 0, "ann@example.org")
    other = Table.open(client, ("Cy", "Di"))
    leave_address(other, 1, "di@example.org")
    table.start()
    other.start()
    ended = client.post(
        f"/api/admin/tables/{table.code}/end", headers={"Authorization": f"Bearer {ADMIN}"}
    )
    assert ended.status_code == 200, ended.text
    assert client.portal is not None
    client.portal.call(client.app.state.alerts.forget_finished)  # type: ignore[attr-defined]
    assert addresses(client) == 1  # Di's game goes on


def test_an_address_is_checked_and_can_be_removed(mailing: TestClient) -> None:
    table = Table.open(mailing, ("Ann", "Bob"))
    url = f"/api/lobbies/{table.code}/notify/email"
    for wrong in ("bob", "bob@localhost", "Bob <bob@example.org>", "a@b.org, c@d.org", "a b@c.org"):
        refused = mailing.put(url, json={"address": wrong}, headers=bearer(table.tokens[1]))
        assert (refused.status_code, refused.json()["error"]) == (400, "bad_input"), wrong
    leave_address(table, 1, "bob@example.org")
    assert leave_address(table, 1, "robert@example.org")["email"] == "robert@example.org"
    assert addresses(mailing) == 1
    removed = mailing.delete(url, headers=bearer(table.tokens[1]))
    assert removed.status_code == 200 and removed.json()["email"] is None
    assert addresses(mailing) == 0


def test_without_smtp_url_no_address_is_taken(client: TestClient) -> None:
    table = Table.open(client, ("Ann", "Bob"))
    offered = client.get(f"/api/lobbies/{table.code}/notify", headers=bearer(table.tokens[1]))
    assert offered.json()["email_offered"] is False
    refused = client.put(
        f"/api/lobbies/{table.code}/notify/email",
        json={"address": "bob@example.org"},
        headers=bearer(table.tokens[1]),
    )
    assert (refused.status_code, refused.json()["error"]) == (409, "no_email")


def test_smtp_urls_say_how_to_connect() -> None:
    from app.config.values import SmtpServer

    starttls = SmtpServer.parse("smtp://me%40example.org:p%3Ass@mail.example.org")
    assert (starttls.host, starttls.port, starttls.start_tls, starttls.use_tls) == (
        "mail.example.org",
        587,
        True,
        False,
    )
    assert (starttls.username, starttls.password) == ("me@example.org", "p:ss")
    tls = SmtpServer.parse("smtps://u:p@mail.example.org")
    assert (tls.port, tls.use_tls, tls.start_tls) == (465, True, False)
    plain = SmtpServer.parse("smtp://127.0.0.1:25?tls=none")
    assert (plain.port, plain.use_tls, plain.start_tls, plain.username) == (25, False, False, None)
    for wrong in ("http://mail.example.org", "smtp://", "smtp://h?tls=maybe"):
        with pytest.raises(ValueError) as refused:
            SmtpServer.parse(wrong)
        assert "p:ss" not in str(refused.value)
    with pytest.raises(ValueError):
        Settings(smtp_url="smtp://", _env_file=None)  # refused at start, not at the first turn
