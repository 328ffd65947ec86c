"""Hungarian articles before numbers in the pages' texts: a 3. leosztás, az 5. leosztás."""

from __future__ import annotations

import pytest
from flask import g

from ulti_ledger.words.i18n import t
from ulti_ledger.words.texts import TEXTS


@pytest.mark.parametrize(
    ("n", "hu"),
    [(1, "Az 1."), (2, "A 2."), (3, "A 3."), (5, "Az 5."), (10, "A 10."), (50, "Az 50.")]
    + [(100, "A 100."), (500, "Az 500."), (1000, "Az 1000.")],
)
def test_the_article_follows_the_number(app, n, hu):
    with app.test_request_context("/"):
        g.lang = "hu"
        assert t("flash_saved", n=n) == f"{hu} leosztás elmentve."
        assert t("history_title", n=n) == f"{hu} leosztás előzményei"
        assert t("admin_delete_title", id=n) == f"{hu} este törlése"
        g.lang = "en"
        assert t("flash_saved", n=n) == f"Hand {n} saved."


def test_no_text_writes_a_z_any_more():
    assert not [key for key, (hu, _) in TEXTS.items() if "A(z)" in hu or "a(z)" in hu]


def test_the_restored_notice_in_the_middle_of_a_sentence(app):
    with app.test_request_context("/"):
        g.lang = "hu"
        assert t("flash_restored", n=5).endswith("most az 5.")
        assert t("flash_restored", n=4).endswith("most a 4.")
