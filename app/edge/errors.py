"""Domain errors, raised anywhere, mapped to HTTP and websocket errors in one place."""

from __future__ import annotations

import contextlib
import json
import logging
from collections.abc import Awaitable, Callable
from typing import Any

from fastapi import FastAPI, Request, WebSocket
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse, Response
from sqlalchemy.exc import (
    DisconnectionError,
    InterfaceError,
    OperationalError,
    SQLAlchemyError,
)
from sqlalchemy.exc import TimeoutError as PoolTimeout
from starlette.exceptions import HTTPException as StarletteHTTPException
from starlette.routing import Match
from starlette.websockets import WebSocketState

from app.edge.error_codes import ErrorCode
from app.games.core import GameError

log = logging.getLogger(__name__)


class DomainError(Exception):
    status = 400
    code: str = ErrorCode.BAD_REQUEST

    def __init__(self, message: str, *, code: str | None = None) -> None:
        super().__init__(message)
        self.message = message
        if code is not None:
            self.code = code

    def to_json(self) -> dict[str, Any]:
        return {"error": self.code, "message": self.message}

    def headers(self) -> dict[str, str] | None:
        """HTTP headers the answer carries besides the JSON body."""
        return None


class BadInput(DomainError):
    status, code = 400, ErrorCode.BAD_INPUT


class Unauthorized(DomainError):
    status, code = 401, ErrorCode.UNAUTHORIZED


class Forbidden(DomainError):
    status, code = 403, ErrorCode.FORBIDDEN


class NotFound(DomainError):
    status, code = 404, ErrorCode.NOT_FOUND


class Conflict(DomainError):
    status, code = 409, ErrorCode.CONFLICT


class TooLarge(DomainError):
    status, code = 413, ErrorCode.TOO_LARGE


class Invalid(DomainError):
    status, code = 422, ErrorCode.INVALID


class TooMany(DomainError):
    status, code = 429, ErrorCode.TOO_MANY

    def __init__(self, message: str, *, retry_after: int = 1) -> None:
        super().__init__(f"{message}; try again in {retry_after} s")
        self.retry_after = retry_after

    def headers(self) -> dict[str, str] | None:
        return {"Retry-After": str(self.retry_after)}


class Unavailable(DomainError):
    status, code = 503, ErrorCode.UNAVAILABLE


def from_game_error(error: GameError) -> DomainError:
    """A rules engine's refusal, as the domain error the protocol reports."""
    return Conflict(str(error), code=error.code)


_STATUS_CODES = {
    400: ErrorCode.BAD_INPUT,
    401: ErrorCode.UNAUTHORIZED,
    403: ErrorCode.FORBIDDEN,
    404: ErrorCode.NOT_FOUND,
    405: ErrorCode.METHOD_NOT_ALLOWED,
    409: ErrorCode.CONFLICT,
    413: ErrorCode.TOO_LARGE,
    422: ErrorCode.INVALID,
    429: ErrorCode.TOO_MANY,
}


def _validation_message(error: RequestValidationError) -> str:
    parts = []
    for item in error.errors()[:5]:
        if item.get("type") == "json_invalid":
            reason = item.get("ctx", {}).get("error", "JSON decode error")
            parts.append(f"the body is not valid JSON: {reason}")
            continue
        where = ".".join(str(part) for part in item.get("loc", ()) if part != "body")
        parts.append(f"{where}: {item.get('msg', 'invalid')}" if where else item.get("msg", ""))
    return "; ".join(parts) or "invalid request"


# Database errors that mean it could not be reached (refused, cut off, timed out, no
# connection free), not that the request was wrong: 503 `unavailable`, as on the websocket.
# (app.store.db turns asyncpg's plain OSErrors into OperationalError.)
DATABASE_UNAVAILABLE = Unavailable("the database is unavailable; try again")


