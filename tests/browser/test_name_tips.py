"""Two players who share a surname, on a 390 px phone, in every game: their labels differ in
their letters (not only by an accent), no label is clipped (an accent above a capital
included), and a tap, a long press or the keyboard shows the whole name.

The evenings are every shipped ruleset of every game in the registry, at its smallest and
its largest table, with "Kovács-Szabó Anna" and "Kovács-Szabó Árpád" (initials "KSzA" and
"KSzÁ" before: a clipped accent read "KSzA KSzA"); and the group that holds them.
"""

from __future__ import annotations

import pytest

from testkit import samples
from testkit.live_server import serve
from tests.conftest import close_app, make_app
from ulti_ledger import ledger
from ulti_ledger.games import REGISTRY, builtin_engine
from ulti_ledger.groups import store
from ulti_ledger.words.name_labels import plain

TWINS = ("Kovács-Szabó Anna", "Kovács-Szabó Árpád")
OTHERS = ("Béla", "Cili", "Dóra")
SIZES = (1.0, 1.5)
"""The page's type at the phone's default size and at a larger one a reader may choose."""

EVENINGS = [
    (game, ruleset_id, size)
    for game in REGISTRY
    for ruleset_id, ruleset in sorted(builtin_engine().rulesets.items())
    if ruleset.scorer == game
    for size in sorted({ruleset.seating().smallest, ruleset.seating().largest})
]

LABELS = """() => {
  // What each name-button shows, and the parts of it that a box around it cuts off. The
  // ink of the text (its accents) is measured from the baseline with the font's own
  // glyph extents (canvas measureText), not the line box: a clipped "Á" has a whole box.
  const ctx = document.createElement('canvas').getContext('2d');
  const out = [];
  for (const el of document.querySelectorAll('.pname-tip')) {
    if (el.offsetParent === null) continue;
    const short = el.classList.contains('is-short');
    const shown = el.querySelector(short ? '.pn-short' : '.pn-full');
    const style = getComputedStyle(shown);
    ctx.font = `${style.fontStyle} ${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
    const range = document.createRange();
    range.selectNodeContents(shown);
    const rects = [...range.getClientRects()].filter((r) => r.width > 0);
    const probe = document.createElement('span');
    probe.style.cssText = 'display:inline-block;width:0;height:0;vertical-align:baseline';
    shown.prepend(probe);
    const baseline = probe.getBoundingClientRect().bottom;
    probe.remove();
    const lines = [...new Set(rects.map((r) => Math.round(r.top)))].length;
    const first = ctx.measureText(shown.textContent);
    const ink = {
      top: baseline - first.actualBoundingBoxAscent,
      bottom: lines > 1 ? -Infinity : baseline + first.actualBoundingBoxDescent,
      left: Math.min(...rects.map((r) => r.left)),
      right: Math.max(...rects.map((r) => r.right)),
    };
    const cut = [];
    for (let box = el.parentElement; box && box !== document.body; box = box.parentElement) {
      const s = getComputedStyle(box);
      const r = box.getBoundingClientRect();
      const top = r.top + parseFloat(s.borderTopWidth);
      const bottom = r.bottom - parseFloat(s.borderBottomWidth);
      const left = r.left + parseFloat(s.borderLeftWidth);
      const right = r.right - parseFloat(s.borderRightWidth);
      if (s.overflowY !== 'visible' && (ink.top < top - 0.5 || ink.bottom > bottom + 0.5))
        cut.push(`${box.className || box.tagName} cuts it top or bottom`);
      if (s.overflowX !== 'visible' && s.overflowX !== 'auto' && s.overflowX !== 'scroll'
          && (ink.left < left - 0.5 || ink.right > right + 0.5))
        cut.push(`${box.className || box.tagName} cuts it at the side`);
    }
    out.push({
      full: el.querySelector('.pn-full').textContent.trim(),
      shown: shown.textContent.trim(),
      where: el.closest('.sheet-head') ? 'head' : el.closest('.balance') ? 'total'
        : el.closest('[data-testid="group-evenings"]') ? 'group' : 'other',
      tip: el.getAttribute('popovertarget'),
      cut,
    });
  }
  return out;
}"""


