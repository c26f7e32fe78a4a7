"""Notifications put together when the server starts: the key pair, the presence writer, the
pusher and (with SMTP_URL) the mailer. The application hands the presence writer the hub's
seat presence (`Hub.on_seat_presence`) and the alerts each recorded action
(`Referee.on_recorded`)."""

from __future__ import annotations

import contextlib
from collections.abc import Callable

from sqlalchemy.exc import SQLAlchemyError
from sqlalchemy.ext.asyncio import AsyncEngine

from app.config import Settings
from app.config.values import SmtpServer
from app.notify.alerts import Alerts
from app.notify.keys import ServerKeys
from app.notify.mail import Mailer
from app.notify.push import Pusher
from app.play.presence import Presence


async def start(
    settings: Settings,
    engine: AsyncEngine,
    holds: Callable[[str, int], bool],
    process: str | None,
) -> tuple[Alerts, Presence]:
    """Notifications running: the alerts and the presence writer they read. `holds`: whether
    a seat's connection is open in this process (`Hub.holds`); `process` is this process's
    name among several (PostgreSQL), None when it serves alone (SQLite). Close with
    `Alerts.close`."""
    keys = ServerKeys(engine)
    with contextlib.suppress(SQLAlchemyError):  # else when first needed
        await keys.pair()
    presence = Presence(engine, process, holds)
    mailer = None
    if settings.smtp_url is not None:
        server = SmtpServer.parse(settings.smtp_url.get_secret_value())
        mailer = Mailer(server, settings.smtp_from, timeout=settings.notify_timeout)
    alerts = Alerts(
        engine,
        presence,
        Pusher(timeout=settings.notify_timeout),
        keys,
        mailer,
        contact=settings.push_contact,
    )
    presence.start()
    alerts.start()
    return alerts, presence
