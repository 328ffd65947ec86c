"""The new-session form (Flask-WTF): what a table fills in once, at the start of the night.

The form only shapes input into a session@1 body; whether that body is a valid session
is decided by the ledger (``ledger.create_session``), whose errors are put back next to
the fields they name. The house-rule options come from the rulesets themselves, so a
ruleset file that gains an option shows it here with no change to this module.

Messages are looked up when a form is validated (inside a request), so they follow the
page's language.
"""

from __future__ import annotations

import datetime as dt
import re
from collections.abc import Mapping
from types import MappingProxyType
from typing import Any

from flask_wtf import FlaskForm
from wtforms import BooleanField, FieldList, StringField
from wtforms.validators import ValidationError

from ..games import REGISTRY
from ..ledger import SESSION_FORMAT, character_name, hidden_character, one_name, spelling_key
from ..models import NAME_LENGTH
from ..words.i18n import current as current_lang
from ..words.i18n import t
from ..words.money_input import MoneyInputError, parse_amount, parse_currency, parse_stake
from ..words.rule_words import rule_text
from .numbers import non_negative_int

MONEY_TEXTS = {
    "amount_required": "err_amount",
    "amount_not_number": "err_amount",
    "amount_not_string": "err_amount",
    "amount_not_positive": "err_amount",
    "amount_too_precise": "err_amount",
    "amount_digits": "err_amount_digits",
    "amount_ambiguous": "err_amount_ambiguous",
    "amount_no_minor_units": "err_amount_whole",
    "currency_required": "err_currency_required",
    "currency_invalid": "err_currency",
}
"""`money_input` refusals in the form's words (texts.py keys)."""
MAX_PLAYERS = 5
MIN_PLAYERS = 3
TEXT_LENGTH = 120
OPTION_PREFIX = "o-"
DEFAULT_RULESET = REGISTRY.default_ruleset


def money_refusal(exc: MoneyInputError) -> str:
    """A stake's refusal in the reader's language, naming the problem."""
    return t(MONEY_TEXTS[exc.code], **{k: str(v) for k, v in exc.params.items()})


