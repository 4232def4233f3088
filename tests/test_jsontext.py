"""Text from outside is read within bounds: size and depth checked before parsing."""

import json
import time

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


def test_an_unterminated_string_is_scanned_once_not_again_from_each_of_its_quotes():
    text = '"' + '\\"' * 50_000  # a quote, then escaped quotes only: no string ever ends
    start = time.perf_counter()
    with pytest.raises(JsonRefused, match="not valid JSON"):
        load(text)
    assert time.perf_counter() - start < 2  # about a minute when the scan took a time in n²


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


def _nesting(value):
    """How deeply arrays and objects nest in ``value`` (0 for a number or a string)."""
    depth, level = 0, [value]
    while containers := [x for x in level if isinstance(x, (list, dict))]:
        depth += 1
        level = [v for x in containers for v in (x.values() if isinstance(x, dict) else x)]
    return depth


@given(st.text(alphabet='[]{}",:0 \\', max_size=30) | json_values.map(json.dumps))
def test_a_text_within_the_depth_is_read_as_json_loads_reads_it_and_any_other_refused(text):
    try:
        value = json.loads(text)
    except ValueError:
        value = JsonRefused
    if value is not JsonRefused and _nesting(value) <= 3:
        assert load(text, max_depth=3) == value
    else:
        with pytest.raises(JsonRefused):
            load(text, max_depth=3)
