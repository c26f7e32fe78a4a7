"""The good bot of Innovation: a one-move look-ahead on guessed positions.

What the bot's seat cannot see (other hands and score piles, the achievements, the supply
order) it guesses a few times from the unseen cards of the right ages (bot_guess). On each
guess it plays every legal action through the rules engine, answering the questions of a dogma
action as it would answer them itself (bot_answers, for every seat), and judges where each
action leads (bot_worth); the action with the best total over the guesses is chosen, the
first in `legal` order on a tie. An achievement it may claim is always claimed. A question
inside a dogma action is answered on one guess by bot_answers. Anything unexpected falls back
to a sensible legal action rather than failing.

`consider` weighs every legal action so: each with a chance of winning (bot_reasons: a logistic
of the worth margin, calibrated on the bot's own games) and a reason naming what it changes
that the seat can see. The turn's actions and the opening are weighed by their outcome; the
answers to a question by bot_weigh, whose values agree with the pick of bot_answers.
"""

from __future__ import annotations

from typing import Any

from app.games.bots import CHANCE, Bot, View, Weighed
from app.games.core import Action, Game, Rng, State, canonical
from app.games.innovation import turn
from app.games.innovation.bot_answers import answer, bare
from app.games.innovation.bot_guess import guess
from app.games.innovation.bot_reasons import chance, reason
from app.games.innovation.bot_weigh import label, weigh_answer
from app.games.innovation.bot_worth import worth
from app.games.innovation.cards import CARDS
from app.games.innovation.dogma import SCRIPT
from app.games.innovation.ending import EndAction, GameOver

GUESSES = 3  # positions guessed for each decision of a turn
MOST_ANSWERS = 40  # questions answered in one simulated action before judging it as it stands
WIN_WORTH = 100_000.0  # bot_worth's won game


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
            turn.answer(copy, ask.seat, reply)
    except (GameOver, EndAction):
        pass
    copy["asking"] = None
    return copy


class GoodBot(Bot):
    """Claims every achievement it can; otherwise the action that looks best one move ahead."""

    level = "good"
    label = "Good"
    unit = CHANCE

    def consider(self, game: Game, view: View, legal: list[Action], rng: Rng) -> list[Weighed]:
        try:
            return weigh(game, view, legal, rng)
        except Exception:  # noqa: BLE001 - a bot must answer whatever its view holds
            chosen = fallback(legal)
            return ranked(chosen, [(action, 0.5, _plain(action)) for action in legal])


Scored = tuple[Action, float, str]  # an action, its worth in points, why


def ranked(chosen: Action, weighed: list[Scored]) -> list[Weighed]:
    """`chosen` first, then the others best first (the first in `legal` order on a tie), each
    worth turned into a chance; a value is never above the one before it (the bot's rules of
    thumb put `chosen` first even where its measured worth is a little lower)."""
    key = canonical(chosen)
    first = next(entry for entry in weighed if canonical(entry[0]) == key)
    rest = [entry for entry in weighed if canonical(entry[0]) != key]
    order = sorted(range(len(rest)), key=lambda index: (-rest[index][1], index))
    result = [Weighed(first[0], chance(first[1]), first[2])]
    for index in order:
        action, value, why = rest[index]
        result.append(Weighed(action, min(chance(value), result[-1].value), why))
    return result


def fallback(legal: list[Action]) -> Action:
    """A sensible action without any reading: achieve, else draw, else the first."""
    for kind in ("achieve", "draw"):
        for action in legal:
            if action.get("type") == kind:
                return action
    return sorted(legal, key=canonical)[0]


def decide(game: Game, view: View, legal: list[Action], rng: Rng) -> Action:
    """The good bot's choice (may raise on a view it cannot read; `choose` falls back)."""
    return weigh(game, view, legal, rng)[0].action


