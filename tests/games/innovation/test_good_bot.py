"""The good bot of Innovation (app/games/innovation/bot.py): whole games through views only,
views whose hidden parts are nonsense, positions with a clear best move, and reproducibility.

Most tests call `decide`, the bot's choice without the safety net of `GoodBot.choose` (which
falls back to a plain legal action on anything unexpected), so a failure inside shows here."""

from __future__ import annotations

import json
from typing import Any

from app.games.bots import CHANCE, EASY, Bot, bot_rng, bots_for
from app.games.core import Action, Rng, State, canonical
from app.games.innovation.bot import GoodBot, decide
from app.games.innovation.cards import CARDS
from tests.games.innovation.helpers import asking, dogma, game, position, take

GOOD = GoodBot()


def _view(state: State, seat: int) -> dict[str, Any]:
    return {**game.view(state, seat), "you": seat}


def _is_legal(action: Action, legal: list[Action]) -> bool:
    return any(canonical(action) == canonical(option) for option in legal)


def _good_choice(view: dict[str, Any], legal: list[Action], rng: Rng) -> Action:
    """The good bot's choice, failing loudly (no fallback) if it cannot read the view."""
    if len(legal) == 1:
        return legal[0]
    return decide(game, view, legal, rng)


def _play(players: list[str], seed: int, limit: int = 3000) -> tuple[State, list[str]]:
    """A whole game through game.apply, each seat's bot seeing only its view; (end, problems)."""
    state = game.start(len(players), {}, seed)
    problems: list[str] = []
    for seq in range(limit):
        if game.result(state) is not None:
            break
        seat = min(game.active(state))
        view, legal = _view(state, seat), game.legal(state, seat)
        rng = bot_rng(seed, seq, seat)
        if players[seat] == "good":
            action = _good_choice(view, legal, rng)
        else:
            action = EASY.choose(game, view, legal, rng)
        if not _is_legal(action, legal):
            problems.append(f"step {seq}: {action} is not legal")
            break
        state = game.apply(state, seat, action)
    return state, problems


def test_the_innovation_game_offers_the_good_bot() -> None:
    levels = bots_for(game)
    assert isinstance(levels["good"], GoodBot)
    assert isinstance(levels["good"], Bot) and levels["good"].level == "good"


def test_two_good_bots_play_a_whole_game() -> None:
    state, problems = _play(["good", "good"], seed=3)
    assert not problems, problems
    assert game.result(state) is not None


def test_a_good_bot_beats_the_easy_bot_in_a_whole_game() -> None:
    for seed, seats in ((4, ["good", "easy"]), (5, ["easy", "good"])):
        state, problems = _play(seats, seed)
        assert not problems, problems
        result = game.result(state)
        assert result is not None
        assert result.winners == [seats.index("good")], (seed, result)


def test_three_and_four_player_games_with_good_bots_end() -> None:
    for seats in (["good", "easy", "good"], ["easy", "good", "easy", "good"]):
        state, problems = _play(seats, seed=len(seats))
        assert not problems, problems
        assert game.result(state) is not None


# --- hidden state -----------------------------------------------------------------------------


NONSENSE: list[Any] = [[99, -1, "x"], [], ["Oars", None], [3, 3, 3, 3, 3, 3, 3, 3, 3, 3]]


def _garbled(view: dict[str, Any], index: int) -> dict[str, Any]:
    """The view with every other seat's hidden entries (hand, score pile, achievements: ages)
    replaced by nonsense of the same JSON shape, or removed; and the hidden piles' counts too."""
    table = dict(view["state"])
    players = []
    for seat, shown in enumerate(table["players"]):
        shown = dict(shown)
        if seat != view["you"]:
            for key in ("hand", "score_pile", "achievements"):
                if index % 5 == 4:
                    shown.pop(key, None)
                else:
                    shown[key] = list(NONSENSE[(index + len(key)) % len(NONSENSE)])
        players.append(shown)
    table["players"] = players
    table["available"] = list(NONSENSE[index % len(NONSENSE)])
    table["supply"] = {str(age): (index * age) % 7 for age in range(1, 11)}
    return {**view, "state": table}


def test_the_good_bot_needs_nothing_hidden() -> None:
    """Along games of good and easy bots, the good bot still answers a legal action from views
    whose hidden parts are nonsense (it never reads the true state: it only has the view)."""
    problems = []
    for seed in (11, 12):
        state = game.start(2, {}, seed)
        for seq in range(400):
            if game.result(state) is not None:
                break
            seat = min(game.active(state))
            legal = game.legal(state, seat)
            view = _view(state, seat)
            if len(legal) > 1:
                garbled = _garbled(view, seq)
                action = _good_choice(garbled, legal, bot_rng(seed, seq, 7))
                if not _is_legal(action, legal):
                    problems.append(f"seed {seed} step {seq}: {action} is not legal")
            if seat == 0:
                action = _good_choice(view, legal, bot_rng(seed, seq, seat))
            else:
                action = EASY.choose(game, view, legal, bot_rng(seed, seq, seat))
            state = game.apply(state, seat, action)
    assert not problems, problems[:5]


