"""Backups and moving house (app/store/transfer.py, issue 20 point 3).

A SQLite database is filled by a real server: a game of bots only played to the end for every
game, a person and bots in the middle of every game, a table with a clock whose absent player a
bot took over, played to the end and then "play again" (seats held), a game of three people with
a vote pending against an absent one, an open lobby; chat in several. It is exported, imported
into PostgreSQL, exported again, imported into a fresh SQLite file and exported once more: the
three files hold the same lines, and every seat's view (and a spectator's), every lobby, log and
chat, and every step of every replay from every seat, read from each database, are the same.
Servers on the moved database answer as the first did, to the same tokens.

Bad files change nothing and say what is wrong; backups are taken while a server writes.
"""

from __future__ import annotations

import hashlib
import json
import os
import shutil
import sqlite3
import subprocess
import sys
import time
from collections.abc import Iterator
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import orjson
import pytest
from sqlalchemy import func, select

from app.config import ROOT, Settings
from app.lobby.directory import Directory
from app.lobby.records import Records
from app.lobby.service import Lobbies
from app.lobby.store import LobbyStore
from app.ops.cli import main as cli
from app.play.fanout import snapshot
from app.play.fold import Fold, step
from app.play.hub import Hub
from app.play.registry import games_for
from app.play.runner import Runner, initial_state
from app.play.views import rules_view
from app.store.db import iso, make_engine, make_sessions
from app.store.tables.games import ActionRecord, GameRecord
from app.store.tables.lobbies import ChatMessage, Lobby, Player
from app.store.transfer import TransferError, backup, export, import_, libpq_url
from tests.bots.test_bot_games import SEED, _play_against_bots, _seat_bots_only, watch_to_the_end
from tests.conftest import postgres_database, run
from tests.play.tables import Table, play_one, serving
from tests.registered import a_game, a_long_game
from tests.table.test_away_and_clocks import Clock, hand_to_bot, play_while, player_ids

# Filling the database and reading thousands of views from three databases: minutes, on a
# machine other work keeps busy.
pytestmark = pytest.mark.timeout(1800)

GAMES = games_for(Settings(_env_file=None))
# Actions played in the games left unfinished: fewer than any registered game can end in (the
# shortest, three in a row, takes five).
UNFINISHED = 4
WAIT = 600  # seconds for the games of bots to end on a busy machine
TABLES = (Lobby, Player, ChatMessage, GameRecord, ActionRecord)


# --- filling a database with real games ---------------------------------------------------------


@dataclass
class Filled:
    """What the server left in the source database, and the tokens of its people."""

    url: str
    tokens: dict[str, list[str]]  # lobby code -> the people's tokens, by seat
    bots_only: list[str]  # finished games of bots only, one per game
    with_bots: list[str]  # a person and bots, mid-game, one per game
    away: str  # finished; a bot took over an absent player; clocks on
    again: str  # the "play again" lobby of `away`, its seats held
    voted: str  # three people mid-game, one vote pending against the absent Bob
    open: str  # nobody started it


def _settings(url: str, **more: Any) -> Settings:
    return Settings(database_url=url, migrate_on_start=False, bot_delay=0.0, _env_file=None, **more)


def _chat(table: Table, seat: int, words: str) -> None:
    viewer = table.connect(seat)
    viewer.socket.send_json({"type": "chat", "text": words})
    viewer.until("chat", text=words)
    viewer.close()


