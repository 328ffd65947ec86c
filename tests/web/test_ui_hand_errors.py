"""The engine's refusals on the hand form: in the reader's language, in the form's words,
beside the field, never a raw JSON path (``components[0].won: ...``)."""

import re
from html import unescape

import pytest

from tests.ui_helpers import Scorer, counts
from ulti_ledger import games, ledger
from ulti_ledger.games.ulti import refusals
from ulti_ledger.ledger import GameForm
from ulti_ledger.views import form_refusals

PIROS_PASSZ = {"declarer": "Béla", "contract": "passz", "colour": "piros"}
RAW_PATH = re.compile(r"(components|silent|players|renonsz)(\[\d+\]|\.)|colour:|declarer:")
SEATS = ("Anna", "Béla", "Csaba", "Dóra")
PLAYED = {"players": ["Béla", "Csaba", "Dóra"], "sitting_out": ["Anna"], "declarer": "Béla"}


def error_of(response, area):
    """The message shown beside ``area`` (the field's error)."""
    html = unescape(response.get_data(as_text=True))
    match = re.search(rf'data-testid="error-{area}">([^<]*)<', html)
    assert match, f"no error beside {area}"
    return match.group(1)


@pytest.mark.parametrize(
    "fields, area, message",
    [
        (
            {**PIROS_PASSZ, "kontra-parti": "5"},
            "kontra-parti",
            "parti: ennél az asztalnál a kontra legfeljebb mordkontra lehet.",
        ),
        (
            {**PIROS_PASSZ, "declarer": "Zoli"},
            "declarer",
            "Zoli nem játszik ebben a leosztásban, nem lehet felvevő: válassz ezek közül: "
            "Béla, Csaba, Dóra.",
        ),
        (
            {**PIROS_PASSZ, "declarer": "Anna"},
            "declarer",
            "Anna kimarad ebből a leosztásból, nem lehet felvevő: válassz ezek közül: "
            "Béla, Csaba, Dóra.",
        ),
        ({**PIROS_PASSZ, "colour": ""}, "colour", "Válassz színt: a passz színes játék."),
        (
            {"declarer": "Béla", "contract": "ulti", "colour": ""},
            "colour",
            "Válassz színt: az ulti színes játék.",
        ),
        ({**PIROS_PASSZ, "colour": "lila"}, "colour", "Válassz a felsorolt színek közül."),
        (
            {"declarer": "Béla", "contract": "betli", "colour": "makk"},
            "colour",
            "A betli nem játszható makk színben; választható: nincs, piros.",
        ),
        (
            {**PIROS_PASSZ, "dealer": "Zoli", "sitting_out_for": "Zoli"},
            "dealer",
            "Az osztót a játékosok közül válaszd.",
        ),
        (
            {**PIROS_PASSZ, "sitting_out": []},
            "dealer",
            "Egy leosztásban 3 játékos játszik, így 4 lenne: az osztásnál jelöld, ki marad ki.",
        ),
        (
            {**PIROS_PASSZ, "kontra-parti": "x"},
            "kontra-parti",
            "parti: válassz a felsorolt kontrák közül.",
        ),
        (
            {**PIROS_PASSZ, "renonsz": "Anna"},
            "renonsz",
            "Anna nem játszik ebben a leosztásban, így renonszot sem véthetett: válassz ezek "
            "közül: Béla, Csaba, Dóra, vagy azt, hogy nincs.",
        ),
        (
            {
                "declarer": "Béla",
                "contract": "40-100-durchmars",
                "colour": "tok",
                "won-40-100": "0",
            },
            "won-40-100",
            "Ha a durchmars megvan (mind a tíz ütés a felvevőé), a 40-100 nem bukhatott el: "
            "javítsd valamelyiket.",
        ),
        (
            {**PIROS_PASSZ, "silent-durchmars": "defenders"},
            "won-parti",
            "Ha a védőké a csendes durchmars (mind a tíz ütés az övék), a parti nem lehet meg: "
            "javítsd valamelyiket.",
        ),
        (
            {**PIROS_PASSZ, "won-parti": "0", "silent-durchmars": "declarer"},
            "won-parti",
            "Ha a durchmars megvan",
        ),
        (
            {**PIROS_PASSZ, "won-parti": "0", "silent-100": "declarer"},
            "won-parti",
            "Ha a felvevőé a csendes 100 (legalább 100 pont: több, mint a védőké lehet), "
            "a parti nem bukhatott el: javítsd valamelyiket.",
        ),
        (
            {**PIROS_PASSZ, "silent-durchmars": "declarer", "silent-100": "defenders"},
            "silent-100",
            "Durchmars mellett (mind a tíz ütés egy oldalé) a másik oldalnak nem lehet "
            "csendes 100: javítsd valamelyiket.",
        ),
        (  # seed 001: "mindkét ellenfélnek rekontrázik"; Csaba rekontra, Dóra kontra
            {
                "declarer": "Béla",
                "contract": "betli",
                "colour": "",
                "won-betli": "0",
                "kontra-betli-2": "2",
                "kontra-betli-3": "1",
            },
            "kontra-betli",
            "betli: a felvevő rekontrája (és mordkontrája) minden védőnek szól, aki előtte "
            "kontrázott (szubkontrázott), sosem csak az egyiküknek: javítsd a kontrákat.",
        ),
        (
            {"declarer": "Béla", "contract": "ulti-durchmars", "colour": "tok", "won-ulti": "0"},
            "won-ulti",
            "Ha mind a tíz ütés a felvevőé (durchmars), az ulti sem bukhatott el: a felvevő "
            "hív minden ütésre, így az adu VII csak akkor nem viszi az utolsó ütést, ha "
            "korábban kihívta, amíg más adu is volt nála, az pedig renonsz: ha így történt, "
            "jelöld a renonszt, különben javítsd valamelyiket.",
        ),
    ],
)
def test_a_refused_hand_is_explained_in_the_form_s_words_beside_its_field(
    scorer, app, fields, area, message
):
    before = counts(app)
    response = scorer.post_hand(fields)
    assert response.status_code == 422
    shown = error_of(response, area)
    assert shown.startswith(message)
    assert not RAW_PATH.search(shown), shown
    assert "Így nem rögzíthető" not in shown  # worded by the form, not the engine's English
    assert counts(app) == before