def test_a_view_without_its_state_still_gets_a_legal_action() -> None:
    state = position(boards={0: {"red": ["Archery"]}}, hands={0: ["Oars", "Pottery"]})
    legal = game.legal(state, 0)
    for garbage in (None, "garbage", 12345, [1, 2], {"players": "nope"}):
        view = {**_view(state, 0), "state": garbage}
        assert _is_legal(GOOD.choose(game, view, legal, Rng.from_seed(1)), legal)


# --- clear positions --------------------------------------------------------------------------


def _choice(state: State, seed: int = 0) -> Action:
    seat = min(game.active(state))
    return _good_choice(_view(state, seat), game.legal(state, seat), Rng.from_seed(seed))


def test_it_claims_an_achievement_it_can_claim() -> None:
    state = position(
        boards={0: {"red": ["Archery"]}, 1: {"blue": ["Writing"]}},
        hands={0: ["Sailing", "Code of Laws"]},
        scores={0: ["Metalworking", "Oars", "Pottery", "Tools", "Mysticism"]},
    )
    assert _choice(state) == {"type": "achieve", "age": 1}


def test_it_takes_the_dogma_that_wins_the_game() -> None:
    """Five achievements, Masonry on the board and four cards with a castle in hand: melding
    the four through Masonry takes Monument, the sixth achievement."""
    state = position(
        boards={0: {"yellow": ["Masonry"]}, 1: {"blue": ["Writing"]}},
        hands={0: ["Archery", "Tools", "City States", "The Wheel"]},
        achievements={0: [1, 2, 3, 4, 5]},
    )
    assert _choice(state) == {"type": "dogma", "card": "Masonry"}


def test_under_a_demand_it_gives_away_its_cheapest_crown() -> None:
    """Oars: the affected player moves a card with a crown into the demander's score pile; the
    good bot gives its age-1 crown rather than its age-4 one."""
    state = position(
        boards={0: {"red": ["Oars"]}, 1: {"blue": ["Pottery"]}},
        hands={1: ["Navigation", "Clothing"]},
    )
    state = dogma(state, "Oars")
    seat, options = asking(state)
    assert seat == 1 and len(options) == 2
    assert _choice(state) == {"type": "card", "card": "Clothing"}


def test_it_scores_its_best_card() -> None:
    """Ecology, once a card is returned: "score a card from your hand" takes the highest."""
    hand = ["Sailing", "Gunpowder", "Construction"]
    state = position(boards={0: {"yellow": ["Ecology"]}, 1: {"blue": ["Pottery"]}}, hands={0: hand})
    state = dogma(state, "Ecology")
    state = take(state, "Sailing")
    seat, options = asking(state)
    assert seat == 0 and {option["card"] for option in options} == {"Gunpowder", "Construction"}
    assert _choice(state) == {"type": "card", "card": "Gunpowder"}
    assert CARDS["Gunpowder"].age > CARDS["Construction"].age


# --- reproducibility --------------------------------------------------------------------------


def test_the_same_view_and_seed_give_the_same_choice() -> None:
    state = game.start(2, {}, 21)
    checked = 0
    for seq in range(120):
        if game.result(state) is not None:
            break
        seat = min(game.active(state))
        view, legal = _view(state, seat), game.legal(state, seat)
        first = GOOD.choose(game, view, legal, bot_rng(21, seq, seat))
        again = GOOD.choose(game, _view(state, seat), list(legal), bot_rng(21, seq, seat))
        assert first == again, seq
        checked += 1
        state = game.apply(state, seat, first)
    assert checked > 20


# --- weighing the options (consider) ----------------------------------------------------------


def _hidden_from(state: State, seat: int, view: dict[str, Any]) -> set[str]:
    """The cards `seat` cannot see: the others' hands, score piles and achievements, the
    supply, the standard achievements and the cards out of the game, less any its view names."""
    hidden: set[str] = set()
    for other, mine in enumerate(state["seats"]):
        if other != seat:
            hidden.update(mine["hand"], mine["score"], mine["achievements"])
    for cards in state["supply"].values():
        hidden.update(cards)
    hidden.update(state["available"].values(), state["removed"])
    shown = json.dumps(view)
    return {card for card in hidden if f'"{card}"' not in shown}


def _says_no_secret(reason: str, hidden: set[str]) -> bool:
    """No hidden card's name in `reason` once the names the seat can see are taken out."""
    visible = sorted((card for card in CARDS if card not in hidden), key=len, reverse=True)
    for card in visible:
        reason = reason.replace(card, "")
    return not any(card in reason for card in hidden)


