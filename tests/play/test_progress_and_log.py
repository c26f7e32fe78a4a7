"""The story of a game for the pages: the score chart of a finished game (app/play/progress.py,
each game's progress.py) and the whole log, loaded on demand (app/play/logbook.py)."""

from __future__ import annotations

import pytest

from app.config import Settings
from app.games.log import log
from app.play import logbook
from app.play.progress import series
from app.play.views import name_seats, rules_view
from tests.conftest import run
from tests.play.tables import Table, serving
from tests.play.test_off_loop import GAMES, NAMES, _record, random_game
from tests.registered import ENTRIES, a_game, with_secrets


def states_of(game_id: str) -> tuple[list, list]:
    game = GAMES[game_id]
    seed, moves = random_game(game_id, 1)
    states = [game.start(2, {}, seed)]
    for seat, action in moves:
        states.append(game.apply(states[-1], seat, action))
    return states, moves


def a_long_log(lines: int = 50) -> str:
    """The cheapest game (for random play) whose random game of two seats has more than `lines`
    lines of log that every seat may read, before its last action."""
    for game_id in sorted(GAMES, key=lambda game_id: ENTRIES[game_id].bench.cost):
        states, _ = states_of(game_id)
        if len(states) > 1 and len(logbook.readable(states[-2], None)) > lines:
            return game_id
    raise LookupError(f"no game logs more than {lines} lines")


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_each_games_chart_runs_from_the_start_to_the_result(game_id: str) -> None:
    game = GAMES[game_id]
    states, moves = states_of(game_id)
    chart = series(ENTRIES[game_id].progress, iter(states))
    result = game.result(states[-1])
    assert result is not None
    assert chart["steps"] == len(moves)
    steps = [step for step, _ in chart["points"]]
    assert steps[0] == 0 and steps[-1] == len(moves)
    assert steps == sorted(set(steps))
    # Only where a standing changes (and the last step), each seat's standing in seat order.
    values = [standing for _, standing in chart["points"]]
    assert all(len(standing) == 2 for standing in values)
    assert all(a != b for a, b in zip(values[:-2], values[1:-1], strict=True))
    # The result banner's columns: one of them is the result's scores, every seat has a value.
    scores = [result.scores[str(seat)] for seat in range(2)]
    assert any(column["values"] == scores for column in chart["columns"]), chart["columns"]
    assert chart["measure"] and all(column["label"] for column in chart["columns"])
    assert chart["levels"] == list(ENTRIES[game_id].progress.levels)  # [] for a count


def test_the_whole_log_is_every_line_a_seat_may_read_and_views_say_where_theirs_start() -> None:
    state: dict = {"log": []}
    for line in range(60):
        log(state, f"line {line}")
    log(state, "a secret of seat 1", seats=[1])
    log(state, "the last line")
    readable = logbook.readable(state, 0)
    assert readable == [f"line {n}" for n in range(60)] + ["the last line"]
    assert logbook.readable(state, 1)[-2:] == ["a secret of seat 1", "the last line"]
    assert logbook.start(state, 0, readable[-40:]) == 21
    assert logbook.page(readable, 21, 15) == {
        "start": 6,
        "lines": [f"line {n}" for n in range(6, 21)],
        "total": 61,
    }
    assert logbook.page(readable, 5, 200)["lines"] == [f"line {n}" for n in range(5)]


def test_a_replay_step_holds_the_whole_log_up_to_it() -> None:
    game_id = a_long_log()
    game = GAMES[game_id]
    states, _ = states_of(game_id)
    middle = next(state for state in states if len(logbook.readable(state, 0)) > 50)
    assert middle is not states[-1]
    view = rules_view(game, middle, 0, NAMES[:2], replay=True)
    whole = [name_seats(line, NAMES[:2]) for line in logbook.readable(middle, 0)]
    assert view["log"] == whole and view["log_start"] == 0
    live = rules_view(game, middle, 0, NAMES[:2])
    assert 40 - 16 < len(live["log"]) <= 40  # the last lines, the oldest let go 16 at a time
    assert live["log_start"] == len(view["log"]) - len(live["log"])
    assert view["log"][live["log_start"] :] == live["log"]