def fill(url: str) -> Filled:
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr("app.play.runner.new_seed", lambda: SEED)
        bots_only = [
            run(_seat_bots_only(url, game_id, max(GAMES[game_id].min_players, 2)))
            for game_id in GAMES
        ]
    tokens: dict[str, list[str]] = {}
    with serving(_settings(url)) as client:
        clock = Clock()
        client.app.state.hub.now = clock  # type: ignore[attr-defined]
        watchers = [Table(client, code, []).connect(None) for code in bots_only]
        deadline = time.monotonic() + WAIT
        for watcher in watchers:
            watch_to_the_end(watcher, deadline)
            watcher.close()

        with_bots = []
        for game_id in GAMES:
            table, ann = _play_against_bots(client, game_id, seed=11, stop=UNFINISHED)
            ann.close()
            tokens[table.code] = table.tokens
            with_bots.append(table.code)

        # A clock, chat, and Bob away: the host hands his seat to a bot; played to the end.
        away = Table.open(client, first_player="host", clock_minutes=30, away_minutes=1)
        tokens[away.code] = away.tokens
        away.start()
        _chat(away, 1, "good luck, Ann")
        ann = away.connect(0)
        ann.until("snapshot")
        play_one([ann], {0: ann, 1: ann})
        play_one([ann], {0: ann, 1: ann})
        ann.socket.send_json({"type": "undo", "id": "slip"})  # a take-back in the record
        ann.until_seq(3)
        assert "took back" in ann.view["log"][-1]
        ann.socket.send_json({"type": "hint", "id": "coach"})  # a hint in the record
        ann.until("hint")
        assert ann.view["log"][-1] == "Ann asked for a hint"
        clock.ahead += 61
        handed = hand_to_bot(client, away, 0, player_ids(client, away)[1])
        assert handed.status_code == 200, handed.text
        while ann.view is None or ann.view["result"] is None:
            play_while({0: ann}, ann, 1)
        ann.close()
        again = client.post(
            f"/api/lobbies/{away.code}/again", headers={"Authorization": f"Bearer {away.tokens[0]}"}
        )
        assert again.status_code == 201, again.text
        tokens[again.json()["code"]] = [again.json()["player"]["token"]]

        # Three people; Bob goes, and Cid alone votes to hand his seat to a bot: not enough.
        voted = Table.open(client, ("Ann", "Bob", "Cid"), game=a_game(players=3), away_minutes=1)
        tokens[voted.code] = voted.tokens
        voted.start()
        people = {seat: voted.connect(seat) for seat in range(3)}
        for viewer in people.values():
            viewer.until("snapshot")
        for _ in range(4):
            play_one(list(people.values()), people)
        people.pop(1).close()
        _chat(voted, 2, "where is Bob?")
        clock.ahead += 61
        vote = hand_to_bot(client, voted, 2, player_ids(client, voted)[1])
        assert vote.status_code == 200, vote.text
        assert vote.json()["players"][1]["away_votes"] == 1, vote.json()
        assert vote.json()["players"][1]["away_bot"] is None
        for viewer in people.values():
            viewer.close()

        opened = Table.open(client, ("Ann", "Bob"), game=a_game(players=2))
        tokens[opened.code] = opened.tokens
        _chat(opened, 0, "ready when you are")
    return Filled(
        url,
        tokens,
        bots_only,
        with_bots,
        away.code,
        again.json()["code"],
        voted.code,
        opened.code,
    )


# --- what each database shows -------------------------------------------------------------------


def _digest(values: list[Any]) -> str:
    return hashlib.sha256(orjson.dumps(values, option=orjson.OPT_SORT_KEYS)).hexdigest()


