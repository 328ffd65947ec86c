"""The numbers of the statistics, and the hands behind each of them.

Common to every game (``common.COMMON``, declared there once), per player: hands played
(sitting out excluded) and sat out; hands declared, and won as declarer (his payment for
the hand is positive); his net units, from the hands he declared and otherwise; his
biggest win and loss in one hand; his best and worst evening; his longest streaks of won
and lost hands, and the current one. A hand he neither won nor lost (0 units) ends a
streak; one he sat out does not. Then each game's own counts, under ``games``: its marks,
dotted paths nested as dicts.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from .common import BY_NAME, COMMON, SITTING_OUT, STATS, SUMS, added
from .records import HandRecord

__all__ = ["STATS", "Tally", "combined_stats", "hands_behind", "player_stats", "tallies"]


def player_stats(records: Sequence[HandRecord], *, game: str | None = None) -> dict[str, Any]:
    """``{"players": {NAME: {...}}}``: each player's statistics over ``records`` (of one
    ``game`` only, if given), players in order of first appearance."""
    return combined_stats([tallies(_of_game(records, game))])


def tallies(records: Iterable[HandRecord]) -> dict[str, Tally]:
    """Each player's running counts over ``records``, in order of first appearance: a
    part that ``combined_stats`` joins to the parts before and after it."""
    acc: dict[str, Tally] = {}
    for record in records:
        for name, role in record.roles.items():
            player = acc.get(name)
            if player is None:
                player = acc[name] = Tally()
            player.add(record, role, record.payments.get(name, 0), record.marks.get(name, ()))
    return acc


def combined_stats(parts: Sequence[Mapping[str, Tally]]) -> dict[str, Any]:
    """``player_stats`` of the records of ``parts`` (``tallies``) one after the other, as
    if counted in one pass; the parts are left as they are (they may be cached)."""
    if len(parts) == 1:
        return {"players": {name: t.result() for name, t in parts[0].items()}}
    acc: dict[str, Tally] = {}
    for part in parts:
        for name, tally in part.items():
            mine = acc.get(name)
            if mine is None:
                mine = acc[name] = Tally()
            mine.join(tally)
    return {"players": {name: t.result() for name, t in acc.items()}}


def hands_behind(
    records: Sequence[HandRecord], player: str, stat: str, *, game: str | None = None
) -> list[tuple[int, int]]:
    """The (session id, hand number) of the hands that ``stat`` of ``player`` counts.

    ``stat`` is one of ``STATS`` or ``games.GAME.PATH``, where PATH may stop at any level
    (``games.ulti.bids`` is every hand with a bid). An unknown stat is a ``ValueError``.
    """
    mine = [r for r in _of_game(records, game) if player in r.roles]
    if stat.startswith("games."):
        _, own, *path = stat.split(".")
        prefix = ".".join(path)
        return [
            _key(r)
            for r in mine
            if r.game == own and any(_under(m, prefix) for m in r.marks.get(player, ()))
        ]
    if stat not in STATS:
        raise ValueError(f"unknown statistic {stat!r}; known: {', '.join(STATS)}, games.GAME.")
    if stat.startswith("streaks."):
        return _streak_hands(mine, player, stat.split(".")[1])
    if stat in ("best_evening", "worst_evening"):
        summary = player_stats(mine)["players"][player][stat] if mine else None
        wanted = summary["session"] if summary else None
        return [_key(r) for r in mine if r.session_id == wanted]
    if stat in ("biggest_win", "biggest_loss"):
        summary = player_stats(mine)["players"][player][stat] if mine else None
        units = summary["units"] if summary else None
        return [_key(r) for r in mine if units is not None and r.payments.get(player) == units]
    counts = BY_NAME[stat].counts
    return [_key(r) for r in mine if counts(r.roles[player], r.payments.get(player, 0))]


def _under(mark: str, prefix: str) -> bool:
    """Whether ``mark`` is the path ``prefix`` or below it ("" is above every mark)."""
    return not prefix or mark == prefix or mark.startswith(prefix + ".")


def _of_game(records: Iterable[HandRecord], game: str | None) -> list[HandRecord]:
    return [r for r in records if game is None or r.game == game]


def _key(record: HandRecord) -> tuple[int, int]:
    return record.session_id, record.number


def _plays(record: HandRecord, player: str) -> bool:
    return record.roles.get(player, SITTING_OUT) != SITTING_OUT


def _streak_hands(mine: Sequence[HandRecord], player: str, which: str) -> list[tuple[int, int]]:
    """The hands of the player's first longest streak of wins or losses, or the current."""
    best: list[HandRecord] = []
    run: list[HandRecord] = []
    sign = 0
    for record in (r for r in mine if _plays(r, player)):
        units = record.payments.get(player, 0)
        now = (units > 0) - (units < 0)
        run = run + [record] if now == sign and now != 0 else ([record] if now else [])
        sign = now
        wanted = (which == "longest_win" and sign > 0) or (which == "longest_loss" and sign < 0)
        if wanted and len(run) > len(best):
            best = run
    return [_key(r) for r in (run if which == "current" else best)]


