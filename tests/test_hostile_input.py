"""Hostile files and data for every reader of untrusted text: each reads them or refuses them in
one short line, and nothing crashes.

The readers: ``score_record`` (a record as data), the ``score`` command (files and standard
input), the page's save slot (``Saved.from_json`` then ``Game.from_record``), its import
(``Game.from_record`` of ``jsontext.load``) and its stored settings. The inputs are valid records
of every preset (tests/hostile.py) with places replaced, deleted, duplicated or given
neighbours, either as data (huge, deep, NaN, wrong types) or as text (raw fragments: thousands
of brackets, thousands of digits, ``Infinity``, broken JSON), and as files (a byte order mark,
bytes that are not UTF-8, hostile names). If one of these tests fails, a player's import, a
saved game or the command line would stop with a traceback, or print a refusal too long or too
broken to read.

The strategies draw descriptions (a sample's name, places, operations, the names of hostile
values), which the tests build: a failing example prints as a few readable lines, not as a
record holding a 10 MB string. ``BARBU_FUZZ_EXAMPLES`` sets the examples per property.
"""

import io
import json
import os
import subprocess
import sys
from itertools import count
from pathlib import Path
from unittest import mock

import pytest
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

from barbu.__main__ import score_files
from barbu.jsontext import JsonRefused, load
from tests import hostile
from tests.hostile import FRAGMENTS, HOSTILE_VALUES, OPS, children, mutated, splice
from web.game.settings import LEVELS, NAME_LIMIT, SPEEDS, Settings

ROOT = Path(__file__).resolve().parent.parent
SAMPLES = hostile.samples()
NAMES = sorted(SAMPLES)
SESSIONS = [name for name in NAMES if "session" in name]

EXAMPLES = int(os.environ.get("BARBU_FUZZ_EXAMPLES", "150"))
"""Examples per property; ``BARBU_FUZZ_EXAMPLES=5000`` for a longer hunt (about 10 minutes)."""
FUZZ = settings(max_examples=EXAMPLES, deadline=None, suppress_health_check=[HealthCheck.too_slow])


# -- strategies ------------------------------------------------------------------------------

small_json = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=12),
    lambda inner: (
        st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=8), inner, max_size=3)
    ),
    max_leaves=8,
)
"""Any JSON value, small (NaN and infinities included: Python's json writes and reads them)."""

json_values = small_json.map(lambda value: ("json", value))
values = st.sampled_from(list(HOSTILE_VALUES)).map(lambda name: ("named", name)) | json_values
fragments = (
    st.sampled_from(list(FRAGMENTS)).map(lambda name: ("named", name))
    | small_json.map(lambda value: ("text", json.dumps(value)))
    | st.text(alphabet='[]{}",:\\0123456789eE.+-aflnrstuINy \ufeff\x00', max_size=20).map(
        lambda text: ("text", text)
    )
)


def value_of(drawn):
    """A drawn value: ``("named", name)`` of a hostile value or fragment, else the value."""
    kind, value = drawn
    if kind == "named":
        return HOSTILE_VALUES[value] if value in HOSTILE_VALUES else FRAGMENTS[value]
    return value


@st.composite
def places(draw, value):
    """A place in ``value``: one step down at least, then each further step while drawn."""
    path = []
    while (keys := children(value)) and (not path or draw(st.booleans())):
        key = draw(st.sampled_from(keys))
        path.append(key)
        value = value[key]
    return tuple(path)


def build(spec):
    """The record a mutation spec describes: ``(sample name, [(place, op, value), ...])``."""
    name, steps = spec
    record = SAMPLES[name]
    for path, op, new in steps:
        record = mutated(record, path, op, value_of(new))
    return record


@st.composite
def mutations(draw, names, new=values, most=3):
    """A sample's name and one to ``most`` mutations, each drawn on the record as the ones
    before it left it."""
    spec = (draw(st.sampled_from(names)), [])
    for _ in range(draw(st.integers(1, most))):
        record = build(spec)
        spec[1].append((draw(places(record)), draw(st.sampled_from(OPS)), draw(new)))
    return spec


def as_save(record):
    """A save of ``record`` as data (written by the page's own code, then read as JSON)."""
    return json.loads(hostile.save_text(record))


@st.composite
def spliced(draw, names, save=False):
    """A sample, maybe mutated once, maybe wrapped in a save, with a raw fragment of JSON text
    written at one place: ``(mutation spec, save, place, op, fragment)``."""
    if draw(st.booleans()):
        spec = draw(mutations(names, json_values, 1))
    else:
        spec = (draw(st.sampled_from(names)), [])
    value = as_save(build(spec)) if save else build(spec)
    return spec, save, draw(places(value)), draw(st.sampled_from(OPS)), draw(fragments)


