"""Domain errors, raised anywhere, mapped to HTTP and websocket errors in one place."""

from __future__ import annotations

from typing import Any

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from starlette.exceptions import HTTPException as StarletteHTTPException

from app.games.core import GameError


class DomainError(Exception):
    status = 400
    code = "bad_request"

    def __init__(self, message: str, *, code: str | None = None) -> None:
        super().__init__(message)
        self.message = message
        if code is not None:
            self.code = code

    def to_json(self) -> dict[str, Any]:
        return {"error": self.code, "message": self.message}


class BadInput(DomainError):
    status, code = 400, "bad_input"


class Unauthorized(DomainError):
    status, code = 401, "unauthorized"


class Forbidden(DomainError):
    status, code = 403, "forbidden"


class NotFound(DomainError):
    status, code = 404, "not_found"


class Conflict(DomainError):
    status, code = 409, "conflict"


class TooLarge(DomainError):
    status, code = 413, "too_large"


class Invalid(DomainError):
    status, code = 422, "invalid"


class TooMany(DomainError):
    status, code = 429, "too_many"


class Unavailable(DomainError):
    status, code = 503, "unavailable"


def from_game_error(error: GameError) -> DomainError:
    """A rules engine's refusal, as the domain error the protocol reports."""
    return Conflict(str(error), code=error.code)


_STATUS_CODES = {
    400: "bad_input",
    401: "unauthorized",
    403: "forbidden",
    404: "not_found",
    405: "method_not_allowed",
    409: "conflict",
    413: "too_large",
    422: "invalid",
    429: "too_many",
}


def _validation_message(error: RequestValidationError) -> str:
    parts = []
    for item in error.errors()[:5]:
        where = ".".join(str(part) for part in item.get("loc", ()) if part != "body")
        parts.append(f"{where}: {item.get('msg', 'invalid')}" if where else item.get("msg", ""))
    return "; ".join(parts) or "invalid request"


def install(app: FastAPI) -> None:
    """Map every error to the protocol's JSON form {"error": CODE, "message": TEXT}."""

    @app.exception_handler(DomainError)
    async def _domain(request: Request, error: DomainError) -> JSONResponse:
        return JSONResponse(error.to_json(), status_code=error.status)

    @app.exception_handler(GameError)
    async def _game(request: Request, error: GameError) -> JSONResponse:
        mapped = from_game_error(error)
        return JSONResponse(mapped.to_json(), status_code=mapped.status)

    @app.exception_handler(RequestValidationError)
    async def _invalid(request: Request, error: RequestValidationError) -> JSONResponse:
        return JSONResponse(
            {"error": "invalid", "message": _validation_message(error)}, status_code=422
        )

    @app.exception_handler(StarletteHTTPException)
    async def _http(request: Request, error: StarletteHTTPException) -> JSONResponse:
        code = _STATUS_CODES.get(error.status_code, "error")
        message = error.detail if isinstance(error.detail, str) else code.replace("_", " ")
        return JSONResponse(
            {"error": code, "message": message},
            status_code=error.status_code,
            headers=getattr(error, "headers", None),
        )
