"""Errors a user can cause: each names the key at fault and what is allowed.

A problem is a `Msg`: an English template and its parameters, rendered in English by
``str()`` and in Hungarian by ``text("hu")`` (the catalogue in `messages`). The template
is the message's identity, as a gettext msgid would be; a parameter may itself be a
`Msg` (``a list``, ``all ten tricks``), so that every word is said in the reader's language.
A refusal also carries a ``code`` (``colour_needed``): what a form words in its own terms,
beside the field the key points at, without reading the English sentence.

Every refusal has one shape, whoever raises it (the core, a game, the ledger, the groups):
``key`` (the field at fault, "" for the whole input), ``code`` ("" where none), ``params``
(what the code's words fill in), ``message`` (the `Msg` whose template is the message
key, None where the refusal is English only) and ``problem`` (the English sentence). So
the pages and the API read them as attributes, once each (``views/refusal_words.py``,
``views/api_errors.py``), and never probe for them.
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType
from typing import Any, NamedTuple

NO_PARAMS: Mapping[str, Any] = MappingProxyType({})


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
    """Base of every error the engine raises for bad input (hands or rulesets): the one
    shape (the module's docstring) with its defaults, which each kind fills in."""

    key: str = ""
    """Where in the input: the field at fault (``hands[3].colour``); "" for all of it."""
    code: str = ""
    """What went wrong, for a reader that words it itself (``colour_needed``); "" if none."""
    params: Mapping[str, Any] = NO_PARAMS
    """The values the code's words fill in (``name``, ``n``)."""
    message: Msg | None = None
    """The problem as a `Msg` (its template is the message key); None: English only."""

    problem: str = ""
    """The problem in English, without the key (the whole message where none is given)."""

    def __init__(self, *args: Any) -> None:
        super().__init__(*args)
        if not self.problem:
            self.problem = str(self)

    @property
    def field(self) -> str:
        """The field at fault (``key``), under the name forms use."""
        return self.key

    @property
    def message_key(self) -> str:
        """The message's identity in the catalogues (its English template), or ""."""
        return self.message.template if self.message is not None else ""

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