def text_of(spec):
    """The JSON text a ``spliced`` spec describes."""
    mutation, save, path, op, fragment = spec
    value = as_save(build(mutation)) if save else build(mutation)
    return splice(value, path, op, value_of(fragment))


# -- score_record ----------------------------------------------------------------------------


def test_every_sample_is_valid():
    """The fuzz starts from records the engine reads (else it would only test refusals)."""
    for name in NAMES:
        unfinished = " in play" in name or " at a " in name
        assert hostile.check_score(SAMPLES[name]) == ("refused" if unfinished else "scored")
    for name in SESSIONS:
        assert hostile.check_save(hostile.save_text(SAMPLES[name])) == "loaded"
        assert hostile.check_import(json.dumps(SAMPLES[name])) == "loaded"


@FUZZ
@given(mutations(NAMES))
def test_a_mutated_record_is_scored_or_refused_in_one_located_line(spec):
    event(hostile.check_score(build(spec)))


BIG = ("10 MB string", "10**5000", "5,000-deep list", "5,000-deep object", "a million 'QS'")


def fields(record):
    """The places of a record's fields, and of its first deal's for a session."""
    paths = [(key,) for key in record]
    if "deals" in record:
        paths += [("deals", 0, key) for key in record["deals"][0]]
    return paths


@pytest.mark.parametrize(
    "name", ["standard session", "italian+options session", "fr32 deal hearts"]
)
@pytest.mark.parametrize("big", BIG)
def test_a_huge_or_deep_value_in_any_field_is_refused_in_one_short_line(name, big):
    record, value = SAMPLES[name], HOSTILE_VALUES[big]
    for path in fields(record):
        assert hostile.check_score(mutated(record, path, "replace", value)) == "refused", path
    # An unknown field is ignored, however big.
    assert hostile.check_score(mutated(record, ("extra",), "insert", value)) == "scored"


# -- the page's import and save slot ---------------------------------------------------------


@FUZZ
@given(spliced(SESSIONS))
def test_an_imported_text_gives_a_game_or_a_refusal(spec):
    event(hostile.check_import(text_of(spec)))


@FUZZ
@given(spliced(SESSIONS, save=True))
def test_a_saved_text_gives_a_game_or_a_refusal(spec):
    event(hostile.check_save(text_of(spec)))


@pytest.mark.slow
@FUZZ
@given(mutations(SESSIONS, json_values))
def test_a_save_of_a_mutated_record_gives_a_game_or_a_refusal(spec):
    event(hostile.check_save(hostile.save_text(build(spec))))


@pytest.mark.parametrize("fragment", FRAGMENTS)
def test_a_nasty_fragment_anywhere_in_a_save_or_an_import_is_refused_or_read(fragment):
    record, text = SAMPLES["classic session in play"], FRAGMENTS[fragment]
    for path in [(), ("record",), ("record", "rules"), ("record", "deals", 0, "hands", 2)]:
        hostile.check_save(splice(as_save(record), path, "replace", text))
    for path in [(), ("rules",), ("deals", 0, "hands", 2)]:
        hostile.check_import(splice(record, path, "replace", text))


@FUZZ
@given(
    st.text()
    | fragments.map(value_of)
    | st.dictionaries(
        st.sampled_from(["speed", "level", "autoplay", "hints", "name"]), small_json
    ).map(json.dumps)
)
def test_stored_settings_of_any_text_are_read_or_fall_back_to_the_defaults(text):
    chosen = Settings.from_json(text)
    assert chosen.speed in SPEEDS and chosen.level in LEVELS and len(chosen.name) <= NAME_LIMIT
    assert Settings.from_json(chosen.to_json()) == chosen


# -- the score command -----------------------------------------------------------------------

FILE_NAMES = (
    "-",
    "r.json",
    "two\nlines.json",
    "tab\tand\x1b[31mescape.json",
    "\u202eevil.json",
    "é ☃.json",
    os.fsdecode(b"\xff\xfe.json"),  # not UTF-8: a surrogate escape in the name
    "x" * 200 + ".json",
)
BAD_BYTES = (b"\xff", b"\xc3", b"\xed\xa0\x80", b"\x00", b"\r\n")


