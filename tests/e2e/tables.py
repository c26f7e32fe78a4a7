"""Tables for end-to-end tests: a lobby opened, filled and started through the public HTTP API,
its seats and a spectator connected, and the checks of a game's record against what its clients
were told.

- `ledger_problems`: every action a seat saw acknowledged is in the record, at a `seq` it could
  have had and with the action the seat sent; every recorded action is one a seat sent; `seq`
  runs 1..N without gaps or repeats.
- `replayed_views`: the game rebuilt with the rules engine from its seed and recorded actions,
  as each seat (and a spectator) sees it: what a fresh snapshot must hold.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

import httpx
from sqlalchemy import text
from sqlalchemy.ext.asyncio import create_async_engine

from app.games.core import Game
from app.play.views import rules_view
from tests.e2e.players import Player, ProtocolFailure

# What the hub adds to the rules view (the table's clocks, the take-back flag), and what presence
# messages own.
TABLE_FIELDS = ("players", "clocks", "timeouts", "undo")


@dataclass
class Table:
    code: str
    game: str
    seats: list[Player]
    spectator: Player

    @property
    def players(self) -> list[Player]:
        return [*self.seats, self.spectator]


@dataclass(frozen=True)
class Entry:
    """One recorded action."""

    seq: int
    seat: int
    action: dict[str, Any]


async def call(http: httpx.AsyncClient, method: str, path: str, expect: int, **kw: Any) -> Any:
    answer = await http.request(method, path, **kw)
    if answer.status_code != expect:
        raise ProtocolFailure(
            f"{method} {path}: HTTP {answer.status_code}, expected {expect}: {answer.text[:300]}"
        )
    return answer.json()


async def open_table(
    http: httpx.AsyncClient, game: str, count: int, options: dict[str, Any] | None = None
) -> Table:
    """Create a lobby, seat `count` people, start the game: its players, not yet connected."""
    body = {"game": game, "name": "Seat 0", "options": options or {}}
    created = await call(http, "POST", "/api/lobbies", 201, json=body)
    code = created["code"]
    tokens = [created["player"]["token"]]
    for seat in range(1, count):
        joined = await call(
            http, "POST", f"/api/lobbies/{code}/players", 201, json={"name": f"Seat {seat}"}
        )
        tokens.append(joined["player"]["token"])
    bearer = {"Authorization": f"Bearer {tokens[0]}"}
    await call(http, "POST", f"/api/lobbies/{code}/start", 200, headers=bearer)
    seats = [Player(f"{game} {code} seat {seat}", seat, token) for seat, token in enumerate(tokens)]
    spectator = Player(f"{game} {code} spectator", None, None)
    spectator.parked.set()  # a spectator never acts
    return Table(code, game, seats, spectator)


async def connect_table(table: Table, ws_base: str, **options: Any) -> None:
    for player in table.players:
        await player.connect(ws_base, table.code, **options)
        await player.barrier()
        if player.view is None:
            raise ProtocolFailure(f"{player.name}: no snapshot on connecting")


async def fresh_view(
    player: Player, ws_base: str, code: str, **options: Any
) -> tuple[int, dict[str, Any]]:
    """The seq and view a new connection with `player`'s token gets now (`options` as for
    `Player.connect`)."""
    fresh = Player(f"fresh {player.name}", player.seat, player.token)
    await fresh.connect(ws_base, code, **options)
    try:
        await fresh.barrier()
    finally:
        await fresh.close()
    fresh.check()
    if fresh.view is None or fresh.seq is None:
        raise ProtocolFailure(f"{fresh.name}: no snapshot")
    return fresh.seq, fresh.view


async def check_views_are_fresh(table: Table, ws_base: str, **options: Any) -> None:
    """Each player's view, kept by applying what it was sent, equals a fresh snapshot (the game
    must not move meanwhile)."""
    for player in table.players:
        seq, view = await fresh_view(player, ws_base, table.code, **options)
        if (player.seq, player.view) != (seq, view):
            raise ProtocolFailure(
                f"{player.name}: holds seq {player.seq}, a fresh snapshot has seq {seq}:"
                f" {first_difference(player.view, view)}"
            )


def rules_part(view: dict[str, Any]) -> dict[str, Any]:
    return {key: value for key, value in view.items() if key not in TABLE_FIELDS}


def ledger_problems(table: Table, entries: list[Entry]) -> list[str]:
    """What the record gets wrong against the seats' ledgers (nothing: an empty list)."""
    problems = []
    seqs = [entry.seq for entry in entries]
    if seqs != list(range(1, len(entries) + 1)):
        problems.append(f"{table.code}: the record's seqs are not 1..{len(entries)}: {seqs}")
    held = {player.seq for player in table.players}
    if held != {len(entries)}:
        problems.append(f"{table.code}: clients hold seqs {held}, the record has {len(entries)}")
    for player in table.seats:
        mine = [entry for entry in entries if entry.seat == player.seat]
        problems += _seat_problems(player, mine)
    return problems


