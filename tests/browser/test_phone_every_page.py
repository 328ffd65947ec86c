"""Every page of every registered game on a 390 px phone, with long names.

One evening per shipped ruleset (the registry's, so a game added tomorrow is checked too),
at its largest table, with a few hands and its house rules switched the way that shows the
most (every option away from its default, an option that is on kept on: Skat's
Seeger–Fabian tally, Bock and Kontra/Re), all in one group. Each page is loaded once, the
evenings' in hu, de and en in turn: the board, the new-hand form (its deal opened), a
hand's edit form (with its live preview), the read-only view, the settlement, the
statistics, the evening's settings and players, and the group and its statistics.

On each: the page never scrolls sideways (and the board's drawing of the table keeps its
words inside it); no text stands a letter per line; no word of a
player's name breaks inside itself (a name wraps at spaces and hyphens, or goes by its
initials); a name cut short by the page is marked by the PDF's initials, and the two
players who share a surname ("Kovács-Szabó Anna", "Kovács-Szabó Béla") never show alike.
"""

from __future__ import annotations

from testkit import samples
from ulti_ledger import ledger
from ulti_ledger.games import builtin_engine
from ulti_ledger.groups import store
from ulti_ledger.words.name_labels import labels

WIDTH = 390
NAMES = [
    "Kovács-Szabó Anna",
    "Kovács-Szabó Béla",
    "Szentgyörgyi Annamária",
    "Friedrich-Wilhelm Hohenzollern",
    "Őrszentmiklósi Ünőkő Zsófia",
    "Árvíztűrő Tükörfúrógépű Ödön",
]
HANDS = 4
LANGUAGES = ("hu", "de", "en")
"""The evenings' pages take the three languages in turn (German's words are the longest)."""

MEASURE = """(names) => {
  const parts = [...new Set(names.flatMap(n => n.split(/[\\s\\-]+/)).filter(w => w.length > 1))];
  const out = {width: document.documentElement.scrollWidth, broken: [], letters: [], cut: [],
               shown: {}};
  const where = el =>
    (el.closest('[data-testid]') || el).dataset.testid || el.className || el.tagName;
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const el = node.parentElement;
    if (!el || el.closest('script,style,template,option,textarea,title')) continue;
    const re = /[^\\s\\-\\u2010\\u2013\\/]+/g;
    let m;
    while ((m = re.exec(node.data))) {
      const word = m[0];
      if (word.length < 2) continue;
      const range = document.createRange();
      range.setStart(node, m.index);
      range.setEnd(node, m.index + word.length);
      const rects = [...range.getClientRects()].filter(r => r.width > 0);
      const lines = new Set(rects.map(r => Math.round(r.top))).size;
      if (lines < 2) continue;
      if (parts.some(p => word.includes(p))) out.broken.push(word + ' @' + where(el));
      if (word.length >= 3 && word.length / lines <= 2) out.letters.push(word + ' @' + where(el));
    }
  }
  // A name cut by an ellipsis, unmarked: only the initials may stand for a name.
  for (const el of document.querySelectorAll('*')) {
    const style = getComputedStyle(el);
    if (style.textOverflow === 'ellipsis' && el.scrollWidth > el.clientWidth + 1
        && parts.some(p => el.textContent.includes(p))) out.cut.push(where(el));
  }
  for (const el of document.querySelectorAll('.pname')) {
    if (el.offsetParent === null) continue;
    const full = (el.querySelector('.pn-full') || el).textContent.trim();
    const shown = el.classList.contains('is-short')
      ? el.querySelector('.pn-short').textContent : full;
    (out.shown[full] = out.shown[full] || []).push(shown.trim());
  }
  return out;
}"""


DRAWING_OUTSIDE = """() => {
  const svg = document.querySelector('[data-testid="table-drawing"] svg');
  if (!svg) return ['no drawing'];
  const edge = svg.getBoundingClientRect();
  return [...svg.querySelectorAll('text')].filter(text => {
    const r = text.getBoundingClientRect();
    return r.left < edge.left - 0.5 || r.right > edge.right + 0.5
      || r.top < edge.top - 0.5 || r.bottom > edge.bottom + 0.5;
  }).map(text => text.textContent);
}"""
"""The words of the board's table drawing that leave it (the SVG clips them)."""


