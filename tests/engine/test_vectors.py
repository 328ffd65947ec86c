"""Every test vector settles to its expected payments, read from the shared folder.

The vectors are read from ``../shared/vectors`` where it stands beside the checkout, and
from the suite's own copy (``tests/vectors``) in a clone with nothing beside it;
``tests/engine/test_vectors_copy.py`` keeps the two equal, byte for byte. The Ulti vectors
(``*.json``) always run, case by case. The other games' files
(``games/<game>-public.json``) run case by case once their game is registered; a case
whose ruleset the engine does not know would be one test per file, reported as not
applicable (skipped, with the number of cases waiting), never as passed. Every game of the
three files is registered today, and a test says so.

The project's own vectors (``tests/vectors/own/<game>.json``, never in the shared folder:
the per-choice vectors of the house rules this project added or corrected) run case by
case too, in the same format and three more keys: ``expected_refusal`` (the key and code
of the refusal, instead of ``expected``), ``expected_kitty`` (what the hand puts into or
takes from an empty kitty), and ``evening`` (a session of hands, its ``ruleset``, ``options``,
``players`` and ``hands``, settled in order: ``expected`` are its totals, ``expected_kitty``
each hand's entries and ``kitty_balance`` what is left).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from tests.engine_helpers import ENGINE, VECTORS, shared_dir
from ulti_ledger.settlement import HandError
from ulti_ledger.settlement.session import settle_session

SOURCE = shared_dir() / "vectors" if (shared_dir() / "vectors").is_dir() else VECTORS
"""Where the vectors are read from: the shared folder, or the suite's copy of it."""
ULTI_FILES = sorted(SOURCE.glob("*.json"))
GAME_FILES = sorted((SOURCE / "games").glob("*.json"))
OWN_FILES = sorted((VECTORS / "own").glob("*.json"))
"""The project's own vectors: in the suite only, beside its copy of the shared ones."""


def _load(path: Path) -> list[dict[str, Any]]:
    return json.loads(path.read_text(encoding="utf-8"))


def _game(path: Path) -> str:
    """The game a file belongs to, by its name: ``skat-public.json`` is Skat's."""
    return path.stem.removesuffix("-public")


def _ulti_cases():
    for path in ULTI_FILES:
        for case in _load(path):
            yield pytest.param(case, id=f"{path.stem}:{case['id']}")


def _game_cases():
    for path in GAME_FILES:
        waiting: set[str] = set()
        count = 0
        for case in _load(path):
            ruleset = case["hand"]["ruleset"]
            if ruleset in ENGINE.rulesets:
                yield pytest.param(case, id=f"games/{path.stem}:{case['id']}")
            else:
                waiting.add(ruleset)
                count += 1
        if waiting:
            reason = (
                f"not applicable: no {', '.join(sorted(waiting))} ruleset is registered; "
                f"{count} case(s) of {path.name} run once it is"
            )
            yield pytest.param(None, id=f"games/{path.stem}", marks=pytest.mark.skip(reason=reason))


def test_vectors_are_found():
    """The suite must not pass by finding no vectors."""
    assert ULTI_FILES, f"no vector files under {SOURCE}"
    assert sum(1 for _ in _ulti_cases()) >= 29
    assert {_game(p) for p in GAME_FILES} >= {"skat", "snapszer", "tarokk"}


def test_each_game_file_holds_only_its_own_game():
    """A file's cases wait for the game it names, so none can hide under another's name."""
    for path in GAME_FILES:
        rulesets = {case["hand"]["ruleset"] for case in _load(path)}
        assert rulesets and all(_game(path) in r for r in rulesets), (path.name, rulesets)


def test_every_game_of_the_vector_files_is_registered():
    """Snapszer's, Skat's and tarokk's cases all run: none is left waiting as not applicable."""
    for path in GAME_FILES:
        waiting = [c["id"] for c in _load(path) if c["hand"]["ruleset"] not in ENGINE.rulesets]
        assert not waiting, (path.name, waiting)


def test_the_ulti_vectors_are_all_registered():
    """No Ulti case can ever be reported as not applicable: its rulesets are built in."""
    for path in ULTI_FILES:
        for case in _load(path):
            assert case["hand"]["ruleset"] in ENGINE.rulesets, (path.name, case["id"])


def _check(case: dict[str, Any]) -> None:
    result = ENGINE.settle(case["hand"])
    assert dict(result.payments) == case["expected"], case["title"]
    assert sum(result.payments.values()) == 0
    if "score" in case:  # Skat's list entry, beside the zero-sum payments
        assert dict(getattr(result, "score", None) or {}) == case["score"], case["title"]


@pytest.mark.parametrize("case", list(_ulti_cases()))
def test_vector(case):
    _check(case)


@pytest.mark.parametrize("case", list(_game_cases()))
def test_game_vector(case):
    _check(case)


def _own_cases():
    for path in OWN_FILES:
        for case in _load(path):
            yield pytest.param(case, id=f"own/{path.stem}:{case['id']}")


def test_own_vectors_are_found():
    assert {p.stem for p in OWN_FILES} >= {"tarokk"}
    assert sum(1 for _ in _own_cases()) >= 18


@pytest.mark.parametrize("case", list(_own_cases()))
def test_own_vector(case):
    """A case of the project's own vectors: a hand's payments, its refusal, or an evening."""
    if "evening" in case:
        evening = case["evening"]
        result = settle_session(ENGINE, {"format": "ulti-ledger/session@1", **evening})
        assert dict(result.totals) == case["expected"], case["title"]
        assert list(result.kitty) == case["expected_kitty"], case["title"]
        assert result.kitty_balance == case["kitty_balance"], case["title"]
        return
    if "expected_refusal" in case:
        with pytest.raises(HandError) as refused:
            ENGINE.settle(case["hand"])
        found = {"key": refused.value.key, "code": refused.value.code}
        assert found == case["expected_refusal"], case["title"]
        return
    _check(case)
    if "expected_kitty" in case:
        assert ENGINE.result_json(case["hand"]).get("kitty") == case["expected_kitty"]
