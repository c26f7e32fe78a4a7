""" "Your games": the tables this browser holds seats at, and whose turn it is at each.

The home page keeps each seat's token in its storage (static/js/seats.js) and asks
`POST /api/your-games` with the codes and tokens. A token proves its seat: a code whose token
is not one of its players' answers as a code that does not exist does, in `unknown`, so a
stranger learns nothing (not even whether a lobby exists). Tokens travel in the body, never in a
URL that logs would keep.
"""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, Request
from pydantic import BaseModel, ConfigDict, Field

from app.errors import NotFound
from app.games.core import Game, State
from app.lobby.router import BoundedRoute
from app.lobby.schemas import ERROR_RESPONSES
from app.lobby.service import Lobbies, lobby_url
from app.status import Status

# The most seats one request may ask about (the page asks about its most recent ones).
MAX_SEATS = 20

router = APIRouter(prefix="/api", responses=ERROR_RESPONSES, route_class=BoundedRoute)


class SeatProof(BaseModel):
    model_config = ConfigDict(extra="forbid")

    code: Annotated[str, Field(min_length=1, max_length=32)]
    token: Annotated[str, Field(min_length=1, max_length=64)]


class YourSeats(BaseModel):
    model_config = ConfigDict(extra="forbid")

    seats: list[SeatProof] = Field(max_length=MAX_SEATS)


class YourGame(BaseModel):
    code: str
    url: str
    game: str  # the game's id
    game_name: str
    status: str  # open, playing, finished
    seat: int
    name: str  # yours at this table
    host: bool
    players: list[str]  # by seat
    turn: list[str] = []  # whose decision the game waits for (playing)
    your_turn: bool = False
    winners: list[str] | None = None  # finished: the winners' names (empty: nobody won)


class YourGames(BaseModel):
    games: list[YourGame]
    unknown: list[str]  # codes whose token proves no seat (or no such lobby), in the order asked


@router.post("/your-games", response_model=YourGames, tags=["lobbies"])
async def your_games(body: YourSeats, request: Request) -> dict[str, Any]:
    """The tables these seats are at, each with its status and whose turn it is."""
    games: list[dict[str, Any]] = []
    unknown: list[str] = []
    seen: set[str] = set()
    for proof in body.seats:
        if proof.code in seen:
            continue
        seen.add(proof.code)
        found = await _your_game(request, proof.code, proof.token)
        if found is None:
            unknown.append(proof.code)
        else:
            games.append(found)
    return {"games": games, "unknown": unknown}


async def _your_game(request: Request, code: str, token: str) -> dict[str, Any] | None:
    lobbies: Lobbies = request.app.state.lobbies
    try:
        me = await lobbies.player_for_token(code, token)
    except NotFound:
        return None
    info = await lobbies.lobby_info(code) if me is not None else None
    if me is None or info is None:
        return None
    public = info.public
    game: Game = request.app.state.games[public["game"]]
    names = [player["name"] for player in sorted(public["players"], key=lambda p: p["seat"])]
    answer = {
        "code": code,
        "url": lobby_url(code),
        "game": game.id,
        "game_name": game.name,
        "status": public["status"],
        "seat": me["seat"],
        "name": me["name"],
        "host": me["host"],
        "players": names,
    }
    if info.game_record_id is None:
        return answer
    state = await _state(request, code, info.game_record_id)
    result = game.result(state)
    if result is not None:
        return {**answer, "status": Status.FINISHED, "winners": [names[s] for s in result.winners]}
    active = game.active(state)
    return {**answer, "turn": [names[s] for s in active], "your_turn": me["seat"] in active}


async def _state(request: Request, code: str, record_id: int) -> State:
    """The game as it stands: from the hub's room when this process keeps it current, else as
    recorded."""
    hub = request.app.state.hub
    room = hub.rooms.get(code)
    if room is not None and room.position is not None and hub.kept_current():
        return room.position.state
    lobbies: Lobbies = request.app.state.lobbies
    return (await lobbies.runner.load(record_id)).state
