"""The rules page of a ruleset: URL rules only.

    GET  /rules/<ruleset id>            the game's values (its ``rules_table``: Skat's base
                                        values and Null table, Ulti's contracts...) and the
                                        house rules with their choices
    GET  /rules/<ruleset id>?OPTION=V   the same with house rules chosen (an evening's own)

Read-only and game-neutral: the page asks the ruleset's game for its table. An unknown
ruleset is a 404 that names it; an unknown or impossible option value is a 400 that
names the option.
"""

from __future__ import annotations

from typing import Any

from flask import Blueprint, abort, render_template, request, url_for

from .. import ledger
from ..ledger import builtin_engine
from ..settlement.errors import LedgerError
from ..words import i18n
from ..words.i18n import t
from ..words.rules_table import value_table

bp = Blueprint("rules", __name__)


@bp.get("/rules/<ruleset_id>")
def show(ruleset_id: str):
    ruleset = builtin_engine().rulesets.get(ruleset_id)
    if ruleset is None:
        abort(404, description=t("rules_page.unknown", id=ruleset_id))
    lang = i18n.current()
    chosen = {k: v for k, v in request.args.items() if k in ruleset.options}
    try:
        game = ledger.game_rules_table(ruleset, chosen, lang)
    except LedgerError as exc:
        abort(400, description=exc.text(lang))
    table = value_table(ruleset, lang)
    options = [_option(o, chosen, ruleset.id) for o in table["options"]]
    return render_template(
        "rules/show.html", table=table, game=game, options=options, ruleset_id=ruleset.id
    )


def _option(option: dict[str, Any], chosen: dict[str, str], ruleset_id: str) -> dict[str, Any]:
    """One house rule as the page shows it: its choices in words (the one in play and the
    default marked, each a link to the page with it chosen), never the file's value ids."""
    value = chosen.get(option["name"], option["default"])
    choices = [
        {
            "value": name,
            "words": words or name,
            "chosen": str(value) == name,
            "default": str(option["default"]) == name,
            "url": url_for("rules.show", ruleset_id=ruleset_id, **{**chosen, option["name"]: name}),
        }
        for name, words in (option.get("choices") or {}).items()
    ]
    return {**option, "value": value, "choices": choices}
