"""An all-pass Skat hand played as Ramsch (house rule ``all_pass = ramsch``).

Everyone plays for himself, to take as few card points as he can; the player with the
most loses ([RAMSCH] skatspielen.info "Spielvarianten"; raschesspiele.de "Ramschspiel").
The hand says ``ramsch: {"loser": NAME, "points": N, "jungfrau": [NAME]}`` or, when one
player took every trick, ``{"durchmarsch": NAME}``. A Jungfrau (a player without a trick,
[JUNGFRAU] skatwelt.net) doubles the loser's minus; two of them make a Durchmarsch.

Two or three players may tie for the most card points: each of them loses his points
(RULES.md, Skat decisions; jskat ``RamschRule``): ``loser`` is then a list of their
names and ``points`` what each took (two: 41 to 60; three: 40 each).

Only results that can happen are accepted (RULES.md, Skat decisions, "Ramsch results that
cannot happen"): a single loser took more than 40 (the other two hold the rest, so at 40
or less one of them took as many: at 40 card points all three tie); two tied losers took
41 to 60 each (at 40 the third has 40 too); beside a Jungfrau a single loser took more
than 60 (the third player holds the rest: at 60 they tie, below it he took more).

The same Ramsch is played, without an all pass, in a Ramsch round (after a Bock round,
house rule ``ramsch_after_bock``) and in an evening of Ramsch only (``ramsch_only``):
the hand's ``outcome`` is then ``ramsch``.
"""

from __future__ import annotations

from typing import Any, NamedTuple

from ...settlement.errors import HandError, Msg
from ...settlement.hand_checks import check_keys, kind, player
from .build import Rules

LOSER_LEAST = 41
"""A single loser took the most of the 120 card points: more than a third (at 40 all
three tie)."""
TIE_LEAST = {1: LOSER_LEAST, 2: LOSER_LEAST, 3: 40}
"""The fewest card points each of so many losers can have taken: the third player of two
tied at 40 has 40 too."""


TIE_MOST = {1: 120, 2: 60, 3: 40}
"""The most card points each of so many tied losers can have taken (120 between them)."""


class Ramsch(NamedTuple):
    losers: tuple[str, ...]
    """Who lost: one player, or two or three tied for the most card points."""
    points: int | None
    """The card points each loser took."""
    jungfrau: tuple[str, ...]
    durchmarsch: str | None

    @property
    def loser(self) -> str | None:
        """The (first) loser, or None for a Durchmarsch."""
        return self.losers[0] if self.losers else None


def ramsch_facts(
    raw: Any,
    rules: Rules,
    players: tuple[str, ...],
    sitting_out: tuple[str, ...],
    required: bool = False,
) -> Ramsch | None:
    """The Ramsch of an all-pass hand, or None where all pass is no entry; ``required``:
    a Ramsch round's hand, a Ramsch whatever all pass means at the table."""
    if not required and rules.all_pass != "ramsch":
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
        return Ramsch((), None, (), who)
    losers = _losers(raw.get("loser"), players, sitting_out)
    loser = losers[0]
    points = raw.get("points")
    least = 0 if rules.ramsch_splits_checked else 40  # the file before said 40 to 120
    if type(points) is not int or not least <= points <= 120:
        raise HandError(
            "ramsch.points",
            "must be the loser's card points, {least} to 120 (he took the most), not {value!r}",
            code="ramsch_points",
            least=LOSER_LEAST if rules.ramsch_splits_checked else 40,
            value=points,
        )
    most = TIE_MOST[len(losers)]
    if rules.ramsch_splits_checked:
        _least(losers, points)
    if points > most:
        raise HandError(
            "ramsch.points",
            "{n} players tied with {value} card points each: more than the 120 there are "
            "(each at most {most})",
            code="ramsch_tie_points",
            n=len(losers),
            value=points,
            most=most,
        )
    jungfrau = _jungfrau(raw.get("jungfrau"), rules, losers, players, sitting_out)
    if jungfrau and len(losers) > 1 and points != most:
        raise HandError(
            "ramsch.jungfrau",
            "a Jungfrau took no card point: the tied losers took all 120, {most} each",
            code="ramsch_tie_points",
            most=most,
        )
    alone = len(jungfrau) == 1 and len(losers) == 1
    if alone and points <= 60 and rules.ramsch_splits_checked:
        raise HandError(
            "ramsch.points",
            "beside a Jungfrau {loser} and the third player took all 120 card points: at "
            "{value} the third took {rest}, so {loser} lost alone only above 60 (at 60 "
            "card points the two tie)",
            code="ramsch_jungfrau_alone",
            loser=loser,
            value=points,
            rest=120 - points,
        )
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
    return Ramsch(losers, points, jungfrau, None)


def _least(losers: tuple[str, ...], points: int) -> None:
    """Refuse a loser, or two tied losers, at 40 card points or fewer: the others hold the
    rest between them, so one of them took as many or more."""
    if points >= TIE_LEAST[len(losers)]:
        return
    if len(losers) == 3:
        raise HandError(
            "ramsch.points",
            "three players tied at {value} card points leave {rest} untaken: three tie only "
            "at 40 card points each",
            code="ramsch_tie_points",
            value=points,
            rest=120 - 3 * points,
        )
    if len(losers) == 1:
        raise HandError(
            "ramsch.points",
            "{loser} took {value} card points, the other two {rest} between them: one of "
            "them took as many or more, so a single loser took more than 40 (at 40 card "
            "points all three tie)",
            code="ramsch_alone_at_40",
            loser=losers[0],
            value=points,
            rest=120 - points,
        )
    raise HandError(
        "ramsch.points",
        "two players tied at {value} card points leave {rest} to the third, as many or more: "
        "two tied losers took 41 to 60 each (at 40 card points all three tie)",
        code="ramsch_two_at_40",
        value=points,
        rest=120 - 2 * points,
    )


def _losers(raw: Any, players: tuple[str, ...], sitting_out: tuple[str, ...]) -> tuple[str, ...]:
    """One loser's name, or the list of two or three tied for the most card points."""
    if type(raw) is not list:
        return (player(raw, "ramsch.loser", players, sitting_out),)
    if not 1 <= len(raw) <= 3:
        raise HandError(
            "ramsch.loser",
            "names one loser, or the two or three tied for the most card points, not {n}",
            code="ramsch_losers",
            n=len(raw),
        )
    return _names(raw, "ramsch.loser", players, sitting_out)


def _jungfrau(
    raw: Any,
    rules: Rules,
    losers: tuple[str, ...],
    players: tuple[str, ...],
    sitting_out: tuple[str, ...],
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
    out = _names(raw, "ramsch.jungfrau", players, sitting_out)
    for who in out:
        if who in losers:
            raise HandError(
                "ramsch.jungfrau",
                "{name} lost the Ramsch with card points: he took a trick",
                code="jungfrau_loser",
                name=who,
            )
    return out


def _names(
    raw: list[Any], key: str, players: tuple[str, ...], sitting_out: tuple[str, ...]
) -> tuple[str, ...]:
    """A list of players who play this hand, each named once: the Ramsch's losers and its
    Jungfrau are read alike (``key[i]`` names the entry that is no such player)."""
    out: list[str] = []
    for i, name in enumerate(raw):
        who = player(name, f"{key}[{i}]", players, sitting_out)
        if who in out:
            raise HandError(key, "{name} is named twice", code="named_twice", name=who)
        out.append(who)
    return tuple(out)
