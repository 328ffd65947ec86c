"""The page's own script evaluates the form's rules as the server does: the cases of
tests/data/form_conditions.json, run by FormConditions in chromium on a real hand form
(the Ulti cases on the description the page carries), and the forced parti on the page."""

import json
from pathlib import Path

CASES = json.loads((Path(__file__).parents[1] / "data/form_conditions.json").read_text("utf-8"))

RUN = """([forms, cases]) => {
  const page = FormConditions.unpack(
    JSON.parse(document.getElementById('game-form-data').textContent).form);
  return cases.map((c) => {
    const form = c.form === 'ulti' ? page : forms[c.form];
    const [values, notes] = FormConditions.forced(form, c.values);
    const options = {};
    for (const name of Object.keys(c.options || {})) {
      options[name] = FormConditions.options(form.fields.find((f) => f.name === name), values);
    }
    const forced = {};
    for (const name of Object.keys(c.forced || {})) forced[name] = values[name];
    return {applies: FormConditions.applies(form, values), notes: Object.keys(notes).sort(),
            forced, options};
  });
}"""


def open_form(page, table):
    page.goto(table.url + "/hands/new")
    page.wait_for_function("document.forms['hand-form'].elements.js.value === '1'")


def test_the_page_s_script_holds_the_shared_cases(phone, table):
    open_form(phone, table)
    results = phone.evaluate(RUN, [CASES["forms"], CASES["cases"]])
    assert len(results) == len(CASES["cases"])
    for case, got in zip(CASES["cases"], results, strict=True):
        name = case["name"]
        if "applies" in case:
            assert got["applies"] == case["applies"], name
        assert set(case.get("shows", [])) <= set(got["applies"]), name
        assert not set(case.get("hides", [])) & set(got["applies"]), name
        assert got["forced"] == case.get("forced", {}), name
        assert got["notes"] == sorted(case.get("forced", {})), name
        assert got["options"] == case.get("options", {}), name


def test_a_defenders_csendes_100_sets_the_parti_lost_and_says_so(phone, table):
    open_form(phone, table)
    for testid in ("declarer-Béla", "preset-piros-passz", "silent-100-defenders"):
        phone.get_by_test_id(testid).click()
    note = phone.get_by_test_id("forced-won-parti")
    assert note.is_visible() and "a parti bukott" in note.inner_text()
    assert phone.locator('input[name="won-parti"][value="0"]').is_checked()
    phone.get_by_test_id("silent-100-none").click()  # the fact goes: the scorer's choice is back
    assert not note.is_visible()
    assert phone.locator('input[name="won-parti"][value="1"]').is_checked()
    phone.get_by_test_id("silent-100-defenders").click()
    with phone.expect_navigation():
        phone.get_by_test_id("save").click()
    (hand,) = table.hands()
    parti = next(c for c in hand["hand"]["components"] if c["name"] == "parti")
    assert parti["won"] is False
    assert hand["hand"]["silent"] == [{"name": "100", "side": "defenders", "won": True}]
