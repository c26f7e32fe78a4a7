"""Noughts in the Dark: noughts and crosses for two, each player with one mark placed face down.

A game from outside Tinkertable: this package is a distribution of its own
(../pyproject.toml) that the server finds through the entry point group `tinkertable.games`.
"""

from noughts_in_the_dark.rules import NoughtsInTheDark

__all__ = ["NoughtsInTheDark"]
