"""`GET /metrics`: what one server process is doing, in Prometheus' text format.

Served only when METRICS_TOKEN or METRICS_ALLOW is set (else there is no such page: 404), and
then only to a client presenting the token as `Authorization: Bearer TOKEN` (none: 401; a wrong
one: 403, and counted against the address's rate of wrong tokens, as on /admin) or calling from
an address METRICS_ALLOW names.

What is counted (all `tinkertable_`):

- `actions_total{game, outcome}`: actions offered to a game through `Hub.act`, people's and
  bots' alike; `outcome` is "accepted" or the refusal's error code ("illegal", "stale", ...);
- `action_seconds{game}`: how long `Hub.act` took, checking, recording (the commit) and
  publishing included;
- `sockets_open`, `rooms`: websockets open and rooms held, read when scraped;
- `lobby_calls_total{method, status}`: HTTP calls under /api/lobbies by answer status;
- `bot_decisions_total{game, level}` and `bot_decision_seconds{game, level}`: the bots'
  decisions and their time (a good bot's in a worker process, waited for here);
- `database_errors_total{error}`: errors the database driver raised, by class;
- `notices_received_total{kind, sender}` and `notices_sent_total{kind}`: the notices between
  processes on one PostgreSQL database (app/play/notices.py), `kind` "action" or "lobby",
  `sender` "this" (a process hears its own, on its own lobbies' channels) or "other"; and
  `notice_channels`, the lobbies' channels it listens on (none on SQLite);
- `event_loop_lag_seconds{quantile}`: how late the event loop ran (app/play/lag.py) over its
  latest samples: 0.5, 0.99 and 1 (the worst);
- prometheus-client's `process_*`: this process's CPU, memory, open files, start time.

One process, one set of figures: every server process keeps its own, from its own start, and
answers with them alone. Run several processes (`--workers N` shares one port) and a scrape
reaches whichever process takes the connection, so give each process a port of its own and
scrape each as its own target (Prometheus adds the `instance` label); sum them in queries.

Cheap on the hot path: per action, one listener call, a dict lookup of the game's cached metric
children, one counter increment and one histogram observation. Everything else is read when
scraped.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass
from functools import partial
from ipaddress import ip_address
from typing import TYPE_CHECKING, Any

from fastapi import FastAPI, Request, Response
from prometheus_client import (
    CONTENT_TYPE_LATEST,
    CollectorRegistry,
    Counter,
    Histogram,
    ProcessCollector,
    disable_created_metrics,
    generate_latest,
)
from prometheus_client.core import CounterMetricFamily, GaugeMetricFamily
from prometheus_client.registry import Collector
from sqlalchemy import event
from sqlalchemy.engine import ExceptionContext
from sqlalchemy.ext.asyncio import AsyncEngine
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from app.auth import Bearer, BearerNeeded, WrongTokens
from app.config import Settings
from app.edge.errors import Forbidden
from app.play.notices import ACTION, LOBBY

if TYPE_CHECKING:
    from app.play.bots import BotDriver, Turn
    from app.play.hub import Hub
    from app.play.lag import LoopLag
    from app.play.notices import Notices
    from app.play.referee import Refusal
    from app.play.rooms import Room
    from app.play.runner import Position

PREFIX = "tinkertable"
LOBBY_CALLS = "/api/lobbies"
# Seconds: an action takes milliseconds (a commit), a bad moment a second or more.
ACTION_BUCKETS = (0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0)
# A good bot thinks for tens of milliseconds, in a worker that may be busy.
BOT_BUCKETS = (0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 10.0)
LAG_QUANTILES = (0.5, 0.99, 1.0)

# prometheus_client's switch, typed (it has no annotations).
_disable_created: Callable[[], None] = disable_created_metrics


def enabled(settings: Settings) -> bool:
    """Whether /metrics exists: a token or an address to serve it to is set."""
    return settings.metrics_token is not None or bool(settings.metrics_allow)


@dataclass(frozen=True)
class _GameChildren:
    """One game's metric children, made once (label values are looked up once per game)."""

    accepted: Any
    latency: Any


