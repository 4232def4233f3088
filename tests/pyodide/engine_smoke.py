# Runs inside Pyodide: the engine, unchanged, must behave exactly as on CPython.
import json
import random
import sys

sys.path.insert(0, "/home/pyodide")
from barbu import Session, score_record, session_record
from barbu.bots import LEVELS, Bot

with open("/home/pyodide/golden_session_2.json") as f:
    golden = json.load(f)
session = Session(seed=2026)
rng = random.Random(0)
while not session.is_over:
    if session.between_deals:
        session.next_deal()
    session.apply(rng.choice(session.legal_actions()))
report = {
    "python": sys.version.split()[0],
    "golden_record": session_record(session) == golden["record"],
    "golden_scores": score_record(golden["record"]) == golden["scores"],
}
legal = True
for level in LEVELS:
    s = Session(seed=5)
    bot = Bot(level, seed=1)
    for _ in range(12):
        action = bot.decide(s.deal.view(s.to_move))
        legal &= s.can(action)
        s.apply(action)
report["bots_legal"] = legal
json.dumps(report)
