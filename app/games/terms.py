"""The words every game's rules are written in: a state, a seat, an action and a move.

A state and an action are plain JSON data (a dict), a seat is a number from 0, and a move is
what carries out one type of action on a state. Builds on nothing of the app, so that the
games (core.py re-exports these), their shared helpers and the bots can all build on it.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeAlias

Action: TypeAlias = dict[str, Any]
State: TypeAlias = dict[str, Any]
Seat: TypeAlias = int
Move: TypeAlias = Callable[[State, Seat, Action], None]  # carries out one type of action
