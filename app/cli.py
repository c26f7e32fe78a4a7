"""`tinkertable serve | migrate | revision`: the command line."""

from __future__ import annotations

import argparse
import sys

from app.config import Settings


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
    args = parser.parse_args(argv)

    settings = Settings()
    if args.command == "serve":
        import uvicorn

        host = args.host or settings.host
        port = args.port or settings.port
        shown = "localhost" if host in ("127.0.0.1", "0.0.0.0", "::") else host
        if settings.log_format == "text":  # else every line out is a JSON log line
            print(f"Tinkertable: open http://{shown}:{port}/ in your browser", flush=True)
        from app.serving import GuardedHttpProtocol

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
        )
    elif args.command == "migrate":
        from app.db import migrate

        migrate(settings.database_url)
        print("the database is up to date")
    elif args.command == "revision":
        from alembic import command

        from app.db import alembic_config

        command.revision(
            alembic_config(settings.database_url), message=args.message, autogenerate=True
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
