"""The database: base, engines, sessions, migrations; the one place that commits."""

from __future__ import annotations

import asyncio
import fcntl
from collections.abc import AsyncIterator
from concurrent.futures import ThreadPoolExecutor
from contextlib import asynccontextmanager, contextmanager
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from sqlalchemy import JSON, MetaData, event
from sqlalchemy.dialects.postgresql import JSONB
from sqlalchemy.engine import ExceptionContext, make_url
from sqlalchemy.exc import InvalidatePoolError, OperationalError
from sqlalchemy.ext.asyncio import (
    AsyncEngine,
    AsyncSession,
    async_sessionmaker,
    create_async_engine,
)
from sqlalchemy.orm import DeclarativeBase

from app.config import ROOT

MIGRATIONS = ROOT / "migrations"

# JSON columns: JSONB on PostgreSQL, JSON text on SQLite; None is SQL NULL (not JSON null).
Json = JSON(none_as_null=True).with_variant(JSONB(none_as_null=True), "postgresql")


def utcnow() -> datetime:
    return datetime.now(UTC)


def as_utc(moment: datetime) -> datetime:
    """A datetime read from the database, with its UTC offset (SQLite hands back naive
    datetimes, all of them UTC)."""
    return moment.replace(tzinfo=UTC) if moment.tzinfo is None else moment


def iso(moment: datetime) -> str:
    """ISO 8601 with the UTC offset."""
    return as_utc(moment).isoformat()


class Base(DeclarativeBase):
    metadata = MetaData(
        naming_convention={
            "ix": "ix_%(column_0_label)s",
            "uq": "uq_%(table_name)s_%(column_0_name)s",
            "ck": "ck_%(table_name)s_%(constraint_name)s",
            "fk": "fk_%(table_name)s_%(column_0_name)s_%(referred_table_name)s",
            "pk": "pk_%(table_name)s",
        }
    )


def make_engine(url: str, **kwargs: Any) -> AsyncEngine:
    """The engine for `url`. On PostgreSQL (asyncpg) a database that cannot be reached fails
    within seconds, as a SQLAlchemyError; `connect_args` may override the timeouts, e.g.
    `{"command_timeout": None}` for a migration whose statements may run long."""
    if url.startswith("sqlite"):
        engine = create_async_engine(url, connect_args={"timeout": 30}, **kwargs)

        @event.listens_for(engine.sync_engine, "connect")
        def _sqlite_pragmas(connection: Any, _record: Any) -> None:
            cursor = connection.cursor()
            cursor.execute("PRAGMA journal_mode=WAL")
            cursor.execute("PRAGMA foreign_keys=ON")
            cursor.execute("PRAGMA synchronous=NORMAL")
            cursor.execute("PRAGMA busy_timeout=30000")
            cursor.close()

        return engine
    # Connections are kept, not made and closed as the load comes and goes: a new asyncpg
    # connection costs a handshake and SQLAlchemy's type set-up, many times a statement's work.
    # Beyond POOL_SIZE, requests wait their turn (actions are written in batches on one).
    kwargs.setdefault("pool_size", POOL_SIZE)
    kwargs.setdefault("max_overflow", 0)
    if make_url(url).get_driver_name() != "asyncpg":
        kwargs.setdefault("pool_pre_ping", True)
        return create_async_engine(url, **kwargs)
    connect_args = {"timeout": CONNECT_TIMEOUT, "command_timeout": STATEMENT_TIMEOUT}
    kwargs["connect_args"] = {**connect_args, **kwargs.get("connect_args", {})}
    engine = create_async_engine(url, **kwargs)
    _unreachable_is_a_database_error(engine)
    return engine


# Connections each process keeps to PostgreSQL.
POOL_SIZE = 20

# PostgreSQL through asyncpg: seconds to wait for a new connection, for a pooled connection to
# answer a ping, and for any one statement, before the database counts as unavailable
# (asyncpg's own defaults: 60 s, and forever).
CONNECT_TIMEOUT = 5.0
# Not shorter: on a machine whose two cores are both taken, a healthy database's answer took
# over 2 s, and a ping that fails drops every pooled connection (and asyncpg opens yet another
# socket to cancel the ping), all for a false alarm.
PING_TIMEOUT = 5.0
STATEMENT_TIMEOUT = 30.0


