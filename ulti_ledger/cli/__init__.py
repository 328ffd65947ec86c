"""The ``ulti-ledger`` command and its subcommands."""
