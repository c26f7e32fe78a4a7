"""Settings, read from the environment (prefix-free names, as in the README's table)."""

from __future__ import annotations

import os
from ipaddress import IPv4Network, IPv6Network, ip_network
from pathlib import Path
from typing import Annotated, Any, Literal
from urllib.parse import urlsplit

from dotenv import dotenv_values
from pydantic import BeforeValidator, Field, SecretStr, field_validator, model_validator
from pydantic_settings import BaseSettings, NoDecode, SettingsConfigDict

from app.config.values import Origin, Rate, SmtpServer

ROOT = Path(__file__).resolve().parents[2]
DEVELOPMENT_SECRET = "development-only-secret"
# The fewest characters METRICS_TOKEN and ADMIN_TOKEN may have.
MIN_TOKEN_LENGTH = 16


def _rate(value: Any) -> Any:
    return Rate.parse(value) if isinstance(value, str) else value


# A rate written "N/second", "N/minute", "N/hour" or "N/day": up to N at once, then N per period.
RateSetting = Annotated[Rate, NoDecode, BeforeValidator(_rate)]


def _origins(value: Any) -> Any:
    """Origins written `https://games.example.com,http://192.168.1.5:8000`, as `str(Origin)`."""
    if isinstance(value, str):
        value = [part for part in value.split(",") if part.strip()]
    if not isinstance(value, list | tuple | set | frozenset):
        return value
    origins = set()
    for text in value:
        origin = Origin.parse(text) if isinstance(text, str) else None
        if origin is None or _more_than_an_origin(text):
            raise ValueError(f"an origin is written scheme://host[:port], not {text!r}")
        origins.add(str(origin))
    return frozenset(origins)


def _more_than_an_origin(text: str) -> bool:
    url = urlsplit(text.strip())
    return url.path not in ("", "/") or bool(url.query or url.fragment or url.username)


# Origins separated by commas.
OriginsSetting = Annotated[frozenset[str], NoDecode, BeforeValidator(_origins)]


def _networks(value: Any) -> Any:
    """Addresses and networks written `127.0.0.1,10.0.0.0/8,::1`."""
    if isinstance(value, str):
        value = [part.strip() for part in value.split(",") if part.strip()]
    if not isinstance(value, list | tuple | set | frozenset):
        return value
    try:
        return tuple(ip_network(str(part).strip(), strict=False) for part in value)
    except ValueError as error:
        raise ValueError(f"addresses are written 127.0.0.1 or 10.0.0.0/8: {error}") from None


# IP addresses and networks separated by commas.
NetworksSetting = Annotated[
    tuple[IPv4Network | IPv6Network, ...], NoDecode, BeforeValidator(_networks)
]


