"""app/play/patches.diff: the JSON Patch between two views turns the first into the second."""

from __future__ import annotations

import copy
import json
from typing import Any

import jsonpatch
from hypothesis import given, settings
from hypothesis import strategies as st

from app.play.patches import diff

KEYS = st.text(alphabet="ab/~01", max_size=3)
SCALARS = st.none() | st.booleans() | st.integers(-3, 3) | st.text(alphabet="ab~/", max_size=3)
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
    if isinstance(value, list) and value and draw(st.booleans()):
        value = list(value)
        choice = draw(st.integers(0, 3))
        if choice == 0:  # slide: drop from the front, add at the end
            drop = draw(st.integers(1, len(value)))
            return value[drop:] + draw(st.lists(VALUES, max_size=3))
        if choice == 1:
            index = draw(st.integers(0, len(value) - 1))
            value[index] = draw(edited(value[index]))
            return value
        if choice == 2:
            return value + draw(st.lists(VALUES, min_size=1, max_size=3))
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
