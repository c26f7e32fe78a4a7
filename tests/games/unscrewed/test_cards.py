"""Every Improv card, every icon, every Quirk, every Gimmick, the Friend and the Master Plans."""

from __future__ import annotations

import pytest

from app.games.core import Rng
from app.games.unscrewed.aftermath import activate_crush_spots, activate_fans, check_bombs
from app.games.unscrewed.board import DIRECTIONS
from app.games.unscrewed.component_file import stand_in_components
from app.games.unscrewed.gimmicks import end_of_aftermath, rewards
from app.games.unscrewed.improv import improvise, resolve
from app.games.unscrewed.movement import move
from app.games.unscrewed.printed_cards import ICONS
from app.games.unscrewed.rounds import perform

from .helpers import blank, drive, kinds, quirk, rig_dice, table, top_improv, where, with_space

COMPONENTS = stand_in_components()
EAST = {"type": "aim", "direction": "east"}
THREE = ["moe_skeeto", "slappy", "freddy_fraidy"]


def setup(c1=(7, 7), c2=(0, 8), rows=None, mode="first", characters=THREE, **things):
    at = {"c0": [4, 4], "c1": list(c1), "c2": list(c2)}
    at.update({k: list(v) for k, v in things.items()})
    state = table(rows or blank(9), at, characters=characters, mode=mode)
    state["dibs"] = 0
    state.pop("asking", None)
    return state


def card(state, card_id, answers=()):
    drive(resolve(state, 0, card_id + ".1"), list(answers))
    return state


def rig_coin(state, side):
    for candidate in range(1, 10_000):
        rng = Rng(candidate)
        if ("heads", "tails")[rng.below(2)] == side:
            state["rng"] = format(candidate, "016x")
            return
    raise AssertionError


def give(state, seat, effect):
    card = quirk(effect)
    state["seats"][seat]["quirks"].append(card)
    return card


def scheme_of(state, seat, cards):
    state["seats"][seat]["slots"] = [{"card": c, "flipped": False, "did": None} for c in cards]


# --- Improv cards -----------------------------------------------------------------------------


def test_big_hammer():
    s = card(setup(c1=(5, 4)), "big_hammer", [EAST])
    assert where(s, "c1") == [6, 4]
    assert s["tokens"] == {"5,3": "hole", "5,4": "hole", "5,5": "hole"}


def test_extendo_gloves():
    s = card(setup(c1=(7, 5)), "extendo_gloves", [EAST])
    assert where(s, "c1") == [8, 5]


def test_chompy():
    s = card(setup(c1=(6, 3)), "chompy", [EAST])
    assert where(s, "c0") == [5, 4] and where(s, "c1") == [7, 2]


def test_big_bounce():
    s = card(setup(c1=(5, 4)), "big_bounce", [EAST])
    assert where(s, "c1") == [7, 4] and where(s, "c0") == [2, 4]


def test_trapdoor():
    s = card(setup(c1=(5, 4)), "trapdoor", [EAST])
    assert where(s, "c1") == [6, 4] and s["tokens"] == {"5,4": "hole"}


def test_cannonball():
    s = card(setup(c1=(6, 4)), "cannonball", [EAST])
    assert where(s, "c1") == [8, 4]


def test_boomerang():
    s = card(setup(c1=(7, 4)), "boomerang", [EAST])
    assert where(s, "c1") == [6, 4]


def test_rocket_skates():
    s = card(setup(c1=(7, 4)), "rocket_skates", [EAST])
    assert where(s, "c0") == [6, 4] and where(s, "c1") == [8, 4]


def test_brain_freeze():
    s = setup(c1=(5, 4))
    scheme_of(s, 1, ["north", "north", "north"])
    rig_dice(s, 1)
    card(s, "brain_freeze", [EAST])
    assert [e["seat"] for e in kinds(s, "confuse")] == [1]


def test_anvil_drop():
    s = card(setup(c1=(6, 4)), "anvil_drop", [EAST])
    assert where(s, "c1") == [7, 4] and where(s, "anvil1") == [6, 4]


def test_bomb_toss():
    s = card(setup(), "bomb_toss", [EAST])
    assert where(s, "bomb1") == [6, 4]


