"""Names that hide something or look like another: refused everywhere a name comes in.

A name with a control character, a bidi control, an invisible character, or nothing
visible is refused naming the character; two names that look alike (Unicode's confusable
skeleton, UTS #39) are one player written twice. Hungarian names with their accents are
never confused with one another.
"""

from __future__ import annotations

import itertools
import json

import pytest

from tests.ui_helpers import counts
from tests.web.test_ui_evening import post as post_evening
from tests.web.test_ui_evening import post_settings
from tests.web.test_ui_sessions import session_form_data
from ulti_ledger import ledger
from ulti_ledger.ledger.names import hidden_character, name_key, one_name

pytestmark = pytest.mark.db

HUNGARIAN = """
Ábel Ádám Ágnes Ágota Aladár Alajos Albert Andor András Anikó Anna Antal Árpád Balázs
Bálint Barbara Béla Bence Benedek Bernadett Boglárka Borbála Csaba Csenge Csilla Dániel
Dénes Dezső Dóra Dorottya Edina Edit Ede Előd Emese Enikő Ernő Erzsébet Eszter Éva Ferenc
Flóra Gábor Gáspár Gedeon Gergely Gergő Gizella Gyöngyi György Gyula Hajnalka Hanna Ibolya
Ida Ildikó Ilona Imre Irén Írisz István Jenő Jolán József Judit Júlia Kálmán Károly Katalin
Kinga Klára Kornél Krisztián Lajos László Lenke Levente Lili Lőrinc Luca Lukács Magdolna
Márk Márta Mátyás Melinda Miklós Mónika Nándor Nóra Ödön Olga Orsolya Ottó Őrs Panna Péter
Piroska Réka Rezső Richárd Rózsa Sándor Sára Szabolcs Szilvia Tamás Tibor Tímea Tünde
Ubul Ünige Vera Viktor Vilma Zoltán Zsófia Zsolt Zsuzsanna Örs Ors Odon Ódön Ődön Agota
Ágó Éda Eda Ili Íli Ilka Ica Öcsi Őze Üllő Ülő Űrös Ürös Zsófi Zsofi Béla Kovács Bela Kovacs
""".split()
"""Hungarian first names, some written without or with other accents: each a name of its own."""


@pytest.mark.parametrize(
    ("name", "kind", "char"),
    [
        ("Anna\x07", "control", "\x07"),
        ("Anna\x85", "control", "\x85"),  # NEL, a C1 control
        ("Béla\x9b", "control", "\x9b"),
        ("\u202eanna", "bidi", "\u202e"),
        ("Anna\u2066", "bidi", "\u2066"),
        ("Anna\u200f", "bidi", "\u200f"),
        ("Anna\u061c", "bidi", "\u061c"),
        ("An\u200bna", "invisible", "\u200b"),
        ("An\u200dna", "invisible", "\u200d"),
        ("An\u2060na", "invisible", "\u2060"),
        ("An\u2063na", "invisible", "\u2063"),
        ("\ufeffAnna", "invisible", "\ufeff"),
        ("An\u00adna", "invisible", "\u00ad"),
        ("An\u180ena", "invisible", "\u180e"),
        ("Anna\u3164", "invisible", "\u3164"),
        ("\u115fAnna", "invisible", "\u115f"),
        ("An\u1160na", "invisible", "\u1160"),
        ("Anna\ufe0f", "invisible", "\ufe0f"),  # a variation selector after a letter
        ("\ufe0fAnna", "invisible", "\ufe0f"),  # ... or at the start
        ("Anna\U000e0100", "invisible", "\U000e0100"),
        ("Anna\u2028", "invisible", "\u2028"),
        ("\u2800", "invisible", "\u2800"),
        ("\u0301\u0308", "blank", ""),
        ("\u00a0", "blank", ""),
    ],
)
def test_what_a_name_cannot_have(name, kind, char):
    assert hidden_character(name) == (kind, char)


def test_emoji_and_every_hungarian_name_pass():
    assert hidden_character("Anna ❤️") is None  # the variation selector follows a symbol
    assert [n for n in HUNGARIAN if hidden_character(n)] == []


def test_hungarian_names_are_never_confused_with_one_another():
    names = sorted(set(HUNGARIAN))
    for one, two in itertools.combinations(names, 2):
        assert not one_name(one, two), (one, two)
    assert name_key("Ödön") != name_key("Odon") != name_key("Ődön") != name_key("Ódön")
    assert name_key("Őrs") != name_key("Örs")
    assert name_key("Ágota") == name_key("ÁGOTA") == name_key("A\u0301gota")


@pytest.mark.parametrize(
    ("first", "second"),
    [
        ("Anna", "\u0410nna"),  # Cyrillic А
        ("Péter", "\u0420éter"),  # Cyrillic Р
        ("István", "\u0399stván"),  # Greek Ι
        ("Ödön", "\u04e6dön"),  # Cyrillic Ӧ: a look-alike letter with its accent
        ("ANNA", "\u0391\u039d\u039d\u0391"),  # Greek capitals
        ("Zsofi", "Zs\u043efi"),  # Cyrillic о
        ("Béla", "\uff22éla"),  # fullwidth Ｂ
        ("Bob", "B0b"),
    ],
)
def test_look_alike_names_are_one(first, second):
    assert one_name(first, second) and one_name(second, first)


