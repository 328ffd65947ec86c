"""What a tarokk hand says beside the play: the tarokkszám shown, and a renonsz with, in
magas tarokk, the others' vote (its ruling)."""

from __future__ import annotations

from typing import Any

from ...settlement.errors import HandError, Msg
from ...settlement.hand_checks import check_keys, kind, not_one_of, player
from .build import RULINGS, Rules

_ENTRY_KEYSET = frozenset(("player", "count"))


def tarokkszam_of(
    raw: Any, players: tuple[str, ...], sitting_out: tuple[str, ...]
) -> tuple[tuple[str, int], ...]:
    if raw is None:
        return ()
    if not isinstance(raw, list):
        raise HandError(
            "tarokkszam",
            'must be a list of {{"player", "count"}}, not {kind}',
            code="not_a_list",
            kind=kind(raw),
        )
    out: list[tuple[str, int]] = []
    for index, entry in enumerate(raw):
        if type(entry) is dict and entry.keys() <= _ENTRY_KEYSET:  # the usual entry
            name, count = entry.get("player"), entry.get("count")
            if (
                name in players
                and type(count) is int
                and count in (8, 9)
                and all(name != p for p, _ in out)
            ):
                out.append((name, count))
                continue
        key = f"tarokkszam[{index}]"
        if not isinstance(entry, dict):
            raise HandError(
                key,
                'must be {{"player": NAME, "count": 8}}, not {kind}',
                code="not_an_object",
                kind=kind(entry),
            )
        check_keys(entry, ("player", "count"), key, Msg("a tarokkszám"))
        name = player(entry.get("player"), f"{key}.player", players, sitting_out)
        if any(name == p for p, _ in out):
            raise HandError(
                f"{key}.player", "{name} shows his tarokks once", code="shown_twice", name=name
            )
        count = entry.get("count")
        if count not in (8, 9) or type(count) is not int:
            raise HandError(
                f"{key}.count",
                "must be 8 or 9, the tarokks shown, not {value!r}",
                code="tarokkszam_count",
                value=count,
            )
        out.append((name, count))
    return tuple(out)


def renonsz_of(
    raw: Any, players: tuple[str, ...], sitting_out: tuple[str, ...], outcome: str, rules: Rules
) -> tuple[str | None, str | None]:
    """The offender and, in magas tarokk, the others' ruling."""
    if raw is None:
        return None, None
    if not isinstance(raw, dict):
        raise HandError(
            "renonsz",
            'must be {{"player": NAME}} or null, not {kind}',
            code="not_a_renonsz",
            kind=kind(raw),
        )
    check_keys(raw, ("player", "ruling"), "renonsz", Msg("a renonsz"))
    if outcome != "played":
        raise HandError(
            "renonsz",
            "a hand with outcome {outcome} has no renonsz",
            code="outcome_has_no",
            outcome=outcome,
        )
    offender = player(raw.get("player"), "renonsz.player", players, sitting_out)
    ruling = raw.get("ruling")
    if rules.renonsz_mode == "vote":
        if ruling is None:
            raise HandError(
                "renonsz.ruling",
                "is required: the other three vote; {allowed}",
                code="ruling_missing",
                allowed=", ".join(RULINGS),
            )
        if ruling not in RULINGS:
            raise HandError("renonsz.ruling", not_one_of(ruling, RULINGS), code="ruling_unknown")
    elif ruling is not None:
        raise HandError(
            "renonsz.ruling",
            "{ruleset} settles a renonsz by the ITVB rules (9.8-9.9), with no vote: leave "
            "ruling out",
            code="no_vote",
            ruleset=rules.label,
        )
    return offender, ruling
