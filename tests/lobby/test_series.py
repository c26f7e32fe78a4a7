"""A series of "play again": three games in a row keep a score, in the lobby's JSON and in the
websocket's `lobby` message, on SQLite and PostgreSQL; and the score's own rules (draws, teams,
more than two players, who left)."""

from __future__ import annotations

from typing import Any

from starlette.testclient import TestClient

from app.lobby.rows import SeriesGame
from app.lobby.series import score
from app.play.lobby_message import with_ended
from tests.lobby.test_replay_and_again import ask_again
from tests.play.tables import Table, play_one


def play_to_the_end(table: Table, choose: int) -> tuple[list[str], dict[str, Any]]:
    """Start `table` (two people), play it out (the `choose`-th legal action each time, which
    moves on by 3, so that games differ), and return the winners' names and the `lobby`
    message a page opened after the end receives first."""
    table.start()
    first, second = table.connect(0), table.connect(1)
    first.until("snapshot")
    second.until("snapshot")
    while first.view is not None and first.view["result"] is None:
        play_one([first, second], {0: first, 1: second}, choose=choose)
        choose += 3
    assert first.view is not None
    names = [player["name"] for player in first.view["players"]]
    winners = [names[seat] for seat in first.view["result"]["winners"]]
    late = table.connect(None)
    message = late.receive()
    assert message["type"] == "lobby"
    for viewer in (first, second, late):
        viewer.close()
    return winners, message["lobby"]


def again(client: TestClient, table: Table) -> Table:
    """Both players ask to play again (the second seat first, so it hosts): the next table,
    its tokens by its seats."""
    opened = ask_again(client, table, 1)
    assert opened.status_code == 201, opened.text
    joined = ask_again(client, table, 0)
    assert joined.status_code == 201, joined.text
    assert joined.json()["code"] == opened.json()["code"]
    tokens = {
        answer.json()["player"]["seat"]: answer.json()["player"]["token"]
        for answer in (opened, joined)
    }
    return Table(client, opened.json()["code"], [tokens[0], tokens[1]])


def wins_of(series: dict[str, Any]) -> dict[str, int]:
    return {entry["name"]: entry["wins"] for entry in series["score"]}


def test_three_games_of_play_again_keep_the_score(client: TestClient) -> None:
    wins = {"Ann": 0, "Bob": 0}
    draws = 0
    table = Table.open(client, ("Ann", "Bob"), first_player="host")
    assert client.get(f"/api/lobbies/{table.code}").json()["series"] is None
    for number in (1, 2, 3):
        winners, told = play_to_the_end(table, choose=number * 7)
        for name in winners:
            wins[name] += 1
        draws += not winners
        lobby = client.get(f"/api/lobbies/{table.code}").json()
        if number == 1:
            # One game is no series yet.
            assert lobby["series"] is None and told["series"] is None
        else:
            for series in (lobby["series"], told["series"]):
                assert series == {
                    "number": number,
                    "played": number,
                    "draws": draws,
                    # This game's players by seat.
                    "score": [{"name": n, "wins": wins[n]} for n in lobby_names(lobby)],
                }
        table = again(client, table)
        waiting = client.get(f"/api/lobbies/{table.code}").json()
        # The second seat's player hosts the next game: the seats swap each time.
        assert lobby_names(waiting) == lobby_names(lobby)[::-1]
        # The next game's lobby counts the games before it, before anyone plays.
        assert waiting["series"]["number"] == number + 1
        assert waiting["series"]["played"] == number
        assert wins_of(waiting["series"]) == wins
    assert sum(wins.values()) + draws == 3


def lobby_names(lobby: dict[str, Any]) -> list[str]:
    return [player["name"] for player in sorted(lobby["players"], key=lambda p: p["seat"])]


def test_the_lobby_message_counts_the_game_that_just_ended(client: TestClient) -> None:
    """The hub's room holds the lobby as read before the last action: its `lobby` message
    still counts the game that ended in it, once."""
    first = Table.open(client, ("Ann", "Bob"), first_player="host")
    play_to_the_end(first, choose=0)
    second = again(client, first)
    second.start()
    bob, ann = second.connect(0), second.connect(1)
    bob.until("snapshot")
    ann.until("snapshot")
    before = bob.lobby
    assert before is not None and before["series"]["played"] == 1
    choose = 5
    while bob.view is not None and bob.view["result"] is None:
        play_one([bob, ann], {0: bob, 1: ann}, choose=choose)
        choose += 3
    assert bob.view is not None
    won = [["Bob", "Ann"][seat] for seat in bob.view["result"]["winners"]]
    watcher = second.connect(None)  # the room as it stands, not read again
    told = watcher.until("lobby")["lobby"]
    assert told["status"] == "finished"
    assert told["series"]["played"] == 2
    expected = {
        name: before_wins + (name in won) for name, before_wins in wins_of(before["series"]).items()
    }
    assert wins_of(told["series"]) == expected
    assert client.get(f"/api/lobbies/{second.code}").json()["series"] == told["series"]


# --- the score's rules ------------------------------------------------------------------------


def test_the_first_game_is_no_series() -> None:
    assert score(1, [], ["Ann", "Bob"]) is None


def test_draws_count_for_nobody_and_teams_for_each_winner() -> None:
    games = [
        SeriesGame(1, ("Ann", "Bob", "Cy", "Dee"), (0, 2)),  # Ann and Cy's team won
        SeriesGame(2, ("Ann", "Bob", "Cy", "Dee"), ()),  # nobody won
        SeriesGame(3, ("Bob", "Ann", "Cy", "Dee"), (0,)),
    ]
    assert score(4, games, ["Dee", "Cy", "Bob", "Ann"]) == {
        "number": 4,
        "played": 3,
        "draws": 1,
        "score": [
            {"name": "Dee", "wins": 0},
            {"name": "Cy", "wins": 1},
            {"name": "Bob", "wins": 1},
            {"name": "Ann", "wins": 1},
        ],
    }


def test_players_who_left_keep_their_wins_after_those_at_the_table() -> None:
    games = [SeriesGame(1, ("Ann", "Eve"), (1,)), SeriesGame(2, ("Ann", "Bob"), (0,))]
    found = score(3, games, ["Ann", "Bob"])
    assert found is not None
    assert found["score"] == [
        {"name": "Ann", "wins": 1},
        {"name": "Bob", "wins": 0},
        {"name": "Eve", "wins": 1},
    ]


def test_a_game_that_just_ended_is_counted_once() -> None:
    waiting = score(2, [SeriesGame(1, ("Ann", "Bob"), (1,))], ["Ann", "Bob"])
    ended = with_ended(waiting, [0], ["Ann", "Bob"])
    assert ended is not None and ended["played"] == 2
    assert wins_of(ended) == {"Ann": 1, "Bob": 1}
    assert with_ended(ended, [0], ["Ann", "Bob"]) == ended  # counted already
    drawn = with_ended(waiting, [], ["Ann", "Bob"])
    assert drawn is not None and drawn["draws"] == 1 and wins_of(drawn) == {"Ann": 0, "Bob": 1}
    assert with_ended(None, [0], ["Ann", "Bob"]) is None
