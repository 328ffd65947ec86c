"""Engine refusals carry a code, its parameters and the key at fault; the hand form words
each code in Hungarian and English from the code, never from the English sentence."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

from tests.engine_helpers import ENGINE, REPO, hand
from ulti_ledger import ledger
from ulti_ledger.games import REGISTRY
from ulti_ledger.games.ulti import refusals
from ulti_ledger.ledger import GameForm
from ulti_ledger.settlement import HandError
from ulti_ledger.settlement.errors import Msg
from ulti_ledger.settlement.messages import HU
from ulti_ledger.views import form_refusals
from ulti_ledger.words.texts import TEXTS

WORDED = {k.split("@")[0] for k in [*refusals.WORDED, *form_refusals.WORDED]}
"""The codes the form words itself: Ulti's own (games/ulti/refusals.py), and those of the
keys every game's hand has (views/form_refusals.py)."""

SEATS = ("Anna", "Béla", "Csaba", "Dóra")
PLAYED = {"players": ["Béla", "Csaba", "Dóra"], "sitting_out": ["Anna"], "declarer": "Béla"}
SCORER = [
    *(REPO / "ulti_ledger/games/ulti").glob("*.py"),
    REPO / "ulti_ledger/settlement/engine.py",
    REPO / "ulti_ledger/settlement/hand_checks.py",  # the checks every game's hand shares
    REPO / "ulti_ledger/settlement/loader.py",
    REPO / "ulti_ledger/ledger/checks.py",
]


RAISERS = {"HandError", "OptionError"}


def _constants(node: ast.AST) -> list[str]:
    """The strings an expression can be: a constant, or either side of a conditional."""
    if isinstance(node, ast.IfExp):
        return _constants(node.body) + _constants(node.orelse)
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return [node.value]
    return []


def _is_raiser(node: ast.AST, names: set[str]) -> bool:
    """A call of one of ``names``, bare (``HandError(...)``) or qualified (``errors.HandError``)."""
    if not isinstance(node, ast.Call):
        return False
    func = node.func
    return (func.id if isinstance(func, ast.Name) else getattr(func, "attr", None)) in names


def _msg_code(call: ast.Call) -> list[str]:
    """The constant code a ``Msg(template, params, code)`` is built with ([] without one)."""
    given = call.args[2:3] + [k.value for k in call.keywords if k.arg == "code"]
    return [c for value in given for c in _constants(value)]


def raises() -> list[tuple[str, int, list[str], list[str]]]:
    """Each HandError call of the Ulti scorer: file, line, its codes and its templates."""
    found = []
    for path in SCORER:
        for node in ast.walk(ast.parse(Path(path).read_text("utf-8"))):
            if _is_raiser(node, RAISERS):
                codes = [c for k in node.keywords if k.arg == "code" for c in _constants(k.value)]
                templates = _constants(node.args[1]) if len(node.args) > 1 else []
                found.append((path.name, node.lineno, codes, templates))
    return found


def msg_codes() -> set[str]:
    """Codes given to ready `Msg` problems (a kontra ladder's two refusals)."""
    out = set()
    for path in SCORER:
        for node in ast.walk(ast.parse(Path(path).read_text("utf-8"))):
            if _is_raiser(node, {"Msg"}):
                out.update(_msg_code(node))
    return out


def all_codes() -> set[str]:
    return {c for *_, codes, _ in raises() for c in codes} | msg_codes()


def test_every_refusal_of_the_ulti_scorer_has_a_code():
    without = [(f, line) for f, line, codes, _ in raises() if not codes]
    # kontra.py passes on a ladder's Msg with its own code (msg_codes)
    assert [w for w in without if w[0] != "kontra.py"] == []
    assert {"kontra_both", "kontra_ladder"} <= msg_codes()


ENGINES = sorted(
    [
        *(REPO / "ulti_ledger/games").glob("*/*.py"),  # every game, a future one included
        *(REPO / "ulti_ledger/settlement").glob("*.py"),
    ]
)
"""Every game's package and the settlement every game shares."""

CODE = re.compile(r"[a-z][a-z0-9]*(?:_[a-z0-9]+)*")


def _bound(name: str, scope: ast.AST) -> list[str | None]:
    """What ``name`` is given in ``scope``, a string for a constant and None for anything
    else: ``code = "x"``, or a loop over a literal table (``for key, code in (("mit",
    "matadors_in_null"), ...)``)."""
    found: list[str | None] = []
    for node in ast.walk(scope):
        if isinstance(node, ast.Assign) and any(
            isinstance(t, ast.Name) and t.id == name for t in node.targets
        ):
            found.extend(_constants(node.value) or [None])
        elif isinstance(node, ast.For):
            target = node.target
            names = [target] if isinstance(target, ast.Name) else getattr(target, "elts", [])
            ids = [getattr(t, "id", None) for t in names]
            if name not in ids:
                continue
            rows = node.iter.elts if isinstance(node.iter, ast.Tuple | ast.List) else None
            if rows is None:
                found.append(None)
                continue
            at = ids.index(name)
            for row in rows:
                cells = [row] if isinstance(target, ast.Name) else getattr(row, "elts", [])
                value = cells[at] if at < len(cells) else None
                found.extend((_constants(value) if value is not None else []) or [None])
    return found


