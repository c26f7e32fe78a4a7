"""The dogma action: one script (decisions.Script) that carries out every effect of a top card.

The featured icon is counted on every board once, at the start. Opponents with fewer (never a
teammate) are affected by the demands; every player with at least as many shares the
non-demand effects. Each effect is finished for everyone before the next: affected or sharing
players clockwise from the demander's left, the demander last. After the whole action, if an
opponent who shared changed the game in any way (state["changes"] moved during their turn at an
effect), the demander draws once by their highest top card. `GameOver` anywhere ends the game
(the result is in the state); `EndAction` ends the action at once, without the sharing bonus.

The script is rebuilt from its recorded answers after every answer, so it must be a function
of the state at its start and those answers only (it is: effects read and change the state).
"""

from __future__ import annotations

from typing import Any

from app.games.core import State
from app.games.decisions import Script
from app.games.innovation import board, supply
from app.games.innovation.cards import CARDS
from app.games.innovation.effects import EFFECTS, Ctx, Effect, carry_out
from app.games.innovation.ending import EndAction, GameOver, clockwise, opponents, team
from app.games.log import log, seat_token


def featured_counts(state: State, card: str) -> list[int]:
    icon = CARDS[card].dogma_icon
    return [board.icons(state, seat)[icon] for seat in range(state["players"])]


def dogma_script(state: State, seat: int, card: str) -> Effect:
    """The whole dogma action of `seat` on its top card `card`."""
    counts = featured_counts(state, card)
    mine = counts[seat]
    around = clockwise(state, seat)[1:]
    friends = team(state, seat)
    affected = [other for other in around if other not in friends and counts[other] < mine]
    sharing = [other for other in around if counts[other] >= mine]
    rivals = set(opponents(state, seat))
    icon = CARDS[card].dogma_icon
    log(state, f"{seat_token(seat)} activates {card} ({mine} {icon})")
    memory: dict[str, Any] = {}
    state["dogma"] = {"card": card, "player": seat, "affected": affected, "sharing": sharing}
    shared_change = False
    try:
        try:
            for index, (kind, _text) in enumerate(CARDS[card].effects, start=1):
                fn = EFFECTS.get(card, {}).get(index)
                if fn is None:
                    continue
                if kind == "demand":
                    for other in affected:
                        yield from carry_out(fn, Ctx(state, other, seat, card, index, memory))
                    continue
                for other in sharing:
                    before = state["changes"]
                    yield from carry_out(fn, Ctx(state, other, seat, card, index, memory))
                    if other in rivals and state["changes"] != before:
                        shared_change = True
                yield from carry_out(fn, Ctx(state, seat, seat, card, index, memory))
        except EndAction:
            log(state, f"The dogma action on {card} ends")
            shared_change = False
        if shared_change:
            log(state, f"{seat_token(seat)} takes the sharing bonus")
            supply.draw(state, seat, board.highest_top_age(state, seat))
    except GameOver:
        pass
    state.pop("dogma", None)


SCRIPT = Script({"dogma": dogma_script}, key="asking")  # the game's open decision