class Settings(BaseSettings):
    model_config = SettingsConfigDict(env_file=".env", extra="ignore")

    environment: Literal["development", "production"] = "development"
    database_url: str = f"sqlite+aiosqlite:///{ROOT / 'tinkertable.db'}"
    secret_key: str = DEVELOPMENT_SECRET
    host: str = "127.0.0.1"
    port: int = Field(default=8000, ge=1, le=65535)
    # How many recent patches each game keeps for clients that reconnect with since=N.
    patch_buffer: int = Field(default=200, ge=0, le=10_000)
    # How many recent chat lines a newly connected client receives.
    chat_history: int = Field(default=50, ge=0, le=1000)
    # Seconds a bot waits before each of its actions, so that people can follow (tests: 0).
    bot_delay: float = Field(default=0.8, ge=0, le=60)
    # "Play again": minutes the next lobby keeps the seats of the last game's players for them
    # before anyone else may take them; 0 keeps none.
    held_seat_minutes: float = Field(default=10, ge=0, le=24 * 60)
    # Bring the database up to date when the server starts.
    migrate_on_start: bool = True
    log_level: str = "info"
    # Worker processes (app/play/workers.py) for the work that would stall the event loop: the
    # good bots' decisions and the steps of replays. Each server process has its own.
    workers: int = Field(default=1, ge=1, le=64)
    # Replay steps computed at once by one server process (one per client address); past it,
    # 429 `too_many` with Retry-After.
    replays_at_once: int = Field(default=4, ge=1, le=1000)
    # Tables being opened at once by one server process (lobby calls, and a socket's seat
    # lookup and join: app/edge/admission.py); the others wait their turn, so that moves never
    # wait behind a crowd of openings. 0: no limit. Measured with `compare 250 2 20`: 4 held
    # the moves' p99 to 31 ms where no limit let it reach 72 ms, for 2% fewer moves.
    openings_at_once: int = Field(default=4, ge=0, le=10000)
    # GET /api/debug/lag: how late the event loop runs (app/play/lag.py), for load tests such
    # as scripts/bench_mixed.py; off: 404.
    debug_lag: bool = False
    # A host's own printed components for a game that allows them (a card list, maps): a JSON
    # file named by the setting the game's entry names (app/games/entry.py `Components`, e.g.
    # NERDY_INVENTIONS_CARDS), read through `component_file`; unset: our stand-ins. Given here
    # by setting name when the settings are made in code.
    components: dict[str, Path] = Field(default_factory=dict)

    # Pages of these origins (besides the server's own, as its Host or a proxy's X-Forwarded-Host
    # and X-Forwarded-Proto name it) may open websockets and write to the API
    # (app/edge/security.py):
    # for a proxy that passes on neither the browser's Host nor X-Forwarded-Host.
    allowed_origins: OriginsSetting = frozenset()

    # --- limits (app/edge/limits.py). Rates are per address (IPv6: per /64), as uvicorn reports it
    # (behind a trusted proxy, its X-Forwarded-For), or per websocket; past one, an HTTP call
    # gets 429 `too_many` with Retry-After, a websocket message an `error` `too_many`.
    # Rate limits on or off. Off only for load tests that play hundreds of games from one
    # address (scripts/bench.py); the message size and connection caps stay either way.
    rate_limits: bool = True
    # Lobbies one address may create (POST /api/lobbies).
    limit_lobby_creation: RateSetting = Rate(100, 3600)
    # Lobbies one address may join (POST /api/lobbies/{code}/players).
    limit_lobby_joins: RateSetting = Rate(60, 60)
    # Lobby lookups by one address: every call on /api/lobbies/{code} and what is under it
    # (reads, start, options, bots, players, away-bot, again; joins have their own rate), the
    # lobby and replay pages, and websocket connections (refused with close 4429).
    limit_lobby_lookups: RateSetting = Rate(300, 60)
    # Actions one websocket may send, and one address over all its websockets.
    limit_socket_actions: RateSetting = Rate(600, 60)
    limit_address_actions: RateSetting = Rate(1200, 60)
    # Chat lines one websocket may send, and one address over all its websockets.
    limit_socket_chat: RateSetting = Rate(30, 60)
    limit_address_chat: RateSetting = Rate(60, 60)
    # `sync` messages one websocket may send, and one address over all its websockets, that
    # the server must answer (patches or a snapshot; one at the current seq costs nothing and
    # counts only as a message); past either the socket is closed (4429) and its page
    # reconnects with since=N. A page syncs only after a gap in the patches, which normal play
    # never makes, so it never meets these; a flood of them is held to a few snapshots a
    # second (each about 0.7 ms of the server's time and up to 25 KB: measured, issue #34).
    limit_socket_syncs: RateSetting = Rate(4, 1)
    limit_address_syncs: RateSetting = Rate(10, 1)
    # Messages of any kind one websocket may send; past it the socket is closed (4429).
    limit_socket_messages: RateSetting = Rate(1800, 60)
    # Websockets one lobby takes (in each server process): past it spectators are refused
    # (close 4429); players are not, up to `seat_connections` sockets each.
    lobby_connections: int = Field(default=200, ge=1, le=100_000)
    seat_connections: int = Field(default=8, ge=1, le=1000)
    # --- connections, in `tinkertable serve` (app/edge/serving.py). Seconds a connection has to
    # send a whole request (headers and body) after it opens or after its last answer; then it is
    # closed. A request being answered, and a websocket once open, are not timed.
    request_timeout: float = Field(default=10, gt=0, le=3600)
    # Connections (HTTP and websockets) one address may hold open in each server process; past
    # it a new one is closed at once. 0: no cap. Not applied to the proxies trusted in
    # FORWARDED_ALLOW_IPS (every client behind one shares its address), nor with
    # RATE_LIMITS=false (load tests open thousands of sockets from one address).
    connections_per_address: int = Field(default=256, ge=0, le=1_000_000)
    # Connections (HTTP and websockets) one server process holds at once, in all; past it the one
    # idle longest gives way to a new one, or with none idle the new one is answered 503
    # (app/edge/capacity.py). 0: as many as the open-file limit allows, less the files kept for
    # the database, the workers and the refusals (app/edge/open_files.py); a number above that
    # is lowered to it.
    connections_at_once: int = Field(default=0, ge=0, le=10_000_000)

    # --- old games (app/lobby/expiry.py): lobbies are deleted, with their players, game, actions
    # and chat, this many days after their last activity; 0 keeps them forever.
    # Finished games (kept for their replays): days after the end.
    expire_finished_days: float = Field(default=30, ge=0)
    # Lobbies that never started: days after anyone last joined, chatted or changed an option.
    expire_open_days: float = Field(default=7, ge=0)
    # Games nobody finished: days after the last action or chat line.
    expire_abandoned_days: float = Field(default=30, ge=0)
    # Seconds between two clean-ups, and lobbies deleted per transaction.
    expiry_interval: float = Field(default=3600, gt=0)
    expiry_batch: int = Field(default=100, ge=1, le=10_000)

    # --- "Your turn" for people who are not looking (app/notify/). Web Push needs no setting:
    # the server makes its key pair on first start and keeps it in the database.
    # Email: the host's SMTP server, `smtp://user:pass@host:587` (STARTTLS, required),
    # `smtps://user:pass@host:465` (TLS from the start), or `smtp://host:25?tls=none` (plain,
    # for a relay on the same machine). Unset: no email, and the page offers none.
    smtp_url: SecretStr | None = None
    # The sender of those emails, e.g. `Tinkertable <games@example.org>`.
    smtp_from: str = "Tinkertable <tinkertable@localhost>"
    # Who push services may contact about our messages (the VAPID `sub`): `mailto:` or
    # `https:`. Unset: the address of SMTP_FROM, else the page's https origin.
    push_contact: str | None = None
    # Seconds one push message or one email may take before it is given up.
    notify_timeout: float = Field(default=10, gt=0, le=120)

    # --- the owner's view (app/ops/metrics.py, app/admin/, app/edge/logs.py).
    # GET /metrics (Prometheus) answers a client presenting this as `Authorization: Bearer`...
    metrics_token: SecretStr | None = None
    # ... or one from these addresses (as uvicorn reports it: behind a trusted proxy, its
    # X-Forwarded-For). With neither setting /metrics does not exist (404).
    metrics_allow: NetworksSetting = ()
    # The owner's page /admin, for whoever presents this token (a script: `Authorization:
    # Bearer`; a browser: its sign-in form). Unset: the page does not exist (404).
    admin_token: SecretStr | None = None
    # Wrong tokens one address may present to /admin and /metrics; past it 429 `too_many`.
    limit_admin_sign_ins: RateSetting = Rate(10, 60)
    # "text" (uvicorn's lines) or "json": one JSON object per log line.
    log_format: Literal["text", "json"] = "text"

    @model_validator(mode="after")
    def _secret_outside_development(self) -> Settings:
        if self.environment != "development" and self.secret_key in ("", DEVELOPMENT_SECRET):
            raise ValueError("SECRET_KEY must be set to a random value outside development")
        return self

    def component_file(self, setting: str) -> Path | None:
        """The file of a host's components that `setting` names (given in code, else the
        environment or the .env file), or None: our stand-ins."""
        if setting in self.components:
            return self.components[setting]
        value = os.environ.get(setting)
        env_file = self.model_config.get("env_file")
        if value is None and isinstance(env_file, str):
            value = dotenv_values(env_file).get(setting)
        return Path(value) if value else None

    @field_validator("smtp_url", "push_contact", mode="before")
    @classmethod
    def _blank_is_unset(cls, value: Any) -> Any:
        text = value.get_secret_value() if isinstance(value, SecretStr) else value
        return None if isinstance(text, str) and not text.strip() else value

    @field_validator("smtp_url")
    @classmethod
    def _smtp_url(cls, value: SecretStr | None) -> SecretStr | None:
        """Refused at start, in words that never repeat the URL (it may hold a password)."""
        if value is not None:
            SmtpServer.parse(value.get_secret_value())
        return value

    @field_validator("metrics_token", "admin_token", mode="before")
    @classmethod
    def _token(cls, value: Any) -> Any:
        """A blank token is no token; a set one is long enough not to be guessed."""
        text = value.get_secret_value() if isinstance(value, SecretStr) else value
        if isinstance(text, str) and not text.strip():
            return None
        if isinstance(text, str) and len(text.strip()) < MIN_TOKEN_LENGTH:
            raise ValueError(
                f"a token must have at least {MIN_TOKEN_LENGTH} characters"
                " (make one with `openssl rand -hex 24`)"
            )
        return text.strip() if isinstance(text, str) else value

    @property
    def is_sqlite(self) -> bool:
        return self.database_url.startswith("sqlite")
