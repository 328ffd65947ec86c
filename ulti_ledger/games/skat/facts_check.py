"""The checks of a played Skat game's facts: each impossible game refused by its key.

Suit and Grand games need their matadors (``mit`` or ``ohne``, within what the game has)
and the result, as the declarer's card points (``declarer_points``) or as won or lost
(``won``, with ``schneider``). A null game has neither matadors nor card points, only
``won``. Announcements belong to hand games; an ouvert suit or Grand game is a hand
game with Schwarz announced. A renonsz decides the game, so its result is left out.
"""

from __future__ import annotations

from typing import Any

from ...settlement.errors import HandError
from ...settlement.hand_checks import kind, not_one_of
from .build import GAMES, Rules, null_cover

GAME_KEYS = (
    "game",
    "mit",
    "ohne",
    "hand",
    "announced",
    "ouvert",
    "bid",
    "declarer_points",
    "schwarz",
    "won",
    "schneider",
)
ANNOUNCED = ("schneider", "schwarz")
SCHWARZ = ("declarer", "opponents")
SKAT_MOST = 22
"""The most card points a declarer can hold without a trick: the skat, two aces."""
RESULT = ("declarer_points", "schwarz", "won", "schneider")

Facts = tuple[Any, ...]


def game_facts(data: dict[str, Any], rules: Rules, renonsz: bool) -> Facts:
    """(game, mit, ohne, hand, announced, ouvert, bid, declarer_points, schwarz, won,
    schneider) of a played hand, every one checked."""
    game = data.get("game")
    if game not in GAMES:
        if game is None:
            raise HandError(
                "game", "is required: {allowed}", code="game_missing", allowed=", ".join(GAMES)
            )
        raise HandError("game", not_one_of(game, GAMES), code="game_unknown")
    hand, ouvert = data.get("hand", False), data.get("ouvert", False)
    if type(hand) is not bool or type(ouvert) is not bool:
        _flag(data, "hand")
        _flag(data, "ouvert")
    bid = _bid(data.get("bid"), game, hand is True, rules)
    if renonsz:
        for key in RESULT:
            if key in data:
                raise HandError(
                    key,
                    "a renonsz decides the game: leave {key} out",
                    code="renonsz_decides",
                    key=key,
                )
    if game == "null":
        for key, code in (
            ("mit", "matadors_in_null"),
            ("ohne", "matadors_in_null"),
            ("announced", "announced_in_null"),
            ("declarer_points", "points_in_null"),
            ("schwarz", "schwarz_in_null"),
            ("schneider", "schwarz_in_null"),
        ):
            if data.get(key) is not None:
                raise HandError(
                    key,
                    "a Null game has no {key}: it is won when the declarer takes no trick",
                    code=code,
                    key=key,
                )
        won = None if renonsz else _won(data.get("won"))
        return (game, None, None, hand, None, ouvert, bid, None, None, won, None)
    mit, ohne = _matadors(data, game, rules)
    announced = _announced(data.get("announced"), hand)
    if ouvert:
        if not hand:
            raise HandError(
                "hand",
                "an ouvert {game} game is a hand game: ouvert implies Hand and Schwarz announced",
                code="ouvert_needs_hand",
                game=game.capitalize(),
            )
        if announced != "schwarz":
            raise HandError(
                "announced",
                "an ouvert {game} game has Schwarz announced: ouvert implies it",
                code="ouvert_needs_schwarz",
                game=game.capitalize(),
            )
    if renonsz:
        return (game, mit, ohne, hand, announced, ouvert, bid, None, None, None, None)
    schwarz = data.get("schwarz")
    if schwarz is not None and schwarz not in SCHWARZ:
        raise HandError("schwarz", not_one_of(schwarz, SCHWARZ), code="schwarz_unknown")
    if "declarer_points" in data:
        for key in ("won", "schneider"):
            if key in data:
                raise HandError(
                    key,
                    "the card points decide the game: leave {key} out",
                    code="won_with_points",
                    key=key,
                )
        points = _points(data["declarer_points"], schwarz)
        return (game, mit, ohne, hand, announced, ouvert, bid, points, schwarz, None, None)
    if "won" not in data:
        raise HandError(
            "declarer_points",
            "is required: the declarer's card points, 0 to 120, skat included (or won)",
            code="result_missing",
        )
    won = _won(data["won"])
    schneider = _schneider(data.get("schneider"), won, schwarz, announced)
    return (game, mit, ohne, hand, announced, ouvert, bid, None, schwarz, won, schneider)