class Metrics:
    """One server process's figures (its own registry: several apps in one process, as in the
    tests, never share one)."""

    def __init__(self, *, counting: bool = True) -> None:
        # False: nobody can read the figures (no /metrics), so nothing is heard or counted.
        self.counting = counting
        _disable_created()  # no `_created` series beside each counter: noise here
        self.registry = CollectorRegistry()
        ProcessCollector(registry=self.registry)
        metric = partial(_named, registry=self.registry)
        self.actions = metric(Counter, "actions", "Actions offered to a game", ["game", "outcome"])
        self.action_seconds = metric(
            Histogram, "action_seconds", "Time to check, record and publish an action",
            ["game"], buckets=ACTION_BUCKETS,
        )  # fmt: skip
        self.lobby_calls = metric(
            Counter, "lobby_calls", "HTTP calls under /api/lobbies", ["method", "status"]
        )
        self.bot_decisions = metric(
            Counter, "bot_decisions", "Decisions the bots made", ["game", "level"]
        )
        self.bot_seconds = metric(
            Histogram, "bot_decision_seconds", "Time a bot took to decide",
            ["game", "level"], buckets=BOT_BUCKETS,
        )  # fmt: skip
        self.database_errors = metric(
            Counter, "database_errors", "Errors the database driver raised", ["error"]
        )
        self._games: dict[str, _GameChildren] = {}
        self._children: dict[tuple[Any, ...], Any] = {}
        self._live: _Live | None = None

    # --- the hooks (app.main's lifespan calls `watch` once the parts exist) ---

    def watch(
        self,
        *,
        hub: Hub,
        bots: BotDriver,
        engine: AsyncEngine,
        lag: LoopLag,
        notices: Notices | None = None,
    ) -> None:
        """Count what `hub`, `bots` and `engine` do (as one of their listeners), and read the
        rest when scraped (the notices' own counts among it)."""
        if not self.counting:
            return
        hub.on_act.add(self.acted)
        bots.on_choice.add(self.chosen)
        self.count_database_errors(engine)
        if self._live is None:
            self._live = _Live(hub, lag, notices)
            self.registry.register(self._live)
        else:  # the app started again (tests): read the new parts
            self._live.hub, self._live.lag, self._live.notices = hub, lag, notices

    def count_database_errors(self, engine: AsyncEngine) -> None:
        event.listen(engine.sync_engine, "handle_error", self._database_error)

    def _game(self, game: str) -> _GameChildren:
        children = self._games.get(game)
        if children is None:
            children = self._games[game] = _GameChildren(
                self.actions.labels(game, "accepted"), self.action_seconds.labels(game)
            )
        return children

    def _child(self, metric: Any, *labels: str) -> Any:
        key = (id(metric), *labels)
        child = self._children.get(key)
        if child is None:
            child = self._children[key] = metric.labels(*labels)
        return child

    def acted(self, room: Room, refused: Refusal | None, seconds: float) -> None:
        """An action offered through `Hub.act`, refused or not, and the time it took."""
        game = room.info.public["game"]
        children = self._games.get(game) or self._game(game)
        if refused is None:
            children.accepted.inc()
        else:
            self._child(self.actions, game, refused.code).inc()
        children.latency.observe(seconds)

    def chosen(self, position: Position, turn: Turn, seconds: float) -> None:
        """A bot's decision, and the time it took."""
        labels = (position.game.id, turn.bot.level)
        self._child(self.bot_decisions, *labels).inc()
        self._child(self.bot_seconds, *labels).observe(seconds)

    def _database_error(self, context: ExceptionContext) -> None:
        self._child(self.database_errors, type(context.original_exception).__name__).inc()

    def lobby_call(self, method: str, status: int) -> None:
        self._child(self.lobby_calls, method, str(status)).inc()

    def exposition(self) -> bytes:
        return generate_latest(self.registry)


def _named(kind: type, name: str, documentation: str, labels: list[str], **kwargs: Any) -> Any:
    return kind(f"{PREFIX}_{name}", documentation, labels, **kwargs)


