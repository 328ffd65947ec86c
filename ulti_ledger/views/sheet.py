"""The scoresheet's rows as markup: one ``<details>`` per hand, joined in Python.

An evening can run to thousands of hands, and the scoreboard shows every one: its
contract, each player's change and running total, and its explanation one tap away.
Through a Jinja loop a row cost about 35 µs (some fifty pieces, each a generator step, a
lookup and often an escape). Here the part of a row that only the hand's facts decide
(contract, tags, who played, the explanation) is escaped and joined once per version of
the hand and kept, in a bounded cache like the hand's settlement; each page adds the
number, the running totals (and the game's own score column, where it keeps one: the
hand's points and their running sum under each change) and the links.
``sessions/scoreboard.html`` wraps these rows; their classes and test ids are the page's
CSS and the browser tests' handles.

Every text that is not a number or a class name of ours is escaped: names, notation,
the tags the game gives (``row``: Ulti's kontras, silent results...) and the explanation.
"""

from __future__ import annotations

from collections.abc import Hashable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, NamedTuple

from flask import current_app
from markupsafe import escape

from ..ledger import ResultCache
from ..settlement.who_pays import shown_lines
from ..words.i18n import signed, t
from ..words.money_format import total_text

EXTENSION = "ulti_ledger.sheet"
DRAWN = 10
"""The newest hands a board always draws: the round being played and the one before."""
FOLD = 10
"""Earlier hands are folded by this many, each fold drawn when it is opened: a board of
160 hands stays about 1,500 elements on a phone instead of 6,000 (bench/pages.py)."""


class Facts(NamedTuple):
    """A row's markup that only the hand's facts decide: the same on every page showing it."""

    game: str
    """The game cell's opening: the notation and the game's tags (the edited badge after)."""
    people: str
    """Declarer and dealer, closing the game cell."""
    cells: tuple[str, ...]
    """Each seat's cell up to its running total: its class (declarer, out...), the player's
    name for the ear and the change."""
    lines: str
    """The explanation's ``<li>`` items."""


@dataclass(frozen=True, slots=True)
class Sheet:
    """What every row of one page shares: whose session, where links go, the labels."""

    session_id: int
    lang: str
    players: tuple[str, ...]
    names: Mapping[str, str]
    """Each player's name, escaped once for the whole page."""
    history_base: str
    """The page's own link (edit or view): a row's history is below it."""
    edit_base: str | None
    """The edit link on the scorer's page, for the row's edit and delete buttons; else None."""
    dealt_by: str
    edited: str
    edited_title: str
    history: str
    edit: str
    delete: str
    latest: str
    total: str = ""
    """Said before a running total to a screen reader ("in total:"); hidden to the eye."""
    score: str = ""
    """Said before the game's own points of a hand ("Points, this hand:"); hidden too."""

    def name(self, player: str) -> str:
        """A player's name, escaped (a name outside the seats, from an old hand, too)."""
        escaped = self.names.get(player)
        return escaped if escaped is not None else escape(player)

    def key(self, hand: Mapping[str, Any]) -> Hashable:
        """What decides a hand's ``Facts``: a hand version names one state of one hand of
        the session (``ledger.txn``), and the language the words."""
        return (self.session_id, hand["version"], self.lang)

    @classmethod
    def for_page(
        cls, summary: Mapping[str, Any], lang: str, history_base: str, edit_base: str | None
    ) -> Sheet:
        """The sheet of one page of ``summary`` (``ledger.session_summary``), in ``lang``."""
        players = summary["players"]
        return cls(
            session_id=summary["id"],
            lang=lang,
            players=tuple(players),
            names={name: escape(name) for name in players},
            history_base=escape(history_base),
            edit_base=escape(edit_base) if edit_base is not None else None,
            dealt_by=escape(t("dealt_by_short")),
            edited=escape(t("edited_badge")),
            edited_title=escape(t("edited_badge_title")),
            history=escape(t("history")),
            edit=escape(t("edit")),
            delete=escape(t("delete")),
            latest=escape(t("latest_badge")),
            total=escape(t("sheet_ear_total")),
            score=escape(t("sheet_ear_score", label=(summary.get("score") or {}).get("label", ""))),
        )