def _unreachable_is_a_database_error(engine: AsyncEngine) -> None:
    """A database that cannot be reached must show as a SQLAlchemyError, which every caller
    expects (the hub answers `unavailable`, the API 503), and as soon as possible.

    asyncpg raises plain OSErrors (connection refused or reset, a timeout), which SQLAlchemy
    passes on as they are, and its pool's pre-ping has no timeout of its own (a database cut off
    by the network is waited for as long as the statement timeout, and then the OSError escapes).
    So, instead:
    - connecting: an OSError becomes the driver's OperationalError, which SQLAlchemy wraps;
    - checking a pooled connection out: a ping of its own with PING_TIMEOUT; a connection that
      fails it is dropped with every other pooled one, and a new one is made;
    - a statement cut off by an OSError: an OperationalError, its connection dropped.
    """
    sync_engine = engine.sync_engine

    @event.listens_for(sync_engine, "do_connect")
    def _connect(dialect: Any, _record: Any, cargs: Any, cparams: Any) -> Any:
        try:
            return dialect.connect(*cargs, **cparams)
        except OSError as error:
            raise dialect.loaded_dbapi.OperationalError(
                f"cannot reach the database: {error!r}"
            ) from error

    @event.listens_for(sync_engine, "checkout")
    def _ping(dbapi_connection: Any, _record: Any, _proxy: Any) -> None:
        try:
            dbapi_connection.run_async(
                lambda driver: driver.fetchval("SELECT 1", timeout=PING_TIMEOUT)
            )
        except Exception as error:
            raise InvalidatePoolError(f"the database did not answer: {error!r}") from error

    @event.listens_for(sync_engine, "handle_error")
    def _cut_off(context: ExceptionContext) -> BaseException | None:
        if not isinstance(context.original_exception, OSError):
            return None
        context.is_disconnect = True
        if context.sqlalchemy_exception is not None:
            return None
        return OperationalError(
            context.statement,
            context.parameters,
            context.original_exception,
            connection_invalidated=True,
        )


def make_sessions(engine: AsyncEngine) -> async_sessionmaker[AsyncSession]:
    return async_sessionmaker(engine, expire_on_commit=False)


@asynccontextmanager
async def unit_of_work(sessions: async_sessionmaker[AsyncSession]) -> AsyncIterator[AsyncSession]:
    """One unit of work: commit when the block succeeds, roll back when it raises.

    Services only add and flush; this is the one place that commits.
    """
    async with sessions() as session:
        try:
            yield session
            await session.commit()
        except BaseException:
            await session.rollback()
            raise


# --- migrations -----------------------------------------------------------------------------


def alembic_config(url: str) -> Any:
    from alembic.config import Config

    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS))
    config.set_main_option("sqlalchemy.url", url.replace("%", "%%"))
    return config


@contextmanager
def _sqlite_file_lock(url: str) -> Any:
    """Several processes starting at once on one SQLite file migrate one after another."""
    database = make_url(url).database
    if not database or database == ":memory:":
        yield
        return
    lock_path = Path(database).with_name(Path(database).name + ".migrate-lock")
    lock_path.parent.mkdir(parents=True, exist_ok=True)
    with open(lock_path, "w") as handle:
        fcntl.flock(handle, fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(handle, fcntl.LOCK_UN)


def migrate(url: str, revision: str = "head") -> None:
    """Bring the database up to `revision` (PostgreSQL: under an advisory lock, see env.py).

    Alembic's env.py runs its own event loop, so the work happens on a thread of its own,
    whatever loop the caller may be running.
    """
    with ThreadPoolExecutor(max_workers=1) as pool:
        pool.submit(_migrate, url, revision).result()


def _migrate(url: str, revision: str) -> None:
    from alembic import command

    lock = _sqlite_file_lock(url) if url.startswith("sqlite") else _no_lock()
    with lock:
        command.upgrade(alembic_config(url), revision)


@contextmanager
def _no_lock() -> Any:
    yield


async def migrate_async(url: str) -> None:
    """Migrate from inside a running event loop (Alembic's env.py runs its own loop)."""
    await asyncio.to_thread(migrate, url)
