"""Errors a user can cause: each names the key at fault and what is allowed."""

from __future__ import annotations


class LedgerError(ValueError):
    """Base of every error the engine raises for bad input (hands or rulesets)."""


class HandError(LedgerError):
    """A hand that the ruleset cannot settle; ``key`` says where in the hand."""

    def __init__(self, key: str, problem: str) -> None:
        self.key = key
        self.problem = problem
        super().__init__(f"{key}: {problem}" if key else problem)


class RulesetError(LedgerError):
    """A ruleset file (or an option value) that cannot be used."""

    def __init__(self, source: str, key: str, problem: str) -> None:
        self.source = source
        self.key = key
        self.problem = problem
        where = f"{source}: {key}" if key else source
        super().__init__(f"{where}: {problem}")


class OptionError(HandError):
    """An unknown house-rule option, or a value the option does not offer."""
