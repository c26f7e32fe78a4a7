""" "Your games": the tables this browser holds seats at, whose turn it is at each, and the
games it finished, with their replays.

Two things prove a seat. The browser's private player key (a cookie, app/lobby/keys.py): every
seat taken with it, live or finished. And the tokens the home page keeps in its storage
(static/js/seats.js), sent in the body: seats taken before the key existed, or in a browser
that refuses the cookie. A token that is not one of its lobby's players' answers as a code
that does not exist does, in `unknown`, so a stranger learns nothing (not even whether a lobby
exists); a request without a key lists no key's seats. Tokens travel in the body, never in a
URL that logs would keep.

The live games (open or playing) come first, all of them, on the first page; then the finished
ones, the latest to end first, `FINISHED_PAGE` a page (`page`, from 0; `older`: there are more).
"""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, Request
from pydantic import BaseModel, ConfigDict, Field, StrictInt

from app.edge.errors import NotFound
from app.games.core import Game
from app.lobby.directory import Directory
from app.lobby.keys import key_hash_of
from app.lobby.records import Records
from app.lobby.router import BoundedRoute
from app.lobby.schemas import ERROR_RESPONSES
from app.lobby.store import lobby_url
from app.play.runner import Position, Runner
from app.status import Status
from app.store.db import iso

# The most seats one request may ask about (the page asks about its most recent ones).
MAX_SEATS = 20
# The most live games of a player key listed (the latest taken), and finished games a page.
MAX_LIVE = 20
FINISHED_PAGE = 10
MAX_PAGE = 100

router = APIRouter(prefix="/api", responses=ERROR_RESPONSES, route_class=BoundedRoute)


class SeatProof(BaseModel):
    model_config = ConfigDict(extra="forbid")

    code: Annotated[str, Field(min_length=1, max_length=32)]
    token: Annotated[str, Field(min_length=1, max_length=64)]


class YourSeats(BaseModel):
    model_config = ConfigDict(extra="forbid")

    seats: list[SeatProof] = Field(default_factory=list, max_length=MAX_SEATS)
    page: Annotated[StrictInt, Field(ge=0, le=MAX_PAGE)] = 0  # of the finished games, from 0


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
    finished_at: str | None = None  # ISO 8601, once finished
    replay_url: str | None = None  # the replay's page, once finished


class YourGames(BaseModel):
    games: list[YourGame]  # the live ones (first page only), then this page's finished ones
    unknown: list[str]  # codes whose token proves no seat (or no such lobby), in the order asked
    page: int
    older: bool  # more finished games on the next page


@router.post("/your-games", response_model=YourGames, tags=["lobbies"])
async def your_games(body: YourSeats, request: Request) -> dict[str, Any]:
    """The tables of this browser's player key and of these seats' tokens: the live ones with
    whose turn it is, then a page of the finished ones, the latest first, with their replays."""
    directory: Directory = request.app.state.directory
    unknown: list[str] = []
    proven: dict[str, dict[str, Any]] = {}  # code: the game, by a token
    for proof in body.seats:
        if proof.code in proven or proof.code in unknown:
            continue
        found = await _by_token(request, proof.code, proof.token)
        if found is None:
            unknown.append(proof.code)
        else:
            proven[proof.code] = found
    key_hash = key_hash_of(request)
    shown = (body.page + 1) * FINISHED_PAGE  # finished games up to the end of this page
    live = [game for game in proven.values() if game["status"] != Status.FINISHED]
    # The finished games, by when they ended: those the tokens proved, and the key's (built
    # only if they fall on this page).
    ended: dict[str, tuple[str, dict[str, Any] | None]] = {
        code: (game.get("finished_at") or "", game)
        for code, game in proven.items()
        if game["status"] == Status.FINISHED
    }
    if key_hash is not None:
        if body.page == 0:
            listed = set(proven)
            seats = await directory.seats_of_key(key_hash, finished=False, limit=MAX_LIVE)
            for code, me, _ in seats:
                if code not in listed and (game := await _your_game(request, code, me)):
                    listed.add(code)  # a browser with two seats at a table lists it once
                    live.append(game)
        key_finished = await directory.seats_of_key(key_hash, finished=True, limit=shown + 1)
        for code, me, at in key_finished:
            if code not in ended:
                ended[code] = (iso(at) if at is not None else "", {"me": me})
    order = sorted(ended.items(), key=lambda item: item[1][0], reverse=True)
    games = live if body.page == 0 else []
    for code, (_at, found) in order[shown - FINISHED_PAGE : shown]:
        if found is not None and "me" in found:
            found = await _your_game(request, code, found["me"])
        if found is not None:
            games.append(found)
    return {"games": games, "unknown": unknown, "page": body.page, "older": len(order) > shown}


async def _by_token(request: Request, code: str, token: str) -> dict[str, Any] | None:
    directory: Directory = request.app.state.directory
    try:
        me = await directory.player_for_token(code, token)
    except NotFound:
        return None
    return await _your_game(request, code, me) if me is not None else None


async def _your_game(request: Request, code: str, me: dict[str, Any]) -> dict[str, Any] | None:
    """The table `code` as the player `me` sees it from the home page (None: gone since)."""
    directory: Directory = request.app.state.directory
    info = await directory.lobby_info(code)
    if info is None:
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
    position = await _position(request, code, info.game_record_id)
    state = position.state
    result = position.game.result(state)  # an ended game's too (app/play/ended.py)
    if result is not None:
        records: Records = request.app.state.records
        ended = await records.ended_at(info.game_record_id)
        return {
            **answer,
            "status": Status.FINISHED,
            "winners": [names[s] for s in result.winners],
            "finished_at": iso(ended) if ended is not None else None,
            "replay_url": f"{lobby_url(code)}/replay",
        }
    active = game.active(state)
    return {**answer, "turn": [names[s] for s in active], "your_turn": me["seat"] in active}


async def _position(request: Request, code: str, record_id: int) -> Position:
    """The game as it stands: from the hub's room when this process keeps it current, else as
    recorded."""
    hub = request.app.state.hub
    room = hub.rooms.get(code)
    if room is not None and room.position is not None and hub.kept_current():
        position: Position = room.position
        return position
    runner: Runner = request.app.state.runner
    return await runner.load(record_id)
