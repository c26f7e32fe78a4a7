"""The application: `create_app()`, and the lifespan that owns the database engine and the hub.

`uvicorn app.main:app` works too: `app` is built on first access, not at import time.
"""

from __future__ import annotations

import asyncio
import contextlib
import gc
import importlib.util
import logging
import time
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from datetime import timedelta
from functools import partial
from pathlib import Path
from typing import Any

from fastapi import FastAPI, Request
from fastapi.responses import JSONResponse
from fastapi.staticfiles import StaticFiles
from sqlalchemy import text

from app.admin import router as admin
from app.admin.tables import Tables
from app.auth import WrongTokens
from app.config import ROOT, Settings
from app.edge import errors
from app.edge.admission import Openings, OpeningsMiddleware
from app.edge.limits import Limits, RateLimitMiddleware
from app.edge.logs import redact_tokens_in_logs, use_json_lines
from app.edge.security import SecurityMiddleware
from app.edge.timing import ServerTimingMiddleware
from app.lobby import expiry, your_games
from app.lobby.router import router as lobby_router
from app.lobby.service import Lobbies
from app.notify import setup as notifications
from app.notify.router import router as notify_router
from app.notify.router import worker as service_worker
from app.ops import metrics
from app.play.bots import BotDriver
from app.play.hints import Hints
from app.play.hub import Hub
from app.play.lag import LoopLag
from app.play.notices import Notices
from app.play.progress import Progress
from app.play.registry import entries_for
from app.play.replays import Replays
from app.play.reviews import Reviews
from app.play.rooms import Room
from app.play.runner import Position
from app.play.websocket import router as websocket_router
from app.play.workers import Workers
from app.site import pages
from app.site.banner import Banner
from app.store.db import make_engine, make_sessions, migrate_async

log = logging.getLogger("tinkertable")

# Seconds /api/health waits for the database before saying it is unavailable.
HEALTH_TIMEOUT = 3.0
# Rooms nobody has been connected to for this long are forgotten (their games stay recorded).
ROOM_IDLE_SECONDS = 600


@asynccontextmanager
async def lifespan(app: FastAPI) -> AsyncIterator[None]:
    settings: Settings = app.state.settings
    if settings.migrate_on_start:
        await migrate_async(settings.database_url)
    engine = make_engine(settings.database_url)
    sessions = make_sessions(engine)
    games = app.state.games
    lobbies = Lobbies(sessions, games, held_seats=timedelta(minutes=settings.held_seat_minutes))
    hub = Hub(
        lobbies.runner,
        lobbies,
        buffer_size=settings.patch_buffer,
        chat_history=settings.chat_history,
    )
    lobbies.hub = hub
    notices = None
    if not settings.is_sqlite:  # several processes may serve one PostgreSQL database
        notices = Notices(
            engine,
            on_action=hub.heard_action,
            on_lobby=hub.heard_lobby,
            on_reconnect=hub.catch_up_all,
        )
        lobbies.runner.notice_from = notices.sender
        hub.tell_others = notices.lobby_changed
        hub.kept_current = notices.current.is_set
        notices.start()
    alerts = app.state.alerts = await notifications.start(
        settings, engine, hub, notices.sender if notices is not None else None
    )
    workers = Workers(settings)
    lobbies.replays = Replays(sessions, workers, settings.replays_at_once)
    lobbies.progress = Progress(lobbies.replays)
    reviews = lobbies.reviews = Reviews(sessions, workers)
    # The review of a game starts as this process records its last action (app.play.reviews).
    alerts_recorded = hub.referee.on_recorded

    def recorded(room: Room, before: Position, after: Position) -> None:
        alerts_recorded(room, before, after)
        reviews.recorded(after)

    hub.referee.on_recorded = recorded
    bots = BotDriver(hub, settings.bot_delay, workers)
    hints = Hints(hub, workers)
    lag = LoopLag()
    app.state.metrics.watch(hub=hub, bots=bots, engine=engine, lag=lag)
    banner = app.state.banner = Banner(sessions)
    await banner.load()
    app.state.admin_tables = Tables(sessions, hub, games)
    app.state.engine = engine
    app.state.lobbies = lobbies
    app.state.seats = lobbies
    app.state.hub = hub
    app.state.openings = Openings(settings.openings_at_once)
    app.state.bots = bots
    app.state.hints = hints
    app.state.lag = lag
    sweeper = asyncio.create_task(_sweep_rooms(hub))
    # Old lobbies go in the background; those this process has a room for, or another process
    # has a connection to, wait for a later round. The others are told of those that went.
    expirer = asyncio.create_task(
        expiry.run(
            sessions,
            expiry.Expiry.from_settings(settings),
            settings.expiry_interval,
            in_use=lambda: set(hub.rooms),
            notify_as=notices.sender if notices is not None else None,
            gone=hub.heard_lobby,
        )
    )
    lag.start()
    bots.start()
    await reviews.catch_up()
    # What the server holds from its start to its end (modules, games, settings) is never
    # garbage: out of the collector's full passes, which stall the loop for as long as they
    # take (a tenth of a second for these objects on a small machine), until the end.
    gc_defaults = gc.get_threshold()
    gc.freeze()
    # A young generation of 700 objects (the default) is collected hundreds of times a second
    # under load, and every tenth pass walks the middle generation too; 10,000 makes passes
    # rarer at the same total cost, and full passes (which walk every room's state) ten times
    # rarer: measured with scripts/bench_mixed.py, the loop's worst lag fell from ~70 to ~48 ms.
    gc.set_threshold(10_000, 10, 10)
    log.info("Tinkertable is ready on %s", settings.database_url.split("://")[0])
    try:
        yield
    finally:
        gc.unfreeze()
        gc.set_threshold(*gc_defaults)
        for task in (sweeper, expirer):
            task.cancel()
        closings = [banner.close, bots.close, hints.close, alerts.close, reviews.close]
        closings += [workers.close, lag.close]
        closings += [notices.close] if notices is not None else []
        closings += [partial(_ended, sweeper), partial(_ended, expirer)]
        closings += [lobbies.runner.recorder.close, engine.dispose]
        # Each part is closed even when one before it fails, the database's connections last:
        # a connection left to the garbage collector warns much later, far from its cause.
        for close in closings:
            try:
                await close()
            except Exception:
                log.exception("could not close %s", close)


