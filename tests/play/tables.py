"""Test helpers: a lobby with seated players, and websocket clients that keep their view."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any

import jsonpatch
from starlette.testclient import TestClient

from app.config import Settings
from app.games.entry import GameEntry
from app.main import create_app
from tests.registered import a_game


def _who_goes_first(entry: GameEntry) -> bool:
    """Whether the host may say who goes first: an option `first_player` of "host" or "guest"."""
    return any(
        option.name == "first_player" and {"host", "guest"} <= set(option.choices)
        for option in entry.game.options
    )


# The game of a table unless a test says otherwise (tests/registered.py): one for two players
# exactly, whose host may say who goes first (`first_player="host"`), as the tests rely on.
GAME = a_game(players=2, where=lambda entry: entry.game.max_players == 2 and _who_goes_first(entry))

# The sockets each served app has open, closed before the app shuts down even when a test
# fails (an open socket would keep the app's shutdown waiting forever).
_open: dict[int, list[Viewer]] = {}


@contextmanager
def serving(settings: Settings) -> Iterator[TestClient]:
    with TestClient(create_app(settings)) as client:
        _open[id(client)] = []
        try:
            yield client
        finally:
            for viewer in _open.pop(id(client)):
                viewer.close()


@dataclass
class Table:
    client: TestClient
    code: str
    tokens: list[str]

    @classmethod
    def open(
        cls,
        client: TestClient,
        names: tuple[str, ...] = ("Ann", "Bob"),
        game: str = GAME,
        **options: Any,
    ) -> Table:
        created = client.post(
            "/api/lobbies", json={"game": game, "name": names[0], "options": options}
        )
        assert created.status_code == 201, created.text
        code = created.json()["code"]
        tokens = [created.json()["player"]["token"]]
        for name in names[1:]:
            joined = client.post(f"/api/lobbies/{code}/players", json={"name": name})
            assert joined.status_code == 201, joined.text
            tokens.append(joined.json()["player"]["token"])
        # The API sets each player's lobby cookie; connections here say who they are with
        # ?token=, and one without must be a spectator, as in a fresh browser.
        client.cookies.clear()
        return cls(client, code, tokens)

    def start(self) -> None:
        started = self.client.post(
            f"/api/lobbies/{self.code}/start",
            json={},
            headers={"Authorization": f"Bearer {self.tokens[0]}"},
        )
        assert started.status_code == 200, started.text

    def connect(self, seat: int | None, since: int | None = None) -> Viewer:
        query = []
        if seat is not None:
            query.append(f"token={self.tokens[seat]}")
        if since is not None:
            query.append(f"since={since}")
        url = f"/ws/{self.code}" + ("?" + "&".join(query) if query else "")
        context = self.client.websocket_connect(url)
        socket = context.__enter__()
        viewer = Viewer(context, socket)
        _open.setdefault(id(self.client), []).append(viewer)
        return viewer


@dataclass
class Viewer:
    """One websocket connection keeping its view the way a browser does."""

    context: Any
    socket: Any
    view: dict[str, Any] | None = None
    seq: int | None = None
    seqs: list[int] = field(default_factory=list)
    snapshots: int = 0
    patches: int = 0
    lobby: dict[str, Any] | None = None
    chats: list[dict[str, Any]] = field(default_factory=list)
    errors: list[dict[str, Any]] = field(default_factory=list)
    closed: bool = False

    def receive(self) -> dict[str, Any]:
        message = self.socket.receive_json()
        kind = message["type"]
        if kind == "snapshot":
            self.view, self.seq = message["view"], message["seq"]
            self.snapshots += 1
        elif kind == "patch":
            assert self.seq is not None and message["seq"] == self.seq + 1, (self.seq, message)
            self.view = jsonpatch.apply_patch(self.view, message["ops"])
            self.seq = message["seq"]
            self.seqs.append(message["seq"])
            self.patches += 1
        elif kind == "presence":
            assert self.view is not None
            self.view["players"] = message["players"]
        elif kind == "lobby":
            self.lobby = message["lobby"]
        elif kind == "chat":
            self.chats.append(message)
        elif kind == "error":
            self.errors.append(message)
        return message

    def until(self, kind: str, **fields: Any) -> dict[str, Any]:
        for _ in range(200):
            message = self.receive()
            if message["type"] == kind and all(message.get(k) == v for k, v in fields.items()):
                return message
        raise AssertionError(f"no {kind} message with {fields}")

    def until_connected(self, connected: list[bool]) -> dict[str, Any]:
        """Read on until a presence message says exactly who is `connected`, by seat."""
        for _ in range(50):
            message = self.until("presence")
            if [player["connected"] for player in message["players"]] == connected:
                return message
        raise AssertionError(f"never saw presence {connected}")

    def until_seq(self, seq: int) -> None:
        while self.seq is None or self.seq < seq:
            self.receive()

    def act(self, action: dict[str, Any], ref: Any = 1) -> None:
        self.socket.send_json({"type": "action", "id": ref, "action": action})

    def close(self) -> None:
        if not self.closed:
            self.closed = True
            self.context.__exit__(None, None, None)


def play_one(
    viewers: list[Viewer], seat_viewers: dict[int, Viewer], choose: int = 0
) -> dict[str, Any]:
    """The active seat takes its `choose`-th legal action; every viewer receives the patch."""
    some = next(iter(seat_viewers.values()))
    assert some.view is not None
    seat = some.view["active"][0]
    mover = seat_viewers[seat]
    assert mover.view is not None
    legal = mover.view["legal"]
    action = legal[choose % len(legal)]
    target = (mover.seq or 0) + 1
    mover.act(action, ref=target)
    for viewer in viewers:
        viewer.until_seq(target)
    return action
