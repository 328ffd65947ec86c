"""The evening page's words for the list of its changes (its refusals: ``refusal_words``)."""

from __future__ import annotations

from typing import Any

from ..words import rule_words
from ..words.i18n import current, t
from ..words.money_format import money_text
from .common import utc_text


def change_rows(
    history: list[dict[str, Any]], undoable: set[int], ruleset: dict[str, Any]
) -> list[dict[str, Any]]:
    """The evening's own changes (not its hands'), newest first, each with its words.

    ``ruleset``: the session's, as ``ledger.session_ruleset_choice`` gives it (the house
    rules are named by their labels).
    """
    rows = []
    for entry in history:
        if entry["hand_id"] is not None or entry["action"] == "create":
            continue
        text = describe(entry, history, ruleset)
        if text:
            rows.append(
                {
                    "id": entry["id"],
                    "at": entry["at"],
                    "when": utc_text(entry["at"]),
                    "text": text,
                    "undoable": entry["id"] in undoable,
                }
            )
    return rows[::-1]


def describe(entry: dict[str, Any], history: list[dict[str, Any]], ruleset: dict[str, Any]) -> str:
    """One change in words: what it changed, from what to what."""
    action, before, after = entry["action"], entry["before"] or {}, entry["after"] or {}
    if action == "rename":
        return "; ".join(
            t("change_rename", old=old, new=new) for old, new in after["renamed"].items()
        )
    if action in ("join", "leave"):
        return t(f"change_{action}", name=after["name"], n=after["from_hand"])
    if action == "undo":
        undone = next((e for e in history if e["id"] == after.get("undoes")), None)
        return t("change_undo", what=describe(undone, history, ruleset) if undone else "")
    if action == "settings":
        return "; ".join(_settings_parts(before, after, ruleset))
    if action in ("pay", "unpay"):  # a payment marked on the scoreboard, or undone
        p = after if action == "pay" else before
        cash = money_text(p["amount"], p["currency"], current())
        return t(f"change_{action}", payer=p["from"], payee=p["to"], money=cash)
    return ""


def option_words(ruleset: dict[str, Any], name: str, value: Any) -> str:
    """A house rule's value in words, in the page's language (`rule_words`)."""
    return rule_words.option_words(ruleset, name, value, current())


def _settings_parts(
    before: dict[str, Any], after: dict[str, Any], ruleset: dict[str, Any]
) -> list[str]:
    parts = []
    for key in ("name", "date", "place"):
        if key in before and before[key] != after.get(key):
            parts.append(t(f"change_{key}", before=before[key] or "—", after=after[key] or "—"))
    if before.get("unit_value") != after.get("unit_value") and "unit_value" in before:
        old, new = before["unit_value"], after["unit_value"]
        parts.append(
            t(
                "change_stake",
                before=money_text(old["amount"], old["currency"], current()),
                after=money_text(new["amount"], new["currency"], current()),
            )
        )
    if before.get("settings") != after.get("settings") and "settings" in before:
        on = after["settings"]["last_declarer_deals"]
        parts.append(t("change_deals", after=t("yes") if on else t("no")))
    if "options" in before and before["options"] != after.get("options"):
        old, new = before["options"], after.get("options") or {}
        seating = {o["name"] for o in ruleset["options"] if o.get("seating")}  # said above
        names = sorted(n for n in {*old, *new} if old.get(n) != new.get(n) and n not in seating)
        default = {o["name"]: o["default"] for o in ruleset["options"]}
        what = ", ".join(
            option_words(ruleset, n, new[n] if n in new else default.get(n)) for n in names
        )
        key = "change_rules"
        if "resettle" in after:
            key = "change_rules_resettle" if after["resettle"] else "change_rules_keep"
        if names or "resettle" in after:
            parts.append(t(key, what=what or "—"))
    return parts
