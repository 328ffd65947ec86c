"""What the forms offer: rulesets with their house rules, and a session's contracts.

Plain dicts built from the rules, so the new-session and hand-entry forms offer only
what can apply and show each option with its default and one-line meaning.
"""

from __future__ import annotations

from typing import Any

from ..games.ulti.rules import Contract, Rules
from ..handform.generic import drawn
from ..messages import ruleset_text
from ..models import GameSession
from ..settlement import Engine, Option, Ruleset
from .pinning import builtin_engine, only_ruleset, session_engine


def ruleset_choices(lang: str = "hu", engine: Engine | None = None) -> list[dict[str, Any]]:
    """The rulesets a new session can use, each with its options (for the session form)."""
    engine = engine or builtin_engine()
    # Only the rulesets whose hand form the pages can draw: Ulti's own (contracts), or any
    # game's from its description (``handform.generic``).
    return [
        _ruleset(r, lang)
        for r in engine.rulesets.values()
        if hasattr(r.rules, "contracts") or drawn(engine.game(r.rules.scorer))
    ]


def form_game(session: GameSession, options: dict[str, Any] | None = None) -> tuple[Any, Any]:
    """The session's game and its resolved rules (``options``: a hand's own over the
    session's), for the form drawn from the game's description."""
    engine = session_engine(session)
    rules = only_ruleset(engine).resolve({**session.options, **(options or {})})
    return engine.game(rules.scorer), rules


def session_ruleset_choice(session: GameSession, lang: str = "hu") -> dict[str, Any]:
    """The session's pinned ruleset as ``ruleset_choices`` gives one (for its settings)."""
    return _ruleset(only_ruleset(session_engine(session)), lang)


def hand_form(
    session: GameSession,
    lang: str = "hu",
    options: dict[str, Any] | None = None,
    words: str | None = None,
) -> dict[str, Any]:
    """What the hand-entry form of ``session`` may offer, from its pinned rules.

    ``options``: a recorded hand's own house rules, over the session's (for editing it).

    contracts: id, label, components, open, common (one-tap preset), colours (allowed,
    None first when the colour may be left out), colour_required, value (per defender,
    made, in the first allowed colour), silent_allowed (the silent results a hand of
    this contract may list) and, per component, whether its kontra is individual (one
    level per defender) and whether it has an open form. Also the colours, the kontra
    names up to the table's ceiling, and the silent results the table pays (with
    ``everyone``: a defender's result names the defender who made it). ``description``:
    the game's own form as data (its part ``hand_form(rules, lang)``: fields, kinds,
    labels in ``words`` (else ``lang``), presets, when each field applies and what the
    facts force).
    """
    engine = session_engine(session)
    rules = only_ruleset(engine).resolve({**session.options, **(options or {})})
    contracts = []
    for contract in rules.contracts:
        colours, required = rules.contract_colours(contract)
        first = next((c for c in colours if c), None)
        contracts.append(
            {
                "id": contract.id,
                "label": contract.label,
                "components": [
                    {
                        "name": name,
                        "label": rules.components[name].label,
                        "individual_kontra": rules.games[
                            rules.components[name].game
                        ].individual_kontra,
                        "openable": rules.components[name].open is not None,
                    }
                    for name in contract.components
                ],
                "open": contract.open,
                "common": contract.common,
                "colours": list(colours),
                "colour_required": required,
                "value": rules.contract_value(contract, first if required else None),
                "silent": sorted(contract.silent) if contract.silent is not None else None,
                "silent_allowed": _silent_allowed(rules, contract),
            }
        )
    return {
        "contracts": contracts,
        "colours": [
            {"name": c.name, "label": c.label if lang == "hu" else c.label_en}
            for c in rules.colours.values()
        ],
        "kontra": [
            {"level": level, "name": rules.kontra.name(level)}
            for level in range(rules.kontra.max_level + 1)
        ],
        "silent": [
            {
                "name": s.name,
                "label": s.label,
                "defenders": s.defenders,
                "can_fail": bool(s.failed_factor),
                "everyone": s.defender_scope == "everyone",
            }
            for s in rules.silent.values()
            if s.enabled
        ],
        "outcomes": ["played", "conceded", "all_pass", "redeal"],
        "description": engine.game(rules.scorer).hand_form(rules, words or lang),
    }


def _silent_allowed(rules: Rules, contract: Contract) -> list[str]:
    """The silent results a hand of ``contract`` may list, in the ruleset's order: the
    engine's own list (``Rules.silent_allowed``), so the form never offers what it refuses."""
    allowed = rules.silent_allowed(contract)
    return [name for name in rules.silent if name in allowed]


def _ruleset(ruleset: Ruleset, lang: str) -> dict[str, Any]:
    return {
        "id": ruleset.id,
        "label": ruleset_text(ruleset.label, ruleset.label_en, lang),
        "description": ruleset_text(ruleset.description, ruleset.description_en, lang),
        "players": _player_range(ruleset),
        "options": [_option(o, lang) for o in ruleset.options.values()],
    }


def _player_range(ruleset: Ruleset) -> list[int]:
    return list(ruleset.seating().sizes)


def _option(option: Option, lang: str) -> dict[str, Any]:
    out: dict[str, Any] = {
        "name": option.name,
        "label": ruleset_text(option.label, option.label_en, lang),
        "help": next(iter(ruleset_text(option.help, option.help_en, lang).splitlines()), ""),
        "default": option.default,
        "seating": option.seating,
    }
    if option.choices is None:
        out["minimum"], out["maximum"] = option.minimum, option.maximum
        out["choices"] = None
    else:
        out["choices"] = [
            {"value": name, "help": ruleset_text(choice.help, choice.help_en, lang)}
            for name, choice in option.choices.items()
        ]
    return out
