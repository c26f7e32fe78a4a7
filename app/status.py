"""A table's status, one word for the lobby, its game record and the view alike."""

from __future__ import annotations

from enum import StrEnum


class Status(StrEnum):
    OPEN = "open"  # a lobby taking players; no game yet
    PLAYING = "playing"
    FINISHED = "finished"  # the game has its result (or its owner ended it)
