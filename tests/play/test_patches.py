"""app/play/patches.diff: the JSON Patch between two views turns the first into the second,
and no part of it is bigger than one `replace` of the subtree it patches."""

from __future__ import annotations

import copy
import enum
import json
from typing import Any

import jsonpatch
from hypothesis import given, settings
from hypothesis import strategies as st

from app.play.patches import _value_size, diff
from app.wire import dumps

# Keys and texts with the characters that JSON Pointer and JSON escape (é as \u00e9).
KEYS = st.text(alphabet="ab/~01é", max_size=3)
SCALARS = (
    st.none()
    | st.booleans()
    | st.integers(-3, 3)
    | st.sampled_from([0.5, 1.0, 1e16, 12345678901234567890])
    | st.text(alphabet='ab~/é"\\\n', max_size=3)
)
VALUES = st.recursive(
    SCALARS,
    lambda children: st.lists(children, max_size=5) | st.dictionaries(KEYS, children, max_size=5),
    max_leaves=25,
)


def exact(value: Any) -> str:
    """A text form in which True and 1, or [1] and [True], differ."""
    return json.dumps(value, sort_keys=True)


def patched(old: Any, new: Any) -> Any:
    ops = diff(old, new)
    ops = json.loads(json.dumps(ops))  # the ops travel as JSON
    original = copy.deepcopy(old)
    result = jsonpatch.apply_patch(copy.deepcopy(old), ops)
    assert exact(old) == exact(original)  # diff left its arguments alone
    return result


def assert_patches(old: Any, new: Any) -> None:
    result = patched(old, new)
    assert result == new
    assert exact(result) == exact(new)
    assert_no_part_bigger_than_its_replace(old, new)


def compact(value: Any) -> int:
    """Bytes as the hub sends them (messages.dump)."""
    return len(dumps(value).encode())


def at(document: Any, path: str) -> Any:
    for token in path.split("/")[1:]:
        token = token.replace("~1", "/").replace("~0", "~")
        document = document[int(token)] if isinstance(document, list) else document[token]
    return document


def assert_no_part_bigger_than_its_replace(old: Any, new: Any) -> None:
    """The size rule: the ops under any path are no bigger than one replace of what is there
    in `new`, and a view (a dict) is never replaced whole."""
    ops = diff(old, new)
    if isinstance(old, dict) and isinstance(new, dict):
        assert all(op["path"] for op in ops)
    paths = {op["path"] for op in ops}
    parents = {path[:end] for path in paths for end, char in enumerate(path) if char == "/"}
    if isinstance(old, dict) and isinstance(new, dict):
        parents.discard("")
    for parent in parents:
        under = [op for op in ops if op["path"].startswith(parent + "/")]
        replace = {"op": "replace", "path": parent, "value": at(new, parent)}
        assert compact(under) <= compact([replace]), (parent, under)


@st.composite
def edited(draw: st.DrawFn, value: Any) -> Any:
    """`value` with a few random changes deep inside: the shape views change by."""
    if isinstance(value, dict) and value and draw(st.booleans()):
        value = dict(value)
        key = draw(st.sampled_from(sorted(value)))
        choice = draw(st.integers(0, 2))
        if choice == 0:
            del value[key]
        elif choice == 1:
            value[key] = draw(edited(value[key]))
        else:
            value[draw(KEYS)] = draw(VALUES)
        return value
    if isinstance(value, dict) and len(value) > 1 and draw(st.booleans()):
        keys = draw(st.permutations(list(value)))
        return {key: value[key] for key in keys}  # the same dict in another key order
    if isinstance(value, list) and value and draw(st.booleans()):
        value = list(value)
        choice = draw(st.integers(0, 5))
        if choice == 0:  # slide: drop from the front, add at the end
            drop = draw(st.integers(1, len(value)))
            return value[drop:] + draw(st.lists(VALUES, max_size=3))
        if choice == 1:
            index = draw(st.integers(0, len(value) - 1))
            value[index] = draw(edited(value[index]))
            return value
        if choice == 2:
            return value + draw(st.lists(VALUES, min_size=1, max_size=3))
        index = draw(st.integers(0, len(value)))
        if choice == 3:  # a card added to the middle of a hand
            return value[:index] + draw(st.lists(VALUES, min_size=1, max_size=2)) + value[index:]
        if choice == 4:  # a card played from the middle of a hand
            return value[:index] + value[index + draw(st.integers(1, 2)) :]
        return value[: draw(st.integers(0, len(value) - 1))]
    choice = draw(st.integers(0, 2))
    if choice == 0:
        return draw(VALUES)
    if choice == 1:
        return retyped(value)
    return value


def retyped(value: Any) -> Any:
    """The same value in Python's eyes (True == 1, False == 0), a different one in JSON's."""
    if isinstance(value, bool):
        return int(value)
    if type(value) is int and value in (0, 1):
        return bool(value)
    if type(value) is float and value.is_integer():
        return int(value)
    if isinstance(value, list):
        return [retyped(item) for item in value]
    if isinstance(value, dict):
        return {key: retyped(item) for key, item in value.items()}
    return value


