"""The good bot of Innovation: a one-move look-ahead on guessed positions.

What the bot's seat cannot see (other hands and score piles, the achievements, the supply
order) it guesses a few times from the unseen cards of the right ages (bot_guess). On each
guess it plays every legal action through the rules engine, answering the questions of a dogma
action as it would answer them itself (bot_answers, for every seat), and judges where each
action leads (bot_worth); the action with the best total over the guesses is chosen, the
first in `legal` order on a tie. An achievement it may claim is always claimed. A question
inside a dogma action is answered on one guess by bot_answers. Anything unexpected falls back
to a sensible legal action rather than failing.
"""

from __future__ import annotations

from typing import Any

from app.games.bots import Bot, View
from app.games.core import Action, Game, Rng, State, canonical
from app.games.innovation import turn
from app.games.innovation.bot_answers import answer, bare
from app.games.innovation.bot_guess import guess
from app.games.innovation.bot_worth import worth
from app.games.innovation.cards import CARDS
from app.games.innovation.dogma import SCRIPT
from app.games.innovation.ending import EndAction, GameOver

GUESSES = 3  # positions guessed for each decision of a turn
MOST_ANSWERS = 40  # questions answered in one simulated action before judging it as it stands


def simulate(game: Game, state: State, seat: int, action: Action) -> State:
    """`state` (not changed) after `seat` plays `action` and every question of it is answered
    the bot's way."""
    copy = bare(state)
    try:
        game.play(copy, seat, action)
        for _ in range(MOST_ANSWERS):
            ask = SCRIPT.asking(copy)
            if ask is None or copy["result"] is not None:
                break
            reply = answer(copy, ask.seat, ask.prompt, ask.options, ask.info)
            turn.answer(copy, reply)
    except (GameOver, EndAction):
        pass
    copy["asking"] = None
    return copy


class GoodBot(Bot):
    """Claims every achievement it can; otherwise the action that looks best one move ahead."""

    level = "good"
    label = "Good"

    def choose(self, game: Game, view: View, legal: list[Action], rng: Rng) -> Action:
        if len(legal) == 1:
            return legal[0]
        try:
            return decide(game, view, legal, rng)
        except Exception:  # noqa: BLE001 - a bot must answer whatever its view holds
            return fallback(legal)


def fallback(legal: list[Action]) -> Action:
    """A sensible action without any reading: achieve, else draw, else the first."""
    for kind in ("achieve", "draw"):
        for action in legal:
            if action.get("type") == kind:
                return action
    return sorted(legal, key=canonical)[0]


def decide(game: Game, view: View, legal: list[Action], rng: Rng) -> Action:
    """The good bot's choice (may raise on a view it cannot read; `choose` falls back)."""
    seat = view["you"]
    table: dict[str, Any] = view["state"]
    kinds = {action.get("type") for action in legal}
    if "achieve" in kinds:
        achieves = [action for action in legal if action.get("type") == "achieve"]
        return min(achieves, key=lambda action: action["age"])
    if kinds <= {"pick"}:
        return _opening(view, legal, rng, seat)
    question = table.get("asking")
    if kinds & {"draw", "meld", "dogma"}:
        return _best_action(game, view, legal, rng, seat)
    state = guess(view, rng)
    info = question if isinstance(question, dict) else {}
    asked = info.get("prompt")
    prompt = asked if isinstance(asked, str) else ""
    chosen = answer(state, seat, prompt, legal, info)
    return chosen if chosen in legal else legal[0]


def _opening(view: View, legal: list[Action], rng: Rng, seat: int) -> Action:
    """The opening card: the one whose meld leaves the better position."""
    state = guess(view, rng)
    best, best_value = legal[0], None
    for action in legal:
        card = action["card"]
        copy = bare(state)
        if card not in copy["seats"][seat]["hand"]:
            continue
        copy["seats"][seat]["hand"].remove(card)
        pile = copy["seats"][seat]["board"][CARDS[card].color]
        pile.insert(0, card)
        value = worth(copy, seat)
        if best_value is None or value > best_value:
            best, best_value = action, value
    return best


def _best_action(game: Game, view: View, legal: list[Action], rng: Rng, seat: int) -> Action:
    """The turn's action whose simulated outcome is best on average over a few guesses (a meld
    of a known card needs one guess only)."""
    states = [guess(view, rng) for _ in range(GUESSES)]
    best, best_value = legal[0], None
    for action in legal:
        runs = 1 if action.get("type") == "meld" else GUESSES
        value = sum(worth(simulate(game, state, seat, action), seat) for state in states[:runs])
        value /= runs
        if best_value is None or value > best_value:
            best, best_value = action, value
    return best
