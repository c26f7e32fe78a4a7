"""The owner's page and its API: thin routes over app/admin/tables.py and banner.py.

For browsers (forms that work without script; each answers 303 back to /admin):

| call | does |
|---|---|
| `GET /admin` | the page once signed in; else the sign-in form (401) |
| `POST /admin/sign-in` (form `token`) | signs the browser in (cookie), 403 for a wrong token |
| `POST /admin/sign-out` | signs it out |
| `POST /admin/banner` (form `text`, blank: none) | sets the banner |
| `POST /admin/tables/{code}/end`, `.../delete` | ends the game, deletes the lobby |

For scripts (`Authorization: Bearer ADMIN_TOKEN`; JSON as the rest of the API):
`GET /api/admin/tables`, `POST /api/admin/tables/{code}/end`, `DELETE /api/admin/tables/{code}`,
`GET` and `PUT /api/admin/banner` (`{"text": TEXT or null}`).

`GET /api/banner` (`{"text"}`, for anyone: the pages ask it) exists whatever the settings; the
rest only with ADMIN_TOKEN set.
"""

from __future__ import annotations

from collections.abc import Awaitable
from typing import Annotated, Any
from urllib.parse import parse_qs

from fastapi import APIRouter, Depends, FastAPI, Request, Response
from fastapi.responses import HTMLResponse, RedirectResponse
from pydantic import BaseModel, ConfigDict, Field

from app.admin.access import AdminAccess
from app.admin.tables import Tables
from app.auth import BearerNeeded, WrongTokens
from app.config import Settings
from app.edge.errors import BadInput, DomainError, TooLarge
from app.lobby.router import BoundedRoute
from app.site.banner import MAX_CHARACTERS, Banner
from app.site.pages import templates
from app.status import Status

MAX_FORM_BYTES = 4096
CSS = "/static/css/admin.css"

pages = APIRouter(prefix="/admin", include_in_schema=False)
# Bodies bounded as the lobby API's are (read before the token is looked at).
api = APIRouter(prefix="/api/admin", include_in_schema=False, route_class=BoundedRoute)
public = APIRouter(prefix="/api")


async def _access(request: Request) -> AdminAccess:
    access: AdminAccess = request.app.state.admin_access
    return access


async def _tables(request: Request) -> Tables:
    tables: Tables = request.app.state.admin_tables
    return tables


async def _banner(request: Request) -> Banner:
    banner: Banner = request.app.state.banner
    return banner


AccessDep = Annotated[AdminAccess, Depends(_access)]
TablesDep = Annotated[Tables, Depends(_tables)]
BannerDep = Annotated[Banner, Depends(_banner)]


async def _owner(request: Request, access: AccessDep) -> None:
    """A script's or a signed-in browser's call, else 401."""
    if not access.allowed(request):
        raise BearerNeeded("this needs ADMIN_TOKEN as a bearer token, or signing in on /admin")


OwnerDep = Depends(_owner)


class BannerText(BaseModel):
    model_config = ConfigDict(extra="forbid")
    text: str | None = Field(default=None, max_length=MAX_CHARACTERS * 4)


# --- the public banner ---------------------------------------------------------------------------


@public.get("/banner", tags=["banner"])
async def current_banner(response: Response, banner: BannerDep) -> dict[str, str | None]:
    """The banner the server's owner shows on every page, or null."""
    response.headers["Cache-Control"] = "no-store"
    return {"text": banner.shown()}


# --- for browsers --------------------------------------------------------------------------------


def _sign_in_page(request: Request, status: int, error: str | None = None) -> HTMLResponse:
    return templates.TemplateResponse(
        request, "admin_sign_in.html", {"error": error, "game_css": CSS}, status_code=status
    )


def _back(done: str | None = None) -> RedirectResponse:
    return RedirectResponse("/admin" + (f"?done={done}" if done else ""), status_code=303)


async def _form(request: Request) -> dict[str, str]:
    """A posted form's fields (the first value of each), at most MAX_FORM_BYTES of it."""
    content_type = request.headers.get("content-type", "").split(";")[0].strip().lower()
    if content_type != "application/x-www-form-urlencoded":
        raise BadInput("send the page's form")
    body = bytearray()
    async for chunk in request.stream():
        body += chunk
        if len(body) > MAX_FORM_BYTES:
            raise TooLarge(f"forms are limited to {MAX_FORM_BYTES} bytes")
    try:
        fields = parse_qs(body.decode(), keep_blank_values=True, strict_parsing=False)
    except UnicodeDecodeError:
        raise BadInput("the form is not UTF-8") from None
    return {name: values[0] for name, values in fields.items()}


