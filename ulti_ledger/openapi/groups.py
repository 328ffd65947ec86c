"""The groups' operations and schemas: a group with its standings, and its statistics."""

from __future__ import annotations

from ..stats.common import STATS
from .paths import PATHS, TOKEN, answer, as_json, operation, path_param, query_param
from .schemas import DATE, SCHEMAS, obj, ref

G = (path_param("group_id"),)
GROUP_QUERY = (
    query_param(
        "period", {"enum": ["all", "month", "season"]}, "which evenings count (default all)"
    ),
    query_param("from", {"type": "string", "format": "date"}, "the first day counted"),
    query_param("to", {"type": "string", "format": "date"}, "the last day counted"),
    query_param(
        "game", {"type": "string"}, "one game only (the game its rulesets name as their scorer)"
    ),
    query_param("method", {"enum": ["minimal", "banker", "pairwise"]}, "how to settle up"),
    query_param("banker", {"type": "string"}, "the banker, for method=banker"),
)
STANDING = obj(
    ["units", "money", "moneys", "evenings", "hands"],
    units={
        "type": ["integer", "null"],
        "description": "null where the evenings had more than one stake or currency",
    },
    money={
        "type": ["string", "null"],
        "description": "exact, a decimal string; null where the evenings used two currencies",
    },
    moneys={
        "type": "object",
        "additionalProperties": {"type": "string"},
        "description": "the money per currency code, each exact (a decimal string)",
    },
    evenings={"type": "integer"},
    hands={"type": "integer", "description": "hands played, sitting out excluded"},
    games={"type": "object", "description": "the same, per game"},
)
SCHEMAS["Group"] = obj(
    ["id", "name", "season", "members", "period", "evenings", "players", "standings"],
    id={"type": "integer"},
    name={"type": "string"},
    season=obj(["start", "end"], start=DATE, end=DATE),
    view_url={"type": "string"},
    members={"type": "array", "items": {"type": "string"}},
    period=obj(["kind", "from", "to"], kind={"type": "string"}, **{"from": DATE, "to": DATE}),
    game={"type": ["string", "null"]},
    games={"type": "array", "items": {"type": "string"}},
    evenings={"type": "array", "items": {"type": "object"}},
    players={"type": "array", "items": {"type": "string"}},
    standings={"type": "object", "additionalProperties": STANDING},
    running={
        "type": "array",
        "items": {"type": "object"},
        "description": "cumulative units; empty where the period had more than one stake or "
        "currency (units compare within one only): see by_currency",
    },
    by_currency={
        "type": "array",
        "items": obj(
            ["currency", "stakes", "evenings", "ranking", "rows", "running"],
            currency={"type": "string"},
            stakes={"type": "array", "items": {"type": "string"}},
            evenings={"type": "integer"},
            ranking={"type": "array", "items": {"type": "string"}},
            rows={
                "type": "object",
                "description": "per player: money, units, stake (the one his units were "
                "counted at, null across two), evenings, hands; and games: the same per game",
            },
            running={"type": "array", "items": {"type": "object"}},
        ),
        "description": "each currency's own standings: ranked by its money, its chart in "
        "money (exact decimal strings); units only where it had one stake",
    },
    currencies={"type": "array", "items": {"type": "string"}, "description": "the codes"},
    settlement={
        "type": ["object", "null"],
        "description": "balances and transfers (null where the evenings used two currencies)",
    },
    settlements={
        "type": "array",
        "items": {"type": "object"},
        "description": "one settlement per currency, each with its `currency`",
    },
    kitty={
        "type": "array",
        "items": {"type": "object"},
        "description": "what the group's kitty holds now, per kind of evening that keeps one",
    },
)
GROUP_ERRORS = {
    "400": "a bad period, game or method in the query; `key` names it",
    "401": "no token",
    "403": "the token does not open this group (an id no group has answers so too)",
    "404": "not a group's address (an id beyond 32 bits)",
    "503": "the database is busy; try again in a moment",
}
PATHS["/api/v1/groups/{group_id}/stats"] = {
    "get": {
        **operation(
            "the statistics of a group's evenings over a period (every player's numbers)",
            answer("the statistics", "GroupStats"),
            (),
            (*G, *GROUP_QUERY[:4], TOKEN),
            edit=False,
        ),
        "responses": {
            **answer("the statistics", "GroupStats"),
            **{c: {"description": d, **as_json(ref("Error"))} for c, d in GROUP_ERRORS.items()},
        },
    }
}
_COMMON = dict.fromkeys(stat.split(".")[0] for stat in STATS)
"""The common statistics' keys (``stats.common``; ``streaks`` holds three)."""
SCHEMAS["GroupStats"] = obj(
    ["id", "period", "evenings", "players"],
    id={"type": "integer"},
    period={"type": "object"},
    evenings={"type": "array", "items": {"type": "integer"}, "description": "session ids"},
    players={
        "type": "object",
        "description": f"per player: {', '.join(_COMMON)}, games (each game's own)",
    },
    money={
        "type": "object",
        "description": "per player, per currency code: units, as_declarer, otherwise (money, "
        "exact), biggest_win, biggest_loss, best_evening, worst_evening (each with its money)",
    },
)
PATHS["/api/v1/groups/{group_id}"] = {
    "get": {
        **operation(
            "a group: its members, evenings, standings over a period, who pays whom",
            answer("the group", "Group"),
            (),
            (*G, *GROUP_QUERY, TOKEN),
            edit=False,
        ),
        "responses": {
            **answer("the group", "Group"),
            **{c: {"description": d, **as_json(ref("Error"))} for c, d in GROUP_ERRORS.items()},
        },
    }
}

SCHEMAS["GroupEveningAdd"] = obj(
    ["evening"],
    evening={
        "type": "string",
        "description": "the evening's edit token (the group may change it) or view token "
        "(it only shows and counts it), or a link holding one",
    },
)
SCHEMAS["GroupEveningAdded"] = obj(
    ["id", "writable", "group_version"],
    id={"type": "integer"},
    writable={"type": "boolean", "description": "the group may change the evening"},
    group_version={"type": "integer"},
)
PATHS["/api/v1/groups/{group_id}/evenings"] = {
    "post": {
        **operation(
            "add an evening to a group (the group's edit token)",
            answer("added", "GroupEveningAdded", "201"),
            (),
            G,
            body="GroupEveningAdd",
        ),
        "responses": {
            **answer("added", "GroupEveningAdded", "201"),
            **answer("the group held it already", "GroupEveningAdded"),
            **{
                code: {"description": words, **as_json(ref("Error"))}
                for code, words in {
                    "400": "not JSON, or no evening named; `key` names it",
                    "401": "no token",
                    "403": "the token is not this group's edit token",
                    "404": "no evening has this token",
                    "409": "the group is full (`code`: too_many_evenings, too_many_members), "
                    "or the evening is in another group that may change it",
                    "413": "the body is larger than the limit",
                    "415": "the body is not sent as application/json",
                    "503": "the database is busy; try again in a moment",
                }.items()
            },
        },
    }
}
