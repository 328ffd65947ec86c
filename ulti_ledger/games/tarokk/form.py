"""Tarokk's hand form as data: the fields, the one-tap presets, and when each applies.

A common hand is the declarer, the partner, the contract and who won the parti (a preset
sets the last two). The figures are rows: which figure (named in full), by which side,
announced or silent, made or failed, and its kontra (up to the ceiling; kontra only on a
magas figure), the suit and the figure it was raised from where they apply (form_rows.py).
The tarokkszám (of up to two players: 22 tarokks let no third show 8) and a renonsz (with
the vote in magas tarokk) are fields of their own. As many figure rows are offered as a
hand can list figures, each once the row before names a figure.
"""

from __future__ import annotations

from typing import Any

from ...settlement.form_rules import (
    all_of,
    any_of,
    choices,
    deal_fields,
    leaf,
    outcome_field,
    show,
)
from .build import CONTRACTS, RULINGS, Rules
from .form_rows import (
    NAMED,
    figure_row,
    figure_rows,
    levels,
)
from .words import FORM, LINES, lang_of

ROW_KEYS = ("name", "side", "announced", "won", "kontra", "card", "raised_from")


def hand_form(rules: Rules, lang: str) -> dict[str, Any]:
    """The hand form of ``rules`` in ``lang`` ("hu", "en" or "de"), as data for any renderer."""
    w, t = FORM[lang_of(lang, "hu")], LINES[lang_of(lang, "hu")]
    played = leaf("outcome", {"enum": ["", "played"]})
    fields: list[dict[str, Any]] = [
        *deal_fields(w["dealer"], w["declarer"]),
        {
            "name": "partner",
            "kind": "player",
            "of": "defenders",  # never the declarer: he cannot call himself
            "label": w["partner"],
            "options": [{"value": "", "label": w["alone"]}],
        },
        {"name": "skart", "kind": "toggle", "label": w["skart"]},
        outcome_field(w["outcome"], choices((o, w[o]) for o in ("played", "no_play", "redeal"))),
        {
            "name": "contract",
            "kind": "choice",
            "label": w["contract"],
            "options": [
                {"value": c, "label": f"{t[f'contract.{c}']} ({rules.base_values[c]})"}
                for c in CONTRACTS
            ],
            "rule": show(played),
        },
        {
            "name": "game_won",
            "kind": "side",
            "label": w["game_won"],
            "optional": True,  # "—": who won it may be left unsaid (and the engine asks)
            "options": [
                {"value": "", "label": "—", "aria": w["game_won_none"]},
                {"value": "true", "label": w["side_won"]},
                {"value": "false", "label": w["side_lost"]},
            ],
            # after a renonsz the parti was not played out (unless the vote said play
            # on): nobody won it, so the field goes, and a preset's answer with it
            "rule": show(all_of(played, any_of(leaf("renonsz", {"enum": [""]}), CONTINUED))),
        },
        {
            "name": "game_kontra",
            "kind": "level",
            "label": w["game_kontra"],
            "options": levels(rules.max_kontra, w, t),
            "rule": show(played),
        },
    ]
    if rules.tie_kontra_single:  # 47:47 changes a payment only under this house rule
        lost = all_of(played, leaf("game_won", {"const": "false"}))
        fields.append({"name": "tie", "kind": "toggle", "label": w["tie"], "rule": show(lost)})
    for n in range(1, figure_rows(rules) + 1):
        fields += figure_row(n, rules, w, t, played)
    fields += [
        {
            "name": "tarokkszam",
            "kind": "player",
            "of": "players",
            "label": w["tarokkszam"],
            "optional": True,
            "rule": show(played),
        },
        {
            "name": "tarokkszam_count",
            "kind": "choice",
            "label": w["tarokkszam"],
            "options": [{"value": "8", "label": w["count8"]}, {"value": "9", "label": w["count9"]}],
            "rule": show(all_of(played, leaf("tarokkszam", NAMED))),
        },
        {
            "name": "tarokkszam2",
            "kind": "player",
            "of": "players",
            "label": w["tarokkszam2"],
            "optional": True,
            "rule": show(all_of(played, leaf("tarokkszam", NAMED))),
        },
        {
            "name": "tarokkszam2_count",
            "kind": "choice",
            "label": w["tarokkszam2"],
            "options": [{"value": "8", "label": w["count8"]}, {"value": "9", "label": w["count9"]}],
            "rule": show(all_of(played, leaf("tarokkszam2", NAMED))),
        },
        {
            "name": "renonsz",
            "kind": "player",
            "of": "players",
            "label": w["renonsz"],
            "optional": True,
            "rule": show(played),
        },
    ]
    if rules.renonsz_mode == "vote":
        fields.append(
            {
                "name": "ruling",
                "kind": "choice",
                "label": w["ruling"],
                # the kitty's amounts in points, from these rules: the page's money is the
                # evening's stake times them, never a sum written into the words
                "options": [
                    {
                        "value": r,
                        "label": w[f"ruling.{r}"].format(
                            points=rules.kitty_new_deal, min=rules.kitty_points_min
                        ),
                    }
                    for r in RULINGS
                ],
                "rule": show(leaf("renonsz", NAMED)),
            }
        )
    if rules.double_round:  # proposed after an annulled deal (`form_proposal`)
        fields.append({"name": "double", "kind": "toggle", "label": w["double"]})
    return {"fields": fields, "presets": presets(rules, lang), "forces": []}


CONTINUED = leaf("ruling", {"const": "continue"})
"""The others voted to play the hand out after a renonsz (magas tarokk)."""


def presets(rules: Rules, lang: str) -> list[dict[str, Any]]:
    """One tap: a contract with the parti won or lost, nothing else announced."""
    w, t = FORM[lang_of(lang, "hu")], LINES[lang_of(lang, "hu")]
    out = []
    for contract in CONTRACTS:
        for won in (True, False):
            label = w["preset_won" if won else "preset_lost"].format(
                contract=t[f"contract.{contract}"]
            )
            out.append(
                {
                    "id": f"{contract}-{'won' if won else 'lost'}",
                    "label": label,
                    "set": {"contract": contract, "game_won": "true" if won else "false"},
                }
            )
    return out