# The notices the page shows after a change or a refusal (by the `done` of the redirect, a
# key here or an error code: never echoed).
DONE = {
    "ended": "The game was ended: every seat was told.",
    "deleted": "The lobby was deleted: its sockets were closed.",
    "banner": "The banner was changed.",
    "not_playing": "That game is not being played any more: nothing was changed.",
    "unknown_lobby": "That lobby does not exist any more.",
    "invalid": f"A banner has at most {MAX_CHARACTERS} characters: nothing was changed.",
    "bad_input": "A banner may not hold control characters: nothing was changed.",
}


@pages.get("", response_class=HTMLResponse)
async def owner_page(
    request: Request, access: AccessDep, tables: TablesDep, banner: BannerDep
) -> HTMLResponse:
    if not access.allowed(request):
        return _sign_in_page(request, 401)
    context: dict[str, Any] = {
        "overview": await tables.overview(),
        "banner_text": banner.shown(),
        "banner_limit": MAX_CHARACTERS,
        "done": DONE.get(request.query_params.get("done", "")),
        "game_css": CSS,  # the page's own stylesheet, where base.html links a game's
    }
    response = templates.TemplateResponse(request, "admin.html", context)
    response.headers["Cache-Control"] = "no-store"
    return response


@pages.post("/sign-in", response_class=HTMLResponse)
async def sign_in(request: Request, access: AccessDep) -> Response:
    token = (await _form(request)).get("token", "").strip()
    try:
        if not token or not access.sign_in(request, token):
            return _sign_in_page(request, 401, "Type the token.")
    except DomainError as refused:
        return _sign_in_page(request, refused.status, _sign_in_error(refused))
    response = _back()
    access.set_session(response, request)
    return response


def _sign_in_error(refused: DomainError) -> str:
    if refused.status == 429:
        return "Too many wrong tokens: " + refused.message + "."
    if refused.message == "that is not the right token":
        return "That is not the owner's token."
    return refused.message[:1].upper() + refused.message[1:] + "."


@pages.post("/sign-out", dependencies=[OwnerDep])
async def sign_out(access: AccessDep) -> Response:
    response = RedirectResponse("/admin", status_code=303)
    access.end_session(response)
    return response


async def _done(change: Awaitable[Any], done: str) -> Response:
    """Back to the page, which says what was done, or why nothing was."""
    try:
        await change
    except DomainError as refused:
        return _back(refused.code if refused.code in DONE else "unknown")
    return _back(done)


@pages.post("/banner", dependencies=[OwnerDep])
async def set_banner_form(request: Request, banner: BannerDep) -> Response:
    return await _done(banner.set((await _form(request)).get("text")), "banner")


@pages.post("/tables/{code}/end", dependencies=[OwnerDep])
async def end_table_form(code: str, tables: TablesDep) -> Response:
    return await _done(tables.end(code), "ended")


@pages.post("/tables/{code}/delete", dependencies=[OwnerDep])
async def delete_table_form(code: str, tables: TablesDep) -> Response:
    return await _done(tables.delete(code), "deleted")


# --- for scripts ---------------------------------------------------------------------------------


@api.get("/tables", dependencies=[OwnerDep])
async def list_tables(tables: TablesDep) -> dict[str, Any]:
    """Games being played, lobbies waiting to start, the latest finished games."""
    return (await tables.overview()).to_json()


@api.post("/tables/{code}/end", dependencies=[OwnerDep])
async def end_table(code: str, tables: TablesDep) -> dict[str, str]:
    await tables.end(code)
    return {"code": code, "status": Status.FINISHED}


@api.delete("/tables/{code}", status_code=204, dependencies=[OwnerDep])
async def delete_table(code: str, tables: TablesDep) -> Response:
    await tables.delete(code)
    return Response(status_code=204)


@api.get("/banner", dependencies=[OwnerDep])
async def get_banner(banner: BannerDep) -> dict[str, str | None]:
    return {"text": banner.shown()}


@api.put("/banner", dependencies=[OwnerDep])
async def put_banner(body: BannerText, banner: BannerDep) -> dict[str, str | None]:
    return {"text": await banner.set(body.text)}


def install(app: FastAPI, settings: Settings, wrong_tokens: WrongTokens) -> None:
    """`GET /api/banner` always; the owner's page and API with ADMIN_TOKEN set (else they do
    not exist: 404)."""
    app.include_router(public)
    if settings.admin_token is None:
        return
    app.state.admin_access = AdminAccess(settings, wrong_tokens)
    app.include_router(pages)
    app.include_router(api)
