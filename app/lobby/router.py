"""The lobby API of PROTOCOL.md: thin routes that hand their work to the lobby layer's parts:
the lobby service, away seats, play again, games as recorded, finished games seen again."""

from __future__ import annotations

from collections.abc import Callable, Coroutine
from typing import Annotated, Any, cast

from fastapi import APIRouter, Depends, Header, Query, Request, Response
from fastapi.routing import APIRoute
from starlette.types import Message

from app.config import Settings
from app.edge.errors import NotFound, TooLarge
from app.edge.limits import client_address
from app.edge.plain_numbers import DIGITS_ONLY, whole_number
from app.lobby.again import Again
from app.lobby.away import Away
from app.lobby.directory import Directory
from app.lobby.finished import Finished
from app.lobby.keys import ensure_key
from app.lobby.records import Records
from app.lobby.schemas import (
    ERROR_RESPONSES,
    MAX_BODY_BYTES,
    AddBot,
    AddedBot,
    CreatedLobby,
    CreateLobby,
    Empty,
    GameInfo,
    GameLog,
    JoinedLobby,
    JoinLobby,
    LobbyOptions,
    LobbyOut,
    LogLines,
    ReplayStep,
    Review,
    ScoreChart,
)
from app.lobby.service import Lobbies
from app.play import table
from app.play.registry import Games
from app.play.websocket import lobby_cookie


class BoundedRoute(APIRoute):
    """An API route that refuses a request body over MAX_BODY_BYTES with 413 `too_large`:
    at once when its Content-Length says so, else as soon as the bytes received pass it."""

    def get_route_handler(self) -> Callable[[Request], Coroutine[Any, Any, Response]]:
        handle = super().get_route_handler()

        async def bounded(request: Request) -> Response:
            return await handle(await _within_limit(request))

        return bounded


async def _within_limit(request: Request) -> Request:
    """The request with its body read, at most MAX_BODY_BYTES of it (else TooLarge)."""
    refusal = TooLarge(f"request bodies are limited to {MAX_BODY_BYTES} bytes")
    length = request.headers.get("content-length")
    if length is not None:
        declared = whole_number(length)
        if declared is None or declared > MAX_BODY_BYTES:
            raise refusal
    body = bytearray()
    async for chunk in request.stream():
        body += chunk
        if len(body) > MAX_BODY_BYTES:
            raise refusal
    whole = bytes(body)

    async def replay() -> Message:
        return {"type": "http.request", "body": whole, "more_body": False}

    return Request(request.scope, replay)


router = APIRouter(prefix="/api", responses=ERROR_RESPONSES, route_class=BoundedRoute)


# Dependencies are coroutines: FastAPI runs a plain function on a worker thread.
async def _lobbies(request: Request) -> Lobbies:
    return cast(Lobbies, request.app.state.lobbies)


async def _away(request: Request) -> Away:
    return cast(Away, request.app.state.away)


async def _again(request: Request) -> Again:
    return cast(Again, request.app.state.again)


async def _finished(request: Request) -> Finished:
    return cast(Finished, request.app.state.finished)


async def _records(request: Request) -> Records:
    return cast(Records, request.app.state.records)


async def _directory(request: Request) -> Directory:
    return cast(Directory, request.app.state.directory)


async def _settings(request: Request) -> Settings:
    return cast(Settings, request.app.state.settings)


LobbiesDep = Annotated[Lobbies, Depends(_lobbies)]
DirectoryDep = Annotated[Directory, Depends(_directory)]
AwayDep = Annotated[Away, Depends(_away)]
AgainDep = Annotated[Again, Depends(_again)]
FinishedDep = Annotated[Finished, Depends(_finished)]
RecordsDep = Annotated[Records, Depends(_records)]
SettingsDep = Annotated[Settings, Depends(_settings)]