def hand_rows(
    sheet: Sheet,
    hands: Sequence[Mapping[str, Any]],
    marks: Mapping[int, Any] | None = None,
    newest: bool = True,
) -> list[str]:
    """Every hand of a ``ledger.session_summary`` as a scoresheet row of markup, in order.

    A list, not one string: the page joins it once with the rest (a 10,000-hand page is
    12 MB of text, and each copy of it costs tens of milliseconds). ``marks``: each hand's
    agreement (``ledger.marks``, by hand version), shown as a tag in its row. ``newest``:
    the last of ``hands`` is the evening's newest (false for the folded earlier ones).
    """
    marks = marks or {}
    cache = facts_cache()
    keys = [sheet.key(hand) for hand in hands]
    rows = []
    for hand, key, facts in zip(hands, keys, cache.get_many(keys), strict=True):
        if facts is None:
            facts = hand_facts(sheet, hand)
            cache.put(key, facts)
        rows.append(hand_row(sheet, hand, facts, mark=marks.get(hand["version"])))
    if (
        rows and newest
    ):  # the newest hand stands out, also after a live refresh (the page marks it anew)
        mark = marks.get(hands[-1]["version"])
        rows[-1] = hand_row(sheet, hands[-1], facts, last=True, mark=mark)
    return rows