def _seat_problems(player: Player, recorded: list[Entry]) -> list[str]:
    """Walk the seat's ledger and its recorded actions side by side, in order."""
    index = 0
    for number, sent in enumerate(player.ledger):
        if sent.outcome == "refused":
            continue
        upto = sent.upto if sent.upto is not None else float("inf")
        entry = recorded[index] if index < len(recorded) else None
        fits = entry is not None and sent.after < entry.seq <= upto and entry.action == sent.action
        if fits:
            index += 1
        elif sent.outcome == "acked":
            return [
                f"{player.name}: action #{number} {sent.action} was acknowledged between seq"
                f" {sent.after} and {sent.upto}, but the seat's next recorded action is {entry}"
            ]
    if index < len(recorded):
        return [f"{player.name}: recorded actions the seat never sent: {recorded[index:]}"]
    return []


async def recorded_game(database_url: str, code: str) -> tuple[int, list[Entry]]:
    """The game's seed and every action in it, as the server recorded them (the log hides
    the seed and secret actions until the game is over)."""
    engine = create_async_engine(database_url)
    try:
        async with engine.connect() as connection:
            game_id, seed = (
                await connection.execute(
                    text(
                        "SELECT games.id, games.seed FROM games JOIN lobbies"
                        " ON lobbies.id = games.lobby_id WHERE lobbies.code = :code"
                    ),
                    {"code": code},
                )
            ).one()
            rows = await connection.execute(
                text("SELECT seq, seat, action FROM actions WHERE game_id = :id ORDER BY seq"),
                {"id": game_id},
            )
            entries = [Entry(seq, seat, _json(action)) for seq, seat, action in rows]
    finally:
        await engine.dispose()
    return seed, entries


def _json(value: Any) -> dict[str, Any]:
    return json.loads(value) if isinstance(value, str) else value


def log_problems(game: Game, log: dict[str, Any], seed: int, entries: list[Entry]) -> list[str]:
    """What `GET /api/lobbies/{code}/log` gets wrong against the record: the same actions in the
    same order (secret ones redacted while the game is on), the seed once it is over."""
    finished = log["status"] == "finished"
    shown = [
        entry if finished else Entry(entry.seq, entry.seat, game.action_for_log(entry.action))
        for entry in entries
    ]
    listed = [Entry(item["seq"], item["seat"], item["action"]) for item in log["actions"]]
    problems = []
    if listed != shown:
        difference = first_difference(listed, shown)
        problems.append(f"{log['code']}: the log differs from the record: {difference}")
    if log["seed"] != (seed if finished else None):
        problems.append(f"{log['code']}: the log shows seed {log['seed']} ({log['status']})")
    return problems


def replayed_views(
    game: Game, log: dict[str, Any], seed: int, entries: list[Entry]
) -> dict[int | None, dict[str, Any]]:
    """The rules view of every seat and of a spectator after replaying `entries` on the game
    set up from `seed` with the log's options."""
    players = sorted(log["players"], key=lambda player: player["seat"])
    names = [player["name"] for player in players]
    state = game.start(len(players), game.check_options(log["options"]), seed)
    for entry in entries:
        state = game.apply(state, entry.seat, entry.action)
    viewers: list[int | None] = [*range(len(players)), None]
    return {viewer: rules_view(game, state, viewer, names) for viewer in viewers}


def first_difference(mine: Any, theirs: Any, path: str = "") -> str:
    """Where two JSON values first differ, for a readable failure."""
    if isinstance(mine, dict) and isinstance(theirs, dict):
        for key in sorted(set(mine) | set(theirs)):
            if mine.get(key, "<missing>") != theirs.get(key, "<missing>"):
                return first_difference(
                    mine.get(key, "<missing>"), theirs.get(key, "<missing>"), f"{path}/{key}"
                )
    if isinstance(mine, list) and isinstance(theirs, list) and len(mine) == len(theirs):
        for index, (a, b) in enumerate(zip(mine, theirs, strict=True)):
            if a != b:
                return first_difference(a, b, f"{path}/{index}")
    return f"{path or '/'}: {str(mine)[:300]} vs {str(theirs)[:300]}"
