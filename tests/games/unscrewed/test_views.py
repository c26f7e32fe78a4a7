"""No view shows another seat's face-down scheme cards, nor the order of a deck; states and views
name the printed components by id."""

from __future__ import annotations

import json

from app.games.core import Rng
from app.games.unscrewed.hand import hand_shown
from app.games.unscrewed.rounds import SCRIPTS

from .helpers import GAME, blank, table


def test_schemes_are_secret_until_flipped():
    state = table(blank(9), {"c0": [2, 2], "c1": [6, 6]})
    state = GAME.apply(state, 0, {"type": "scheme", "card": "improvise"})
    mine = GAME.view(state, 0)["state"]
    theirs = GAME.view(state, 1)["state"]
    spectator = GAME.view(state, None)["state"]
    assert mine["players"][0]["slots"][0]["card"] == "improvise"
    assert "improvise" not in hand_shown(mine)
    for seen in (theirs, spectator):
        assert seen["players"][0]["slots"][0] == {"flipped": False, "card": None}
    assert hand_shown(theirs) == ["north", "east", "south", "west", "improvise", "again"]
    assert "improvise" not in json.dumps(GAME.view(state, 1)["log"])


def test_flipped_cards_are_public_and_the_rest_stay_hidden():
    state = table(blank(9), {"c0": [2, 2], "c1": [6, 6]})
    state["dibs"] = 0
    for card in ("east", "west", "south"):
        state = GAME.apply(state, 0, {"type": "scheme", "card": card})
    state = GAME.apply(state, 0, {"type": "lock"})
    for card in ("improvise", "north", "west"):
        state = GAME.apply(state, 1, {"type": "scheme", "card": card})
    top = state["improv_deck"]["draw"][0]
    state = GAME.apply(state, 1, {"type": "lock"})
    # seat 0 moved East; seat 1 flipped Improvise and may be asked to aim
    seen = GAME.view(state, 0)["state"]["players"][1]["slots"]
    assert seen[0]["card"] == "improvise" and seen[0]["flipped"]
    assert seen[1]["card"] is None and seen[2]["card"] is None
    spectator = GAME.view(state, None)["state"]
    assert spectator["players"][0]["slots"][1]["card"] is None
    assert top.split(".")[0] in json.dumps(spectator["events"])  # the drawn card is public


def test_no_view_shows_a_deck_order_or_the_generator():
    state = GAME.start(3, {"mode": "full"}, 12)
    rng = Rng.from_seed(3)
    for _ in range(120):
        if GAME.result(state) is not None:
            break
        seat = GAME.active(state)[0]
        legal = [a for a in GAME.legal(state, seat) if a["type"] != "unscheme"]
        state = GAME.apply(state, seat, legal[rng.below(len(legal))])
        for viewer in (None, 0, 1, 2):
            view = GAME.view(state, viewer)
            text = json.dumps(view)
            assert state["rng"] not in text
            assert "improv_order" not in view["state"]["decks"]
            assert view["state"]["decks"]["improv"] == len(state["improv_deck"]["draw"])
            ask = SCRIPTS.asking(state)
            if ask is not None and ask.options[0]["type"] == "keep_quirk" and viewer != ask.seat:
                assert view["state"]["asking"]["info"] == {}
            for other in range(3):
                if other == viewer:
                    continue
                for slot in state["seats"][other]["slots"]:
                    if slot and not slot["flipped"] and slot["card"] != "plan":
                        shown = view["state"]["players"][other]["slots"]
                        assert all(
                            s is None or s["flipped"] or s["card"] in (None, "plan") for s in shown
                        )


def test_the_aim_chooser_previews_each_direction():
    state = table(blank(9), {"c0": [4, 4], "c1": [7, 7]})
    state["dibs"] = 0
    state["improv_deck"]["draw"].remove("big_hammer.2")
    state["improv_deck"]["draw"].insert(0, "big_hammer.2")
    for card in ("improvise", "north", "west"):
        state = GAME.apply(state, 0, {"type": "scheme", "card": card})
    state = GAME.apply(state, 0, {"type": "lock"})
    for card in ("north", "east", "west"):
        state = GAME.apply(state, 1, {"type": "scheme", "card": card})
    state = GAME.apply(state, 1, {"type": "lock"})
    asking = GAME.view(state, 0)["state"]["asking"]
    assert asking["kind"] == "aim" and asking["seat"] == 0
    assert asking["info"]["preview"]["east"]["targets"] == [[5, 3], [5, 4], [5, 5]]
    assert asking["info"]["preview"]["north"]["targets"] == [[3, 3], [4, 3], [5, 3]]
    assert GAME.prompt(state, 0) == "Aim Big Hammer"
    assert GAME.prompt(state, 1) is None


def printed_texts() -> list[str]:
    """Every text printed on a card, a Gimmick side, the Friend token or a Master Plan."""
    box = GAME.box
    sides = [side for g in box.gimmicks.values() for side in (g["front"], g["back"]) if side]
    return [
        *(card["text"] for card in (*box.improv, *box.quirks, *box.master_plans, box.friend)),
        *(side[field] for side in sides for field in ("goal", "reward", "text")),
    ]


def test_states_and_views_name_the_printed_components_by_id_only() -> None:
    state = GAME.start(3, {"mode": "full"}, 12)
    assert state["box"] == GAME.box.digest and state["map"] == GAME.box.maps[0]["id"]
    faces = GAME.components()
    rng = Rng.from_seed(3)
    texts = printed_texts()
    seen_gimmick = seen_quirk = False
    for _ in range(120):
        if GAME.result(state) is not None:
            break
        seat = GAME.active(state)[0]
        legal = [a for a in GAME.legal(state, seat) if a["type"] != "unscheme"]
        state = GAME.apply(state, seat, legal[rng.below(len(legal))])
        everything = [json.dumps(state)] + [
            json.dumps(GAME.view(state, viewer)) for viewer in (None, 0, 1, 2)
        ]
        assert not [text for text in texts if any(text in part for part in everything)]
        shown = GAME.view(state, 0)["state"]
        assert shown["map"]["id"] in {entry["id"] for entry in faces["maps"]}
        assert "grid" not in shown["map"] and "cards" not in shown
        for player in shown["players"]:
            for quirk in player["quirks"]:  # the page finds each one in the components
                assert quirk.split(".")[0] in {card["id"] for card in faces["quirks"]}
                seen_quirk = True
            if player["gimmick"] is not None:
                gimmick = player["gimmick"]
                assert set(gimmick) == {"character", "side"}
                assert faces["gimmicks"][gimmick["character"]][gimmick["side"]]["title"]
                seen_gimmick = True
    assert seen_quirk and seen_gimmick


def test_log_lines_name_the_player_and_the_character() -> None:
    state = GAME.start(2, {"mode": "first"}, 5)
    state = GAME.apply(state, 0, GAME.legal(state, 0)[0])
    character = state["seats"][0]["name"]
    assert "{seat0} plays " + character in GAME.view(state, None)["log"]
