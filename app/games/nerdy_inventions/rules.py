"""Nerdy Inventions: roll three dice, tinker with them, build inventions from a shared row.

The rulebook is ../shared/rules/nerdy-inventions.txt; rules.md beside this file says it in
our words, lists our decisions where the rulebook is open, and explains the stand-in cards.
The state is described in board.py, the abilities in abilities.py.

A turn. The server rolls the current player's 3 dice when the turn starts. The player then
takes any number of these actions, in any order, until they end the turn:

    {"type": "use", "card": id}                 tap an untapped invention for its ability,
                                                then its choices (abilities.py)
    {"type": "tool", "card": id, "die": d}      tap another untapped invention: die d rises by
                                                its level (at most 6); then the tool must go on:
    {"type": "pass_tool", "seat": s}            to a player without a tool (the same action
                                                answers the flintlock's second choice)
    {"type": "charge", "card": id, "die": d}    pay die d (at least the card's level) to untap
    {"type": "research", "die": d}              pay die d of value v (when the swap is made):
    {"type": "research_swap", "with": k}        the card under tile v swaps with the card under
                                                the neighbouring tile k
    {"type": "build", "slot": k}                build the card under tile k, then pay its
    {"type": "pay", "die": d}                   requirements in the card's order, one die each
    {"type": "cancel"}                          leave a use, a research or a build unfinished;
                                                nothing has changed
    {"type": "end_turn"}                        listed whenever no choice is half made

The moves table `MOVES` carries out every action type by its one handler: an ability's
choices (choose_die, choose_value, choose_row, choose_tool) go to `choose_for_ability`, and
`pass_tool` reads the choice in progress (an ability's, or the tool just used going on).

Slots are named by the tile above them, 6 (left) to 1 (right); a gear requirement is worth
the slot's number. Dice are named by their id, stable during the turn.

`view(state, seat)["state"]` is the same for every seat and spectators (only the deck order is
secret). The state is board.NerdyState; the table and the actions are `Table` and
`NerdyAction` below.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Literal, NotRequired, TypedDict

from app.games.core import (
    Action,
    BadOptions,
    Contract,
    Game,
    IllegalAction,
    Move,
    Option,
    Seat,
    State,
)
from app.games.log import log, seat_token
from app.games.nerdy_inventions import board, stored, undo, words
from app.games.nerdy_inventions.abilities import ABILITIES, TOOL_TEXT, deck_emptied
from app.games.nerdy_inventions.board import END_TURN, TILES, facts
from app.games.nerdy_inventions.cards import CardSet, stand_in_cards
from app.games.nerdy_inventions.ending import end
from app.games.randomness import randomness, seed_state

if TYPE_CHECKING:
    from app.games.bots import Bot


class CardShown(board.CardFacts):
    tapped: NotRequired[bool]  # on a tableau


class ToolShown(TypedDict):
    card: CardShown
    holder: Seat
    tapped: bool


class Tableau(TypedDict):
    seat: Seat
    cards: list[CardShown]
    tool: ToolShown | None
    score: board.Score


class Tile(TypedDict):
    slot: int  # tiles 6..1
    gear: int
    card: CardShown | None


class AskingShown(TypedDict):
    """The choice being made, whatever its kind."""

    kind: str
    card: str | None
    ability: str | None
    choosing: str | None
    text: str
    picks: list[Action]
    slot: int | None
    die: int | None
    needs: list[int | str] | None
    paid: list[int] | None
    cancel: bool


class Table(TypedDict):
    """What a page needs to draw the game; the same for every seat (the deck as a count)."""

    players: int
    first_player: Seat
    current: Seat | None
    turn: int
    round: int
    final_round: bool
    deck: int  # how many cards are left in it
    row: list[Tile]
    tableaus: list[Tableau]
    tools: list[ToolShown]
    dice: list[board.Die]
    asking: AskingShown | None
    scores: list[board.Score]  # per seat, as in the tableaus
    stand_in: bool


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

STARTING_SEATS = {"host": 0, "second": 1, "third": 2, "fourth": 3}
CANCEL: Action = {"type": "cancel"}

# What the page shows for the kind of choice a step's options make.
CHOOSING = {
    "choose_die": "die",
    "choose_value": "value",
    "choose_row": "row",
    "choose_tool": "tool",
    "pass_tool": "seat",
    "pay": "pay",
    "research_swap": "swap",
}


class NerdyInventions(Game):
    id = "nerdy-inventions"
    name = "Nerdy Inventions"
    description = (
        "Roll three dice, tinker with them using your inventions, and build new ones from a "
        "shared row: the most victory points wins."
    )
    min_players = 2
    max_players = 4
    contract = Contract(state=board.NerdyState, table=Table, action=NerdyAction)
    options = (
        Option(
            "first_player",
            "Starting player",
            ("random", "host", "second", "third", "fourth"),
            "random",
            help="The starting player takes the first turn and starts without a tool; "
            "random decides from the game's seed.",
        ),
    )
    rules_version = "1"

    def __init__(self, cards: CardSet | None = None) -> None:
        self.cards = cards if cards is not None else stand_in_cards()

    # --- setting up ---------------------------------------------------------------------

    def setup(self, players: int, options: dict[str, Any], seed: int) -> State:
        choice = options["first_player"]
        state: State = {}
        seed_state(state, seed)
        if choice == "random":
            with randomness(state) as rng:
                starting = rng.below(players)
        else:
            starting = STARTING_SEATS[choice]
            if starting >= players:
                raise BadOptions(
                    f"first_player {choice} needs at least {starting + 1} players, not {players}"
                )
        cards: dict[str, dict[str, Any]] = {}
        deck = []
        for kind in self.cards.inventions:
            for copy in range(1, kind.count + 1):
                card_id = f"{kind.slug}-{copy}"
                cards[card_id] = facts(card_id, kind, "invention")
                deck.append(card_id)
        order = [(starting + place) % players for place in range(players)]
        tableaus: list[list[dict[str, Any]]] = [[] for _ in range(players)]
        for place, seat in enumerate(order):
            card = self.cards.starting[place]  # sorted by seat_order
            card_id = f"{card.slug}-1"
            cards[card_id] = facts(card_id, card, "starting")
            tableaus[seat].append({"card": card_id, "tapped": False})
        tool_ids = [
            (f"{tool.slug}-{copy}", tool)
            for tool in self.cards.tools
            for copy in range(1, tool.count + 1)
        ][: players - 1]
        tools = {}
        for (tool_id, tool), seat in zip(tool_ids, order[1:], strict=True):
            cards[tool_id] = facts(tool_id, tool, "tool")
            tools[tool_id] = {"holder": seat, "tapped": False}
        with randomness(state) as rng:
            rng.shuffle(deck)
        state.update(
            players=players,
            first_player=starting,
            current=starting,
            turn=1,
            cards=cards,
            stand_in=self.cards.stand_in,
            deck=deck,
            row=[None] * 6,
            tableaus=tableaus,
            tools=tools,
            dice=[],
            next_die=0,
            asking=None,
            final_round=False,
            result=None,
            log=[],
        )
        for slot in TILES:
            board.put(state, slot, board.draw(state))
        log(state, f"{seat_token(starting)} is the starting player")
        for seat in order:
            held = board.name(state, tableaus[seat][0]["card"])
            kept = board.tool_of(state, seat)
            extra = f" and the {board.name(state, kept)}" if kept else " and no tool"
            log(state, f"{seat_token(seat)} starts with the {held}{extra}")
        start_turn(state)
        return state

    # --- who acts, and what they may do ------------------------------------------------

    def active(self, state: State) -> list[Seat]:
        return [] if state["result"] is not None else [state["current"]]

    def legal(self, state: State, seat: Seat) -> list[Action]:
        if state["result"] is not None or seat != state["current"]:
            return []
        asking = state["asking"]
        if asking is not None:
            return asking_options(state, seat, asking)
        return free_actions(state, seat)

    def moves(self) -> dict[str, Move]:
        return MOVES

    def upgrade(self, state: State) -> State:
        return stored.upgrade(state)

    def components(self) -> dict[str, Any]:
        """What the abilities and the tools do, and the set bonus: the same in every game, so
        views do not repeat them (the cards' own facts are in the state: a host's card list is
        copied there at setup)."""
        return {
            "abilities": {
                slug: {"icon": ability.icon, "title": ability.title, "text": ability.text}
                for slug, ability in ABILITIES.items()
            },
            "tool_text": TOOL_TEXT,
            "set_bonus": {str(kinds): bonus for kinds, bonus in board.SET_BONUS.items()},
        }

    def bots(self) -> dict[str, Bot]:
        from app.games.nerdy_inventions.bot import GoodBot  # the bot builds on this module

        return {"good": GoodBot()}

    def sparring_bots(self) -> dict[str, Bot]:
        from app.games.nerdy_inventions.greedy import GreedyBot

        return {"greedy": GreedyBot()}

    # --- what a seat sees ---------------------------------------------------------------

    def undoable(self, before: State, after: State, seat: Seat, action: Action) -> bool:
        return undo.undoable(before, after, seat, action)

    def took_back(self, action: Action) -> str:
        return undo.words(action)

    def action_words(self, state: State, seat: Seat, action: Action) -> str | None:
        return words.action_words(state, seat, action)

    def prompt(self, state: State, seat: Seat | None) -> str | None:
        if state["result"] is not None:
            return None
        if seat != state["current"]:
            return f"Waiting for {seat_token(state['current'])}"
        asking = state["asking"]
        if asking is None:
            return "Your turn: use, charge, research or build, or end your turn"
        return asking_text(state, asking)

    def table(self, state: State, seat: Seat | None, everything: bool = False) -> Table:
        return table(state)


# --- the turn -------------------------------------------------------------------------------


def start_turn(state: State) -> None:
    with randomness(state) as rng:
        values = [rng.die() for _ in range(board.DICE_PER_TURN)]
    state["dice"] = [{"id": index, "value": value} for index, value in enumerate(values)]
    state["next_die"] = len(values)
    log(state, f"Turn {state['turn']}: {seat_token(state['current'])} rolled {board.shown(values)}")


def free_actions(state: State, seat: Seat) -> list[Action]:
    """What the current player may do when no choice is half made, in a stable order."""
    tableau = state["tableaus"][seat]
    dice = state["dice"]
    actions: list[Action] = []
    for held in tableau:
        if not held["tapped"]:
            card = board.card(state, held["card"])
            options = ABILITIES[card["ability"]].steps(state, seat, held["card"], [])
            if options is None or options:
                actions.append({"type": "use", "card": held["card"]})
    tool_id = board.tool_of(state, seat)
    if tool_id is not None and board.without_tool(state):
        for held in tableau:
            if not held["tapped"]:
                actions.extend(
                    {"type": "tool", "card": held["card"], "die": die["id"]}
                    for die in dice
                    if die["value"] < 6
                )
    for held in tableau:
        if held["tapped"]:
            level = board.card(state, held["card"])["level"]
            actions.extend(
                {"type": "charge", "card": held["card"], "die": die["id"]}
                for die in dice
                if die["value"] >= level
            )
    actions.extend(
        {"type": "research", "die": die["id"]} for die in dice if board.swaps(state, die["value"])
    )
    values = [die["value"] for die in dice]
    for slot in TILES:
        card_id = board.at(state, slot)
        if card_id is None:
            continue
        card = board.card(state, card_id)
        if card["cost"] is not None and board.can_pay(values, board.needs(card, slot)):
            actions.append({"type": "build", "slot": slot})
    actions.append(END_TURN)
    return actions


def asking_options(state: State, seat: Seat, asking: dict[str, Any]) -> list[Action]:
    kind = asking["kind"]
    if kind == "ability":
        steps = ABILITIES[asking["ability"]].steps
        options = steps(state, seat, asking["card"], asking["picks"])
        if options is None:  # every choice made: `advance` has already carried it out
            raise RuntimeError(f"the {asking['ability']} ability asks nothing more")
        return [*options, CANCEL]
    if kind == "build":
        wanted = asking["needs"]
        step = len(asking["paid"])
        free = [die for die in state["dice"] if die["id"] not in asking["paid"]]
        options = []
        for die in free:
            if board.pays(die["value"], wanted[step]):
                rest = [other["value"] for other in free if other is not die]
                if board.can_pay(rest, wanted[step + 1 :]):
                    options.append({"type": "pay", "die": die["id"]})
        return [*options, CANCEL]
    if kind == "research":
        swaps = board.swaps(state, asking["slot"])
        return [*({"type": "research_swap", "with": slot} for slot in swaps), CANCEL]
    # "tool_pass": the tool has been used and must go on; there is no going back
    return [{"type": "pass_tool", "seat": other} for other in board.without_tool(state)]


def asking_text(state: State, asking: dict[str, Any]) -> str:
    kind = asking["kind"]
    if kind == "ability":
        asks = ABILITIES[asking["ability"]].asks
        return asks[len(asking["picks"])]
    if kind == "build":
        step = len(asking["paid"])
        wanted = asking["needs"]
        return (
            f"Pay for the {board.name(state, asking['card'])}: requirement {step + 1} of "
            f"{len(wanted)}, a {wanted[step]} (or a six)"
        )
    if kind == "research":
        card = board.name(state, board.occupant(state, asking["slot"]))
        return f"Choose the neighbouring card to swap the {card} with"
    return f"Pass the {board.name(state, asking['tool'])} to a player without a tool"


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


# --- the view -------------------------------------------------------------------------------


def card_view(state: State, card_id: str, **extra: Any) -> CardShown:
    shown: CardShown = {**board.card(state, card_id), **extra}  # type: ignore[typeddict-item]
    return shown


def asking_view(state: State, seat: Seat) -> AskingShown | None:
    asking = state["asking"]
    if asking is None:
        return None
    options = asking_options(state, seat, asking)
    choosing = next((CHOOSING[option["type"]] for option in options if option != CANCEL), None)
    return {
        "kind": asking["kind"],
        "card": asking.get("card", asking.get("tool")),
        "ability": asking.get("ability"),
        "choosing": choosing,
        "text": asking_text(state, asking),
        "picks": [dict(pick) for pick in asking.get("picks", [])],
        "slot": asking.get("slot"),
        "die": asking.get("die"),
        "needs": list(asking["needs"]) if "needs" in asking else None,
        "paid": list(asking["paid"]) if "paid" in asking else None,
        "cancel": CANCEL in options,
    }


def table(state: State) -> Table:
    """What a page needs to draw the game; the same for every seat (the deck as a count)."""
    players = state["players"]
    tools: list[ToolShown] = [
        {"card": card_view(state, tool_id), "holder": tool["holder"], "tapped": tool["tapped"]}
        for tool_id, tool in sorted(state["tools"].items())
    ]
    scores = [board.score(state, seat) for seat in range(players)]
    tableaus: list[Tableau] = []
    for seat in range(players):
        held = next((tool for tool in tools if tool["holder"] == seat), None)
        tableaus.append(
            {
                "seat": seat,
                "cards": [
                    card_view(state, entry["card"], tapped=entry["tapped"])
                    for entry in state["tableaus"][seat]
                ],
                "tool": held,
                "score": scores[seat],
            }
        )
    return {
        "players": players,
        "first_player": state["first_player"],
        "current": None if state["result"] is not None else state["current"],
        "turn": state["turn"],
        "round": (state["turn"] - 1) // players + 1,
        "final_round": state["final_round"],
        "deck": len(state["deck"]),
        "row": [
            {
                "slot": slot,
                "gear": slot,
                "card": card_view(state, here) if (here := board.at(state, slot)) else None,
            }
            for slot in TILES
        ],
        "tableaus": tableaus,
        "tools": tools,
        "dice": [{"id": die["id"], "value": die["value"]} for die in state["dice"]],
        "asking": asking_view(state, state["current"]),
        "scores": scores,
        "stand_in": state["stand_in"],
    }


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
