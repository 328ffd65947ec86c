"""The hand form's fields without HTTP: presets, what applies, form values <-> hands."""

import pytest
from werkzeug.datastructures import MultiDict

from ulti_ledger import handform, ledger
from ulti_ledger.handform import Table

from .conftest import canonical_hand

SEATS = ("Anna", "Béla", "Csaba", "Dóra")


def table_for(session_body, **options):
    session = ledger.create_session({**session_body, "options": options})
    return Table.build(SEATS, ledger.hand_form(session, "hu"), 3), session


@pytest.fixture
def table(ctx, session_body):
    return table_for(session_body)[0]


PROPOSAL = {"dealer": "Dóra", "players": ["Anna", "Béla", "Csaba"], "sitting_out": ["Dóra"]}


def test_presets_put_the_red_passz_first_then_the_common_contracts(table):
    ids = [p["id"] for p in table.presets]
    assert ids[0] == "piros-passz" and ids[-1] == "all-pass"
    common = ["passz", "40-100", "ulti", "betli", "durchmars", "20-100", "teritett-betli"]
    assert ids[1:-1] == common
    assert table.presets[0] | {"label": ""} == {
        "id": "piros-passz",
        "label": "",
        "contract": "passz",
        "colour": "piros",
    }


def test_szinlicites_presets_come_from_its_own_contracts(ctx, session_body):
    session = ledger.create_session({**session_body, "ruleset": "ulti-szinlicites"})
    table = Table.build(SEATS, ledger.hand_form(session, "hu"), 3)
    assert [p["id"] for p in table.presets][:2] == ["piros-parti", "parti"]
    assert "kiteritett-betli" in [p["id"] for p in table.presets]


def test_a_preset_sets_contract_and_colour_and_leaves_an_all_pass(table):
    state = handform.initial_state(table, PROPOSAL)
    state.outcome = "all_pass"
    handform.apply_preset(table, state, table.presets[0])
    assert (state.contract, state.colour, state.outcome) == ("passz", "piros", "played")
    handform.apply_preset(table, state, next(p for p in table.presets if p["id"] == "betli"))
    assert (state.contract, state.colour) == ("betli", None)  # not a rebetli by accident
    state.colour = "zold"
    handform.apply_preset(table, state, next(p for p in table.presets if p["id"] == "40-100"))
    assert state.colour == "zold"  # a trump colour stays for another trump game
    open_betli = next(p for p in table.presets if p["id"] == "teritett-betli")
    handform.apply_preset(table, state, open_betli)
    assert state.colour is None  # a terített betli has no colour


def test_piros_passz_made_needs_only_a_declarer_and_the_preset(table):
    form = MultiDict({"dealer": "Dóra", "sitting_out_for": "Dóra", "sitting_out": "Dóra"})
    form.update({"declarer": "Anna", "preset": "piros-passz"})
    state = handform.state_from_form(table, form, PROPOSAL)
    assert handform.missing(table, state) == {}
    assert handform.to_hand(table, state) == {
        "players": ["Anna", "Béla", "Csaba"],
        "sitting_out": ["Dóra"],
        "declarer": "Anna",
        "dealer": "Dóra",
        "colour": "piros",
        "components": [{"name": "parti", "won": True}],
    }


def test_an_all_pass_is_declared_by_the_first_bidder(table):
    state = handform.initial_state(table, PROPOSAL)
    state.outcome = "all_pass"
    assert handform.missing(table, state) == {}
    hand = handform.to_hand(table, state)
    assert hand["declarer"] == "Anna" and hand["outcome"] == "all_pass"
    assert "components" not in hand


def test_mindenki_passz_chooses_the_first_bidder_of_the_deal(table):
    state = handform.initial_state(table, PROPOSAL)
    state.declarer = "Csaba"
    handform.apply_preset(table, state, table.presets[-1])
    assert (state.outcome, state.declarer) == ("all_pass", "Anna")  # Dóra deals: Anna
    # a recorded hand listing its players in another order: still from the dealer's right
    recorded = {"players": ["Béla", "Anna", "Csaba"], "sitting_out": ["Dóra"], "declarer": "Béla"}
    state = handform.state_from_hand(table, recorded, "Dóra")
    assert handform.shown(table, state)["first_bidder"] == "Anna"
    handform.apply_preset(table, state, table.presets[-1])
    assert state.declarer == "Anna"


