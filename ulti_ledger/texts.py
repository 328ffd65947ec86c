"""The pages' words, Hungarian and English: key -> (hu, en).

Game terms are not here: ulti, betli, passz, kontra, renonsz, csendes... come from the
ruleset and stay Hungarian in both languages (a table says "kontra", whatever it speaks).
``{name}`` fields are filled by ``i18n.t(key, name=...)``.
"""

TEXTS: dict[str, tuple[str, str]] = {
    # The frame
    "app_name": ("Kártyajegyzőkönyv", "Card scoresheet"),
    "language": ("Nyelv", "Language"),
    "index_lead": (
        "Írd fel az este leosztásait, a program kiszámolja, ki kinek mennyivel tartozik.",
        "Record the evening's hands; the app works out who owes whom, and why.",
    ),
    "new_session": ("Új este", "New evening"),
    "recent_title": ("Legutóbb ezen a készüléken", "Recently opened on this device"),
    "recent_hint": (
        "Csak ez a böngésző emlékszik rájuk; a linkeket senki más nem látja.",
        "Only this browser remembers them; nobody else sees the links.",
    ),
    "recent_edit": ("szerkesztés", "edit"),
    "recent_view": ("csak nézés", "view only"),
    "recent_imported": ("importált másolat", "imported copy"),
    "recent_original": ("eredeti: {what}", "original: {what}"),
    "how_title": ("Így működik", "How it works"),
    "how_1": (
        "Indíts egy estét: játékosok ülésrendben, szabályok, egység értéke.",
        "Start an evening: players in seating order, the rules, the unit's value.",
    ),
    "how_2": (
        "Minden leosztás után: felvevő, játék, és amit eltért (bukás, kontra, csendes).",
        "After each hand: the declarer, the game, and whatever was out of the ordinary.",
    ),
    "how_3": (
        "A QR-kóddal mindenki a saját telefonján követi az eredménylapot.",
        "With the QR code everyone follows the scoresheet on their own phone.",
    ),
    # New session
    "evening": ("Az este", "The evening"),
    "session_name": ("Megnevezés", "Name"),
    "session_name_placeholder": ("pl. Pénteki kártya", "e.g. Friday cards"),
    "date": ("Dátum", "Date"),
    "place": ("Helyszín", "Place"),
    "place_placeholder": ("pl. Béláéknál", "e.g. at Béla's"),
    "players_legend": ("Játékosok ülésrendben", "Players in seating order"),
    "players_hint": (
        "3, 4 vagy 5 játékos, ahogy körben ülnek; az első oszt először.",
        "3, 4 or 5 players, as they sit round the table; the first one deals first.",
    ),
    "player_n": ("{n}. játékos", "Player {n}"),
    "player_optional": ("(nem kötelező)", "(optional)"),
    "quick_pick": ("Korábbi játékosok (koppints a hozzáadáshoz):", "Earlier players (tap to add):"),
    "rules": ("Szabályok", "Rules"),
    "last_declarer_deals": ("Az utolsó felvevő oszt", "The last declarer deals next"),
    "last_declarer_deals_help": (
        "Különben az osztás jobbra halad körben.",
        "Otherwise the deal passes to the right.",
    ),
    "house_rules": ("Házszabályok", "House rules"),
    "house_rules_hint": (
        "Az alapértelmezés van kiválasztva; csak azt állítsd, amiben eltértek.",
        "The defaults are selected; change only what your table does differently.",
    ),
    "default_marker": ("alapértelmezés", "default"),
    # House rules in a player's words (the new-evening form, the settings page): key
    # "rule.<option>" for what the option decides, "rule.<option>.<choice>" for each
    # choice (a number's value for a numeric option). Every option and every choice of
    # every ruleset has both (tests/test_house_rule_texts.py); the TOML help is a fallback.
    "rule.failed_bid_doubling": (
        "Mennyit fizet a felvevő azért, amit bemondott, de nem teljesített.",
        "What the declarer pays for a bid he did not make.",
    ),
    "rule.failed_bid_doubling.ulti_only": (
        "A bukott ulti duplán fizet: a kontrákkal számolt értékét, plusz még egyszer az"
        " alapértékét. Minden más bukott bemondás annyit fizet, amennyit nyerve kapott volna.",
        "A failed ulti pays double: its value with the kontras, plus its plain value once"
        " more. Any other failed bid pays what it would have won.",
    ),
    "rule.failed_bid_doubling.all_but_betli": (
        "Minden bukott bemondás duplán fizet (a kontrákkal számolt értékét, plusz még egyszer"
        " az alapértékét), kivéve a betlit és az ulti vagy négy ász mellett bukott partit.",
        "Every failed bid pays double (its value with the kontras, plus its plain value once"
        " more), except betli and a parti lost beside an ulti or four aces.",
    ),
    "rule.open_trump_durchmars_value": (
        "Mennyit ér a terítve, adus játékban bemondott durchmars.",
        "What a durchmars bid open, in a trump game, is worth.",
    ),
    "rule.open_trump_durchmars_value.12": (
        "Védőnként 12, pirosban 24.",
        "12 from each defender, 24 in piros.",
    ),
    "rule.open_trump_durchmars_value.24": (
        "Védőnként 24, pirosban 48.",
        "24 from each defender, 48 in piros.",
    ),
    "rule.max_kontra_level": (
        "Meddig lehet kontrázni. Minden kontra megduplázza, amit a játék ér.",
        "How far the kontras may go. Each one doubles what the game is worth.",
    ),
    "rule.max_kontra_level.0": ("nincs kontra", "no kontra at all"),
    "rule.max_kontra_level.1": (
        "legfeljebb kontra, kétszeres érték",
        "up to kontra, twice the value",
    ),
    "rule.max_kontra_level.2": (
        "legfeljebb rekontra, négyszeres érték",
        "up to rekontra, four times the value",
    ),
    "rule.max_kontra_level.3": (
        "legfeljebb szubkontra, nyolcszoros érték",
        "up to szubkontra, eight times the value",
    ),
    "rule.max_kontra_level.4": (
        "legfeljebb mordkontra, 16-szoros érték",
        "up to mordkontra, 16 times the value",
    ),
    "rule.max_kontra_level.5": (
        "legfeljebb hirschkontra, 32-szeres érték",
        "up to hirschkontra, 32 times the value",
    ),
    "rule.max_kontra_level.6": (
        "legfeljebb Fedák Sári, 64-szeres érték",
        "up to Fedák Sári, 64 times the value",
    ),
    "rule.individual_rekontra_scope": (
        "Betliben és színtelen durchmarsban a védők külön-külön kontráznak. Kit emel a"
        " felvevő rekontrája?",
        "In betli and no-trump durchmars each defender says kontra on his own. Whom does"
        " the declarer's rekontra raise?",
    ),
    "rule.individual_rekontra_scope.kontra_only": (
        "Csak azt a védőt, aki kontrát mondott.",
        "Only the defenders who said kontra.",
    ),
    "rule.individual_rekontra_scope.both": (
        "Mindkét védőt, azt is, aki nem kontrázott.",
        "Both defenders, also the one who said no kontra.",
    ),
    "rule.silent_100_vs_parti": (
        "Jár-e a parti is, ha valaki bemondás nélkül (csendben) 100-at csinál?",
        "Is the parti paid too when someone makes a 100 without having bid it (silently)?",
    ),
    "rule.silent_100_vs_parti.additive": (
        "Igen: a csendes 100 a parti mellé jár.",
        "Yes: the silent 100 is paid on top of the parti.",
    ),
    "rule.silent_100_vs_parti.replaces": (
        "Nem: a csendes 100 a parti helyett jár.",
        "No: the silent 100 is paid instead of the parti.",
    ),
    "rule.silent_durchmars_vs_parti": (
        "Jár-e a parti is, ha valaki bemondás nélkül minden ütést elvisz (csendes durchmars)?",
        "Is the parti paid too when someone takes every trick without having bid it"
        " (silent durchmars)?",
    ),
    "rule.silent_durchmars_vs_parti.additive": (
        "Igen: a csendes durchmars a parti mellé jár.",
        "Yes: the silent durchmars is paid on top of the parti.",
    ),
    "rule.silent_durchmars_vs_parti.replaces": (
        "Nem: a csendes durchmars a parti helyett jár.",
        "No: the silent durchmars is paid instead of the parti.",
    ),
    "rule.defender_silent_ulti": (
        "Ha egy védő csendben ultit csinál vagy bukik, kivel számol el?",
        "When a defender makes or fails a silent ulti, who settles with him?",
    ),
    "rule.defender_silent_ulti.team": (
        "A két védő együtt nyer vagy fizet, egy csapatként.",
        "The two defenders win or pay together, as one side.",
    ),
    "rule.defender_silent_ulti.everyone": (
        "Mindenki ellen játszik: a védőtársa is fizet neki, vagy ő fizet a társának is.",
        "He plays against everyone: his partner pays him too, or he pays his partner too.",
    ),
    "rule.defender_silent_results": (
        "Kapnak-e a védők is, ha bemondás nélkül érnek el valamit (csendes 100, durchmars…)?"
        " A csendes ultijukról az előző szabály dönt.",
        "Are the defenders paid too for what they make without a bid (a silent 100,"
        " durchmars…)? Their silent ulti is the rule above.",
    ),
    "rule.defender_silent_results.on": (
        "Igen, nekik is jár.",
        "Yes, they are paid too.",
    ),
    "rule.defender_silent_results.off": (
        "Nem, csak a felvevőnek jár.",
        "No, only the declarer is.",
    ),
    "rule.silent_durchmars": (
        "Jár-e valami, ha valaki bemondás nélkül minden ütést elvisz?",
        "Is anything paid when someone takes every trick without having bid it?",
    ),
    "rule.silent_durchmars.on": ("Igen, fizetnek érte.", "Yes, it is paid."),
    "rule.silent_durchmars.off": (
        "Nem, nem jár érte semmi (versenyszabály).",
        "No, nothing is paid for it (tournament rule).",
    ),
    "rule.silent_durchmars_absorbs_4_aces": (
        "Ha egy oldal bemondás nélkül minden ütést elvisz, és nála van a négy ász is:"
        " jár-e mindkettő?",
        "When a side takes every trick without a bid and holds the four aces too: is each paid?",
    ),
    "rule.silent_durchmars_absorbs_4_aces.yes": (
        "Csak a durchmars jár, a négy ász benne van.",
        "Only the durchmars is paid; the four aces are part of it.",
    ),
    "rule.silent_durchmars_absorbs_4_aces.no": ("Mindkettő jár.", "Both are paid."),
    "rule.silent_durchmars_absorbs_100": (
        "Ha egy oldal bemondás nélkül minden ütést elvisz, és közben 100-at is csinál:"
        " jár-e mindkettő?",
        "When a side takes every trick without a bid and makes a 100 too: is each paid?",
    ),
    "rule.silent_durchmars_absorbs_100.no": ("Mindkettő jár.", "Both are paid."),
    "rule.silent_durchmars_absorbs_100.yes": (
        "Csak a durchmars jár, a 100 benne van.",
        "Only the durchmars is paid; the 100 is part of it.",
    ),
    "rule.declarer_renonsz": (
        "Ha a felvevő vét a játék szabálya ellen (renonsz), mennyit fizet?",
        "When the declarer breaks a rule of play (renonsz), what does he pay?",
    ),
    "rule.declarer_renonsz.whole_bid_loss": (
        "Minden védőnek annyit, mintha az egész bemondását elbukta volna, a kontrákkal együtt.",
        "Each defender what he would pay had he lost his whole bid, kontras included.",
    ),
    "rule.defender_renonsz": (
        "Ha egy védő vét a játék szabálya ellen (renonsz), ki kinek fizet?",
        "When a defender breaks a rule of play (renonsz), who pays whom?",
    ),
    "rule.defender_renonsz.win_to_declarer_loss_to_partner": (
        "A vétkes védő fizet: a felvevőnek annyit, mintha az nyert volna, a társának annyit,"
        " mintha a felvevő bukott volna.",
        "The offending defender pays: the declarer as if the declarer had won, his partner"
        " as if the declarer had lost.",
    ),
    "rule.defender_renonsz.double_win_to_declarer": (
        "A vétkes védő mindkét védő helyett fizet a felvevőnek, mintha az nyert volna.",
        "The offending defender pays the declarer for both defenders, as if the declarer had won.",
    ),
    "rule.declarer_throw_in": (
        "Ha a felvevő feladja a játékot (bedob), mennyit fizet?",
        "When the declarer gives up his game (throws in), what does he pay?",
    ),
    "rule.declarer_throw_in.double_win": (
        "Minden védőnek a játék értékének kétszeresét, a már elhangzott kontrákkal.",
        "Each defender twice what the game is worth, with the kontras already said.",
    ),
    "rule.declarer_throw_in.loss_next_kontra": (
        "Annyit, mintha elbukta volna, egy kontrával többel.",
        "What he would pay had he lost it, at one kontra more.",
    ),
    "rule.four_player_dealer": (
        "Négy játékosnál az osztó nem játszik. Részt vesz-e a fizetésben?",
        "At four the dealer does not play. Does he take part in the payments?",
    ),
    "rule.four_player_dealer.sits_out": (
        "Nem: kimarad, nem fizet és nem kap.",
        "No: he sits out, pays and receives nothing.",
    ),
    "rule.four_player_dealer.pays_as_defender": (
        "Igen: úgy fizet és kap, mint egy harmadik védő.",
        "Yes: he pays and receives like a third defender.",
    ),
    "rule.last_declarer_deals": (
        "Ki oszt a következő leosztásban?",
        "Who deals the next hand?",
    ),
    "rule.last_declarer_deals.off": (
        "Aki az előző osztótól jobbra ül: az osztás körben halad.",
        "The player on the last dealer's right: the deal passes round the table.",
    ),
    "rule.last_declarer_deals.on": (
        "Az előző leosztás felvevője (ha mindenki passzolt, az, aki bedobta).",
        "The last hand's declarer (after an all pass, the player who threw in).",
    ),
    "rule.negy_asz_enabled": (
        "Játsszátok-e a négy ászt?",
        "Do you play four aces?",
    ),
    "rule.negy_asz_enabled.on": (
        "Igen: bemondható, és csendben is jár.",
        "Yes: it can be bid, and is paid when made silently.",
    ),
    "rule.negy_asz_enabled.off": (
        "Nem: nem mondható be, és csendben sem jár.",
        "No: it cannot be bid, and is not paid when made silently.",
    ),
    "rule.silent_100_in_durchmars": (
        "Jár-e csendes 100 abban a leosztásban, amelyben a felvevő durchmarsot mondott?",
        "Is a silent 100 paid in a hand where the declarer bid a durchmars?",
    ),
    "rule.silent_100_in_durchmars.as_printed": (
        "A táblázat szerint: sima durchmarsban nem, ulti durchmarsban igen.",
        "As the table prints it: not in a plain durchmars, yes in an ulti durchmars.",
    ),
    "rule.silent_100_in_durchmars.yes": ("Minden durchmarsban jár.", "In every durchmars."),
    "rule.silent_100_in_durchmars.melds": (
        "Csak ahol 20-at, 40-et mondanak: sima durchmarsban nem, ulti vagy négy ász"
        " durchmarsban igen.",
        "Only where 20s and 40s are said: not in a plain durchmars, yes in an ulti or"
        " négy ász durchmars.",
    ),
    "rule.kontra_scope": (
        "Adus játékban a két védő közös kontrát mond, vagy mindegyik a sajátját?",
        "In a trump game, do the two defenders share one kontra, or does each say his own?",
    ),
    "rule.kontra_scope.per_defender": (
        "Mindegyik a sajátját, minden játékban: az egyik védő kontrája nem emeli a másikét.",
        "Each his own, in every game: one defender's kontra does not raise the other's.",
    ),
    "rule.kontra_scope.as_standard": (
        "Mint a sima rablóultiban: adus játékban közös, betliben és színtelen durchmarsban külön.",
        "As in standard rablóulti: shared in trump games, each his own in betli and"
        " no-trump durchmars.",
    ),
    "rule.silent_100_in_durchmars.no": ("Egyik durchmarsban sem jár.", "In no durchmars."),
    # snapszer's house rules (games/snapszer/rulesets/snapszer.toml)
    "rule.snapszer_settlement": (
        "Hogyan lesz a játékpontokból fizetség?",
        "How do the game points become payments?",
    ),
    "rule.snapszer_settlement.transfer": (
        "A vesztesek fizetnek: aki egyedül játszik, minden ellenfelétől megkapja vagy minden "
        "ellenfelének kifizeti a pontokat; kettő kettő ellen mindenki egyszer.",
        "The losers pay: a player alone receives or pays the points once per opponent; at two "
        "against two each player once.",
    ),
    "rule.snapszer_settlement.scoresheet": (
        "Pontverseny: a győztesek pontot írnak fel, senki sem fizet.",
        "A race: the winners score the points and nobody pays.",
    ),
    "rule.failed_snapszer_value": (
        "Mennyit ér a másik oldalnak a bemondott, de bukott snapszer?",
        "What is an announced snapszer that fails worth to the other side?",
    ),
    "rule.failed_snapszer_value.6": (
        "6 pontot, annyit, amennyit a snapszer ért volna.",
        "6 points, what the snapszer would have been worth.",
    ),
    "rule.failed_snapszer_value.3": (
        "3 pontot, mint egy győzelem, amelyben a vesztesek nem ütöttek.",
        "3 points, as a win in which the losers took no trick.",
    ),
    "rule.renonsz_value": (
        "Hány pontot veszít a renonszot vétő játékos oldala?",
        "How many game points does the side of a renonsz offender lose?",
    ),
    "rule.renonsz_value.1": ("1 pontot", "1 point"),
    "rule.renonsz_value.2": ("2 pontot", "2 points"),
    "rule.renonsz_value.3": (
        "3 pontot, egy ütés nélküli győzelem árát",
        "3 points, a win in which the losers took no trick",
    ),
    "rule.renonsz_value.4": ("4 pontot", "4 points"),
    "rule.renonsz_value.5": ("5 pontot", "5 points"),
    "rule.renonsz_value.6": ("6 pontot, egy snapszer árát", "6 points, what a snapszer is worth"),
    "stakes": ("Tét", "Stakes"),
    "unit_value": ("Egy egység értéke", "Value of one unit"),
    "currency": ("Pénznem", "Currency"),
    "stakes_hint": (
        "Minden összeg egységben számolódik; a pénz csak a végén: egység × érték.",
        "Everything is counted in units; money only at the end: units × value.",
    ),
    "start_session": ("Az este indítása", "Start the evening"),
    "form_has_errors": (
        "Néhány mezőt javítani kell (lásd lent).",
        "Some fields need fixing (see below).",
    ),
    "err_date": ("Dátum kell, pl. 2024-11-29.", "Give a date such as 2024-11-29."),
    "err_name_long": ("Egy név legfeljebb {n} karakter.", "A name has at most {n} characters."),
    "err_name_twice": ("{name} kétszer szerepel.", "{name} is listed twice."),
    "err_name_same": (
        "„{first}” és „{name}” ugyanaz a név: csak kis- és nagybetűben vagy szóközben térnek el.",
        "“{first}” and “{name}” are the same name: they differ only in capitals or spaces.",
    ),
    "err_name_lookalike": (
        "„{first}” és „{name}” összetéveszthető: egy játékos kétszer beírva (más ábécé"
        " betűje vagy ugyanúgy kinéző jel van benne).",
        "“{first}” and “{name}” look alike: one player written twice (a letter of another"
        " alphabet, or a character that looks the same).",
    ),
    "err_hidden_control": (
        "Vezérlőkarakter van benne ({char}); töröld ki.",
        "It contains a control character ({char}); delete it.",
    ),
    "err_hidden_bidi": (
        "Írásirányt váltó jel van benne ({char}), amely összekeveri, hogyan látszik a szöveg;"
        " töröld ki.",
        "It contains a bidi control ({char}), which reorders how the text shows; delete it.",
    ),
    "err_hidden_invisible": (
        "Láthatatlan karakter van benne ({char}); töröld ki.",
        "It contains an invisible character ({char}); delete it.",
    ),
    "err_hidden_blank": ("Nincs benne semmi látható.", "It has nothing visible."),
    "err_players_fix": ("Javítsd a megjelölt neveket.", "Fix the names marked."),
    "err_players_count": ("3, 4 vagy 5 játékost adj meg.", "Give 3, 4 or 5 players."),
    "err_amount": (
        "Pozitív szám kell, pl. 10, 1 000 vagy 0,5.",
        "Give a positive number such as 10, 1 000 or 0.5.",
    ),
    "err_amount_ambiguous": (
        "Ez ezret is, törtet is jelenthet ({value}): ezerhez írj 1000-et vagy 1 000-et,"
        " másfélhez 1,5-öt.",
        "{value} could mean a thousand or a fraction: write 1000 or 1 000 for a thousand,"
        " 1.5 for one and a half.",
    ),
    "err_amount_whole": (
        "{currency} esetén egész összeget adj meg (például 10 vagy 1 000), tizedes nélkül.",
        "{currency} has no minor units: give a whole amount (such as 10 or 1 000).",
    ),
    "err_currency": ("Rövid pénznemkód kell, pl. HUF.", "Give a short currency code such as HUF."),
    "err_currency_required": (
        "Add meg a pénznemet, pl. HUF vagy EUR.",
        "Give the currency, such as HUF or EUR.",
    ),
    "err_ruleset": ("Válassz a felsorolt szabályok közül.", "Choose one of the rulesets listed."),
    "err_text_long": ("Legfeljebb {n} karakter.", "At most {n} characters."),
    "flash_created": (
        "Kész! Küldd el a megtekintő linket (vagy mutasd a QR-kódot) a többieknek.",
        "Done! Share the view link (or show the QR code) with the others.",
    ),
    # Scoreboard
    "untitled_session": ("Kártyaest", "Card evening"),
    "unit_is": ("1 egység = {amount} {currency}", "1 unit = {amount} {currency}"),
    "hand_count": ("{n} leosztás", "{n} hands"),
    "read_only": ("csak olvasható", "read only"),
    "balances": ("Egyenlegek", "Balances"),
    "rounding_note": (
        "Kerekítés a legkisebb címletre, a fizetéshez: {moves}.",
        "Rounded to the smallest coin for paying: {moves}.",
    ),
    "who_pays_whom": ("Ki kinek fizet", "Who pays whom"),
    "balance_chart": ("Az egyenlegek alakulása", "Running balances"),
    "pays": ("fizet ennek:", "pays"),
    "transfers_hint": (
        "A legkevesebb átutalás, a pénznem legkisebb érméjére kerekítve.",
        "The fewest transfers, rounded to the currency's smallest coin.",
    ),
    "transfers_hint_banker": (
        "Mindenki a bankkal ({banker}) számol el, a pénznem legkisebb érméjére kerekítve.",
        "Everyone settles with the banker, {banker}, rounded to the currency's smallest coin.",
    ),
    "transfers_hint_pairwise": (
        "Páronként: ki kinek mennyivel tartozik a leosztások alapján, a pénznem legkisebb"
        " érméjére kerekítve.",
        "Pair by pair: what each owes the other from the hands, rounded to the currency's"
        " smallest coin.",
    ),
    "settle_methods": ("Az elszámolás módja", "How to settle"),
    "settle_method_minimal": ("legkevesebb átutalás", "fewest transfers"),
    "settle_method_banker": ("mindenki a bankkal", "everyone with one banker"),
    "settle_method_pairwise": ("páronként", "pair by pair"),
    # A bad ?method= or &banker= on a page: the error page's detail, in the page's language
    "bad_method": (
        "Ilyen elszámolási mód nincs: „{method}”. A címben method=minimal (legkevesebb"
        " átutalás), method=banker (mindenki a bankkal) vagy method=pairwise (páronként)"
        " állhat.",
        "method must be one of minimal, banker, pairwise, not “{method}”",
    ),
    "bad_banker": (
        "A bank csak az este egyik játékosa lehet ({players}); „{name}” nem az.",
        "the banker must be one of the players ({players}); {name} is not",
    ),
    "banker_choice": ("Ki legyen a bank", "Who is the banker"),
    "banker_is": ("Bank:", "Banker:"),
    "nobody_pays": ("Senkinek sem kell fizetnie.", "Nobody needs to pay."),
    # Who pays whom as text, to paste into the group chat or a bank transfer
    "transfers_text_head": ("Ki kinek fizet ({method}):", "Who pays whom ({method}):"),
    "transfers_text_banker": ("{method}, bank: {banker}", "{method}, banker: {banker}"),
    "transfers_text_label": (
        "Szövegként, csoportüzenetbe vagy átutaláshoz",
        "As text, for the group chat or a bank transfer",
    ),
    "copy_as_text": ("Másolás szövegként", "Copy as text"),
    "copied": ("Másolva", "Copied"),
    "copy_failed": (
        "Nem sikerült másolni: jelöld ki a szöveget.",
        "Could not copy: select the text.",
    ),
    "next_hand": ("Következő leosztás", "Next hand"),
    "next_hand_n": ("{n}. leosztás", "Hand {n}"),
    "deals": ("Oszt", "Deals"),
    "sits_out": ("Kimarad", "Sits out"),
    "bids_first": ("Először licitál", "Bids first"),
    "hands": ("Leosztások", "Hands"),
    "game": ("Játék", "Game"),
    "dealt_by": ("oszt: {name}", "dealt by {name}"),
    "dealt_by_short": ("oszt:", "dealt by"),
    "edit": ("Szerkesztés", "Edit"),
    "delete": ("Törlés…", "Delete…"),
    "no_hands_yet": (
        "Még nincs leosztás. Az első után itt lesz az eredménylap.",
        "No hands yet. The scoresheet appears here after the first one.",
    ),
    "share_title": ("Linkek és QR-kód", "Links and QR code"),
    "share_view_title": ("Megosztás", "Share"),
    "qr_label": ("A megtekintő link QR-kódja", "QR code of the view link"),
    "qr_caption": ("Olvasd be a telefonoddal", "Scan it with your phone"),
    "view_link": ("Megtekintő link", "View link"),
    "view_link_hint": (
        "Bárki, akinél megvan, látja az eredménylapot, de nem módosíthat.",
        "Whoever has it sees the scoresheet but cannot change it.",
    ),
    "edit_link": ("Szerkesztő link (csak a jegyzőnek)", "Edit link (for the scorer only)"),
    "edit_link_hint": (
        "Akinél ez megvan, leosztást írhat és törölhet. Tedd el, ne oszd meg.",
        "Whoever has it can add and delete hands. Keep it, don't share it.",
    ),
    "copy": ("Másolás", "Copy"),
    "undo": ("Visszavonás", "Undo"),
    "undo_confirm": ("Visszavonod az utolsó leosztást?", "Undo the last hand?"),
    "new_hand": ("Új leosztás", "New hand"),
    "flash_saved": ("{A_n}. leosztás elmentve.", "Hand {n} saved."),
    "flash_undone": ("{A_n}. leosztás visszavonva.", "Hand {n} undone."),
    "flash_deleted": (
        "{A_n}. leosztás törölve; a későbbiek eggyel előrébb kerültek.",
        "Hand {n} deleted; the later hands moved up one number.",
    ),
    "flash_nothing_to_undo": ("Nincs mit visszavonni.", "There is nothing to undo."),
    "flash_conflict": (
        "Valaki épp most módosította az estét; próbáld újra.",
        "Someone changed the evening at the same moment; try again.",
    ),
    # Delete
    "delete_title": ("{A_n}. leosztás törlése", "Delete hand {n}"),
    "delete_explain": (
        "A későbbi leosztások eggyel előrébb kerülnek, az egyenlegek újraszámolódnak.",
        "The later hands move up one number and every total is recomputed.",
    ),
    "delete_confirm": ("Igen, törlöm", "Yes, delete it"),
    "cancel": ("Mégse", "Cancel"),
    # Hand form
    "scoreboard": ("Eredménylap", "Scoresheet"),
    "new_hand_n": ("{n}. leosztás", "Hand {n}"),
    "edit_hand_n": ("{A_n}. leosztás javítása", "Correct hand {n}"),
    "change": ("módosít", "change"),
    "dealer": ("Osztó", "Dealer"),
    "sitting_out_legend": ("Kimarad", "Sitting out"),
    "sitting_out_hint": (
        "Alapból az osztó (ötnél a bal szomszédja is); itt átírhatod.",
        "By default the dealer (at five also the player on his left); change it here.",
    ),
    "declarer": ("Felvevő", "Declarer"),
    "other_game": ("Más játék", "Other game"),
    "choose": ("— válassz —", "— choose —"),
    "all_pass": ("mindenki passz", "all pass"),
    "colour": ("Szín", "Colour"),
    "no_colour": ("nincs", "none"),
    "made": ("megvan", "made"),
    "lost": ("bukott", "lost"),
    "failed": ("bukott", "failed"),
    "kontra_label": ("kontra", "kontra"),
    "no_kontra": ("nincs", "none"),
    "kontra_by": ("{name} kontrája", "{name}'s kontra"),
    "silent": ("Csendes", "Silent (csendes)"),
    "side_declarer": ("felvevő", "declarer"),
    "side_defenders": ("védők", "defenders"),
    "outcome": ("Kimenetel", "Outcome"),
    "outcome_played": ("lejátszva", "played"),
    "outcome_conceded": ("bedobás", "bedobás"),
    "outcome_all_pass": ("mindenki passz", "all pass"),
    "outcome_redeal": ("újraosztás", "redeal"),
    "nobody": ("nincs", "none"),
    "preview": ("Előnézet", "Preview"),
    "explanation": ("Magyarázat", "Explanation"),
    "save": ("Mentés", "Save"),
    "save_changes": ("Javítás mentése", "Save the correction"),
    "missing_declarer": ("Válaszd ki a felvevőt.", "Choose the declarer."),
    "missing_contract": ("Válaszd ki a játékot.", "Choose the game."),
    "review_details": (
        "Nézd át a játék részleteit (megvan/bukott, kontra), aztán mentsd.",
        "Check the game's details (made/lost, kontra), then save.",
    ),
    "changed_meanwhile": (
        "Valaki időközben módosította: nézd át (az eredménylapon látod a mostani állapotot), "
        "és ha így jó, mentsd újra.",
        "Someone changed it meanwhile: check it (the scoresheet shows how it is now) and "
        "save again if this is right.",
    ),
    "hand_gone": (
        "Ezt a leosztást időközben törölték; nézd meg az eredménylapot.",
        "This hand was deleted meanwhile; look at the scoresheet.",
    ),
    "stale_form_title": ("Ez az űrlap nem küldhető el", "This form cannot be sent"),
    "stale_form_text": (
        "Hiányzik vagy lejárt a biztonsági kulcsa (például mert a böngésző újraindult). "
        "Menj vissza, töltsd újra az oldalt, és próbáld újra: semmi nem változott.",
        "Its security token is missing or expired (for example after the browser "
        "restarted). Go back, reload the page and try again: nothing was changed.",
    ),
    "home": ("Kezdőlap", "Home"),
    # The app's own error pages (views/error_pages.py)
    "error_home": ("Vissza a kezdőlapra", "Back to the home page"),
    "error_code": ("Hibakód: {code}", "Error code: {code}"),
    "error_400_title": ("Hibás kérés", "Bad request"),
    "error_400_text": (
        "Ezt a kérést nem lehet teljesíteni így. Nézd meg a címet, vagy kezdd újra a kezdőlapról.",
        "This request cannot be answered as it is. Check the address, or start again from "
        "the home page.",
    ),
    "error_403_title": ("Nincs hozzáférés", "Access denied"),
    "error_403_text": (
        "Ehhez az oldalhoz ez a link nem ad jogot. A szerkesztéshez a jegyző linkje kell.",
        "This link does not open this page. Changes need the scorer's link.",
    ),
    "error_404_title": ("Nincs ilyen oldal", "Page not found"),
    "error_404_text": (
        "Ez a cím nem nyit meg semmit: lehet, hogy elírták vagy nem teljes, vagy az estét "
        "törölték.",
        "This address opens nothing: it may be mistyped or cut short, or the evening was deleted.",
    ),
    "error_405_title": ("Ez így nem megy", "Not like this"),
    "error_405_text": (
        "Ez a cím nem fogadja így a kérést (egy űrlap címét például nem lehet csak úgy "
        "megnyitni). Menj vissza, és használd az oldal gombjait.",
        "This address does not take the request this way (a form's address cannot simply be "
        "opened, for example). Go back and use the page's buttons.",
    ),
    "error_413_title": ("Túl nagy", "Too large"),
    "error_413_text": (
        "Amit küldtél, túl nagy: legfeljebb {limit} fogadható el. Semmi nem változott.",
        "What you sent is too large: at most {limit} is accepted. Nothing was changed.",
    ),
    "error_429_title": ("Túl sok kérés", "Too many requests"),
    "error_429_text": (
        "Túl sok kérés érkezett erről a címről. Várj egy kicsit, és próbáld újra.",
        "Too many requests came from your address. Wait a little, then try again.",
    ),
    "error_500_title": ("Hiba történt", "Something went wrong"),
    "error_500_text": (
        "Váratlan hiba történt a szerveren. Töltsd újra az oldalt, vagy próbáld újra kicsit "
        "később.",
        "An unexpected error happened on the server. Reload the page, or try again a little later.",
    ),
    # Form fields no page sends so (tests/test_hard_input.py); nothing was written
    "bad_form_number": (
        "Egy mező értéke nem egész szám 0 és 2147483647 között: {field} = {value}. "
        "Semmi nem változott; töltsd újra az oldalt.",
        "The field “{field}” is not a whole number from 0 to 2147483647: {value}. Nothing "
        "was changed; reload the page.",
    ),
    "bad_form_twice": (
        "Egy mező kétszer érkezett ugyanabban a beküldésben. Semmi nem változott; töltsd újra"
        " az oldalt.",
        "A field came twice in one submission. Nothing was changed; reload the page.",
    ),
    "bad_form_preset": (
        "Ilyen gyorsgomb nincs ezen az űrlapon. Semmi nem változott; töltsd újra az oldalt.",
        "This form has no such quick button. Nothing was changed; reload the page.",
    ),
    "bad_hand_options": (
        "A leosztás házszabályai („options”) nem olvashatók: {reason}. Semmi nem változott; "
        "töltsd újra az oldalt.",
        "The hand's house rules (“options”) cannot be read: {reason}. Nothing was changed; "
        "reload the page.",
    ),
    "options_too_long": ("hosszabb {limit} karakternél", "longer than {limit} characters"),
    "options_too_deep": (
        "{limit} szintnél mélyebben van egymásba ágyazva",
        "nested more than {limit} levels deep",
    ),
    "options_surrogate": (
        "érvénytelen Unicode-szöveg van benne (magányos helyettesítő karakter, \\ud800–\\udfff)",
        "it holds text that is not valid Unicode (a lone surrogate, \\ud800-\\udfff)",
    ),
    "error_other_title": ("Ez nem sikerült", "This did not work"),
    "error_other_text": (
        "Ezt a kérést most nem lehet teljesíteni. Próbáld újra, vagy kezdd újra a kezdőlapról.",
        "This request cannot be answered now. Try again, or start again from the home page.",
    ),
    "engine_says": ("Így nem rögzíthető: {problem}", "This cannot be recorded: {problem}"),
    "form_restored": (
        "Nem mentettem: a böngésző egy korábbi kitöltés értékeit töltötte vissza (a Vissza "
        "gomb után), és azok mást mondtak, mint az oldal. Nézd át a leosztást, és ha így jó, "
        "mentsd újra.",
        "Not saved: the browser filled in an earlier entry's values (after Back), and they "
        "disagreed with the page. Check the hand and save again if it is right.",
    ),
    "added_meanwhile": (
        "Nem mentettem: közben rögzítettek egy leosztást (talán épp ezt, a Vissza gomb előtt). "
        "Nézd meg az eredménylapot; ha ez egy újabb leosztás, nézd át, és mentsd újra.",
        "Not saved: a hand was recorded meanwhile (perhaps this very one, before going Back). "
        "Look at the scoresheet; if this is another hand, check it and save again.",
    ),
    "made_or_lost": ("megvan vagy bukott", "made or lost"),
    # The engine's refusals, in the form's words ({a_x}: the label with its article)
    "err_colour_needed": (
        "Válassz színt: {a_contract} színes játék.",
        "Choose a colour: {a_contract} is played in a colour.",
    ),
    "err_colour_none": (
        "Ne válassz színt: {a_contract} szín nélkül játszható.",
        "Choose no colour: {a_contract} is played without one.",
    ),
    "err_colour_not_allowed": (
        "{A_contract} nem játszható {colour} színben; választható: {colours}.",
        "{A_contract} cannot be played in {colour}; choose from: {colours}.",
    ),
    "err_colour_unknown": ("Válassz a felsorolt színek közül.", "Choose one of the colours shown."),
    "err_declarer_sits_out": (
        "{name} kimarad ebből a leosztásból, nem lehet felvevő: válassz ezek közül: {players}.",
        "{name} sits out this hand and cannot be the declarer: choose one of {players}.",
    ),
    "err_declarer_not_playing": (
        "{name} nem játszik ebben a leosztásban: a felvevőt ezek közül válaszd: {players}.",
        "{name} does not play this hand: choose the declarer from {players}.",
    ),
    "err_all_pass_declarer": (
        "Mindenki passznál csak az első licitáló dobhatja be a lapjait: ebben a leosztásban "
        "{first}, nem {name}. Őt válaszd felvevőnek.",
        "In an all pass only the first bidder throws in: in this hand {first}, not {name}. "
        "Choose {first} as the declarer.",
    ),
    "err_renonsz_player": (
        "{name} nem játszik ebben a leosztásban, így renonszot sem véthetett: válassz ezek "
        "közül: {players}, vagy azt, hogy nincs.",
        "{name} does not play this hand, so cannot have made the renonsz: choose one of "
        "{players}, or none.",
    ),
    "err_deal_count": (
        "Egy leosztásban {n} játékos játszik, így {m} lenne: az osztásnál jelöld, ki marad ki.",
        "A hand is played by {n} players, this would be {m}: mark who sits out under the deal.",
    ),
    "err_dealer": ("Az osztót a játékosok közül válaszd.", "Choose the dealer from the players."),
    "err_not_a_contract": (
        "Ez így nem játék ezen az asztalon: válaszd ki a játékot a gombokkal vagy a listából.",
        "That is not a game at this table: choose the game with the buttons or from the list.",
    ),
    "err_component_off": (
        "Ezen az asztalon a házszabály szerint nincs {component}: válassz másik játékot.",
        "This table's house rules leave out {component}: choose another game.",
    ),
    "err_component_won": (
        "Jelöld, hogy {a_component} megvan vagy bukott.",
        "Mark whether {a_component} was made or lost.",
    ),
    "err_kontra_ceiling": (
        "{component}: ennél az asztalnál a kontra legfeljebb {top} lehet.",
        "{component}: the kontra goes no higher than {top} at this table.",
    ),
    "err_kontra_level": (
        "{component}: válassz a felsorolt kontrák közül.",
        "{component}: choose one of the kontras shown.",
    ),
    "err_kontra_defender": (
        "{component}: csak a védők kontrázhatnak ({defenders}).",
        "{component}: only the defenders ({defenders}) give a kontra.",
    ),
    "err_kontra_common": (
        "{component}: a kontra közös, mindkét védőnél ugyanaz legyen.",
        "{component}: the kontra is common: give both defenders the same level.",
    ),
    "err_kontra_ladder": (
        "{component}: a felvevő rekontrája (és mordkontrája) minden védőnek szól, aki előtte "
        "kontrázott (szubkontrázott), sosem csak az egyiküknek: javítsd a kontrákat.",
        "{component}: the declarer's rekontra (and mordkontra) goes to every defender who said "
        "kontra (szubkontra) before it, never to one of them alone: correct the kontras.",
    ),
    "err_kontra_both": (
        "{component}: ennél az asztalnál a rekontra mindkét védőnek szól: ha az egyik védőnél "
        "rekontra vagy több van, a másiknál is legalább rekontra legyen.",
        "{component}: at this table a rekontra goes to both defenders: if one of them is at "
        "rekontra or higher, so is the other.",
    ),
    "err_sweep_declarer": (
        "Ha a durchmars megvan (mind a tíz ütés a felvevőé), {a_component} nem bukhatott el: "
        "javítsd valamelyiket.",
        "If the durchmars was made (all ten tricks to the declarer), {a_component} cannot be "
        "lost: correct one of them.",
    ),
    "err_sweep_ulti": (
        "Ha mind a tíz ütés a felvevőé (durchmars), {a_component} sem bukhatott el: a felvevő "
        "hív minden ütésre, így az adu VII csak akkor nem viszi az utolsó ütést, ha korábban "
        "kihívta, amíg más adu is volt nála, az pedig renonsz: ha így történt, jelöld a "
        "renonszt, különben javítsd valamelyiket.",
        "If the declarer took all ten tricks (durchmars), {a_component} cannot be lost either: "
        "he leads every trick, so his trump VII misses the last one only if he led it early "
        "while holding another trump, and that is a renonsz: if that happened, mark the "
        "renonsz; otherwise correct one of them.",
    ),
    "err_sweep_defenders": (
        "Ha a védőké a csendes durchmars (mind a tíz ütés az övék), {a_component} nem lehet "
        "meg: javítsd valamelyiket.",
        "If the defenders made a silent durchmars (all ten tricks theirs), {a_component} "
        "cannot be made: correct one of them.",
    ),
    "err_100_declarer": (
        "Ha a felvevőé a csendes 100 (legalább 100 pont: több, mint a védőké lehet), "
        "{a_component} nem bukhatott el: javítsd valamelyiket.",
        "If the declarer made a silent 100 (100 points: more than the defenders can have), "
        "{a_component} cannot be lost: correct one of them.",
    ),
    "err_100_defenders": (
        "Ha a védőké a csendes 100 (legalább 100 pont: több, mint a felvevőé lehet), "
        "{a_component} nem lehet meg: javítsd valamelyiket.",
        "If the defenders made a silent 100 (100 points: more than the declarer can have), "
        "{a_component} cannot be made: correct one of them.",
    ),
    "err_silent_fail_sweep": (
        "Aki mind a tíz ütést vitte, az utolsót is: nála {a_silent} nem bukhatott el. Javítsd"
        " valamelyiket.",
        "The side that took all ten tricks took the last one too: its {silent} cannot have"
        " failed. Correct one of them.",
    ),
    "err_sweep_silent": (
        "Durchmars mellett (mind a tíz ütés egy oldalé) a másik oldalnak nem lehet {silent}: "
        "javítsd valamelyiket.",
        "Beside a durchmars (all ten tricks to one side) the other side cannot score "
        "{silent}: correct one of them.",
    ),
    "err_silent_none": (
        "{A_contract} mellett nincs csendes eredmény: hagyd mindet „—” állásban.",
        "{A_contract} has no silent results: leave them all at “—”.",
    ),
    "err_silent_not_allowed": (
        "{A_contract} mellett nem jár {silent}: hagyd „—” állásban.",
        "{A_contract} allows no {silent}: leave it at “—”.",
    ),
    "err_silent_no_melds": (
        "{A_contract} mellett nem jár {silent}: 20-at és 40-et csak passz, ulti és négy ász "
        "bemondásban (és ezek kombinációiban) mondanak, így egyik oldal sem érhet el 100-at. "
        "Hagyd „—” állásban.",
        "{A_contract} allows no {silent}: 20s and 40s are said only in a passz, ulti or négy "
        "ász bid (and their combinations), so neither side can reach 100. Leave it at “—”.",
    ),
    "err_silent_off": (
        "Ezen az asztalon a házszabály szerint nincs {silent}: hagyd „—” állásban.",
        "This table's house rules leave out {silent}: leave it at “—”.",
    ),
    "err_silent_side": (
        "{silent}: ennél az asztalnál csak a felvevő kaphat érte.",
        "{silent}: at this table only the declarer scores it.",
    ),
    "err_silent_fail": (
        "{A_silent} nem bukhat el: csak akkor jelöld, ha megvan.",
        "{A_silent} cannot fail: mark it only when made.",
    ),
    "err_silent_player": (
        "{silent}: jelöld, melyik védő csinálta ({defenders}).",
        "{silent}: mark which defender made it ({defenders}).",
    ),
    # History and restore
    "edited_badge": ("javítva", "edited"),
    "edited_badge_title": ("Rögzítés után javították", "Corrected after it was recorded"),
    "latest_badge": ("legutóbbi", "latest"),
    # After an import: what the file brought, to check against the original evening
    "import_loaded": (
        "Betöltve: {what}. Vesd össze az eredetivel:",
        "Loaded: {what}. Check it against the original:",
    ),
    "import_players": (
        "Játékosok ültetési sorrendben: {names}",
        "Players in seating order: {names}",
    ),
    "import_totals": ("Végeredmény: {totals}", "Final totals: {totals}"),
    "history": ("Előzmények", "History"),
    "history_title": ("{A_n}. leosztás előzményei", "History of hand {n}"),
    "history_lead": (
        "Minden változás megmarad: mikor, mi történt, melyik linken át, előtte és utána.",
        "Every change is kept: when, what, through which link, before and after.",
    ),
    "history_when": ("Mikor", "When"),
    "history_what": ("Mi történt", "What"),
    "history_via": ("Honnan", "Via"),
    "history_change": ("Előtte → utána", "Before → after"),
    "history_empty": ("Ennek a leosztásnak nincs előzménye.", "This hand has no history."),
    "action_create": ("rögzítve", "created"),
    "action_edit": ("javítva", "edited"),
    "action_delete": ("törölve", "deleted"),
    "action_restore": ("visszaállítva", "restored"),
    "via_web": ("weboldal", "web"),
    "via_api": ("API", "API"),
    "via_admin": ("adminisztrátor", "admin"),
    "via_cli": ("parancssor", "command line"),
    "as_number": ("{n}. leosztásként", "as hand {n}"),
    "back_to_scoreboard": ("Vissza az eredménylapra", "Back to the scoresheet"),
    "deleted_hands": ("Törölt leosztások", "Deleted hands"),
    "deleted_hands_hint": (
        "A törölt leosztás nem vész el: visszaállítva a régi helyére kerül.",
        "A deleted hand is not lost: restored, it goes back where it was.",
    ),
    "former_number": ("korábban {n}.", "was hand {n}"),
    "deleted_when": ("törölve: {when}", "deleted {when}"),
    "restore": ("Visszaállítás", "Restore"),
    "flash_restored": (
        "A leosztás visszaállítva, most {a_n}.",
        "The hand is restored; it is hand {n} now.",
    ),
    "flash_already_restored": (
        "Ezt a leosztást már visszaállították.",
        "That hand has been restored already.",
    ),
    # Several evenings together (/group)
    "group_entry": ("Több este együtt", "Several evenings together"),
    "group_entry_hint": (
        "Egy hónap vagy egy szezon estéi egy elszámolásban: nyisd meg, és add hozzá a többi "
        "este linkjét.",
        "A month's or a season's evenings settled as one: open it and add the other "
        "evenings' links.",
    ),
    "group_title": ("Közös elszámolás", "Settling several evenings"),
    "group_lead": (
        "{n} este együtt; a pénzösszegek csak a végén vannak kerekítve.",
        "{n} evenings together; money is rounded once, at the end.",
    ),
    "group_evening": ("Este", "Evening"),
    "group_unit": ("Egység", "Unit"),
    "group_player": ("Játékos", "Player"),
    "group_units": ("Egység", "Units"),
    "group_amount": ("Összeg", "Amount"),
    "method_minimal": ("legkevesebb átutalás", "fewest transfers"),
    "method_banker": ("mindenki a bankkal", "everyone with one banker"),
    "method_pairwise": ("páronként", "pair by pair"),
    "group_banker": ("Bank: {name}", "Banker: {name}"),
    "group_nobody_pays": ("Senkinek sem kell fizetnie.", "Nobody needs to pay."),
    "group_add_title": ("Újabb este", "Another evening"),
    "group_add_label": ("Egy másik este linkje", "Another evening's link"),
    "group_add_hint": (
        "Másold be a megtekintő vagy a szerkesztő linkjét; ez az oldal csak a megtekintő "
        "linket őrzi meg, így tovább is küldheted.",
        "Paste its view or edit link; this page keeps only the view link, so you may pass it on.",
    ),
    "group_add_button": ("Hozzáadás", "Add"),
    "group_error_title": (
        "Ezek az esték nem számolhatók el együtt",
        "These evenings cannot be settled together",
    ),
    "group_none": ("Nincs megadva egy este sem.", "No evening is named."),
    "group_how": (
        "Nyisd meg egy este eredménylapját, és a Letöltés dobozban válaszd a „Több este "
        "együtt” linket; ott a többi este linkjét is hozzáadhatod.",
        "Open an evening's scoresheet and choose “Several evenings together” in its "
        "Downloads box; there you can add the other evenings' links.",
    ),
    "group_bad_link": (
        "{A_n}. link egyik estét sem nyitja meg: lehet, hogy nem teljes, vagy az estét törölték.",
        "Link {n} opens no evening: it may be cut short, or the evening was deleted.",
    ),
    "group_bad_added": (
        "A bemásolt link egyik estét sem nyitja meg: másold be újra, egészben.",
        "The link pasted opens no evening: paste it again, whole.",
    ),
    "group_twice": (
        "„{name}” kétszer szerepel; minden este csak egyszer számít.",
        "“{name}” is named twice; each evening counts once.",
    ),
    "group_method": ("Ismeretlen elszámolási mód.", "Unknown way of settling."),
    "group_currencies": (
        "Különböző pénznemben játszott esték nem számolhatók el együtt: {currencies}.",
        "Evenings played in different currencies cannot be settled together: {currencies}.",
    ),
    "group_problem": ("Nem számolható el: {problem}", "Cannot be settled: {problem}"),
    "group_back": ("Vissza a többi estéhez", "Back to the other evenings"),
    # A scoresheet PDF past its time budget (pdf_render): 503, Retry-After
    "pdf_busy_title": ("A PDF még készül", "The PDF is still being made"),
    "pdf_busy": (
        "Hosszú este, a jegyzőkönyv elkészítése most tovább tart. Próbáld újra néhány "
        "másodperc múlva: addigra elkészül.",
        "A long evening: the scoresheet takes longer to make. Try again in a few seconds; "
        "it will be ready by then.",
    ),
    # The instance admin (/admin/)
    "admin_title": ("Esték (adminisztráció)", "Evenings (admin)"),
    "admin_too_many": (
        "Túl sok hibás admin jelszó érkezett erről a címről. Próbáld újra {wait} múlva; "
        "addig a helyes jelszót sem fogadjuk el.",
        "Too many wrong admin passwords from your address. Try again in {wait}; until then "
        "even the right password is refused.",
    ),
    "duration_second": ("{n} másodperc", "{n} second"),
    "duration_seconds": ("{n} másodperc", "{n} seconds"),
    "duration_minutes": ("{n} perc", "{n} minutes"),
    "admin_password_needed": ("Az adminisztrátori jelszó kell.", "The admin password is needed."),
    "admin_count_unavailable": (
        "A hibás jelszavak számlálója most nem érhető el, ezért a belépést sem fogadjuk el. "
        "Próbáld újra egy perc múlva.",
        "The count of wrong passwords cannot be reached just now, so no login is accepted. "
        "Try again in a minute.",
    ),
    "admin_none": ("Nincs ilyen este.", "None."),
    "admin_created": ("létrehozva: {when}", "created {when}"),
    "admin_deleted_title": ("Törölt esték", "Deleted evenings"),
    "admin_deleted_hint": (
        "A törölt este csak el van rejtve: a linkjei 404-et adnak, amíg vissza nem állítod.",
        "A deleted evening is only hidden: its links answer 404 until it is restored.",
    ),
    "admin_delete_title": ("{A_id}. este törlése", "Delete evening {id}"),
    "admin_delete_explain": (
        "Az este elrejtődik: a linkjei 404-et adnak, a leosztásai és az előzményei "
        "megmaradnak, és a „Törölt esték” között bármikor visszaállíthatod.",
        "The evening is hidden: its links answer 404, its hands and history are kept, and "
        "you can restore it at any time under “Deleted evenings”.",
    ),
    "admin_flash_deleted": (
        "{A_id}. este törölve (elrejtve).",
        "Evening {id} deleted (hidden).",
    ),
    "admin_flash_restored": ("{A_id}. este visszaállítva.", "Evening {id} restored."),
    "admin_was_deleted": ("{A_id}. este már törölve van.", "Evening {id} is deleted already."),
    "admin_was_live": ("{A_id}. este nincs törölve.", "Evening {id} is not deleted."),
}

from .texts_evening import EVENING_TEXTS  # noqa: E402  (the evening's settings page)

TEXTS.update(EVENING_TEXTS)
