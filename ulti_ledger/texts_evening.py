"""The words of the evening's settings page (``views.evening``): key -> (hu, en).

Kept beside ``texts`` and merged into its ``TEXTS`` there, so the page's words stay
together and the catalogue keeps one lookup.
"""

EVENING_TEXTS: dict[str, tuple[str, str]] = {
    "evening_settings": ("Az este beállításai", "The evening's settings"),
    "evening_settings_link": ("Beállítások, játékosok", "Settings, players"),
    "evening_settings_lead": (
        "Itt módosíthatod az estét menet közben: tét, házszabályok, nevek, ki ül le és ki "
        "száll ki. Minden változás bekerül az előzményekbe, és visszavonható.",
        "Change the evening as it goes: stake, house rules, names, who sits down and who "
        "leaves. Every change is kept in the history and can be undone.",
    ),
    "evening_save": ("Mentés", "Save"),
    "evening_saved": ("Az este beállításai elmentve.", "The evening's settings are saved."),
    "evening_back": ("Vissza az eredménylapra", "Back to the scoresheet"),
    "evening_diff_title": (
        "Mi változik a korábbi leosztásokban?",
        "What changes for earlier hands?",
    ),
    "evening_diff_lead": (
        "Az új házszabályok a következő leosztástól érvényesek. A már felírt leosztások:",
        "The new house rules apply from the next hand. The hands already recorded:",
    ),
    "evening_keep": (
        "maradnak a régi szabály szerint (az eddigi összesítés nem változik)",
        "keep the rules they were settled with (the totals so far stay)",
    ),
    "evening_resettle": (
        "újraszámolva az új szabály szerint (lásd a különbséget lent)",
        "are re-settled by the new rules (see the difference below)",
    ),
    "evening_choose": (
        "Válaszd ki, mi legyen a korábbi leosztásokkal, aztán ments.",
        "Choose what happens to the earlier hands, then save.",
    ),
    "evening_diff_none": (
        "Újraszámolva sem változna egyik leosztás eredménye sem.",
        "Re-settled, no hand's result would change.",
    ),
    "evening_diff_hand": ("{n}. leosztás", "Hand {n}"),
    "evening_diff_totals": ("Összesen", "Totals"),
    "evening_diff_refused": (
        "Újraszámolni nem lehet: {problem}",
        "Re-settling is not possible: {problem}",
    ),
    "evening_players": ("Játékosok", "Players"),
    "evening_players_hint": (
        "Az ülésrend a következő leosztástól változik; a korábbiak ülésrendje marad. Az "
        "osztás jobbra halad tovább az utolsó osztó utáni helytől.",
        "The seating changes from the next hand on; earlier hands keep theirs. The deal "
        "passes on to the right from the seat after the last dealer.",
    ),
    "evening_rename": ("Átnevezés", "Rename"),
    "evening_new_name": ("Új név: {name}", "New name for {name}"),
    "evening_leave": ("Kiszáll", "Leaves"),
    "evening_leave_confirm": (
        "{name} kiszáll a következő leosztástól?",
        "{name} leaves from the next hand?",
    ),
    "evening_left_list": ("Kiszálltak: {names}", "Left: {names}"),
    "evening_join": ("Új játékos leül", "A player joins"),
    "evening_join_name": ("Neve", "Name"),
    "evening_join_seat": ("Hová ül?", "Where does he sit?"),
    "evening_seat_first": ("{name} elé (az első helyre)", "before {name} (the first seat)"),
    "evening_seat_after": ("{name} után", "after {name}"),
    "evening_join_button": ("Leül", "Sit down"),
    "evening_renamed": ("{old} új neve: {new}.", "{old} is now {new}."),
    "evening_joined": (
        "{name} leült; a következő leosztástól játszik.",
        "{name} sat down; plays from the next hand.",
    ),
    "evening_left": ("{name} kiszállt.", "{name} left."),
    "evening_undone": ("A változás visszavonva.", "The change is undone."),
    "evening_changes": ("Az este változásai", "Changes of the evening"),
    "evening_changes_none": ("Még nem változott semmi.", "Nothing has changed yet."),
    "evening_undo": ("Visszavonás", "Undo"),
    "change_name": ("Megnevezés: {before} → {after}", "Name: {before} → {after}"),
    "change_date": ("Dátum: {before} → {after}", "Date: {before} → {after}"),
    "change_place": ("Helyszín: {before} → {after}", "Place: {before} → {after}"),
    "change_stake": ("Egység értéke: {before} → {after}", "Unit value: {before} → {after}"),
    "change_deals": ("Az utolsó felvevő oszt: {after}", "The last declarer deals: {after}"),
    "change_rules_keep": (
        "Házszabályok: {what} (a korábbi leosztások a régi szabály szerint)",
        "House rules: {what} (earlier hands keep their rules)",
    ),
    "change_rules_resettle": (
        "Házszabályok: {what} (a korábbi leosztások újraszámolva)",
        "House rules: {what} (earlier hands re-settled)",
    ),
    "change_rules": ("Házszabályok: {what}", "House rules: {what}"),
    "change_rename": ("Átnevezés: {old} → {new}", "Renamed: {old} → {new}"),
    "change_join": ("{name} leült ({a_n}. leosztástól)", "{name} sat down (from hand {n})"),
    "change_leave": ("{name} kiszállt ({a_n}. leosztástól)", "{name} left (from hand {n})"),
    "change_undo": ("Visszavonva: {what}", "Undone: {what}"),
    "yes": ("igen", "yes"),
    "no": ("nem", "no"),
    "problem_already_player": (
        "{name} már játszik ezen az estén (a kis- és nagybetű nem számít).",
        "{name} already plays this evening (capitals do not count).",
    ),
    "problem_lookalike_player": (
        "{name} már játszik ezen az estén, és az új név összetéveszthető vele (más ábécé"
        " betűje vagy ugyanúgy kinéző jel van benne).",
        "{name} already plays this evening, and the new name looks like it (a letter of"
        " another alphabet, or a character that looks the same).",
    ),
    "problem_not_player": (
        "{name} nem játszik ezen az estén.",
        "{name} does not play this evening.",
    ),
    "problem_empty_name": ("Add meg a nevet.", "Give the name."),
    "problem_same_name": ("Ez most is a neve.", "That is the name already."),
    "problem_too_few": (
        "{name} nem szállhat ki: legalább {n} játékosnak maradnia kell.",
        "{name} cannot leave: at least {n} players must stay.",
    ),
    "problem_too_many": (
        "Már {n} játékos ül az asztalnál; ennél több nem lehet.",
        "{n} players sit at the table already; there cannot be more.",
    ),
    "problem_undone_already": (
        "Ez a változás már vissza van vonva.",
        "That change is undone already.",
    ),
    "problem_changed_since": (
        "Azóta újra változott; előbb azt a változást vond vissza.",
        "It changed again since; undo that change first.",
    ),
    "problem_hands_since": (
        "{A_n}. leosztástól már ezzel az ülésrenddel játszottatok; előbb töröld azokat a "
        "leosztásokat.",
        "Hands from hand {n} on were played with this seating; delete them first.",
    ),
    "problem_hand_breaks": (
        "{A_n}. leosztás az új szabályokkal nem számolható el; tartsd meg a korábbi "
        "leosztásoknak a régi szabályt, vagy előbb javítsd a leosztást.",
        "Hand {n} cannot be settled by the new rules; keep the old rules for the earlier "
        "hands, or correct that hand first.",
    ),
}