def token_from(request: Request, code: str, authorization: str | None) -> str | None:
    """The player's token: `Authorization: Bearer TOKEN`, else the lobby's cookie."""
    if authorization:
        scheme, _, value = authorization.partition(" ")
        if scheme.lower() == "bearer" and value.strip():
            return value.strip()
    return request.cookies.get(lobby_cookie(code))


def set_lobby_cookie(response: Response, request: Request, code: str, token: str) -> None:
    response.set_cookie(
        lobby_cookie(code),
        token,
        max_age=60 * 60 * 24 * 365,
        httponly=True,
        samesite="lax",
        secure=request.url.scheme == "https",
        path="/",
    )


@router.get("/games", response_model=list[GameInfo])
async def list_games(request: Request) -> list[dict[str, Any]]:
    return [table.info(game) for game in request.app.state.games.values()]


@router.get("/games/{game_id}/components")
async def game_components(game_id: str, request: Request, response: Response) -> dict[str, Any]:
    """The game's public components (card faces, maps); 404 for a game that has none."""
    games: Games = request.app.state.games
    game = games.get(game_id)
    components = game.components() if game is not None else None
    if components is None:
        raise NotFound(f"no components for a game called {game_id!r}")
    response.headers["Cache-Control"] = "public, max-age=300"
    return components


@router.post("/lobbies", status_code=201, response_model=CreatedLobby)
async def create_lobby(
    body: CreateLobby, request: Request, response: Response, lobbies: LobbiesDep
) -> dict[str, Any]:
    key_hash = ensure_key(request, response)
    created = await lobbies.create(body.game, body.name, body.options, key_hash)
    set_lobby_cookie(response, request, created["code"], created["player"]["token"])
    return created


@router.get("/lobbies/{code}", response_model=LobbyOut)
async def get_lobby(code: str, lobbies: LobbiesDep) -> dict[str, Any]:
    return await lobbies.describe(code)


@router.post("/lobbies/{code}/players", status_code=201, response_model=JoinedLobby)
async def join_lobby(
    code: str, body: JoinLobby, request: Request, response: Response, lobbies: LobbiesDep
) -> dict[str, Any]:
    joined = await lobbies.join(code, body.name, ensure_key(request, response))
    set_lobby_cookie(response, request, code, joined["player"]["token"])
    return joined


@router.post("/lobbies/{code}/resume", response_model=JoinedLobby)
async def resume_seat(
    code: str,
    request: Request,
    response: Response,
    lobbies: LobbiesDep,
    body: Empty | None = None,
    authorization: Annotated[str | None, Header()] = None,
) -> dict[str, Any]:
    """Take your seat back in this browser: your token becomes the lobby's cookie again.

    The lobby page does this with the token it kept when it finds the cookie gone or replaced
    (cookies are shared by every port of a host; the page's storage is not)."""
    resumed = await lobbies.resume(code, token_from(request, code, authorization))
    set_lobby_cookie(response, request, code, resumed["player"]["token"])
    return resumed


@router.post("/lobbies/{code}/start", response_model=LobbyOut)
async def start_lobby(
    code: str,
    request: Request,
    lobbies: LobbiesDep,
    body: Empty | None = None,
    authorization: Annotated[str | None, Header()] = None,
) -> dict[str, Any]:
    return await lobbies.start(code, token_from(request, code, authorization))


@router.post("/lobbies/{code}/options", response_model=LobbyOut)
async def set_options(
    code: str,
    body: LobbyOptions,
    request: Request,
    lobbies: LobbiesDep,
    authorization: Annotated[str | None, Header()] = None,
) -> dict[str, Any]:
    """The host changes options before the start (the others see them change live)."""
    return await lobbies.set_options(code, token_from(request, code, authorization), body.options)


@router.post("/lobbies/{code}/bots", status_code=201, response_model=AddedBot)
async def add_bot(
    code: str,
    request: Request,
    lobbies: LobbiesDep,
    body: AddBot | None = None,
    authorization: Annotated[str | None, Header()] = None,
) -> dict[str, Any]:
    """The host seats a bot (level "easy" unless the body names another) in the next seat."""
    level = body.level if body is not None else "easy"
    return await lobbies.add_bot(code, token_from(request, code, authorization), level)


