"""The table of a ruleset, as a player reads it: the game's values, then the house rules.

The ruleset's id, label, description and options are the same for every game; the
values in between are the game's (its ``rules_table`` part: Ulti's contracts by colour
and kontra ladder). In English or Hungarian.
"""

from __future__ import annotations

from typing import Any

from ..settlement import Ruleset
from .messages import ruleset_text, words

WORDS = words("rules_table")


def value_table(ruleset: Ruleset, lang: str = "en") -> dict[str, Any]:
    """The ruleset as JSON: id, label, description, the game's table, every option."""
    return _table(ruleset, lang)[0]


def rules_text(ruleset: Ruleset, lang: str = "en") -> str:
    """The ruleset's table as fixed-width text for the terminal."""
    table, game = _table(ruleset, lang)
    w = WORDS[lang if lang in WORDS else "en"]
    out = [f"{table['id']}: {table['label']}", table["description"], ""]
    out += [*game["text"], "", w["house_rules"]]
    for o in table["options"]:
        choices = f"{o['range'][0]}..{o['range'][1]}" if "range" in o else " | ".join(o["choices"])
        out.append(f"  {o['name']} = {o['default']}   [{choices}]")
        out.append(f"      {o['help']}")
        out += [f"        {name}: {help}" for name, help in o.get("choices", {}).items() if help]
    return "\n".join(out)


def summary(ruleset: Ruleset, lang: str = "en") -> str:
    """One line of what the ruleset holds: "40 contracts, 17 house-rule options"."""
    game = ruleset.scorer_module.rules_table(ruleset.rules, lang)
    w = WORDS[lang if lang in WORDS else "en"]
    return f"{game['summary']}, {w['house_rule_count'].format(n=len(ruleset.options))}"


def _table(ruleset: Ruleset, lang: str) -> tuple[dict[str, Any], dict[str, Any]]:
    say = lambda hu, en: ruleset_text(hu, en, lang)  # noqa: E731
    game = ruleset.scorer_module.rules_table(ruleset.rules, lang)
    options = []
    for option in ruleset.options.values():
        entry: dict[str, Any] = {
            "name": option.name,
            "label": say(option.label, option.label_en),
            "default": option.default,
            "help": say(option.help, option.help_en),
        }
        if option.choices is None:
            entry["range"] = [option.minimum, option.maximum]
        else:
            entry["choices"] = {n: say(c.help, c.help_en) for n, c in option.choices.items()}
        options.append(entry)
    table = {
        "id": ruleset.id,
        "label": say(ruleset.label, ruleset.label_en),
        "description": say(ruleset.description, ruleset.description_en),
        **game["table"],
        "options": options,
    }
    return table, game