def test_oil_can():
    s = card(setup(), "oil_can", [EAST])
    assert s["tokens"] == {"5,4": "slick", "6,4": "slick", "7,4": "slick"}


def test_double_slap():
    s = card(setup(c1=(4, 3)), "double_slap", [EAST])
    assert where(s, "c1") == [4, 2]


def test_tail_whip():
    s = card(setup(c1=(3, 4)), "tail_whip", [EAST])
    assert where(s, "c1") == [2, 4]


def test_magnet_mitts():
    s = card(setup(c1=(4, 1)), "magnet_mitts", [EAST])
    assert where(s, "c1") == [4, 2]


def test_super_sneeze():
    s = card(setup(c1=(6, 4)), "super_sneeze", [EAST])
    assert where(s, "c1") == [8, 4]


def test_pogo_stick():
    s = card(setup(), "pogo_stick", [EAST])
    assert where(s, "c0") == [6, 4] and s["tokens"] == {"5,4": "hole"}


def test_wild_swing_won_and_lost():
    s = setup(c1=(5, 4))
    rig_coin(s, "heads")
    card(s, "wild_swing", [EAST, {"type": "call", "side": "heads"}])
    assert where(s, "c1") == [7, 4] and kinds(s, "coin")[0]["won"]
    s = setup(c1=(5, 4))
    rig_coin(s, "tails")
    card(s, "wild_swing", [EAST, {"type": "call", "side": "heads"}])
    assert kinds(s, "stumble")[0]["thing"] == "c0"
    assert not [e for e in kinds(s, "move") if e["thing"] == "c1"]


def test_catapult():
    s = card(setup(c1=(3, 4)), "catapult", [EAST])
    assert where(s, "c1") == [6, 4] and where(s, "c0") == [7, 4]


def test_trash_talk():
    s = setup(c1=(5, 4), mode="full")
    quirk = give(s, 1, "lucky")
    card(s, "trash_talk", [EAST, {"type": "discard_quirk", "quirk": quirk}])
    assert s["seats"][1]["quirks"] == []


def test_switcheroo():
    s = card(setup(c1=(1, 1)), "switcheroo")
    assert where(s, "c0") == [1, 1] and where(s, "c1") == [4, 4]


def test_banana_peels():
    s = card(setup(c1=(5, 5)), "banana_peels")
    assert len(s["tokens"]) == 7 and "5,5" not in s["tokens"]


def test_zippy_shoes():
    s = card(setup(), "zippy_shoes", [{"type": "shift", "direction": "northeast"}])
    assert where(s, "c0") == [5, 3]


def test_dizzy_spell():
    s = setup(c1=(6, 6), c2=(2, 2))
    rig_dice(s, 1, 4)
    card(s, "dizzy_spell", [{"type": "order", "thing": "c1"}])
    assert where(s, "c1") == [6, 5] and where(s, "c2") == [1, 2]


def test_lucky_penny():
    s = setup()
    rig_coin(s, "heads")
    top_improv(s, "zippy_shoes.1")
    card(
        s,
        "lucky_penny",
        [{"type": "call", "side": "heads"}, {"type": "shift", "direction": "south"}],
    )
    assert where(s, "c0") == [4, 5]


def test_encore():
    s = setup()
    top_improv(s, "zippy_shoes.1", "zippy_shoes.2")
    card(
        s,
        "encore",
        [{"type": "shift", "direction": "south"}, {"type": "shift", "direction": "south"}],
    )
    assert where(s, "c0") == [4, 6]


def test_dice_dash():
    s = setup()
    rig_dice(s, 3)
    card(s, "dice_dash", [{"type": "direction", "direction": "north"}])
    assert where(s, "c0") == [4, 1]


def test_compass_chaos():
    s = card(
        setup(c1=(5, 4), c2=(7, 7)),
        "compass_chaos",
        [
            {"type": "direction", "direction": "west"},
            {"type": "order", "thing": "c0"},
            {"type": "order", "thing": "c1"},
        ],
    )
    assert where(s, "c0") == [3, 4] and where(s, "c1") == [4, 4] and where(s, "c2") == [6, 7]


