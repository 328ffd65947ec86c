"""The engine's refusal of an Ulti hand in the hand form's words, and the field it is about.

The engine names the key at fault (``components[1].kontra``) and a ``code``
(``kontra_ceiling``); the form speaks of fields and the scorer's choices. This words the
refusals a scorer can cause by tapping, chosen by ``code`` (never by the English
sentence), with the form's own labels (``parti: ennél az asztalnál a kontra legfeljebb
mordkontra lehet.``). A code not worded here is left to the page (None): it says the
engine's own message in the reader's language.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any

from ...settlement.hungarian import article as number_article
from ...settlement.words import GamePairs, GameWords
from .form import WORDS as FORM_WORDS
from .rules import Rules

WORDS = GamePairs(
    GameWords(Path(__file__).parent / "locale", "ulti", ("hu", "en", "de"), "refusal")
)
_INDEXED = re.compile(r"(components|silent)\[(\d+)\]")


class _Refused:
    """The refused hand as the form shows it: its contract, the component or silent result
    the key points at, the defenders, in ``lang``."""

    def __init__(self, hand: Mapping[str, Any], rules: Rules, key: str, lang: str) -> None:
        self.hand, self.rules, self.lang = hand, rules, lang
        match = _INDEXED.match(key)
        self.listed = match.group(1) if match else ""
        index = int(match.group(2)) if match else None
        items = hand.get(self.listed, []) if match else []
        self.item = items[index] if index is not None and index < len(items) else None
        components = hand.get("components") or []
        wanted = (
            frozenset(c.get("name") for c in components),
            any(c.get("open") for c in components),
        )
        self.contract = next((c for c in rules.contracts if c.key == wanted), None)

    def say(self, key: str, **values: Any) -> str:
        words = WORDS.words
        return words[self.lang if self.lang in words else "hu"][key].format(**values)

    def named(self, field: str, label: str) -> dict[str, str]:
        """A label as a message uses it: bare, with its article, and starting a sentence."""
        with_article = article(label, self.lang)
        return {
            field: label,
            f"a_{field}": with_article,
            f"A_{field}": with_article[:1].upper() + with_article[1:],
        }

    def colour(self, name: str | None) -> str:
        if not name:
            return self.say("no_colour")
        colour = self.rules.colours.get(name)
        return colour.label if colour is not None else name  # game terms stay Hungarian

    def defenders(self) -> str:
        declarer = self.hand.get("declarer")
        return ", ".join(p for p in self.hand.get("players", []) if p != declarer)

    def component(self) -> str | None:
        if self.listed != "components" or self.item is None:
            return None
        rule = self.rules.components.get(self.item.get("name"))
        return rule.label if rule is not None else None

    def silent(self) -> str | None:
        if self.listed != "silent" or self.item is None:
            return None
        rule = self.rules.silent.get(self.item.get("name"))
        return rule.label if rule is not None else None


def form_refusal(
    key: str, code: str, hand: Mapping[str, Any], rules: Rules, lang: str
) -> tuple[str, str | None]:
    """The form's field for a refusal at ``key`` and its wording of ``code`` in ``lang``
    (None: the page says the engine's own message there)."""
    refused = _Refused(hand, rules, key, lang)
    head = key.split(".")[0].split("[")[0]
    say = WORDED.get(f"{code}@{head}") or WORDED.get(code)
    return _field(refused, key), say(refused) if say else None


def _field(refused: _Refused, key: str) -> str:
    """The field a key points at: a component's made/lost or kontra, a silent result."""
    name = (refused.item or {}).get("name")
    if refused.listed == "components" and name:
        return f"kontra-{name}" if ".kontra" in key else f"won-{name}"
    if refused.listed == "silent" and name:
        return f"silent-{name}"
    head = key.split(".")[0].split("[")[0]
    return {"components": "contract", "silent": "contract"}.get(head, head)


def article(label: str, lang: str) -> str:
    """``label`` with its article in ``lang``: az ulti, a betli, a 40-100; an ulti, a betli."""
    first = label[:1].lower()
    vowels = "aáeéiíoóöőuúüű"
    if lang == "en":
        return ("an " if first in vowels or first == "8" else "a ") + label
    if lang == "de":  # a Hungarian game name has no German gender: it is quoted
        return f"„{label}“"
    number = re.match(r"\d+", label)
    if number:  # a 40-100, a 100: the number as it is read
        return f"{number_article(int(number.group()))} {label}"
    return ("az " if first in vowels else "a ") + label


def _contract_says(key: str) -> Callable[[_Refused], str | None]:
    def say(refused: _Refused) -> str | None:
        if refused.contract is None:
            return None
        return refused.say(key, **refused.named("contract", refused.contract.label))

    return say


def _colour_not_allowed(refused: _Refused) -> str | None:
    contract = refused.contract
    if contract is None:
        return None
    values = refused.named("contract", contract.label)
    allowed = refused.rules.contract_colours(contract)[0]
    values["colours"] = ", ".join(refused.colour(c) for c in allowed)
    return refused.say(
        "colour_not_allowed", colour=refused.colour(refused.hand.get("colour")), **values
    )


def _component_says(key: str) -> Callable[[_Refused], str | None]:
    def say(refused: _Refused) -> str | None:
        label = refused.component()
        if label is None:
            return None
        kontra = refused.rules.kontra
        top = (
            kontra.name(kontra.max_level)
            or FORM_WORDS.words[refused.lang if refused.lang in FORM_WORDS.words else "hu"][
                "no_kontra"
            ]
        )
        values = refused.named("component", label)
        return refused.say(key, top=top, defenders=refused.defenders(), **values)

    return say


def _silent_says(key: str) -> Callable[[_Refused], str | None]:
    def say(refused: _Refused) -> str | None:
        label = refused.silent()
        if label is None:
            return None
        contract = refused.contract.label if refused.contract else ""
        values = {**refused.named("silent", label), **refused.named("contract", contract)}
        return refused.say(key, defenders=refused.defenders(), **values)

    return say


def _simple(key: str) -> Callable[[_Refused], str]:
    return lambda refused: refused.say(key)


WORDED: dict[str, Callable[[_Refused], str | None]] = {
    # by the refusal's code; "code@key" where the same code says another thing there
    "colour_needed": _contract_says("colour_needed"),
    "colour_none": _contract_says("colour_none"),
    "colour_not_allowed": _colour_not_allowed,
    "colour_unknown": _simple("colour_unknown"),
    "components_missing": _simple("missing_contract"),
    "not_a_contract": _simple("not_a_contract"),
    "component_off": _component_says("component_off"),
    "kontra_ceiling": _component_says("kontra_ceiling"),
    "kontra_level": _component_says("kontra_level"),
    "kontra_not_defender": _component_says("kontra_defender"),
    "kontra_common": _component_says("kontra_common"),
    "kontra_both": _component_says("kontra_both"),
    "kontra_ladder": _component_says("kontra_ladder"),
    "sweep_beside_lost_why": _component_says("sweep_ulti"),
    "sweep_beside_lost": _component_says("sweep_declarer"),
    "sweep_beside_made": _component_says("sweep_defenders"),
    "points_beside_lost": _component_says("100_declarer"),
    "points_beside_made": _component_says("100_defenders"),
    "component_won_missing": _component_says("component_won"),
    "silent_none": _contract_says("silent_none"),
    "silent_needs_bid": _silent_says("silent_no_melds"),
    "silent_not_allowed": _silent_says("silent_not_allowed"),
    "silent_beside_bid": _silent_says("silent_not_allowed"),
    "silent_off": _silent_says("silent_off"),
    "silent_side": _silent_says("silent_side"),
    "silent_cannot_fail": _silent_says("silent_fail"),
    "silent_fail_sweep": _silent_says("silent_fail_sweep"),
    "silent_player_missing": _silent_says("silent_player"),
    "sweep_leaves_no_silent": _silent_says("sweep_silent"),
}
"""The form's own wording of the refusals a scorer can cause by tapping."""
