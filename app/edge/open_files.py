"""The files a server process may open, and how many of them its connections may take.

Every connection is an open file (its socket). Where systemd or a shell starts the server, a
process may open 1,024 files by default (its soft limit; the hard limit above it is often far
higher), and once connections hold them all the server can take no other: every new client is
dropped unanswered, and the database's connections and the files being served fail too, until
some connection ends. So, in each server process (its lifespan, app/main.py):

- the soft limit is raised to the hard one (`raise_limit`), which a process may do by itself; the
  hard one is the host's to raise (README: LimitNOFILE=, ulimit -n, docker compose's
  `ulimits: nofile`);
- the connections the process holds at once are capped below its limit (`connections_at_once`,
  for app/edge/capacity.py), so that files are always kept for the rest: the database's pool and
  listener, the worker processes' pipes, the files being served, the process's own (about 30 at
  rest: its standard streams, the event loop's, the listening socket) and the connections being
  refused, who are told so (503) rather than dropped.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass

log = logging.getLogger(__name__)

# Files kept besides the database's and the worker processes': the process's own, the files
# being served at once, and app/edge/capacity.py's REFUSALS_AT_ONCE connections being refused.
FILES_KEPT = 64
# Files one worker process holds open in its server process (its pipes).
FILES_PER_WORKER = 2
# Where the hard limit is "unlimited" (macOS, never Linux), the soft one is raised to this.
UNLIMITED_AS = 65_536
# Below this many open files, the limit is logged as a warning, with how to raise it.
FEW_FILES = 4096
RAISE_IT = "systemd's LimitNOFILE=, a shell's ulimit -n, docker compose's ulimits: nofile"


@dataclass(frozen=True)
class FileLimit:
    """The open-file limit of this process: `soft` is in force (None: unlimited), `hard` the
    most it may be raised to, `was` the soft limit before `raise_limit`."""

    soft: int | None
    hard: int | None
    was: int | None


def raise_limit() -> FileLimit | None:
    """Raise this process's soft limit of open files to its hard limit; what is in force after.
    None where the system has no such limit (no `resource` module: Windows). A soft limit that
    cannot be raised stays as it was: the server runs with it, capped to it."""
    try:
        import resource
    except ImportError:  # pragma: no cover - not on Linux or macOS
        return None

    def known(value: int) -> int | None:
        return None if value == resource.RLIM_INFINITY else value

    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    wanted = UNLIMITED_AS if hard == resource.RLIM_INFINITY else hard
    if soft != resource.RLIM_INFINITY and soft < wanted:
        try:
            resource.setrlimit(resource.RLIMIT_NOFILE, (wanted, hard))
        except (ValueError, OSError) as error:
            log.warning(
                "could not raise the open-file limit from %d to %d: %s", soft, wanted, error
            )
    now, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    return FileLimit(soft=known(now), hard=known(hard), was=known(soft))


def files_kept(*, database: int, workers: int) -> int:
    """Files kept from the connections: FILES_KEPT, the database's and the workers'."""
    return FILES_KEPT + database + FILES_PER_WORKER * workers


def connections_at_once(setting: int, limit: int | None, *, kept: int) -> int:
    """The connections one process may hold at once with `limit` open files, `kept` of them
    kept for the rest; `setting` (CONNECTIONS_AT_ONCE) lowers it, never raises it: past the
    limit a new client would be dropped unanswered. 0: no cap (no setting, and no limit).
    A limit too low to keep `kept` files gives half of its files to connections."""
    if limit is None:
        return setting
    room = max(limit - kept, limit // 2, 1)
    return min(setting, room) if setting else room


def connection_room(setting: int, *, database: int, workers: int) -> int:
    """At a server process's start: raise its open-file limit, and the connections it may hold
    at once (`connections_at_once`), both logged."""
    limit = raise_limit()
    soft = limit.soft if limit is not None else None
    kept = files_kept(database=database, workers=workers)
    at_once = connections_at_once(setting, soft, kept=kept)
    if limit is None or soft is None:
        log.info("no open-file limit: connections at once %s", at_once or "without a cap")
        return at_once
    # Few files: said as a warning, which the text log shows (it leaves the info lines out).
    few = soft < FEW_FILES
    log.log(
        logging.WARNING if few else logging.INFO,
        "open files: at most %d (%s): %d connections at once, %d files kept for the database,"
        " the workers and refusals%s",
        soft,
        _described(limit),
        at_once,
        kept,
        f"; for more, raise the hard limit ({RAISE_IT})" if few else "",
    )
    if setting > at_once:
        log.warning(
            "CONNECTIONS_AT_ONCE=%d is more than %d open files allow: %d (%s)",
            setting,
            soft,
            at_once,
            RAISE_IT,
        )
    return at_once


def _described(limit: FileLimit) -> str:
    """Where the soft limit in force comes from, for the log."""
    hard = "unlimited" if limit.hard is None else limit.hard
    if limit.was != limit.soft:
        return f"raised from {limit.was}; the hard limit is {hard}"
    if limit.soft == limit.hard:
        return "the hard limit"
    return f"the hard limit, {hard}, could not be set"