def test_mixed_signals():
    s = setup()
    scheme_of(s, 1, ["north", "east", "south"])
    scheme_of(s, 2, ["north", "east", "south"])
    card(s, "mixed_signals")
    assert sorted(e["seat"] for e in kinds(s, "confuse")) == [1, 2]


def test_slip_n_slide():
    s = card(setup(), "slip_n_slide")
    assert s["tokens"] == {"4,3": "slick", "5,4": "slick", "4,5": "slick", "3,4": "slick"}


def test_ticking_gift():
    s = card(setup(c1=(5, 4)), "ticking_gift")
    placed = sorted(where(s, f"bomb{n}") for n in (1, 2, 3))
    assert placed == [[3, 4], [4, 3], [4, 5]] and where(s, "bomb4") is None


def test_garbage_day():
    s = setup(mode="full")
    mine, theirs = give(s, 0, "lucky"), give(s, 1, "steady")
    card(
        s,
        "garbage_day",
        [{"type": "discard_quirk", "quirk": mine}, {"type": "discard_quirk", "quirk": theirs}],
    )
    assert all(p["quirks"] == [] for p in s["seats"])


def test_stolen_blueprints():
    s = setup(mode="full", characters=["moe_skeeto", "dr_piddles", "slappy"])
    card(s, "stolen_blueprints", [{"type": "plan", "at": [3, 3]}])
    assert s["plan"]["at"] == [3, 3]
    first = setup(mode="full")
    card(first, "stolen_blueprints")  # no Dr. Piddles: nothing happens
    assert first["plan"]["at"] is None


def test_shortcut():
    s = card(setup(c2=(1, 1)), "shortcut")
    assert where(s, "c0") == [1, 1] and where(s, "c2") == [4, 4]


def test_sinkhole():
    s = card(setup(), "sinkhole", [{"type": "shift", "direction": "south"}])
    assert where(s, "c0") == [4, 5] and len(s["tokens"]) == 8


def test_every_card_has_a_test_and_every_icon_is_used():
    names = {name[5:] for name in globals() if name.startswith("test_")}
    for entry in COMPONENTS.improv:
        assert any(name.startswith(entry["id"]) for name in names), entry["id"]
    assert {icon for entry in COMPONENTS.improv for icon in entry["icons"]} == set(ICONS)


def test_improvise_reshuffles_an_empty_deck():
    s = setup()
    s["improv_deck"]["discard"] = ["zippy_shoes.1"]
    s["improv_deck"]["draw"] = []
    drive(improvise(s, 0), [{"type": "shift", "direction": "north"}])
    assert where(s, "c0") == [4, 3] and s["improv_deck"]["discard"] == ["zippy_shoes.1"]


# --- Quirks -----------------------------------------------------------------------------------

E = DIRECTIONS["east"]


def test_quirk_unpushable():
    s = setup(c1=(5, 4))
    give(s, 1, "unpushable")
    move(s, "c0", E, 1)
    assert where(s, "c0") == [4, 4] and where(s, "c1") == [5, 4]


def test_quirk_slick_proof():
    s = setup(rows=with_space(blank(9), 5, 4, "S"))
    give(s, 0, "slick_proof")
    move(s, "c0", E, 1)
    assert where(s, "c0") == [5, 4]


def test_quirk_hole_proof():
    s = setup(rows=with_space(blank(9), 5, 4, "H"))
    give(s, 0, "hole_proof")
    move(s, "c0", E, 1)
    assert where(s, "c0") == [5, 4]


def test_quirk_fan_wary():
    s = setup(rows=with_space(blank(9), 5, 4, "Fn"))
    give(s, 0, "fan_wary")
    move(s, "c0", E, 1)
    assert where(s, "c0") == [4, 4]


def test_quirk_fan_still():
    s = setup(rows=with_space(blank(9), 4, 2, "Fs"))
    give(s, 0, "fan_still")
    activate_fans(s)
    assert where(s, "c0") == [4, 4]


def test_quirk_bomb_proof():
    s = setup(bomb1=(5, 4))
    give(s, 0, "bomb_proof")
    check_bombs(s)
    assert where(s, "c0") == [4, 4] and where(s, "bomb1") is None


def test_quirk_portal_proof():
    s = setup(rows=with_space(with_space(blank(9), 5, 4, "Pa"), 1, 1, "Pa"))
    give(s, 0, "portal_proof")
    move(s, "c0", E, 1)
    assert where(s, "c0") == [5, 4]


