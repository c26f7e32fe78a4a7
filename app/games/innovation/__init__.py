"""Innovation: the card game of civilizations, ten ages, dogmas and achievements."""

from app.games.innovation.rules import Innovation

__all__ = ["Innovation"]
