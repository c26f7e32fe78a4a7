"""LOG_FORMAT=json (app/edge/logs.py): a real server's every output line is one JSON object, the
application's lines and uvicorn's alike, and no token shows in any of them."""

from __future__ import annotations

import json
import urllib.error
import urllib.request
from pathlib import Path

import pytest
from websockets.sync.client import connect

from tests.browser.fixtures import serving
from tests.registered import a_game

ADMIN_TOKEN = "owner-token-for-the-log-test"
PLAYER_TOKEN_MARK = "tokenthatmustnotbelogged"


def _call(url: str, method: str = "GET", body: dict | None = None, **headers: str) -> int:
    data = json.dumps(body).encode() if body is not None else None
    if data is not None:
        headers["Content-Type"] = "application/json"
    request = urllib.request.Request(url, data=data, method=method, headers=headers)
    try:
        with urllib.request.urlopen(request, timeout=10) as answer:
            return answer.status
    except urllib.error.HTTPError as error:
        return error.code


def _lines(path: Path) -> list[dict]:
    return [json.loads(line) for line in path.read_text().splitlines() if line.strip()]


def test_json_lines_hold_no_token(tmp_path: Path) -> None:
    with serving(tmp_path, LOG_FORMAT="json", ADMIN_TOKEN=ADMIN_TOKEN) as url:
        created = urllib.request.urlopen(
            urllib.request.Request(
                url + "/api/lobbies",
                data=json.dumps({"game": a_game(), "name": "Ann", "options": {}}).encode(),
                headers={"Content-Type": "application/json"},
            ),
            timeout=10,
        )
        lobby = json.loads(created.read())
        code, token = lobby["code"], lobby["player"]["token"]
        # A token in a query string: the access log's path, the websocket's log line.
        assert _call(f"{url}/api/lobbies/{code}?token={token}") == 200
        assert _call(f"{url}/api/lobbies/{code}?x=1&TOKEN={PLAYER_TOKEN_MARK}") == 200
        ws_url = url.replace("http://", "ws://") + f"/ws/{code}?token={token}"
        with connect(ws_url, open_timeout=10) as socket:
            assert json.loads(socket.recv(timeout=10))["type"] == "lobby"
        # The application's own warning: a wrong owner's token.
        assert _call(url + "/api/admin/tables", Authorization="Bearer wrong-owner-token-x") == 403
        assert _call(url + "/api/admin/tables", Authorization=f"Bearer {ADMIN_TOKEN}") == 200
    output = (tmp_path / "server.log").read_text()

    lines = _lines(tmp_path / "server.log")  # every line parses, or this fails
    assert len(lines) == len([line for line in output.splitlines() if line.strip()])
    for line in lines:
        assert {"time", "level", "logger", "message"} <= set(line), line
    assert token not in output and PLAYER_TOKEN_MARK not in output and ADMIN_TOKEN not in output
    loggers = {line["logger"] for line in lines}
    assert {"uvicorn.access", "uvicorn.error", "app.auth"} <= loggers, loggers
    access = [line for line in lines if line["logger"] == "uvicorn.access"]
    redacted = [line for line in access if "token=[redacted]" in line["path"].lower()]
    assert len(redacted) == 2 and all(line["status"] == 200 for line in redacted)
    assert any("TOKEN=[redacted]" in line["path"] for line in redacted)
    websocket = [line for line in lines if "WebSocket" in line["message"]]
    assert websocket and all("token=[redacted]" in line["message"] for line in websocket)
    assert any(line["message"].startswith("Tinkertable is ready") for line in lines)


@pytest.mark.parametrize("value", ["yaml", "JSON lines"])
def test_an_unknown_log_format_is_refused(value: str) -> None:
    from pydantic import ValidationError

    from app.config import Settings

    with pytest.raises(ValidationError, match="log_format"):
        Settings(log_format=value, _env_file=None)
