"""``python -m barbu score``: one JSON result per record; every error path is one readable line."""

import json
import random
import subprocess
import sys
from pathlib import Path

import pytest

from tests.generate import random_deal_record, random_session_record
from tests.reference import replay_deal, score_session

ROOT = Path(__file__).resolve().parent.parent


def run(*args, stdin=""):
    return subprocess.run(
        [sys.executable, "-m", "barbu", *args],
        input=stdin,
        text=True,
        capture_output=True,
        cwd=ROOT,
        timeout=60,
    )


@pytest.fixture
def deal_file(tmp_path):
    rec = random_deal_record(random.Random(1), "no-hearts")
    path = tmp_path / "deal.json"
    path.write_text(json.dumps(rec))
    return path, rec


def test_scores_a_deal_file(deal_file):
    path, rec = deal_file
    out = run("score", str(path))
    ref = replay_deal(rec)
    assert out.returncode == 0 and out.stderr == ""
    assert json.loads(out.stdout) == {"raw": ref.raw(), "final": ref.final()}


def test_scores_a_session_from_standard_input():
    rec = random_session_record(random.Random(2))
    out = run("score", "-", stdin=json.dumps(rec))
    assert out.returncode == 0
    assert json.loads(out.stdout) == score_session(rec)


def test_prints_one_result_per_record_of_a_list_and_of_several_files(deal_file, tmp_path):
    path, rec = deal_file
    many = tmp_path / "many.json"
    many.write_text(json.dumps([rec, rec]))
    out = run("score", str(path), str(many))
    assert out.returncode == 0 and len(out.stdout.splitlines()) == 3


def _one_error_line(out):
    assert out.returncode == 1
    lines = out.stderr.strip().splitlines()
    assert len(lines) == 1 and "Traceback" not in out.stderr
    return lines[0]


def test_an_illegal_record_gives_one_line_naming_where_and_why(deal_file, tmp_path):
    _, rec = deal_file
    bad = dict(rec, play=[*rec["play"][:1], rec["play"][0], *rec["play"][2:]])
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(bad))
    line = _one_error_line(run("score", str(path)))
    assert line.startswith(f"{path}: play[1], seat ") and "does not hold" in line


def test_the_other_records_are_still_scored(deal_file, tmp_path):
    path, rec = deal_file
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(dict(rec, contract="no-jacks")))
    out = run("score", str(bad), str(path))
    assert "not a contract" in _one_error_line(out)
    assert len(out.stdout.splitlines()) == 1


def test_invalid_json_is_reported(tmp_path):
    path = tmp_path / "broken.json"
    path.write_text('{"rules": ')
    assert "not valid JSON" in _one_error_line(run("score", str(path)))


def test_a_missing_file_is_reported(tmp_path):
    assert "cannot read" in _one_error_line(run("score", str(tmp_path / "nope.json")))


def test_a_file_that_is_not_text_is_reported(tmp_path):
    path = tmp_path / "bin.json"
    path.write_bytes(b"\xff\xfe\x00garbage")
    assert "not UTF-8 text" in _one_error_line(run("score", str(path)))


def test_json_too_deep_or_with_huge_numbers_is_reported(tmp_path):
    deep = tmp_path / "deep.json"
    deep.write_text("[" * 100000 + "]" * 100000)
    assert "nested too deeply" in _one_error_line(run("score", str(deep)))
    big = tmp_path / "big.json"
    big.write_text('{"declarer": ' + "1" * 5000 + "}")
    assert "not valid JSON" in _one_error_line(run("score", str(big)))


def test_a_file_with_a_byte_order_mark_is_read(deal_file, tmp_path):
    _, rec = deal_file
    path = tmp_path / "bom.json"
    path.write_bytes(b"\xef\xbb\xbf" + json.dumps(rec).encode())
    assert run("score", str(path)).returncode == 0


def test_a_byte_order_mark_on_standard_input_is_read_as_in_files(deal_file):
    _, rec = deal_file
    assert run("score", "-", stdin="\ufeff" + json.dumps(rec)).returncode == 0


def test_a_file_name_with_a_newline_still_gives_one_line(tmp_path):
    path = tmp_path / "two\nlines.json"
    path.write_text("{")
    line = _one_error_line(run("score", str(path)))
    assert "two\\nlines.json: not valid JSON" in line


def test_a_file_too_long_to_read_is_refused_before_parsing(tmp_path):
    path = tmp_path / "long.json"
    path.write_text("[" + "0," * 2_100_000 + "0]")
    assert "too long to read" in _one_error_line(run("score", str(path)))


@pytest.mark.skipif(not Path("/dev/zero").exists(), reason="no /dev/zero here")
def test_an_endless_file_or_input_is_refused_once_the_longest_text_is_read():
    line = _one_error_line(run("score", "/dev/zero"))
    assert line == "/dev/zero: too long to read (more than 4,000,000 characters)"
    with open("/dev/zero", "rb") as zeros:
        out = subprocess.run(
            [sys.executable, "-m", "barbu", "score", "-"],
            stdin=zeros,
            capture_output=True,
            text=True,
            cwd=ROOT,
            timeout=60,
        )
    assert _one_error_line(out) == "<stdin>: too long to read (more than 4,000,000 characters)"


def test_an_empty_list_of_records_is_reported():
    assert "no record" in _one_error_line(run("score", "-", stdin="[]"))


def test_a_json_value_that_is_no_record_is_reported():
    assert "JSON object" in _one_error_line(run("score", "-", stdin="42"))


def test_usage_errors_exit_non_zero_without_a_traceback():
    out = run()
    assert out.returncode == 2 and "usage" in out.stderr and "Traceback" not in out.stderr
