"""The statistics of one player as rows to show: a label, the value in words, and the
statistic's name (for the link to the hands behind it). The page and the CLI's text
output both print these, in Hungarian, English or German. A game's rates and averages
(its optional ``STATS_DERIVED``) are worked out here from its counts, for reading only:
the JSON keeps the counts they come from.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from decimal import ROUND_HALF_UP, Decimal
from functools import lru_cache
from typing import Any

from babel.numbers import format_decimal, format_percent

from ..games import REGISTRY
from ..words.messages import text
from ..words.money_format import MINUS, signed_money
from .common import BY_NAME, STATS


def player_rows(
    figures: Mapping[str, Any], lang: str, evenings: Mapping[int, str]
) -> list[dict[str, Any]]:
    """Each statistic of one player (an entry of ``player_stats``): ``stat``, ``label``,
    ``value`` (words), ``game`` (None for the common ones). ``evenings`` names each session
    by id, for the best evening and the biggest win."""
    rows = [
        {"stat": stat, "label": text(f"stats.{stat}", lang), "value": value, "game": None}
        for stat in STATS
        if (value := _value(stat, figures, lang, evenings)) is not None
    ]
    for game, tree in figures.get("games", {}).items():
        label = REGISTRY[game].stats_label
        for path, count in _flatten(tree):
            rows.append(
                {
                    "stat": f"games.{game}.{path}",
                    "label": _path_label(game, path, lang),
                    "value": str(count),
                    "game": game,
                }
            )
        for name, top, bottom, form in REGISTRY[game].STATS_DERIVED:
            over = _sum_at(tree, bottom)
            if over:
                rows.append(
                    {
                        "stat": f"games.{game}.{top if form == 'rate' else bottom}",
                        "label": label(name, lang),
                        "value": _ratio(_sum_at(tree, top), over, form, lang),
                        "game": game,
                    }
                )
    return rows


@lru_cache(maxsize=4096)
def _path_label(game: str, path: str, lang: str) -> str:
    """A count's path in words ("licitek · ulti · kőr · játszott"): the same for every
    member, so worked out once (a season report labels 60 members' hundred counts)."""
    label = REGISTRY[game].stats_label
    return " · ".join(label(part, lang) for part in path.split("."))


def _sum_at(tree: Mapping[str, Any], path: str) -> int:
    """The sum of the counts at ``path`` and below it (0 where the path has none)."""
    node: Any = tree
    for part in path.split("."):
        if not isinstance(node, Mapping) or part not in node:
            return 0
        node = node[part]
    return node if not isinstance(node, Mapping) else sum(c for _, c in _flatten(node))


def _ratio(top: int, bottom: int, form: str, lang: str) -> str:
    """A rate as a whole percentage, an average to one decimal, as ``lang`` writes them."""
    if form == "rate":
        percent = (Decimal(100 * top) / bottom).quantize(Decimal(1), ROUND_HALF_UP)
        return format_percent(percent / 100, locale=lang)
    average = (Decimal(top) / bottom).quantize(Decimal("0.1"), ROUND_HALF_UP)
    return format_decimal(average, format="#,##0.0", locale=lang)


def signed(units: int) -> str:
    """Units as a scoresheet writes them: +4, −2, 0."""
    if units > 0:
        return f"+{units}"
    return f"{MINUS}{-units}" if units < 0 else "0"


def _value(stat: str, figures: Mapping[str, Any], lang: str, evenings: Mapping[int, str]) -> str:
    value, form = _get(figures, stat), BY_NAME[stat].form
    if form == "number":
        return str(value)
    if form == "units":
        return signed(value)
    if value is None:
        return text("stats.none", lang)
    where = evenings.get(value["session"], str(value["session"]))
    if form == "hand":
        hand = text("stats.at_hand", lang).format(n=value["hand"])
        where = f"{where}, {hand}" if len(evenings) > 1 else hand
    return f"{signed(value['units'])} ({where})"


def _get(figures: Mapping[str, Any], stat: str) -> Any:
    for part in stat.split("."):
        figures = figures[part]
    return figures


def _flatten(tree: Mapping[str, Any], prefix: str = "") -> Iterator[tuple[str, int]]:
    for key, value in tree.items():
        if isinstance(value, Mapping):
            yield from _flatten(value, f"{prefix}{key}.")
        else:
            yield f"{prefix}{key}", value


IN_UNITS = frozenset(
    ("units", "as_declarer", "otherwise", "biggest_win", "biggest_loss")
    + ("best_evening", "worst_evening")
)
"""The common statistics counted in units: comparable only within one stake and currency,
so a period of several is shown in money per currency instead (``money_rows``)."""


def money_rows(
    money: Mapping[str, Mapping[str, Any]], lang: str, evenings: Mapping[int, str]
) -> list[dict[str, Any]]:
    """One player's money figures (an entry of ``stats_with_money``'s ``money``: per
    currency code) as rows: ``stat`` (``money.CODE.NAME``), ``label``, ``value``, and, for
    a record, ``session`` and ``hand`` (where it was won: the page links it there)."""
    rows = []
    for code, figures in money.items():
        for name in ("units", "as_declarer", "otherwise"):
            label = text(f"stats.money.{name}", lang).format(currency=code)
            value = signed_money(figures[name], code, lang)
            rows.append({"stat": f"money.{code}.{name}", "label": label, "value": value})
        for name in ("biggest_win", "biggest_loss", "best_evening", "worst_evening"):
            found = figures[name]
            label = f"{text(f'stats.{name}', lang)} ({code})"
            row = {"stat": f"money.{code}.{name}", "label": label, "game": None}
            if found is None:
                rows.append({**row, "value": text("stats.none", lang)})
                continue
            where = evenings.get(found["session"], str(found["session"]))
            if "hand" in found:
                where = f"{where}, {text('stats.at_hand', lang).format(n=found['hand'])}"
            value = f"{signed_money(found['money'], code, lang)} ({where})"
            rows.append({**row, "value": value, "session": found["session"]} | _hand(found))
    return [{"game": None, **row} for row in rows]


def _hand(found: Mapping[str, Any]) -> dict[str, Any]:
    return {"hand": found["hand"]} if "hand" in found else {}
