"""The application, and the one place that builds the house: `create_app()` (the settings, the
games, the middleware, the metrics and the owner's pages), and the lifespan that builds every
long-lived object of the process (`build`: the database, the lobby layer, the hub, the workers,
notices and notifications, bots and hints) and closes them at the end.

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
from dataclasses import dataclass
from datetime import timedelta
from functools import partial
from pathlib import Path
from typing import Any

from fastapi import FastAPI, Request
from fastapi.responses import JSONResponse
from fastapi.staticfiles import StaticFiles
from sqlalchemy import text
from sqlalchemy.ext.asyncio import AsyncEngine, AsyncSession, async_sessionmaker

from app.admin import router as admin
from app.admin.tables import Tables
from app.auth import WrongTokens
from app.config import ROOT, Settings
from app.edge import errors
from app.edge.admission import Openings, OpeningsMiddleware
from app.edge.capacity import CONNECTIONS_AT_ONCE
from app.edge.limits import Limits, RateLimitMiddleware
from app.edge.logs import redact_tokens_in_logs, use_json_lines
from app.edge.open_files import connection_room
from app.edge.security import SecurityMiddleware
from app.edge.timing import ServerTimingMiddleware
from app.lobby import expiry, your_games
from app.lobby.again import Again
from app.lobby.away import Away
from app.lobby.directory import Directory
from app.lobby.finished import Finished
from app.lobby.records import Records
from app.lobby.router import router as lobby_router
from app.lobby.service import Lobbies
from app.lobby.store import LobbyStore
from app.notify import setup as notifications
from app.notify.alerts import Alerts
from app.notify.router import router as notify_router
from app.notify.router import worker as service_worker
from app.ops import metrics
from app.ops.metrics import Metrics
from app.play.bots import BotDriver
from app.play.hints import Hints
from app.play.hub import Hub
from app.play.lag import LoopLag
from app.play.listeners import AsyncListeners
from app.play.notices import Notices
from app.play.progress import Progress
from app.play.registry import Games, entries_for
from app.play.replays import Replays
from app.play.reviews import Reviews
from app.play.runner import Runner
from app.play.websocket import router as websocket_router
from app.play.workers import Workers
from app.site import pages
from app.site.banner import Banner
from app.store.db import POOL_SIZE, make_engine, make_sessions, migrate_async

log = logging.getLogger("tinkertable")

# Seconds /api/health waits for the database before saying it is unavailable.
HEALTH_TIMEOUT = 3.0
# Rooms nobody has been connected to for this long are forgotten (their games stay recorded).
ROOM_IDLE_SECONDS = 600


@dataclass(frozen=True)
class House:
    """Every long-lived object of one server process, each made once and handed what it needs
    when made (`build`); hooks are lists of listeners, joined here. `close()` at the end."""

    engine: AsyncEngine
    sessions: async_sessionmaker[AsyncSession]
    store: LobbyStore
    directory: Directory
    notices: Notices | None
    runner: Runner
    hub: Hub
    alerts: Alerts
    workers: Workers
    replays: Replays
    progress: Progress
    reviews: Reviews
    lobbies: Lobbies
    away: Away
    again: Again
    records: Records
    finished: Finished
    bots: BotDriver
    hints: Hints
    lag: LoopLag
    banner: Banner
    admin_tables: Tables
    openings: Openings
    tasks: tuple[asyncio.Task[None], ...]

    async def close(self) -> None:
        """Each part closed even when one before it fails, the database's connections last:
        a connection left to the garbage collector warns much later, far from its cause."""
        for task in self.tasks:
            task.cancel()
        closings = [self.banner.close, self.bots.close, self.hints.close, self.alerts.close]
        closings += [self.reviews.close, self.workers.close, self.lag.close]
        closings += [self.notices.close] if self.notices is not None else []
        closings += [partial(_ended, task) for task in self.tasks]
        closings += [self.runner.recorder.close, self.engine.dispose]
        for close in closings:
            try:
                await close()
            except Exception:
                log.exception("could not close %s", close)


async def build(settings: Settings, games: Games, figures: Metrics) -> House:
    """The house, its parts started: the lobby layer's store and directory (which the hub
    asks) before the hub, the lobby service and the parts that tell the hub after it."""
    if settings.migrate_on_start:
        await migrate_async(settings.database_url)
    engine = make_engine(settings.database_url)
    sessions = make_sessions(engine)
    store = LobbyStore(sessions, games, held_seats=timedelta(minutes=settings.held_seat_minutes))
    directory = Directory(store)
    # Several processes may serve one PostgreSQL database: each hears the others' notices.
    heard_action: AsyncListeners[int, int] = AsyncListeners()
    heard_lobby: AsyncListeners[str] = AsyncListeners()
    reconnected: AsyncListeners[[]] = AsyncListeners()
    notices = None
    if not settings.is_sqlite:
        notices = Notices(
            engine, on_action=heard_action, on_lobby=heard_lobby, on_reconnect=reconnected
        )
    runner = Runner(sessions, games, notice_from=notices.sender if notices else None)
    hub = Hub(
        runner,
        directory,
        buffer_size=settings.patch_buffer,
        chat_history=settings.chat_history,
        tell_others=notices.lobby_changed if notices else None,
        kept_current=notices.current.is_set if notices else lambda: True,
    )
    heard_action.add(hub.heard_action)
    heard_lobby.add(hub.heard_lobby)
    reconnected.add(hub.catch_up_all)
    if notices is not None:  # each process hears only the lobbies it holds a room for
        hub.on_room_open.add(notices.hold)
        hub.on_room_close.add(notices.release)
        hub.referee.on_recorded.add(notices.action_sent)
    if notices is not None:
        notices.start()
    alerts, presence = await notifications.start(
        settings, engine, hub.holds, notices.sender if notices else None
    )
    hub.on_seat_presence.add(presence.changed)
    hub.referee.on_recorded.add(alerts.recorded)
    workers = Workers(settings)
    replays = Replays(sessions, workers, settings.replays_at_once)
    progress = Progress(replays)
    reviews = Reviews(sessions, workers)
    # The review of a game starts as this process records its last action (app.play.reviews).
    hub.referee.on_recorded.add(lambda room, before, after: reviews.recorded(after))
    records = Records(store, hub)
    lobbies = Lobbies(store, hub)
    bots = BotDriver(hub, settings.bot_delay, workers)
    hub.on_position.add(bots.poke)
    hints = Hints(hub, workers)
    hub.on_hint.add(hints.ask)
    lag = LoopLag()
    figures.watch(hub=hub, bots=bots, engine=engine, lag=lag, notices=notices)
    banner = Banner(sessions)
    await banner.load()
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
    return House(
        engine=engine,
        sessions=sessions,
        store=store,
        directory=directory,
        notices=notices,
        runner=runner,
        hub=hub,
        alerts=alerts,
        workers=workers,
        replays=replays,
        progress=progress,
        reviews=reviews,
        lobbies=lobbies,
        away=Away(store, hub),
        again=Again(store, hub),
        records=records,
        finished=Finished(store, replays=replays, progress=progress, reviews=reviews),
        bots=bots,
        hints=hints,
        lag=lag,
        banner=banner,
        admin_tables=Tables(sessions, hub, games),
        openings=Openings(settings.openings_at_once),
        tasks=(sweeper, expirer),
    )


@asynccontextmanager
async def lifespan(app: FastAPI) -> AsyncIterator[dict[str, Any]]:
    settings: Settings = app.state.settings
    # The open-file limit raised, and the connections this process holds at once below it,
    # for `tinkertable serve`'s guard (app/edge/serving.py), which reads it from this state.
    # The database's files: PostgreSQL's pool and listener, a socket each; SQLite's pool (up
    # to 15 connections), a database file and its log each: under twice POOL_SIZE either way.
    at_once = connection_room(
        settings.connections_at_once, database=2 * POOL_SIZE, workers=settings.workers
    )
    house = await build(settings, app.state.games, app.state.metrics)
    # What the routes ask for, by name.
    app.state.house = house
    for name in (
        "engine", "hub", "runner", "store", "directory", "lobbies", "away", "again", "records",
        "finished", "replays", "reviews", "alerts", "banner", "admin_tables", "openings", "bots",
        "hints", "lag",
    ):  # fmt: skip
        setattr(app.state, name, getattr(house, name))
    app.state.seats = house.directory  # the websocket's seat for a token
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
        yield {CONNECTIONS_AT_ONCE: at_once}
    finally:
        gc.unfreeze()
        gc.set_threshold(*gc_defaults)
        await house.close()


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
    errors.install(app, missing_page=pages.missing_page)
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
        async def loop_lag(
            request: Request, reset: bool = False, samples: bool = False
        ) -> dict[str, Any]:
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
    _name_the_games_in_the_api(app, list(entries))
    for entry in entries.values():  # each game's page files, from its own package
        app.mount(entry.assets, StaticFiles(directory=entry.page), name=f"static-{entry.id}")
    app.mount("/static", StaticFiles(directory=ROOT / "static"), name="static")
    app.mount("/api-docs", StaticFiles(directory=_swagger_ui_files()), name="api-docs")
    return app


def _name_the_games_in_the_api(app: FastAPI, game_ids: list[str]) -> None:
    """The API's description offers this server's game ids as the examples of a new lobby's
    `game` (the explorer at /docs, and clients generated from /openapi.json)."""
    describe = app.openapi

    def openapi() -> dict[str, Any]:
        schema = describe()
        game = schema["components"]["schemas"]["CreateLobby"]["properties"]["game"]
        game["examples"] = game_ids
        return schema

    app.openapi = openapi  # type: ignore[method-assign]


def _swagger_ui_files() -> Path:
    """Swagger UI's own files, from the swagger-ui-py package (found without importing it)."""
    spec = importlib.util.find_spec("swagger_ui")
    assert spec is not None and spec.origin is not None, "swagger-ui-py is not installed"
    return Path(spec.origin).parent / "static"


def __getattr__(name: str) -> Any:
    if name == "app":
        return create_app()
    raise AttributeError(name)