async def _shown(url: str) -> dict[str, Any]:
    """Everything the server shows of every lobby, read from the database at `url`: the lobby
    (player ids as seats: ids are the database's own), its log and chat, every seat's view and a
    spectator's as a socket is sent them, and for a finished game every step of its replay from
    every seat and a spectator's (as digests: thousands of views)."""
    engine = make_engine(url)
    try:
        sessions = make_sessions(engine)
        store = LobbyStore(sessions, GAMES, held_seats=timedelta(minutes=10))
        directory = Directory(store)
        hub = Hub(Runner(sessions, GAMES), directory, buffer_size=0, chat_history=0)
        hub.now = lambda: 0.0  # the same moment on every database (absences start at it)
        records = Records(store, hub)
        lobbies = Lobbies(store, hub)
        async with sessions() as session:
            codes = list(await session.scalars(select(Lobby.code).order_by(Lobby.code)))
        shown: dict[str, Any] = {}
        for code in codes:
            lobby = await lobbies.describe(code)
            lobby["players"] = [{**p, "id": p["seat"]} for p in lobby["players"]]
            chat = [
                (name, words, iso(at)) for name, words, at in await directory.recent_chat(code, 99)
            ]
            entry: dict[str, Any] = {"lobby": lobby, "log": await records.log(code), "chat": chat}
            room = await hub.room(code)
            assert room is not None
            if room.position is not None:
                seats = [None, *range(len(room.position.seats))]
                # Each viewer's snapshot as a socket would be sent it (at the same `now`).
                entry["views"] = [json.loads(snapshot(room, seat, 0.0)) for seat in seats]
                async with sessions() as session:
                    record = await session.get(GameRecord, room.position.record_id)
                    assert record is not None
                    if record.status == "finished":
                        entry["replays"] = await _replays(session, record)
            shown[code] = entry
        return shown
    finally:
        await engine.dispose()


async def _replays(session: Any, record: GameRecord) -> list[str]:
    """For a spectator and each seat, the digest of the replay's views at every step."""
    actions = await session.execute(
        select(ActionRecord.seat, ActionRecord.action)
        .where(ActionRecord.game_id == record.id)
        .order_by(ActionRecord.seq)
    )
    game = GAMES[record.game]
    names = [seat["name"] for seat in record.seats]
    seats = [None, *range(record.players)]
    folded = Fold(initial_state(game, record))
    steps: list[list[Any]] = [[] for _ in seats]
    for move in [None, *actions]:  # the setup, then after each action (a take-back too)
        if move is not None:
            folded = step(game, folded, move.seat, move.action)
        state = folded.state
        for views, seat in zip(steps, seats, strict=True):
            views.append(rules_view(game, state, seat, names, replay=True))
    return [_digest(views) for views in steps]


def shown(url: str) -> dict[str, Any]:
    return run(_shown(url))


async def _rows(url: str) -> dict[str, int]:
    engine = make_engine(url)
    try:
        async with engine.connect() as connection:
            return {
                model.__tablename__: await connection.scalar(
                    select(func.count()).select_from(model)
                )
                for model in TABLES
            }
    finally:
        await engine.dispose()


def rows(url: str) -> dict[str, int]:
    return run(_rows(url))


async def _series(url: str) -> set[tuple[Any, ...]]:
    engine = make_engine(url)
    try:
        async with engine.connect() as connection:
            found = await connection.execute(select(Lobby.series_code, Lobby.series_number))
            return {tuple(row) for row in found}
    finally:
        await engine.dispose()


def series_of(url: str) -> set[tuple[Any, ...]]:
    """The (series_code, series_number) pairs of the database's lobbies."""
    return run(_series(url))


def lines(path: Path) -> list[Any]:
    """The file's lines but the export's time."""
    header, *rest = [json.loads(line) for line in path.read_text().splitlines()]
    del header["exported_at"]
    return [header, *rest]


# --- the databases ------------------------------------------------------------------------------


def _fresh_sqlite(template: Path, directory: Path, name: str) -> str:
    path = directory / f"{name}.db"
    shutil.copy(template, path)
    return f"sqlite+aiosqlite:///{path}"


@pytest.fixture(scope="module")
def moving_database() -> Iterator[str]:
    """A migrated PostgreSQL database of this module's own (the shared one is emptied by other
    tests between ours)."""
    with postgres_database("tt_transfer") as url:
        yield url


@dataclass
class Moved:
    filled: Filled
    postgres: str
    back: str  # the SQLite database it came back to
    files: list[Path]  # exported from the source, from PostgreSQL, from `back`


