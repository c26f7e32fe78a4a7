"""Away seats: the vote (or the host's word) to let a bot play for a person who is away.

The person takes the seat back as soon as they connect again (`Directory.came_back`, which the
hub asks), and the bot driver (app/play/bots.py) plays the seats handed to a bot.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from app.edge.error_codes import ErrorCode
from app.edge.errors import Conflict, Forbidden, NotFound
from app.games.bots import bots_for
from app.lobby import rows
from app.lobby.changes import changed
from app.lobby.rows import LobbyRow, Seated
from app.lobby.store import LobbyStore, status
from app.play import table
from app.play.hub import Hub
from app.status import Status


class Away:
    def __init__(self, store: LobbyStore, hub: Hub) -> None:
        self.store = store
        self.hub = hub

    async def hand_to_bot(self, code: str, token: str | None, player_id: int) -> dict[str, Any]:
        """A vote (or the host's word) to let a bot play for a person who is away.

        The person must have had no connection for the lobby's `away_minutes` (at a
        turn-based table that waits: their time to move must have run out; at one that does
        not, a bot moves for them by itself and no vote is taken). The host hands
        the seat over at once; otherwise it goes once more than half of the other people voted
        (the person's own vote is refused: only the others' count). The person takes the seat
        back as soon as they connect again (`Directory.came_back`)."""
        # How long they have been away, asked of the hub before the lobby is claimed: the hub
        # may wait for its room's lock, which the room's holder may keep while it waits for the
        # lobby (a person coming back, `came_back`). Seats never change once the game is on.
        async with self.store.reading() as connection:
            seen = await self.store.find(connection, code)
        sitting = seen.player(player_id) if seen is not None else None
        absent = await self.hub.absent_for(code, sitting.seat) if sitting is not None else None
        overdue = sitting is not None and await self.hub.overdue(code, sitting.seat)
        async with self.store.changing() as connection:
            lobby, voter = await self.store.lobby_as(connection, code, token)
            away = lobby.player(player_id)
            if away is None:
                raise NotFound("no such player in this lobby", code=ErrorCode.UNKNOWN_PLAYER)
            if away.bot is not None:
                raise Conflict(f"{away.name} is a bot", code=ErrorCode.NOT_A_PERSON)
            if away.id == voter.id:
                raise Forbidden(
                    "only the other players can let a bot play for you", code=ErrorCode.OWN_SEAT
                )
            if status(lobby) != Status.PLAYING:
                raise Conflict("the game is not being played", code=ErrorCode.NOT_PLAYING)
            handed = away
            if away.away_bot is None:
                check_away(lobby, away, absent, overdue)
                others = {p.id for p in lobby.players if p.bot is None and p.id != away.id}
                votes = tuple(sorted({*away.away_votes, voter.id} & others))
                if voter.host or len(votes) > len(others) / 2:
                    strongest = list(bots_for(self.store.games[lobby.game]))[-1]
                    handed = replace(away, away_bot=strongest, away_votes=())
                else:
                    handed = replace(away, away_votes=votes)
                await rows.change_player(
                    connection,
                    away.id,
                    away_bot=handed.away_bot,
                    away_votes=list(handed.away_votes) or None,
                )
            others_seated = [p for p in lobby.players if p.id != away.id]
        return await changed(self.hub, self.store, lobby.with_players([*others_seated, handed]))


def check_away(lobby: LobbyRow, player: Seated, absent: float | None, overdue: bool) -> None:
    """Conflict unless a bot may now play for `player`: at a live table, once they have
    been without a connection (for `absent` seconds; None: connected) for the lobby's time;
    at a turn-based table, only one that waits, once their time to move has run out
    (`overdue`) and they are not connected (being away is normal there)."""
    if absent is None:
        raise Conflict(f"{player.name} is connected", code=ErrorCode.NOT_AWAY)
    if table.turn_based(lobby.options):
        if not table.waits(lobby.options):
            raise Conflict(
                "at this turn-based table a bot moves for a player only when their time runs out",
                code=ErrorCode.NOT_AWAY,
            )
        if not overdue:
            raise Conflict(
                f"{player.name} still has time to move; a bot can take their seat once it"
                " has run out",
                code=ErrorCode.NOT_AWAY,
            )
        return
    wait = lobby.options.get(table.AWAY_MINUTES.name, table.AWAY_MINUTES.default) * 60
    if absent < wait:
        raise Conflict(
            f"{player.name} has been away {absent:.0f} s; a bot can take their seat after"
            f" {wait // 60} min",
            code=ErrorCode.NOT_AWAY,
        )
