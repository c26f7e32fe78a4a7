"""Alembic's environment: runs the migrations on SQLite or PostgreSQL through the async engine."""

import asyncio

from alembic import context
from sqlalchemy import text
from sqlalchemy.engine import Connection

from app.store.db import make_engine
from app.store.tables import metadata

target_metadata = metadata

# One number for every Tinkertable process: whoever holds it migrates, the others wait.
MIGRATION_LOCK = 7_261_001


def run_migrations(connection: Connection) -> None:
    is_postgres = connection.dialect.name == "postgresql"
    if is_postgres:
        connection.execute(text("SELECT pg_advisory_lock(:key)"), {"key": MIGRATION_LOCK})
        connection.commit()
    try:
        context.configure(
            connection=connection,
            target_metadata=target_metadata,
            render_as_batch=connection.dialect.name == "sqlite",
            compare_type=True,
        )
        with context.begin_transaction():
            context.run_migrations()
    finally:
        if is_postgres:
            connection.execute(text("SELECT pg_advisory_unlock(:key)"), {"key": MIGRATION_LOCK})
            connection.commit()


async def run_async() -> None:
    url = context.config.get_main_option("sqlalchemy.url")
    # No statement timeout: a migration, or waiting on another process's migration lock, may
    # take longer than play's statements may.
    options = {} if url.startswith("sqlite") else {"connect_args": {"command_timeout": None}}
    engine = make_engine(url, **options)
    try:
        async with engine.connect() as connection:
            await connection.run_sync(run_migrations)
    finally:
        await engine.dispose()


if context.is_offline_mode():
    raise SystemExit("offline migrations are not supported; run them against a database")
asyncio.run(run_async())