def test_the_chart_endpoint_answers_finished_games_once_computed(settings: Settings) -> None:
    game = GAMES[a_game(players=2)]
    seed, moves = random_game(game.id, 1)
    with serving(settings) as client:
        code = run(_record(settings.database_url, game, seed, moves))
        first = client.get(f"/api/lobbies/{code}/progress")
        assert first.status_code == 200, first.text
        chart = first.json()
        assert chart["names"] == NAMES[:2] and chart["steps"] == len(moves)
        assert chart["measure"] == ENTRIES[game.id].progress.measure
        assert client.get(f"/api/lobbies/{code}/progress").json() == chart  # kept
        playing = run(_record(settings.database_url, game, seed, moves[:5]))
        refused = client.get(f"/api/lobbies/{playing}/progress")
        assert refused.status_code == 409 and refused.json()["error"] == "not_finished"
        assert client.get("/api/lobbies/NOSUCH/progress").status_code == 404


def test_earlier_log_lines_come_from_the_server_before_the_views_own(settings: Settings) -> None:
    game_id = a_long_log()
    game = GAMES[game_id]
    seed, moves = random_game(game_id, 1)
    states, _ = states_of(game_id)
    whole = [name_seats(line, NAMES[:2]) for line in logbook.readable(states[-1], None)]
    with serving(settings) as client:
        code = run(_record(settings.database_url, game, seed, moves))
        spectator = Table(client, code, []).connect(None)
        view = spectator.until("snapshot")["view"]
        # The last lines, 40 at most, the oldest let go 16 at a time (app/games/log.py).
        assert 40 - 16 < len(view["log"]) <= 40 and view["log_start"] % 16 == 0
        assert view["log"] == whole[view["log_start"] :]
        answer = client.get(
            f"/api/lobbies/{code}/log/lines", params={"before": view["log_start"], "limit": 10}
        )
        assert answer.status_code == 200, answer.text
        body = answer.json()
        assert body == {
            "start": view["log_start"] - 10,
            "lines": whole[view["log_start"] - 10 : view["log_start"]],
            "total": len(whole),
        }
        for bad in ("-1", "x", "1e3"):
            refused = client.get(f"/api/lobbies/{code}/log/lines", params={"before": bad})
            assert refused.status_code == 422, bad
        started = Table.open(client)
        refused = client.get(f"/api/lobbies/{started.code}/log/lines", params={"before": 0})
        assert refused.status_code == 409  # not started yet


def test_what_a_bot_did_for_a_player_out_of_time_is_said_in_words() -> None:
    before: dict = {"log": [{"text": "{seat0} rolled 3 5"}]}
    after = {
        "log": [
            *before["log"],
            {"text": "{seat0} scored 8 in Red"},
            {"text": "{seat0} drew the Zeppelin", "seats": [0]},  # a secret: never told
            {"text": "{seat1} is next"},
        ]
    }
    assert logbook.added(before, after) == "{seat0} scored 8 in Red {seat1} is next"
    assert logbook.action_words({"type": "roll"}) == "roll"
    assert logbook.action_words({"type": "score", "category": "red"}) == "score (category: red)"
    meld = {"type": "meld_card", "card": "writing", "from": {"hand": 2}, "cards": [1, 2]}
    assert logbook.action_words(meld) == "meld card (card: writing, from: hand: 2, cards: 1, 2)"


def test_a_finished_games_last_replay_step_marks_the_lines_the_seat_never_read() -> None:
    """The end of a finished game shows every line, the other seat's secrets too; those are
    marked, and the seat's own lines keep the numbers they had at the table (one numbering)."""
    game_id = a_game(players=2, where=with_secrets)
    game = GAMES[game_id]
    states, _ = states_of(game_id)
    end = states[-1]
    view = rules_view(game, end, 0, NAMES[:2], replay=True)
    table = [name_seats(line, NAMES[:2]) for line in logbook.readable(end, 0)]
    secret = set(view["log_secret"])
    assert secret and len(view["log"]) == len(table) + len(secret)
    assert [line for i, line in enumerate(view["log"]) if i not in secret] == table
    before = rules_view(game, states[-2], 0, NAMES[:2], replay=True)
    assert before["log_secret"] == [] and "log_secret" not in rules_view(game, end, 0, NAMES[:2])