def _flag(data: dict[str, Any], key: str) -> bool:
    raw = data.get(key, False)
    if type(raw) is not bool:
        raise HandError(
            key, "must be true or false, not {kind}", code="not_a_boolean", kind=kind(raw)
        )
    return raw


def _bid(raw: Any, game: str, hand: bool, rules: Rules) -> int | None:
    if raw is None:
        return None
    if type(raw) is not int or raw < 18:
        raise HandError(
            "bid",
            "must be a whole number from 18 (the lowest bid), not {value!r}",
            code="bid_range",
            value=raw,
        )
    most = 0 if game != "null" else max(null_cover(hand, rules))
    if game == "null" and raw > most:
        raise HandError(
            "bid",
            "{bid} is more than any Null game is worth ({most}): the declarer could not play Null"
            if rules.null_overbid == "any"
            else "{bid} is more than any Null game the declarer could still play is worth "
            "({most}): a Hand value only in a hand game, never after picking up the skat",
            code="bid_above_null",
            bid=raw,
            most=most,
        )
    return raw


def _matadors(data: dict[str, Any], game: str, rules: Rules) -> tuple[int | None, int | None]:
    mit, ohne = data.get("mit"), data.get("ohne")
    if mit is not None and ohne is not None:
        raise HandError(
            "ohne", "a game is mit or ohne, not both: leave one out", code="matadors_both"
        )
    key, n = ("mit", mit) if mit is not None else ("ohne", ohne)
    most = rules.max_matadors[game]
    if n is None:
        raise HandError(
            "mit",
            "is required (or ohne): the matadors, 1 to {most}",
            code="matadors_missing",
            most=most,
        )
    if type(n) is not int or not 1 <= n <= most:
        raise HandError(
            key,
            "{key} {value!r} is impossible in a {game} game: 1 to {most} matadors",
            code="matadors_range",
            key=key,
            value=n,
            game=game.capitalize(),
            most=most,
        )
    return (n, None) if key == "mit" else (None, n)


def _announced(raw: Any, hand: bool) -> str | None:
    if raw is None:
        return None
    if raw not in ANNOUNCED:
        raise HandError("announced", not_one_of(raw, ANNOUNCED), code="announced_unknown")
    if not hand:
        raise HandError(
            "announced",
            "{level} can be announced in a hand game only: this game is not Hand",
            code="announced_not_hand",
            level=raw.capitalize(),
        )
    return raw


def _points(raw: Any, schwarz: str | None) -> int:
    if type(raw) is not int or not 0 <= raw <= 120:
        raise HandError(
            "declarer_points",
            "must be a whole number from 0 to 120, not {value!r}",
            code="points_range",
            value=raw,
        )
    if raw in (1, 119):
        raise HandError(
            "declarer_points",
            "{value} card points cannot be taken: no card is worth 1",
            code="points_impossible",
            value=raw,
        )
    if schwarz == "declarer" and raw < 120:
        raise HandError(
            "schwarz",
            "Schwarz for the declarer takes every trick, all 120 card points, not {value}",
            code="schwarz_points",
            value=raw,
        )
    if schwarz == "opponents" and raw > SKAT_MOST:
        raise HandError(
            "schwarz",
            "a declarer without a trick holds only the skat: at most {most} card points, "
            "not {value}",
            code="schwarz_points",
            most=SKAT_MOST,
            value=raw,
        )
    return raw


def _won(raw: Any) -> bool:
    if type(raw) is bool:
        return raw
    if raw is None:
        raise HandError("won", "is required: true when the declarer won", code="won_missing")
    raise HandError(
        "won", "must be true or false, not {kind}", code="not_a_boolean", kind=kind(raw)
    )


def _schneider(raw: Any, won: bool, schwarz: str | None, announced: str | None) -> bool:
    if raw is None:
        raw = False
    if type(raw) is not bool:
        raise HandError(
            "schneider", "must be true or false, not {kind}", code="not_a_boolean", kind=kind(raw)
        )
    if schwarz is not None:
        if (schwarz == "declarer") != won:
            raise HandError(
                "schwarz",
                "Schwarz for the {side} contradicts won: {won}",
                code="schwarz_contradicts",
                side=schwarz,
                won=str(won).lower(),
            )
        return True  # Schwarz is Schneider too
    if won and announced == "schwarz":
        raise HandError(
            "schwarz",
            "Schwarz was announced and the game won: schwarz is declarer",
            code="announced_missed_won",
        )
    if won and announced == "schneider" and not raw:
        raise HandError(
            "schneider",
            "Schneider was announced and the game won: schneider is true",
            code="announced_missed_won",
        )
    return raw
