"""Building small tables for UNSCREWED tests and driving effects that ask questions."""

from __future__ import annotations

import dataclasses
from collections.abc import Generator
from typing import Any

from app.games.core import Rng
from app.games.unscrewed import Unscrewed
from app.games.unscrewed.box import box, register
from app.games.unscrewed.component_file import stand_in_components
from app.games.unscrewed.deaths import GameEnded
from app.games.unscrewed.printed_maps import parse_rows
from app.games.unscrewed.rounds import SCRIPTS

GAME = Unscrewed()
ORDER = ["moe_skeeto", "slappy", "freddy_fraidy", "dr_piddles", "the_mad_cow"]


def table(
    rows: list[str],
    at: dict[str, list[int]],
    characters: list[str] | None = None,
    mode: str = "first",
    seed: int = 1,
    game: Unscrewed = GAME,
) -> dict[str, Any]:
    """A game past spawning on a custom grid, with thingamajigs where `at` says.

    `at` maps thing ids (c0.., bomb1.., anvil1..) to positions; seats are as many as the
    characters (by default Moe, Slappy). The game waits in Scheming (first mode) or in the
    Draw Quirks phase (full mode).
    """
    characters = characters or ORDER[:2]
    players = len(characters)
    state = game.start(players, {"mode": mode}, seed)
    for seat, name in enumerate(characters):
        state = game.apply(state, seat, {"type": "character", "name": name})
    while state["phase"] == "spawning":
        ask = SCRIPTS.asking(state)
        state = game.apply(state, ask.seat, ask.options[0])
    on_map(state, rows)
    state["tokens"] = {}
    state["friend"]["at"] = None
    state["plan"]["at"] = None
    for thing_id, thing in state["things"].items():
        thing["at"] = list(at[thing_id]) if thing_id in at else None
    for seat, player in enumerate(state["seats"]):
        player["alive"] = state["things"][f"c{seat}"]["at"] is not None
    state["events"] = []
    restart(state)
    return state


def on_map(state: dict[str, Any], rows: list[str]) -> None:
    """Play on a map of these rows: the game's box with its map's spaces replaced (the rows
    need not make a map a host could load), known to the rules by its own digest."""
    components = box(state)
    chosen = components.map(state["map"])
    custom = {**chosen, "size": len(rows), "grid": parse_rows(rows), "rows": list(rows)}
    maps = tuple(custom if entry is chosen else entry for entry in components.maps)
    state["box"] = register(dataclasses.replace(components, maps=maps))


def quirk(effect: str, copy: int = 9) -> str:
    """A copy of the stand-in Quirk whose effect is `effect` (copy 9: one no deck holds)."""
    for card in stand_in_components().quirks:
        if card["effect"] == effect:
            return f"{card['id']}.{copy}"
    raise AssertionError(f"no Quirk does {effect}")


def restart(state: dict[str, Any]) -> None:
    """Run the script in progress again from the (changed) state, so that the changes a test
    made stick when the script is rebuilt from its answers."""
    record = state.pop("asking", None)
    if record is not None:
        SCRIPTS.start(state, record["name"], **record["args"])


def blank(size: int = 7) -> list[str]:
    return [" ".join(["."] * size) for _ in range(size)]


def with_space(rows: list[str], x: int, y: int, text: str) -> list[str]:
    cells = [row.split() for row in rows]
    cells[y][x] = text
    return [" ".join(row) for row in cells]


def drive(effect: Generator, answers: list[dict[str, Any]] | None = None) -> list[Any]:
    """Run an effect generator, answering its questions in order; returns the questions."""
    answers = list(answers or [])
    asked = []
    try:
        question = next(effect)
        while True:
            asked.append(question)
            if not answers:
                raise AssertionError(f"unanswered question: {question.prompt}")
            question = effect.send(answers.pop(0))
    except (StopIteration, GameEnded):
        pass
    assert not answers, f"answers left over: {answers}"
    return asked


def rig_dice(state: dict[str, Any], *rolls: int) -> None:
    """Set the generator so that the next dice show `rolls` (found by search)."""
    for candidate in range(1, 1_000_000):
        rng = Rng(candidate * 7919)
        if all(rng.die() == roll for roll in rolls):
            state["rng"] = format(candidate * 7919 & ((1 << 64) - 1), "016x")
            return
    raise AssertionError("no seed found")


def top_improv(state: dict[str, Any], *cards: str) -> None:
    """Put these Improv cards on top of the deck, in order."""
    draw = state["improv_deck"]["draw"]
    for card in reversed(cards):
        if card in draw:
            draw.remove(card)
        draw.insert(0, card)


def where(state: dict[str, Any], thing: str) -> list[int] | None:
    return state["things"][thing]["at"]


def kinds(state: dict[str, Any], kind: str) -> list[dict[str, Any]]:
    return [event for event in state["events"] if event["kind"] == kind]
