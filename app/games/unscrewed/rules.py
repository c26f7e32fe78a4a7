"""UNSCREWED: schemes of three cards, a shrinking map that wants you dead, last one standing.

The rulebook is ../shared/rules/unscrewed.txt; rules.md beside this file says it in our words,
lists our decisions where the rulebook is open, and explains the stand-in components. The board
is described in board.py, the course of a round in rounds.py, the view in view.py.

Actions (plain JSON dicts; `legal` lists exactly those accepted from a seat now):

    {"type": "character", "name": "moe_skeeto"}   before the game, in seat order: pick a character
    {"type": "spawn", "at": [x, y]}                spawn (in Dibs order) or respawn on a Blank space
    {"type": "friend", "at": [x, y]}               Slappy puts his Friend token next to him
    {"type": "plan", "at": [x, y]}                 Dr. Piddles (or Stolen Blueprints) puts the
                                                   Plan token
    {"type": "keep_quirk", "quirk": id}            the Dibs player keeps one of the two Quirks seen
    {"type": "discard_quirk", "quirk": id}         over the Quirk limit, or trashed by a card
    {"type": "scheme", "card": "north"}            Scheming: a card from the hand into the next
                                                   empty slot (north, east, south, west,
                                                   improvise, again)
    {"type": "unscheme"}                           take the last schemed card back
    {"type": "lock"}                               with every slot filled: the scheme is final
    {"type": "master_plan", "action": "again"}     at a Master Plan slot: the basic action to take
    {"type": "aim", "direction": "east"}           aim the attack just drawn
    {"type": "call", "side": "heads"}              call a coin flip
    {"type": "direction", "direction": "north"}    a direction of your choice (4)
    {"type": "shift", "direction": "northeast"}    shift: one of 8 directions ("stay" too for
                                                   Freddy's reward)
    {"type": "order", "thing": id}                 an Improv card moves several things: which next
                                                   (its player picks until one is left)
    {"type": "pick_improv", "card": id}            a picky player picks which Improv card to play

Scheming is simultaneous: every living seat schemes at once and the round goes on when the last
one locks. Everything else waits for one seat at a time: it answers the question a script asks
(rounds.SCRIPTS), and `moves` sends each of those types to `answer`, the scheming three to their
own steps.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from app.games.core import Action, BadOptions, Contract, Game, Move, Option, Seat, State
from app.games.decisions import Simultaneous
from app.games.log import log
from app.games.randomness import randomness, seed_state
from app.games.unscrewed import rounds, stored, undo, words
from app.games.unscrewed.board import POOL, Phase
from app.games.unscrewed.box import register
from app.games.unscrewed.component_file import stand_in_components
from app.games.unscrewed.components import CHARACTERS, Components
from app.games.unscrewed.contract import Table, UnscrewedAction, UnscrewedState
from app.games.unscrewed.events import event, who
from app.games.unscrewed.hand import ACTION_CARDS, hand_of
from app.games.unscrewed.rounds import SCHEMING, SCRIPTS, SLOTS
from app.games.unscrewed.view import prompt_for, table

if TYPE_CHECKING:
    from app.games.bots import Bot

MODES = ("full", "first")


class Unscrewed(Game):
    id = "unscrewed"
    name = "UNSCREWED"
    description = (
        "Scheme three moves in secret, then watch them go wrong on a shrinking map full of "
        "fans, bombs and holes: the last cartoon standing keeps their show."
    )
    min_players = 2
    max_players = 5
    contract = Contract(state=UnscrewedState, table=Table, action=UnscrewedAction)
    rules_version = "1"

    def __init__(self, components: Components | None = None) -> None:
        # The maps and decks in the box: the stand-ins, or the host's own, made known to the
        # rules (box.py). Only these: the page draws the components this server serves.
        self.box = components if components is not None else stand_in_components()
        register(self.box)
        map_ids = tuple(entry["id"] for entry in self.box.maps)
        self.options = (
            Option(
                "mode",
                "Mode",
                MODES,
                "full",
                help="first: the first-game rules (no Quirks, Gimmicks, Friend, Plan or Master "
                "Plans; Improv cards marked for later games are left out).",
            ),
            Option("map", "Map", map_ids, map_ids[0], help="The map side to play on."),
        )

    # --- setting up ---------------------------------------------------------------------

    def setup(self, players: int, options: dict[str, Any], seed: int) -> State:
        mode = options["mode"]
        try:
            chosen = self.box.map(options["map"])
        except KeyError:
            raise BadOptions(f"no map {options['map']}") from None
        full = mode == "full"
        state: State = {}
        seed_state(state, seed)
        things: dict[str, dict[str, Any]] = {}
        for seat in range(players):
            things[f"c{seat}"] = {"kind": "character", "seat": seat, "at": None}
        for number in range(1, POOL["bomb"] + 1):
            things[f"bomb{number}"] = {"kind": "bomb", "number": number, "at": None}
        for number in range(1, POOL["anvil"] + 1):
            things[f"anvil{number}"] = {"kind": "anvil", "number": number, "at": None}
        improv_draw = [
            f"{card['id']}.{copy}"
            for card in self.box.improv
            if full or card["first_game"]
            for copy in range(1, card["count"] + 1)
        ]
        quirk_draw = [
            f"{quirk['id']}.{copy}"
            for quirk in (self.box.quirks if full else ())
            for copy in range(1, quirk["count"] + 1)
        ]
        state.update(
            players=players,
            mode=mode,
            box=self.box.digest,
            map=chosen["id"],
            covers=0,
            tokens={},
            things=things,
            seats=[
                {
                    "character": None,
                    "name": f"Seat {seat + 1}",
                    "alive": False,
                    "slots": [None] * SLOTS,
                    "quirks": [],
                    "gimmick": None,
                }
                for seat in range(players)
            ],
            dibs=0,
            round=1,
            phase=Phase.CHARACTERS,
            improv_deck={"draw": improv_draw, "discard": [], "in_play": []},
            quirk_deck={"draw": quirk_draw, "discard": []},
            plan={
                "at": None,
                "placed": False,
                "cards": [plan["id"] for plan in self.box.master_plans],
            },
            friend={"at": None},
            events=[],
            next_event=0,
            result=None,
            together=None,
        )
        with randomness(state) as rng:
            rng.shuffle(state["improv_deck"]["draw"])
            rng.shuffle(state["quirk_deck"]["draw"])
        log(state, f"UNSCREWED on {chosen['name']} ({'first game' if not full else 'full'})")
        names = dict(CHARACTERS)
        SCRIPTS.start(state, "begin", names=names, gimmick_sides=full)
        self._after(state, 0)
        return state

    def _after(self, state: State, since: int) -> None:
        """Start what comes next; keep only the events since the last action."""
        rounds.advance(state)
        state["events"] = [e for e in state["events"] if e["n"] >= since]

    # --- the interface ------------------------------------------------------------------

    def active(self, state: State) -> list[Seat]:
        if state.get("result") is not None:
            return []
        ask = SCRIPTS.asking(state)
        if ask is not None:
            return [ask.seat]
        return Simultaneous.waiting(state, SCHEMING)

    def legal(self, state: State, seat: Seat) -> list[Action]:
        if state.get("result") is not None:
            return []
        ask = SCRIPTS.asking(state)
        if ask is not None:
            return list(ask.options) if ask.seat == seat else []
        if seat not in Simultaneous.waiting(state, SCHEMING):
            return []
        slots = state["seats"][seat]["slots"]
        empty = [index for index in range(SLOTS) if slots[index] is None]
        schemed = [
            index for index in range(SLOTS) if slots[index] and slots[index]["card"] != "plan"
        ]
        actions: list[Action] = []
        if empty:
            actions.extend({"type": "scheme", "card": card} for card in hand_of(state, seat))
        if schemed:
            actions.append({"type": "unscheme"})
        if not empty:
            actions.append({"type": "lock"})
        return actions

    def moves(self) -> dict[str, Move]:
        """Every action type `legal` lists, to its move: the three scheming steps, and the
        answer to the question in progress (a script's Ask lists only these other types)."""
        return {
            "scheme": self.scheme,
            "unscheme": self.unscheme,
            "lock": self.lock,
            "character": self.answer,
            "spawn": self.answer,
            "friend": self.answer,
            "plan": self.answer,
            "keep_quirk": self.answer,
            "discard_quirk": self.answer,
            "master_plan": self.answer,
            "aim": self.answer,
            "call": self.answer,
            "direction": self.answer,
            "shift": self.answer,
            "order": self.answer,
            "pick_improv": self.answer,
        }

    def answer(self, state: State, seat: Seat, action: Action) -> None:
        """The question in progress (SCRIPTS.asking) takes its answer; its script goes on."""
        since = state["next_event"]
        SCRIPTS.answer(state, action)
        self._after(state, since)

    def scheme(self, state: State, seat: Seat, action: Action) -> None:
        """A card from the hand into the next empty slot."""
        since = state["next_event"]
        slots = state["seats"][seat]["slots"]
        index = slots.index(None)
        slots[index] = {"card": action["card"], "flipped": False, "did": None}
        self._after(state, since)

    def unscheme(self, state: State, seat: Seat, action: Action) -> None:
        """The last schemed card (not a Plan) back to the hand."""
        since = state["next_event"]
        slots = state["seats"][seat]["slots"]
        index = max(i for i in range(SLOTS) if slots[i] and slots[i]["card"] != "plan")
        slots[index] = None
        self._after(state, since)

    def lock(self, state: State, seat: Seat, action: Action) -> None:
        """The scheme is final; the last seat to lock closes Scheming."""
        since = state["next_event"]
        event(state, "locked", seat=seat)
        log(state, f"{who(state, seat)} has schemed")
        if Simultaneous.answer(state, SCHEMING, seat, True):
            rounds.close_scheming(state)
        self._after(state, since)

    def upgrade(self, state: State) -> State:
        """A state stored before the printed components left it (stored.py), in today's
        shape: its copy of them must be this game's box."""
        return stored.upgrade(state, self.box)

    def table(self, state: State, seat: Seat | None, everything: bool = False) -> Table:
        return table(state, seat, everything)

    def undoable(self, before: State, after: State, seat: Seat, action: Action) -> bool:
        return undo.undoable(before, after, seat, action)

    def took_back(self, action: Action) -> str:
        return undo.words(action)

    def prompt(self, state: State, seat: Seat | None) -> str | None:
        return prompt_for(state, seat)

    def components(self) -> dict[str, Any]:
        """The maps and every card face, which views name by id."""
        return self.box.faces()

    def bots(self) -> dict[str, Bot]:
        from app.games.unscrewed.bot import GoodBot  # the bot builds on this module

        return {"good": GoodBot()}

    def sparring_bots(self) -> dict[str, Bot]:
        from app.games.unscrewed.greedy import GreedyBot

        return {"greedy": GreedyBot()}

    def action_words(self, state: State, seat: Seat, action: Action) -> str | None:
        """The steps that may write no log line, in words (words.py): a scheme step, an aim,
        a direction, a shift, an order, the Friend or the Plan token put down."""
        return words.action_words(state, seat, action)

    def action_for_log(self, action: Action) -> Action:
        if action.get("type") == "scheme":
            return {"type": "scheme"}
        return action


__all__ = ["ACTION_CARDS", "Unscrewed"]
