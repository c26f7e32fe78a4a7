"""The banner every page shows ("Restarting at 22:00 for an update"), set on /admin.

It is kept in the database (table `site_banner`), so that every server process and a restart
see it. Each process keeps the text it last read and reads it again at most every
FRESH_SECONDS, when a page asks for it after that (never while idle): a banner set on one
process shows on the others' pages within seconds. Open pages ask `GET /api/banner` every
POLL_SECONDS (static/js/banner.js) and show a change without a reload.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
import unicodedata
from typing import Any

from sqlalchemy import delete, select
from sqlalchemy.exc import SQLAlchemyError
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker
from starlette.requests import Request

from app.edge.errors import BadInput, Invalid
from app.edge.limits import Clock
from app.store.db import unit_of_work, utcnow
from app.store.tables.banner import SiteBanner

log = logging.getLogger(__name__)

MAX_CHARACTERS = 280
FRESH_SECONDS = 5.0
POLL_SECONDS = 60
BANNER_ID = 1


def checked(text: str | None) -> str | None:
    """The banner as it will show: trimmed, None for none; BadInput/Invalid for what cannot
    be one."""
    if text is None or not text.strip():
        return None
    text = " ".join(text.split())  # one line
    if any(unicodedata.category(character) == "Cc" for character in text):
        raise BadInput("the banner may not hold control characters")
    if len(text) > MAX_CHARACTERS:
        raise Invalid(f"the banner is limited to {MAX_CHARACTERS} characters")
    return text


def page_banner(request: Request) -> dict[str, Any]:
    """What every page's template needs of the banner (templates/_banner.html)."""
    banner: Banner | None = getattr(request.app.state, "banner", None)
    return {"banner": banner.shown() if banner else None, "banner_poll_seconds": POLL_SECONDS}


class Banner:
    """One process's view of the banner. `load()` when the process starts, `close()` last."""

    def __init__(
        self,
        sessions: async_sessionmaker[AsyncSession],
        fresh_for: float = FRESH_SECONDS,
        clock: Clock = time.monotonic,
    ) -> None:
        self.sessions = sessions
        self.fresh_for = fresh_for
        self.clock = clock
        self.text: str | None = None
        self._read_at = float("-inf")
        self._reading: asyncio.Task[None] | None = None

    def shown(self) -> str | None:
        """The banner for a page being made now: the text last read, and a read in the
        background when it is older than `fresh_for`."""
        stale = self.clock() - self._read_at >= self.fresh_for
        if stale and (self._reading is None or self._reading.done()):
            self._reading = asyncio.get_running_loop().create_task(self.load(), name="banner")
        return self.text

    async def load(self) -> None:
        """Read the banner from the database (on failure the last one read stays)."""
        self._read_at = self.clock()
        try:
            async with self.sessions() as session:
                self.text = await session.scalar(select(SiteBanner.text))
        except SQLAlchemyError:
            log.warning("could not read the banner; showing the last one read", exc_info=True)

    async def set(self, text: str | None) -> str | None:
        """Show `text` on every page from now on (None or blank: no banner); the banner."""
        text = checked(text)
        await self.close()  # a read under way must not bring the old text back
        async with unit_of_work(self.sessions) as session:
            await session.execute(delete(SiteBanner))
            if text is not None:
                session.add(SiteBanner(id=BANNER_ID, text=text, updated_at=utcnow()))
        self.text, self._read_at = text, self.clock()
        log.info("the banner is now %r", text)
        return text

    async def close(self) -> None:
        if self._reading is not None:
            with contextlib.suppress(Exception):
                await self._reading
