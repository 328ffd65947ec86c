"""A ruleset file may build on another (``extends = "FILE.toml"``): tables merge key by key,
other values replace; the base is found beside the file, or among the shipped files."""

from __future__ import annotations

import pytest

from tests.engine_helpers import ENGINE
from ulti_ledger.games import REGISTRY, load_ruleset_file, parse_ruleset
from ulti_ledger.settlement import RulesetError
from ulti_ledger.settlement.extends import merge_tables

CHILD = """format = 1
extends = "tarokk.toml"
id = "house-tarokk"
label = "Házi tarokk"

[figures]
xxi-fogas = { announced = 50, silent = 25 }

[options.renonsz_max]   # a house rule's default: the option sets renonsz.max
default = "10"
"""


def test_merge_tables_merges_tables_and_replaces_the_rest():
    base = {"a": {"x": 1, "y": {"z": 2}}, "b": [1, 2], "c": 3}
    over = {"a": {"y": {"w": 4}}, "b": [9], "d": 5}
    assert merge_tables(base, over) == {
        "a": {"x": 1, "y": {"z": 2, "w": 4}},
        "b": [9],
        "c": 3,
        "d": 5,
    }
    assert base == {"a": {"x": 1, "y": {"z": 2}}, "b": [1, 2], "c": 3}  # untouched


def test_a_file_builds_on_a_shipped_file():
    ruleset = parse_ruleset(CHILD, "house.toml")
    base = ENGINE.ruleset("tarokk")
    assert ruleset.id == "house-tarokk" and ruleset.scorer == "tarokk"
    assert ruleset.rules.figures["xxi-fogas"].announced == 50
    assert ruleset.rules.figures["pagat-ultimo"] == base.rules.figures["pagat-ultimo"]
    assert (ruleset.rules.renonsz_min, ruleset.rules.renonsz_max) == (5, 10)
    assert ruleset.options.keys() == base.options.keys()
    assert ruleset.bases == (base.text,)


def test_the_digest_covers_the_base():
    """A pinned ruleset that extends another changes its digest when the base changes."""
    plain = parse_ruleset(CHILD, "house.toml")
    other_base = REGISTRY.shipped_file("tarokk.toml").replace(
        "xxi-fogas = { announced = 42", "xxi-fogas = { announced = 43"
    )

    def find(name):
        return other_base if name == "tarokk.toml" else None

    from ulti_ledger.settlement.loader import parse_ruleset as core_parse

    changed = core_parse(CHILD, "house.toml", REGISTRY, find)
    assert changed.digest != plain.digest
    assert changed.rules.figures["xxi-fogas"].announced == 50  # the child's value wins


def test_the_base_is_looked_for_beside_the_file_first(tmp_path):
    (tmp_path / "tarokk.toml").write_text(
        REGISTRY.shipped_file("tarokk.toml").replace("hirskontra x16 (ITVB)", "x"), "utf-8"
    )
    (tmp_path / "house.toml").write_text(CHILD.replace('"tarokk.toml"', '"tarokk.toml"'), "utf-8")
    ruleset = load_ruleset_file(tmp_path / "house.toml")
    assert ruleset.bases[0] == (tmp_path / "tarokk.toml").read_text("utf-8")


@pytest.mark.parametrize(
    ("extends", "problem"),
    [
        ('"nowhere.toml"', "extends: nowhere.toml is not a ruleset file found beside it"),
        ("3", 'extends: must name a ruleset file, such as "tarokk.toml"'),
        ('"house.toml"', "extends: house.toml builds on itself"),
    ],
)
def test_a_bad_extends_is_refused_naming_the_key(extends, problem):
    text = CHILD.replace('"tarokk.toml"', extends, 1)
    with pytest.raises(RulesetError) as refused:
        parse_ruleset(text, "house.toml")
    assert problem in str(refused.value)


def test_a_loop_of_two_files_is_refused(tmp_path):
    (tmp_path / "a.toml").write_text('extends = "b.toml"\n', "utf-8")
    (tmp_path / "b.toml").write_text('extends = "a.toml"\n', "utf-8")
    with pytest.raises(RulesetError, match="builds on itself"):
        load_ruleset_file(tmp_path / "a.toml")


def test_a_child_key_the_game_does_not_know_is_refused_as_in_any_file():
    with pytest.raises(RulesetError, match="figures.xxi-fogas.anounced"):
        parse_ruleset(CHILD.replace("announced = 50", "anounced = 50"), "house.toml")
