"""Finished games seen again, computed by the worker processes from the game's whole record:
a replay's steps (app.play.replays), the score chart (app.play.progress), and the good bot's
review (app.play.reviews). Each opens once the game is finished."""

from __future__ import annotations

from typing import Any

from app.edge.error_codes import ErrorCode
from app.edge.errors import Conflict, Invalid, NotFound
from app.lobby.store import LobbyStore
from app.play.progress import Progress
from app.play.replays import Replays
from app.play.reviews import Reviews
from app.play.views import full_view
from app.status import Status
from app.store.tables.games import GameRecord


class Finished:
    def __init__(
        self, store: LobbyStore, *, replays: Replays, progress: Progress, reviews: Reviews
    ) -> None:
        self.store = store
        self.replays = replays
        self.progress = progress
        self.reviews = reviews

    async def replay(self, code: str, step: int, seat: int | None, address: str) -> dict[str, Any]:
        """A finished game's view after `step` actions, from `seat`'s side (None: spectator),
        computed by a worker process for the client at `address` (TooMany: it or the server
        has too many under way)."""
        record = await self._finished(code, "replays open once the game is finished")
        if seat is not None and not 0 <= seat < record.players:
            raise Invalid(f"seat must be between 0 and {record.players - 1}")
        shown, steps, view = await self.replays.step(record, step, seat, address)
        players = [
            {"seat": index, "name": s["name"], "bot": s["bot"], "connected": False}
            for index, s in enumerate(record.seats)
        ]
        return {"step": shown, "steps": steps, "view": full_view(view, players)}

    async def score_chart(self, code: str, address: str) -> dict[str, Any]:
        """A finished game's standings after each action (app.play.progress), with the
        players' names."""
        record = await self._finished(code, "the chart opens once the game is finished")
        chart = await self.progress.of(record, address)
        return {**chart, "names": [seat["name"] for seat in record.seats]}

    async def review(self, code: str) -> dict[str, Any]:
        """A finished game's review (app.play.reviews): whoever may see its replay may."""
        record = await self._finished(code, "the review opens once the game is finished")
        return await self.reviews.of(record)

    async def _finished(self, code: str, refusal: str) -> GameRecord:
        """The whole record of the lobby's finished game (the worker processes' replays and
        charts start from it); Conflict with `refusal` before the game is finished."""
        async with self.store.reading() as connection:
            lobby = await self.store.lobby(connection, code)
        if lobby.record_id is None or lobby.record_status != Status.FINISHED:
            raise Conflict(refusal, code=ErrorCode.NOT_FINISHED)
        async with self.store.sessions() as session:
            record = await session.get(GameRecord, lobby.record_id)
        if record is None:
            raise NotFound("no such lobby", code=ErrorCode.UNKNOWN_LOBBY)  # deleted since
        return record