def _makes_coded_msgs(function: ast.FunctionDef) -> bool:
    """Whether every problem ``function`` returns is a `Msg` built with a code (``None``,
    "no problem", aside)."""
    returned = [
        n.value
        for n in ast.walk(function)
        if isinstance(n, ast.Return)
        and n.value is not None
        and not (isinstance(n.value, ast.Constant) and n.value.value is None)
    ]
    return bool(returned) and all(
        _is_raiser(value, {"Msg"}) and _msg_code(value) for value in returned
    )


def _passes_on_a_coded_msg(call: ast.Call, scope: ast.AST, module: ast.Module) -> bool:
    """A refusal that passes on a ready problem keeps that problem's code (`HandError`):
    a ``Msg(..., code)`` built in place, a refusal's own ``.message`` said under another
    key (``HandError.at``), or a variable that a function of the module gave a coded `Msg`
    (a kontra ladder's ``problem``). Its ``code=``, if any, is that problem's ``.code``."""
    if len(call.args) < 2:
        return False
    problem = call.args[1]
    given = [k.value for k in call.keywords if k.arg == "code"]
    if given and not (
        isinstance(given[0], ast.Attribute)
        and given[0].attr == "code"
        and ast.dump(given[0].value) == ast.dump(problem)
    ):
        return False
    if _is_raiser(problem, {"Msg"}):
        return bool(_msg_code(problem))
    if isinstance(problem, ast.Attribute) and problem.attr == "message":
        return True
    if not isinstance(problem, ast.Name):
        return False
    functions = {
        f.name: f for f in ast.walk(module) if isinstance(f, ast.FunctionDef | ast.AsyncFunctionDef)
    }
    makers = [
        n.value
        for n in ast.walk(scope)
        if isinstance(n, ast.Assign)
        and any(isinstance(t, ast.Name) and t.id == problem.id for t in n.targets)
    ]
    return bool(makers) and all(
        isinstance(m, ast.Call)
        and isinstance(m.func, ast.Name)
        and m.func.id in functions
        and _makes_coded_msgs(functions[m.func.id])
        for m in makers
    )


def engine_refusals(paths=ENGINES) -> list[tuple[str, int, list[str] | None]]:
    """Each HandError / OptionError call in ``paths``: where, and its codes (None: it
    passes on a problem that carries its own code)."""
    found = []
    for path in paths:
        module = ast.parse(Path(path).read_text("utf-8"))
        parents = {c: n for n in ast.walk(module) for c in ast.iter_child_nodes(n)}
        for node in ast.walk(module):
            if not _is_raiser(node, RAISERS):
                continue
            scope: ast.AST = node
            while scope in parents and not isinstance(
                scope, ast.FunctionDef | ast.AsyncFunctionDef
            ):
                scope = parents[scope]
            where = f"{Path(path).parent.name}/{Path(path).name}"
            given = [k.value for k in node.keywords if k.arg == "code"]
            codes: list[str | None] = []
            for value in given:
                if isinstance(value, ast.Name):
                    codes.extend(_bound(value.id, scope))
                else:
                    codes.extend(_constants(value) or [None])
            if given and codes and all(codes):
                found.append((where, node.lineno, [c for c in codes if c]))
            elif _passes_on_a_coded_msg(node, scope, module):
                found.append((where, node.lineno, None))
            else:
                found.append((where, node.lineno, []))
    return found


def test_every_refusal_of_every_game_has_a_code():
    """Not the Ulti scorer only: each game package (found by glob, so that a new game is
    held to it too) and the shared settlement name every refusal by a code."""
    games = {p.parent.name for p in ENGINES if p.parent.parent.name == "games"}
    assert set(REGISTRY) <= games
    found = engine_refusals()
    assert len(found) > 150, len(found)
    assert [(f, line) for f, line, codes in found if codes == []] == []
    bad = [(f, line, c) for f, line, codes in found for c in codes or () if not CODE.fullmatch(c)]
    assert bad == [], "a code is a snake_case name"
    # the passed-on problems: kontra.py's ladder Msg, HandError.at's own message
    passed = {(f, line) for f, line, codes in found if codes is None}
    assert {f for f, _ in passed} == {"ulti/kontra.py", "settlement/errors.py"}, passed