def _folds(count: int) -> range:
    """Where each fold of a board of ``count`` rows starts (0-based); none when short."""
    if count <= DRAWN + FOLD // 2:
        return range(0)
    return range(0, (count - DRAWN) // FOLD * FOLD, FOLD)


def folded(
    sheet: Sheet,
    hands: Sequence[Mapping[str, Any]],
    marks: Mapping[int, Any] | None = None,
    all_drawn: bool = False,
    inline: bool = True,
) -> list[str]:
    """The rows of ``hands`` (``hand_rows``) with all but the newest ``DRAWN`` in folds of
    ``FOLD``: a ``<details>`` drawn when it opens (static/js/app.js), with a link to the
    whole board, ``?hands=all``, for a page without its script. ``all_drawn``: every row
    as it is.

    ``inline``: a fold's rows wait in a ``<template>`` in the page (the copy a phone keeps
    for offline use). Otherwise the page goes without them, about 85 % of a long evening's
    markup, and they are not built: the script asks ``?folds=json`` (``fold_rows``) once
    the page is ready.
    """
    starts = range(0) if all_drawn else _folds(len(hands))
    if not starts:
        return hand_rows(sheet, hands, marks)
    cut = starts[-1] + FOLD
    rows = hand_rows(sheet, hands[:cut], marks, newest=False) if inline else []
    out = []
    for start in starts:
        first, last = start + 1, start + FOLD
        label = escape(t("sheet_fold", first=first, last=last))
        show = escape(t("sheet_fold_all"))
        held = f"<template>{''.join(rows[start:last])}</template>" if inline else ""
        out.append(
            f'\n  <details class="fold" id="fold-{first}" data-fold="{first}-{last}"'
            f' data-folds="{sheet.history_base}?folds=json">'
            f'<summary data-testid="fold-{first}">{label}</summary>{held}'
            f'<p class="fold-all"><a href="{sheet.history_base}?hands=all#h{first}">{show}</a></p>'
            "</details>"
        )
    return out + hand_rows(sheet, hands[cut:], marks)


def fold_rows(
    sheet: Sheet, hands: Sequence[Mapping[str, Any]], marks: Mapping[int, Any] | None = None
) -> dict[str, str]:
    """Each fold's rows, by its ``data-fold`` ("1-10"): what ``?folds=json`` answers."""
    starts = _folds(len(hands))
    rows = hand_rows(sheet, hands[: starts[-1] + FOLD], marks, newest=False) if starts else []
    return {f"{s + 1}-{s + FOLD}": "".join(rows[s : s + FOLD]) for s in starts}


def hand_row(
    sheet: Sheet, hand: Mapping[str, Any], facts: Facts, last: bool = False, mark: Any = None
) -> str:
    """One hand: the summary row (number, game, cells) and its explanation below.

    ``last``: the newest hand, marked (class ``hand-last`` and a "latest" tag) so that the
    phones around the table see at a glance which hand was just recorded.
    """
    n = hand["number"]
    totals = hand["totals"]
    scores = hand.get("score_totals")
    total = f'<span class="sr-only">, {sheet.total} </span>'
    if scores is None:
        cells = "".join(
            [
                f"{cell}{total}{signed(totals[name])}</small></span>"
                for cell, name in zip(facts.cells, sheet.players, strict=True)
            ]
        )
    else:  # the game's own score column: the hand's points, then the running sum
        points = hand["score"] or {}
        cells = "".join(
            [
                f'{cell}{total}{signed(totals[name])}</small><small class="c-score">'
                f'<span class="sr-only">, {sheet.score} </span>{signed(points.get(name, 0))}'
                f' <span aria-hidden="true">→</span>{total}'
                f" {total_text(scores.get(name, 0))}</small></span>"
                for cell, name in zip(facts.cells, sheet.players, strict=True)
            ]
        )
    edited = (
        f'<em class="tag tag-edited" title="{sheet.edited_title}"'
        f' data-testid="edited-{n}">{sheet.edited}</em>'
        if hand["edited"]
        else ""
    )
    latest = f'<em class="tag tag-last" data-testid="last-hand">{sheet.latest}</em>' if last else ""
    latest += agreement_tag(sheet, n, mark)
    return (
        f'\n  <details class="hand{" hand-last" if last else ""}" id="h{n}">'
        f'\n    <summary><span class="row"><span class="c-n" id="n-{n}">{n}</span>'
        f"\n      {facts.game}{edited}{latest}{facts.people}{cells}"
        "\n    </span></summary>"
        '\n    <div class="explain">'
        f"\n      <ul>{facts.lines}</ul>"
        f'\n      <p class="row-history"><a href="{sheet.history_base}/hands/{n}/history"'
        f' id="hist-{n}" aria-labelledby="hist-{n} n-{n}"'
        f' data-testid="history-{n}">{sheet.history}</a></p>'
        f"{_actions(sheet, n)}"
        "\n    </div>"
        "\n  </details>"
    )


def agreement_tag(sheet: Sheet, n: int, mark: Any) -> str:
    """A hand's agreement as a tag: waiting, confirmed (by whom) or disputed (by whom)."""
    if mark is None:
        return ""
    text = escape(t(f"agree_{mark.status}"))
    if mark.by:
        text += escape(": " + ", ".join(mark.by))
    return (
        f'<em class="tag tag-agree-{mark.status}" data-testid="agree-{n}"'
        f' data-agree="{mark.status}">{text}</em>'
    )


def hand_facts(sheet: Sheet, hand: Mapping[str, Any]) -> Facts:
    """The escaped markup of what the hand's facts decide (see ``Facts``)."""
    tags = [f'<em class="{cls}">{escape(text)}</em>' for cls, text in hand["sheet"]["tags"]]
    change = escape(t("sheet_ear_change"))
    return Facts(
        game=f'<span class="c-game"><span class="contract">{escape(hand["notation"])}</span>'
        + "".join(tags),
        people=f'\n        <small class="people"><b>{sheet.name(hand["declarer"])}</b>'
        f" · {sheet.dealt_by} {sheet.name(hand['dealer'])}</small></span>",
        cells=tuple(_cell(sheet, name, hand, change) for name in sheet.players),
        lines="".join(
            [f"<li>{escape(line)}</li>" for line in shown_lines(hand["result"], sheet.lang)]
        ),
    )


def _cell(sheet: Sheet, name: str, hand: Mapping[str, Any], change: str) -> str:
    """A seat's cell up to its running total: out, won (pos), lost (neg) or even; declarer.

    A screen reader hears whose number it is and of what kind ("Anna, this hand: +2, in
    total: +6"): the row is a disclosure, not a table, so the header's names alone would
    not tie a number to its player (WCAG 1.3.1).
    """
    units = hand["changes"][name]
    if name in hand["sitting_out"]:
        kind = "out"
    else:
        kind = "pos" if units > 0 else "neg" if units < 0 else "zero"
    if name == hand["declarer"]:
        kind += " decl"
    ear = f'<span class="sr-only">; {sheet.name(name)}, {change} </span>'
    return f'<span class="c-p {kind}">{ear}{signed(units)}<small>'


def facts_cache() -> ResultCache:
    """This app's ``Facts`` by ``Sheet.key``: bounded like the settlement results' cache."""
    cache = current_app.extensions.get(EXTENSION)
    if cache is None:
        cache = current_app.extensions.setdefault(EXTENSION, ResultCache())
    return cache


def _actions(sheet: Sheet, n: int) -> str:
    """The scorer's edit and delete buttons (none on the view page)."""
    base = sheet.edit_base
    if base is None:
        return ""
    # each named with its hand's number ("Edit 12"), as the rows repeat them
    return (
        f'\n      <p class="row-actions"><a class="button button-small"'
        f' href="{base}/hands/{n}/edit" id="edit-{n}" aria-labelledby="edit-{n} n-{n}"'
        f' data-testid="edit-{n}">{sheet.edit}</a>'
        f'\n        <a class="button button-small button-danger"'
        f' href="{base}/hands/{n}/delete" id="del-{n}" aria-labelledby="del-{n} n-{n}"'
        f' data-testid="delete-{n}">{sheet.delete}</a></p>'
    )