class SessionForm(FlaskForm):
    """Name, date, place, players in seating order, ruleset, stakes; options are added."""

    name = StringField()
    date = StringField(default=lambda: dt.date.today().isoformat())
    place = StringField()
    players = FieldList(StringField(), min_entries=MAX_PLAYERS, max_entries=MAX_PLAYERS)
    ruleset = StringField(default=DEFAULT_RULESET)
    last_declarer_deals = BooleanField(default=False)
    unit_amount = StringField(default="10")
    currency = StringField(default="HUF")

    rulesets: list[dict[str, Any]]

    def validate_ruleset(self, field: StringField) -> None:
        if field.data not in {r["id"] for r in self.rulesets}:
            raise ValidationError(t("err_ruleset"))

    def validate_name(self, field: StringField) -> None:
        _short(field, TEXT_LENGTH)

    def validate_place(self, field: StringField) -> None:
        _short(field, TEXT_LENGTH)

    def validate_date(self, field: StringField) -> None:
        if field.data:
            try:
                dt.date.fromisoformat(field.data)
            except ValueError:
                raise ValidationError(t("err_date")) from None

    def validate_players(self, field: FieldList) -> None:
        names = [(entry, (entry.data or "").strip()) for entry in field.entries]
        given = [(entry, name) for entry, name in names if name]
        seen: list[str] = []  # the names as first written
        for entry, name in given:
            first = next((other for other in seen if one_name(other, name)), None)
            if len(name) > NAME_LENGTH:
                entry.errors = [t("err_name_long", n=NAME_LENGTH)]
            elif hidden_character(name):
                entry.errors = [hidden_text(name)]
            elif first == name:
                entry.errors = [t("err_name_twice", name=name)]
            elif first is not None and spelling_key(first) == spelling_key(name):
                entry.errors = [t("err_name_same", first=first, name=name)]  # "Anna", "anna"
            elif first is not None:  # "Anna" and "Аnna" (Cyrillic А): they look alike
                entry.errors = [t("err_name_lookalike", first=first, name=name)]
            if first is None:
                seen.append(name)
        if any(entry.errors for entry in field.entries):
            raise ValidationError(t("err_players_fix"))
        if not MIN_PLAYERS <= len(given) <= MAX_PLAYERS:
            raise ValidationError(t("err_players_count"))

    def validate_unit_amount(self, field: StringField) -> None:
        try:
            parse_amount(field.data, self._currency())
        except MoneyInputError as exc:
            raise ValidationError(money_refusal(exc)) from None

    def validate_currency(self, field: StringField) -> None:
        try:
            parse_currency(field.data)
        except MoneyInputError as exc:
            raise ValidationError(money_refusal(exc)) from None

    def _currency(self) -> str:
        """The currency as read, or as typed while it is wrong (its own field says so)."""
        try:
            return parse_currency(self.currency.data)
        except MoneyInputError:
            return (self.currency.data or "").strip().upper()

    def _stake(self) -> tuple[str, str]:
        """The stake as the ledger takes it ("1000", "HUF"); the form was validated first."""
        return parse_stake(self.unit_amount.data, self.currency.data)

    def option_fields(self, ruleset_id: str) -> list[tuple[dict[str, Any], Any]]:
        """The ruleset's options, each with its form field, in the ruleset's order.

        The seating's own options are not among them: the form offers them as one-tap
        checkboxes (``last_declarer_deals``) and sends them as ``settings``. Nor is a
        deprecated option (``offered`` false), unless ``kept`` says this evening chose it.
        """
        ruleset = next(r for r in self.rulesets if r["id"] == ruleset_id)
        return [
            (o, self[option_field(ruleset_id, o["name"])])
            for o in ruleset["options"]
            if not o.get("seating") and (o.get("offered", True) or self.kept(o))
        ]

    def kept(self, option: dict[str, Any]) -> bool:
        """Whether a deprecated option stays on the page: a new evening offers none."""
        return False

    def option_choices(
        self, option: dict[str, Any], ruleset: dict[str, Any]
    ) -> list[tuple[str, str]]:
        """The values an option of ``ruleset`` (one of ``rulesets``) offers, with their
        meaning in its game's words; the default marked.

        Rendered by the template, not by WTForms: the field only carries the value, and
        any value reaches the ledger, whose message names the option and what it allows.
        """
        default, game = str(option["default"]), ruleset["scorer"]
        if option["choices"] is None:
            numbers = range(option["minimum"], option["maximum"] + 1)
            values = [
                (str(v), f"{v} – {choice_text(game, option, str(v), str(v))}") for v in numbers
            ]
        else:
            values = [
                (c["value"], choice_text(game, option, c["value"], c["help"] or c["value"]))
                for c in option["choices"]
            ]
        marker = t("default_marker")
        values = [(v, text.rstrip(".")) for v, text in values]  # labels, not sentences
        return [(v, f"{text} ({marker})" if v == default else text) for v, text in values]

    def option_help(self, option: dict[str, Any], ruleset: dict[str, Any]) -> str:
        """What an option of ``ruleset`` decides, in a player's words (``option_text``)."""
        return option_text(ruleset["scorer"], option)

    def session_body(self) -> dict[str, Any]:
        """The session@1 body the form describes (options: only those changed)."""
        options = {}
        for option, field in self.option_fields(self.ruleset.data):
            value: Any = field.data
            if value is None:  # a form sent without the field keeps the default
                continue
            number = non_negative_int(value) if option["choices"] is None else None
            if number is not None:
                value = number  # anything else goes to the ledger, which names it
            if value != option["default"]:
                options[option["name"]] = value
        return {
            "format": SESSION_FORMAT,
            "ruleset": self.ruleset.data,
            "options": options,
            "unit_value": dict(zip(("amount", "currency"), self._stake(), strict=True)),
            "players": [n for n in ((p or "").strip() for p in self.players.data) if n],
            "name": (self.name.data or "").strip(),
            "date": self.date.data or None,
            "place": (self.place.data or "").strip(),
            "settings": {"last_declarer_deals": bool(self.last_declarer_deals.data)},
        }

    def field_for_key(self, key: str) -> Any:
        """The field a ledger error's ``key`` points at (``players[1]``, ``unit_value.amount``)."""
        match = re.fullmatch(r"players\[(\d+)\]", key)
        if match:
            filled = [e for e in self.players.entries if (e.data or "").strip()]
            index = int(match.group(1))
            return filled[index] if index < len(filled) else self.players
        head, _, rest = key.partition(".")
        head = head.split("[")[0]
        if head == "options" and rest:
            name = option_field(self.ruleset.data, rest.split(".")[0])
            return self._fields.get(name, self.ruleset)
        fields = {
            "unit_value": self.currency if key.endswith("currency") else self.unit_amount,
            "players": self.players,
            "name": self.name,
            "date": self.date,
            "place": self.place,
            "ruleset": self.ruleset,
        }
        return fields.get(head)


def option_text(game: str, option: dict[str, Any]) -> str:
    """What a house-rule option decides, in a player's words: ``<option>`` in the house-rule
    words of ``game`` (the ruleset's ``scorer``; ``rule_words.rule_text``), the ruleset
    file's help where the game has no text for it."""
    words = rule_text(game, option["name"], current_lang())
    return words or option.get("help") or option["label"]