def test_a_refusal_without_a_code_is_found(tmp_path):
    """The check above fails on a missing code, however the problem is passed."""
    source = tmp_path / "game.py"
    source.write_text(
        "def check(raw, key):\n"
        "    if raw:\n"
        '        raise HandError(key, "must be {x}", x=raw)\n'
        '    raise HandError(key, "must be {x}", code="fine", x=raw)\n'
        "def problem_of(raw):\n"
        '    return Msg("uncoded {x}", {"x": raw})\n'
        "def passes(raw, key):\n"
        "    problem = problem_of(raw)\n"
        "    raise HandError(key, problem, code=problem.code)\n"
        "def table(data):\n"
        '    for key, code in (("a", "a_code"), ("b", other)):\n'
        '        raise OptionError(key, "no {key}", code=code, key=key)\n',
        "utf-8",
    )
    found = {line: codes for _, line, codes in engine_refusals([source])}
    assert found == {3: [], 4: ["fine"], 9: [], 12: []}


def test_every_code_has_a_hungarian_and_an_english_wording():
    """Worded by the form (texts: Hungarian, English) or by the engine (English template,
    Hungarian in the core's catalogue or the game's own); either way both languages."""
    worded = WORDED
    unworded = []
    for _, _, codes, templates in raises():
        for code in codes:
            if code in worded:
                continue
            # a problem a helper builds (``_not_one_of``): test_engine_messages checks its HU
            if any(t not in HU and Msg(t).text("hu") == t for t in templates):
                unworded.append(code)
    assert unworded == []
    source = Path(form_refusals.__file__).read_text("utf-8")
    keys = set(re.findall(r'"((?:err|missing)_[a-z0-9_]+)"', source))
    assert keys, "the form's wordings name their texts"
    for key in keys:
        hu, en = TEXTS[key]
        assert hu.strip() and en.strip() and hu != en, key
    source = Path(refusals.__file__).read_text("utf-8")
    own = set(re.findall(r'_says\("([a-z0-9_]+)"\)|_simple\("([a-z0-9_]+)"\)', source))
    own = {a or b for a, b in own} | {"colour_not_allowed", "no_colour"}
    assert len(own) > 20, own
    for key in own:
        hu, en = refusals.WORDS[key]
        assert hu.strip() and en.strip() and hu != en, key


def test_the_form_words_only_codes_the_scorer_raises():
    assert WORDED <= all_codes()


@pytest.mark.parametrize(
    "changes, key, code, params",
    [
        ({"colour": None}, "colour", "colour_needed", {"contract": "passz"}),
        ({"declarer": "Zoli"}, "declarer", "player_not_playing", {"name": "Zoli"}),
        (
            {"components": [{"name": "parti", "won": True, "kontra": 9}]},
            "components[0].kontra",
            "kontra_ceiling",
            {"level": 9},
        ),
    ],
)
def test_a_refusal_carries_its_code_params_and_key(changes, key, code, params):
    data = hand(**changes)
    with pytest.raises(HandError) as caught:
        ENGINE.parse(data)
    err = caught.value
    assert (err.key, err.code) == (key, code)
    assert params.items() <= dict(err.params).items()
    assert str(err).startswith(f"{key}: ")  # the English message stays as it was


def test_the_form_words_a_refusal_by_its_code_not_its_sentence(app, session_body):
    """An engine sentence reworded tomorrow keeps the form's wording: only the code counts."""
    data = {**PLAYED, "components": [{"name": "parti", "won": True}]}
    with app.app_context():
        session = ledger.create_session(session_body)
        game, rules = ledger.form_game(session)
    values = {**data, **game.form_values(data, rules)}
    reworded = HandError(
        "colour", "the {contract} wants a suit", code="colour_needed", contract="passz"
    )
    uncoded = HandError(
        "colour", "a {contract} needs a colour: one of {names}", contract="passz", names="x"
    )
    with app.test_request_context("/?lang=hu"):
        app.preprocess_request()
        form = game.hand_form(rules, "hu")
        assert form_refusals.explain(GameForm(game, rules), form, values, data, reworded) == (
            "colour",
            "Válassz színt: a passz színes játék.",
        )
        # the old sentence without its code is no longer recognised: the engine's words
        area, said = form_refusals.explain(GameForm(game, rules), form, values, data, uncoded)
        assert area == "colour" and said.startswith("Így nem rögzíthető: passz: színt kell")


def test_the_api_error_carries_code_and_params(client, session_body):
    made = client.post("/api/v1/sessions", json=session_body).get_json()
    response = client.post(
        f"/api/v1/sessions/{made['id']}/hands",
        json={
            "players": ["Béla", "Csaba", "Dóra"],
            "sitting_out": ["Anna"],
            "declarer": "Béla",
            "components": [{"name": "parti", "won": True}],
        },
        headers={"Authorization": f"Bearer {made['edit_token']}"},
    )
    body = response.get_json()
    assert response.status_code == 422, body
    assert body["key"] == "colour" and body["code"] == "colour_needed"
    assert body["params"]["contract"] == "passz"
    assert body["error"].startswith("colour: a passz needs a colour")


def test_msg_keeps_its_code_through_at():
    err = HandError(
        "colour", Msg("a {contract} is played without a colour", {"contract": "x"}, "colour_none")
    )
    assert err.at("hands[3].colour").code == "colour_none"
