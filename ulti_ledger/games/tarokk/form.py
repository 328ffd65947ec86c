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

from collections.abc import Mapping, Sequence
from typing import Any

from ...settlement.form_rules import (
    FormRefusals,
    all_of,
    any_of,
    deal_fields,
    leaf,
    seated_hand,
    show,
)
from .build import CONTRACTS, RULINGS, Rules
from .form_rows import (
    NAMED,
    figure_row,
    figure_rows,
    levels,
    row_figure,
    row_values,
    rows_in,
    to_bool,
    to_int,
)
from .words import FORM, LINES, REFUSAL, lang_of

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
            "of": "players",
            "label": w["partner"],
            "options": [{"value": "", "label": w["alone"]}],
        },
        {"name": "skart", "kind": "toggle", "label": w["skart"]},
        {
            "name": "outcome",
            "kind": "choice",
            "label": w["outcome"],
            "options": [{"value": o, "label": w[o]} for o in ("played", "no_play", "redeal")],
        },
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

form_refusal = FormRefusals(
    {
        "not_played@game": ("game_won", "not_played"),
        "game_missing": ("game_won", "game_won_missing"),
        "not_a_boolean@game.won": ("game_won", "game_won_missing"),
        "not_a_boolean@figures.won": ("fig{row}_won", "figure_won_missing"),
        "partner_missing": ("partner", "partner_missing"),
        "partner_is_declarer": ("partner", "partner_is_declarer"),
        "skart_alone": ("partner", "skart_alone"),
        "ruling_missing": ("ruling", "ruling_missing"),
    },
    REFUSAL,
    "hu",
)
"""The engine's refusals the form words itself: never a hand key."""


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


def hand_from_form(values: Mapping[str, Any], rules: Rules) -> dict[str, Any]:
    """The hand (hand format, and the ``dealer``) that the form's ``values`` describe.

    A field left out stays out of the hand, so that the engine names it; a value that is
    not one of the form's options is passed on as it came, for the engine to refuse.
    """
    hand = seated_hand(values, "dealer", "declarer", "contract")
    if values.get("outcome") and values["outcome"] != "played":
        hand["outcome"] = values["outcome"]
    if "partner" in values:
        hand["partner"] = values["partner"] or None
    if values.get("skart") == "true":
        hand["skart"] = True
        hand["partner"] = None
    if "game_won" in values or values.get("game_kontra", "0") not in ("", "0"):
        game: dict[str, Any] = {}
        if values.get("game_won"):
            game["won"] = to_bool(values["game_won"])
        if values.get("game_kontra", "0") not in ("", "0"):
            game["kontra"] = to_int(values["game_kontra"])
        if values.get("tie") == "true":
            game["tie"] = True
        hand["game"] = game
    rows = (row_figure(values, n) for n in range(1, rows_in(values) + 1))
    figures = [fig for fig in rows if fig is not None]
    if figures:
        hand["figures"] = figures
    shown = []
    for key in ("tarokkszam", "tarokkszam2"):
        if values.get(key):
            count = values.get(f"{key}_count") or "8"
            shown.append({"player": values[key], "count": to_int(count)})
    if shown:
        hand["tarokkszam"] = shown
    if values.get("renonsz"):
        hand["renonsz"] = {"player": values["renonsz"]}
        if values.get("ruling"):
            hand["renonsz"]["ruling"] = values["ruling"]
    if values.get("double") == "true":
        hand["double"] = True
    return hand


def form_values(facts: Mapping[str, Any], rules: Any = None) -> dict[str, str]:
    """The form's values of a recorded hand (its hand-format ``facts``): the edit page."""
    out: dict[str, str] = {"declarer": facts["declarer"], "partner": facts.get("partner") or ""}
    out["outcome"] = facts.get("outcome", "played")
    if facts.get("skart"):
        out["skart"] = "true"
    if facts.get("contract"):
        out["contract"] = facts["contract"]
    game = facts.get("game") or {}
    if "won" in game:
        out["game_won"] = "true" if game["won"] else "false"
    out["game_kontra"] = str(game.get("kontra", 0))
    if game.get("tie"):
        out["tie"] = "true"
    if facts.get("double"):
        out["double"] = "true"
    for n, fig in enumerate(facts.get("figures", []), start=1):
        out.update(row_values(fig, n))
    for key, shown in zip(
        ("tarokkszam", "tarokkszam2"), facts.get("tarokkszam") or [], strict=False
    ):
        out[key], out[f"{key}_count"] = shown["player"], str(shown["count"])
    if facts.get("renonsz"):
        out["renonsz"] = facts["renonsz"]["player"]
        if facts["renonsz"].get("ruling"):
            out["ruling"] = facts["renonsz"]["ruling"]
    return out


def form_proposal(rows: Sequence[Mapping[str, Any]], rules: Rules) -> dict[str, str]:
    """The next hand's form values proposed from the hands so far: under the house rule
    ``double_round``, the round after an annulled deal (as many hands as sat at its table)
    is proposed double, the scorer may untick it (``row`` gives each hand's ``redeal``)."""
    if not rules.double_round:
        return {}
    left = 0
    for hand in rows:
        table = hand.get("redeal")
        left = table if table else max(0, left - 1)
    return {"double": "true"} if left else {}
