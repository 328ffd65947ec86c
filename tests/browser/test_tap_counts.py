"""How many taps a hand takes on a phone: "piros passz, made" at most 4, any hand at most 15;
a common Skat game 5 (its card points typed), a tarokk hand with one figure 5, a snapszer
hand for three 3.

Every tap goes through ``Taps``, which counts it; choosing from a list counts two (open
it, pick). The count starts once the new-hand form is open and includes Save. Each hand
is then checked where it matters: in the database, through the ledger.
"""

from tests.browser.scorer import Taps

PLAYERS = ["Anna", "Béla", "Csaba", "Dóra"]


def open_form(phone, table):
    phone.goto(table.url + "/hands/new")
    return Taps(phone)


def test_piros_passz_made_takes_three_taps(phone, table):
    taps = open_form(phone, table)
    taps.tap("declarer-Béla")
    taps.tap("preset-piros-passz")  # contract and colour; "made" is the default
    phone.get_by_test_id("preview-amount-Béla").get_by_text("+4").wait_for()
    taps.save()
    assert taps.count == 3 <= 4
    assert phone.url == table.url + "#h1"
    entry = table.hand(1)
    assert entry["hand"]["components"] == [{"name": "parti", "won": True}]
    assert entry["result"]["payments"] == {"Béla": 4, "Csaba": -2, "Dóra": -2, "Anna": 0}


def test_piros_passz_without_the_script_takes_three_taps_too(browser, table):
    context = browser.new_context(viewport={"width": 390, "height": 844}, java_script_enabled=False)
    page = context.new_page()
    taps = open_form(page, table)
    taps.tap("declarer-Béla")
    with page.expect_navigation():
        taps.tap("preset-piros-passz")  # posts the form; it comes back with the details
    taps.save()
    context.close()
    assert taps.count == 3
    assert table.hand(1)["hand"]["colour"] == "piros"


def test_a_kontrad_40_100_ulti_with_a_silent_result_takes_nine_taps(phone, table):
    taps = open_form(phone, table)
    taps.tap("declarer-Csaba")
    taps.choose("contract-select", "40-100-ulti")
    taps.tap("colour-zold")
    taps.tap("won-ulti-lost")
    taps.tap("kontra-ulti-2")
    taps.tap("kontra-40-100-1")
    taps.tap("silent-negy-asz-defenders")
    phone.get_by_test_id("preview-title").get_by_text("zöld 40-100 ulti").wait_for()
    taps.save()
    assert taps.count == 9 <= 15
    hand = table.hand(1)["hand"]
    assert hand["components"] == [
        {"name": "40-100", "won": True, "kontra": 1},
        {"name": "ulti", "won": False, "kontra": 2},
    ]
    assert hand["silent"] == [{"name": "negy-asz", "side": "defenders", "won": True}]


def test_a_betli_with_a_kontra_per_defender_takes_six_taps(phone, table):
    taps = open_form(phone, table)
    taps.tap("declarer-Csaba")
    taps.tap("preset-betli")
    taps.tap("won-betli-lost")
    # Both said kontra, the declarer's rekontra went to both, Dóra answered szubkontra
    # ({Dóra: 1, Béla: 2} cannot happen: a rekontra goes to every defender who said kontra)
    taps.tap("kontra-betli-Dóra-3")
    taps.tap("kontra-betli-Béla-2")
    taps.save()
    assert taps.count == 6
    kontra = table.hand(1)["hand"]["components"][0]["kontra"]
    assert kontra == {"Dóra": 3, "Béla": 2}


def test_all_pass_takes_two_taps(phone, table):
    taps = open_form(phone, table)
    taps.tap("preset-all-pass")
    assert phone.locator('input[name="declarer"]:checked').input_value() == "Béla"  # preselected
    taps.save()
    assert taps.count == 2
    hand = table.hand(1)["hand"]
    assert hand["outcome"] == "all_pass" and hand["declarer"] == "Béla"  # the first bidder


def test_the_all_pass_outcome_chip_chooses_the_first_bidder_too(phone, table):
    taps = open_form(phone, table)
    taps.tap("declarer-Dóra")
    taps.tap("outcome-all_pass")
    declarer = phone.locator('input[name="declarer"]:checked')
    assert declarer.input_value() == "Béla"  # Anna deals and sits out: Béla bids first
    taps.tap("deal-toggle")
    taps.choose("dealer-select", "Béla")  # Béla deals and sits out: Csaba bids first
    assert declarer.input_value() == "Csaba"
    taps.save()
    hand = table.hand(1)
    assert hand["hand"]["outcome"] == "all_pass" and hand["hand"]["declarer"] == "Csaba"


