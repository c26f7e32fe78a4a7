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


def states_of(game_id: str) -> tuple[list, list]:
    game = GAMES[game_id]
    seed, moves = random_game(game_id, 1)
    states = [game.start(2, {}, seed)]
    for seat, action in moves:
        states.append(game.apply(states[-1], seat, action))
    return states, moves


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_each_games_chart_runs_from_the_start_to_the_result(game_id: str) -> None:
    game = GAMES[game_id]
    states, moves = states_of(game_id)
    chart = series(game, iter(states))
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


def test_convolution_lists_categories_then_calculated_categories() -> None:
    states, _ = states_of("convolution")
    columns = series(GAMES["convolution"], iter(states))["columns"]
    assert [column["label"] for column in columns] == [
        "Categories won",
        "Calculated categories won",
    ]
    assert sum(columns[0]["values"]) == 12 and sum(columns[1]["values"]) == 3


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
    game = GAMES["unvention"]
    states, _ = states_of("unvention")
    middle = next(state for state in states if len(logbook.readable(state, 0)) > 50)
    assert middle is not states[-1]
    view = rules_view(game, middle, 0, NAMES[:2], replay=True)
    whole = [name_seats(line, NAMES[:2]) for line in logbook.readable(middle, 0)]
    assert view["log"] == whole and view["log_start"] == 0
    live = rules_view(game, middle, 0, NAMES[:2])
    assert len(live["log"]) == 40
    assert live["log_start"] == len(view["log"]) - 40
    assert view["log"][live["log_start"] :] == live["log"]


def test_the_chart_endpoint_answers_finished_games_once_computed(settings: Settings) -> None:
    game = GAMES["convolution"]
    seed, moves = random_game("convolution", 1)
    with serving(settings) as client:
        code = run(_record(settings.database_url, game, seed, moves))
        first = client.get(f"/api/lobbies/{code}/progress")
        assert first.status_code == 200, first.text
        chart = first.json()
        assert chart["names"] == NAMES[:2] and chart["steps"] == len(moves)
        assert chart["measure"] == "Categories won"
        assert client.get(f"/api/lobbies/{code}/progress").json() == chart  # kept
        playing = run(_record(settings.database_url, game, seed, moves[:5]))
        refused = client.get(f"/api/lobbies/{playing}/progress")
        assert refused.status_code == 409 and refused.json()["error"] == "not_finished"
        assert client.get("/api/lobbies/NOSUCH/progress").status_code == 404


def test_earlier_log_lines_come_from_the_server_before_the_views_own(settings: Settings) -> None:
    game = GAMES["unvention"]
    seed, moves = random_game("unvention", 1)
    states, _ = states_of("unvention")
    whole = [name_seats(line, NAMES[:2]) for line in logbook.readable(states[-1], None)]
    with serving(settings) as client:
        code = run(_record(settings.database_url, game, seed, moves))
        spectator = Table(client, code, []).connect(None)
        view = spectator.until("snapshot")["view"]
        assert len(view["log"]) == 40 and view["log_start"] == len(whole) - 40
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


def test_unscrewed_charts_who_is_still_standing_from_a_start_where_everyone_is() -> None:
    """A survival chart: every seat standing at the start (choosing a character and spawning is
    no fall), out only while its character is dead, the winner standing at the end; its levels
    are named in words, not counted."""
    states, _ = states_of("unscrewed")
    chart = series(GAMES["unscrewed"], iter(states))
    assert chart["levels"] == ["Out", "Standing"]
    assert chart["points"][0] == [0, [1, 1]]
    winners = GAMES["unscrewed"].result(states[-1]).winners
    assert chart["points"][-1][1] == [int(seat in winners) for seat in range(2)]
    opening = ("characters", "spawning")
    spawned = next(i for i, state in enumerate(states) if state["phase"] not in opening)
    assert all(standing == [1, 1] for step, standing in chart["points"] if step < spawned)
    for step, standing in chart["points"]:
        if step >= spawned:
            assert standing == [int(seat["alive"]) for seat in states[step]["seats"]]
    assert series(GAMES["convolution"], iter(states_of("convolution")[0]))["levels"] == []


def test_a_finished_games_last_replay_step_marks_the_lines_the_seat_never_read() -> None:
    """The end of a finished game shows every line, the other seat's secrets too; those are
    marked, and the seat's own lines keep the numbers they had at the table (one numbering)."""
    game = GAMES["innovation"]
    states, _ = states_of("innovation")
    end = states[-1]
    view = rules_view(game, end, 0, NAMES[:2], replay=True)
    table = [name_seats(line, NAMES[:2]) for line in logbook.readable(end, 0)]
    secret = set(view["log_secret"])
    assert secret and len(view["log"]) == len(table) + len(secret)
    assert [line for i, line in enumerate(view["log"]) if i not in secret] == table
    before = rules_view(game, states[-2], 0, NAMES[:2], replay=True)
    assert before["log_secret"] == [] and "log_secret" not in rules_view(game, end, 0, NAMES[:2])