def test_quirk_light_step():
    s = setup(rows=with_space(blank(9), 4, 4, "C"))
    give(s, 0, "light_step")
    move(s, "c0", E, 1)
    assert s["tokens"] == {}


def test_quirk_crush_proof():
    s = setup(rows=with_space(blank(9), 4, 4, "X"))
    give(s, 0, "crush_proof")
    activate_crush_spots(s)
    assert where(s, "c0") == [4, 4]


def test_quirk_stride():
    s = setup()
    give(s, 0, "stride")
    scheme_of(s, 0, ["east", "north", "south"])
    drive(perform(s, 0, 0, "east"))
    assert where(s, "c0") == [6, 4]


def test_quirk_steady():
    s = setup()
    give(s, 0, "steady")
    drive(perform(s, 0, 0, "again"), [{"type": "direction", "direction": "west"}])
    assert where(s, "c0") == [3, 4]


def test_quirk_lucky():
    s = setup()
    give(s, 0, "lucky")
    for candidate in range(1, 10_000):  # lose the first flip, win the second
        rng = Rng(candidate)
        if rng.below(2) == 1 and rng.below(2) == 0:
            s["rng"] = format(candidate, "016x")
            break
    top_improv(s, "zippy_shoes.1")
    card(
        s,
        "lucky_penny",
        [{"type": "call", "side": "heads"}, {"type": "shift", "direction": "south"}],
    )
    assert [e["won"] for e in kinds(s, "coin")] == [False, True]


def test_quirk_bouncy():
    s = setup(c1=(5, 4))
    give(s, 1, "bouncy")
    move(s, "c0", E, 1)
    assert where(s, "c1") == [7, 4]


def test_quirk_shove():
    s = setup(c1=(5, 4))
    give(s, 0, "shove")
    move(s, "c0", E, 1)
    assert where(s, "c1") == [7, 4]


def test_quirk_picky():
    s = setup()
    give(s, 0, "picky")
    top_improv(s, "bomb_toss.1", "zippy_shoes.1")
    drive(
        improvise(s, 0),
        [{"type": "pick_improv", "card": "zippy_shoes.1"}, {"type": "shift", "direction": "east"}],
    )
    assert where(s, "c0") == [5, 4] and "bomb_toss.1" in s["improv_deck"]["discard"]


def test_quirk_ducker():
    s = setup(c1=(6, 4), c2=(8, 4))
    give(s, 1, "ducker")
    card(s, "boomerang", [EAST])
    assert where(s, "c1") == [6, 4] and where(s, "c2") == [7, 4]


def test_quirk_thick_skin():
    s = setup(c1=(5, 4))
    give(s, 1, "thick_skin")
    card(s, "big_hammer", [EAST])
    assert where(s, "c1") == [5, 4]


def test_quirk_edge_grip():
    s = setup(c1=(0, 0))
    give(s, 1, "edge_grip")
    move(s, "c1", DIRECTIONS["west"], 1)
    assert where(s, "c1") == [0, 0]


def test_quirk_defuser():
    s = setup(bomb1=(5, 4))
    give(s, 0, "defuser")
    check_bombs(s)
    assert where(s, "bomb1") == [5, 4]


def test_quirk_collector():
    s = setup(mode="full")
    for effect in ("collector", "lucky", "steady"):
        give(s, 0, effect)
    from app.games.unscrewed.quirks import gain_quirk

    drive(gain_quirk(s, 0))
    assert len(s["seats"][0]["quirks"]) == 4


def test_every_quirk_effect_has_a_test():
    names = set(globals())
    for card in COMPONENTS.quirks:
        assert f"test_quirk_{card['effect']}" in names, card["id"]


# --- Gimmicks, the Friend and the Master Plans ------------------------------------------------


def gimmicked(characters, **kw):
    s = setup(mode="full", characters=characters, **kw)
    for seat, name in enumerate(characters):
        s["seats"][seat]["gimmick"] = {"character": name, "side": "front"}
    return s