class Tally:
    """One player's running counts: one ``add`` per hand he is named in, in order; or the
    ``join`` of the tallies of consecutive runs of hands (evenings), in order."""

    def __init__(self) -> None:
        self.sums = dict.fromkeys((stat.name for stat in SUMS), 0)
        """Each common statistic that is a sum over the hands (``common.SUMS``)."""
        self.win: tuple[int, int, int] | None = None
        self.loss: tuple[int, int, int] | None = None
        self.evenings: dict[int, int] = {}
        self.longest_win = self.longest_loss = self.current = 0
        self.lead = 0
        """The streak the first hands played make (signed: + won, − lost), so that a join
        can carry the streak of the hands before across it."""
        self.whole = False
        """Whether every hand played is in that first streak (then ``current == lead``)."""
        self.marks: dict[str, Counter[str]] = {}
        """Every mark of each game, counted per game."""

    @property
    def hands(self) -> int:
        """The hands he played (the streaks count them)."""
        return self.sums["hands"]

    def add(self, record: HandRecord, role: str, units: int, marks: Iterable[str]) -> None:
        sums = self.sums
        for name, value in added(role, units):
            sums[name] += value
        self.evenings[record.session_id] = self.evenings.get(record.session_id, 0) + units
        if role != SITTING_OUT:
            self._streak(units)
        if units > 0 and (self.win is None or units > self.win[0]):
            self.win = (units, record.session_id, record.number)
        if units < 0 and (self.loss is None or units < self.loss[0]):
            self.loss = (units, record.session_id, record.number)
        if marks:
            own = self.marks.get(record.game)
            if own is None:
                own = self.marks[record.game] = Counter()
            own.update(marks)

    def _streak(self, units: int) -> None:
        current = self.current
        if units > 0:
            current = current + 1 if current > 0 else 1
            if current > self.longest_win:
                self.longest_win = current
        elif units < 0:
            current = current - 1 if current < 0 else -1
            if -current > self.longest_loss:
                self.longest_loss = -current
        else:
            current = 0
        if self.sums["hands"] == 1:
            self.lead, self.whole = current, current != 0
        elif self.whole and current and current == self.lead + (1 if current > 0 else -1):
            self.lead = current
        else:
            self.whole = False
        self.current = current

    def join(self, later: Tally) -> None:
        """Count ``later``'s hands after these (``later`` is left as it is)."""
        if later.win and (self.win is None or later.win[0] > self.win[0]):
            self.win = later.win
        if later.loss and (self.loss is None or later.loss[0] < self.loss[0]):
            self.loss = later.loss
        for session_id, units in later.evenings.items():
            self.evenings[session_id] = self.evenings.get(session_id, 0) + units
        for game, counts in later.marks.items():
            self.marks.setdefault(game, Counter()).update(counts)
        self._join_streaks(later)  # before the sums: it reads the hands before the join
        for name, value in later.sums.items():
            self.sums[name] += value

    def _join_streaks(self, later: Tally) -> None:
        if not later.hands:
            return
        if not self.hands:
            self.lead, self.whole, self.current = later.lead, later.whole, later.current
            self.longest_win, self.longest_loss = later.longest_win, later.longest_loss
            return
        across = self.current * later.lead > 0  # the same streak goes on across the join
        joined = self.current + later.lead if across else 0
        self.longest_win = max(self.longest_win, later.longest_win, joined)
        self.longest_loss = max(self.longest_loss, later.longest_loss, -joined)
        if self.whole:
            self.lead = joined if across else self.lead
        self.whole = self.whole and later.whole and across
        self.current = joined if later.whole and across else later.current

    def to_json(self) -> dict[str, Any]:
        """Every count, JSON-able (an evening's stored part: ``evenings.stored_part``)."""
        return {
            "sums": self.sums,
            "win": self.win,
            "loss": self.loss,
            "evenings": [[s, u] for s, u in self.evenings.items()],
            "streaks": [self.longest_win, self.longest_loss, self.current, self.lead],
            "whole": self.whole,
            "marks": {game: dict(counts) for game, counts in self.marks.items()},
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Tally:
        """The tally ``to_json`` wrote."""
        tally = cls()
        tally.sums.update(data["sums"])
        tally.win = tuple(data["win"]) if data["win"] else None  # type: ignore[assignment]
        tally.loss = tuple(data["loss"]) if data["loss"] else None  # type: ignore[assignment]
        tally.evenings = {int(s): u for s, u in data["evenings"]}
        tally.longest_win, tally.longest_loss, tally.current, tally.lead = data["streaks"]
        tally.whole = data["whole"]
        tally.marks = {game: Counter(counts) for game, counts in data["marks"].items()}
        return tally

    def result(self) -> dict[str, Any]:
        """Every common statistic in ``COMMON``'s order (a dotted name nested), then
        ``games``: each game's marks."""
        worked_out = {
            "biggest_win": _hand(self.win),
            "biggest_loss": _hand(self.loss),
            "best_evening": _evening(self.evenings, max),
            "worst_evening": _evening(self.evenings, min),
            "streaks.longest_win": self.longest_win,
            "streaks.longest_loss": self.longest_loss,
            "streaks.current": self.current,
        }
        out: dict[str, Any] = {}
        for stat in COMMON:
            *parents, leaf = stat.name.split(".")
            node = out
            for part in parents:
                node = node.setdefault(part, {})
            node[leaf] = self.sums[stat.name] if stat.adds is not None else worked_out[stat.name]
        out["games"] = {game: _nested(marks) for game, marks in self.marks.items()}
        return out


def _nested(counts: Counter[str]) -> dict[str, Any]:
    """Counts of dotted paths as nested dicts: ``{"a.b": 2}`` is ``{"a": {"b": 2}}``."""
    tree: dict[str, Any] = {}
    for mark in sorted(counts):
        *parents, leaf = mark.split(".")
        node = tree
        for part in parents:
            node = node.setdefault(part, {})
        node[leaf] = counts[mark]
    return tree


def _hand(found: tuple[int, int, int] | None) -> dict[str, int] | None:
    if found is None:
        return None
    units, session_id, number = found
    return {"units": units, "session": session_id, "hand": number}


def _evening(evenings: dict[int, int], pick: Any) -> dict[str, int] | None:
    """The evening of the most (``max``) or fewest (``min``) units, the earlier on a tie."""
    if not evenings:
        return None
    units = pick(evenings.values())
    session_id = next(s for s, u in evenings.items() if u == units)
    return {"session": session_id, "units": units}
