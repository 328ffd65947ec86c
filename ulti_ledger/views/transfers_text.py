"""Who pays whom as plain text: what the scorer pastes into the group chat or a transfer.

The scoreboard's "Ki kinek fizet" card shows it in a read-only text box (selectable
without a script) with a copy button. It follows the card: the page's language and the
settle method the page shows (``methods.scoreboard_settle``). Amounts are written as on
the page, with ordinary spaces, which every chat and banking app keeps.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..words.i18n import day, money, t

SPACES = str.maketrans({"\u00a0": " ", "\u202f": " "})


def transfers_text(
    summary: Mapping[str, Any], settle: Mapping[str, Any], up: Mapping[str, Any] | None = None
) -> str:
    """The evening (name, date as the page writes it), the method, then one line per
    transfer: "Csaba → Anna: 150 HUF"; where the evening keeps a kitty, what happens to
    what is left in it. ``up``: the evening's ``settle_up`` of those transfers; once
    something was paid, each line says what remains and what was paid, as the card does,
    then the totals (a chat reader must not pay twice)."""
    title = ", ".join(
        p for p in (summary["name"] or t("untitled_session"), day(summary["date"])) if p
    )
    method = t(f"settle_method_{settle['method']}")
    if settle["method"] == "banker" and settle.get("banker"):
        method = t("transfers_text_banker", method=method, banker=settle["banker"])
    currency = summary["totals"]["currency"]
    lines = [title, t("transfers_text_head", method=method)]
    paid = up if up and up["payments"] else None
    rows = paid["transfers"] if paid else settle["transfers"]
    lines += [f"{tr['from']} → {tr['to']}: {owed_text(tr, currency, bool(paid))}" for tr in rows]
    if not settle["transfers"]:
        lines.append(t("nobody_pays"))
    if paid:
        cash = {k: _cash(paid[k], currency) for k in ("owed", "paid", "remaining")}
        lines.append(t("pay_totals", **cash))
        if paid["settled"]:
            lines.append(t("pay_settled"))
    kitty = summary.get("kitty")
    if kitty:  # what is left in the kitty is outside the transfers: say where it goes
        left = money(kitty.get("group_money", kitty["money"]), currency).translate(SPACES)
        kept = kitty.get("group", kitty["balance"])
        if kitty.get("shared"):
            left = money(kitty["shared_money"], currency).translate(SPACES)
            lines.append(t("kitty_rule_shared", money=left, shares=kitty["shared_text"]))
        else:
            lines.append(t("kitty_rule_stays", money=left) if kept else t("kitty_empty"))
    return "\n".join(lines)


def _cash(amount: str, currency: str | None) -> str:
    return money(amount, currency).translate(SPACES)


def owed_text(transfer: Mapping[str, Any], currency: str | None, paid: bool) -> str:
    """What a transfer's line says: its amount; after payments what remains of it, and
    what was paid ("100 HUF (paid 50 HUF)"), or "paid 150 HUF" once nothing remains."""
    if not paid:
        return _cash(transfer["amount"], currency)
    done = t("pay_paid", money=_cash(transfer["paid"], currency))
    if transfer["remaining_minor"] == 0:
        return done
    if transfer["remaining"] == transfer["amount"]:
        return _cash(transfer["amount"], currency)
    return f"{_cash(transfer['remaining'], currency)} ({done})"
