"""What each seat sees: hands and score piles by age for the others, achievements by age for
all, the supply as counts, the opening pick secret, log lines naming a hidden card only for the
seats allowed, a question the same for every seat (its words and answers are the asked seat's
prompt and legal actions), no script copy; and the replay of a finished game showing
everything."""

from __future__ import annotations

import json
from typing import Any

import pytest

from app.games.innovation.effects import EFFECTS, Ctx, Effect
from tests.games.innovation.helpers import (
    achieve,
    choose,
    dogma,
    draw,
    game,
    log_lines,
    meld,
    position,
)

State = dict[str, Any]


def names_in(value: Any) -> set[str]:
    if isinstance(value, str):
        return {value}
    if isinstance(value, dict):
        return {name for item in value.values() for name in names_in(item)}
    if isinstance(value, list):
        return {name for item in value for name in names_in(item)}
    return set()


def table(state: State, seat: int | None) -> dict[str, Any]:
    return game.view(state, seat)["state"]


def test_hands_and_score_piles_show_names_to_their_owner_and_ages_to_others():
    state = position(
        hands={0: ["Oars", "Construction"], 1: ["Sailing"]},
        scores={0: ["Mathematics", "Tools"]},
    )
    mine, theirs, spectator = table(state, 0), table(state, 1), table(state, None)
    assert mine["players"][0]["hand"] == ["Oars", "Construction"]
    assert mine["players"][0]["score_pile"] == ["Mathematics", "Tools"]
    assert mine["players"][1]["hand"] == [1]
    for other in (theirs, spectator):
        assert other["players"][0]["hand"] == [1, 2]
        assert other["players"][0]["score_pile"] == [1, 2]
        assert not names_in(other) & {"Oars", "Construction", "Mathematics", "Tools"}
    assert "Sailing" not in names_in(mine) and "Sailing" in names_in(theirs)


def test_achievements_and_the_supply_show_no_names_even_to_their_owner():
    state = position(achievements={0: [1, 2]}, specials={1: ["Monument"]})
    claimed = set(state["seats"][0]["achievements"])
    supply = {card for cards in state["supply"].values() for card in cards}
    available = set(state["available"].values())
    for seat in (0, 1, None):
        shown = table(state, seat)
        assert not names_in(game.view(state, seat)) & (claimed | supply | available)
        assert shown["players"][0]["achievements"] == [1, 2]
        assert shown["players"][1]["specials"] == ["Monument"]
        assert shown["available"] == [3, 4, 5, 6, 7, 8, 9]
        assert shown["specials"] == ["Empire", "World", "Wonder", "Universe"]
        assert shown["supply"]["1"] == len(state["supply"]["1"])


def test_the_opening_pick_is_secret_until_all_have_picked():
    state = game.start(2, {}, 3)
    mine = state["seats"][0]["hand"]
    state = game.apply(state, 0, {"type": "pick", "card": mine[0]})
    assert table(state, 0)["opening"] == {"waiting": [1], "pick": mine[0]}
    assert table(state, 1)["opening"] == {"waiting": [1], "pick": None}
    assert not names_in(game.view(state, 1)) & set(mine)
    assert not names_in(game.view(state, None)) & set(mine)
    assert game.action_for_log({"type": "pick", "card": mine[0]}) == {"type": "pick"}
    assert game.action_for_log({"type": "meld", "card": "Oars"}) == {"type": "meld", "card": "Oars"}


def test_a_draw_is_logged_by_age_for_everyone_and_by_name_for_the_drawer():
    state = position(boards={0: {"red": ["Archery"]}}, supply_top={1: ["Sailing"]})
    state = draw(state)
    assert log_lines(state, 0)[-2:] == ["{seat0} draws an age-1 card", "{seat0} draws Sailing"]
    assert log_lines(state, 1)[-1] == "{seat0} draws an age-1 card"
    assert log_lines(state, None)[-1] == "{seat0} draws an age-1 card"
    assert "Sailing" not in json.dumps(game.view(state, 1))


def test_a_meld_names_the_card_for_everyone():
    state = position(hands={0: ["Sailing"]})
    state = meld(state, "Sailing")
    assert log_lines(state, None)[-1] == "{seat0} melds Sailing"
    assert table(state, 1)["players"][0]["board"]["green"] == {"cards": ["Sailing"], "splay": None}