def test_what_is_missing(table):
    state = handform.initial_state(table, PROPOSAL)
    assert handform.missing(table, state) == {
        "declarer": "missing_declarer",
        "contract": "missing_contract",
    }


def test_shown_follows_the_contract_outcome_and_renonsz(table):
    state = handform.initial_state(table, PROPOSAL)
    state.declarer, state.contract = "Anna", "betli"
    shown = handform.shown(table, state)
    assert shown["components"] == {"betli"} and shown["colours"] == {None, "piros"}
    assert shown["silent"] == set() and shown["defenders"] == ["Béla", "Csaba"]
    state.contract = "ulti"
    assert handform.shown(table, state)["silent"] == {"100", "negy-asz", "durchmars"}
    state.renonsz = "Béla"
    shown = handform.shown(table, state)
    assert not shown["won"] and shown["silent"] == set()
    state.outcome = "redeal"
    assert handform.shown(table, state)["components"] == set()


def test_the_layout_key_names_the_defenders_only_where_they_matter(table):
    state = handform.initial_state(table, PROPOSAL)
    state.declarer, state.contract = "Anna", "passz"
    assert handform.layout_key(table, state) == "passz"
    state.contract = "betli"
    assert handform.layout_key(table, state) == "betli|Béla,Csaba"


def test_a_changed_dealer_without_the_script_brings_his_own_deal(table):
    form = MultiDict({"dealer": "Anna", "sitting_out_for": "Dóra", "sitting_out": "Dóra"})
    state = handform.state_from_form(table, form, PROPOSAL)
    assert state.sitting_out == ["Anna"]
    assert state.players(table) == ["Béla", "Csaba", "Dóra"]


def test_only_the_most_specific_preset_looks_chosen(table):
    state = handform.initial_state(table, PROPOSAL)
    assert handform.chosen_preset(table, state) is None
    state.contract, state.colour = "passz", "piros"
    assert handform.chosen_preset(table, state) == "piros-passz"  # not "passz" as well
    state.colour = "zold"
    assert handform.chosen_preset(table, state) == "passz"
    state.contract = "40-100-ulti"  # no preset of its own
    assert handform.chosen_preset(table, state) is None
    state.outcome = "all_pass"
    assert handform.shown(table, state)["preset"] == "all-pass"
    state.outcome = "redeal"
    assert handform.chosen_preset(table, state) is None


def test_a_scripted_form_whose_dealer_left_his_sitting_out_was_restored():
    scripted = {"js": "1", "dealer": "Anna", "sitting_out_for": "Anna"}
    assert not handform.restored(scripted)
    assert handform.restored({**scripted, "dealer": "Béla"})  # Back brought an old dealer
    assert not handform.restored({**scripted, "js": "", "dealer": "Béla"})  # no script: a choice


def test_redealing_takes_the_proposal_or_the_dealer_s_own_deal(table):
    state = handform.initial_state(table, PROPOSAL)
    state.declarer, state.renonsz = "Anna", "Béla"
    handform.deal_by(table, state, "Dóra", PROPOSAL)
    assert (state.dealer, state.sitting_out, state.declarer) == ("Dóra", ["Dóra"], "Anna")
    handform.deal_by(table, state, "Anna", PROPOSAL)
    assert state.sitting_out == ["Anna"] and state.players(table) == ["Béla", "Csaba", "Dóra"]
    assert state.declarer is None and state.renonsz == "Béla"  # Anna sits out now
    handform.deal_by(table, state, "Zoli", PROPOSAL)
    assert state.dealer == "Dóra"


def test_every_kind_of_hand_comes_back_from_its_form_state(ctx, session_body, hand_kinds):
    table, _ = table_for(session_body)
    for name, hand in hand_kinds.items():
        stored = canonical_hand(hand)  # some with their own options, which stay
        state = handform.state_from_hand(table, stored, "Dóra")
        again = handform.to_hand(table, state)
        assert again.pop("dealer") == "Dóra"
        assert again == stored, name