# The websocket close code for "the server cannot serve you now; try again later" (RFC 6455).
CLOSE_TRY_AGAIN_LATER = 1013


async def _refuse_socket(websocket: WebSocket, error: DomainError) -> None:
    """A websocket the server could not serve (say, while opening it): the protocol's `error`
    message, then a close that tells the client to try again later. An HTTP answer is no
    use once the socket is open."""
    message = {"type": "error", **error.to_json(), "ref": None}
    with contextlib.suppress(Exception):  # the client may be gone already
        if websocket.application_state == WebSocketState.CONNECTED:
            await websocket.send_text(json.dumps(message))
        await websocket.close(CLOSE_TRY_AGAIN_LATER, reason=error.message)


# The page a browser gets for an address with nothing there (the site's, given by app/main.py).
MissingPage = Callable[[Request], Awaitable[Response]]


def install(app: FastAPI, missing_page: MissingPage | None = None) -> None:
    """Map every error to the protocol's JSON form {"error": CODE, "message": TEXT}; a browser
    asking for a page that is not there gets `missing_page` instead."""

    @app.exception_handler(DomainError)
    async def _domain(request: Request, error: DomainError) -> JSONResponse:
        return JSONResponse(error.to_json(), status_code=error.status, headers=error.headers())

    @app.exception_handler(GameError)
    async def _game(request: Request, error: GameError) -> JSONResponse:
        mapped = from_game_error(error)
        return JSONResponse(mapped.to_json(), status_code=mapped.status)

    @app.exception_handler(RequestValidationError)
    async def _invalid(request: Request, error: RequestValidationError) -> JSONResponse:
        return JSONResponse(
            {"error": ErrorCode.INVALID, "message": _validation_message(error)}, status_code=422
        )

    @app.exception_handler(OperationalError)
    @app.exception_handler(InterfaceError)
    @app.exception_handler(DisconnectionError)
    @app.exception_handler(PoolTimeout)
    async def _database_unavailable(
        request: Request | WebSocket, error: SQLAlchemyError
    ) -> JSONResponse | None:
        log.warning("the database is unavailable: %s", error)
        if isinstance(request, WebSocket):
            await _refuse_socket(request, DATABASE_UNAVAILABLE)
            return None
        return JSONResponse(
            DATABASE_UNAVAILABLE.to_json(),
            status_code=DATABASE_UNAVAILABLE.status,
            headers={"Retry-After": "5"},
        )

    @app.exception_handler(StarletteHTTPException)
    async def _http(request: Request, error: StarletteHTTPException) -> Response:
        if missing_page is not None and _wants_a_page(request, error.status_code):
            return await missing_page(request)
        code = _STATUS_CODES.get(error.status_code, "error")
        message = error.detail if isinstance(error.detail, str) else code.replace("_", " ")
        headers = getattr(error, "headers", None)
        if error.status_code == 405:
            headers = {**(headers or {}), "Allow": ", ".join(_allowed(app, request))}
        return JSONResponse(
            {"error": code, "message": message}, status_code=error.status_code, headers=headers
        )


def _wants_a_page(request: Request, status: int) -> bool:
    """A browser asking for a page at an address with nothing there (mistyped, cut short): the
    friendly page. The API's addresses, and whatever does not ask for HTML (a page's scripts,
    the API's clients), keep the JSON answer."""
    return (
        status == 404
        and request.method in ("GET", "HEAD")
        and not request.url.path.startswith("/api/")
        and "text/html" in request.headers.get("accept", "")
    )


def _allowed(app: FastAPI, request: Request) -> list[str]:
    """Every method some route of the request's path takes. (Starlette's 405 names only the
    first such route's, where a path has a route per method, as PUT and DELETE of a resource.)"""
    methods: set[str] = set()
    for route in app.router.routes:
        match, _ = route.matches(request.scope)
        if match != Match.NONE:
            methods |= getattr(route, "methods", None) or set()
    return sorted(methods)
