"""The table page's calls to switch "Your turn" messages on and off for its seat: a browser's
push subscription, and an email address (when the host set SMTP_URL).

Every call needs the seat's token (header or the lobby's cookie), like the lobby calls, and
counts as a lobby lookup against the address's rate (app/edge/limits.py). An endpoint or an address
is told to nobody: the answers say how many subscriptions the seat has and its own address to
its own token, nothing of anyone else's.
"""

from __future__ import annotations

import base64
import binascii
from typing import Annotated, Any, cast

from fastapi import APIRouter, Depends, Header, Request
from fastapi.responses import FileResponse
from pydantic import BaseModel, ConfigDict, Field
from sqlalchemy import Table, delete, func, insert, select, update
from sqlalchemy.exc import IntegrityError

from app.config import ROOT
from app.edge.error_codes import ErrorCode
from app.edge.errors import BadInput, Conflict, Unauthorized
from app.lobby.router import BoundedRoute, DirectoryDep, LobbiesDep, token_from
from app.lobby.schemas import ERROR_RESPONSES
from app.notify.alerts import Alerts
from app.notify.mail import plausible_address
from app.status import Status
from app.store.tables.notifications import EmailAddress, PushSubscription

router = APIRouter(prefix="/api", responses=ERROR_RESPONSES, route_class=BoundedRoute)
# The service worker, at the top of the site so that its scope covers every table page.
worker = APIRouter(include_in_schema=False)
SERVICE_WORKER = ROOT / "static" / "js" / "sw.js"

_PUSH = cast(Table, PushSubscription.__table__)
_EMAIL = cast(Table, EmailAddress.__table__)
# Subscriptions one seat keeps (its browsers); a new one past it replaces the oldest.
MAX_SUBSCRIPTIONS = 10


class _Body(BaseModel):
    model_config = ConfigDict(extra="forbid")


class PushKeys(BaseModel):
    p256dh: Annotated[str, Field(min_length=80, max_length=100)]
    auth: Annotated[str, Field(min_length=16, max_length=32)]


class PushSubscriptionIn(BaseModel):
    """A browser's PushSubscription, as its toJSON() gives it."""

    model_config = ConfigDict(extra="ignore")  # expirationTime, and what browsers add later
    endpoint: Annotated[str, Field(min_length=12, max_length=2000)]
    keys: PushKeys


class EndpointIn(_Body):
    endpoint: Annotated[str, Field(min_length=1, max_length=2000)]


class EmailIn(_Body):
    address: Annotated[str, Field(min_length=3, max_length=254)]


class NotifyOut(BaseModel):
    key: str = Field(description="the server's VAPID public key, for pushManager.subscribe()")
    push: int = Field(description="how many browsers this seat has subscribed")
    email_offered: bool = Field(description="whether this server sends email (SMTP_URL)")
    email: str | None = Field(description="the address this seat left for this game")


async def _alerts(request: Request) -> Alerts:
    alerts: Alerts = request.app.state.alerts
    return alerts


AlertsDep = Annotated[Alerts, Depends(_alerts)]


async def _player(
    code: str,
    request: Request,
    lobbies: LobbiesDep,
    directory: DirectoryDep,
    authorization: Annotated[str | None, Header()] = None,
) -> int:
    """The id of the token's player in this lobby, while its game may still turn to them."""
    token = token_from(request, code, authorization)
    if not token:
        raise Unauthorized("this needs the player's token", code=ErrorCode.NO_TOKEN)
    player = await directory.player_for_token(code, token)
    if player is None:
        raise Unauthorized("unknown token for this lobby", code=ErrorCode.UNKNOWN_TOKEN)
    lobby = await lobbies.describe(code)
    if lobby["status"] == Status.FINISHED:
        raise Conflict("the game is over", code=ErrorCode.NOT_PLAYING)
    return int(player["id"])


PlayerDep = Annotated[int, Depends(_player)]


def _origin(request: Request) -> str:
    """The page's origin as the server was reached (a proxy's Host and scheme): the links'."""
    return str(request.base_url).rstrip("/")[:300]


def _key_bytes(text: str) -> bytes:
    try:
        return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))
    except (binascii.Error, ValueError):
        return b""


async def _upsert(alerts: Alerts, table: Table, where: Any, row: dict[str, Any]) -> None:
    """The row that `where` finds, changed to `row`, or `row` added; when the same call comes
    twice at once, the second changes the row the first added."""
    for _attempt in range(2):
        try:
            async with alerts.engine.begin() as connection:
                changed = await connection.execute(update(table).where(where).values(row))
                if changed.rowcount == 0:
                    await connection.execute(insert(table).values(row))
            return
        except IntegrityError:
            continue


