"""Shared fixtures: a database per test on SQLite and on PostgreSQL, and the app on top of it.

PostgreSQL tests create their own database for the whole run (dropped at the end), so runs never
collide. With CI=true they must run: an unreachable server fails them instead of skipping.
"""

from __future__ import annotations

import asyncio
import contextlib
import gc
import os
import shutil
import socket
import uuid
from collections import Counter
from collections.abc import Coroutine, Iterator
from concurrent.futures import ThreadPoolExecutor
from contextlib import contextmanager
from pathlib import Path
from typing import Any, TypeVar

import pytest
from sqlalchemy import text
from sqlalchemy.engine import make_url
from sqlalchemy.ext.asyncio import create_async_engine
from starlette.testclient import TestClient

from app.config import Settings
from app.store.db import migrate

# The browser fixtures, for the browser tests wherever they are.
pytest_plugins = ["tests.browser.fixtures"]

T = TypeVar("T")
IN_CI = os.environ.get("CI", "").lower() in ("1", "true", "yes")
POSTGRES_SERVER = os.environ.get(
    "TT_TEST_POSTGRES", "postgresql+asyncpg://postgres@127.0.0.1:5432/test"
)
TABLES = (
    "reviews",
    "actions",
    "games",
    "chat_messages",
    "players",
    "lobbies",
    "site_banner",
    "notify_keys",
    "notify_presence",
)


