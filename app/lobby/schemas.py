"""What the lobby API accepts and answers."""

from __future__ import annotations

import unicodedata
from typing import Annotated, Any

from pydantic import AfterValidator, BaseModel, ConfigDict, Field, StringConstraints

MAX_NAME = 32


def _printable(name: str) -> str:
    if any(unicodedata.category(char).startswith("C") for char in name):
        raise ValueError("names cannot hold control characters")
    return name


Nick = Annotated[
    str,
    StringConstraints(strip_whitespace=True, min_length=1, max_length=MAX_NAME),
    AfterValidator(_printable),
]


class _Body(BaseModel):
    model_config = ConfigDict(extra="forbid")


class CreateLobby(_Body):
    game: Annotated[str, Field(max_length=40)]
    name: Nick
    options: dict[str, Any] = Field(default_factory=dict, max_length=20)


class LobbyOptions(_Body):
    options: dict[str, Any] = Field(max_length=20)


class JoinLobby(_Body):
    name: Nick


class Empty(_Body):
    pass


class AddBot(_Body):
    level: Annotated[str, Field(min_length=1, max_length=16)] = "easy"


class PlayerOut(BaseModel):
    id: int
    name: str
    seat: int
    host: bool
    bot: bool
    level: str | None = None  # a bot's level ("easy"); None for people
    away_bot: str | None = None  # the level of a bot playing for this person while away
    away_votes: int = 0  # votes to hand this person's seat to a bot while they are away
    connected: bool = False


class PlayerWithToken(BaseModel):
    id: int
    name: str
    seat: int
    host: bool
    token: str


class LobbyOut(BaseModel):
    code: str
    game: str
    status: str
    options: dict[str, Any]
    next: str | None = None
    min_players: int
    max_players: int
    players: list[PlayerOut]


class CreatedLobby(BaseModel):
    code: str
    url: str
    player: PlayerWithToken


class JoinedLobby(BaseModel):
    player: PlayerWithToken


class AddedBot(BaseModel):
    player: PlayerOut


class GameInfo(BaseModel):
    id: str
    name: str
    description: str
    min_players: int
    max_players: int
    options: dict[str, Any]
    bots: list[dict[str, str]]  # the bot levels a lobby may seat: [{"level", "label"}]


class LoggedAction(BaseModel):
    seq: int
    seat: int
    action: dict[str, Any]
    at: str
    by: str | None = None  # "clock" or "away": a bot chose it for the seat's player


class GameLog(BaseModel):
    code: str
    game: str
    status: str
    options: dict[str, Any]  # the game's own, which set it up with the seed
    table: dict[str, Any]  # the table's: clock and absent players (app.play.table)
    players: list[dict[str, Any]]
    seed: int | None
    actions: list[LoggedAction]
    result: dict[str, Any] | None


class ReplayStep(BaseModel):
    step: int
    steps: int
    view: dict[str, Any]
