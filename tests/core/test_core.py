"""app/games/core.py: seeded randomness, the Game interface, Simultaneous, Script, the log."""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Generator
from typing import Any

import pytest

from app.games.bots import EASY, bot_rng
from app.games.core import (
    Action,
    BadOptions,
    BadPlayerCount,
    Game,
    IllegalAction,
    Option,
    Result,
    Rng,
    Seat,
    State,
)
from app.games.decisions import Ask, Script, Simultaneous
from app.games.log import log, visible_log
from app.games.randomness import randomness, seed_state
from tests.registered import ENTRIES, GAME_IDS

MOST_STEPS = 4000  # easy bots end every registered game well within this (the longest: ~2500)

# --- Rng ------------------------------------------------------------------------------------


def draws(seed: int, count: int = 20) -> list[int]:
    rng = Rng.from_seed(seed)
    return [rng.next64() for _ in range(count)]


def test_the_same_seed_gives_the_same_sequence() -> None:
    assert draws(12345) == draws(12345)
    a, b = Rng.from_seed(7), Rng.from_seed(7)
    assert [a.below(6) for _ in range(200)] == [b.below(6) for _ in range(200)]
    assert a.state == b.state


def test_the_sequence_is_pinned() -> None:
    """SplitMix64, as published: games replayed from their record depend on it never changing."""
    rng = Rng(0)
    assert [rng.next64() for _ in range(3)] == [
        0xE220A8397B1DCDAF,
        0x6E789E6AA1B965F4,
        0x06C45D188009454F,
    ]


def test_different_seeds_differ() -> None:
    firsts = {Rng.from_seed(seed).next64() for seed in range(2000)}
    assert len(firsts) == 2000
    assert draws(1) != draws(2)
    assert draws(0)[:5] != draws(1 << 64)[:5] or Rng(1 << 64).state == 0  # masked to 64 bits


def test_below_stays_in_range() -> None:
    rng = Rng.from_seed(99)
    for n in (1, 2, 3, 6, 7, 10, 1000, (1 << 63) + 1, 1 << 64):
        values = [rng.below(n) for _ in range(300)]
        assert all(0 <= value < n for value in values), n
    assert {rng.below(1) for _ in range(50)} == {0}
    for bad in (0, -1):
        with pytest.raises(ValueError):
            rng.below(bad)


