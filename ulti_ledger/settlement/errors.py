"""Errors a user can cause: each names the key at fault and what is allowed.

A problem is a `Msg`: an English template and its parameters, rendered in English by
``str()`` and in Hungarian by ``text("hu")`` (the catalogue in `messages`). The template
is the message's identity, as a gettext msgid would be; a parameter may itself be a
`Msg` (``a list``, ``all ten tricks``), so that every word is said in the reader's language.
A refusal also carries a ``code`` (``colour_needed``): what a form words in its own terms,
beside the field the key points at, without reading the English sentence.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, NamedTuple


class Msg(NamedTuple):
    """An English template (``str.format`` fields) and its values, in any language."""

    template: str
    params: Mapping[str, Any] = {}
    code: str = ""
    """What went wrong, for a reader that words it itself (a form); "" for a word."""

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

    ``problem`` is an English template with ``params`` (or a ready `Msg`); ``code`` names
    the problem for a form that words it itself (``err.code``, ``err.params``); a `Msg`
    that has its own code keeps it unless ``code`` is given.
    """

    def __init__(self, key: str, problem: str | Msg, /, *, code: str = "", **params: Any) -> None:
        self.key = key
        message = problem if isinstance(problem, Msg) else Msg(problem, params)
        self.message = message._replace(code=code) if code else message
        self.problem = self.message.text()
        super().__init__(f"{key}: {self.problem}" if key else self.problem)

    @property
    def code(self) -> str:
        return self.message.code

    @property
    def params(self) -> Mapping[str, Any]:
        return self.message.params

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
