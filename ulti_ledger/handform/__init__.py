"""Every game's hand form, drawn from the game's description and read back.

``generic`` draws the fields of a game's ``hand_form(rules, lang)`` and reads a post back
into the values the game's ``hand_from_form`` turns into a hand; ``conditions`` evaluates
the description's rules (which fields apply, what the facts force), as
``static/js/form-conditions.js`` does in the browser. Nothing here judges a hand.
"""

from . import conditions, generic

__all__ = ["conditions", "generic"]