async def _ended(task: asyncio.Task[Any]) -> None:
    with contextlib.suppress(asyncio.CancelledError):
        await task


async def _sweep_rooms(hub: Hub) -> None:
    while True:
        await asyncio.sleep(60)
        hub.sweep(time.monotonic(), ROOM_IDLE_SECONDS)


def create_app(settings: Settings | None = None) -> FastAPI:
    settings = settings or Settings()
    app = FastAPI(
        title="Tinkertable",
        summary="Play board games with friends in the browser.",
        version="0.1.0",
        lifespan=lifespan,
        docs_url=None,  # served by pages.py from local files, under our CSP
        redoc_url=None,
    )
    app.state.settings = settings
    entries = entries_for(settings)
    app.state.entries = entries  # each game's page files and rules page too (app/site/pages.py)
    app.state.games = {game_id: entry.game for game_id, entry in entries.items()}
    errors.install(app)
    redact_tokens_in_logs()  # uvicorn logs each request's query string
    if settings.log_format == "json":
        use_json_lines()

    app.state.limits = Limits.from_settings(settings)
    if not settings.rate_limits:
        log.warning("RATE_LIMITS is off: no address or websocket is rate limited")
    # Added first, so it runs inside the security middleware: a 429 carries its headers too.
    app.add_middleware(RateLimitMiddleware, limits=app.state.limits)
    # Security headers and the CSRF wall.
    app.add_middleware(SecurityMiddleware, allowed_origins=settings.allowed_origins)
    app.add_middleware(OpeningsMiddleware)
    app.add_middleware(ServerTimingMiddleware)  # outermost: the whole of the app's time
    wrong_tokens = WrongTokens(settings)  # the owner's tokens, for /metrics and /admin
    app.state.metrics = metrics.install(app, settings, wrong_tokens)
    admin.install(app, settings, wrong_tokens)

    @app.get("/api/health", tags=["health"])
    async def health(request: Request) -> JSONResponse:
        try:
            async with asyncio.timeout(HEALTH_TIMEOUT):
                async with request.app.state.engine.connect() as connection:
                    await connection.execute(text("SELECT 1"))
        except Exception:  # any failure to reach the database is "unavailable"
            return JSONResponse({"status": "degraded", "database": "unavailable"}, 503)
        return JSONResponse({"status": "ok", "database": "ok"})

    if settings.debug_lag:

        @app.get("/api/debug/lag", include_in_schema=False)
        async def loop_lag(request: Request, reset: bool = False, samples: bool = False) -> dict:
            """How late the event loop ran (app/play/lag.py) over its latest samples, each of
            them with `samples`; `reset`: forget them after the answer."""
            lag: LoopLag = request.app.state.lag
            figures = lag.figures(with_samples=samples)
            if reset:
                lag.reset()
            return figures

    app.include_router(lobby_router)
    app.include_router(your_games.router)
    app.include_router(notify_router)
    app.include_router(service_worker)
    app.include_router(websocket_router)
    app.include_router(pages.router)
    for entry in entries.values():  # each game's page files, from its own package
        app.mount(entry.assets, StaticFiles(directory=entry.page), name=f"static-{entry.id}")
    app.mount("/static", StaticFiles(directory=ROOT / "static"), name="static")
    app.mount("/api-docs", StaticFiles(directory=_swagger_ui_files()), name="api-docs")
    return app


def _swagger_ui_files() -> Path:
    """Swagger UI's own files, from the swagger-ui-py package (found without importing it)."""
    spec = importlib.util.find_spec("swagger_ui")
    assert spec is not None and spec.origin is not None, "swagger-ui-py is not installed"
    return Path(spec.origin).parent / "static"


def __getattr__(name: str) -> Any:
    if name == "app":
        return create_app()
    raise AttributeError(name)
