"""Every test vector settles to its expected payments, read from each game's own folder.

A registered game keeps its vectors in ``ulti_ledger/games/<game>/vectors/``: ``public.json``
(a copy of the shared folder's file for the game, where it has one: ``../shared/vectors``,
``tests/engine/test_vectors_copy.py`` keeps the two equal, byte for byte) and ``own.json``
(the project's own: the per-choice vectors of the house rules this project added or
corrected). Both run case by case for every registered game, found through the registry;
a game whose rulesets a case does not name is refused by a test, so no case can hide under
another game's folder.

``own.json`` is in the same format and three more keys: ``expected_refusal`` (the key and
code of the refusal, instead of ``expected``), ``expected_kitty`` (what the hand puts into
or takes from an empty kitty), and ``evening`` (a session of hands, its ``ruleset``,
``options``, ``players`` and ``hands``, settled in order: ``expected`` are its totals,
``expected_kitty`` each hand's entries and ``kitty_balance`` what is left).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from tests.engine_helpers import ENGINE, vector_files
from ulti_ledger.games import REGISTRY
from ulti_ledger.settlement import HandError
from ulti_ledger.settlement.session import settle_session

PUBLIC = vector_files("public")
OWN = vector_files("own")


def _load(path: Path) -> list[dict[str, Any]]:
    return json.loads(path.read_text(encoding="utf-8"))


def _cases(files: dict[str, Path]):
    for game, path in files.items():
        for case in _load(path):
            yield pytest.param(case, id=f"{game}/{path.stem}:{case['id']}")


def test_vectors_are_found():
    """The suite must not pass by finding no vectors: every game has some of its own."""
    assert set(PUBLIC) | set(OWN) == set(REGISTRY), "a game without vectors in its folder"
    assert sum(1 for _ in _cases(PUBLIC)) >= 29


def _rulesets(case: dict[str, Any]) -> set[str]:
    if "evening" in case:
        return {case["evening"]["ruleset"]}
    return {case["hand"]["ruleset"]}


def test_each_games_vectors_are_its_own():
    """A case in a game's folder names one of that game's rulesets, every one registered."""
    for files in (PUBLIC, OWN):
        for game, path in files.items():
            for case in _load(path):
                for ruleset in _rulesets(case):
                    assert ruleset in ENGINE.rulesets, (path, case["id"])
                    assert ENGINE.rulesets[ruleset].scorer == game, (path, case["id"])


def _check(case: dict[str, Any]) -> None:
    result = ENGINE.settle(case["hand"])
    assert dict(result.payments) == case["expected"], case["title"]
    assert sum(result.payments.values()) == 0
    if "score" in case:  # Skat's list entry, beside the zero-sum payments
        assert dict(getattr(result, "score", None) or {}) == case["score"], case["title"]


@pytest.mark.parametrize("case", list(_cases(PUBLIC)))
def test_vector(case):
    _check(case)


def test_own_vectors_are_found():
    assert sum(1 for _ in _cases(OWN)) >= 18


@pytest.mark.parametrize("case", list(_cases(OWN)))
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