@pytest.fixture(scope="module")
def moved(
    sqlite_template: Path, tmp_path_factory: pytest.TempPathFactory, moving_database: str
) -> Moved:
    directory = tmp_path_factory.mktemp("moving")
    filled = fill(_fresh_sqlite(sqlite_template, directory, "source"))
    back = _fresh_sqlite(sqlite_template, directory, "back")
    files = [directory / name for name in ("source.jsonl", "postgres.jsonl", "back.jsonl")]
    run(export(filled.url, files[0]))
    run(import_(moving_database, files[0], games=GAMES))
    run(export(moving_database, files[1]))
    run(import_(back, files[1], games=GAMES))
    run(export(back, files[2]))
    return Moved(filled, moving_database, back, files)


# --- moving house -------------------------------------------------------------------------------


@pytest.mark.postgres
def test_every_lobby_and_game_moves_to_postgresql_and_back_line_for_line(moved: Moved) -> None:
    source, through_postgres, back = (lines(path) for path in moved.files)
    assert source == through_postgres == back
    header, *entries = source
    assert header == {"tinkertable": "export", "format": 1, "lobbies": len(entries)}
    by_code = {entry["lobby"]["code"]: entry for entry in entries}
    filled = moved.filled
    for code in filled.bots_only:
        assert by_code[code]["game"]["status"] == "finished"
    finished_kinds = {by_code[code]["game"]["game"] for code in filled.bots_only}
    playing_kinds = {by_code[code]["game"]["game"] for code in filled.with_bots}
    assert finished_kinds == playing_kinds == set(GAMES)
    for code in filled.with_bots:
        assert by_code[code]["game"]["status"] == "playing"
        assert by_code[code]["game"]["seq"] >= UNFINISHED
    away = by_code[filled.away]
    assert away["game"]["clocks"] is not None and away["game"]["result"] is not None
    assert away["players"][1]["away_bot"] == "good" and away["lobby"]["next_code"] == filled.again
    assert {action["by"] for action in away["game"]["actions"]} >= {None, "away"}
    assert away["chat"][0]["text"] == "good luck, Ann"
    again = by_code[filled.again]["lobby"]
    assert [held["name"] for held in again["held_seats"]] == ["Bob"] and again["held_until"]
    voted = by_code[filled.voted]
    assert [p["away_votes"] for p in voted["players"]] == [None, [2], None]  # Cid's seat
    assert by_code[filled.open]["game"] is None and by_code[filled.open]["chat"]
    assert rows(filled.url) == rows(moved.postgres) == rows(moved.back)


@pytest.mark.postgres
def test_every_view_and_every_replay_step_is_the_same_after_the_move(moved: Moved) -> None:
    before = shown(moved.filled.url)
    assert set(before) == set(moved.filled.tokens) | set(moved.filled.bots_only)
    assert sum("replays" in entry for entry in before.values()) == len(GAMES) + 1
    assert shown(moved.postgres) == before
    assert shown(moved.back) == before


async def _votes(url: str, code: str) -> tuple[list[int] | None, int]:
    """Bob's away_votes and Cid's id in that database."""
    engine = make_engine(url)
    try:
        async with engine.connect() as connection:
            found = await connection.execute(
                select(Player.seat, Player.id, Player.away_votes)
                .join(Lobby)
                .where(Lobby.code == code)
                .order_by(Player.seat)
            )
            players = found.all()
        return players[1].away_votes, players[2].id
    finally:
        await engine.dispose()


@pytest.mark.postgres
def test_votes_point_at_the_moved_players(moved: Moved) -> None:
    for url in (moved.postgres, moved.back):
        votes, cid = run(_votes(url, moved.filled.voted))
        assert votes == [cid]


