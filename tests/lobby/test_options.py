"""The host changes the table's options in the lobby, before the start."""

from __future__ import annotations

from starlette.testclient import TestClient

from app.play.table import TABLE_OPTIONS
from tests.play.tables import Table

TABLE_DEFAULTS = {option.name: option.default for option in TABLE_OPTIONS}


def set_options(client: TestClient, table: Table, seat: int, options: object):
    return client.post(
        f"/api/lobbies/{table.code}/options",
        json={"options": options},
        headers={"Authorization": f"Bearer {table.tokens[seat]}"},
    )


def test_the_host_changes_an_option_and_everyone_is_told(client: TestClient) -> None:
    table = Table.open(client)
    bob = table.connect(1)
    bob.until("lobby")
    changed = set_options(client, table, 0, {"first_player": "guest"})
    assert changed.status_code == 200
    assert changed.json()["options"] == {"first_player": "guest", **TABLE_DEFAULTS}
    while bob.until("lobby")["lobby"]["options"]["first_player"] != "guest":
        pass
    table.start()
    snapshot = bob.until("snapshot")
    assert snapshot["view"]["active"] == [1]  # the guest rolls first


def test_only_the_host_and_only_before_the_start(client: TestClient) -> None:
    table = Table.open(client)
    assert set_options(client, table, 1, {"first_player": "guest"}).status_code == 403
    assert set_options(client, table, 0, {"first_player": "nobody"}).status_code == 422
    assert set_options(client, table, 0, {"colour": "red"}).status_code == 422
    assert set_options(client, table, 0, "host").status_code == 422
    unauthenticated = client.post(
        f"/api/lobbies/{table.code}/options", json={"options": {"first_player": "guest"}}
    )
    assert unauthenticated.status_code == 401
    assert client.get(f"/api/lobbies/{table.code}").json()["options"] == {
        "first_player": "random",
        **TABLE_DEFAULTS,
    }
    table.start()
    assert set_options(client, table, 0, {"first_player": "guest"}).status_code == 409