def test_consider_weighs_legal_actions_best_first_with_reasons_and_no_secrets() -> None:
    """Along a game of the good bot against the easy one: every decision's `consider` lists
    legal actions (each once; every one of them on the turn's actions), values of chances
    that never rise, reasons that name no card the seat cannot see, `choose` as its first,
    and the same list again from the same view and generator."""
    seed, seats = 31, ["good", "easy"]
    state = game.start(2, {}, seed)
    checked = 0
    for seq in range(70):
        if game.result(state) is not None:
            break
        seat = min(game.active(state))
        view, legal = _view(state, seat), game.legal(state, seat)
        if seats[seat] == "good":
            weighed = GOOD.consider(game, view, legal, bot_rng(seed, seq, seat))
            keys = [canonical(entry.action) for entry in weighed]
            assert len(set(keys)) == len(keys) and all(_is_legal(e.action, legal) for e in weighed)
            if any(action["type"] == "draw" for action in legal):
                assert len(weighed) == len(legal)
            values = [entry.value for entry in weighed]
            assert values == sorted(values, reverse=True)
            assert all(0.0 <= value <= 1.0 for value in values)
            hidden = _hidden_from(state, seat, view)
            for entry in weighed:
                assert entry.reason.strip(), entry
                assert _says_no_secret(entry.reason, hidden), entry.reason
            again = GOOD.consider(game, _view(state, seat), list(legal), bot_rng(seed, seq, seat))
            assert again == weighed
            assert GOOD.choose(game, view, legal, bot_rng(seed, seq, seat)) == weighed[0].action
            assert GOOD.unit == CHANCE
            action = weighed[0].action
            checked += 1
        else:
            action = EASY.choose(game, view, legal, bot_rng(seed, seq, seat))
        state = game.apply(state, seat, action)
    assert checked > 18


def test_the_achievement_that_wins_the_game_comes_first_and_is_a_near_certainty() -> None:
    """Five achievements of six, an age-6 top card and 30 points: claiming the age-6
    achievement wins; the bot puts it first, worth nearly a certain win, and says so."""
    state = position(
        boards={0: {"blue": ["Atomic Theory"]}, 1: {"red": ["Archery"]}},
        hands={0: ["Oars"]},
        scores={0: ["Bicycle", "Combustion", "Electricity", "Evolution", "Explosives"]},
        achievements={0: [1, 2, 3, 4, 5]},
    )
    legal = game.legal(state, 0)
    assert {"type": "achieve", "age": 6} in legal
    weighed = GOOD.consider(game, _view(state, 0), legal, Rng.from_seed(2))
    assert weighed[0].action == {"type": "achieve", "age": 6}
    assert weighed[0].value > 0.99 and "wins the game" in weighed[0].reason
    assert "age 6 achievement" in weighed[0].reason
    assert weighed[-1].value < weighed[0].value
    assert len(weighed) == len(legal)


def test_a_question_is_weighed_with_the_answer_the_bot_gives_first() -> None:
    """Ecology's "score a card from your hand": Gunpowder (age 4) before Construction (2),
    each reason naming the card (the seat's own option) and the score it adds."""
    hand = ["Sailing", "Gunpowder", "Construction"]
    state = position(boards={0: {"yellow": ["Ecology"]}, 1: {"blue": ["Pottery"]}}, hands={0: hand})
    state = take(dogma(state, "Ecology"), "Sailing")
    weighed = GOOD.consider(game, _view(state, 0), game.legal(state, 0), Rng.from_seed(0))
    assert [entry.action["card"] for entry in weighed] == ["Gunpowder", "Construction"]
    assert weighed[0].value > weighed[1].value
    assert weighed[0].reason.startswith("Gunpowder: +4 score")


def test_the_greedy_sparring_bot_plays_a_whole_game_legally() -> None:
    """Innovation names a greedy bot for the benchmarks only (not a lobby level): against the
    easy bot it plays a whole game with legal actions, the same way twice."""
    greedy = game.sparring_bots()["greedy"]
    assert greedy.level == "greedy" and "greedy" not in bots_for(game)
    ends = []
    for _ in range(2):
        state = game.start(2, {}, 8)
        for seq in range(3000):
            if game.result(state) is not None:
                break
            seat = min(game.active(state))
            view, legal = _view(state, seat), game.legal(state, seat)
            bot = greedy if seat == 0 else EASY
            action = bot.choose(game, view, legal, bot_rng(8, seq, seat))
            assert _is_legal(action, legal), (seq, action)
            state = game.apply(state, seat, action)
        assert game.result(state) is not None
        ends.append(canonical(state))
    assert ends[0] == ends[1]