@st.composite
def files(draw):
    """A file's name and content: a record's text (mutated, spliced, or a list of samples),
    maybe with a byte order mark, bytes that are not UTF-8 put in, or cut short."""
    kind = draw(st.sampled_from(["mutated", "spliced", "list"]))
    if kind == "mutated":
        content = draw(mutations(NAMES, json_values, 1))
    elif kind == "spliced":
        content = draw(spliced(NAMES))
    else:
        content = draw(st.lists(st.sampled_from(NAMES), max_size=3))
    size = len(file_text(kind, content).encode("utf-8", "surrogatepass"))
    bom = draw(st.booleans())
    bad = draw(st.none() | st.tuples(st.integers(0, size), st.sampled_from(BAD_BYTES)))
    cut = draw(st.none() | st.integers(0, size))
    return draw(st.sampled_from(FILE_NAMES)), (kind, content, bom, bad, cut)


def file_text(kind, content):
    if kind == "mutated":
        return json.dumps(build(content))
    if kind == "spliced":
        return text_of(content)
    return json.dumps([SAMPLES[name] for name in content])


def file_bytes(kind, content, bom, bad, cut):
    """The bytes a ``files`` spec describes."""
    data = file_text(kind, content).encode("utf-8", "surrogatepass")
    if cut is not None:
        data = data[:cut]
    if bad is not None:
        at, inserted = bad
        data = data[:at] + inserted + data[at:]
    return b"\xef\xbb\xbf" + data if bom else data


def records_in(data: bytes) -> int:
    """How many results or refusals a file gives: one per record of a list, else one."""
    try:
        value = load(data.decode("utf-8-sig"))
    except (UnicodeDecodeError, JsonRefused):
        return 1
    return len(value) if isinstance(value, list) and value else 1


@pytest.fixture(scope="module")
def folder(tmp_path_factory):
    return tmp_path_factory.mktemp("hostile")


_runs = count()


@settings(FUZZ, max_examples=EXAMPLES * 2 // 3)
@given(st.lists(files(), min_size=1, max_size=3))
def test_the_score_command_gives_one_line_per_record_and_status_1_for_any_refusal(folder, specs):
    run = folder / str(next(_runs))
    names, expected, stdin = [], 0, None
    for n, (name, spec) in enumerate(specs):
        data = file_bytes(*spec)
        if name == "-":  # standard input is read once: a second "-" finds nothing
            data, stdin = (b"", stdin) if stdin is not None else (data, data)
            names.append(name)
        else:
            (run / str(n)).mkdir(parents=True)
            (run / str(n) / name).write_bytes(data)
            names.append(str(run / str(n) / name))
        expected += records_in(data)
    with mock.patch.object(sys, "stdin", io.TextIOWrapper(io.BytesIO(stdin or b""), "utf-8")):
        out, err = io.StringIO(), io.StringIO()
        status = score_files(names, out, err)
    results, refusals = out.getvalue().splitlines(), err.getvalue().splitlines()
    assert len(results) + len(refusals) == expected
    assert status == (1 if refusals else 0)
    for line in refusals:
        assert line.isprintable() and len(line) < 1000, line[:300]
        assert "internal error" not in line, line
    for line in results:
        json.loads(line)


def test_the_score_command_run_on_hostile_files_exits_1_without_a_traceback(tmp_path):
    """Each bad file gives one line on standard error, each good record one result."""
    record = SAMPLES["italian deal trumps"]
    good, bad = json.dumps(record), json.dumps(dict(record, declarer=7))
    texts = {
        "deep.json": "[" * 100_000 + "]" * 100_000,
        "deep rules.json": '{"rules": ' + '{"preset": ' * 5000 + '"pagat"' + "}" * 5001,
        "huge string.json": json.dumps({"rules": hostile.HUGE_STRING}),
        "digits.json": '{"declarer": ' + "7" * 5000 + "}",
        "nan.json": '{"declarer": NaN, "hands": Infinity}',
        "escaped quotes.json": '"' + '\\"' * 100_000,
        "bom.json": "\ufeff" + good,
        "new\nline.json": good.replace('"actions"', '"actions": -0, "nothing"'),
        "one bad of two.json": f"[{good}, {bad}]",
    }
    for name, text in texts.items():
        (tmp_path / name).write_text(text, encoding="utf-8")
    (tmp_path / "latin1.json").write_bytes(good.replace("trumps", "trumps é").encode("latin-1"))
    (tmp_path / "folder.json").mkdir()
    names = [*sorted(str(p) for p in tmp_path.iterdir()), str(tmp_path / "missing.json")]
    out = subprocess.run(
        [sys.executable, "-m", "barbu", "score", *names],
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=120,
    )
    assert out.returncode == 1 and "Traceback" not in out.stderr
    assert len(out.stdout.splitlines()) == 2  # bom.json, and the first of "one bad of two"
    refusals = out.stderr.splitlines()
    assert len(refusals) == len(names) - 1  # every file but bom.json, once
    assert all(line.isprintable() and len(line) < 500 for line in refusals), out.stderr[:2000]