def widest_options(ruleset) -> dict[str, str]:
    """Every house rule away from its default, except that an option that is on stays on:
    the columns, tallies and notices a ruleset can add all show."""
    out = {}
    for key, option in ruleset.options.items():
        choices = list(option.choices or ())
        default = str(ruleset.defaults[key])
        others = [c for c in choices if c != default]
        if others and default != "on":
            out[key] = others[0]
    return out


def with_lang(path: str, lang: str) -> str:
    return f"{path}{'&' if '?' in path else '?'}lang={lang}"


def evenings(app):
    """One evening per shipped ruleset at its largest table, all in one group: the pages."""
    pages = []
    with app.app_context():
        group = store.create_group("Keddi kör, hosszú nevekkel és hosszú estékkel")
        for index, (ruleset_id, ruleset) in enumerate(sorted(builtin_engine().rulesets.items())):
            lang = LANGUAGES[index % len(LANGUAGES)]
            seats = tuple(NAMES[: ruleset.seating().largest])
            body = samples.random_session(
                seats,
                HANDS,
                seed=5,
                name=f"Péntek este: {ruleset.label}",
                ruleset=ruleset_id,
                options=widest_options(ruleset),
            )
            session = ledger.create_session(body)
            store.add_evening(group, session)
            edit, view = f"/e/{session.edit_token}", f"/s/{session.view_token}"
            pages += [
                (ruleset_id, kind, with_lang(path, lang), seats)
                for kind, path in (
                    ("board", edit),
                    ("form", f"{edit}/hands/new"),
                    ("edit", f"{edit}/hands/1/edit"),
                    ("view", view),
                    ("settlement", f"{view}?method=pairwise"),
                    ("statistics", f"{view}/stats"),
                    ("settings", f"{edit}/evening"),
                )
            ]
        token = group.view_token
        pages += [
            ("group", "group", f"/g/{token}?lang=de", tuple(NAMES)),
            ("group", "group statistics", f"/g/{token}/stats?lang=hu", tuple(NAMES)),
        ]
    return pages


def test_every_page_of_every_game_fits_a_phone(app, phone, live_url):
    page = phone
    problems = []
    for ruleset_id, kind, path, seats in evenings(app):
        page.goto(live_url + path)
        if kind == "form":  # the deal's chips: who deals, who sits out
            page.get_by_test_id("deal-toggle").click()
        page.wait_for_timeout(50)  # app.js fits the names after the layout settles
        found = page.evaluate(MEASURE, list(seats))
        what = f"{ruleset_id} {kind} ({path.rsplit('lang=', 1)[1]})"
        if found["width"] > WIDTH:
            problems.append(f"{what}: {found['width']} px wide")
        for key in ("broken", "letters", "cut"):
            if found[key]:
                problems.append(f"{what}: {key} {sorted(set(found[key]))}")
        short = labels(list(seats), 0)
        for name, shown in found["shown"].items():
            unknown = set(shown) - {name, short.get(name)}
            if unknown:
                problems.append(f"{what}: {name} shown as {sorted(unknown)}")
        anna, bela = (set(found["shown"].get(n, ())) for n in NAMES[:2])
        if anna & bela:
            problems.append(f"{what}: the Kovács-Szabós both shown as {sorted(anna & bela)}")
        if kind in ("board", "edit", "view"):
            assert found["shown"], f"{what}: no player's name drawn by player_name"
        if kind == "edit":  # the live preview's tiles, one per seated player
            assert page.locator(".amount .pname").count() == len(seats), what
        if kind in ("board", "view"):  # the table is drawn, every word of it inside
            outside = page.evaluate(DRAWING_OUTSIDE)
            if outside:
                problems.append(f"{what}: the table's drawing cuts {outside}")
    assert problems == []