async def _answer(alerts: Alerts, player_id: int) -> dict[str, Any]:
    async with alerts.engine.connect() as connection:
        pushes = await connection.scalar(
            select(func.count()).select_from(_PUSH).where(_PUSH.c.player_id == player_id)
        )
        email = await connection.scalar(
            select(_EMAIL.c.address).where(_EMAIL.c.player_id == player_id)
        )
    _vapid, public_key = await alerts.keys.pair()
    return {
        "key": public_key,
        "push": pushes or 0,
        "email_offered": alerts.mailer is not None,
        "email": email,
    }


@router.get("/lobbies/{code}/notify", response_model=NotifyOut)
async def notify_status(alerts: AlertsDep, player_id: PlayerDep) -> dict[str, Any]:
    """The server's push key, and how this seat is told of its turns."""
    return await _answer(alerts, player_id)


@router.put("/lobbies/{code}/notify/push", response_model=NotifyOut)
async def subscribe(
    body: PushSubscriptionIn, request: Request, alerts: AlertsDep, player_id: PlayerDep
) -> dict[str, Any]:
    """This browser's push subscription, for this seat's turns in this game."""
    refusal = alerts.endpoint_refusal(body.endpoint)
    if refusal is not None:
        raise BadInput(refusal)
    p256dh, auth = _key_bytes(body.keys.p256dh), _key_bytes(body.keys.auth)
    if len(p256dh) != 65 or p256dh[0] != 4 or len(auth) != 16:
        raise BadInput("the subscription's keys are not a P-256 key and a 16-byte secret")
    row = {
        "player_id": player_id,
        "endpoint": body.endpoint,
        "p256dh": body.keys.p256dh,
        "auth": body.keys.auth,
        "origin": _origin(request),
    }
    mine = (_PUSH.c.player_id == player_id) & (_PUSH.c.endpoint == body.endpoint)
    await _upsert(alerts, _PUSH, mine, row)
    async with alerts.engine.begin() as connection:
        oldest = (
            select(_PUSH.c.id)
            .where(_PUSH.c.player_id == player_id)
            .order_by(_PUSH.c.id.desc())
            .offset(MAX_SUBSCRIPTIONS)
        )
        await connection.execute(delete(_PUSH).where(_PUSH.c.id.in_(oldest)))
    return await _answer(alerts, player_id)


@router.delete("/lobbies/{code}/notify/push", response_model=NotifyOut)
async def unsubscribe(body: EndpointIn, alerts: AlertsDep, player_id: PlayerDep) -> dict[str, Any]:
    """This browser no longer wants this seat's turns (its endpoint in the body)."""
    async with alerts.engine.begin() as connection:
        await connection.execute(
            delete(_PUSH).where(_PUSH.c.player_id == player_id, _PUSH.c.endpoint == body.endpoint)
        )
    return await _answer(alerts, player_id)


@router.put("/lobbies/{code}/notify/email", response_model=NotifyOut)
async def leave_address(
    body: EmailIn, request: Request, alerts: AlertsDep, player_id: PlayerDep
) -> dict[str, Any]:
    """An address for this seat's turns in this game (replacing the one it left before)."""
    if alerts.mailer is None:
        raise Conflict("this server sends no email", code=ErrorCode.NO_EMAIL)
    address = plausible_address(body.address)
    if address is None:
        raise BadInput("that does not look like an email address")
    row = {"player_id": player_id, "address": address, "origin": _origin(request)}
    await _upsert(alerts, _EMAIL, _EMAIL.c.player_id == player_id, row)
    return await _answer(alerts, player_id)


@router.delete("/lobbies/{code}/notify/email", response_model=NotifyOut)
async def remove_address(alerts: AlertsDep, player_id: PlayerDep) -> dict[str, Any]:
    """The seat's address is deleted at once."""
    async with alerts.engine.begin() as connection:
        await connection.execute(delete(_EMAIL).where(_EMAIL.c.player_id == player_id))
    return await _answer(alerts, player_id)


@worker.get("/sw.js")
async def service_worker() -> FileResponse:
    """The service worker that shows a turn's push message and opens its game on a click."""
    return FileResponse(
        SERVICE_WORKER, media_type="text/javascript", headers={"Cache-Control": "no-cache"}
    )
