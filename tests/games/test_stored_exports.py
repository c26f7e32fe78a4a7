"""Games exported before issue #33 re-laid the house still import, load, play on, replay, export
and import again, on SQLite and on PostgreSQL.

Each game's tests/games/<package>/stored/exported-before-one-house.jsonl was written by
`tinkertable export` at commit 14a74fa, before the re-layout, from a server that played the
game's first golden recording in two lobbies: one stopped a few actions before the end (its
snapshot some actions behind its last action), one played to the end. Imported into an empty
database, the first opens to its seats' sockets on the state today's code reaches with its
actions, plays the finished one's remaining actions through them to the same result, and
replays; the second shows its result and replays. Exported again, both hold the same games,
and that export imports beside them. (tests/play/test_stored_games.py does the same for states
of older shapes, written into the database's rows as an earlier server left them.)
"""

from __future__ import annotations

import secrets
from pathlib import Path
from typing import Any

import orjson
import pytest

from app.config import Settings
from app.games.core import Game, State
from app.lobby.store import hash_token, new_code
from app.play.registry import games_for
from app.play.views import rules_view
from app.store.transfer import export, import_
from tests.conftest import run
from tests.games.secrets import NAMES
from tests.play.tables import Table, serving
from tests.play.test_stored_games import follow_to_the_end

GAMES = games_for(Settings(_env_file=None))
EXPORTS = sorted(Path(__file__).parent.glob("*/stored/exported-*.jsonl"))


def read(path: Path) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    """The export's first line and its lobbies."""
    header, *entries = (orjson.loads(line) for line in path.read_bytes().splitlines())
    return header, entries


def written(path: Path, header: dict[str, Any], entries: list[dict[str, Any]]) -> Path:
    path.write_bytes(b"".join(orjson.dumps(line) + b"\n" for line in [header, *entries]))
    return path


def with_new_tokens(entry: dict[str, Any]) -> list[str]:
    """Fresh tokens for the lobby's seats (the file keeps only their hashes), by seat."""
    tokens = []
    for player in sorted(entry["players"], key=lambda player: player["seat"]):
        tokens.append(secrets.token_urlsafe(16))
        player["token_hash"] = hash_token(tokens[-1])
    return tokens


def reached(game: Game, record: dict[str, Any], seq: int) -> State:
    """The state today's code reaches with the record's first `seq` actions."""
    state = game.start(record["players"], record["options"], record["seed"])
    for step in record["actions"][:seq]:
        state = game.apply(state, step["seat"], step["action"])
    return state


def json_of(value: Any) -> Any:
    return orjson.loads(orjson.dumps(value))


def replayed(table: Table, step: int, seat: int) -> dict[str, Any]:
    answer = table.client.get(
        f"/api/lobbies/{table.code}/replay", params={"step": step, "seat": seat}
    )
    assert answer.status_code == 200, answer.text
    view: dict[str, Any] = answer.json()["view"]
    return view


def play_on(table: Table, game: Game, playing: dict[str, Any], ended: dict[str, Any]) -> None:
    """The seats open the stopped game where it was, play the finished one's remaining actions
    and reach its result; the replays show the end and the snapshot's step as today's code."""
    seq, last = playing["seq"], ended["seq"]
    names = NAMES[: playing["players"]]
    viewers = [table.connect(seat) for seat in range(playing["players"])]
    for seat, viewer in enumerate(viewers):
        viewer.until("snapshot")
        assert viewer.seq == seq and viewer.view is not None
        rules = json_of(rules_view(game, reached(game, playing, seq), seat, names))
        assert {key: viewer.view[key] for key in rules} == rules
    result = follow_to_the_end(viewers, ended["actions"], seq)
    assert (result["winners"], result["scores"]) == (
        ended["result"]["winners"],
        ended["result"]["scores"],
    )
    assert replayed(table, last, 0)["result"] == result
    middle = playing["snapshot_seq"]
    now = rules_view(game, reached(game, ended, middle), 0, names, replay=True)
    assert replayed(table, middle, 0)["state"] == json_of(now["state"])


def shows_its_end(table: Table, ended: dict[str, Any]) -> None:
    watcher = table.connect(None)
    watcher.until("snapshot")
    assert watcher.view is not None
    assert watcher.view["result"]["scores"] == ended["result"]["scores"]
    watcher.close()
    assert replayed(table, ended["seq"], 1)["result"]["winners"] == ended["result"]["winners"]


GAME_KEYS = ("game", "players", "seed", "options", "setup", "result", "status")


def moves(record: dict[str, Any]) -> list[tuple[Any, ...]]:
    """The record's actions, without the times they were taken at."""
    return [(step["seq"], step["seat"], step["action"], step["by"]) for step in record["actions"]]


@pytest.mark.parametrize("path", EXPORTS, ids=[path.parent.parent.name for path in EXPORTS])
def test_a_game_exported_before_imports_plays_on_replays_and_exports_again(
    settings: Settings, path: Path, tmp_path: Path
) -> None:
    header, entries = read(path)
    playing, ended = sorted(entries, key=lambda entry: entry["game"]["seq"])
    assert playing["game"]["status"] == "playing" and ended["game"]["status"] == "finished"
    assert playing["game"]["snapshot_seq"] < playing["game"]["seq"]
    game = GAMES[ended["game"]["game"]]
    tokens = {entry["lobby"]["code"]: with_new_tokens(entry) for entry in entries}
    before = written(tmp_path / "before.jsonl", header, entries)
    run(import_(settings.database_url, before, games=GAMES))
    with serving(settings) as client:
        code = playing["lobby"]["code"]
        play_on(Table(client, code, tokens[code]), game, playing["game"], ended["game"])
        code = ended["lobby"]["code"]
        shows_its_end(Table(client, code, tokens[code]), ended["game"])

    run(export(settings.database_url, tmp_path / "again.jsonl"))
    header, again = read(tmp_path / "again.jsonl")
    by_code = {entry["lobby"]["code"]: entry for entry in again}
    assert set(by_code) == set(tokens)
    for entry in entries:  # both now hold the finished game, in the finished game's shape
        record = by_code[entry["lobby"]["code"]]["game"]
        assert {key: record[key] for key in GAME_KEYS} == {
            key: ended["game"][key] for key in GAME_KEYS
        }
        assert moves(record) == moves(ended["game"])
        assert record["snapshot"] == ended["game"]["snapshot"]
    for entry in again:  # the same games again, beside the first
        entry["lobby"]["code"] = new_code()
        with_new_tokens(entry)
    beside = written(tmp_path / "beside.jsonl", header, again)
    run(import_(settings.database_url, beside, games=GAMES))
    run(export(settings.database_url, tmp_path / "both.jsonl"))
    _, both = read(tmp_path / "both.jsonl")
    assert len(both) == 2 * len(entries)
    assert sorted(orjson.dumps(entry["game"]) for entry in both) == sorted(
        orjson.dumps(entry["game"]) for entry in [*again, *again]
    )
