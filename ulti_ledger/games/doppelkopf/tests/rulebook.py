"""What Doppelkopf's rulebook says, apart from its ruleset files, for the registry-driven tests.

Every game has this module: ``tests/engine/test_seating_direction.py`` asks each registered
game for it and plays a deal round of each of its rulesets through the ledger.
"""

DEAL = "left"
"""Which way the deal passes, seen from above: "right" is counter-clockwise, "left" clockwise.
To the left, clockwise (DDV TSR 3.2.1, 3.3.1: the deal passes clockwise); the player on the
dealer's left leads (TSR 5.1.1)."""
