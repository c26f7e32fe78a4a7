"""Nerdy Inventions' actions as JSON: one shape per action type, `NerdyAction` their union
(rules.py says what each one does)."""

from __future__ import annotations

from typing import Literal, TypedDict

from app.games.core import Seat


class Use(TypedDict):
    type: Literal["use"]
    card: str


class UseTool(TypedDict):
    type: Literal["tool"]
    card: str
    die: int


class PassTool(TypedDict):
    type: Literal["pass_tool"]
    seat: Seat


class Charge(TypedDict):
    type: Literal["charge"]
    card: str
    die: int


class OneDie(TypedDict):
    """Research with a die, pay a requirement with it, or choose it for an ability."""

    type: Literal["research", "pay", "choose_die"]
    die: int


ResearchSwap = TypedDict("ResearchSwap", {"type": Literal["research_swap"], "with": int})


class OneSlot(TypedDict):
    """Build the card under a tile, or choose it for an ability."""

    type: Literal["build", "choose_row"]
    slot: int


class ChooseValue(TypedDict):
    type: Literal["choose_value"]
    value: int


class ChooseTool(TypedDict):
    type: Literal["choose_tool"]
    card: str


class Bare(TypedDict):
    type: Literal["cancel", "end_turn"]


NerdyAction = (
    Use | UseTool | PassTool | Charge | OneDie | ResearchSwap | OneSlot | ChooseValue | ChooseTool
) | Bare