@router.delete("/lobbies/{code}/players/{player_id}", response_model=LobbyOut)
async def remove_player(
    code: str,
    player_id: Annotated[int, DIGITS_ONLY],
    request: Request,
    lobbies: LobbiesDep,
    authorization: Annotated[str | None, Header()] = None,
) -> dict[str, Any]:
    """The host takes a person or a bot out of the lobby before the start; the seats after
    theirs move back one, and a person's token stops working."""
    token = token_from(request, code, authorization)
    return await lobbies.remove_player(code, token, player_id)


@router.post("/lobbies/{code}/players/{player_id}/away-bot", response_model=LobbyOut)
async def hand_to_bot(
    code: str,
    player_id: Annotated[int, DIGITS_ONLY],
    request: Request,
    away: AwayDep,
    body: Empty | None = None,
    authorization: Annotated[str | None, Header()] = None,
) -> dict[str, Any]:
    """Vote to let a bot play for a player who has been away for the lobby's `away_minutes`
    (the host's vote is enough; else more than half of the other people's)."""
    token = token_from(request, code, authorization)
    return await away.hand_to_bot(code, token, player_id)


@router.get("/lobbies/{code}/log", response_model=GameLog)
async def game_log(code: str, records: RecordsDep) -> dict[str, Any]:
    return await records.log(code)


@router.get("/lobbies/{code}/log/lines", response_model=LogLines)
async def log_lines(
    code: str,
    request: Request,
    records: RecordsDep,
    before: Annotated[int, Query(ge=0, le=1_000_000), DIGITS_ONLY],
    limit: Annotated[int, Query(ge=1, le=500), DIGITS_ONLY] = 200,
    authorization: Annotated[str | None, Header()] = None,
) -> dict[str, Any]:
    """The game's log lines before line `before` (at most `limit`), as the caller's seat may
    read them: the earlier lines a view's `log` leaves out (it starts at `log_start`)."""
    token = token_from(request, code, authorization)
    return await records.log_lines(code, token, before, limit)


@router.get("/lobbies/{code}/progress", response_model=ScoreChart)
async def score_chart(code: str, request: Request, finished: FinishedDep) -> dict[str, Any]:
    """A finished game's chart: each seat's standing (the game's `measure`) after each action,
    as the points where it changes. Computed once per game, like a replay step (429 past it)."""
    return await finished.score_chart(code, client_address(request.scope))


@router.get("/lobbies/{code}/replay", response_model=ReplayStep)
async def replay_step(
    code: str,
    request: Request,
    finished: FinishedDep,
    step: Annotated[int, Query(ge=0, le=100_000), DIGITS_ONLY] = 0,
    seat: Annotated[int | None, Query(ge=0, le=16), DIGITS_ONLY] = None,
) -> dict[str, Any]:
    """A finished game's view after `step` actions, as `seat` saw it (all secrets shown).
    One step at a time per address, a few at once per server: past that 429 `too_many`."""
    return await finished.replay(code, step, seat, client_address(request.scope))


@router.get("/lobbies/{code}/review", response_model=Review)
async def game_review(code: str, finished: FinishedDep) -> dict[str, Any]:
    """A finished game's review by the good bot: each person's three costliest decisions.
    `working` until it is computed (ask again a little later), then `ready`, and kept."""
    return await finished.review(code)


@router.post("/lobbies/{code}/again", status_code=201, response_model=CreatedLobby)
async def play_again(
    code: str,
    request: Request,
    response: Response,
    again: AgainDep,
    body: Empty | None = None,
    authorization: Annotated[str | None, Header()] = None,
) -> dict[str, Any]:
    """Play again with the same players: open (or join) the next lobby."""
    token = token_from(request, code, authorization)
    created = await again.again(code, token, ensure_key(request, response))
    set_lobby_cookie(response, request, created["code"], created["player"]["token"])
    return created
