"""Errors of one shape (issue 37, Build 4).

Every refusal, whoever raises it (the core, a game, the ledger, the groups), carries
``key``, ``code``, ``params``, ``message`` and ``problem``, so the views read them as
attributes: no ``getattr`` or ``hasattr`` probing in ``views/``. And the core never
reaches into a game's rules to change them (it asks the game's ``bounded_rules``).
"""

from __future__ import annotations

import ast

import pytest

from tests.engine_helpers import REPO
from ulti_ledger import ledger
from ulti_ledger.groups import GroupError
from ulti_ledger.settlement import LedgerError
from ulti_ledger.settlement.errors import HandError, Msg, OptionError, RulesetError
from ulti_ledger.settlement.money import BalanceError

VIEWS = REPO / "ulti_ledger" / "views"
PROBES = ("getattr", "hasattr")


def _probes(text: str) -> list[str]:
    tree = ast.parse(text)
    return [
        f"line {node.lineno}: {ast.unparse(node)[:80]}"
        for node in ast.walk(tree)
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in PROBES
    ]


def test_no_view_probes_an_error_for_its_attributes():
    found = {
        str(path.relative_to(REPO)): probes
        for path in sorted(VIEWS.rglob("*.py"))
        if (probes := _probes(path.read_text(encoding="utf-8")))
    }
    assert found == {}


def _probes_of_caught(text: str) -> list[str]:
    """``getattr``/``hasattr`` on the error an ``except ... as name`` handler caught."""
    found = []
    for handler in ast.walk(ast.parse(text)):
        if not isinstance(handler, ast.ExceptHandler) or handler.name is None:
            continue
        for node in ast.walk(handler):
            if (
                isinstance(node, ast.Call)
                and isinstance(node.func, ast.Name)
                and node.func.id in PROBES
                and node.args
                and isinstance(node.args[0], ast.Name)
                and node.args[0].id == handler.name
            ):
                found.append(f"line {node.lineno}: {ast.unparse(node)[:80]}")
    return found


def test_no_module_probes_an_error_it_caught():
    """Outside the views too (the ledger passing an engine refusal on, say): a caught
    refusal is read by its shape. A third-party error's own parts (``exc.orig``, a
    database driver's) are not the caught name and stay allowed."""
    found = {
        str(path.relative_to(REPO)): probes
        for path in sorted((REPO / "ulti_ledger").rglob("*.py"))
        if (probes := _probes_of_caught(path.read_text(encoding="utf-8")))
    }
    assert found == {}


def test_the_check_itself_would_catch_a_probe():
    assert _probes('code = getattr(exc, "code", None)\n')
    assert not _probes("code = exc.code\n")
    caught = "try:\n    f()\nexcept ValueError as exc:\n    k = getattr(exc, 'key', '')\n"
    assert _probes_of_caught(caught)
    assert not _probes_of_caught(caught.replace("getattr(exc,", "getattr(exc.orig,"))


def test_the_core_writes_into_no_rules_of_a_game():
    loader = (REPO / "ulti_ledger" / "settlement" / "loader.py").read_text(encoding="utf-8")
    assert "memo_size" not in loader.replace("RESOLVED_MEMO_SIZE", "")
    assert "object.__setattr__(rules" not in loader


ERRORS = [
    LedgerError("plain"),
    HandError("colour", "a {what} is needed", code="colour_needed", what="colour"),
    OptionError("options.x", "unknown option", code="unknown_option"),
    RulesetError("ulti.toml", "games.parti", "must be a table"),
    BalanceError("Anna", "does not add up"),
    ledger.SessionError("name", "too long"),
    ledger.NotFound("", "no such session"),
    ledger.PaymentError("amount", "amount_positive", "must be more than zero", value="0"),
    GroupError("name", "too long", "name_long", n=3),
]


@pytest.mark.parametrize("error", ERRORS, ids=lambda e: type(e).__name__)
def test_every_refusal_has_the_one_shape(error):
    assert isinstance(error.key, str) and isinstance(error.code, str)
    assert dict(error.params) == dict(error.params)  # a mapping
    assert error.message is None or isinstance(error.message, Msg)
    assert isinstance(error.problem, str) and error.problem
    assert error.field == error.key
    assert error.message_key == (error.message.template if error.message else "")
    assert isinstance(error.text("hu"), str)


def test_the_shape_keeps_what_each_kind_says():
    hand = ERRORS[1]
    assert hand.code == "colour_needed" and hand.params == {"what": "colour"}
    assert hand.message_key == "a {what} is needed" and hand.problem == "a colour is needed"
    assert ERRORS[0].problem == "plain" and ERRORS[0].key == ""
    payment = ERRORS[7]
    assert payment.code == "amount_positive" and payment.params == {"value": "0"}


def test_resolved_house_rules_keep_smaller_memos_through_the_game():
    from ulti_ledger.games import REGISTRY, builtin_engine
    from ulti_ledger.settlement.loader import RESOLVED_MEMO_SIZE

    for ruleset in builtin_engine().rulesets.values():
        game = REGISTRY[ruleset.scorer]
        if not game.gives("bounded_rules"):
            continue
        smaller = game.bounded_rules(ruleset.rules, RESOLVED_MEMO_SIZE)
        assert smaller == ruleset.rules and smaller is not ruleset.rules
        assert smaller.memo_size == min(ruleset.rules.memo_size, RESOLVED_MEMO_SIZE)