def choice_text(game: str, option: dict[str, Any], value: str, fallback: str) -> str:
    """One choice of an option, in the words of ``game`` (``<option>.<value>``), else
    ``fallback``."""
    return rule_text(game, f"{option['name']}.{value}", current_lang()) or fallback


def option_field(ruleset_id: str, option: str) -> str:
    return f"{OPTION_PREFIX}{ruleset_id}-{option}"


def session_form(
    rulesets: list[dict[str, Any]], base: type[SessionForm] | None = None, **kwargs: Any
) -> SessionForm:
    """A ``SessionForm`` (or ``base``) with a field per house-rule option of every ruleset.

    Every ruleset's options are in the page (the script shows the chosen ruleset's only;
    without it, each set is headed by its ruleset); only the chosen ruleset's are read.
    """

    class Form(base or SessionForm):  # type: ignore[misc,valid-type]
        pass

    for ruleset in rulesets:
        for option in ruleset["options"]:
            field = StringField(default=str(option["default"]))
            setattr(Form, option_field(ruleset["id"], option["name"]), field)
    form = Form(**kwargs)
    # The first game's own ruleset first: it is the default and what most tables play.
    form.rulesets = sorted(rulesets, key=lambda r: r["id"] != DEFAULT_RULESET)
    return form


def _short(field: StringField, length: int) -> None:
    text = (field.data or "").strip()
    if len(text) > length:
        raise ValidationError(t("err_text_long", n=length))
    if text and hidden_character(text):
        raise ValidationError(hidden_text(text))


def hidden_text(text: str) -> str:
    """Why ``text`` cannot be a name (``ledger.names.hidden_character``), in the page's words."""
    kind, char = hidden_character(text) or ("blank", "")
    return t(f"err_hidden_{kind}", char=character_name(char) if char else "")


class SettingsForm(SessionForm):
    """The evening's settings on the scorer's page: the new-evening form's own fields and
    checks (stakes, house rules, name, date, place), without the players and the ruleset,
    which do not change here (players: ``views.evening``; the ruleset: a new evening).

    ``resettle``: what the hands already recorded do when the house rules change
    (``keep`` or ``resettle``); asked on a second step that shows the difference.
    """

    resettle = StringField(default="")
    chosen: Mapping[str, Any] = MappingProxyType({})
    """The evening's own options as stored (``settings_form``): a deprecated option it
    chose stays on its page, readable and able to be turned off."""

    def kept(self, option: dict[str, Any]) -> bool:
        value = self.chosen.get(option["name"], option["default"])
        return str(value) != str(option["default"])

    def validate_players(self, field: FieldList) -> None:
        """The players are changed one by one elsewhere on the page."""

    def changes_body(self) -> dict[str, Any]:
        """What ``ledger.update_session`` takes, from the same body a new evening sends."""
        for entry in self.players.entries:  # not on this page: the body's players are unused
            entry.data = entry.data or ""
        body = self.session_body()
        keys = ("name", "date", "place", "unit_value", "settings", "options")
        return {key: body[key] for key in keys}


def settings_form(ruleset: dict[str, Any], current: dict[str, Any], **kwargs: Any) -> SettingsForm:
    """A ``SettingsForm`` for a session of ``ruleset`` (its pinned rules, as
    ``ledger.session_ruleset_choice`` gives them), filled with ``current`` (the session's
    ``settings_state``) unless the request posts the form."""
    options = {o["name"]: o["default"] for o in ruleset["options"]}
    options.update(current["options"])
    filled = {
        "name": current["name"],
        "date": current["date"] or "",
        "place": current["place"],
        "ruleset": ruleset["id"],
        "unit_amount": stake_text(current["unit_value"]["amount"]),
        "currency": current["unit_value"]["currency"],
        "last_declarer_deals": current["settings"]["last_declarer_deals"],
        **{option_field(ruleset["id"], n): str(v) for n, v in options.items()},
    }
    form = session_form([ruleset], base=SettingsForm, **filled, **kwargs)
    form.chosen = dict(current["options"])
    return form  # type: ignore[return-value]


def stake_text(amount: str) -> str:
    """A stake for the settings form with its digits as stored, grouped as the pages write
    it: "1 000", "1 000,50" in Hungarian, "1 000.50" in English (the form reads both)."""
    whole, _, cents = amount.partition(".")
    sign, digits = ("-", whole[1:]) if whole.startswith("-") else ("", whole)
    grouped = f"{int(digits):,}".replace(",", " ") if digits.isdigit() else digits
    point = "." if current_lang() == "en" else ","  # German, as Hungarian: 1 000,50
    return sign + grouped + (point + cents if cents else "")