@pytest.fixture(scope="module")
def boards(tmp_path_factory):
    """Each evening's board and the group page, on one live app."""
    app = make_app(tmp_path_factory.mktemp("name-tips"))
    try:
        urls = {}
        with app.app_context():
            group = store.create_group("Kovács-Szabók")
            for index, (game, ruleset_id, size) in enumerate(EVENINGS):
                seats = (*TWINS, *OTHERS)[:size]
                body = samples.random_session(
                    seats, size, seed=index, name=f"{game} {size}", ruleset=ruleset_id
                )
                session = ledger.create_session(body)
                store.add_evening(group, session)
                urls[game, ruleset_id, size] = f"/e/{session.edit_token}"
            group_url = f"/g/{group.view_token}"
        with serve(app) as port:
            yield f"http://127.0.0.1:{port}", urls, group_url
    finally:
        close_app(app)


@pytest.fixture
def touch_phone(browser):
    context = browser.new_context(
        viewport={"width": 390, "height": 844}, has_touch=True, service_workers="block"
    )
    page = context.new_page()
    page.set_default_timeout(10_000)
    yield page
    context.close()


def read_labels(page, scale: float) -> list[dict]:
    # as a phone's larger type would: the page's rem grows, and app.js fits the names anew
    page.evaluate(f"document.documentElement.style.fontSize = '{scale * 100}%'")
    page.evaluate("window.dispatchEvent(new Event('resize'))")
    page.evaluate("new Promise((done) => requestAnimationFrame(() => setTimeout(done, 0)))")
    return page.evaluate(LABELS)


def check_twins(labels: list[dict], where: str, scale: float) -> None:
    shown = {label["full"]: label["shown"] for label in labels if label["where"] == where}
    assert set(TWINS) <= set(shown), (where, shown)
    a, b = (shown[name] for name in TWINS)
    assert plain(a) != plain(b), (where, a, b)  # apart in their letters, accents aside
    cut = [(x["full"], x["shown"], x["where"], x["cut"]) for x in labels if x["cut"]]
    assert cut == [], scale


def tap_shows_whole_name(page, labels: list[dict], where: str) -> None:
    for name in TWINS:
        tip = next(x["tip"] for x in labels if x["where"] == where and x["full"] == name)
        button = page.locator(f'[popovertarget="{tip}"]')
        button.tap()
        popover = page.locator(f"#{tip}")
        assert popover.is_visible(), (where, name)
        assert popover.inner_text().strip() == name
        box = popover.bounding_box()
        assert box["x"] >= 0 and box["x"] + box["width"] <= 390
        page.keyboard.press("Escape")
        assert not popover.is_visible()
        button.dispatch_event("contextmenu")  # a long press
        assert popover.is_visible(), (where, name, "long press")
        page.keyboard.press("Escape")
        button.focus()
        page.keyboard.press("Enter")
        assert popover.is_visible(), (where, name, "keyboard")
        assert button.get_attribute("aria-expanded") == "true" or button.evaluate(
            "b => b.popoverTargetElement.matches(':popover-open')"
        )
        page.keyboard.press("Escape")


@pytest.mark.parametrize(("game", "ruleset_id", "size"), EVENINGS)
def test_two_kovacs_szabos_on_every_board(boards, touch_phone, game, ruleset_id, size):
    base, urls, _ = boards
    touch_phone.goto(base + urls[game, ruleset_id, size])
    for scale in SIZES:
        labels = read_labels(touch_phone, scale)
        for where in ("head", "total"):
            check_twins(labels, where, scale)
    labels = read_labels(touch_phone, 1.0)
    assert any(x["where"] == "head" and x["shown"] != x["full"] for x in labels)  # initials
    tap_shows_whole_name(touch_phone, labels, "head")
    tap_shows_whole_name(touch_phone, labels, "total")


def test_two_kovacs_szabos_in_the_group(boards, touch_phone):
    base, _, group_url = boards
    touch_phone.goto(base + group_url)
    for scale in SIZES:
        labels = read_labels(touch_phone, scale)
        assert [label for label in labels if label["cut"]] == []
        assert {x["full"] for x in labels if x["where"] == "group"} >= set(TWINS)
    tap_shows_whole_name(touch_phone, read_labels(touch_phone, 1.0), "group")
