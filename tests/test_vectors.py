"""Every shared test vector settles to its expected payments, read from ../shared."""

from __future__ import annotations

import json

import pytest

from tests.engine_helpers import ENGINE, shared_dir

VECTOR_FILES = sorted((shared_dir() / "vectors").glob("*.json"))


def _cases():
    for path in VECTOR_FILES:
        for case in json.loads(path.read_text(encoding="utf-8")):
            yield pytest.param(case, id=f"{path.stem}:{case['id']}")


def test_vectors_are_found():
    """The suite must not pass by finding no vectors."""
    assert VECTOR_FILES, f"no vector files under {shared_dir() / 'vectors'}"
    assert sum(1 for _ in _cases()) >= 29


@pytest.mark.parametrize("case", list(_cases()))
def test_vector(case):
    result = ENGINE.settle(case["hand"])
    assert dict(result.payments) == case["expected"], case["title"]
    assert sum(result.payments.values()) == 0
