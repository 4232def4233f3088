"""The arena: a long measurement split into runs (--first, --out) adds up to the same result as
one run (--merge), each deal counted once; the last line keeps its format."""

import json
import re

import pytest

from tools.bench.arena import main

RESULT = re.compile(
    r"^(\w+) vs (\w+): [+-]\d+\.\d\d points/(deal|session) "
    r"\(95% CI [+-]\d+\.\d\d\.\.[+-]\d+\.\d\d\), (\d+) (deals|sessions)$"
)


def _run(capsys, *argv):
    assert main([str(a) for a in argv]) == 0
    return capsys.readouterr().out.splitlines()


def test_runs_split_with_first_and_out_merge_to_the_result_of_one_run(tmp_path, capsys):
    whole = _run(capsys, "standard", "beginner", "--deals", 10, "--seed", 4)
    a, b = tmp_path / "a.jsonl", tmp_path / "b.jsonl"
    _run(capsys, "standard", "beginner", "--deals", 6, "--seed", 4, "--out", a)
    _run(capsys, "standard", "beginner", "--deals", 4, "--seed", 4, "--first", 6, "--out", b)
    merged = _run(capsys, "--merge", a, b)
    assert RESULT.match(merged[-1]), merged[-1]
    assert merged[-1] == whole[-1]
    assert merged[-1].endswith(", 10 deals")
    # The per-contract table is the same too (the timing line differs from run to run).
    assert merged[:-2] == whole[:-2]


def test_one_line_per_deal_names_the_match_the_deal_and_its_contract(tmp_path, capsys):
    out = tmp_path / "d.jsonl"
    _run(
        capsys,
        "beginner",
        "beginner",
        "--deals",
        3,
        "--seed",
        9,
        "--first",
        5,
        "--contract",
        "domino",
        "--out",
        out,
    )
    records = [json.loads(line) for line in out.read_text().splitlines()]
    assert [r["index"] for r in records] == [5, 6, 7]
    for r in records:
        assert (r["kind"], r["candidate"], r["baseline"], r["seed"]) == (
            "deal",
            "beginner",
            "beginner",
            9,
        )
        assert r["contract"] == r["contract_option"] == "domino"
        assert r["diff"] == 0  # the same level in every seat: nothing to gain
        assert all(len(t) == 2 for t in r["times"])  # wall and CPU seconds


def test_a_deal_in_several_files_is_counted_once(tmp_path, capsys):
    a = tmp_path / "a.jsonl"
    _run(capsys, "standard", "beginner", "--deals", 3, "--seed", 4, "--out", a)
    _run(capsys, "standard", "beginner", "--deals", 3, "--seed", 4, "--first", 1, "--out", a)
    assert len(a.read_text().splitlines()) == 6
    merged = _run(capsys, "--merge", a, a)
    assert merged[-1].endswith(", 4 deals")


def test_merging_different_matches_is_refused(tmp_path, capsys):
    a, b = tmp_path / "a.jsonl", tmp_path / "b.jsonl"
    _run(capsys, "standard", "beginner", "--deals", 1, "--out", a)
    _run(capsys, "beginner", "standard", "--deals", 1, "--out", b)
    assert main(["--merge", str(a), str(b)]) == 1
    assert "mix different matches" in capsys.readouterr().err


def test_sessions_are_recorded_and_merged_too(tmp_path, capsys):
    out = tmp_path / "s.jsonl"
    whole = _run(
        capsys,
        "beginner",
        "beginner",
        "--sessions",
        "--deals",
        1,
        "--seed",
        3,
        "--first",
        1,
        "--out",
        out,
    )
    merged = _run(capsys, "--merge", out)
    assert RESULT.match(merged[-1]) and merged[-1] == whole[-1]
    assert merged[-1].endswith(", 1 sessions")


def test_levels_are_required_unless_merging(capsys):
    with pytest.raises(SystemExit):
        main(["--deals", "1"])
    assert "CANDIDATE and BASELINE" in capsys.readouterr().err


def test_the_raw_scores_are_kept_and_summed_apart_from_the_doubles(tmp_path, capsys):
    out = tmp_path / "r.jsonl"
    lines = _run(capsys, "standard", "beginner", "--deals", 3, "--seed", 4, "--out", out)
    records = [json.loads(line) for line in out.read_text().splitlines()]
    assert all(isinstance(r["raw"], float | int) for r in records)
    raw_line = next(line for line in lines if line.startswith("raw scores"))
    assert "points/deal (95% CI" in raw_line
    assert RESULT.match(lines[-1]), lines[-1]
    # The same level in every seat: the raw scores differ by nothing either, per contract too.
    same = _run(
        capsys, "beginner", "beginner", "--deals", 5, "--seed", 9, "--out", tmp_path / "b.jsonl"
    )
    assert all(json.loads(x)["raw"] == 0 for x in (tmp_path / "b.jsonl").read_text().splitlines())
    assert same[0].split()[-3:] == ["raw", "95%", "CI"]
    rows = same[1 : next(i for i, line in enumerate(same) if line.startswith("raw scores"))]
    assert [row.split()[:2] for row in rows] == [["no-tricks", "4"], ["no-queens", "1"]]
    assert all(row.split()[-2:] == ["+0.00", "+0.00..+0.00"] for row in rows)


def test_files_written_before_the_raw_scores_merge_without_their_line(tmp_path, capsys):
    out = tmp_path / "old.jsonl"
    _run(capsys, "standard", "beginner", "--deals", 2, "--seed", 4, "--out", out)
    old = [json.loads(line) for line in out.read_text().splitlines()]
    for r in old:
        del r["raw"]
    out.write_text("".join(json.dumps(r) + "\n" for r in old))
    merged = _run(capsys, "--merge", out)
    assert not any(line.startswith("raw scores") for line in merged)
    assert RESULT.match(merged[-1]) and merged[-1].endswith(", 2 deals")
