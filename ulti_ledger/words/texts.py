"""The pages' words, Hungarian and English, as the gettext catalogues hold them.

The texts live in ``translations/<lang>/LC_MESSAGES/messages.po`` (``messages.py`` reads
them); ``TEXTS`` is the catalogue seen as the dict it once was, key -> (hu, en), for the
code and tests that compare with a text. Game terms stay Hungarian in both languages (a
table says "kontra", whatever it speaks). A new text is a new entry in ``messages.pot``
and each ``.po`` (``scripts/dicts_to_po.py`` carries a dict of new keys over).
"""

from .messages import Texts

TEXTS = Texts()