def api_create(client, session_body, **changes):
    return client.post("/api/v1/sessions", json={**session_body, **changes})


def test_the_api_refuses_a_look_alike_and_a_hidden_character(client, app, session_body):
    before = counts(app)
    answer = api_create(client, session_body, players=["Anna", "Béla", "\u0410nna", "Dóra"])
    assert answer.status_code == 422
    body = answer.get_json()
    assert body["key"] == "players[2]" and "look alike" in body["error"]
    answer = api_create(client, session_body, players=["Anna", "Bé\u200bla", "Csaba"])
    assert answer.status_code == 422
    body = answer.get_json()
    assert body["key"] == "players[1]"
    assert "U+200B (ZERO WIDTH SPACE) is an invisible character" in body["error"]
    answer = api_create(client, session_body, players=["Anna", "\u202ealeB", "Csaba"])
    assert "U+202E (RIGHT-TO-LEFT OVERRIDE) is a bidi control" in answer.get_json()["error"]
    answer = api_create(client, session_body, players=["Anna", "\u3164", "Csaba"])
    assert answer.status_code == 422 and "HANGUL FILLER" in answer.get_json()["error"]
    for key in ("name", "place"):
        answer = api_create(client, session_body, **{key: "Péntek\u2066 este"})
        assert answer.status_code == 422 and answer.get_json()["key"] == key
        assert "bidi control" in answer.get_json()["error"]
    assert counts(app) == before


def test_an_import_file_with_look_alike_players_is_refused_whole(ctx, session_body):
    document = {**session_body, "players": ["Anna", "Béla", "Csaba", "\u0392éla"]}
    with pytest.raises(ledger.SessionError) as refused:
        ledger.import_session(json.dumps(document))
    assert refused.value.key == "players[3]" and "look alike" in str(refused.value)


def test_rename_and_join_through_the_api_refuse_look_alikes(client, session_body):
    made = api_create(client, session_body).get_json()
    url = f"/api/v1/sessions/{made['id']}/players"
    auth = {"Authorization": f"Bearer {made['edit_token']}"}
    answer = client.patch(url, json={"rename": {"Béla": "\u0410nna"}}, headers=auth)
    assert answer.status_code == 422 and "look alike" in answer.get_json()["error"]
    answer = client.patch(url, json={"add": {"name": "Cs\u0430ba"}}, headers=auth)
    assert answer.status_code == 422 and answer.get_json()["key"] == "add.name"
    answer = client.patch(url, json={"add": {"name": "E\u200dde"}}, headers=auth)
    assert answer.status_code == 422 and "invisible character" in answer.get_json()["error"]
    answer = client.patch(
        f"/api/v1/sessions/{made['id']}", json={"place": "P\u00e9cs\u200b"}, headers=auth
    )
    assert answer.status_code == 422 and answer.get_json()["key"] == "place"
    players = client.get(f"/api/v1/sessions/{made['id']}", headers=auth).get_json()["players"]
    assert players == session_body["players"]


def test_the_form_says_why_in_hungarian_and_in_english(client, app):
    before = counts(app)
    names = {"players-0": "Anna", "players-1": "Béla", "players-2": "\u0410nna"}
    html = client.post("/sessions", data=session_form_data(client, **names)).get_data(True)
    assert "„Anna” és „Аnna” összetéveszthető" in html
    names = {"players-1": "Bé\u00adla"}
    response = client.post("/sessions?lang=en", data=session_form_data(client, **names))
    assert response.status_code == 422
    assert "an invisible character (U+00AD (SOFT HYPHEN))" in response.get_data(True)
    response = client.post("/sessions?lang=hu", data=session_form_data(client, place="Pécs\u202e"))
    assert response.status_code == 422
    assert "Írásirányt váltó jel van benne" in response.get_data(True)
    assert counts(app) == before


def test_the_evening_page_refuses_a_look_alike_rename(scorer, app):
    before = counts(app)
    response = post_evening(scorer, "/evening/rename", old="Béla", new="\u0410nna")
    assert response.status_code == 422
    assert "Anna már játszik ezen az estén, és az új név összetéveszthető" in response.get_data(
        True
    )
    response = post_evening(scorer, "/evening/join", name="Ede\u2069", seat="5")
    assert response.status_code == 422
    assert "Írásirányt váltó jel van benne (U+2069" in response.get_data(True)
    assert counts(app) == before


def test_the_evening_settings_refuse_a_hidden_character_in_the_name(scorer, app):
    before = counts(app)
    response = post_settings(scorer, name="Péntek\u200b este")
    assert response.status_code == 422
    assert "Láthatatlan karakter van benne (U+200B (ZERO WIDTH SPACE))" in response.get_data(True)
    assert counts(app) == before
