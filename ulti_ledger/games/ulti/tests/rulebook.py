"""What Ulti's rulebook says, apart from its ruleset files, for the registry-driven tests.

Every game has this module: ``tests/engine/test_seating_direction.py`` asks each registered
game for it and plays a deal round of each of its rulesets through the ledger.
"""

DEAL = "right"
"""Which way the deal passes, seen from above: "right" is counter-clockwise, "left" clockwise.
The deal and the bidding pass to the right, counter-clockwise (RULES.md §2: "the auction
runs anticlockwise"; [S001]); the player on the dealer's right bids first."""
