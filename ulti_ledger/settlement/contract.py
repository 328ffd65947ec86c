"""The game contract: every part a game answers, the file of its package that holds it, and
what the registry answers for an optional part the game leaves out.

python-chess's variants answer every question, a variant overriding only what it plays
differently; here a game is a package, and ``Game`` is its registered face: each part the
package gives, else the contract's default. So the code that settles, stores or shows a
hand calls a part of any game without asking first whether the game has it.
``games/README.md`` says what each part means; ``tests/engine/test_game_anatomy.py`` checks that
every package keeps each part in its ``home``.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from types import ModuleType
from typing import Any

from .kitty import KittyAccount

REQUIRED: Any = object()
"""The ``default`` of a part every game must give itself."""


@dataclass(frozen=True, slots=True)
class Part:
    """One part of the contract."""

    name: str
    """What the package calls it (a function, or a constant in capitals)."""
    home: str
    """The module of the game's package that defines it, the same in every game
    (``__init__`` for the package itself); the package's ``__init__`` imports it from there."""
    summary: str
    """What it answers, in one line (``games/README.md`` says the rest)."""
    default: Any = REQUIRED
    """What the registry answers for a game without it; ``REQUIRED``: none, the game must."""

    @property
    def required(self) -> bool:
        return self.default is REQUIRED


def _unbounded(rules: Any, memo_size: int) -> Any:
    return rules


def _no_upgrade(raw: dict[str, Any]) -> dict[str, Any]:
    return raw


def _no_kitty(rules: Any, table: int) -> KittyAccount | None:
    return None


def _own_words(key: str, code: str, hand: Any, rules: Any, lang: str) -> tuple[None, None]:
    return None, None


def _no_proposal(rows: Sequence[Mapping[str, Any]], rules: Any) -> dict[str, str]:
    return {}


def _no_catalogue(rules: Any, lang: str) -> dict[str, Any]:
    return {}


def _points(rules: Any, lang: str) -> str | None:
    return None


def _no_sheet(rows: Sequence[Mapping[str, Any]], players: Any, rules: Any, lang: str) -> dict:
    return {"notices": [], "tallies": None}


def _no_marks(facts: Mapping[str, Any], hand: Any, rules: Any) -> dict[str, list[str]]:
    return {}


def _as_it_is(part: str, lang: str) -> str:
    return part


PARTS: dict[str, Part] = {
    part.name: part
    for part in (
        Part("NAME", "__init__", "the game's id, as ruleset files name it in `scorer`"),
        Part("TITLE", "__init__", "the game's name as players say it, in every UI language"),
        Part("SECTIONS", "build", "the ruleset-file sections the game reads and checks itself"),
        Part("build_rules", "build", "build_rules(raw, source): the rules of one set of options"),
        Part(
            "bounded_rules",
            "build",
            "bounded_rules(rules, memo_size): the same rules, their memos kept smaller",
            _unbounded,
        ),
        Part(
            "upgrade_ruleset",
            "seating",
            "upgrade_ruleset(raw): a ruleset file of an earlier revision in today's shape",
            _no_upgrade,
        ),
        Part("parse_hand", "hand", "parse_hand(data, rules, options): a hand, or a HandError"),
        Part("settle", "score", "settle(hand, rules): the hand's Settlement"),
        Part(
            "kitty_account",
            "score",
            "kitty_account(rules, table): the kitty a group carries, or None",
            _no_kitty,
        ),
        Part("describe", "explain", "describe(line, lang): one explanation line in a language"),
        Part("canonical", "facts", "canonical(hand): the hand-format JSON the hands table keeps"),
        Part("roles", "facts", "roles(hand): each named player's role"),
        Part("hand_form", "form", "hand_form(rules, lang): the hand form as data"),
        Part("hand_from_form", "form_read", "hand_from_form(values, rules): the form's hand"),
        Part("form_values", "form_read", "form_values(facts, rules): a hand as the form's values"),
        Part(
            "form_refusal",
            "refusals",
            "form_refusal(key, code, hand, rules, lang): (field, words) of a refusal",
            _own_words,
        ),
        Part(
            "form_proposal",
            "tally",
            "form_proposal(rows, rules): the next hand's proposed form values",
            _no_proposal,
        ),
        Part(
            "form_catalogue",
            "form_data",
            "form_catalogue(rules, lang): the contracts the API's catalogue lists",
            _no_catalogue,
        ),
        Part("columns", "sheet", "columns(rules, lang): the game's own columns of the sheets"),
        Part("row", "sheet", "row(facts, hand, rules, lang): a hand's notation, cells and tags"),
        Part("rules_table", "sheet", "rules_table(rules, lang): the game's part of `rules show`"),
        Part(
            "score_label",
            "sheet",
            "score_label(rules, lang): the header of the game's own score column, or None",
            _points,
        ),
        Part(
            "session_sheet",
            "tally",
            "session_sheet(rows, players, rules, lang): notices and tallies beside the hands",
            _no_sheet,
        ),
        Part("hand_schema", "schema", "hand_schema(): the game's hand as JSON Schema"),
        Part("random_hand", "sample", "random_hand(rng, rules, players): a random legal hand"),
        Part("stats", "stats", "stats(facts, hand, rules): each player's marks", _no_marks),
        Part("stats_label", "stats", "stats_label(part, lang): a mark's part in words", _as_it_is),
        Part("STATS_DERIVED", "stats", "the rates and averages worked out from the marks", ()),
    )
}
"""Every part of the contract, in its order (the order of each package's ``__all__``)."""


class Game:
    """A registered game: every part of ``PARTS``, the package's own or the default.

    ``package`` is the game's package (its rulesets and locale are files beside it). A
    part the package lacks is the contract's default. ``gives(name)`` says which is which,
    for the rare caller that would otherwise do work the default answers without (reading
    the hands a proposal reads) or that asks what the game can do at all (whether its
    evenings may ever carry a kitty); every other caller just calls the part.
    """

    def __init__(self, package: ModuleType) -> None:
        missing = [p.name for p in PARTS.values() if p.required and not hasattr(package, p.name)]
        if missing:
            raise TypeError(f"game {package.__name__} lacks {', '.join(missing)}")
        self.package = package
        self._own = frozenset(name for name in PARTS if hasattr(package, name))
        for part in PARTS.values():
            setattr(self, part.name, getattr(package, part.name, part.default))

    def gives(self, name: str) -> bool:
        """Whether the package gives part ``name`` itself (not the contract's default)."""
        if name not in PARTS:
            raise KeyError(f"{name!r} is not a part of the game contract")
        return name in self._own

    def own_parts(self) -> Iterator[Part]:
        """The parts the package gives itself, in the contract's order."""
        return (p for p in PARTS.values() if p.name in self._own)

    def __repr__(self) -> str:
        return f"Game({self.package.__name__})"


MARK_SEPARATOR = " · "


def paper_game(sheet: Mapping[str, Any]) -> str:
    """The game column of the paper sheets (the PDF's and the CSV's hand tables): a row's
    ``game`` and, after it, the tags the game marks for paper (``sheet["marks"]``: their
    texts; by default every tag's), so that a Kontra or a Bock shows where no column of the
    game's says it (games/README.md, part ``row``)."""
    marks = sheet.get("marks")
    if marks is None:
        marks = [text for _, text in sheet.get("tags", ())]
    return MARK_SEPARATOR.join([sheet["game"], *marks])
