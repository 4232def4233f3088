"""tools/bench/doubles_eval.py: the doubling rounds replayed on kept deals, and the candidate's
judgements written against the true raw scores (docs/BOTS.md, "The doubles")."""

import json
import sys

from tools.bench import doubles_eval


def test_the_candidates_judgements_are_written_against_the_true_raw_scores(
    tmp_path, capsys, monkeypatch
):
    cache, judged = tmp_path / "deals.jsonl", tmp_path / "judged.jsonl"
    argv = ["doubles_eval", "standard", "beginner", "--deals", "4", "--seed", "3"]
    argv += ["--play", "standard", "--cache", str(cache), "--judgements", str(judged)]
    monkeypatch.setattr(sys, "argv", argv)
    assert doubles_eval.main() == 0
    deals = {r["i"]: r for r in map(json.loads, cache.read_text().splitlines())}
    assert sorted(deals) == [0, 1, 2, 3]
    rows = [json.loads(line) for line in judged.read_text().splitlines()]
    assert rows and {r["role"] for r in rows} <= {"redouble", "declarer", "answer", "side"}
    assert all(r["contract"] == deals[r["i"]]["contract"] for r in rows)
    assert {r["i"] for r in rows} == set(deals)
    for r in rows:
        deal, seat, target = deals[r["i"]], r["seat"], r["target"]
        assert r["true"] == deal["raw"][seat] - deal["raw"][target] and seat != target
        declarer = deal["declarer"]
        if seat == declarer:
            assert r["role"] == "redouble"
        else:
            assert (r["role"] == "declarer") == (target == declarer)
    out = capsys.readouterr().out.splitlines()
    assert out[0].startswith("judgements from margin")
    assert any(line.startswith("all/declarer") for line in out)
    assert out[-1].startswith("standard vs beginner doubles: ") and out[-1].endswith(", 4 deals")
