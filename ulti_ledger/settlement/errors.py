"""Errors a user can cause: each names the key at fault and what is allowed.

A problem is a `Msg`: an English template and its parameters, rendered in English by
``str()`` and in Hungarian by ``text("hu")`` (the catalogue in `messages`). The template
is the message's identity, as a gettext msgid would be; a parameter may itself be a
`Msg` (``a list``, ``all ten tricks``), so that every word is said in the reader's language.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, NamedTuple


class Msg(NamedTuple):
    """An English template (``str.format`` fields) and its values, in any language."""

    template: str
    params: Mapping[str, Any] = {}

    def text(self, lang: str = "en") -> str:
        from .messages import translate

        return translate(self.template, self.params, lang)

    def __str__(self) -> str:
        return self.text()


class LedgerError(ValueError):
    """Base of every error the engine raises for bad input (hands or rulesets)."""

    def text(self, lang: str = "en") -> str:
        """The error in ``lang``; English where no translation exists."""
        return str(self)


class HandError(LedgerError):
    """A hand that the ruleset cannot settle; ``key`` says where in the hand.

    ``problem`` is an English template with ``params`` (or a ready `Msg`).
    """

    def __init__(self, key: str, problem: str | Msg, /, **params: Any) -> None:
        self.key = key
        self.message = problem if isinstance(problem, Msg) else Msg(problem, params)
        self.problem = self.message.text()
        super().__init__(f"{key}: {self.problem}" if key else self.problem)

    def text(self, lang: str = "en") -> str:
        problem = self.message.text(lang)
        return f"{self.key}: {problem}" if self.key else problem

    def at(self, key: str) -> HandError:
        """The same problem under another key (a session's ``hands[3].colour``)."""
        return HandError(key, self.message)


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
