"""Unvention, the print-and-play roll-and-write of inventors, for 1 to 6 players."""

from app.games.unvention.rules import Unvention

__all__ = ["Unvention"]
