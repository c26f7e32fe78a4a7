"""The abilities that move the cards of the invention row: shuffle the row (the camera),
exchange (the top hat) and swap neighbours (the dragonfly); and the note that the deck has run
out, which a shuffle of the row can bring about as the end of a turn can."""

from __future__ import annotations

from app.games.core import Action, Seat, State
from app.games.log import log, seat_token
from app.games.nerdy_inventions import board
from app.games.nerdy_inventions.ability import choose_row
from app.games.randomness import randomness


def deck_emptied(state: State) -> None:
    """Note, once, that the deck has run out: the game ends before the starting player's turn."""
    if not state["deck"] and not state["final_round"]:
        state["final_round"] = True
        log(
            state,
            f"The deck is empty: the game ends when {seat_token(state['first_player'])} "
            "would start the next turn",
        )


# --- shuffle_row: the camera ----------------------------------------------------------------


def shuffle_row_steps(
    state: State, seat: Seat, card_id: str, picks: list[Action]
) -> list[Action] | None:
    if not state["deck"] and not any(state["row"]):
        return []
    return None


def shuffle_row(state: State, seat: Seat, card_id: str, picks: list[Action]) -> None:
    """Every row card into the deck, shuffle, deal 6 (tile 1 first, so gaps are at the top)."""
    state["deck"].extend(card for card in state["row"] if card is not None)
    state["row"] = [None] * 6
    with randomness(state) as rng:
        rng.shuffle(state["deck"])
    for slot in range(1, 7):
        board.put(state, slot, board.draw(state))
    dealt = sum(card is not None for card in state["row"])
    log(
        state,
        f"{seat_token(seat)} used the {board.name(state, card_id)}: the row was shuffled into the "
        f"deck and {dealt} new cards were dealt",
    )
    deck_emptied(state)


# --- exchange: the top hat ------------------------------------------------------------------


def exchange_steps(
    state: State, seat: Seat, card_id: str, picks: list[Action]
) -> list[Action] | None:
    if picks:
        return None
    slug = board.card(state, card_id)["slug"]
    return [
        choose_row(slot)
        for slot in board.TILES
        if board.at(state, slot) is not None
        and board.card(state, board.occupant(state, slot))["slug"] != slug
    ]


def exchange(state: State, seat: Seat, card_id: str, picks: list[Action]) -> None:
    slot = picks[0]["slot"]
    taken = board.occupant(state, slot)
    board.put(state, slot, card_id)
    held = board.entry(state, seat, card_id)
    held["card"], held["tapped"] = taken, False
    log(
        state,
        f"{seat_token(seat)} used the {board.name(state, card_id)}: exchanged it for the "
        f"{board.name(state, taken)} under tile {slot}, both untapped",
    )


# --- swap_neighbours: the dragonfly ---------------------------------------------------------


def swap_steps(state: State, seat: Seat, card_id: str, picks: list[Action]) -> list[Action] | None:
    if not picks:
        return [choose_row(slot) for slot in board.TILES if board.swaps(state, slot)]
    if len(picks) == 1:
        return [choose_row(slot) for slot in board.swaps(state, picks[0]["slot"])]
    return None


def swap_row_cards(state: State, first: int, second: int) -> None:
    a, b = board.at(state, first), board.at(state, second)
    board.put(state, first, b)
    board.put(state, second, a)


def swap_neighbours(state: State, seat: Seat, card_id: str, picks: list[Action]) -> None:
    first, second = picks[0]["slot"], picks[1]["slot"]
    swap_row_cards(state, first, second)
    log(
        state,
        f"{seat_token(seat)} used the {board.name(state, card_id)}: swapped the "
        f"{board.name(state, board.occupant(state, second))} under tile {first} with the "
        f"{board.name(state, board.occupant(state, first))} under tile {second}",
    )
