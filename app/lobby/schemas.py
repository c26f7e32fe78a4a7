"""What the lobby API accepts and answers."""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING, Annotated, Any

from pydantic import BaseModel, ConfigDict, Field, StringConstraints

if TYPE_CHECKING:
    from app.lobby.rows import Seated

MAX_NAME = 32
# The largest request body the API reads (a lobby's options are a few hundred bytes).
MAX_BODY_BYTES = 16 * 1024


# What a name may hold, and which names look alike, is the lobby service's to say
# (app/lobby/names.py), in words for people.
Nick = Annotated[str, StringConstraints(strip_whitespace=True, min_length=1, max_length=MAX_NAME)]


class ErrorOut(BaseModel):
    """Every error the API answers: PROTOCOL.md's `{"error": CODE, "message": TEXT}`."""

    error: str = Field(description="a short code: bad_input, unknown_lobby, not_host, ...")
    message: str = Field(description="what went wrong, for a person to read")


def _error(description: str) -> dict[str, Any]:
    return {"model": ErrorOut, "description": description}


# The error statuses of PROTOCOL.md (and 503 while the database is down), documented on every
# API route: the OpenAPI lists what a client may meet (the CSRF wall's 403 stands in front of
# every write, for example).
ERROR_RESPONSES: dict[int | str, dict[str, Any]] = {
    400: _error("bad input"),
    401: _error("no token, or one that is not of this lobby (an unknown lobby's answer too)"),
    403: _error("not allowed (not the host, or a cross-site or non-JSON write)"),
    404: _error("unknown lobby, player or game"),
    409: _error("wrong state (already started, full, not finished, ...)"),
    413: _error("too large"),
    422: _error("invalid fields"),
    429: _error("too many requests"),
    503: _error("the database is unavailable; try again"),
}


class _Body(BaseModel):
    model_config = ConfigDict(extra="forbid")


class CreateLobby(_Body):
    game: Annotated[str, Field(max_length=40, description="a game id of GET /api/games")]
    name: Annotated[Nick, Field(examples=["Ann"])]
    options: dict[str, Any] = Field(
        default_factory=dict, max_length=20, examples=[{}, {"clock_minutes": 10}]
    )


class LobbyOptions(_Body):
    options: dict[str, Any] = Field(max_length=20, examples=[{"clock_minutes": 10}])


class JoinLobby(_Body):
    name: Annotated[Nick, Field(examples=["Bob"])]


class Empty(_Body):
    pass


class AddBot(_Body):
    level: Annotated[str, Field(min_length=1, max_length=16, examples=["easy", "good"])] = "easy"


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


class HeldSeat(BaseModel):
    """A seat the next lobby of "play again" keeps for a player of the last game."""

    name: str
    until: str  # ISO 8601: anyone may take it after


class SeriesWins(BaseModel):
    name: str  # a player of the series, by the name they sat under (app/lobby/series.py)
    wins: int


class Series(BaseModel):
    """The series of "play again" that a lobby's game belongs to, from its second game on."""

    number: int  # this lobby's game in the series: 2 for the first "play again"
    played: int  # the series' finished games counted, up to this one's own once it is over
    draws: int  # of those, the games nobody won
    score: list[SeriesWins]  # this lobby's players by seat, then the series' earlier players


class LobbyOut(BaseModel):
    code: str
    game: str
    status: str
    options: dict[str, Any]
    next: str | None = None
    held: list[HeldSeat] = []
    series: Series | None = None
    min_players: int
    max_players: int
    players: list[PlayerOut]


def _player_out(player: Seated) -> PlayerOut:
    return PlayerOut(
        id=player.id,
        name=player.name,
        seat=player.seat,
        host=player.host,
        bot=player.bot is not None,
        level=player.bot,
        away_bot=player.away_bot,
        away_votes=len(player.away_votes),
    )


def public_player(player: Seated) -> dict[str, Any]:
    """A player as the lobby shows them (PlayerOut), not connected."""
    return _player_out(player).model_dump()


def public_lobby(players: Iterable[Seated], **fields: Any) -> dict[str, Any]:
    """The lobby as GET /api/lobbies/{code} answers it (LobbyOut), nobody connected yet: the
    one place its shape is built (app.play.lobby_message adds who is connected, for the API and
    the hub)."""
    return LobbyOut(players=[_player_out(p) for p in players], **fields).model_dump()


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


class LogLines(BaseModel):
    start: int  # the index of the first line in the whole log (as the caller's seat reads it)
    lines: list[str]
    total: int  # lines in the whole log now


class ChartColumn(BaseModel):
    label: str
    values: list[float]  # by seat


class ScoreChart(BaseModel):
    measure: str  # what is counted, in the game's words ("Points", "Categories won")
    levels: list[str] = []  # the words for standings 0, 1, ... where they are states ("Out")
    names: list[str]  # the players, by seat
    steps: int  # actions in the game
    points: list[list[int | list[float]]]  # [step, [each seat's standing]] where it changes
    columns: list[ChartColumn]  # the result banner's columns, in the rulebook's order


class ReviewMoment(BaseModel):
    seq: int  # the record's entries before the decision: the replay's step that shows it
    turn: int  # the game's turn (or round) then, else the person's count of decisions
    chose: Any  # the action the person chose, as the record holds it
    chose_text: str
    better: Any  # the good bot's best action there (one of that seat's legal actions then)
    better_text: str
    lost: float  # what the choice cost by the bot's estimate, in `unit`
    unit: str  # "points" or "chance"
    why: str  # the bot's reason for `better`, in the game's words


class ReviewPlayer(BaseModel):
    seat: int
    name: str
    moments: list[ReviewMoment]  # at most three, in the game's order


class Review(BaseModel):
    status: str  # "ready", or "working" (no players yet)
    players: list[ReviewPlayer]  # the people's seats; bots have none


class ReplayStep(BaseModel):
    step: int
    steps: int
    view: dict[str, Any]
