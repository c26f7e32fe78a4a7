"""Nerdy Inventions, the dice-and-inventions card game for 2 to 4 players."""

from app.games.nerdy_inventions.cards import CardError, CardSet, load_cards
from app.games.nerdy_inventions.rules import NerdyInventions

__all__ = ["CardError", "CardSet", "NerdyInventions", "load_cards"]
