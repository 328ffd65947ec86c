"""Players' names: what makes two names one player, and a seating's list of names.

A name is checked the same way everywhere a name comes in (a new session, a seating
change in a file, a rename, a late arrival), so one table never has "Anna" and "anna",
nor "Anna" and "Аnna" (a Cyrillic А): two names that look alike are one player written
twice. A name that hides something (a control character, a bidi control that reorders
the text, an invisible character) or shows nothing is refused, naming the character.

"A name shows something" is one check, ``hidden_character`` (raised by ``refuse_hidden``),
for every kind of name: a player's (``check_players``, ``check_new_name``), an evening's
and its place's (``checks``), a group's (``groups.store.check_group_name``); every way in
(the API, the players PATCH, the forms, an import, a restore) goes through those.
"""

from __future__ import annotations

import re
import unicodedata
from typing import Any

from disarm import skeleton_key

from ..models import NAME_LENGTH
from .errors import SessionError

UNPRINTABLE = re.compile(r"[\x00-\x1f\x7f\ud800-\udfff]")
"""Control characters (NUL cannot even be stored in PostgreSQL) and lone surrogates."""


BIDI_CONTROLS = frozenset(
    "\u061c\u200e\u200f\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069"
)
"""Characters that reorder how the text around them shows (UAX #9): a name with
U+202E can show as another name backwards. All of category Cf, named apart in messages."""
INVISIBLE = frozenset(
    "\u034f"  # combining grapheme joiner
    "\u115f\u1160\u3164\uffa0"  # Hangul fillers: letters (Lo) that draw nothing
    "\u17b4\u17b5"  # Khmer inherent vowels, not drawn
    "\u180b\u180c\u180d\u180f"  # Mongolian free variation selectors
    "\u2800"  # braille pattern blank
)
"""Invisible characters outside the categories refused as a whole (Cc, Cf, Cs, Zl, Zp:
controls, format characters such as U+200B zero width space, U+00AD soft hyphen, U+2060
word joiner, U+FEFF, U+180E, the bidi controls, and line and paragraph separators)."""
REFUSED_CATEGORIES = {"Cc": "control", "Cs": "control", "Cf": "invisible"}
REFUSED_CATEGORIES.update(Zl="invisible", Zp="invisible")


def _is_variation_selector(char: str) -> bool:
    return "\ufe00" <= char <= "\ufe0f" or "\U000e0100" <= char <= "\U000e01ef"


def _is_symbol(char: str) -> bool:
    return unicodedata.category(char) == "So"


def hidden_character(text: str) -> tuple[str, str] | None:
    """What in ``text`` a name cannot have, as (kind, character), or None.

    Kinds: ``control`` (C0 and C1 controls, lone surrogates), ``bidi`` (``BIDI_CONTROLS``),
    ``invisible`` (format characters, separators, ``INVISIBLE``, a variation selector
    that does not follow a symbol: "❤️" keeps its one) and ``blank`` (nothing visible:
    only spaces and combining marks). The first one found is named.
    """
    before = ""
    for char in text:
        kind = REFUSED_CATEGORIES.get(unicodedata.category(char))
        if char in BIDI_CONTROLS:
            kind = "bidi"
        elif char in INVISIBLE:
            kind = "invisible"
        elif _is_variation_selector(char) and not (before and _is_symbol(before)):
            kind = "invisible"
        if kind:
            return kind, char
        before = char
    if not any(unicodedata.category(c)[0] in "LNPS" for c in text):
        return "blank", ""
    return None


def character_name(char: str) -> str:
    """``U+202E (RIGHT-TO-LEFT OVERRIDE)``: a character a reader cannot see, named."""
    if len(char) != 1:  # "blank" names no character
        return ""
    name = unicodedata.name(char, "")
    return f"U+{ord(char):04X}" + (f" ({name})" if name else "")


HIDDEN_WORDS = {
    "control": "{char} is a control character",
    "bidi": "{char} is a bidi control, which reorders how the text around it shows",
    "invisible": "{char} is an invisible character",
    "blank": "it has nothing visible",
}


