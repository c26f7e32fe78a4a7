"""Migrations: the migrated schema is exactly the models', migrating is safe to repeat and to
start from several processes at once, the app migrates on start; health; settings."""

from __future__ import annotations

import os
import subprocess
import sys
import uuid
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from alembic.autogenerate import compare_metadata
from alembic.runtime.migration import MigrationContext
from alembic.script import ScriptDirectory
from pydantic import ValidationError
from sqlalchemy import inspect, text
from sqlalchemy.ext.asyncio import create_async_engine

from app.config import DEVELOPMENT_SECRET, ROOT, Settings
from app.store.db import alembic_config, make_engine, migrate
from app.store.tables import metadata
from tests.conftest import POSTGRES_SERVER, run, unavailable
from tests.play.tables import serving
from tests.registered import a_game

GAME = a_game()  # the game of the lobbies these tests store


def head_revision() -> str:
    head = ScriptDirectory.from_config(alembic_config("sqlite://")).get_current_head()
    assert head is not None
    return head


async def _inspect(url: str) -> dict[str, Any]:
    """The differences from the models, the alembic_version rows and the table names."""
    engine = make_engine(url)
    try:
        async with engine.connect() as connection:

            def look(sync_connection: Any) -> dict[str, Any]:
                context = MigrationContext.configure(sync_connection)
                tables = set(inspect(sync_connection).get_table_names())
                versions = None
                if "alembic_version" in tables:
                    versions = [
                        row[0]
                        for row in sync_connection.execute(
                            text("SELECT version_num FROM alembic_version")
                        )
                    ]
                return {
                    "diff": compare_metadata(context, metadata),
                    "versions": versions,
                    "tables": tables,
                }

            return await connection.run_sync(look)
    finally:
        await engine.dispose()


def inspect_database(url: str) -> dict[str, Any]:
    return run(_inspect(url))


def assert_at_head(url: str) -> None:
    found = inspect_database(url)
    assert found["versions"] == [head_revision()]
    assert found["diff"] == []
    assert found["tables"] == {*metadata.tables, "alembic_version"}


# --- fresh databases ------------------------------------------------------------------------


async def _admin(statement: str) -> None:
    engine = create_async_engine(POSTGRES_SERVER, isolation_level="AUTOCOMMIT")
    try:
        async with engine.connect() as connection:
            await connection.execute(text(statement))
    finally:
        await engine.dispose()