def test_moves_between_hidden_places_name_the_card_only_for_those_who_see_it(monkeypatch):
    def moves(ctx: Ctx) -> Effect:
        ctx.transfer("Oars", to="hand", player=1)  # 0's hand -> 1's hand: both see it
        ctx.score("Mysticism")  # 0's hand -> 0's score pile: 0 only
        ctx.return_card("Tools")  # 1's hand -> supply: 1 only
        ctx.reveal("Sailing")  # everyone
        ctx.transfer("Sailing", to="score")  # from where it is on show: named for everyone
        ctx.transfer("Sailing", to="hand", player=1)  # no longer on show: 0 and 1 only
        yield from ()

    monkeypatch.setitem(EFFECTS, "Writing", {1: moves})
    state = position(
        boards={0: {"blue": ["Writing"]}},
        hands={0: ["Oars", "Mysticism", "Sailing"], 1: ["Tools"]},
    )
    state = dogma(state, "Writing")
    spectator = "\n".join(log_lines(state, None))
    assert "Oars" not in spectator and "Mysticism" not in spectator and "Tools" not in spectator
    assert "Sailing is revealed" in spectator
    assert "Sailing moves from {seat0}'s hand to {seat0}'s score pile" in spectator
    assert "An age-1 card moves from {seat0}'s score pile to {seat1}'s hand" in spectator
    assert "Sailing moves from {seat0}'s score pile to {seat1}'s hand" in log_lines(state, 1)
    assert "Oars moves from {seat0}'s hand to {seat1}'s hand" in log_lines(state, 1)
    assert "Oars moves from {seat0}'s hand to {seat1}'s hand" in log_lines(state, 0)
    assert "{seat0} scores Mysticism" in log_lines(state, 0)
    assert not any("Mysticism" in line for line in log_lines(state, 1))
    assert "{seat1} returns Tools from {seat1}'s hand" in log_lines(state, 1)
    assert not any("Tools" in line for line in log_lines(state, 0))
    assert table(state, 1)["revealed"] == ["Sailing"]


def test_a_question_shows_its_options_only_to_the_asked_seat(monkeypatch):
    def give(ctx: Ctx) -> Effect:
        card = yield from ctx.choose_card(ctx.hand(), "Give a card")
        ctx.transfer(card, to="hand", player=ctx.demander)

    monkeypatch.setitem(EFFECTS, "Archery", {1: give})
    state = position(boards={0: {"red": ["Archery"]}}, hands={1: ["Oars", "Sailing"]})
    state = dogma(state, "Archery")
    asked = table(state, 1)["asking"]
    assert asked["seat"] == 1 and asked["kind"] == "card" and asked["card"] == "Archery"
    assert game.legal(state, 1) == [
        {"type": "card", "card": "Oars"},
        {"type": "card", "card": "Sailing"},
    ]
    for seat in (0, None):
        seen = game.view(state, seat)
        assert seen["state"]["asking"] == asked  # the question is the same for every seat
        assert not names_in(seen) & {"Oars", "Sailing"}
        assert '"base":' not in json.dumps(seen)
    assert game.view(state, 1)["prompt"] == "Give a card"
    assert game.view(state, 0)["prompt"] == "Waiting for {seat1} to choose (Archery)"
    assert table(state, 0)["dogma"]["card"] == "Archery"


def test_the_replay_of_a_finished_game_shows_everything():
    state = position(
        hands={1: ["Oars"]},
        scores={0: ["Construction", "Philosophy", "Sailing"]},  # 5: enough for age 1
        boards={0: {"purple": ["Mysticism"]}},
        achievements={0: [3, 4, 5, 6, 7]},
    )
    assert game.replay_view(state, 0)["state"]["players"][1]["hand"] == [1]  # not over yet
    state = achieve(state, 1)  # the sixth achievement ends the game
    assert game.result(state).winners == [0]
    replay = game.replay_view(state, 0)
    assert replay["state"]["players"][1]["hand"] == ["Oars"]
    assert replay["state"]["players"][0]["achievements"] == state["seats"][0]["achievements"]
    assert replay["state"]["supply_cards"]["1"] == state["supply"]["1"]
    assert game.view(state, 0)["state"]["players"][1]["hand"] == [1]


@pytest.mark.parametrize("seat", [0, 1, None])
def test_the_view_is_plain_json(seat):
    state = position(hands={0: ["Oars"]})
    seen = game.view(state, seat)
    assert json.loads(json.dumps(seen)) == seen
    assert set(seen) == {"active", "prompt", "state", "log"}


def test_choose_is_reachable_from_the_view_options(monkeypatch):
    def pick_color(ctx: Ctx) -> Effect:
        color = yield from ctx.choose_color(["red", "green"], "Pick a color")
        ctx.log(f"picked {color}")

    monkeypatch.setitem(EFFECTS, "Writing", {1: pick_color})
    state = dogma(position(boards={0: {"blue": ["Writing"]}}), "Writing")
    assert table(state, 0)["asking"]["kind"] == "color"
    assert game.legal(state, 0) == [
        {"type": "color", "color": "red"},
        {"type": "color", "color": "green"},
    ]
    state = choose(state, "color", "green")
    assert log_lines(state)[-1] == "picked green"