def refuse_hidden(text: str, key: str, what: str = "a name") -> None:
    """Raise ``SessionError`` naming the character if ``text`` hides something."""
    found = hidden_character(text)
    if found is not None:
        kind, char = found
        problem = HIDDEN_WORDS[kind].format(char=character_name(char))
        raise SessionError(key, f"{text!r}: {problem}; {what} cannot have that")


def check_players(raw: Any, active: int, max_out: int) -> tuple[str, ...]:
    """A seating's names: ``active`` to ``active + max_out`` of them, each a valid name,
    none twice, and no two that are one name written two ways (``one_name``)."""
    most = active + max_out
    if not isinstance(raw, list) or not active <= len(raw) <= most:
        raise SessionError(
            "players", f"must list {active} to {most} players' names, in seating order"
        )
    for index, name in enumerate(raw):
        if not isinstance(name, str) or not name.strip():
            raise SessionError(f"players[{index}]", f"must be a non-empty name, not {name!r}")
        if name != name.strip() or len(name) > NAME_LENGTH or UNPRINTABLE.search(name):
            raise SessionError(
                f"players[{index}]",
                f"{name!r}: a name has at most {NAME_LENGTH} printable characters"
                " and no space at its ends",
            )
        refuse_hidden(name, f"players[{index}]")
        if raw.index(name) != index:
            raise SessionError("players", f"{name} is named twice")
        first = next(other for other in raw[: index + 1] if one_name(other, name))
        if first != name:
            raise SessionError(
                f"players[{index}]",
                f"{first!r} and {name!r} are one name: {why_one_name(first, name)}",
            )
    return tuple(raw)


def spelling_key(name: str) -> str:
    """ "Anna", "anna" and " ANNA " written one way: Unicode NFC (an accent typed as a
    letter or as letter + mark is one letter), case folded, whitespace runs as one space
    and none at the ends."""
    folded = unicodedata.normalize("NFC", unicodedata.normalize("NFC", name).casefold())
    return " ".join(folded.split())


def name_key(name: str) -> str:
    """What makes two names one player: ``spelling_key``, then the confusable skeleton.

    The skeleton is Unicode's (UTS #39): the name decomposed (NFD), each character
    replaced by its prototype from Unicode's confusables data, composed again; so
    Cyrillic "Аnna" and Greek "Ιstván" are "Anna" and "István", and a Cyrillic "Ӧ" is "Ö".
    The prototypes come from ``disarm.skeleton_key`` (which also folds case), one
    character at a time so that its own NFKC step cannot recompose a base with its
    accent before the base is mapped. Accents are kept: "Ödön", "Odon", "Ődön" and
    "Ódön" are four names. disarm keeps "m" apart from "rn" (a skeleton merge it leaves
    out on purpose); digits follow TR39 ("B0b" is "Bob").
    """
    return _skeleton(spelling_key(name))


def one_name(first: str, name: str) -> bool:
    """Whether two names are one player: the same ``name_key``, or the same skeleton of
    the names as written (capitals that only look alike in capitals: Greek "ΑΝΝΑ" and
    "ANNA", whose small letters differ)."""
    if name_key(first) == name_key(name):
        return True
    written = (" ".join(unicodedata.normalize("NFC", n).split()) for n in (first, name))
    return _skeleton(next(written)) == _skeleton(next(written))


def _skeleton(text: str) -> str:
    chars = unicodedata.normalize("NFD", text)
    mapped = "".join(c if c == " " else skeleton_key(c, digit_policy="tr39") for c in chars)
    return unicodedata.normalize("NFC", mapped)


def why_one_name(first: str, name: str) -> str:
    """Why ``name_key`` makes two names one: capitals or spaces, or letters that look alike."""
    if spelling_key(first) == spelling_key(name):
        return "they differ only in capitals or spaces"
    return "they look alike (a letter of another alphabet, or another that looks the same)"


def check_new_name(name: Any, key: str) -> str:
    """A player's name, as ``check_session`` accepts it."""
    if not isinstance(name, str) or not name.strip():
        raise SessionError(key, f"must be a non-empty name, not {name!r}")
    if name != name.strip() or len(name) > NAME_LENGTH or UNPRINTABLE.search(name):
        raise SessionError(
            key,
            f"{name!r}: a name has at most {NAME_LENGTH} printable characters"
            " and no space at its ends",
        )
    refuse_hidden(name, key)
    return name
