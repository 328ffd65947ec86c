"""The engine's refusal of a hand, in the form's words and beside its field, for any game.

A refusal carries the key at fault and a ``code``; the form never reads its English
sentence. The game words its own refusals (its optional part ``form_refusal``: Ulti's
contracts, kontras and silent results); the refusals about what every game's hand has
(the declarer, a renonsz, who plays and who deals) are worded here; any other code is
said in the engine's own words, in the page's language, without its path.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from typing import Any

from ..handform import generic
from ..ledger import GameForm, LedgerError
from ..words import i18n
from ..words.i18n import t

_Say = Callable[[Mapping[str, Any], Mapping[str, Any]], str | None]


def explain(
    hand_form: GameForm,
    form: Mapping[str, Any],
    values: Mapping[str, Any],
    hand: Mapping[str, Any],
    exc: LedgerError,
    unworded: Callable[[str], str | None] | None = None,
) -> tuple[str, str]:
    """The field a refusal belongs beside (``form``: the top of the form), and its words.

    ``hand_form``: the session's form (``ledger.game_form``), whose game may word its own
    refusals. ``hand``: what the engine judged (its keys index into it); ``values``: the form's.
    ``unworded(field)``: the words for a refusal neither the game nor this module words,
    before the engine's own sentence (the preview's "still to choose: <label>").
    """
    key, code = exc.key, exc.code
    lang = i18n.current()
    field, said = hand_form.refusal(key, code, hand, lang)
    head = key.split(".")[0].split("[")[0]
    shared = WORDED.get(f"{code}@{head}") or WORDED.get(code)
    params = {**exc.params, "role": role_word(form, lang)}
    said = said or (shared(values, params) if shared else None)
    names = {f["name"] for f in form["fields"]}
    field = field if field in names else generic.error_field(form, key)
    if said is None and unworded is not None:
        said = unworded(field)
    if said is None:
        problem = exc.message.text(lang) if exc.message is not None else str(exc)
        said = t("engine_says", problem=in_form_words(form, problem, values))
    return field, said


_ID = re.compile(r"[\w-]+")


def in_form_words(form: Mapping[str, Any], problem: str, values: Mapping[str, Any]) -> str:
    """The engine's sentence with each value it names as the form's option says it: a
    figure's id (``kiraly-uhu``) as its label ("király uhu"), a contract's as the chip
    reads. Only a value one label stands for is replaced; yes/no values and players stay."""
    labels: dict[str, set[str]] = {}
    for field in form["fields"]:
        for option in field.get("options", ()):
            value, label = option.get("value"), option.get("label")
            if isinstance(value, str) and len(value) > 2 and label and label != value:
                labels.setdefault(value, set()).add(label)
    players = set(values.get("players", ())) | set(values.get("sitting_out", ()))
    plain = {"true", "false"} | players
    named = {v: next(iter(ls)) for v, ls in labels.items() if len(ls) == 1 and v not in plain}
    if not named:
        return problem
    return _ID.sub(lambda m: named.get(m.group(), m.group()), problem)


def role_word(form: Mapping[str, Any], lang: str) -> str:
    """The declarer as the game's form names him, inside a sentence: snapszer's
    "kezdőjátékos" / "Anfangsspieler", Skat's "Alleinspieler", Ulti's "felvevő" (German
    nouns keep their capital). The Hungarian sentences put "a" before it: every game's
    word for him begins with a consonant."""
    label = next((f["label"] for f in form["fields"] if f["name"] == "declarer"), None)
    label = label or t("declarer")
    return label if lang == "de" else label[:1].lower() + label[1:]


def _players(values: Mapping[str, Any]) -> str:
    return ", ".join(values.get("players", ()))


def _declarer(key: str) -> _Say:
    def say(values: Mapping[str, Any], params: Mapping[str, Any]) -> str | None:
        name = values.get("declarer")
        role = params["role"]
        return t(key, name=name, players=_players(values), role=role) if name else None

    return say


def _missing_declarer(values: Mapping[str, Any], params: Mapping[str, Any]) -> str | None:
    return t("missing_declarer", role=params["role"])


def _all_pass_declarer(values: Mapping[str, Any], params: Mapping[str, Any]) -> str | None:
    first, name = params.get("first"), params.get("name")
    return t("err_all_pass_declarer", first=first, name=name) if first and name else None


def _renonsz(values: Mapping[str, Any], params: Mapping[str, Any]) -> str | None:
    name = values.get("renonsz")
    return t("err_renonsz_player", name=name, players=_players(values)) if name else None


def _deal_count(values: Mapping[str, Any], params: Mapping[str, Any]) -> str | None:
    expected = params.get("n")
    if expected is None:
        return None
    return t("err_deal_count", n=expected, m=len(values.get("players", ())))


def _simple(key: str) -> _Say:
    return lambda values, params: t(key)


WORDED: dict[str, _Say] = {
    # by the refusal's code; "code@key" where the same code says another thing there
    "player_missing@declarer": _missing_declarer,
    "player_sits_out@declarer": _declarer("err_declarer_sits_out"),
    "player_not_playing@declarer": _declarer("err_declarer_not_playing"),
    "all_pass_declarer": _all_pass_declarer,
    "player_missing@renonsz": _renonsz,
    "player_sits_out@renonsz": _renonsz,
    "player_not_playing@renonsz": _renonsz,
    "player_count": _deal_count,
    "dealer_not_at_table": _simple("err_dealer"),
    "outcome_has_no": _simple("err_outcome_has_no"),
}
"""The refusals about the keys every game's hand has, in the form's words."""
