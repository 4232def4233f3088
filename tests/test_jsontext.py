"""Text from outside is read within bounds: size and depth checked before parsing."""

import json

import pytest
from hypothesis import given
from hypothesis import strategies as st

from barbu.jsontext import MAX_DEPTH, JsonRefused, load


def test_deep_nesting_is_refused_without_recursion():
    for opening in "[{":
        text = ('{"a":' if opening == "{" else "[") * 100_000
        with pytest.raises(JsonRefused, match="nested too deeply"):
            load(text)


def test_brackets_inside_strings_do_not_count():
    text = json.dumps({"note": "[" * 1000 + '\\"{' * 50, "list": [[1], [2]]})
    assert load(text)["list"] == [[1], [2]]


def test_the_deepest_allowed_nesting_is_read():
    assert load("[" * MAX_DEPTH + "]" * MAX_DEPTH) is not None
    with pytest.raises(JsonRefused):
        load("[" * (MAX_DEPTH + 1) + "]" * (MAX_DEPTH + 1))


def test_a_long_text_is_refused_at_once():
    with pytest.raises(JsonRefused, match="too long to read"):
        load(" " * 11, max_chars=10)


def test_broken_json_is_refused_with_the_parsers_reason():
    with pytest.raises(JsonRefused, match="not valid JSON"):
        load('{"rules": ')


json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.text(),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(), inner, max_size=4),
    max_leaves=30,
)


@given(json_values)
def test_any_json_within_bounds_reads_as_json_loads_does(value):
    text = json.dumps(value)
    assert load(text) == json.loads(text)
