"""Notifications put together when the server starts: the key pair, the presence writer, the
pusher and (with SMTP_URL) the mailer, hooked into the hub and the referee."""

from __future__ import annotations

import contextlib

from sqlalchemy.exc import SQLAlchemyError
from sqlalchemy.ext.asyncio import AsyncEngine

from app.config import Settings
from app.config.values import SmtpServer
from app.notify.alerts import Alerts
from app.notify.keys import ServerKeys
from app.notify.mail import Mailer
from app.notify.push import Pusher
from app.play.hub import Hub
from app.play.presence import Presence


async def start(settings: Settings, engine: AsyncEngine, hub: Hub, process: str | None) -> Alerts:
    """Notifications running, hooked into `hub`; `process` is this process's name among
    several (PostgreSQL), None when it serves alone (SQLite). Close with `Alerts.close`."""
    keys = ServerKeys(engine)
    with contextlib.suppress(SQLAlchemyError):  # else when first needed
        await keys.pair()
    presence = Presence(engine, process, hub.holds)
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
    hub.on_seat_presence = presence.changed
    hub.referee.on_recorded = alerts.recorded
    presence.start()
    alerts.start()
    return alerts
