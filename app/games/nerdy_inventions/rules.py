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

The moves table `MOVES` (turn.py) carries out every action type by its one handler: an ability's
choices (choose_die, choose_value, choose_row, choose_tool) go to `choose_for_ability`, and
`pass_tool` reads the choice in progress (an ability's, or the tool just used going on).

Slots are named by the tile above them, 6 (left) to 1 (right); a gear requirement is worth
the slot's number. Dice are named by their id, stable during the turn.

`view(state, seat)["state"]` is the same for every seat and spectators (only the deck order is
secret). The state is board.NerdyState; the table is `Table` (table.py) and the actions are
`NerdyAction` (actions.py). What a player may do is in choices.py, how each action is carried
out in turn.py.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from app.games.core import (
    Action,
    BadOptions,
    Contract,
    Game,
    Move,
    Option,
    Seat,
    State,
)
from app.games.log import log, seat_token
from app.games.nerdy_inventions import board, stored, undo, words
from app.games.nerdy_inventions.abilities import ABILITIES, TOOL_TEXT
from app.games.nerdy_inventions.actions import NerdyAction
from app.games.nerdy_inventions.board import TILES, facts
from app.games.nerdy_inventions.cards import CardSet, stand_in_cards
from app.games.nerdy_inventions.choices import asking_options, asking_text, free_actions
from app.games.nerdy_inventions.table import Table, table
from app.games.nerdy_inventions.turn import MOVES, start_turn
from app.games.randomness import randomness, seed_state

if TYPE_CHECKING:
    from app.games.bots import Bot

STARTING_SEATS = {"host": 0, "second": 1, "third": 2, "fourth": 3}


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
