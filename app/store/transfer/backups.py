"""Backups: a consistent copy of the database while the server runs (SQLite's online backup
API, or pg_dump for PostgreSQL).
"""

from __future__ import annotations

import os
import shutil
import sqlite3
import subprocess
from datetime import UTC, datetime
from pathlib import Path

from sqlalchemy.engine import make_url

from app.store.transfer.lines import TransferError


def backup(url: str, directory: Path, now: datetime | None = None) -> Path:
    """A consistent copy of the database at `url` in `directory`, taken while the server runs;
    the copy's path."""
    directory.mkdir(parents=True, exist_ok=True)
    stamp = (now or datetime.now(UTC)).strftime("%Y%m%dT%H%M%SZ")
    parsed = make_url(url)
    if parsed.get_backend_name() == "sqlite":
        return _sqlite_backup(parsed.database, directory / f"tinkertable-{stamp}.db")
    if parsed.get_backend_name() == "postgresql":
        return _postgres_backup(url, directory / f"tinkertable-{stamp}.dump")
    raise TransferError(f"no backup for {parsed.get_backend_name()} databases")


def _fresh(path: Path) -> Path:
    if path.exists():
        raise TransferError(f"{path} exists already; nothing was written")
    return path.with_name(f".{path.name}.partial")


def _sqlite_backup(database: str | None, path: Path) -> Path:
    if not database or database == ":memory:" or not Path(database).is_file():
        raise TransferError(f"no SQLite database file at {database}")
    partial = _fresh(path)
    try:
        source = sqlite3.connect(f"file:{database}?mode=ro", uri=True, timeout=30)
        try:
            copy = sqlite3.connect(partial)
            try:
                source.backup(copy)  # the online backup API: one consistent copy
            finally:
                copy.close()
        finally:
            source.close()
        os.replace(partial, path)
    except (sqlite3.Error, OSError) as error:
        raise TransferError(f"the backup failed, nothing was written: {error}") from error
    finally:
        partial.unlink(missing_ok=True)
    return path


def libpq_url(url: str) -> tuple[str, str | None]:
    """The SQLAlchemy URL as libpq's tools take it, without its password; the password."""
    parsed = make_url(url)
    plain = parsed.set(drivername="postgresql", password=None, query={})
    return plain.render_as_string(hide_password=False), parsed.password


def _postgres_backup(url: str, path: Path) -> Path:
    pg_dump = shutil.which("pg_dump")
    if pg_dump is None:
        raise TransferError(
            "pg_dump was not found on the PATH: install PostgreSQL's client tools "
            "(Debian, Ubuntu: apt-get install postgresql-client), of your server's version or "
            "later, or run pg_dump where it is installed (see the README)"
        )
    partial = _fresh(path)
    target, password = libpq_url(url)
    env = dict(os.environ)
    if password is not None:
        env["PGPASSWORD"] = password
    try:
        done = subprocess.run(
            [pg_dump, "--format=custom", "--no-owner", f"--file={partial}", f"--dbname={target}"],
            env=env,
            capture_output=True,
            text=True,
            check=False,
        )
        if done.returncode != 0:
            raise TransferError(f"pg_dump failed, nothing was written: {done.stderr.strip()}")
        os.replace(partial, path)
    finally:
        partial.unlink(missing_ok=True)
    return path