def test_a_lower_kontra_ceiling_is_named(client, app):
    scorer = Scorer(client)
    scorer.start(**{"o-ulti-max_kontra_level": "1"})
    html = client.get(scorer.edit_url + "/hands/new").get_data(as_text=True)
    assert 'data-testid="kontra-parti-1"' in html and "kontra-parti-2" not in html
    response = scorer.post_hand({**PIROS_PASSZ, "kontra-parti": "2"})
    assert response.status_code == 422
    message = "parti: ennél az asztalnál a kontra legfeljebb kontra lehet."
    assert error_of(response, "kontra-parti") == message
    assert counts(app)["hands"] == 0


def test_the_live_preview_says_it_in_the_form_s_words_too(scorer, client):
    fields = scorer.form()
    fields.update({"declarer": ["Béla"], "contract": ["ulti"], "colour": [""], "js": ["1"]})
    response = client.post(scorer.edit_url + "/preview", data=fields)
    # a form still being filled: 200, "incomplete", and what is missing in the form's words
    assert response.status_code == 200
    assert response.headers["X-Preview-Status"] == "incomplete"
    html = unescape(response.get_data(as_text=True))
    assert "Válassz színt: az ulti színes játék." in html and "colour:" not in html


def test_in_english_the_form_speaks_english_with_its_own_articles(scorer, client):
    client.get("/?lang=en")
    response = scorer.post_hand({"declarer": "Béla", "contract": "ulti", "colour": ""})
    assert error_of(response, "colour") == "Choose a colour: an ulti is played in a colour."
    response = scorer.post_hand({"declarer": "Béla", "contract": "betli", "colour": "makk"})
    assert error_of(response, "colour") == (
        "A betli cannot be played in makk; choose from: none, piros."
    )
    response = scorer.post_hand(
        {"declarer": "Béla", "contract": "40-100-durchmars", "colour": "tok", "won-40-100": "0"}
    )
    assert error_of(response, "won-40-100") == (
        "If the durchmars was made (all ten tricks to the declarer), a 40-100 cannot be "
        "lost: correct one of them."
    )


# Refusals the form's taps cannot reach (it offers only what applies), explained all the same
# when a post is tampered with or an edit carries them: the engine's real errors, through
# ``explain`` directly.
PARTI = {"name": "parti", "won": True}