def _served(url: str, filled: Filled) -> list[Any]:
    """What a server on the database at `url` answers: each person's seat for their token, each
    seat's view of the game of three people, and steps of the finished games' replays."""
    answers: list[Any] = []
    with serving(_settings(url)) as client:
        for code, tokens in sorted(filled.tokens.items()):
            for seat, token in enumerate(tokens):
                resumed = client.post(
                    f"/api/lobbies/{code}/resume", headers={"Authorization": f"Bearer {token}"}
                )
                assert resumed.status_code == 200, resumed.text
                assert resumed.json()["player"]["seat"] == seat
        voted = Table(client, filled.voted, filled.tokens[filled.voted])
        for seat in range(3):
            viewer = voted.connect(seat)
            view = viewer.until("snapshot")["view"]
            for player in view["players"]:
                del player["away_since"]  # when this server saw them go: each server's own
            answers.append(view)
            viewer.close()
        for code in [filled.away, *filled.bots_only]:
            steps = client.get(f"/api/lobbies/{code}/replay", params={"step": 0}).json()["steps"]
            for step in (0, steps // 2, steps):
                for seat in ({}, {"seat": 0}, {"seat": 1}):
                    answer = client.get(
                        f"/api/lobbies/{code}/replay", params={"step": step, **seat}
                    )
                    assert answer.status_code == 200, answer.text
                    answers.append(answer.json())
    return answers


@pytest.mark.postgres
def test_a_server_on_the_moved_database_answers_as_the_first_did(
    moved: Moved, database_url: str, tmp_path: Path
) -> None:
    run(import_(database_url, moved.files[0], games=GAMES))
    # A copy of the first database: on a server, the bots of the games under way play on.
    first = backup(moved.filled.url, tmp_path)
    assert _served(database_url, moved.filled) == _served(
        f"sqlite+aiosqlite:///{first}", moved.filled
    )


# --- files that cannot be read change nothing ---------------------------------------------------


def _written(lines_: list[Any], path: Path) -> Path:
    path.write_text("".join(json.dumps(line) + "\n" for line in lines_))
    return path


def _header(count: int, **more: Any) -> dict[str, Any]:
    return {
        "tinkertable": "export",
        "format": 1,
        "exported_at": "2026-12-01T00:00:00+00:00",
        "lobbies": count,
        **more,
    }


def _broken(entries: list[Any], how: str) -> tuple[list[Any], str]:
    """The file of `entries` broken `how`; the words the refusal must hold."""
    last = json.loads(json.dumps(entries[-1]))
    header = _header(len(entries))
    if how == "truncated":
        return [header, *entries[:-1]], f"announces {len(entries)} lobbies but holds"
    if how == "newer":
        return [_header(len(entries), format=2), *entries], "format 2"
    if how == "not-an-export":
        return [{"some": "thing"}, *entries], "does not say it is a Tinkertable export"
    if how == "bad-type":
        last["lobby"]["version"] = "three"
        return [header, *entries[:-1], last], f"line {len(entries) + 1}: lobby.version"
    if how == "too-long":
        last["players"][0]["name"] = "x" * 41
        return [header, *entries[:-1], last], "player.name: longer than 40"
    if how == "unknown-field":
        last["lobby"]["colour"] = "red"
        return [header, *entries[:-1], last], "unknown field 'colour'"
    if how == "naive-time":
        last["lobby"]["created_at"] = "2026-12-01T10:00:00"
        return [header, *entries[:-1], last], "lobby.created_at: expected a time"
    if how == "missing-field":
        del last["lobby"]["code"]
        return [header, *entries[:-1], last], "lobby: missing field 'code'"
    if how == "missing-action":
        game = next(entry for entry in entries if entry["game"] and entry["game"]["actions"])
        game = json.loads(json.dumps(game))
        del game["game"]["actions"][0]
        return [header, game], "not numbered 1 to"
    raise AssertionError(how)


BREAKS = [
    "truncated",
    "newer",
    "not-an-export",
    "bad-type",
    "too-long",
    "unknown-field",
    "naive-time",
    "missing-field",
    "missing-action",
]


@pytest.mark.postgres
@pytest.mark.parametrize("how", BREAKS)
def test_a_file_it_cannot_read_is_refused_and_changes_nothing(
    moved: Moved, database_url: str, tmp_path: Path, how: str
) -> None:
    entries = lines(moved.files[0])[1:]
    broken, words = _broken(entries, how)
    before = rows(database_url)
    with pytest.raises(TransferError, match=words.replace("(", r"\(")) as refused:
        run(import_(database_url, _written(broken, tmp_path / "broken.jsonl"), games=GAMES))
    assert rows(database_url) == before, refused.value


@pytest.mark.postgres
def test_a_file_from_before_a_column_was_added_takes_its_default(
    moved: Moved, database_url: str, tmp_path: Path
) -> None:
    """An export written before the series (migration 0010) has no series fields."""
    entries = lines(moved.files[0])[1:]
    for entry in entries:
        del entry["lobby"]["series_code"], entry["lobby"]["series_number"]
    run(
        import_(
            database_url,
            _written([_header(len(entries)), *entries], tmp_path / "old.jsonl"),
            games=GAMES,
        )
    )
    imported = rows(database_url)
    assert imported["lobbies"] == len(entries)
    assert series_of(database_url) == {(None, 1)}


@pytest.mark.postgres
def test_files_that_are_not_json_lines_are_refused(database_url: str, tmp_path: Path) -> None:
    for content, words in [
        (b"", "the file is empty"),
        (b'{"tinkertable": "export", "format": 1, "lobbies": 1}\n{not json\n', "line 2: not JSON"),
        (b"\xff\xfe\x00binary", "not UTF-8"),
    ]:
        path = tmp_path / "file.jsonl"
        path.write_bytes(content)
        with pytest.raises(TransferError, match=words):
            run(import_(database_url, path, games=GAMES))
    with pytest.raises(TransferError, match="cannot read"):
        run(import_(database_url, tmp_path / "nowhere.jsonl", games=GAMES))
    assert set(rows(database_url).values()) == {0}


@pytest.mark.postgres
def test_lobbies_already_there_are_refused_unless_skipped(
    moved: Moved, database_url: str, tmp_path: Path
) -> None:
    header, *entries = lines(moved.files[0])
    first = _written([{**header, "lobbies": 2}, *entries[:2]], tmp_path / "first.jsonl")
    run(import_(database_url, first, games=GAMES))
    before = rows(database_url)
    codes = sorted(entry["lobby"]["code"] for entry in entries[:2])
    with pytest.raises(TransferError, match="2 lobbies of the file are already") as refused:
        run(import_(database_url, moved.files[0], games=GAMES))
    assert all(code in str(refused.value) for code in codes)
    assert "--skip-existing" in str(refused.value)
    assert rows(database_url) == before

    counts = run(import_(database_url, moved.files[0], skip_existing=True, games=GAMES))
    assert sorted(counts.skipped) == codes and counts.lobbies == len(entries) - 2
    assert rows(database_url) == rows(moved.filled.url)


def _cli(*args: str, url: str) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "DATABASE_URL": url, "PYTHONPATH": str(ROOT)}
    return subprocess.run(
        [sys.executable, "-m", "app.ops.cli", *args],
        env=env,
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )


