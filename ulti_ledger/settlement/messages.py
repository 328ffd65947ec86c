"""The engine's refusals in Hungarian, keyed by their English template (as a msgid).

`errors.Msg` carries an English template and its values; `translate` says it in the
reader's language. A template missing here is said in English: tests/test_engine_messages.py
finds every template the engine can raise and fails when one has no Hungarian, so a new
refusal comes with its translation. Laid out as a gettext catalogue would be, so that the
move to gettext is a file conversion. Names, labels and JSON keys are values, never
translated; game terms (ulti, kontra, renonsz ...) stay as they are.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

HU: dict[str, str] = {
    # small words a message is built from
    "": "",
    "a list": "lista",
    "an object": "objektum",
    "a string": "szöveg",
    "a boolean": "logikai érték",
    "a number": "szám",
    "null": "null",
    "none": "nincs",
    "no kontra": "kontra nélkül",
    "a hand": "a leosztás",
    "a component": "a játékrész",
    "a silent result": "a csendes eredmény",
    "a renonsz": "a renonsz",
    "all ten tricks": "mind a tíz ütés",
    "100 points": "100 pont",
    "trump game": "adus játék",
    "no-trump game": "szín nélküli játék",
    ' (did you mean "{name}"?)': " (talán „{name}”?)",
    "a won {label}": "a megnyert {label}",
    "the declarer's {label}": "a felvevő {label} eredménye",
    "the defenders' {label}": "a védők {label} eredménye",
    # hands
    "a hand must be a JSON object, not {kind}": "a leosztás JSON-objektum legyen, nem {kind}",
    "a hand must be a JSON object": "a leosztás JSON-objektum legyen",
    "a hand with outcome {outcome} has no {key}": "{outcome} kimenetelű leosztásban nincs {key}",
    "{ruleset} is played by {n}, not {given}": "{ruleset}: {n} játékos játssza, nem {given}",
    "{name} is named twice: playing and sitting out": "{name} kétszer szerepel: játszik is, "
    "és ki is marad",
    "at most {n} players sit out, not {given}": "legfeljebb {n} játékos maradhat ki, nem {given}",
    "a played hand lists its contract's components (a non-empty list)": "a lejátszott "
    "leosztás felsorolja a játék részeit (nem üres lista)",
    "must be true or false, not {value!r}": "true vagy false legyen, nem {value!r}",
    "{label} has no open (terített) form": "{label}: nincs terített formája",
    "say whether the declarer made the {label} (true or false)": "add meg, hogy megvan-e a "
    "felvevőnek: {label} (true vagy false)",
    "{listed} is not a contract of {ruleset}": "{listed}: nem játék ebben: {ruleset}",
    "a {contract} needs a colour: one of {names}": "{contract}: színt kell választani, "
    "ezek közül: {names}",
    "a {contract} is played without a colour": "{contract}: szín nélkül játszható",
    "a {contract} cannot be played in {colour}; allowed: {names}": "{contract}: nem "
    "játszható {colour} színben; választható: {names}",
    "{name} is not a defender in this hand; defenders: {defenders}": "{name} nem védő ebben "
    "a leosztásban; a védők: {defenders}",
    "the kontra on the {label} is common: give one level, or the same level for both "
    "defenders": "{label}: a kontra közös, egy fokot adj meg, vagy mindkét védőnek ugyanazt",
    "must be a kontra level from 0 to {ceiling}, not {value!r}": "0 és {ceiling} közötti "
    "kontrafok legyen, nem {value!r}",
    "kontra level {level} is above this table's ceiling, {top} ({ceiling})": (
        "ez a kontrafok ({level}) több, mint amennyit ez az asztal enged: {top} ({ceiling})"
    ),
    "must be a list, not {kind}": "lista legyen, nem {kind}",
    "a hand thrown in (bedobás) has no silent results": "bedobott leosztásban nincs csendes "
    "eredmény",
    "a {contract} has no silent results ({game})": "{contract}: nincs csendes eredmény ({game})",
    "{label} is listed twice": "{label}: kétszer szerepel",
    "a {contract} allows no {label}; allowed: {allowed}": "{contract} mellett nincs "
    "{label}; lehet: {allowed}",
    "no {label} beside a bid {other}": "bemondott {other} mellett nincs {label}",
    "{value} is not allowed{hint}; allowed: {allowed}": "{value} nem választható{hint}; "
    "választható: {allowed}",
    "the defenders score no {label} at this table": "ennél az asztalnál a védők nem "
    "kaphatnak {label} eredményt",
    "a {label} cannot fail: list it only when made": "{label}: nem bukhat el, csak akkor "
    "add meg, ha megvan",
    "name the defender who played the {label} (one of {defenders})": "{label}: add meg, "
    "melyik védőé ({defenders})",
    "only a defender's silent result under the 'everyone' rule names a player": "játékost "
    "csak a védő csendes eredménye nevez meg, a „mindenki” szabály szerint",
    "{what} ({means}) beside a lost {label}": "{what} ({means}) mellett nem bukhat el: {label}",
    "{what} ({means}) beside a made {label}": "{what} ({means}) mellett nem lehet meg: {label}",
    "{what} ({means}) beside a failed {label}: that side took the last trick too": "{what}"
    " ({means}) mellett nem bukhat el {label}: az utolsó ütést is ez a fél vitte",
    "{what} ({means}) leaves the other side no {label}": "{what} ({means}) mellett a másik "
    "félnek nem lehet {label}",
    "is required: the names of the players, in seating order": "kötelező: a játékosok neve, "
    "ülésrendben",
    "must be a list of names, not {kind}": "nevek listája legyen, nem {kind}",
    "must be a non-empty name, not {value!r}": "nem üres név legyen, nem {value!r}",
    "{name} is named twice": "{name} kétszer szerepel",
    "is required: the name of a player of this hand": "kötelező: a leosztás egyik játékosának neve",
    "{name} sits out this hand": "{name} kimarad ebből a leosztásból",
    "{name} is not playing this hand; players: {players}": "{name} nem játszik ebben a "
    "leosztásban; a játékosok: {players}",
    'must be {{"player": NAME}} or null, not {kind}': 'ilyen legyen: {{"player": NÉV}}, '
    "vagy null, nem {kind}",
    "a hand with outcome {outcome} has no renonsz": "{outcome} kimenetelű leosztásban nincs "
    "renonsz",
    "is not a key of {what}{hint}; allowed: {allowed}": "nem kulcsa ennek: {what}{hint}; "
    "lehet: {allowed}",
    "must be an object, not {kind}": "objektum legyen, nem {kind}",
    "{label} is not played at this table (house rules)": "ennél az asztalnál nincs {label} "
    "(házszabály)",
    "{label} is not paid at this table (house rules)": "ennél az asztalnál nem jár: "
    "{label} (házszabály)",
    ": {why}": " – {why}",
    "a {contract} allows no {label}{why}": "{contract} mellett nincs {label}{why}",
    "{what} ({means}) beside a lost {label}{why}": "{what} ({means}) mellett nem bukhat el: "
    "{label}{why}",
    "{high} is at {top} and {defender} at {level}: at this table the declarer's {rekontra} "
    "goes to both defenders (individual_rekontra_scope = both), so both are at {rekontra} or "
    "higher": "{high}: {top}, {defender}: {level}; ennél az asztalnál a felvevő "
    "{rekontra} mondása mindkét védőnek szól (individual_rekontra_scope = both), így mindkettő "
    "legalább {rekontra}",
    "{defender} at {level} while {high} is at {top} cannot happen: the declarer's {answer} "
    "goes to every defender who said {level}, never to one of them alone": "{defender}: "
    "{level}, {high}: {top}; ez nem lehet, a felvevő {answer} mondása minden védőnek szól, "
    "aki ezt mondta: {level}, sosem csak az egyiküknek",
    # the rulesets' own reasons (all_tricks_why, needs_why), said in Hungarian
    "the declarer leads every trick, so his trump VII misses the last one only if he leads "
    "it early while he holds another trump, and that is a renonsz": "minden ütést a felvevő "
    "hív, így az adu hetese csak akkor nem viszi az utolsó ütést, ha korán kihívja, miközben "
    "van még másik adója, és az renonsz",
    "20s and 40s are said only in a passz, ulti or négy ász bid and their combinations, so "
    "without them neither side reaches 100": "húszat és negyvenet csak passzban, ultiban, "
    "négy ászban és ezek kombinációiban mondanak, így nélkülük egyik fél sem éri el a 100-at",
    # contracts
    "{label} cannot be combined with {other}": "{label} nem játszható együtt ezzel: {other}",
    "components of a trump game and of a no-trump game cannot be combined": "adus és szín "
    "nélküli játék részei nem játszhatók együtt",
    "a contract with {label} carries no parti (the {label} replaces it): remove the parti": (
        "{label} mellett nincs parti ({label} helyettesíti): vedd ki a partit"
    ),
    "this contract carries the parti: add a parti component": "ehhez a játékhoz parti is "
    "tartozik: add hozzá a partit",
    "none of these components has an open (terített) form": "ezeknek a részeknek nincs "
    "terített formája",
    # rulesets and options
    "unknown ruleset {value!r}{hint}; known: {known}": "ismeretlen szabály: {value!r}{hint}; "
    "ismertek: {known}",
    "must be an object of option names and values": "a házszabályok neveit és értékeit "
    "tartalmazó objektum legyen",
    "must be a whole number from {minimum} to {maximum}, not {value!r}": "{minimum} és "
    "{maximum} közötti egész szám legyen, nem {value!r}",
    "{value!r} is not a value of this option{hint}; allowed: {allowed}": "{value!r} nem "
    "értéke ennek a házszabálynak{hint}; lehet: {allowed}",
    "{ruleset} has no house-rule option of that name{hint}; known options: {known}": "{ruleset}: "
    "nincs ilyen nevű házszabály{hint}; ismertek: {known}",
    "the file is not valid JSON (a number has more than 4300 digits)": "a fájl nem érvényes "
    "JSON (egy számban több mint 4300 számjegy van)",
    "holds text that is not valid Unicode (a lone surrogate, \\ud800-\\udfff); export the "
    "file again": "érvénytelen Unicode-szöveg van benne (magányos helyettesítő karakter, "
    "\\ud800–\\udfff); exportáld újra a fájlt",
    "must be one value (a word or a whole number), not {kind}": "egyetlen érték legyen (szó "
    "vagy egész szám), nem {kind}",
    # sessions
    'must be {"amount": "10", "currency": "HUF"}': 'ilyen legyen: {"amount": "10", '
    '"currency": "HUF"}',
    'must be a decimal string such as "10" or "0.5"': "tizedes számot tartalmazó szöveg "
    'legyen, például "10" vagy "0.5"',
    "{value!r} is not a decimal number": "{value!r} nem tizedes szám",
    "must be a finite amount, zero or more": "véges, nullánál nem kisebb összeg legyen",
    "must be a currency code such as HUF or EUR": "pénznemkód legyen, például HUF vagy EUR",
    "a session has 3, 4 or 5 players, in seating order": "egy estén 3, 4 vagy 5 játékos "
    "játszik, ülésrendben",
    "a session must be a JSON object": "az este JSON-objektum legyen",
    "is not a key of a session; allowed: {allowed}": "nem kulcsa az estének; lehet: {allowed}",
    'must be "{format}", not {value!r}': 'ez legyen: "{format}", nem {value!r}',
    "{value!r} is not a player of this session": "{value!r} nem játékosa ennek az estének",
    "{name} is not a player of this session": "{name} nem játékosa ennek az estének",
    "must be a list of hands": "leosztások listája legyen",
    'must be a list of {"from_hand": N, "players": [...]}': "ilyenek listája legyen: "
    '{"from_hand": N, "players": [...]}',
    'must be {"from_hand": N, "players": [...]}': 'ilyen legyen: {"from_hand": N, '
    '"players": [...]}',
    "must be a hand number after {last} and at most {most}, not {value!r}": "leosztásszám "
    "legyen: nagyobb, mint {last}, és legfeljebb {most}; nem {value!r}",
    # the ledger's checks of a hand at a table
    "{value!r} is not at this table; players: {players}": "{value!r} nem ül ennél az "
    "asztalnál; a játékosok: {players}",
    "this session plays {ruleset}; a hand cannot change the ruleset": "ez az este ezt a "
    "szabályt játssza: {ruleset}; egy leosztás nem válthat szabályt",
    "{name} is not at this table; players: {players}": "{name} nem ül ennél az asztalnál; "
    "a játékosok: {players}",
    "mindenki passz: only the first bidder ({first}) throws in, not {name}": "mindenki "
    "passz: csak az első licitáló ({first}) dobhatja be a lapjait, nem {name}",
    # the app's bounds on one session's work (ledger.limits)
    "a session holds at most {limit} hands; this one would have {count}: start a new "
    "evening for the next hands": "egy este legfeljebb {limit} leosztást tartalmazhat; ez "
    "{count} leosztásos lenne: a további leosztásokhoz kezdj új estét",
    "at most {limit} evenings are settled together, not {count}": "legfeljebb {limit} estét "
    "lehet együtt elszámolni, nem {count} estét",
    # snapszer hands (games/snapszer/hand.py)
    "a snapszer hand": "a snapszerleosztás",
    "a snapszer": "a snapszer",
    "{first} or {last}": "{first} vagy {last}",
    "scoresheet credits the winners without debiting anyone, and results do not keep a score "
    "column yet; settle with transfer": "a scoresheet elszámolás a győzteseknek jóváír, "
    "senkitől sem von le, az eredmények pedig még nem vezetnek pontoszlopot; válaszd a "
    "transfer elszámolást",
    "only at four players: who reached 66 alone, before the chosen card was seen": "csak "
    "négy játékosnál: aki a választott lap előtt egyedül elérte a 66-ot",
    "leave {key} out when winner is given: the winner played alone against the other "
    "three": "ha winner meg van adva, {key} maradjon ki: a győztes egyedül játszott a másik "
    "három ellen",
    "a hand with a renonsz or a redeal has no winner": "renonszos vagy újraosztott "
    "leosztásban nincs winner",
    "at three players the starting player plays alone: leave partner out": "három "
    "játékosnál a kezdőjátékos egyedül játszik: partner maradjon ki",
    "is required at four players: the holder of the chosen card, or null when the starting "
    "player held it himself": "négy játékosnál kötelező: a választott lap gazdája, vagy "
    "null, ha a lap a kezdőjátékosnál volt",
    "{name} is the starting player; when he held the chosen card himself, partner is "
    "null": "{name} a kezdőjátékos; ha a választott lap nála volt, a partner null",
    'must be {{"by": NAME}} or null, not {kind}': 'ilyen legyen: {{"by": NÉV}}, vagy null; '
    "nem {kind}",
    "an announced snapszer is played by its side, not won alone with winner": "a bemondott "
    "snapszert az oldala játssza: nem lehet winner mellett, egyedül megnyerve",
    "only the starting player or the chosen card's holder announces a snapszer ({allowed}), "
    "not {name}": "snapszert csak a kezdőjátékos vagy a választott lap gazdája mondhat "
    "({allowed}), {name} nem",
    "is required: true when the starting player's side won": "kötelező: true, ha a "
    "kezdőjátékos oldala nyert",
    "must be true or false, not {kind}": "true vagy false legyen, nem {kind}",
    "a snapszer is worth the same however the losers played: leave loser out": "a snapszer "
    "ugyanannyit ér, akárhogy játszottak a vesztesek: loser maradjon ki",
    "is required: the losing side's cards, {allowed}": "kötelező: a vesztes oldal lapjai, "
    "ezek egyike: {allowed}",
    "a renonsz decides the hand: leave {key} out": "a renonsz eldönti a leosztást: {key} "
    "maradjon ki",
    "{ruleset} hands can be settled (ulti-ledger settle, the engine), but not yet kept as an "
    "evening": "{ruleset} leosztásokat már el lehet számolni (ulti-ledger settle, a motor), "
    "de estét még nem lehet belőlük vezetni",
}


def translate(template: str, params: Mapping[str, Any], lang: str = "en") -> str:
    """``template`` in ``lang`` with ``params`` filled in (a `Msg` value in ``lang`` too)."""
    text = HU.get(template, template) if lang == "hu" else template
    if not params:
        return text
    values = {
        k: v.text(lang) if hasattr(v, "text") and hasattr(v, "template") else v
        for k, v in params.items()
    }
    return text.format(**values)
