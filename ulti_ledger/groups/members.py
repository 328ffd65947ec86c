"""A group's members: the players of its evenings; renaming one across all of them.

A member is a name that sat at one of the group's tables; what the group itself says of
him (its own payments) holds his member row by id (``models.GroupMember``), so a rename
changes that row's name and no payment. A rename across the group is the evening's own
rename (``ledger.change_players``: checked, audited, undoable) done in each evening the
old name played, all in one transaction (a refusal in any evening leaves every evening
as it was), so statistics and standings read one name from the facts. Merging two
spellings ("Bela" into "Béla") is that same rename onto a name the group already has; it
is refused, before anything is written, where both spellings sat at one table, because
there they are two people.
"""

from __future__ import annotations

from typing import Any

from ..ledger import (
    Actor,
    apply_players_change,
    check_new_name,
    lock_group,
    one_name,
    rename_in_group_payments,
    retried,
    seat_names,
    transaction,
)
from ..models import Group
from .store import GroupError, group_evenings, seat_names_of


def members(group: Group) -> list[str]:
    """Everyone who played an evening of the group, in order of first appearance."""
    return seat_names_of(group_evenings(group))


@retried
def rename_member(
    group: Group, old: Any, new: Any, *, actor: Actor | None = None
) -> dict[str, Any]:
    """Call member ``old`` ``new`` in every evening of the group he played.

    Returns ``{"renamed": {old: new}, "evenings": [session ids], "merged": bool,
    "kept": [session ids]}`` (``merged``: ``new`` was already a member; ``kept``: the
    evenings the group holds by their view link, where ``old`` keeps his name). Checked
    in every evening before the first is written: an unknown member, or an evening where
    ``new`` (or a spelling of it) already sits beside ``old``, is refused naming the
    evening; what only the writing finds (an evening's hand refusing the new name) rolls
    back every evening.
    """
    if not isinstance(old, str) or not old:
        raise GroupError("rename", "name the member to rename", "rename_who")
    new = check_new_name(new, f"rename.{old}")
    if new == old:
        raise GroupError(f"rename.{old}", f"{old} is already called so", "rename_same", name=old)
    played = [s for s in group_evenings(group) if old in seat_names(s)]
    # only the evenings the group may change (added by their edit link); those it reads
    # by their view link keep the name they have (docs/capabilities.md)
    evenings = [s for s in played if s.group_id == group.id]
    kept = [s.id for s in played if s.group_id != group.id]
    if kept and not evenings:
        raise GroupError(
            f"rename.{old}",
            f"{old} played only in evenings this group holds by their view link; the group "
            "reads them and never changes them (their scorer can rename him there)",
            "rename_read_only",
            name=old,
        )
    if not evenings:
        everyone = ", ".join(members(group))
        raise GroupError(
            f"rename.{old}",
            f"{old} is not a member of this group; members: {everyone}",
            "rename_unknown",
            name=old,
            members=everyone,
        )
    merged = new in members(group)
    for session in evenings:
        beside = [n for n in seat_names(session) if n != old and one_name(n, new)]
        if beside:
            evening = session.name or f"#{session.id}"
            raise GroupError(
                f"rename.{old}",
                f"{old} and {beside[0]} both played the evening {evening!r}; they are two "
                "players there and cannot be one",
                "rename_both",
                old=old,
                other=beside[0],
                evening=evening,
            )
    ids = [s.id for s in evenings]
    with transaction():  # every evening renamed, or (one refused) none
        # the group's lock first, as a payment of the group takes it: a payment checked
        # under it sees the new name, or its member row takes the new name here
        # (``rename_in_group_payments``; with the last evening renamed, already done)
        lock_group(group.id)
        for session in evenings:
            apply_players_change(session, {"rename": {old: new}}, actor=actor)
        rename_in_group_payments(group, old, new)
        group.version = Group.version + 1  # in SQL: two writers at once both count
    return {"renamed": {old: new}, "evenings": ids, "merged": merged, "kept": kept}