@pytest.mark.postgres
def test_the_commands(moved: Moved, database_url: str, tmp_path: Path) -> None:
    imported = _cli("import", str(moved.files[0]), url=database_url)
    assert imported.returncode == 0, imported.stderr
    assert imported.stdout.startswith(f"imported {len(lines(moved.files[0])) - 1} lobbies")
    exported = _cli("export", str(tmp_path / "again.jsonl"), url=database_url)
    assert exported.returncode == 0, exported.stderr
    assert lines(tmp_path / "again.jsonl") == lines(moved.files[0])
    refused = _cli("import", str(moved.files[0]), url=database_url)
    assert refused.returncode == 1 and refused.stdout == ""
    assert refused.stderr.startswith("tinkertable import: ")
    assert "already in the database" in refused.stderr and "Traceback" not in refused.stderr


# --- backups ------------------------------------------------------------------------------------


async def _consistent(url: str) -> int:
    """Every game of the database holds its actions 1 to seq, its snapshot no later; how many
    actions in all."""
    engine = make_engine(url)
    try:
        async with engine.connect() as connection:
            games = (
                await connection.execute(
                    select(GameRecord.id, GameRecord.seq, GameRecord.snapshot_seq)
                )
            ).all()
            total = 0
            for game_id, seq, snapshot_seq in games:
                seqs = list(
                    await connection.scalars(
                        select(ActionRecord.seq)
                        .where(ActionRecord.game_id == game_id)
                        .order_by(ActionRecord.seq)
                    )
                )
                assert seqs == list(range(1, seq + 1)) and snapshot_seq <= seq
                total += seq
            return total
    finally:
        await engine.dispose()


