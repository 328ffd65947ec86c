// The hand form, live: shows only what applies as the scorer taps, applies presets in
// one tap, and asks the server for the preview (the engine settles it; nothing here
// computes a payment). Which fields apply, and what the facts force, comes from the
// game's description (data.form) through FormConditions (form-conditions.js), the same
// rules the server evaluates (handform.shown); the server reads only what applies, so a
// field this script forgets to hide is harmless.
// Enter saves (the form's first submit button is a hidden Save), but only a hand that is
// complete: otherwise it goes to what is missing, so no keyboard user saves by accident.
(function () {
  "use strict";
  const ENDLESS = ["all_pass", "redeal"];
  const DEBOUNCE_MS = 120;

  // From the back-forward cache the page comes back as it was left (its hand number and
  // version included): load the form afresh, so that it shows the evening as it is now.
  // By its address, not reload(): a page answering a post would be posted again.
  window.addEventListener("pageshow", (event) => {
    const form = document.getElementById("hand-form");
    if (event.persisted && form) window.location.replace(form.dataset.freshUrl);
  });

  document.addEventListener("DOMContentLoaded", () => {
    const form = document.getElementById("hand-form");
    if (!form) return;
    const data = JSON.parse(document.getElementById("hand-form-data").textContent);
    const preview = document.getElementById("preview");
    form.elements.js.value = "1";

    const all = (selector) => Array.from(form.querySelectorAll(selector));
    const value = (name) => {
      const field = form.elements[name];
      return field ? field.value || "" : "";
    };
    const setRadio = (name, v) => {
      for (const input of all(`input[name="${name}"]`)) input.checked = input.value === v;
    };

    function players() {
      const seats = data.seats;
      const dealer = value("dealer");
      const out = all('input[name="sitting_out"]:checked').map((i) => i.value);
      const start = seats.indexOf(dealer) + 1;
      const order = seats.map((_, k) => seats[(start + k) % seats.length]);
      return order.filter((p) => !out.includes(p));
    }

    function setDealer() {
      const dealer = value("dealer");
      const out = data.deals[dealer] || [];
      for (const box of all('input[name="sitting_out"]')) box.checked = out.includes(box.value);
      form.elements.sitting_out_for.value = dealer;
    }

    function applyPreset(preset) {
      if (preset.outcome) {
        setRadio("outcome", preset.outcome);
        throwInByFirstBidder();
        return;
      }
      chooseContract(preset.contract, preset.colour);
    }

    // In an all pass only the first bidder throws in (handform.apply_preset does the same):
    // the preset, the outcome chip and a change of dealer all choose him.
    function throwInByFirstBidder() {
      if (value("outcome") === "all_pass") setRadio("declarer", players()[0] || "");
    }

    function chooseContract(id, colour) {
      const contract = data.contracts[id];
      form.elements.contract.value = id;
      if (ENDLESS.includes(value("outcome"))) setRadio("outcome", "played");
      if (!contract) return;
      const current = value("colour");
      if (colour) setRadio("colour", colour);
      else if (!(contract.required && contract.colours.includes(current))) setRadio("colour", "");
    }

    // The form's fields as the description names them (strings; "" for nothing chosen).
    function fieldValues() {
      const values = {};
      for (const field of data.form.fields) values[field.name] = value(field.name);
      return values;
    }

    // What the facts force (a defenders' csendes 100: the parti was lost), set on the form
    // and said beside the field; when the fact goes, the scorer's own choice comes back.
    const before = {};
    function force(values) {
      const [out, notes] = FormConditions.forced(data.form, values);
      for (const name of Object.keys(before)) {
        if (!(name in notes)) {
          setRadio(name, before[name]);
          out[name] = before[name];
          delete before[name];
        }
      }
      for (const name of Object.keys(notes)) {
        if (!(name in before)) before[name] = values[name];
        setRadio(name, out[name]);
      }
      for (const el of all("[data-forced]")) el.hidden = !(el.dataset.forced in notes);
      return out;
    }

    function update() {
      const ps = players();
      let declarer = value("declarer");
      if (declarer && !ps.includes(declarer)) {
        setRadio("declarer", "");
        declarer = "";
      }
      const defenders = ps.filter((p) => p !== declarer);
      const outcome = value("outcome") || "played";
      const bid = !ENDLESS.includes(outcome);
      const renonsz = value("renonsz");
      if (renonsz && !ps.includes(renonsz)) setRadio("renonsz", "");

      for (const el of all("[data-seat]")) el.hidden = !ps.includes(el.dataset.seat);
      for (const el of all("[data-defender]")) el.hidden = !defenders.includes(el.dataset.defender);

      const values = force(fieldValues());
      const on = new Set(FormConditions.applies(data.form, values));
      const colourField = data.form.fields.find((f) => f.name === "colour");
      const colours = on.has("colour") ? FormConditions.options(colourField, values) : [];
      form.querySelector("#f-colour").hidden = !on.has("colour");
      for (const el of all("[data-colour]")) el.hidden = !colours.includes(el.dataset.colour);

      for (const el of all("[data-component]")) {
        el.hidden = !on.has("kontra-" + el.dataset.component);
      }
      for (const el of all("[data-won]")) {
        el.hidden = !on.has("won-" + el.closest("[data-component]").dataset.component);
      }

      const silent = all("[data-silent]").filter((el) => on.has("silent-" + el.dataset.silent));
      form.querySelector("#f-silent").hidden = !silent.length;
      for (const el of all("[data-silent]")) el.hidden = !silent.includes(el);
      form.querySelector("#f-renonsz").hidden = !on.has("renonsz");

      const out = all('input[name="sitting_out"]:checked').map((i) => i.value);
      const line = { dealer: value("dealer"), out: out.join(", "), first: ps[0] || "" };
      for (const el of form.querySelectorAll("[data-deal]")) el.textContent = line[el.dataset.deal];

      const chosen = chosenPreset(outcome, bid);
      for (const button of all("[data-preset]")) {
        button.setAttribute("aria-pressed", button.dataset.preset === chosen ? "true" : "false");
      }
    }

    // The one preset that looks chosen: after "piros passz" the plain "passz" matches too,
    // and the one naming the colour wins (handform.chosen_preset on the server).
    function chosenPreset(outcome, bid) {
      let best = null;
      for (const [id, p] of Object.entries(data.presets)) {
        const match = p.outcome
          ? outcome === p.outcome
          : bid && value("contract") === p.contract && (!p.colour || value("colour") === p.colour);
        if (match && (best === null || (p.colour && !data.presets[best].colour))) best = id;
      }
      return best;
    }

    // What Enter must not skip: the first field still missing (handform.missing), or null.
    function missingField() {
      if (ENDLESS.includes(value("outcome"))) return null;
      if (!value("declarer")) {
        return form.querySelector('[data-seat]:not([hidden]) input[name="declarer"]');
      }
      if (!data.contracts[value("contract")]) return form.querySelector("[data-preset]");
      return null;
    }

    let timer = null;
    let inflight = null;
    // The preview's explanation stays as the scorer left it; open where there is room.
    let linesOpen = window.matchMedia("(min-width: 60rem)").matches;
    preview.addEventListener("toggle", (event) => (linesOpen = event.target.open), true);
    function schedulePreview() {
      clearTimeout(timer);
      timer = setTimeout(askPreview, DEBOUNCE_MS);
    }

    function askPreview() {
      if (inflight) inflight.abort();
      inflight = new AbortController();
      fetch(form.dataset.previewUrl, {
        method: "POST",
        body: new FormData(form),
        credentials: "same-origin",
        signal: inflight.signal,
      })
        .then((response) => response.text())
        .then((html) => {
          preview.innerHTML = html;
          const lines = preview.querySelector("[data-lines]");
          if (lines) lines.open = linesOpen;
          preview.classList.remove("stale");
        })
        .catch((error) => {
          if (error.name !== "AbortError") preview.classList.add("stale");
        });
    }

    form.addEventListener("click", (event) => {
      if (event.target.closest("[data-default-submit]")) {
        const gap = missingField(); // Enter on an incomplete hand: show what is missing
        if (gap) {
          event.preventDefault();
          gap.focus();
        }
        return;
      }
      const button = event.target.closest("[data-preset]");
      if (!button) return;
      event.preventDefault(); // without this script the preset posts the form
      applyPreset(data.presets[button.dataset.preset]);
      update();
      schedulePreview();
    });

    form.addEventListener("change", (event) => {
      const name = event.target.name;
      if (name === "dealer") setDealer();
      if (name === "sitting_out") form.elements.sitting_out_for.value = value("dealer");
      if (name === "contract") chooseContract(value("contract"), null);
      if (["outcome", "dealer", "sitting_out"].includes(name)) throwInByFirstBidder();
      update();
      schedulePreview();
    });

    const lines = preview.querySelector("[data-lines]");
    if (lines) lines.open = linesOpen;
    update();
    if (value("declarer") || value("contract")) schedulePreview();
  });
})();
