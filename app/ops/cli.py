"""`tinkertable serve | migrate | revision | export | import | backup`: the command line."""

from __future__ import annotations

import argparse
import asyncio
import sys
from pathlib import Path

from app.config import Settings

# Seconds a stopping server gives the requests in flight before it cancels them.
SHUTDOWN_SECONDS = 20


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="tinkertable")
    commands = parser.add_subparsers(dest="command", required=True)
    serve = commands.add_parser("serve", help="run the server")
    serve.add_argument("--host", help="address to listen on (default: HOST or 127.0.0.1)")
    serve.add_argument("--port", type=int, help="port (default: PORT or 8000)")
    serve.add_argument("--workers", type=int, default=1, help="worker processes")
    commands.add_parser("migrate", help="bring the database up to date")
    revision = commands.add_parser("revision", help="write a new migration (autogenerate)")
    revision.add_argument("-m", "--message", required=True)
    exporting = commands.add_parser("export", help="write every lobby and game to a file")
    exporting.add_argument("file", type=Path, help="the JSON lines file to write")
    importing = commands.add_parser(
        "import", help="read a file of `export` into the database (all or nothing)"
    )
    importing.add_argument("file", type=Path, help="a file written by `tinkertable export`")
    importing.add_argument(
        "--skip-existing",
        action="store_true",
        help="leave the lobbies the database holds already as they are (else: refuse the file)",
    )
    backing_up = commands.add_parser(
        "backup", help="a consistent copy of the database in DIR, while the server runs"
    )
    backing_up.add_argument("dir", type=Path, help="the directory for the copy")
    args = parser.parse_args(argv)

    settings = Settings()
    if args.command == "serve":
        import uvicorn

        host = args.host or settings.host
        port = args.port or settings.port
        shown = "localhost" if host in ("127.0.0.1", "0.0.0.0", "::") else host
        if settings.log_format == "text":  # else every line out is a JSON log line
            print(f"Tinkertable: open http://{shown}:{port}/ in your browser", flush=True)
        from app.edge.serving import GuardedHttpProtocol

        uvicorn.run(
            "app.main:create_app",
            factory=True,
            http=GuardedHttpProtocol,  # a deadline for each request, a cap per address
            host=host,
            port=port,
            workers=args.workers,
            log_level=settings.log_level,
            ws_max_size=64 * 1024,
            proxy_headers=True,
            # On SIGTERM: no new connections; every websocket is told 1012 (restarting) and
            # its page comes back with `since`; requests in flight finish, for this long.
            timeout_graceful_shutdown=SHUTDOWN_SECONDS,
        )
    elif args.command == "migrate":
        from app.store.db import migrate

        migrate(settings.database_url)
        print("the database is up to date")
    elif args.command == "revision":
        from alembic import command

        from app.store.db import alembic_config

        command.revision(
            alembic_config(settings.database_url), message=args.message, autogenerate=True
        )
    elif args.command in ("export", "import", "backup"):
        return _transfer(args, settings)
    return 0


def _transfer(args: argparse.Namespace, settings: Settings) -> int:
    from app.play.registry import games_for
    from app.store import transfer
    from app.store.db import migrate

    url = settings.database_url
    try:
        if args.command == "export":
            counts = asyncio.run(transfer.export(url, args.file))
            print(f"wrote {counts} to {args.file}")
        elif args.command == "import":
            migrate(url)  # the tables as this version has them
            games = games_for(settings)
            counts = asyncio.run(
                transfer.import_(url, args.file, skip_existing=args.skip_existing, games=games)
            )
            print(f"imported {counts} from {args.file}")
        else:
            print(f"wrote {transfer.backup(url, args.dir)}")
    except transfer.TransferError as error:
        print(f"tinkertable {args.command}: {error}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
