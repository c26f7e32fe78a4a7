"""The course of the game: characters, spawning, and each round's four phases.

Everything that can stop for a question runs as a `decisions.Script` (a generator rebuilt from the
recorded answers); Scheming is a `decisions.Simultaneous` decision. `advance` starts the next piece
of the game whenever nothing is waiting:

    characters   seats pick characters in seat order (a script "begin", which then draws the
                 Dibs player from the seed and spawns everyone in Dibs order)
    quirks       Draw Quirks (full mode): the Dibs player keeps one of two, the others draw
    scheming     everyone alive at once: three cards into the slots, then lock
    execution    step 1, 2, 3; in each, every living player in Dibs order flips and resolves
                 the card in that slot (one script "act" per card)
    aftermath    fans, bombs, crush spots, the cover, retrieving, end-of-Aftermath effects,
                 passing Dibs and the respawn (one script "aftermath")

The game ends (core.finish) when someone is the last one standing, or nobody is.
"""

from __future__ import annotations

from collections.abc import Generator
from typing import Any

from app.games.core import Action, State
from app.games.decisions import Ask, Script, ScriptFn, Simultaneous
from app.games.log import log
from app.games.unscrewed import gimmicks
from app.games.unscrewed.aftermath import aftermath
from app.games.unscrewed.board import DIRECTIONS, Phase, character
from app.games.unscrewed.chance import stumble
from app.games.unscrewed.deaths import GameEnded, living
from app.games.unscrewed.decks import draw_from
from app.games.unscrewed.events import event, who
from app.games.unscrewed.hand import ACTION_CARDS
from app.games.unscrewed.improv import dibs_order, improvise
from app.games.unscrewed.movement import move
from app.games.unscrewed.quirks import gain_quirk, has_quirk, keep_quirk
from app.games.unscrewed.spawning import begin

Effect = Generator[Ask, Action, None]
SCHEMING = "scheming"
SLOTS = 3


# --- Quirks -----------------------------------------------------------------------------------


def draw_quirks(state: State) -> Effect:
    for index, seat in enumerate(dibs_order(state)):
        if not state["seats"][seat]["alive"]:
            continue
        if index == 0:
            first, second = draw_from(state, "quirks"), draw_from(state, "quirks")
            seen = [quirk for quirk in (first, second) if quirk is not None]
            if len(seen) == 2:
                answer = yield Ask(
                    seat,
                    "Keep one of these two Quirks (the other is discarded)",
                    [{"type": "keep_quirk", "quirk": quirk} for quirk in seen],
                    {"kind": "keep_quirk", "quirks": seen},
                )
                kept = answer["quirk"]
                state["quirk_deck"]["discard"].append(second if kept == first else first)
                yield from keep_quirk(state, seat, kept)
            elif seen:
                yield from keep_quirk(state, seat, seen[0])
        else:
            yield from gain_quirk(state, seat)


# --- Execution --------------------------------------------------------------------------------


def act(state: State, seat: int, step: int) -> Effect:
    """Flip the card in slot `step` and resolve it (then any Gimmick rewards)."""
    since = state["next_event"]
    player = state["seats"][seat]
    slot = player["slots"][step]
    slot["flipped"] = True
    event(state, "flip", seat=seat, slot=step, card=slot["card"])
    card = slot["card"]
    if card == "plan":
        answer = yield Ask(
            seat,
            "Master Plan: take any basic action",
            [{"type": "master_plan", "action": name} for name in ACTION_CARDS],
            {"kind": "master_plan"},
        )
        card = answer["action"]
        event(state, "master_plan_action", seat=seat, action=card)
    log(state, f"{who(state, seat)} plays {card.capitalize()}")
    did = yield from perform(state, seat, step, card)
    if player["slots"][step] is not None:
        player["slots"][step]["did"] = did
    yield from gimmicks.rewards(state, since, seat)


def perform(state: State, seat: int, step: int, action: str) -> Generator[Ask, Action, str]:
    me = character(seat)
    if action == "again":
        previous = state["seats"][seat]["slots"][step - 1] if step > 0 else None
        action = (previous or {}).get("did") or "stumble"
        event(state, "again", seat=seat, repeats=action)
    if action in DIRECTIONS:
        steps = 2 if has_quirk(state, seat, "stride") else 1
        event(state, "move", thing=me, direction=action, steps=steps)
        move(state, me, DIRECTIONS[action], steps)
    elif action == "stumble":
        yield from stumble(state, me)
    elif action == "improvise":
        yield from improvise(state, seat)
    return action


# --- running the pieces -----------------------------------------------------------------------


def _guarded(body: ScriptFn) -> ScriptFn:
    def run(state: State, **args: Any) -> Effect:
        try:
            yield from body(state, **args)
        except GameEnded:
            return

    return run


# The game's open decision is the state's "asking": the script in progress, with its question.
SCRIPTS = Script(
    {
        "begin": _guarded(begin),
        "quirks": _guarded(draw_quirks),
        "act": _guarded(act),
        "aftermath": _guarded(aftermath),
    },
    key="asking",
)


def advance(state: State) -> None:
    """Start whatever comes next until someone must decide or the game is over."""
    while state.get("result") is None:
        if SCRIPTS.asking(state) is not None or Simultaneous.waiting(state, SCHEMING):
            return
        phase = state["phase"]
        if phase == Phase.START:
            if state["mode"] == "full":
                state["phase"] = Phase.QUIRKS
                event(state, "phase", phase=Phase.QUIRKS, round=state["round"])
                SCRIPTS.start(state, "quirks")
            else:
                open_scheming(state)
        elif phase == Phase.QUIRKS:
            open_scheming(state)
        elif phase == Phase.EXECUTION:
            next_card(state)
        elif phase == Phase.AFTERMATH:
            state["phase"] = Phase.AFTERMATH_RUNNING
            SCRIPTS.start(state, "aftermath")
        else:
            raise RuntimeError(f"nothing to do in phase {phase}")


def open_scheming(state: State) -> None:
    state["phase"] = Phase.SCHEMING
    event(state, "phase", phase=Phase.SCHEMING, round=state["round"])
    log(state, f"Round {state['round']}: everyone schemes")
    Simultaneous.open(state, SCHEMING, living(state))


def close_scheming(state: State) -> None:
    Simultaneous.close(state, SCHEMING)
    state["phase"] = Phase.EXECUTION
    state["execution"] = {"step": 0, "turn": 0}
    event(state, "phase", phase=Phase.EXECUTION, round=state["round"])


def next_card(state: State) -> None:
    """Start the next card of the Execution phase, or the Aftermath after the last."""
    cursor = state["execution"]
    order = dibs_order(state)
    while cursor["step"] < SLOTS:
        while cursor["turn"] < len(order):
            seat = order[cursor["turn"]]
            cursor["turn"] += 1
            player = state["seats"][seat]
            if player["alive"] and player["slots"][cursor["step"]] is not None:
                SCRIPTS.start(state, "act", seat=seat, step=cursor["step"])
                return
        cursor["step"] += 1
        cursor["turn"] = 0
    state["phase"] = Phase.AFTERMATH
    event(state, "phase", phase=Phase.AFTERMATH, round=state["round"])
