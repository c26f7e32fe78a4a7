"""Innovation's greedy sparring bot: the best immediate gain by the game's own score.

Only the benchmarks play it (`Game.sparring_bots`), as the yardstick a good bot must beat. It
guesses one position from its view (bot_guess), plays each legal action on it (the questions
inside a dogma answered as the good bot answers them) and takes the one that leaves it the most
achievements, then the highest score; among equal gains, one drawn from the bot's `rng` (as
every greedy bot does, bots.best_gain: the first in `legal` order would always draw a card).
A question of its own is answered likewise, by what each option does to its achievements and
score at once.
Its values are in points: a hundred for an achievement, one for each point of score.
"""

from __future__ import annotations

from app.games.bots import POINTS, Bot, View, Weighed
from app.games.core import Action, Game, Rng, State
from app.games.innovation.bot import simulate
from app.games.innovation.bot_answers import _direction, _splay, after, card_move, yes_move
from app.games.innovation.bot_guess import guess
from app.games.innovation.ending import achievement_count, own_score

ACHIEVEMENT = 100.0


def gain(state: State, seat: int) -> float:
    """Achievements first, then score: what the greedy bot counts."""
    result = state.get("result")
    if result is not None and seat in result.get("winners", []):
        return ACHIEVEMENT * 100
    return ACHIEVEMENT * achievement_count(state, seat) + own_score(state, seat)


def _question_gains(
    state: State, seat: int, prompt: str, info: dict[str, object], legal: list[Action]
) -> list[float]:
    here = gain(state, seat)
    gains = []
    for option in legal:
        kind = option.get("type")
        move = None
        if kind == "card" and isinstance(option.get("card"), str):
            move = card_move(state, seat, prompt, dict(info), option["card"])
        elif kind == "yes" and option.get("yes") is True:
            move = yes_move(seat, prompt)
        elif kind == "color" and isinstance(option.get("color"), str):
            direction = _direction(prompt) if "splay" in prompt.lower() else None
            move = _splay(seat, option["color"], direction) if direction else None
        gains.append(here if move is None else gain(after(state, move), seat))
    return gains


class GreedyBot(Bot):
    """The action (or answer) that leaves the most achievements, then the most score."""

    level = "greedy"
    label = "Greedy"
    unit = POINTS

    def consider(self, game: Game, view: View, legal: list[Action], rng: Rng) -> list[Weighed]:
        if len(legal) == 1:
            return [Weighed(legal[0], 0.0, "The only choice")]
        try:
            gains = self._gains(game, view, legal, rng)
        except Exception:  # noqa: BLE001 - a bot must answer whatever its view holds
            gains = [0.0] * len(legal)
        draws = [rng.next64() for _ in legal]  # equal gains: in an order drawn from `rng`
        order = sorted(range(len(legal)), key=lambda index: (-gains[index], draws[index]))
        return [
            Weighed(legal[i], gains[i], f"Leaves {gains[i]:g} (achievements x100 + score)")
            for i in order
        ]

    def _gains(self, game: Game, view: View, legal: list[Action], rng: Rng) -> list[float]:
        seat = view["you"]
        state = guess(view, rng)
        kinds = {action.get("type") for action in legal}
        if kinds & {"draw", "meld", "dogma", "achieve"}:
            return [gain(simulate(game, state, seat, action), seat) for action in legal]
        question = view["state"].get("asking")
        info = question if isinstance(question, dict) else {}
        prompt = info.get("prompt")
        return _question_gains(state, seat, prompt if isinstance(prompt, str) else "", info, legal)