@pytest.mark.parametrize(
    "options, hand, area, hu, en",
    [
        (
            {},
            {"colour": "piros", "components": [PARTI], "silent": [{"name": "100", "won": False}]},
            "silent-100",
            "A csendes 100 nem bukhat el: csak akkor jelöld, ha megvan.",
            "A csendes 100 cannot fail: mark it only when made.",
        ),
        (
            {"defender_silent_results": "off"},
            {"colour": "piros", "components": [PARTI], "silent": [{"name": "100"}]},
            "silent-100",
            "csendes 100: ennél az asztalnál csak a felvevő kaphat érte.",
            "csendes 100: at this table only the declarer scores it.",
        ),
        (
            {},
            {
                "components": [{"name": "betli", "won": True}],
                "silent": [{"name": "100", "side": "declarer"}],
            },
            "contract",
            "A betli mellett nincs csendes eredmény: hagyd mindet „—” állásban.",
            "A betli has no silent results: leave them all at “—”.",
        ),
        (
            {},
            {
                "colour": "tok",
                "components": [{"name": "ulti", "won": True}, PARTI],
                "silent": [{"name": "ulti", "side": "declarer"}],
            },
            "silent-ulti",
            "Az ulti mellett nem jár csendes ulti: hagyd „—” állásban.",
            "An ulti allows no csendes ulti: leave it at “—”.",
        ),
        (
            {},
            {"colour": "tok", "components": [{"name": "ulti", "won": True}]},
            "contract",
            "Ez így nem játék ezen az asztalon: válaszd ki a játékot a gombokkal vagy a listából.",
            "That is not a game at this table: choose the game with the buttons or from the list.",
        ),
        (
            {},
            {"components": [{"name": "betli", "won": True, "kontra": {"Anna": 1}}]},
            "kontra-betli",
            "betli: csak a védők kontrázhatnak (Csaba, Dóra).",
            "betli: only the defenders (Csaba, Dóra) give a kontra.",
        ),
        (
            {},
            {
                "colour": "tok",
                "components": [{"name": "durchmars", "won": True}],
                "silent": [{"name": "100", "side": "declarer"}],
            },
            "silent-100",
            "A durchmars mellett nem jár csendes 100: 20-at és 40-et csak passz, ulti és négy "
            "ász bemondásban (és ezek kombinációiban) mondanak, így egyik oldal sem érhet el "
            "100-at.",
            "A durchmars allows no csendes 100: 20s and 40s are said only in a passz, ulti or "
            "négy ász bid (and their combinations), so neither side can reach 100.",
        ),
        (
            {"individual_rekontra_scope": "both"},
            {"components": [{"name": "betli", "won": False, "kontra": {"Csaba": 2}}]},
            "kontra-betli",
            "betli: ennél az asztalnál a rekontra mindkét védőnek szól: ha az egyik védőnél "
            "rekontra vagy több van, a másiknál is legalább rekontra legyen.",
            "betli: at this table a rekontra goes to both defenders: if one of them is at "
            "rekontra or higher, so is the other.",
        ),
        (
            {},
            {"components": [{"name": "betli", "won": False, "kontra": {"Csaba": 4, "Dóra": 3}}]},
            "kontra-betli",
            "betli: a felvevő rekontrája (és mordkontrája) minden védőnek szól",
            "betli: the declarer's rekontra (and mordkontra) goes to every defender who said "
            "kontra (szubkontra) before it, never to one of them alone: correct the kontras.",
        ),
        (
            {},
            {
                "colour": "tok",
                "components": [{"name": "durchmars", "won": True}],
                "silent": [{"name": "ulti", "side": "declarer", "won": False}],
            },
            "silent-ulti",
            "Aki mind a tíz ütést vitte, az utolsót is: nála a csendes ulti nem bukhatott el.",
            "The side that took all ten tricks took the last one too: its csendes ulti cannot "
            "have failed.",
        ),
        (
            {},
            {"colour": "piros", "components": [PARTI], "outcome": "sideways"},
            "outcome",
            'Így nem rögzíthető: "sideways" nem választható',
            'This cannot be recorded: "sideways" is not allowed',
        ),
    ],
)
def test_the_engine_s_other_refusals_are_explained_too(
    app, session_body, options, hand, area, hu, en
):
    with app.app_context():
        session = ledger.create_session({**session_body, "options": options})
        game, rules = ledger.form_game(session)
        data = {**PLAYED, **hand}
        for item in data.get("silent", []):
            item.setdefault("side", "defenders")
        with pytest.raises(ledger.LedgerError) as refused:
            ledger.preview_hand(session, data)
    values = {**data, **game.form_values(data, rules)}
    for lang, expected in (("hu", hu), ("en", en)):
        with app.test_request_context(f"/?lang={lang}"):
            app.preprocess_request()
            form = game.hand_form(rules, lang)
            where, message = form_refusals.explain(
                GameForm(game, rules), form, values, data, refused.value
            )
        assert where == area
        assert message.startswith(expected), message
        assert not RAW_PATH.search(message), message


@pytest.mark.parametrize(
    "label, hu, en",
    [
        ("ulti", "az ulti", "an ulti"),
        ("betli", "a betli", "a betli"),
        ("40-100", "a 40-100", "a 40-100"),
        ("négy ász", "a négy ász", "a négy ász"),
        ("100", "a 100", "a 100"),
        ("1", "az 1", "a 1"),
        ("50", "az 50", "a 50"),
    ],
)
def test_labels_take_the_article_of_the_page_s_language(label, hu, en):
    for lang, expected in (("hu", hu), ("en", en)):
        assert refusals.article(label, lang) == expected


def test_an_all_pass_is_thrown_in_by_the_first_bidder_whoever_was_tapped(scorer, app):
    """The facts force the choice (only the first bidder throws in): the form makes it."""
    response = scorer.post_hand({"declarer": "Csaba", "outcome": "all_pass"})
    assert response.status_code == 303
    with app.app_context():
        session = ledger.session_by_token(scorer.token(), "edit")
        hand = ledger.hand_entry(session, 1)["hand"]
    assert hand["declarer"] == "Béla" and hand["outcome"] == "all_pass"
    assert games.REGISTRY["ulti"].NAME == "ulti"
