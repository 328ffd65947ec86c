"""What the forms offer: rulesets with their house rules, and a session's contracts.

Plain dicts built from the rules, so the new-session and hand-entry forms offer only
what can apply and show each option with its default and one-line meaning.
"""

from __future__ import annotations

from typing import Any

from ..models import GameSession
from ..settlement import Engine, Option, Ruleset
from ..words.messages import ruleset_text
from .game_form import game_form
from .pinning import builtin_engine, only_ruleset, session_engine


def ruleset_choices(lang: str = "hu", engine: Engine | None = None) -> list[dict[str, Any]]:
    """The rulesets a new session can use, each with its options (for the session form)."""
    engine = engine or builtin_engine()
    # every game's form is drawn from its description (``handform.generic``)
    return [_ruleset(r, lang) for r in engine.rulesets.values()]


def catalogue(lang: str = "hu", engine: Engine | None = None) -> dict[str, Any]:
    """The API's catalogue (``GET /api/v1/catalogue``): every ruleset a session can use, with
    its house rules (``ruleset_choices``) and, under its default house rules, what its game
    lists of its contracts (the game's part ``form_catalogue``) and its hand form as data
    (its part ``hand_form``), so that a client can offer the hands the engine takes."""
    engine = engine or builtin_engine()
    out = []
    for ruleset in engine.rulesets.values():
        rules = ruleset.resolve({})
        game = engine.game(ruleset.scorer)
        out.append(
            {
                **_ruleset(ruleset, lang),
                "contracts": game.form_catalogue(rules, lang),
                "form": game.hand_form(rules, lang),
            }
        )
    return {"rulesets": out}


def form_game(session: GameSession, options: dict[str, Any] | None = None) -> tuple[Any, Any]:
    """The session's game and its resolved rules (``options``: a hand's own over the
    session's): for tests and tools; the pages ask ``game_form.game_form``."""
    form = game_form(session, options)
    return form.game, form.rules


def game_rules_table(ruleset: Ruleset, chosen: dict[str, Any], lang: str) -> dict[str, Any]:
    """The game's own table of its values under the ``chosen`` house rules (its part
    ``rules_table``), for the ruleset's page; a bad choice raises ``LedgerError``."""
    return ruleset.scorer_module.rules_table(ruleset.resolve(chosen), lang)


def session_game_name(session: GameSession) -> str:
    """The id of the session's game (its pinned ruleset's ``scorer``): ``ulti``, ``snapszer``."""
    return only_ruleset(session_engine(session)).scorer


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

    A game with a form of its own (its optional part ``form_catalogue(rules, lang)``: Ulti's
    contracts, colours, kontras and silent results) gives its keys. ``description``:
    the game's own form as data (its part ``hand_form(rules, lang)``: fields, kinds,
    labels in ``words`` (else ``lang``), presets, when each field applies and what the
    facts force).
    """
    engine = session_engine(session)
    rules = only_ruleset(engine).resolve({**session.options, **(options or {})})
    game = engine.game(rules.scorer)
    return {
        **game.form_catalogue(rules, lang),
        "description": game.hand_form(rules, words or lang),
    }


def _ruleset(ruleset: Ruleset, lang: str) -> dict[str, Any]:
    return {
        "id": ruleset.id,
        "scorer": ruleset.scorer,  # its game: whose house-rule words its options read
        "label": ruleset_text(ruleset.label, ruleset.label_en, lang),
        "description": ruleset_text(ruleset.description, ruleset.description_en, lang),
        "players": _player_range(ruleset),
        "deal_passes": ruleset.seating().deal_passes,  # "right" or "left": the words say it
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
        "offered": option.offered,  # False: kept for the evenings that chose it only
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
