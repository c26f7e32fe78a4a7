"""The server's VAPID key pair (RFC 8292), made by py-vapid on first start and kept in the
database: every process, and every restart, signs with the same key, so that the subscriptions
browsers made with its public key keep working.

Several processes starting at once may each make a pair: the first to insert row 1 wins, and
the others read its pair back.
"""

from __future__ import annotations

import asyncio
from typing import cast

from cryptography.hazmat.primitives import serialization
from py_vapid import Vapid, b64urlencode
from sqlalchemy import Table, select
from sqlalchemy.exc import IntegrityError
from sqlalchemy.ext.asyncio import AsyncEngine

from app.store.tables.notifications import VapidKeys

_KEYS = cast(Table, VapidKeys.__table__)
KEY_ROW = 1


def public_key_of(vapid: Vapid) -> str:
    """The public key as pages hand it to pushManager.subscribe(): the uncompressed P-256
    point, base64url without padding."""
    raw = vapid.public_key.public_bytes(
        serialization.Encoding.X962, serialization.PublicFormat.UncompressedPoint
    )
    return str(b64urlencode(raw))


async def server_keys(engine: AsyncEngine) -> tuple[Vapid, str]:
    """The server's key pair and its public key, made and stored if there is none yet."""
    async with engine.connect() as connection:
        row = (await connection.execute(select(_KEYS).where(_KEYS.c.id == KEY_ROW))).first()
    if row is None:
        made = Vapid()
        made.generate_keys()
        pem = made.private_pem().decode()
        try:
            async with engine.begin() as connection:
                await connection.execute(
                    _KEYS.insert().values(
                        id=KEY_ROW, private_pem=pem, public_key=public_key_of(made)
                    )
                )
        except IntegrityError:
            pass  # another process stored its pair first: use that one
        async with engine.connect() as connection:
            row = (await connection.execute(select(_KEYS).where(_KEYS.c.id == KEY_ROW))).one()
    vapid = Vapid.from_pem(row.private_pem.encode())
    return vapid, row.public_key


class ServerKeys:
    """The key pair, read (or made) once, when first needed: a server that starts while the
    database is away reads it later."""

    def __init__(self, engine: AsyncEngine) -> None:
        self.engine = engine
        self._pair: tuple[Vapid, str] | None = None
        self._reading = asyncio.Lock()

    async def pair(self) -> tuple[Vapid, str]:
        """The private key (for signing) and the public key (for pages)."""
        if self._pair is None:
            async with self._reading:
                if self._pair is None:
                    self._pair = await server_keys(self.engine)
        return self._pair