def test_below_is_roughly_uniform() -> None:
    rng = Rng.from_seed(2024)
    rolls = 60_000
    counts = Counter(rng.die() for _ in range(rolls))
    assert set(counts) == {1, 2, 3, 4, 5, 6}
    expected = rolls / 6
    chi_square = sum((counts[face] - expected) ** 2 / expected for face in range(1, 7))
    # 5 degrees of freedom: P(chi2 > 30) is about 1.5e-5.
    assert chi_square < 30, counts
    # A bound just below a power of two is where modulo bias would show.
    n = (1 << 63) + (1 << 62)  # 3/4 of 2**64: modulo would make the low third twice as likely
    low = sum(rng.below(n) < n // 3 for _ in range(6000))
    assert 1700 < low < 2300


def test_randint_die_and_choice() -> None:
    rng = Rng.from_seed(5)
    assert {rng.randint(3, 5) for _ in range(300)} == {3, 4, 5}
    assert {rng.die(4) for _ in range(300)} == {1, 2, 3, 4}
    assert {rng.choice(["a", "b"]) for _ in range(100)} == {"a", "b"}


def test_shuffle_is_a_deterministic_permutation() -> None:
    def shuffled(seed: int) -> list[int]:
        items = list(range(52))
        Rng.from_seed(seed).shuffle(items)
        return items

    assert sorted(shuffled(1)) == list(range(52))
    assert shuffled(1) == shuffled(1)
    orders = {tuple(shuffled(seed)) for seed in range(50)}
    assert len(orders) == 50
    assert shuffled(1) != list(range(52))
    # Every one of the 6 orders of 3 items shows up, none much more often than the others.
    counts = Counter()
    rng = Rng.from_seed(3)
    for _ in range(6000):
        items = [0, 1, 2]
        rng.shuffle(items)
        counts[tuple(items)] += 1
    assert len(counts) == 6 and all(800 < count < 1200 for count in counts.values())
    empty: list[int] = []
    Rng.from_seed(1).shuffle(empty)
    assert empty == []


def test_seed_state_stores_a_hex_string() -> None:
    state: State = {}
    seed_state(state, 42)
    assert isinstance(state["rng"], str) and len(state["rng"]) == 16
    assert int(state["rng"], 16) == Rng.from_seed(42).state
    assert json.loads(json.dumps(state)) == state
    other: State = {}
    seed_state(other, 43)
    assert other["rng"] != state["rng"]


def test_randomness_writes_the_new_position_back() -> None:
    state: State = {}
    seed_state(state, 42)
    with randomness(state) as rng:
        first = rng.below(1000)
    assert state["rng"] == format(rng.state, "016x")
    with randomness(state) as rng:
        second = rng.below(1000)
    straight = Rng.from_seed(42)
    assert [first, second] == [straight.below(1000), straight.below(1000)]
    assert state["rng"] == format(straight.state, "016x")
    # Borrowing without drawing leaves the position where it was.
    before = state["rng"]
    with randomness(state):
        pass
    assert state["rng"] == before


# --- a toy simultaneous game ----------------------------------------------------------------


class Highest(Game):
    """Each seat secretly picks a number; the highest pick wins (ties share the win)."""

    id = "highest"
    name = "Highest"
    min_players = 2
    max_players = 3
    options = (
        Option("limit", "Highest number", (1, 3, 5), 3),
        Option("bonus", "A random bonus for one seat", (False, True), False),
    )

    def setup(self, players: int, options: dict[str, Any], seed: int) -> State:
        state: State = {"players": players, "limit": options["limit"], "log": []}
        seed_state(state, seed)
        if options["bonus"]:
            with randomness(state) as rng:
                state["bonus_seat"] = rng.below(players)
        Simultaneous.open(state, "picks", list(range(players)))
        log(state, "Everyone picks a number.")
        return state

    def legal(self, state: State, seat: Seat) -> list[Action]:
        if seat not in Simultaneous.waiting(state, "picks"):
            return []
        return [{"type": "pick", "n": n} for n in range(1, state["limit"] + 1)]

    def play(self, state: State, seat: Seat, action: Action) -> None:
        log(state, f"You picked {action['n']}.", seats=[seat])
        log(state, f"Seat {seat} has picked.")
        if Simultaneous.answer(state, "picks", seat, action["n"]):
            picks = Simultaneous.close(state, "picks")
            state["revealed"] = {str(s): n for s, n in sorted(picks.items())}
            log(state, "Picks: " + ", ".join(f"{n}" for _, n in sorted(picks.items())))

    def active(self, state: State) -> list[Seat]:
        return Simultaneous.waiting(state, "picks")

    def table(self, state: State, seat: Seat | None, everything: bool = False) -> dict[str, Any]:
        decision = state.get("picks")
        mine = None
        if decision is not None and seat is not None:
            mine = decision["answers"].get(str(seat))
        return {"mine": mine, "revealed": state.get("revealed")}

    def result(self, state: State) -> Result | None:
        revealed = state.get("revealed")
        if revealed is None:
            return None
        best = max(revealed.values())
        winners = [int(s) for s, n in revealed.items() if n == best]
        return Result(winners, dict(revealed), "highest pick")


HIGHEST = Highest()


def pick(n: int) -> Action:
    return {"type": "pick", "n": n}


def test_legal_lists_each_waiting_seats_choices() -> None:
    state = HIGHEST.start(3, {}, seed=1)
    for seat in range(3):
        assert HIGHEST.legal(state, seat) == [pick(1), pick(2), pick(3)]
    assert HIGHEST.active(state) == [0, 1, 2]
    after = HIGHEST.apply(state, 1, pick(2))
    assert HIGHEST.legal(after, 1) == []
    assert HIGHEST.legal(after, 0) == HIGHEST.legal(after, 2) == [pick(1), pick(2), pick(3)]
    assert HIGHEST.active(after) == [0, 2]
    with pytest.raises(IllegalAction):
        HIGHEST.apply(after, 1, pick(3))  # a seat answers once


def test_a_seats_pick_stays_secret_until_everyone_has_picked() -> None:
    state = HIGHEST.start(2, {"limit": 5}, seed=1)
    for secret in range(1, 6):
        after = HIGHEST.apply(state, 1, pick(secret))
        # Seat 0's view and a spectator's do not depend on seat 1's pick at all...
        assert HIGHEST.view(after, 0) == HIGHEST.view(HIGHEST.apply(state, 1, pick(1)), 0)
        assert HIGHEST.view(after, None) == HIGHEST.view(HIGHEST.apply(state, 1, pick(1)), None)
        view = HIGHEST.view(after, 0)
        assert view["state"]["mine"] is None and view["state"]["revealed"] is None
        assert f"You picked {secret}" not in json.dumps(view)
        # ...while seat 1 sees its own.
        assert HIGHEST.view(after, 1)["state"]["mine"] == secret
        assert f"You picked {secret}." in HIGHEST.view(after, 1)["log"]


def test_the_picks_resolve_once_the_last_seat_answers() -> None:
    state = HIGHEST.start(3, {"limit": 5}, seed=1)
    for seat, n in ((2, 4), (0, 5), (1, 5)):
        assert HIGHEST.result(state) is None
        state = HIGHEST.apply(state, seat, pick(n))
    result = HIGHEST.result(state)
    assert result == Result([0, 1], {"0": 5, "1": 5, "2": 4}, "highest pick")
    assert HIGHEST.active(state) == []
    assert "picks" not in state
    for seat in (0, 1, 2, None):
        assert HIGHEST.view(state, seat)["state"]["revealed"] == {"0": 5, "1": 5, "2": 4}
        assert HIGHEST.legal(state, seat or 0) == []
    for seat in range(3):
        with pytest.raises(IllegalAction):
            HIGHEST.apply(state, seat, pick(1))


class Everlasting(Highest):
    """A game whose rules would go on accepting picks after it has a result."""

    def legal(self, state: State, seat: Seat) -> list[Action]:
        return [pick(1)]

    def play(self, state: State, seat: Seat, action: Action) -> None:
        state["revealed"] = {"0": 1}


def test_no_action_is_accepted_once_the_game_has_a_result() -> None:
    game = Everlasting()
    state = game.start(2, {}, seed=1)
    state = game.apply(state, 0, pick(1))
    assert game.result(state) is not None
    with pytest.raises(IllegalAction):
        game.apply(state, 0, pick(1))


def test_apply_never_changes_the_state_passed_in() -> None:
    state = HIGHEST.start(2, {"bonus": True}, seed=9)
    before = json.dumps(state)
    HIGHEST.apply(state, 0, pick(3))
    assert json.dumps(state) == before
    with pytest.raises(IllegalAction):
        HIGHEST.apply(state, 0, pick(4))
    assert json.dumps(state) == before


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_no_registered_game_changes_the_state_passed_in(game_id: str) -> None:
    """A whole game, each action the easy bot's: `apply` returns a new state every time."""
    game = ENTRIES[game_id].game
    state = game.start(max(game.min_players, 2), {}, seed=3)
    for step in range(MOST_STEPS):
        if game.result(state) is not None:
            break
        seat = game.active(state)[0]
        view = {**game.view(state, seat), "you": seat}
        action = EASY.choose(game, view, game.legal(state, seat), bot_rng(3, step, seat))
        before = json.dumps(state)
        after = game.apply(state, seat, action)
        assert json.dumps(state) == before, f"step {step}: {action}"
        assert after is not state
        state = after
    assert game.result(state) is not None, f"no result after {MOST_STEPS} actions"


@pytest.mark.parametrize(
    "action",
    [
        pick(0),
        pick(4),
        {"type": "pick", "n": "1"},
        {"type": "pick", "n": True},
        {"type": "pick", "n": 1.0},
        {"type": "pick"},
        {"type": "pick", "n": 1, "x": 0},
        {},
        {"n": 1},
    ],
    ids=[
        "below-range",
        "above-range",
        "string-1",
        "true-for-1",
        "float-1.0-for-1",
        "missing-field",
        "extra-field",
        "empty",
        "no-type",
    ],
)
def test_apply_refuses_anything_not_legal(action: Any) -> None:
    state = HIGHEST.start(2, {}, seed=1)
    before = json.dumps(state)
    with pytest.raises(IllegalAction):
        HIGHEST.apply(state, 0, action)
    with pytest.raises(IllegalAction):
        HIGHEST.apply(state, 5, pick(1))  # no such seat
    assert json.dumps(state) == before


def test_check_options_fills_in_the_defaults() -> None:
    assert HIGHEST.check_options({}) == {"limit": 3, "bonus": False}
    assert HIGHEST.check_options(None) == {"limit": 3, "bonus": False}
    assert HIGHEST.check_options({"limit": 5}) == {"limit": 5, "bonus": False}
    given = {"bonus": True}
    assert HIGHEST.check_options(given) == {"limit": 3, "bonus": True}
    assert given == {"bonus": True}  # the argument is not changed


@pytest.mark.parametrize(
    "options",
    [
        {"limit": 4},
        {"limit": "3"},
        {"limit": True},  # True == 1, but it is not the number 1
        {"limit": 1.0},
        {"limit": None},
        {"bonus": 1},
        {"bonus": 0},
        {"bonus": "true"},
        {"turns": 3},
        {"limit": 3, "Limit": 3},
    ],
)
def test_check_options_refuses_unknown_names_and_bad_values(options: dict[str, Any]) -> None:
    with pytest.raises(BadOptions):
        HIGHEST.check_options(options)
    with pytest.raises(BadOptions):
        HIGHEST.start(2, options, seed=1)


@pytest.mark.parametrize("players", [-1, 0, 1, 4])
def test_start_refuses_a_bad_player_count(players: int) -> None:
    with pytest.raises(BadPlayerCount):
        HIGHEST.check_players(players)
    with pytest.raises(BadPlayerCount):
        HIGHEST.start(players, {}, seed=1)


def test_start_accepts_every_good_player_count() -> None:
    for players in (2, 3):
        HIGHEST.check_players(players)
        assert HIGHEST.active(HIGHEST.start(players, {}, seed=1)) == list(range(players))


def test_start_is_a_function_of_the_seed() -> None:
    states = [json.dumps(HIGHEST.start(3, {"bonus": True}, seed=s)) for s in (1, 1, 2)]
    assert states[0] == states[1] != states[2]


def test_info_lists_the_options() -> None:
    info = HIGHEST.info()
    assert info["min_players"] == 2 and info["max_players"] == 3
    assert info["options"]["limit"] == {
        "label": "Highest number",
        "choices": [1, 3, 5],
        "default": 3,
        "help": "",
    }
    json.dumps(info)


# --- Simultaneous ---------------------------------------------------------------------------


def test_simultaneous_answers_in_any_order() -> None:
    for order in ([0, 1, 2], [2, 0, 1], [1, 2, 0]):
        state: State = {}
        Simultaneous.open(state, "vote", [2, 0, 1])
        assert Simultaneous.waiting(state, "vote") == [0, 1, 2]
        lasts = []
        for seat in order:
            lasts.append(Simultaneous.answer(state, "vote", seat, {"seat": seat}))
            assert seat not in Simultaneous.waiting(state, "vote")
        assert lasts == [False, False, True]
        state = json.loads(json.dumps(state))  # survives being stored
        assert Simultaneous.waiting(state, "vote") == []
        answers = Simultaneous.close(state, "vote")
        assert answers == {0: {"seat": 0}, 1: {"seat": 1}, 2: {"seat": 2}}
        assert all(type(seat) is int for seat in answers)
        assert state == {}
        assert Simultaneous.waiting(state, "vote") == []


def test_simultaneous_survives_a_json_round_trip_mid_decision() -> None:
    state: State = {}
    Simultaneous.open(state, "vote", [0, 1])
    assert Simultaneous.answer(state, "vote", 1, "yes") is False
    state = json.loads(json.dumps(state))
    assert Simultaneous.answer(state, "vote", 0, "no") is True
    assert Simultaneous.close(state, "vote") == {0: "no", 1: "yes"}


# --- Script ---------------------------------------------------------------------------------


def numbers(count: int) -> list[Action]:
    return [{"type": "number", "n": n} for n in range(count)]


def pick_two(state: State, size: int) -> Generator[Ask, Action, None]:
    """Seat 0 picks a number, a die is rolled, seat 1 picks; the total is kept."""
    with randomness(state) as rng:
        state["first_die"] = rng.die()
    first = yield Ask(0, "Pick a number", numbers(size), {"die": state["first_die"]})
    state["picks"] = [first["n"]]
    with randomness(state) as rng:
        state["second_die"] = rng.die()
    log(state, f"Seat 0 picked {first['n']}")
    second = yield Ask(1, "Pick another", numbers(size + 1))
    state["picks"].append(second["n"])
    state["total"] = sum(state["picks"]) + state["first_die"] + state["second_die"]
    log(state, f"Total {state['total']}")


def silent(state: State) -> Generator[Ask, Action, None]:
    with randomness(state) as rng:
        state["drawn"] = rng.below(100)
    return
    yield  # a generator that never asks


SCRIPTS = {"pick_two": pick_two, "silent": silent}


def start_state() -> State:
    state: State = {"kept": [1, 2], "log": []}
    seed_state(state, 77)
    return state


def straight(answers: list[Action]) -> State:
    """pick_two run directly, without Script."""
    state = start_state()
    generator = pick_two(state, size=3)
    next(generator)
    for answer in answers[:-1]:
        generator.send(answer)
    with pytest.raises(StopIteration):
        generator.send(answers[-1])
    return state


def test_a_script_asks_and_advances() -> None:
    script = Script(SCRIPTS)
    state = start_state()
    script.start(state, "pick_two", size=3)
    ask = script.asking(state)
    assert ask is not None
    assert (ask.seat, ask.prompt, ask.options) == (0, "Pick a number", numbers(3))
    assert ask.info == {"die": state["first_die"]}
    assert "picks" not in state and state["kept"] == [1, 2]

    script.answer(state, {"type": "number", "n": 2})
    ask = script.asking(state)
    assert ask is not None and (ask.seat, ask.options) == (1, numbers(4))
    assert state["picks"] == [2] and "second_die" in state

    script.answer(state, {"type": "number", "n": 3})
    assert script.asking(state) is None
    assert "script" not in state
    assert state["total"] == 5 + state["first_die"] + state["second_die"]
    assert state == straight([{"type": "number", "n": 2}, {"type": "number", "n": 3}])
    assert json.dumps(state) == json.dumps(
        straight([{"type": "number", "n": 2}, {"type": "number", "n": 3}])
    )


def test_a_script_rebuilt_from_stored_json_gives_byte_identical_results() -> None:
    """The restart guarantee: a server that reloads the state mid-script carries on exactly."""
    answers = [{"type": "number", "n": 1}, {"type": "number", "n": 0}]
    running = start_state()
    Script(SCRIPTS).start(running, "pick_two", size=3)
    Script(SCRIPTS).answer(running, answers[0])
    stored = json.dumps(running)

    reloaded = json.loads(stored)
    restarted = Script(SCRIPTS)  # a new process: a new Script, the state from storage
    assert restarted.asking(reloaded) == Script(SCRIPTS).asking(running)
    restarted.answer(reloaded, answers[1])
    Script(SCRIPTS).answer(running, answers[1])
    assert json.dumps(reloaded) == json.dumps(running) == json.dumps(straight(answers))
    # And the dice came from the seed, not from anywhere else.
    again = start_state()
    Script(SCRIPTS).start(again, "pick_two", size=3)
    for answer in answers:
        Script(SCRIPTS).answer(again, answer)
    assert json.dumps(again) == json.dumps(running)


def test_a_script_under_another_key() -> None:
    script = Script(SCRIPTS, key="effect")
    state = start_state()
    script.start(state, "pick_two", size=2)
    assert "effect" in state and "script" not in state
    assert script.asking(state) is not None and Script(SCRIPTS).asking(state) is None


def test_a_script_that_asks_nothing_finishes_at_once() -> None:
    script = Script(SCRIPTS)
    state = start_state()
    script.start(state, "silent")
    assert "script" not in state
    assert script.asking(state) is None
    expected = start_state()
    with randomness(expected) as rng:
        expected["drawn"] = rng.below(100)
    assert state == expected


def test_only_one_script_runs_at_a_time() -> None:
    script = Script(SCRIPTS)
    state = start_state()
    script.start(state, "pick_two", size=3)
    before = json.dumps(state)
    with pytest.raises(RuntimeError):
        script.start(state, "silent")
    assert json.dumps(state) == before


# --- the log --------------------------------------------------------------------------------


def test_visible_log_hides_lines_limited_to_other_seats() -> None:
    state: State = {}
    log(state, "public one")
    log(state, "for seat 0", seats=[0])
    log(state, "for seats 1 and 2", seats=[2, 1])
    log(state, "public two")
    assert state["log"][2] == {"text": "for seats 1 and 2", "seats": [1, 2]}
    assert visible_log(state, 0) == ["public one", "for seat 0", "public two"]
    assert visible_log(state, 1) == ["public one", "for seats 1 and 2", "public two"]
    assert visible_log(state, 2) == ["public one", "for seats 1 and 2", "public two"]
    assert visible_log(state, 3) == ["public one", "public two"]
    assert visible_log(state, None) == ["public one", "public two"]
    assert visible_log({}, 0) == []


def test_visible_log_keeps_the_last_lines() -> None:
    state: State = {}
    for i in range(100):
        log(state, f"line {i}", seats=[0] if i % 2 else None)
    assert visible_log(state, None) == [f"line {i}" for i in range(20, 100, 2)]
    assert visible_log(state, 0) == [f"line {i}" for i in range(60, 100)]
    assert visible_log(state, 0, last=3) == ["line 97", "line 98", "line 99"]
    # With a step, the oldest go that many at a time: 40 lines less 16 at a time.
    assert visible_log(state, 0, step=16) == [f"line {i}" for i in range(64, 100)]
    assert visible_log(state, None, step=16) == [f"line {i}" for i in range(32, 100, 2)]