def test_the_longest_hand_stays_within_fifteen_taps(phone, table):
    """Another dealer, a color, three components with kontras, a silent ulti lost, renonsz."""
    taps = open_form(phone, table)
    taps.tap("deal-toggle")
    taps.choose("dealer-select", "Dóra")  # Dóra deals and sits out instead of Anna
    taps.tap("declarer-Anna")
    taps.choose("contract-select", "ulti-negy-asz")
    taps.tap("colour-tok")
    taps.tap("kontra-ulti-1")
    taps.tap("kontra-negy-asz-1")
    taps.tap("kontra-parti-1")
    taps.tap("renonsz-Csaba")
    taps.save()
    assert taps.count == 12 <= 15
    entry = table.hand(1)
    assert entry["dealer"] == "Dóra" and entry["hand"]["sitting_out"] == ["Dóra"]
    assert entry["hand"]["renonsz"] == {"player": "Csaba"}


def test_what_cannot_apply_is_not_offered(phone, table):
    open_form(phone, table)
    assert phone.get_by_test_id("declarer-Anna").is_hidden()  # the dealer sits out
    phone.get_by_test_id("declarer-Béla").click()
    phone.get_by_test_id("preset-betli").click()
    assert phone.get_by_test_id("colour-makk").is_hidden()
    assert phone.get_by_test_id("colour-piros").is_visible()  # rebetli
    assert phone.get_by_test_id("kontra-betli-Béla-1").is_hidden()  # not a defender
    assert phone.get_by_test_id("kontra-betli-Csaba-1").is_visible()
    assert phone.locator("#f-silent-100").is_hidden()  # no silent results in a betli
    assert phone.locator("#f-kontra-betli").is_visible()
    phone.get_by_test_id("preset-all-pass").click()
    assert phone.locator("#f-kontra-betli").is_hidden()
    assert phone.locator("#f-renonsz").is_hidden()


# The common hand of every other game, counted as its evening tests count (issue 24): from
# the scoreboard's "+ new hand" to Save, both included, a typed number one tap. The
# declarer is the rotation's proposal in every game (no tap).


def _evening(page, live_url, players, ruleset):
    from tests.browser import scorer

    token, board = scorer.begin(page, live_url, "Koppintások", players, ruleset)
    return token, scorer.open_new_hand(page, board)


def _hand(app, token):
    from tests.browser.scorer import entries

    return entries(app, token)[0]


def test_a_common_skat_game_takes_five_taps_with_its_card_points(app, phone, live_url):
    """Pik mit 2 with 75 card points: the game and matadors chips on one screen, the card
    points typed, no bid to type: the field says that left blank it is the game's value
    (5 taps before the field said so, 5 after)."""
    token, taps = _evening(phone, live_url, PLAYERS[:3], "skat")
    declarer = phone.locator('input[name="declarer"]:checked').get_attribute("value")
    taps.tap("game-pik")
    taps.tap("matadors-mit-2")
    chips = [phone.get_by_test_id(t).bounding_box() for t in ("game-pik", "matadors-mit-2")]
    assert all(0 <= box["y"] <= 844 for box in chips)  # one screen, no scrolling between
    assert phone.get_by_test_id("number-bid").input_value() == ""  # blank: the game's value
    taps.type("number-declarer_points", "75")
    phone.get_by_test_id("preview-title").filter(has_text="3 × 11 = 33").wait_for()
    taps.save()
    assert taps.count == 5  # 4 taps and the digits
    hand = _hand(app, token)
    assert (hand["hand"]["declarer"], hand["hand"]["game"]) == (declarer, "pik")
    assert hand["result"]["score"][declarer] == 33


def test_a_tarokk_hand_with_one_figure_takes_five_taps(app, phone, live_url):
    """Kettő won with the pagát ultimó announced by the declarer's side and made: the
    partner, the preset, the figure's name (its row's defaults say the rest)."""
    token, taps = _evening(phone, live_url, PLAYERS, "tarokk")
    declarer = phone.locator('input[name="declarer"]:checked').get_attribute("value")
    partner = next(p for p in PLAYERS if p != declarer)
    taps.tap(f"partner-{partner}")
    taps.tap("preset-ketto-won")
    taps.tap("fig1_name-pagat-ultimo")
    taps.save()
    assert taps.count == 5 <= 6
    hand = _hand(app, token)["hand"]
    assert hand["partner"] == partner and hand["game"]["won"] is True
    (figure,) = hand["figures"]
    assert figure["name"] == "pagat-ultimo" and figure["side"] == "declarer"
    assert figure["announced"] is True and figure["won"] is True and not figure.get("kontra")


def test_a_snapszer_hand_for_three_takes_three_taps(app, phone, live_url):
    """At three the starter plays alone: the preset and Save."""
    token, taps = _evening(phone, live_url, PLAYERS[:3], "snapszer")
    taps.tap("preset-won-below_33")
    taps.save()
    assert taps.count == 3
    hand = _hand(app, token)["hand"]
    assert hand["won"] is True and hand["loser"] == "below_33" and "partner" not in hand