@st.composite
def related(draw: st.DrawFn) -> tuple[Any, Any]:
    old = draw(VALUES)
    return old, draw(edited(old))


@settings(max_examples=300, deadline=None)
@given(VALUES, VALUES)
def test_the_patch_between_any_two_values_turns_one_into_the_other(old: Any, new: Any) -> None:
    assert_patches(old, new)
    assert diff(old, copy.deepcopy(old)) == []
    assert diff(new, new) == []


@settings(max_examples=300, deadline=None)
@given(related())
def test_the_patch_between_a_value_and_an_edit_of_it(pair: tuple[Any, Any]) -> None:
    old, new = pair
    assert_patches(old, new)
    assert_patches(new, old)


@settings(max_examples=300, deadline=None)
@given(
    st.lists(st.integers(0, 5), max_size=30),
    st.integers(0, 20),
    st.lists(st.integers(0, 5), max_size=20),
)
def test_a_sliding_list(items: list[int], drop: int, added: list[int]) -> None:
    old = {"log": items}
    new = {"log": items[drop:] + added}
    assert_patches(old, new)


# --- named cases ----------------------------------------------------------------------------


def test_a_sliding_log_window_is_three_removes_and_three_adds() -> None:
    old = {"seq": 1, "log": [f"line {i}" for i in range(40)]}
    new = {"seq": 1, "log": [f"line {i}" for i in range(3, 43)]}
    ops = diff(old, new)
    assert ops == [
        {"op": "remove", "path": "/log/0"},
        {"op": "remove", "path": "/log/0"},
        {"op": "remove", "path": "/log/0"},
        {"op": "add", "path": "/log/-", "value": "line 40"},
        {"op": "add", "path": "/log/-", "value": "line 41"},
        {"op": "add", "path": "/log/-", "value": "line 42"},
    ]
    assert_patches(old, new)


def test_a_log_that_only_grows_is_adds() -> None:
    old = {"log": ["a", "b"]}
    new = {"log": ["a", "b", "c"]}
    assert diff(old, new) == [{"op": "add", "path": "/log/-", "value": "c"}]


def test_changing_the_first_of_equal_elements_is_one_replace() -> None:
    assert diff([0, 0], [1, 0]) == [{"op": "replace", "path": "/0", "value": 1}]
    assert diff({"a": [0, 0]}, {"a": [1, 0]}) == [{"op": "replace", "path": "/a/0", "value": 1}]
    assert_patches([0, 0], [1, 0])


def test_keys_are_escaped() -> None:
    old = {"a/b": 1, "m~n": {"~1": 2}, "": 3}
    new = {"a/b": 2, "m~n": {"~1": 3}, "": 4, "/": 5}
    ops = diff(old, new)
    assert ops == [
        {"op": "replace", "path": "/a~1b", "value": 2},
        {"op": "replace", "path": "/m~0n/~01", "value": 3},
        {"op": "replace", "path": "/", "value": 4},
        {"op": "add", "path": "/~1", "value": 5},
    ]
    assert_patches(old, new)
    assert diff({"a/b": 1, "m~n": 2}, {}) == [
        {"op": "remove", "path": "/a~1b"},
        {"op": "remove", "path": "/m~0n"},
    ]


def test_true_and_1_differ() -> None:
    assert diff(True, 1) == [{"op": "replace", "path": "", "value": 1}]
    assert diff(0, False) == [{"op": "replace", "path": "", "value": False}]
    assert diff({"x": True}, {"x": 1}) == [{"op": "replace", "path": "/x", "value": 1}]
    assert diff([1], [True]) == [{"op": "replace", "path": "/0", "value": True}]
    for old, new in [
        ({"x": True}, {"x": 1}),
        ({"x": [True, 0]}, {"x": [1, 0]}),
        ([[0]], [[False]]),
        ({"a": {"b": 1}}, {"a": {"b": True}}),
        (["x", 1, 2], [1, True, 2]),
    ]:
        assert_patches(old, new)


def test_the_same_value_needs_no_patch() -> None:
    view = {"log": ["a"] * 40, "state": {"sheets": [{"red": None}, {"red": 3}]}, "you": 0}
    assert diff(view, copy.deepcopy(view)) == []
    assert diff(None, None) == [] and diff([], []) == [] and diff({}, {}) == []


def test_a_change_of_kind_is_a_replace() -> None:
    assert diff({"a": [1]}, {"a": {"0": 1}}) == [{"op": "replace", "path": "/a", "value": {"0": 1}}]
    assert diff({"a": None}, {"a": []}) == [{"op": "replace", "path": "/a", "value": []}]
    assert diff([1], {"a": 1}) == [{"op": "replace", "path": "", "value": {"a": 1}}]


# --- the size rule --------------------------------------------------------------------------


@settings(max_examples=300, deadline=None)
@given(VALUES)
def test_sizes_are_the_bytes_sent(value: Any) -> None:
    assert _value_size(value) == len(dumps(value).encode())


