"""UNSCREWED, the scheming cartoon brawl for 2 to 5 players."""

from app.games.unscrewed.component_file import load_components
from app.games.unscrewed.components import ComponentError, Components
from app.games.unscrewed.rules import Unscrewed

__all__ = ["ComponentError", "Components", "Unscrewed", "load_components"]
