"""Noughts in the Dark moves house (app/store/transfer.py) like a game of the server's own: a
finished game and one in the middle, Ann's hidden mark face down, exported, imported into a
fresh database and served from it: the same views to the same tokens, the same record and the
same replay."""

from __future__ import annotations

import shutil
from pathlib import Path
from typing import Any

import orjson
import pytest
from starlette.testclient import TestClient

from app.config import Settings
from app.store.transfer import export, import_
from tests.conftest import run
from tests.outside_game.plays import GAME, ann_against, play_to_the_end
from tests.play.tables import Table, serving
from tests.registered import ENTRIES

GAMES = {game_id: entry.game for game_id, entry in ENTRIES.items()}
TRIES = 8  # games started until the easy bot's reply leaves Ann's hidden mark face down


def _settings(url: str) -> Settings:
    return Settings(database_url=url, migrate_on_start=False, bot_delay=0.0, _env_file=None)


def shown(client: TestClient, table: Table) -> dict[str, Any]:
    """What a server shows of a table: Ann's and a spectator's views, its record and (once it
    is over) every step of its replay from each seat."""
    views = {}
    for seat in (0, None):
        socket = table.connect(seat)
        socket.until("snapshot")
        assert socket.view is not None
        views[str(seat)] = {key: socket.view[key] for key in ("state", "legal", "log", "result")}
        socket.close()
    record = client.get(f"/api/lobbies/{table.code}/log").json()
    replay = []
    if record["status"] == "finished":
        for seat in ("", "&seat=0", "&seat=1"):
            for step in range(len(record["actions"]) + 1):
                answer = client.get(f"/api/lobbies/{table.code}/replay?step={step}{seat}")
                assert answer.status_code == 200, answer.text
                replay.append(answer.json())
    return {"views": views, "record": record, "replay": replay}


@pytest.mark.parametrize("database_url", ["sqlite"], indirect=True)
def test_a_finished_game_and_one_in_the_middle_move_house(
    database_url: str, sqlite_template: Path, tmp_path: Path
) -> None:
    with serving(_settings(database_url)) as client:
        finished, ann = ann_against(client, "good", first_player="guest")
        play_to_the_end(ann, seed=2)
        ann.close()
        for _table in range(TRIES):
            middle, ann = ann_against(client, "easy", first_player="host")
            ann.act({"type": "hide", "cell": 4})
            ann.until_seq(2)  # and the bot's reply, which tries cell 4 one time in eight
            assert ann.view is not None
            still_hidden = ann.view["state"]["face_down"][0]
            ann.close()
            if still_hidden:
                break
        before = {table.code: shown(client, table) for table in (finished, middle)}
    assert before[middle.code]["views"]["None"]["state"]["face_down"][0] is True
    assert before[middle.code]["views"]["None"]["state"]["hidden"] == [None, None]
    assert before[middle.code]["views"]["0"]["state"]["hidden"][0] == 4

    exported = tmp_path / "moving.jsonl"
    run(export(database_url, exported))
    lobbies = [orjson.loads(line) for line in exported.read_bytes().splitlines()[1:]]
    games = {entry["lobby"]["code"]: entry["game"]["game"] for entry in lobbies}
    assert games[finished.code] == games[middle.code] == GAME

    moved = tmp_path / "moved.db"
    shutil.copy(sqlite_template, moved)
    moved_url = f"sqlite+aiosqlite:///{moved}"
    run(import_(moved_url, exported, games=GAMES))
    with serving(_settings(moved_url)) as client:
        after = {
            table.code: shown(client, Table(client, table.code, table.tokens))
            for table in (finished, middle)
        }
    assert after == before
