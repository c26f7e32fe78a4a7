"""Games stored before a change of their state's shape still load, play on and replay, through
the database: the old setup and snapshot (tests/games/stored.py) written into a record's row as
an earlier server left them, then the room opened by the seats' sockets, the rest of the game
played through them, the finished game replayed from the old setup, and the record exported
and imported again (the import writes the states in today's shape).
"""

from __future__ import annotations

import secrets
from pathlib import Path
from typing import Any

import orjson
import pytest
from sqlalchemy import select

from app.config import Settings
from app.games.core import Game, State
from app.lobby.store import hash_token, new_code
from app.play.registry import games_for
from app.play.views import rules_view
from app.status import Status
from app.store.db import make_engine, make_sessions, unit_of_work
from app.store.tables.games import ActionRecord, GameRecord
from app.store.tables.lobbies import Lobby, Player
from app.store.transfer import export, import_
from tests.conftest import run
from tests.games.stored import STORED, name, same_end, stored_game
from tests.play.tables import Table, serving

GAMES = games_for(Settings(_env_file=None))
NAMES = ["Ann", "Bob", "Cy", "Di"]
LEFT = 6  # actions played through the sockets after the room opens


async def _store(url: str, stored: dict[str, Any], seq: int, *, finished: bool) -> Table:
    """A lobby whose game record holds the stored setup and, after `seq` actions, the stored
    snapshot (of `snapshot_seq` actions; the record's actions after it are applied on load),
    or the stored finished state; the seats' tokens, on a Table without its client."""
    players = stored["players"]
    tokens = [secrets.token_urlsafe(16) for _ in range(players)]
    names = NAMES[:players]
    engine = make_engine(url)
    try:
        async with unit_of_work(make_sessions(engine)) as session:
            status = Status.FINISHED if finished else Status.PLAYING
            lobby = Lobby(code=new_code(), game=stored["game"], options={}, status=status)
            session.add(lobby)
            await session.flush()
            for seat, (player, token) in enumerate(zip(names, tokens, strict=True)):
                session.add(
                    Player(
                        lobby_id=lobby.id,
                        seat=seat,
                        name=player,
                        token_hash=hash_token(token),
                        host=seat == 0,
                    )
                )
            record = GameRecord(
                lobby_id=lobby.id,
                game=stored["game"],
                rules_version=GAMES[stored["game"]].rules_version,
                seed=stored["seed"],
                players=players,
                seats=[{"name": player, "bot": False, "level": None} for player in names],
                options=stored["options"],
                setup=stored["setup"],
                seq=seq,
                snapshot=stored["final"] if finished else stored["snapshot"],
                snapshot_seq=seq if finished else stored["snapshot_seq"],
                status=status,
                result=stored["result"] if finished else None,
            )
            session.add(record)
            await session.flush()
            for number, step in enumerate(stored["actions"][:seq], start=1):
                session.add(
                    ActionRecord(
                        game_id=record.id, seq=number, seat=step["seat"], action=step["action"]
                    )
                )
            return Table(None, lobby.code, tokens)  # type: ignore[arg-type]
    finally:
        await engine.dispose()


def _reached(game: Game, stored: dict[str, Any], seq: int) -> State:
    """The state today's code reaches with the stored game's first `seq` actions."""
    state = game.start(stored["players"], stored["options"], stored["seed"])
    for step in stored["actions"][:seq]:
        state = game.apply(state, step["seat"], step["action"])
    return state


def _replayed(table: Table, step: int, seat: int) -> dict[str, Any]:
    answer = table.client.get(
        f"/api/lobbies/{table.code}/replay", params={"step": step, "seat": seat}
    )
    assert answer.status_code == 200, answer.text
    replayed: dict[str, Any] = answer.json()
    return replayed