def test_gimmick_freddy_fraidy_flips_when_alone_and_shifts_when_pushed():
    s = gimmicked(["moe_skeeto", "freddy_fraidy", "slappy"], c1=(5, 4))
    since = s["next_event"]
    move(s, "c0", E, 1)
    drive(rewards(s, since, 0), [{"type": "shift", "direction": "south"}])
    assert where(s, "c1") == [6, 5]
    s["things"]["c0"]["at"] = [1, 1]
    drive(end_of_aftermath(s))
    assert s["seats"][1]["gimmick"]["side"] == "back"
    s["things"]["c1"]["at"] = [6, 4]
    s["things"]["c2"]["at"] = [7, 4]
    since = s["next_event"]
    move(s, "c1", E, 1)  # Brave Freddy pushes a character: a Quirk
    drive(rewards(s, since, 1))
    assert len(s["seats"][1]["quirks"]) == 1


def test_gimmick_moe_skeeto_gains_a_quirk_when_his_push_kills():
    s = gimmicked(
        ["moe_skeeto", "slappy", "freddy_fraidy"], c1=(5, 4), rows=with_space(blank(9), 6, 4, "H")
    )
    since = s["next_event"]
    move(s, "c0", E, 1)
    drive(rewards(s, since, 0))
    assert where(s, "c1") is None and len(s["seats"][0]["quirks"]) == 1


def test_gimmick_the_mad_cow_gets_mad_and_pushes_two():
    s = gimmicked(["the_mad_cow", "slappy", "freddy_fraidy"], c1=(5, 4))
    since = s["next_event"]
    move(s, "c0", E, 1)
    drive(rewards(s, since, 0))
    assert s["seats"][0]["gimmick"]["side"] == "back"
    move(s, "c0", E, 1)
    assert where(s, "c1") == [8, 4]  # pushed 2 by the Mad side


def test_gimmick_slappy_and_his_friend():
    s = gimmicked(["moe_skeeto", "slappy", "freddy_fraidy"], c1=(2, 2))
    s["friend"]["at"] = [2, 3]
    drive(end_of_aftermath(s))
    assert len(s["seats"][1]["quirks"]) == 1
    from app.games.unscrewed.gimmicks import place_friend

    drive(place_friend(s, 1), [{"type": "friend", "at": [1, 1]}])
    assert s["friend"]["at"] == [1, 1]


def test_gimmick_dr_piddles_master_plans():
    s = gimmicked(["dr_piddles", "slappy", "freddy_fraidy"])
    s["plan"]["at"] = [5, 4]
    since = s["next_event"]
    move(s, "c0", E, 1)
    drive(rewards(s, since, 0), [{"type": "plan", "at": [1, 1]}])
    slots = s["seats"][0]["slots"]
    assert slots[0]["card"] == "plan" and slots[0]["plan"] == "plan_a"
    assert s["plan"]["at"] == [1, 1] and s["plan"]["cards"] == ["plan_b", "plan_c"]
    # a Master Plan survives death
    from app.games.unscrewed.deaths import kill

    s["seats"][0]["slots"][1] = {"card": "north", "flipped": False, "did": None}
    kill(s, "c0", "test")
    assert s["seats"][0]["slots"][0]["card"] == "plan" and s["seats"][0]["slots"][1] is None


def test_master_plan_slot_takes_any_basic_action_in_play():
    from app.games.unscrewed.rounds import act

    s = gimmicked(["dr_piddles", "slappy", "freddy_fraidy"])
    s["seats"][0]["slots"] = [
        {"card": "plan", "plan": "plan_a", "flipped": False, "did": None},
        {"card": "again", "flipped": False, "did": None},
        None,
    ]
    drive(act(s, 0, 0), [{"type": "master_plan", "action": "south"}])
    drive(act(s, 0, 1))
    assert where(s, "c0") == [4, 6]  # South, then Again repeats South


@pytest.mark.parametrize(
    "character", ["freddy_fraidy", "moe_skeeto", "the_mad_cow", "slappy", "dr_piddles"]
)
def test_every_gimmick_has_texts(character):
    gimmick = COMPONENTS.gimmicks[character]
    assert gimmick["front"]["goal"] and gimmick["front"]["reward"]
    assert (gimmick["back"] is not None) == (character in ("freddy_fraidy", "the_mad_cow"))
