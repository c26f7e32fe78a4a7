"""A Nerdy Inventions turn as it is played: the dice rolled when it starts, and what carries out
each action (`MOVES`), up to its end, when the row refills and the next seat rolls."""

from __future__ import annotations

from app.games.core import Action, IllegalAction, Move, Seat, State
from app.games.log import log, seat_token
from app.games.nerdy_inventions import board
from app.games.nerdy_inventions.abilities import ABILITIES
from app.games.nerdy_inventions.ending import end
from app.games.nerdy_inventions.row_abilities import deck_emptied
from app.games.randomness import randomness


def start_turn(state: State) -> None:
    with randomness(state) as rng:
        values = [rng.die() for _ in range(board.DICE_PER_TURN)]
    state["dice"] = [{"id": index, "value": value} for index, value in enumerate(values)]
    state["next_die"] = len(values)
    log(state, f"Turn {state['turn']}: {seat_token(state['current'])} rolled {board.shown(values)}")


def use(state: State, seat: Seat, card_id: str) -> None:
    held = board.entry(state, seat, card_id)
    held["tapped"] = True
    ability = board.card(state, card_id)["ability"]
    state["asking"] = {"kind": "ability", "ability": ability, "card": card_id, "picks": []}
    advance(state, seat)


def choose_for_ability(state: State, seat: Seat, action: Action) -> None:
    """The ability being used takes `action` as its next choice (abilities.py)."""
    state["asking"]["picks"].append(action)
    advance(state, seat)


def advance(state: State, seat: Seat) -> None:
    """Carry out the ability being used once its last choice is made."""
    asking = state["asking"]
    ability = ABILITIES[asking["ability"]]
    if ability.steps(state, seat, asking["card"], asking["picks"]) is None:
        state["asking"] = None
        ability.resolve(state, seat, asking["card"], asking["picks"])


def cancel(state: State) -> None:
    asking = state["asking"]
    if asking["kind"] == "ability":
        board.entry(state, state["current"], asking["card"])["tapped"] = False
    state["asking"] = None


def use_tool(state: State, seat: Seat, card_id: str, die_id: int) -> None:
    tool_id = board.tool_of(state, seat)
    if tool_id is None:
        raise IllegalAction("you hold no tool")
    held = board.entry(state, seat, card_id)
    held["tapped"] = True
    level = board.card(state, card_id)["level"]
    die = board.die(state, die_id)
    before = die["value"]
    die["value"] = min(6, before + level)
    state["tools"][tool_id]["tapped"] = True
    state["asking"] = {"kind": "tool_pass", "tool": tool_id}
    log(
        state,
        f"{seat_token(seat)} used the {board.name(state, tool_id)}, tapping the "
        f"{board.name(state, card_id)} (level {level}): a {before} became a {die['value']}",
    )


def pass_tool(state: State, seat: Seat, action: Action) -> None:
    """Pass on the tool just used, or, while an ability is being used (the flintlock's
    second choice), choose the player it gives a tool to."""
    if state["asking"]["kind"] == "ability":
        choose_for_ability(state, seat, action)
    else:
        pass_on(state, seat, action["seat"])


def pass_on(state: State, seat: Seat, receiver: Seat) -> None:
    tool_id = state["asking"]["tool"]
    state["tools"][tool_id] = {"holder": receiver, "tapped": False}
    state["asking"] = None
    log(
        state,
        f"{seat_token(seat)} passed the {board.name(state, tool_id)} to {seat_token(receiver)}",
    )


def charge(state: State, seat: Seat, card_id: str, die_id: int) -> None:
    value = board.die(state, die_id)["value"]
    board.spend(state, die_id)
    board.entry(state, seat, card_id)["tapped"] = False
    log(state, f"{seat_token(seat)} charged the {board.name(state, card_id)} with a {value}")


def research(state: State, seat: Seat, other: int) -> None:
    asking = state["asking"]
    slot = asking["slot"]
    moved = board.occupant(state, slot)
    board.spend(state, asking["die"])
    state["asking"] = None
    a, b = board.occupant(state, slot), board.occupant(state, other)
    board.put(state, slot, b)
    board.put(state, other, a)
    log(
        state,
        f"{seat_token(seat)} researched with a {slot}: the {board.name(state, moved)} moved from "
        f"tile {slot} to tile {other}, swapping with the {board.name(state, b)}",
    )


def pay(state: State, seat: Seat, die_id: int) -> None:
    asking = state["asking"]
    asking["paid"].append(die_id)
    if len(asking["paid"]) < len(asking["needs"]):
        return
    paid = [board.die(state, paid)["value"] for paid in asking["paid"]]
    board.spend(state, *asking["paid"])
    board.put(state, asking["slot"], None)
    state["tableaus"][seat].append({"card": asking["card"], "tapped": False})
    state["asking"] = None
    log(
        state,
        f"{seat_token(seat)} built the {board.name(state, asking['card'])} from tile "
        f"{asking['slot']}, paying {board.shown(paid)}",
    )


def end_turn(state: State, seat: Seat) -> None:
    """Dice are lost; the row closes up toward tile 1 and refills; the next seat rolls."""
    state["dice"] = []
    state["next_die"] = 0
    log(state, f"{seat_token(seat)} ended the turn")
    cards = [card for card in state["row"] if card is not None]  # from tile 1 up
    state["row"] = cards + [None] * (6 - len(cards))
    dealt = 0
    for slot in range(len(cards) + 1, 7):
        card = board.draw(state)
        board.put(state, slot, card)
        dealt += card is not None
    if dealt:
        log(state, f"{dealt} new {'card was' if dealt == 1 else 'cards were'} dealt to the row")
    deck_emptied(state)
    following = (seat + 1) % state["players"]
    if state["final_round"] and following == state["first_player"]:
        end(state, "deck")
        return
    state["turn"] += 1
    state["current"] = following
    start_turn(state)


def start_research(state: State, seat: Seat, action: Action) -> None:
    held = board.die(state, action["die"])
    state["asking"] = {"kind": "research", "die": held["id"], "slot": held["value"]}


def start_build(state: State, seat: Seat, action: Action) -> None:
    slot = action["slot"]
    card_id = board.occupant(state, slot)
    wanted = board.needs(board.card(state, card_id), slot)
    state["asking"] = {"kind": "build", "slot": slot, "card": card_id, "needs": wanted, "paid": []}


# Every action type `legal` offers -> what carries it out; the choose_* types are only ever
# offered while an ability is being used, pass_tool also when a used tool must go on.
MOVES: dict[str, Move] = {
    "use": lambda state, seat, action: use(state, seat, action["card"]),
    "cancel": lambda state, seat, action: cancel(state),
    "choose_die": choose_for_ability,
    "choose_value": choose_for_ability,
    "choose_row": choose_for_ability,
    "choose_tool": choose_for_ability,
    "pass_tool": pass_tool,
    "tool": lambda state, seat, action: use_tool(state, seat, action["card"], action["die"]),
    "charge": lambda state, seat, action: charge(state, seat, action["card"], action["die"]),
    "research": start_research,
    "research_swap": lambda state, seat, action: research(state, seat, action["with"]),
    "build": start_build,
    "pay": lambda state, seat, action: pay(state, seat, action["die"]),
    "end_turn": lambda state, seat, action: end_turn(state, seat),
}
