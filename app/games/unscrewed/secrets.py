"""What a seat may know in UNSCREWED (rules.md): not the others' face-down schemes, the decks'
order, nor the two cards another seat picks from."""

from __future__ import annotations

from typing import Any

from app.games.core import Action, Rng, Seat, State
from app.games.secrets import Keeper, Knowledge, Viewer, who
from app.games.unscrewed import Unscrewed
from app.games.unscrewed.box import box as unscrewed_box
from app.games.unscrewed.box import improv_card as unscrewed_improv
from app.games.unscrewed.box import quirk_card as unscrewed_quirk
from app.games.unscrewed.hand import ACTION_CARDS, hand_of, hand_shown
from app.games.unscrewed.rounds import SCRIPTS as UNSCREWED_SCRIPTS
from app.games.unscrewed.view import PRIVATE_ASKS


def unscrewed_private_ask(state: State) -> tuple[Seat, list[str]] | None:
    """The seat looking at two Quirks or two Improv cards, and their ids."""
    ask = UNSCREWED_SCRIPTS.asking(state)
    if ask is None or ask.info.get("kind") not in PRIVATE_ASKS:
        return None
    key = ask.options[0]["type"]
    return ask.seat, [option["quirk" if key == "keep_quirk" else "card"] for option in ask.options]


def unscrewed_name(state: State, card: str) -> str:
    """The printed name of a Quirk ("<id>.<copy>") or of an Improv card ("<kind>.<copy>")."""
    kind = card.rsplit(".", 1)[0]
    if kind in unscrewed_box(state).quirk_cards:
        return str(unscrewed_quirk(state, card)["name"])
    return str(unscrewed_improv(state, card)["name"])


def face_down(slot: dict[str, Any] | None) -> bool:
    return slot is not None and not slot["flipped"] and slot["card"] != "plan"


class UnscrewedKeeper(Keeper):
    """Schemes are laid face down and the decks are shuffled; Quirks held are public (rulebook).
    Cards drawn are named by id ("<kind>.<copy>"); the printed texts are in the components,
    never in a view."""

    def __init__(self) -> None:
        game = Unscrewed()
        maps = [entry["id"] for entry in game.box.maps]
        super().__init__(
            game,
            tuple(
                (players, {"mode": mode, "map": maps[index % len(maps)]})
                for index, (players, mode) in enumerate(
                    ((3, "full"), (2, "first"), (4, "full"), (5, "full"), (3, "first"), (2, "full"))
                )
            ),
            edge=r"\w.",
        )

    def choose(self, state: State, seat: Seat, legal: list[Action], rng: Rng) -> Action:
        """Uniform, but rarely take a schemed card back (so that Scheming ends)."""
        if rng.below(8):
            legal = [action for action in legal if action["type"] != "unscheme"] or legal
        return legal[rng.below(len(legal))]

    def learn(self, state: State, known: Knowledge) -> None:
        """Discards, cards in play and Quirks held are public, and so are the cards the events
        show being resolved, gained or trashed (by id and by name); the cards of a private
        choice are known to the seat making it."""
        public = set(state["improv_deck"]["discard"]) | set(state["improv_deck"]["in_play"])
        public |= set(state["quirk_deck"]["discard"])
        for player in state["seats"]:
            public |= set(player["quirks"])
        for event in state["events"]:
            if event["kind"] == "improv":
                public.add(event["card"])
            elif event["kind"] in ("quirk", "trash"):
                public.add(event["quirk"])
        known.tell_everyone(public | {unscrewed_name(state, card) for card in public})
        private = unscrewed_private_ask(state)
        if private is not None:
            known[private[0]].update(private[1])
            known[private[0]].update(unscrewed_name(state, card) for card in private[1])

    def canaries(self, state: State, viewer: Viewer, known: Knowledge) -> set[str]:
        """The ids of the cards in the decks, and the ids and names (unless a card of the same
        name has been public) of the cards of another seat's private choice."""
        hidden = set(state["improv_deck"]["draw"]) | set(state["quirk_deck"]["draw"])
        private = unscrewed_private_ask(state)
        if private is not None and private[0] != viewer:
            hidden.update(private[1])
            hidden.update(unscrewed_name(state, card) for card in private[1])
        return hidden - known[viewer]

    def check(self, state: State, viewer: Viewer, view: dict[str, Any]) -> str | None:
        shown = view["state"]
        for seat, player in enumerate(state["seats"]):
            if seat == viewer:
                continue
            for index, slot in enumerate(player["slots"]):
                if face_down(slot) and shown["players"][seat]["slots"][index]["card"] is not None:
                    return f"seat {seat}'s face-down slot {index + 1} is shown to {who(viewer)}"
        you = shown["you"]
        if viewer is None and you is not None:
            return "the spectator is shown a hand"
        if viewer is not None and (
            you["seat"] != viewer or hand_shown(shown) != hand_of(state, viewer)
        ):
            return f"seat {viewer} is shown another hand: {hand_shown(shown)}"
        decks = shown["decks"]
        if decks["improv"] != len(state["improv_deck"]["draw"]) or decks["quirks"] != len(
            state["quirk_deck"]["draw"]
        ):
            return "a deck is shown by more than its count"
        if {"improv_order", "quirk_order"} & set(decks):
            return "a deck's order is shown"
        private = unscrewed_private_ask(state)
        if private is not None and private[0] != viewer and shown["asking"]["info"]:
            return f"seat {private[0]}'s private choice is shown to {who(viewer)}"
        return None

    def disguise(self, state: State, viewer: Viewer, known: Knowledge, rng: Rng) -> State:
        """Deal the other seats' face-down cards again from what they could hold, shuffle the
        decks, and exchange the cards of another seat's private choice for cards of the deck."""
        other = super().disguise(state, viewer, known, rng)
        for seat, player in enumerate(other["seats"]):
            if seat == viewer:
                continue
            down = [index for index, slot in enumerate(player["slots"]) if face_down(slot)]
            shown = {slot["card"] for slot in player["slots"] if slot and not face_down(slot)}
            could = [card for card in ACTION_CARDS if card not in shown]
            rng.shuffle(could)
            for index, card in zip(down, could, strict=False):
                player["slots"][index]["card"] = card
        private = unscrewed_private_ask(other)
        if private is not None and private[0] != viewer:
            ask = other[UNSCREWED_SCRIPTS.key]["ask"]
            quirks = ask["options"][0]["type"] == "keep_quirk"
            deck = other["quirk_deck" if quirks else "improv_deck"]["draw"]
            swap = {}
            for card in private[1]:
                if deck:
                    index = rng.below(len(deck))
                    swap[card], deck[index] = deck[index], card
            field = "quirk" if quirks else "card"
            for option in ask["options"]:
                option[field] = swap.get(option[field], option[field])
            if "quirks" in ask["info"]:
                ask["info"]["quirks"] = [swap.get(q, q) for q in ask["info"]["quirks"]]
        rng.shuffle(other["improv_deck"]["draw"])
        rng.shuffle(other["quirk_deck"]["draw"])
        return other