@pytest.fixture
def fresh_postgres() -> Iterator[str]:
    """A brand-new, empty (unmigrated) PostgreSQL database of this test's own."""
    name = f"tt_migrate_{os.getpid()}_{uuid.uuid4().hex[:8]}"
    try:
        run(_admin(f'CREATE DATABASE "{name}"'))
    except Exception as error:  # any connection failure means "not available"
        unavailable(f"PostgreSQL is not reachable at {POSTGRES_SERVER}: {error}")
    try:
        yield POSTGRES_SERVER.rsplit("/", 1)[0] + "/" + name
    finally:
        run(_admin(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)'))


@pytest.fixture(params=["sqlite", pytest.param("postgres", marks=pytest.mark.postgres)])
def empty_url(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    """The URL of an empty database that nothing has migrated yet."""
    if request.param == "sqlite":
        return f"sqlite+aiosqlite:///{tmp_path / 'fresh' / 'tinkertable.db'}"
    return request.getfixturevalue("fresh_postgres")


# --- the schema -----------------------------------------------------------------------------


def test_the_migrated_database_matches_the_models(database_url: str) -> None:
    assert_at_head(database_url)


def test_the_comparison_notices_a_difference(tmp_path: Path) -> None:
    """The check above is not vacuous: a database one index short of the models fails it."""
    url = f"sqlite+aiosqlite:///{tmp_path / 'short.db'}"
    migrate(url)
    run(_execute(url, "DROP INDEX ix_players_lobby_id"))
    diff = inspect_database(url)["diff"]
    assert [(change[0], change[1].name) for change in diff] == [
        ("add_index", "ix_players_lobby_id")
    ]


def test_an_empty_sqlite_file_migrates_from_nothing_and_again(tmp_path: Path) -> None:
    path = tmp_path / "new" / "tinkertable.db"
    path.parent.mkdir()
    path.touch()  # an empty file, as an operator might create it
    url = f"sqlite+aiosqlite:///{path}"
    assert inspect_database(url)["tables"] == set()
    migrate(url)
    assert_at_head(url)
    run(_execute(url, _INSERT_LOBBY))
    migrate(url)
    assert_at_head(url)
    assert run(_scalar(url, "SELECT code FROM lobbies")) == "kept"


def test_migrating_twice_is_harmless(empty_url: str) -> None:
    migrate(empty_url)
    run(_execute(empty_url, _INSERT_LOBBY))
    migrate(empty_url)
    migrate(empty_url)
    assert_at_head(empty_url)
    assert run(_scalar(empty_url, "SELECT count(*) FROM lobbies")) == 1


_INSERT_LOBBY = (
    "INSERT INTO lobbies (code, game, options, status, created_at, updated_at) "
    f"VALUES ('kept', '{GAME}', '{{}}', 'open', CURRENT_TIMESTAMP, CURRENT_TIMESTAMP)"
)


async def _execute(url: str, statement: str, **values: Any) -> None:
    engine = make_engine(url)
    try:
        async with engine.begin() as connection:
            await connection.execute(text(statement), values)
    finally:
        await engine.dispose()


async def _scalar(url: str, statement: str) -> Any:
    engine = make_engine(url)
    try:
        async with engine.connect() as connection:
            return await connection.scalar(text(statement))
    finally:
        await engine.dispose()


def test_several_processes_migrating_at_once(empty_url: str) -> None:
    program = "import sys; from app.store.db import migrate; migrate(sys.argv[1])"
    processes = [
        subprocess.Popen(
            [sys.executable, "-c", program, empty_url],
            cwd=ROOT,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )
        for _ in range(4)
    ]
    outcomes = []
    for process in processes:
        out, err = process.communicate(timeout=60)
        outcomes.append((process.returncode, err[-2000:]))
    assert [code for code, _ in outcomes] == [0, 0, 0, 0], outcomes
    assert_at_head(empty_url)


# --- the app --------------------------------------------------------------------------------


def test_the_app_migrates_an_empty_database_on_start(empty_url: str) -> None:
    settings = Settings(database_url=empty_url, migrate_on_start=True, _env_file=None)
    with serving(settings) as client:
        health = client.get("/api/health")
        assert health.status_code == 200
        assert health.json() == {"status": "ok", "database": "ok"}
        created = client.post("/api/lobbies", json={"game": GAME, "name": "Ann"})
        assert created.status_code == 201, created.text
    assert_at_head(empty_url)


def test_health_is_ok_on_a_migrated_database(settings: Settings) -> None:
    with serving(settings) as client:
        health = client.get("/api/health")
    assert health.status_code == 200
    assert health.json() == {"status": "ok", "database": "ok"}


def test_health_is_503_when_the_database_is_unreachable() -> None:
    settings = Settings(
        database_url="postgresql+asyncpg://postgres@127.0.0.1:1/none",
        migrate_on_start=False,
        _env_file=None,
    )
    with serving(settings) as client:
        health = client.get("/api/health")
    assert health.status_code == 503
    assert health.json()["database"] == "unavailable"
    assert health.json()["status"] != "ok"


# --- settings -------------------------------------------------------------------------------


@pytest.fixture
def no_secret_in_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    for name in ("SECRET_KEY", "secret_key", "ENVIRONMENT", "environment"):
        monkeypatch.delenv(name, raising=False)


@pytest.mark.usefixtures("no_secret_in_environment")
@pytest.mark.parametrize("secret", [None, "", DEVELOPMENT_SECRET])
def test_production_refuses_to_run_without_a_secret(secret: str | None) -> None:
    extra = {} if secret is None else {"secret_key": secret}
    with pytest.raises(ValidationError, match="SECRET_KEY"):
        Settings(environment="production", _env_file=None, **extra)


@pytest.mark.usefixtures("no_secret_in_environment")
def test_production_runs_with_a_secret() -> None:
    settings = Settings(environment="production", secret_key="x" * 43, _env_file=None)
    assert settings.environment == "production" and settings.secret_key == "x" * 43


@pytest.mark.usefixtures("no_secret_in_environment")
def test_production_reads_the_secret_from_the_environment(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setenv("SECRET_KEY", "from-the-environment-" + "y" * 20)
    settings = Settings(environment="production", _env_file=None)
    assert settings.secret_key == "from-the-environment-" + "y" * 20


@pytest.mark.usefixtures("no_secret_in_environment")
def test_development_needs_no_secret() -> None:
    assert Settings(_env_file=None).environment == "development"
