"""Numbers in URLs and headers are ASCII digits and nothing else (app/edge/plain_numbers.py).

"²" is a digit to `str.isdigit()` but not to `int()`, which read "１２" and "٣" as 12 and 3:
each number a client writes must be refused cleanly unless it is plain 0-9.
"""

from __future__ import annotations

from typing import Any

import httpx
import pytest
from starlette.testclient import TestClient

from app.edge.plain_numbers import whole_number
from tests.play.tables import Table

NOT_PLAIN = ["²", "１２", "٣", "1_0", " 1", "1 ", "+1", "-1", "1.0", "0x1", "", "1\n"]


@pytest.mark.parametrize(("text", "number"), [("0", 0), ("7", 7), ("007", 7), ("123456", 123456)])
def test_plain_digits_are_a_number(text: str, number: int) -> None:
    assert whole_number(text) == number


@pytest.mark.parametrize("text", [*NOT_PLAIN, "9" * 16])
def test_anything_else_is_none(text: str) -> None:
    assert whole_number(text) is None


@pytest.mark.parametrize("since", [*NOT_PLAIN, "9" * 13])
def test_a_socket_with_since_that_is_not_plain_digits_is_refused(
    client: TestClient, since: str
) -> None:
    table = Table.open(client)
    table.start()
    with client.websocket_connect(f"/ws/{table.code}", params={"since": since}) as socket:
        error = socket.receive_json()
        assert (error["error"], error["message"]) == ("bad_input", "since must be a number")
        closed = socket.receive()
        assert closed["type"] == "websocket.close" and closed["code"] == 4400


@pytest.mark.parametrize("value", NOT_PLAIN)
def test_replay_steps_and_seats_are_plain_digits(client: TestClient, value: str) -> None:
    code = Table.open(client).code
    for name in ("step", "seat"):
        answer = client.get(f"/api/lobbies/{code}/replay", params={name: value})
        assert answer.status_code == 422, answer.text
        assert answer.json()["error"] == "invalid"
        assert "digits 0-9" in answer.json()["message"]


@pytest.mark.parametrize("player_id", ["1_0", "+1", "１"])
def test_player_ids_in_paths_are_plain_digits(client: TestClient, player_id: str) -> None:
    table = Table.open(client)
    host = {"Authorization": f"Bearer {table.tokens[0]}"}
    path = f"/api/lobbies/{table.code}/players/{player_id}"
    for answer in (
        client.delete(path, headers=host),
        client.post(f"{path}/away-bot", headers=host),
    ):
        assert answer.status_code == 422, answer.text
        assert answer.json()["error"] == "invalid"


async def _post_with_content_length(app: Any, length: bytes) -> httpx.Response:
    """A POST whose Content-Length header holds exactly these bytes (the test client would
    re-encode them as UTF-8; an HTTP server hands them to the app as they came)."""
    transport = httpx.ASGITransport(app=app)
    async with httpx.AsyncClient(transport=transport, base_url="http://testserver") as http:
        headers = {"content-type": "application/json", "content-length": length}
        return await http.post("/api/lobbies", content=b"{}", headers=headers)


@pytest.mark.parametrize("length", ["²".encode("latin-1"), "٣".encode(), b"1_0", b"+2"])
def test_a_content_length_that_is_not_plain_digits_is_refused(
    client: TestClient, length: bytes
) -> None:
    Table.open(client)  # the app at work (its database listener up), as for any request
    assert client.portal is not None  # the app's own event loop
    answer = client.portal.call(_post_with_content_length, client.app, length)
    assert answer.status_code == 413, answer.text
    assert answer.json()["error"] == "too_large"