def test_a_roll_replaces_the_legal_list_whole() -> None:
    """A dice game after a roll: `legal` grows from a roll to nine categories."""
    categories = ["red", "blue", "green", "yellow", "first", "second", "third", "fourth", "sum"]
    old = {"legal": [{"type": "roll"}]}
    new = {"legal": [{"type": "score", "category": category} for category in categories]}
    assert diff(old, new) == [{"op": "replace", "path": "/legal", "value": new["legal"]}]
    assert diff(new, old) == [{"op": "replace", "path": "/legal", "value": old["legal"]}]
    assert_patches(old, new)


def test_new_dice_are_one_replace_but_one_new_die_is_one_small_op() -> None:
    old = {"dice": {"blue": [4, 3], "green": [4, 4], "red": [1, 6], "yellow": [1, 5]}}
    rolled = {"dice": {"blue": [3, 5], "green": [5, 6], "red": [4, 5], "yellow": [4, 6]}}
    assert diff(old, rolled) == [{"op": "replace", "path": "/dice", "value": rolled["dice"]}]
    one = copy.deepcopy(old)
    one["dice"]["red"][1] = 2
    assert diff(old, one) == [{"op": "replace", "path": "/dice/red/1", "value": 2}]


def test_one_changed_object_in_a_long_list_is_patched_inside_it() -> None:
    old = {"players": [{"name": f"p{i}", "score": i, "hand": [1, 2, 3]} for i in range(6)]}
    new = copy.deepcopy(old)
    new["players"][4]["score"] = 40
    assert diff(old, new) == [{"op": "replace", "path": "/players/4/score", "value": 40}]


def test_a_card_into_or_out_of_the_middle_of_a_hand_is_one_op() -> None:
    hand = [f"card {i}" for i in range(10)]
    drawn = hand[:4] + ["new card"] + hand[4:]
    assert diff({"hand": hand}, {"hand": drawn}) == [
        {"op": "add", "path": "/hand/4", "value": "new card"}
    ]
    assert diff({"hand": drawn}, {"hand": hand}) == [{"op": "remove", "path": "/hand/4"}]
    assert diff({"hand": hand}, {"hand": hand[:-2]}) == [
        {"op": "remove", "path": "/hand/9"},
        {"op": "remove", "path": "/hand/8"},
    ]
    assert_patches({"hand": hand}, {"hand": drawn})
    assert_patches({"hand": drawn}, {"hand": hand})


def test_a_view_is_never_replaced_whole() -> None:
    """The client's view has `players` beside the rules view: a root replace would drop it."""
    old = {f"key {i}": i for i in range(20)}
    new = {"other": 1}
    ops = diff(old, new)
    assert len(ops) == 21 and all(op["path"] for op in ops)
    assert compact(ops) > compact([{"op": "replace", "path": "", "value": new}])
    assert diff([1, 2, 3, 4], [5, 6, 7, 8]) == [
        {"op": "replace", "path": "", "value": [5, 6, 7, 8]}
    ]


def test_a_replace_one_byte_smaller_is_taken_and_a_tie_keeps_the_ops() -> None:
    for name, whole in [("s" * 5, True), ("s" * 6, False)]:
        old = {"d": {"a": 0, "b": 0, "c": 0, "x": 0, "y": 0, "z": name}}
        new = {"d": {"a": 0, "b": 0, "c": 0, "x": 1, "y": 1, "z": name}}
        replace = [{"op": "replace", "path": "/d", "value": new["d"]}]
        both = [
            {"op": "replace", "path": "/d/x", "value": 1},
            {"op": "replace", "path": "/d/y", "value": 1},
        ]
        assert compact(replace) == compact(both) - (1 if whole else 0)
        assert diff(old, new) == (replace if whole else both)


def test_escaped_text_is_counted_as_sent() -> None:
    """An emoji travels as four bytes of UTF-8: a list holding ten is dearer to send again."""
    for name, whole in [("e" * 10, True), ("\U0001f600" * 10, False)]:
        old = {"names": [name, "a", "b"]}
        new = {"names": [name, "c", "d"]}
        ops = diff(old, new)
        if whole:
            assert ops == [{"op": "replace", "path": "/names", "value": new["names"]}]
        else:
            assert [op["path"] for op in ops] == ["/names/1", "/names/2"]
        assert_patches(old, new)


def test_the_same_dict_in_another_key_order_needs_no_patch() -> None:
    old = {"state": {"a": 1, "b": [True, {"c": 0, "d": 1}]}}
    new = {"state": {"b": [True, {"d": 1, "c": 0}], "a": 1}}
    assert diff(old, new) == []
    assert diff(old, {"state": {"b": [1, {"d": 1, "c": 0}], "a": 1}}) == [
        {"op": "replace", "path": "/state/b/0", "value": 1}
    ]


class Level(enum.IntEnum):
    LOW = 1


def test_enums_are_compared_as_their_json() -> None:
    assert diff({"a": [Level.LOW]}, {"a": [Level.LOW]}) == []
    assert diff({"a": [Level.LOW]}, {"a": [1]}) == []  # both are 1 in JSON
    assert diff({"a": [Level.LOW]}, {"a": [True]}) == [
        {"op": "replace", "path": "/a/0", "value": True}
    ]