def weigh(game: Game, view: View, legal: list[Action], rng: Rng) -> list[Weighed]:
    """Every legal action weighed, the bot's choice first (may raise on a view it cannot read;
    `consider` falls back)."""
    seat = view["you"]
    table: dict[str, Any] = view["state"]
    kinds = {action.get("type") for action in legal}
    if kinds <= {"pick"}:
        return _opening(view, legal, rng, seat)
    if kinds & {"draw", "meld", "dogma", "achieve"}:
        return _turn(game, view, legal, rng, seat)
    state = guess(view, rng)
    question = table.get("asking")
    info = question if isinstance(question, dict) else {}
    asked = view.get("prompt")  # the question's words, to the seat asked
    prompt = asked if isinstance(asked, str) else ""
    chosen = answer(state, seat, prompt, legal, info) if len(legal) > 1 else legal[0]
    chosen = chosen if chosen in legal else legal[0]
    return ranked(chosen, weigh_answer(state, seat, prompt, legal, info))


def _plain(action: Action) -> str:
    """An action named without any reading of the position."""
    kind = action.get("type")
    if kind == "draw":
        return "Draws a card"
    if kind == "meld":
        return f"Melds {action.get('card')}"
    if kind == "dogma":
        return f"Carries out {action.get('card')}"
    if kind == "achieve":
        return f"Claims the age {action.get('age')} achievement"
    if kind == "pick":
        return f"Melds {action.get('card')} first"
    return label(action)


def _head(view: View, action: Action, seat: int) -> str:
    """An action named with what the view shows of it."""
    kind = action.get("type")
    card = action.get("card")
    if kind in ("meld", "pick") and card in CARDS:
        first = " first" if kind == "pick" else ""
        return f"Melds {card}{first} on your {CARDS[card].color} pile"
    if kind == "draw":
        table = view["state"]
        tops = [CARDS[pile["cards"][0]].age for pile in _piles(table, seat) if pile["cards"]]
        counts = table.get("supply") or {}
        age = max(max(tops, default=0), 1)
        while age <= 10 and not counts.get(str(age)):
            age += 1
        return "Draws above age 10" if age > 10 else f"Draws an age {age} card"
    return _plain(action)


def _piles(table: dict[str, Any], seat: int) -> list[dict[str, Any]]:
    shown = table["players"][seat]["board"]
    return [pile for pile in shown.values() if isinstance(pile, dict) and pile.get("cards")]


def _opening(view: View, legal: list[Action], rng: Rng, seat: int) -> list[Weighed]:
    """The opening card: the one whose meld leaves the better position."""
    state = guess(view, rng)
    best, best_value = legal[0], None
    weighed: list[Scored] = []
    for action in legal:
        card = action["card"]
        copy = bare(state)
        if card not in copy["seats"][seat]["hand"]:
            weighed.append((action, -WIN_WORTH, f"{card} is not in your hand"))
            continue
        copy["seats"][seat]["hand"].remove(card)
        pile = copy["seats"][seat]["board"][CARDS[card].color]
        pile.insert(0, card)
        value = worth(copy, seat)
        weighed.append((action, value, reason(_head(view, action, seat), [state], [copy], seat)))
        if best_value is None or value > best_value:
            best, best_value = action, value
    return ranked(best, weighed)


def _turn(game: Game, view: View, legal: list[Action], rng: Rng, seat: int) -> list[Weighed]:
    """The turn's actions by their simulated outcome, on average over a few guesses (a meld
    of a known card needs one guess only); an achievement it may claim comes first, the
    lowest age."""
    states = [guess(view, rng) for _ in range(GUESSES)]
    best, best_value = legal[0], None
    weighed: list[Scored] = []
    for action in legal:
        runs = 1 if action.get("type") in ("meld", "achieve") else GUESSES
        after = [simulate(game, state, seat, action) for state in states[:runs]]
        value = sum(worth(state, seat) for state in after) / runs
        head = _head(view, action, seat)
        weighed.append((action, value, reason(head, states[:runs], after, seat)))
        if best_value is None or value > best_value:
            best, best_value = action, value
    achieves = [action for action in legal if action.get("type") == "achieve"]
    if achieves:
        best = min(achieves, key=lambda action: action["age"])
    return ranked(best, weighed)