class _Live(Collector):
    """What is read when scraped: sockets, rooms, notices, the event loop's lag."""

    def __init__(self, hub: Hub, lag: LoopLag, notices: Notices | None) -> None:
        self.hub = hub
        self.lag = lag
        self.notices = notices

    def collect(self) -> Iterator[GaugeMetricFamily | CounterMetricFamily]:
        rooms = list(self.hub.rooms.values())
        yield GaugeMetricFamily(
            f"{PREFIX}_sockets_open",
            "Websockets open to this process",
            value=sum(len(room.connections) for room in rooms),
        )
        yield GaugeMetricFamily(f"{PREFIX}_rooms", "Rooms this process holds", value=len(rooms))
        yield from self._notices()
        lag = GaugeMetricFamily(
            f"{PREFIX}_event_loop_lag_seconds",
            "How late the event loop ran, over its latest samples",
            labels=["quantile"],
        )
        ordered = sorted(self.lag.samples)
        if ordered:
            for quantile in LAG_QUANTILES:
                index = min(len(ordered) - 1, max(0, round(quantile * len(ordered)) - 1))
                lag.add_metric([str(quantile)], ordered[index])
        yield lag

    def _notices(self) -> Iterator[GaugeMetricFamily | CounterMetricFamily]:
        notices = self.notices
        received = CounterMetricFamily(
            f"{PREFIX}_notices_received",
            "Notices from the processes on the database (this one's own too)",
            labels=["kind", "sender"],
        )
        sent = CounterMetricFamily(
            f"{PREFIX}_notices_sent", "Notices sent to the other processes", labels=["kind"]
        )
        for kind in (ACTION, LOBBY):
            for sender in ("this", "other"):
                count = notices.received[kind, sender] if notices is not None else 0
                received.add_metric([kind, sender], count)
            sent.add_metric([kind], notices.sent[kind] if notices is not None else 0)
        yield received
        yield sent
        yield GaugeMetricFamily(
            f"{PREFIX}_notice_channels",
            "Lobbies' channels this process listens on",
            value=len(notices.held) if notices is not None else 0,
        )


class LobbyCallsMiddleware:
    """Counts the HTTP calls under /api/lobbies by method and answer status."""

    def __init__(self, app: ASGIApp, metrics: Metrics) -> None:
        self.app = app
        self.metrics = metrics

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http" or not scope["path"].startswith(LOBBY_CALLS):
            await self.app(scope, receive, send)
            return

        async def send_counted(message: Message) -> None:
            if message["type"] == "http.response.start":
                self.metrics.lobby_call(scope["method"], message["status"])
            await send(message)

        await self.app(scope, receive, send_counted)


def install(app: FastAPI, settings: Settings, wrong_tokens: WrongTokens) -> Metrics:
    """The process's metrics; when `enabled(settings)`, counting, and `/metrics`."""
    metrics = Metrics(counting=enabled(settings))
    if not metrics.counting:
        return metrics
    app.add_middleware(LobbyCallsMiddleware, metrics=metrics)
    bearer = Bearer(settings.metrics_token, wrong_tokens)

    @app.get("/metrics", include_in_schema=False)
    async def metrics_page(request: Request) -> Response:
        """The figures, for an allowed address or the bearer of METRICS_TOKEN."""
        if not _allowed_address(request, settings):
            if settings.metrics_token is None:
                raise Forbidden("your address may not read the metrics")
            if not bearer.check(request):
                raise BearerNeeded("the metrics need METRICS_TOKEN as a bearer token")
        return Response(metrics.exposition(), media_type=CONTENT_TYPE_LATEST)

    return metrics


def _allowed_address(request: Request, settings: Settings) -> bool:
    if not settings.metrics_allow or request.client is None:
        return False
    try:
        address = ip_address(request.client.host)
    except ValueError:
        return False
    if address.version == 6 and address.ipv4_mapped is not None:
        address = address.ipv4_mapped
    return any(address in network for network in settings.metrics_allow)
