# Runs inside Pyodide: hostile text and data (tests/hostile.py) are read or refused in one short
# line, as on CPython. Above all, deep text must be refused before the parser recurses: here it
# would overflow the WebAssembly/JavaScript stack, a fatal error that Python cannot catch.
# No hypothesis in Pyodide: the fixed nasty cases, then a seeded sample of mutations.
import json
import random
import sys
from collections import Counter

sys.path.insert(0, "/home/pyodide")
import hostile
from hostile import (
    FRAGMENTS,
    HOSTILE_VALUES,
    OPS,
    check_import,
    check_save,
    check_score,
    mutated,
    random_path,
    save_text,
    splice,
)

outcomes = Counter()
failures = []


def run(label, check, value):
    """``check(value)``'s outcome, counted; a crash or a bad refusal is listed, not raised."""
    try:
        outcome = check(value)
    except Exception as error:  # AssertionError (a bad refusal) or any crash
        failures.append(f"{label}: {type(error).__name__}: {str(error)[:300]}")
        return "failed"
    outcomes[f"{check.__name__} {outcome}"] += 1
    return outcome


samples = hostile.samples()
for name, record in samples.items():
    run(name, check_score, record)
    if "session" in name:
        run(name, check_save, save_text(record))
        run(name, check_import, json.dumps(record))

session = samples["standard session"]
save = json.loads(save_text(samples["italian session in play"]))
deep_rules = '{"preset": ' * 5000 + '"pagat"' + "}" * 5000
deep = {
    "6,000 [ imported": run("deep", check_import, "[" * 6000 + "]" * 6000),
    "6,000 [ as a save": run("deep", check_save, "[" * 6000 + "]" * 6000),
    "5,000-deep rules imported": run(
        "deep rules", check_import, splice(session, ("rules",), "replace", deep_rules)
    ),
    "5,000-deep rules saved": run(
        "deep rules", check_save, splice(save, ("record", "rules"), "replace", deep_rules)
    ),
    "5,000-deep rules as data": run(
        "deep rules",
        check_score,
        mutated(session, ("rules",), "replace", HOSTILE_VALUES["5,000-deep object"]),
    ),
    "5,000-deep play as data": run(
        "deep play",
        check_score,
        mutated(session, ("deals", 2, "play"), "replace", HOSTILE_VALUES["5,000-deep list"]),
    ),
}

for name, fragment in FRAGMENTS.items():
    run(name, check_import, fragment)
    run(f"{name} as rules", check_import, splice(session, ("rules",), "replace", fragment))
    run(f"{name} in a save", check_save, splice(save, ("record", "deals", 0), "replace", fragment))
for name, value in HOSTILE_VALUES.items():
    for path in [("rules",), ("seed",), ("deals", 0, "hands", 1), ("deals", 3, "play")]:
        run(f"{name} at {path}", check_score, mutated(session, path, "replace", value))

rng = random.Random(2026)
names, values, fragments = sorted(samples), list(HOSTILE_VALUES.items()), list(FRAGMENTS.values())
for n in range(40):
    record, writable = samples[rng.choice(names)], True
    for _ in range(rng.randint(1, 3)):
        name, value = rng.choice(values)
        record = mutated(record, random_path(record, rng), rng.choice(OPS), value)
        # json.dumps recurses too (in Pyodide, a deep value overflows the stack there as well),
        # and cannot write huge numbers: such a record is no page's save.
        writable &= "deep" not in name and "**5000" not in name
    run(f"mutation {n}", check_score, record)
    if writable:
        run(f"mutation {n}", check_save, save_text(record))
for n in range(20):
    record = samples[rng.choice([name for name in names if "session" in name])]
    fragment = rng.choice(fragments)
    run(f"splice {n}", check_import, splice(record, random_path(record, rng), "replace", fragment))
    wrapped = json.loads(save_text(record))
    run(f"splice {n}", check_save, splice(wrapped, random_path(wrapped, rng), "replace", fragment))

json.dumps(
    {
        "python": sys.version.split()[0],
        "deep": deep,
        "outcomes": dict(sorted(outcomes.items())),
        "failures": failures,
    }
)
