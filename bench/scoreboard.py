"""Scoreboard render and hand POST times for sessions of 100, 1,000 and 10,000 hands.

For each size: a session on a temporary SQLite file, created in one go through
``ledger.create_session`` with random legal hands (``testkit.samples.random_hand``, a
4-player table, players and sitting-out following the dealer rotation). Then, with the
Flask test client (no network):

- warm render: GET /e/<edit_token> after one warm-up request (each hand's result and row
  markup already kept, as at the table after every new hand), median of ``--repeat`` (5);
- cold render: the same after clearing the app's per-process caches of each hand
  (``ledger.pinning.result_cache()``, settlement results, and
  ``views.sheet.facts_cache()``, the markup of its row), median of 5;
- API POST: POST /api/v1/sessions/<id>/hands with the bearer token, median of 5;
- form POST: the HTML hand form (POST /e/<token>/hands, CSRF off), median of 5.

Prints a table and the 10,000/1,000 ratio of the warm render. Targets: 1,000-hand
scoreboard at most 150 ms, POST at most 30 ms, ratio at most 12.
Run: ``.venv/bin/python bench/scoreboard.py`` (``--sizes 100,1000`` for a shorter run).
"""

from __future__ import annotations

import argparse
import random
import re
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from testkit.samples import random_hand, session_body  # noqa: E402
from ulti_ledger import create_app, ledger  # noqa: E402
from ulti_ledger.db import db  # noqa: E402
from ulti_ledger.games import REGISTRY
from ulti_ledger.ledger.pinning import result_cache  # noqa: E402
from ulti_ledger.views.sheet import facts_cache  # noqa: E402

PLAYERS = ["Anna", "Béla", "Csaba", "Dóra"]
SESSION = session_body(players=PLAYERS, name="bench")


def seating(number: int) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """Players and sitting-out of hand ``number`` (0-based): the dealer rotates and sits out."""
    d = number % len(PLAYERS)
    dealer = PLAYERS[d]
    players = tuple(PLAYERS[(d + i) % len(PLAYERS)] for i in range(1, len(PLAYERS)))
    return players, (dealer,)


def make_hands(n: int, rng: random.Random) -> tuple[list[dict], int]:
    """``n`` hands and the dealer index of the next; a redeal keeps the dealer."""
    rules = REGISTRY.engine().rulesets["ulti"].resolve({})
    hands = []
    dealer = 0
    for _ in range(n):
        players, out = seating(dealer)
        hand = random_hand(rng, rules, (*players, *out))
        hand.pop("ruleset", None)
        hands.append(hand)
        if hand.get("outcome") != "redeal":
            dealer += 1
    return hands, dealer


def median_ms(fn, repeat: int) -> float:
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        fn()
        times.append((time.perf_counter() - start) * 1000)
    return statistics.median(times)


def piros_passz(number: int) -> dict:
    players, out = seating(number)
    return {
        "players": list(players),
        "sitting_out": list(out),
        "declarer": players[0],
        "colour": "piros",
        "components": [{"name": "parti", "won": True}],
    }


def bench_size(n: int, repeat: int, rng: random.Random, tmp: Path) -> dict[str, float]:
    app = create_app(
        {
            "TESTING": True,
            "SECRET_KEY": "bench",
            "WTF_CSRF_ENABLED": False,
            "SQLALCHEMY_DATABASE_URI": f"sqlite:///{tmp / f'bench-{n}.sqlite3'}",
        }
    )
    with app.app_context():
        db.create_all()
        hands, dealer = make_hands(n, rng)
        session = ledger.create_session({**SESSION, "hands": hands})
        sid, token = session.id, session.edit_token
    client = app.test_client()
    page = f"/e/{token}"

    def render():
        response = client.get(page)
        assert response.status_code == 200, response.status_code

    render()  # warm-up
    warm = median_ms(render, repeat)

    def cold_render():
        with app.app_context():
            result_cache().clear()
            facts_cache().clear()
        render()

    cold = median_ms(cold_render, repeat)

    count = [dealer]
    auth = {"Authorization": f"Bearer {token}"}

    def api_post():
        response = client.post(
            f"/api/v1/sessions/{sid}/hands", json=piros_passz(count[0]), headers=auth
        )
        assert response.status_code == 201, response.get_json()
        count[0] += 1

    api = median_ms(api_post, repeat)

    form_times = []

    def form_post():
        html = client.get(f"{page}/hands/new").get_data(as_text=True)  # not timed
        hidden = dict(re.findall(r'<input type="hidden" name="([^"]+)" value="([^"]*)"', html))
        hidden = {k: v.replace("&#34;", '"').replace("&quot;", '"') for k, v in hidden.items()}
        dealer = hidden["sitting_out_for"]  # the rotation's proposal, as the form shows it
        data = {
            **hidden,
            "dealer": dealer,
            "sitting_out": dealer,  # the checkbox the form shows ticked
            "js": "1",  # as the browser with the script sends it: the details were shown
            "declarer": PLAYERS[(PLAYERS.index(dealer) + 1) % len(PLAYERS)],
            "contract": "passz",
            "colour": "piros",
            "won-parti": "1",
            "outcome": "played",
            "renonsz": "",
            "action": "save",
        }
        start = time.perf_counter()
        response = client.post(f"{page}/hands", data=data)
        form_times.append((time.perf_counter() - start) * 1000)
        errors = re.findall(r'role="alert"[^>]*>([^<]*)<', response.get_data(as_text=True))
        assert response.status_code == 303, (response.status_code, errors, hidden)
        count[0] += 1

    for _ in range(repeat):
        form_post()
    form = statistics.median(form_times)
    with app.app_context():
        assert ledger.session_json(ledger.session_by_token(token, "edit"))["hands"][-1]["hand"][
            "components"
        ] == [{"name": "parti", "won": True}]
        db.session.remove()
        db.engine.dispose()
    return {"warm": warm, "cold": cold, "api": api, "form": form}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", default="100,1000,10000")
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--seed", type=int, default=2026)
    args = parser.parse_args()
    sizes = [int(s) for s in args.sizes.split(",")]
    rng = random.Random(args.seed)
    results = {}
    with tempfile.TemporaryDirectory() as tmp:
        for n in sizes:
            results[n] = bench_size(n, args.repeat, rng, Path(tmp))
    print(f"median of {args.repeat}, ms; cold = after clearing the per-process hand caches")
    print(f"{'hands':>7} {'render warm':>12} {'render cold':>12} {'POST api':>9} {'POST form':>10}")
    for n, r in results.items():
        print(f"{n:>7} {r['warm']:>12.1f} {r['cold']:>12.1f} {r['api']:>9.1f} {r['form']:>10.1f}")
    if 1000 in results and 10000 in results:
        warm = results[10000]["warm"] / results[1000]["warm"]
        cold = results[10000]["cold"] / results[1000]["cold"]
        print(f"10,000/1,000 ratio: warm render {warm:.1f}, cold render {cold:.1f}")
    if 1000 in results:
        r = results[1000]
        ok = r["warm"] <= 150 and r["api"] <= 30 and r["form"] <= 30
        print(
            f"targets at 1,000 hands (render <=150 ms, POST <=30 ms): {'met' if ok else 'MISSED'}"
        )


if __name__ == "__main__":
    main()
