"""What Skat's rulebook says, apart from its ruleset files, for the registry-driven tests.

Every game has this module: ``tests/engine/test_seating_direction.py`` asks each registered
game for it and plays a deal round of each of its rulesets through the ledger.
"""

DEAL = "left"
"""Which way the deal passes, seen from above: "right" is counter-clockwise, "left" clockwise.
To the left, clockwise (ISkO 3.2: "Vorhand" sits on the dealer's left and the deal passes to
the left); Vorhand, the dealer's left, is asked first."""