async def _actions(url: str) -> int:
    return (await _rows(url))["actions"]


def _backup_while_bots_play(url: str, tmp_path: Path) -> tuple[Path, int, int]:
    """A backup by the command, taken while a server's bots play a long game: (the copy, the
    actions recorded before it began, after it ended)."""
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr("app.play.runner.new_seed", lambda: SEED)
        code = run(_seat_bots_only(url, a_long_game(players=3), 3))
    with serving(_settings(url)) as client:
        watcher = Table(client, code, []).connect(None)
        watcher.until_seq(20)
        before = run(_actions(url))
        done = _cli("backup", str(tmp_path / "backups"), url=url)
        assert done.returncode == 0, done.stderr
        after = run(_actions(url))
        watcher.close()
    copies = list((tmp_path / "backups").iterdir())
    assert len(copies) == 1 and done.stdout.strip() == f"wrote {copies[0]}"
    return copies[0], before, after


def test_a_sqlite_backup_is_consistent_while_the_server_writes(
    sqlite_template: Path, tmp_path: Path
) -> None:
    url = _fresh_sqlite(sqlite_template, tmp_path, "live")
    copy, before, after = _backup_while_bots_play(url, tmp_path)
    assert copy.suffix == ".db" and after > before  # the server went on writing
    check = sqlite3.connect(copy)
    try:
        assert check.execute("PRAGMA integrity_check").fetchone() == ("ok",)
    finally:
        check.close()
    assert before <= run(_consistent(f"sqlite+aiosqlite:///{copy}")) <= after


@pytest.mark.postgres
def test_a_postgres_backup_is_consistent_while_the_server_writes(
    tmp_path: Path,
) -> None:
    with postgres_database("tt_backup") as url:
        copy, before, after = _backup_while_bots_play(url, tmp_path)
    assert copy.suffix == ".dump" and after > before
    with postgres_database("tt_restored", migrated=False) as restored:
        target, _ = libpq_url(restored)
        done = subprocess.run(
            ["pg_restore", "--no-owner", f"--dbname={target}", str(copy)],
            capture_output=True,
            text=True,
            check=False,
        )
        assert done.returncode == 0, done.stderr
        assert before <= run(_consistent(restored)) <= after


def test_without_pg_dump_the_backup_says_what_to_install(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setenv("PATH", str(tmp_path))  # no pg_dump there
    monkeypatch.setenv("DATABASE_URL", "postgresql+asyncpg://someone:secret@db.example/games")
    assert cli(["backup", str(tmp_path / "backups")]) == 1
    said = capsys.readouterr()
    assert said.err.startswith("tinkertable backup: pg_dump was not found")
    assert "postgresql-client" in said.err and not list((tmp_path / "backups").iterdir())


def test_a_backup_never_overwrites_and_needs_a_database(
    sqlite_template: Path, tmp_path: Path
) -> None:
    url = _fresh_sqlite(sqlite_template, tmp_path, "here")
    moment = datetime(2026, 12, 1, 22, 0, tzinfo=UTC)
    first = backup(url, tmp_path / "copies", now=moment)
    assert first.name == "tinkertable-20261201T220000Z.db" and first.is_file()
    with pytest.raises(TransferError, match="exists already"):
        backup(url, tmp_path / "copies", now=moment)
    with pytest.raises(TransferError, match="no SQLite database file"):
        backup(f"sqlite+aiosqlite:///{tmp_path / 'missing.db'}", tmp_path / "copies")
    assert [copy.name for copy in (tmp_path / "copies").iterdir()] == [first.name]