def follow_to_the_end(
    viewers: list[Any], actions: list[dict[str, Any]], seq: int
) -> dict[str, Any]:
    """Each recorded action after `seq` sent by its seat, every viewer following it; the result
    they all end at (the viewers closed)."""
    for number, step in enumerate(actions[seq:], start=seq + 1):
        viewers[step["seat"]].act(step["action"], ref=number)
        for viewer in viewers:
            viewer.until_seq(number)
    result = viewers[0].view["result"] if viewers[0].view else None
    assert result is not None
    for viewer in viewers:
        viewer.close()
    return dict(result)


@pytest.mark.parametrize("path", STORED, ids=[name(path) for path in STORED])
def test_a_game_stored_before_loads_plays_on_and_replays(settings: Settings, path: Path) -> None:
    stored = stored_game(path)
    game = GAMES[stored["game"]]
    last = len(stored["actions"])
    seq = last - LEFT
    names = NAMES[: stored["players"]]
    table = run(_store(settings.database_url, stored, seq, finished=False))
    with serving(settings) as client:
        table.client = client
        viewers = [table.connect(seat) for seat in range(stored["players"])]
        expected = _reached(game, stored, seq)
        for seat, viewer in enumerate(viewers):
            viewer.until("snapshot")
            assert viewer.seq == seq and viewer.view is not None
            rules = orjson.loads(orjson.dumps(rules_view(game, expected, seat, names)))
            assert {key: viewer.view[key] for key in rules} == rules
        result = follow_to_the_end(viewers, stored["actions"], seq)
        assert (result["winners"], result["scores"]) == (
            stored["result"]["winners"],
            stored["result"]["scores"],
        )
        assert _replayed(table, last, 0)["view"]["result"] == result
        middle = stored["snapshot_seq"]
        replayed = _replayed(table, middle, 0)
        assert replayed["step"] == middle
        now = rules_view(game, _reached(game, stored, middle), 0, names, replay=True)
        assert replayed["view"]["state"] == orjson.loads(orjson.dumps(now["state"]))


@pytest.mark.parametrize("path", STORED, ids=[name(path) for path in STORED])
def test_a_game_finished_before_shows_its_result_and_imports_in_todays_shape(
    settings: Settings, path: Path, tmp_path: Path
) -> None:
    stored = stored_game(path)
    game = GAMES[stored["game"]]
    last = len(stored["actions"])
    table = run(_store(settings.database_url, stored, last, finished=True))
    with serving(settings) as client:
        table.client = client
        watcher = table.connect(None)
        watcher.until("snapshot")
        assert (
            watcher.view is not None
            and watcher.view["result"]["scores"] == (stored["result"]["scores"])
        )
        watcher.close()
        replayed = _replayed(table, last, 1)
        assert replayed["view"]["result"]["winners"] == stored["result"]["winners"]
    exported = tmp_path / "export.jsonl"
    run(export(settings.database_url, exported))
    header, line = exported.read_text().splitlines()
    entry = orjson.loads(line)
    assert entry["game"]["setup"] == stored["setup"]  # an export writes what the row holds
    entry["lobby"]["code"] = new_code()  # the same game again, beside the first
    for player in entry["players"]:
        player["token_hash"] = hash_token(secrets.token_urlsafe(16))
    exported.write_bytes(header.encode() + b"\n" + orjson.dumps(entry) + b"\n")
    run(import_(settings.database_url, exported, games=GAMES))
    stored_row, imported = run(_game_rows(settings.database_url))
    assert stored_row.setup == stored["setup"]  # the row written by the earlier server
    assert imported.setup == _reached(game, stored, 0)
    assert same_end(stored["game"], imported.snapshot, _reached(game, stored, last))
    assert game.upgrade(imported.snapshot) == imported.snapshot


async def _game_rows(url: str) -> list[GameRecord]:
    engine = make_engine(url)
    try:
        async with make_sessions(engine)() as session:
            return list(await session.scalars(select(GameRecord).order_by(GameRecord.id)))
    finally:
        await engine.dispose()
