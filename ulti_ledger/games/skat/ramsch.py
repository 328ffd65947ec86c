"""An all-pass Skat hand played as Ramsch (house rule ``all_pass = ramsch``).

Everyone plays for himself, to take as few card points as he can; the player with the
most loses ([RAMSCH] skatspielen.info "Spielvarianten"; raschesspiele.de "Ramschspiel").
The hand says ``ramsch: {"loser": NAME, "points": N, "jungfrau": [NAME]}`` or, when one
player took every trick, ``{"durchmarsch": NAME}``. A Jungfrau (a player without a trick,
[JUNGFRAU] skatwelt.net) doubles the loser's minus; two of them make a Durchmarsch.
"""

from __future__ import annotations

from typing import Any, NamedTuple

from ...settlement.errors import HandError, Msg
from ...settlement.hand_checks import check_keys, kind, player
from .build import Rules

LOSER_LEAST = 40
"""The loser took the most of the 120 card points: at least a third."""


class Ramsch(NamedTuple):
    loser: str | None
    points: int | None
    jungfrau: tuple[str, ...]
    durchmarsch: str | None


def ramsch_facts(
    raw: Any, rules: Rules, players: tuple[str, ...], sitting_out: tuple[str, ...]
) -> Ramsch | None:
    """The Ramsch of an all-pass hand, or None where all pass is no entry."""
    if rules.all_pass != "ramsch":
        if raw is not None:
            raise HandError(
                "ramsch",
                "all pass is no entry at this table (house rule all_pass is no_entry): "
                "leave ramsch out",
                code="ramsch_off",
            )
        return None
    if raw is None:
        raise HandError(
            "ramsch",
            'is required: all pass is played as Ramsch here ({{"loser": NAME, "points": N}})',
            code="ramsch_missing",
        )
    if type(raw) is not dict:
        raise HandError(
            "ramsch", "must be an object, not {kind}", code="not_an_object", kind=kind(raw)
        )
    check_keys(raw, ("loser", "points", "jungfrau", "durchmarsch"), "ramsch", Msg("a Ramsch"))
    if raw.get("durchmarsch") is not None:
        if not rules.durchmarsch:
            raise HandError(
                "ramsch.durchmarsch",
                "Durchmarsch does not count at this table (house rule ramsch_durchmarsch is off)",
                code="durchmarsch_off",
            )
        for key in ("loser", "points", "jungfrau"):
            if key in raw:
                raise HandError(
                    f"ramsch.{key}",
                    "a Durchmarsch takes every trick: leave {key} out",
                    code="durchmarsch_has",
                    key=key,
                )
        who = player(raw["durchmarsch"], "ramsch.durchmarsch", players, sitting_out)
        return Ramsch(None, None, (), who)
    loser = player(raw.get("loser"), "ramsch.loser", players, sitting_out)
    points = raw.get("points")
    if type(points) is not int or not LOSER_LEAST <= points <= 120:
        raise HandError(
            "ramsch.points",
            "must be the loser's card points, {least} to 120 (he took the most), not {value!r}",
            code="ramsch_points",
            least=LOSER_LEAST,
            value=points,
        )
    jungfrau = _jungfrau(raw.get("jungfrau"), rules, loser, players, sitting_out)
    if len(jungfrau) == 2 and rules.durchmarsch:
        raise HandError(
            "ramsch.jungfrau",
            "with two Jungfrau {loser} took every trick: that is a Durchmarsch",
            code="jungfrau_durchmarsch",
            loser=loser,
        )
    if len(jungfrau) == 2 and points != 120:
        raise HandError(
            "ramsch.points",
            "with two Jungfrau {loser} took every trick, all 120 card points",
            code="ramsch_points",
            loser=loser,
        )
    return Ramsch(loser, points, jungfrau, None)


def _jungfrau(
    raw: Any, rules: Rules, loser: str, players: tuple[str, ...], sitting_out: tuple[str, ...]
) -> tuple[str, ...]:
    if raw is None or raw == []:
        return ()
    if not rules.jungfrau:
        raise HandError(
            "ramsch.jungfrau",
            "Jungfrau does not count at this table (house rule ramsch_jungfrau is off)",
            code="jungfrau_off",
        )
    if type(raw) is not list:
        raise HandError(
            "ramsch.jungfrau",
            "must be a list of names, not {kind}",
            code="not_a_list",
            kind=kind(raw),
        )
    out: list[str] = []
    for i, name in enumerate(raw):
        who = player(name, f"ramsch.jungfrau[{i}]", players, sitting_out)
        if who == loser:
            raise HandError(
                "ramsch.jungfrau",
                "{name} lost the Ramsch with card points: he took a trick",
                code="jungfrau_loser",
                name=who,
            )
        if who in out:
            raise HandError(
                "ramsch.jungfrau", "{name} is named twice", code="named_twice", name=who
            )
        out.append(who)
    return tuple(out)