@pytest.hookimpl(trylast=True)  # after pytest-xdist's, which puts each test's group in its id
def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Every test with an id of its own, and its xdist group kept (scripts/test runs
    `-n 2 --dist loadgroup`); else the run fails, where it once passed having run less:

    - pytest-xdist runs one test per id: on pytest 9.2, the 24 schemathesis tests shared theirs,
      and 23 of them were reported as nothing.
    - With `--dist loadgroup`, pytest-xdist keeps a group of tests (`xdist_group`) on one worker
      by writing the group into their ids ("...@name"). On pytest 9.2 that silently stopped
      working (pytest-xdist#1386): test_openapi_fuzz.py was split between the workers, and its
      last check, which needs every operation's answers, passed by checking nothing.
    """
    ids = Counter(item.nodeid for item in items)
    shared = [nodeid for nodeid, count in ids.items() if count > 1]
    if shared:
        raise pytest.UsageError(f"tests share an id; pytest-xdist would run one of each: {shared}")
    if config.getoption("loadgroup", False):
        lost = [
            item.nodeid
            for item in items
            if item.get_closest_marker("xdist_group") and "@" not in item.nodeid
        ]
        if lost:
            raise pytest.UsageError(f"pytest-xdist lost these tests' xdist_group: {lost[:5]}")


def _postgres_port() -> int:
    return make_url(POSTGRES_SERVER).port or 5432


def _sockets_to(port: int) -> list[str]:
    """This process's TCP connections to `port`, as "local -> remote" lines (Linux: /proc)."""
    found = []
    with contextlib.suppress(OSError):
        for fd in os.listdir("/proc/self/fd"):
            with contextlib.suppress(OSError):
                if not os.readlink(f"/proc/self/fd/{fd}").startswith("socket:"):
                    continue
                with socket.socket(fileno=os.dup(int(fd))) as copy:  # closes the copy only
                    if copy.family in (socket.AF_INET, socket.AF_INET6):
                        remote = copy.getpeername()
                        if remote[1] == port:
                            found.append(f"{copy.getsockname()[:2]} -> {remote[:2]}")
    return found


@pytest.fixture(autouse=True)
def no_connection_left_open(request: pytest.FixtureRequest) -> Iterator[None]:
    """After every test (and every fixture it used), this process holds no connection to
    PostgreSQL. A connection left behind is closed by the garbage collector much later, as a
    ResourceWarning in whatever test runs then (as seen under load): this fails the test that
    left it instead."""
    yield
    port = _postgres_port()
    if not _sockets_to(port):
        return
    gc.collect()  # garbage, not yet collected: its ResourceWarning is raised here, in this test
    left = _sockets_to(port)
    assert not left, f"{request.node.nodeid} left connections to PostgreSQL open: {left}"


def run(coroutine: Coroutine[Any, Any, T]) -> T:
    """Run a coroutine to its end on a thread of its own (the browser tests keep an event loop
    running on the main thread, where asyncio.run would refuse)."""
    with ThreadPoolExecutor(max_workers=1) as pool:
        return pool.submit(asyncio.run, coroutine).result()


def unavailable(reason: str) -> None:
    """Skip outside CI; in CI a missing service is a failure, never a silent skip."""
    if IN_CI:
        pytest.fail(f"{reason} (CI=true: these tests must run)")
    pytest.skip(reason)


async def _admin(statement: str) -> None:
    engine = create_async_engine(POSTGRES_SERVER, isolation_level="AUTOCOMMIT")
    try:
        async with engine.connect() as connection:
            await connection.execute(text(statement))
    finally:
        await engine.dispose()


def _postgres_url(database: str) -> str:
    return POSTGRES_SERVER.rsplit("/", 1)[0] + "/" + database


@contextmanager
def postgres_database(prefix: str, *, migrated: bool = True) -> Iterator[str]:
    """A fresh database on the PostgreSQL server (migrated, unless not `migrated`), dropped
    at the end; its URL."""
    name = f"{prefix}_{os.getpid()}_{uuid.uuid4().hex[:8]}"
    try:
        run(_admin(f'CREATE DATABASE "{name}"'))
    except Exception as error:  # any connection failure means "not available"
        unavailable(f"PostgreSQL is not reachable at {POSTGRES_SERVER}: {error}")
    url = _postgres_url(name)
    try:
        if migrated:
            migrate(url)
        yield url
    finally:
        run(_admin(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)'))


@pytest.fixture(scope="session")
def postgres_server() -> Iterator[str]:
    """A fresh database on the PostgreSQL server for this run, migrated; its URL."""
    with postgres_database("tt_test") as url:
        yield url


@pytest.fixture(scope="session")
def sqlite_template(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A migrated SQLite file that each test copies."""
    path = tmp_path_factory.mktemp("template") / "template.db"
    migrate(f"sqlite+aiosqlite:///{path}")
    return path


async def _truncate(url: str) -> None:
    engine = create_async_engine(url)
    try:
        async with engine.begin() as connection:
            await connection.execute(text(f"TRUNCATE {', '.join(TABLES)} RESTART IDENTITY CASCADE"))
    finally:
        await engine.dispose()


@pytest.fixture(params=["sqlite", pytest.param("postgres", marks=pytest.mark.postgres)])
def database_url(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[str]:
    """An empty, migrated database for one test: a copied SQLite file, or the run's
    PostgreSQL database emptied before the test."""
    if request.param == "sqlite":
        template = request.getfixturevalue("sqlite_template")
        path = tmp_path / "tinkertable.db"
        shutil.copy(template, path)
        yield f"sqlite+aiosqlite:///{path}"
    else:
        url = request.getfixturevalue("postgres_server")
        run(_truncate(url))
        yield url


# A test that needs one database only: PostgreSQL, the one a host runs. Each game's whole games
# over the protocol use it: how a game is recorded, restarted and caught up does not depend on
# the game, and tests/e2e/test_crashes.py plays crashes and restarts on both databases.
on_postgresql = pytest.mark.parametrize(
    "database_url", [pytest.param("postgres", marks=pytest.mark.postgres)], indirect=True
)


@pytest.fixture
def settings(database_url: str) -> Settings:
    return Settings(database_url=database_url, migrate_on_start=False, _env_file=None)


@pytest.fixture
def client(settings: Settings) -> Iterator[TestClient]:
    from tests.play.tables import serving

    with serving(settings) as test_client:
        yield test_client
