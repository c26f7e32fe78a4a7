"""What the good bot says of an option: its worth as a chance of winning, and why, in words.

The chance. bot_worth judges a position in points (the seat's worth less the best rival's; a
won or lost game is +-100,000). The chance of winning is a logistic of that margin,
1 / (1 + e^(-margin / SCALE)): an even position is an even chance, a won game a certainty.
SCALE was fitted (maximum likelihood) on the good bot's own estimates, the worth of
the action it chose at each turn action, against who won in the end: 4,819 estimates from 60
two-player games of the good bot against itself (December 2026). The best SCALE was 180 (a
bootstrap over the games gives 120 to 280); binned, the games bear it out: of the estimates
between 0.1 and 0.2, 18% were followed by a win; 0.4-0.5: 45%; 0.6-0.7: 64%; 0.9-1.0: 92%.

The words. A reason names the action (the card melded or carried out, the achievement
claimed: all in the seat's view) and what it changes that the seat can see: achievements,
score, splays, icons, the highest top card, the hand's size, the opponents' score and
achievements, averaged over the positions guessed. It never names a card it only guessed.
"""

from __future__ import annotations

import math

from app.games.core import State
from app.games.innovation import board
from app.games.innovation.cards import COLORS
from app.games.innovation.ending import achievement_count, opponents, own_score

SCALE = 180.0

PLURAL = {
    "crown": "crowns",
    "leaf": "leaves",
    "lightbulb": "lightbulbs",
    "castle": "castles",
    "factory": "factories",
    "clock": "clocks",
}

Measure = dict[str, float]


def chance(margin: float) -> float:
    """The chance of winning that a worth margin stands for (see the module docstring)."""
    x = margin / SCALE
    if x >= 0:
        return 1.0 / (1.0 + math.exp(-x)) if x < 700 else 1.0
    return math.exp(x) / (1.0 + math.exp(x)) if x > -700 else 0.0


def measure(state: State, seat: int) -> Measure:
    """What a seat can see of where it stands (every entry public once the action is done)."""
    mine = state["seats"][seat]
    rivals = opponents(state, seat)
    shown: Measure = {
        "achievements": achievement_count(state, seat),
        "score": own_score(state, seat),
        "hand": len(mine["hand"]),
        "top": board.highest_top_age(state, seat),
        "rival achievements": sum(achievement_count(state, other) for other in rivals),
        "rival score": sum(own_score(state, other) for other in rivals),
    }
    for icon, count in board.icons(state, seat).items():
        shown[f"icon {icon}"] = count
    for color in COLORS:
        splay = mine["splays"][color]
        if splay:
            shown[f"splay {color} {splay}"] = 1
    result = state.get("result")
    if result is not None:
        won = seat in result.get("winners", [])
        shown["won" if won else "lost"] = 1
    return shown


def change(before: list[State], after: list[State], seat: int) -> Measure:
    """The mean change, over the guessed positions, from each `before` to its `after`."""
    total: Measure = {}
    for old, new in zip(before, after, strict=True):
        first, then = measure(old, seat), measure(new, seat)
        for name in first.keys() | then.keys():
            total[name] = total.get(name, 0.0) + then.get(name, 0.0) - first.get(name, 0.0)
    return {name: value / max(1, len(after)) for name, value in total.items()}


def _signed(number: int, one: str, many: str) -> str:
    return f"{number:+d} {one if abs(number) == 1 else many}"


def phrases(delta: Measure, before: Measure, players: int) -> list[str]:
    """What a change shows, most telling first."""
    said: list[str] = []
    rival = "your opponent's" if players == 2 else "the others'"
    if delta.get("won", 0) >= 0.99:
        said.append("wins the game")
    elif delta.get("won", 0) > 0:
        said.append("may win the game")
    if delta.get("lost", 0) >= 0.5:
        said.append("ends the game with a loss")
    rounded = {name: round(value) for name, value in delta.items()}
    if rounded.get("achievements"):
        said.append(_signed(rounded["achievements"], "achievement", "achievements"))
    if rounded.get("score"):
        said.append(f"{rounded['score']:+d} score")
    for name, value in sorted(delta.items()):
        if name.startswith("splay ") and value >= 0.5:
            _, color, direction = name.split()
            said.append(f"splays your {color} pile {direction}")
    icons = [(value, name[5:]) for name, value in rounded.items() if name.startswith("icon ")]
    for value, icon in sorted(icons, key=lambda item: (-abs(item[0]), item[1]))[:2]:
        if value:
            said.append(f"{value:+d} {icon if abs(value) == 1 else PLURAL[icon]}")
    if rounded.get("top", 0) > 0:
        said.append(f"highest top card to age {round(before.get('top', 0)) + rounded['top']}")
    if rounded.get("rival achievements"):
        said.append(f"{rival} achievements {rounded['rival achievements']:+d}")
    if rounded.get("rival score"):
        said.append(f"{rival} score {rounded['rival score']:+d}")
    if rounded.get("hand"):
        said.append(_signed(rounded["hand"], "card in hand", "cards in hand"))
    return said


def reason(head: str, before: list[State], after: list[State], seat: int) -> str:
    """`head` (what the option is), then the three most telling changes it makes."""
    if not before:
        return head
    delta = change(before, after, seat)
    said = phrases(delta, measure(before[0], seat), before[0]["players"])[:3]
    return f"{head}: {', '.join(said)}" if said else f"{head}: nothing you can see changes"
