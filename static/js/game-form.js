// Every game's hand form (templates/hands/game_form.html), live: shows and hides the
// fields as the scorer taps, by the game's description (FormConditions, the rules the
// server runs), makes the choices the facts force and says so, sets a preset's values in
// one tap, changes who sits out with the dealer, and asks the server for the preview (the
// engine settles it; nothing here computes a payment). The server reads only what
// applies, so a field this script forgets to hide is harmless. Without this script the
// form still works: presets and Preview post it and the server draws the new layout.
// Enter saves (the form's first submit button is a hidden Save), but only a hand whose
// fields are all chosen: otherwise it goes to the first one still open.
(function () {
  "use strict";
  const DEBOUNCE_MS = 120;

  // From the back-forward cache the page comes back as it was left (its hand number and
  // version included): load the form afresh, so that it shows the evening as it is now.
  window.addEventListener("pageshow", (event) => {
    const form = document.getElementById("hand-form");
    if (event.persisted && form) window.location.replace(form.dataset.freshUrl);
  });

  document.addEventListener("DOMContentLoaded", () => {
    const form = document.getElementById("hand-form");
    const data = document.getElementById("game-form-data");
    if (!form || !data || !window.FormConditions) return;
    const { form: packed, fixed, deals } = JSON.parse(data.textContent);
    const FC = window.FormConditions;
    const description = FC.unpack(packed);
    const preview = document.getElementById("preview");
    const all = (selector, root) => Array.from((root || form).querySelectorAll(selector));
    const box = (name) => form.querySelector(`[data-field="${CSS.escape(name)}"]`);
    form.elements.js.value = "1";

    // The form's inputs by name, found in one walk (the fields never change; a tap only
    // checks, shows and hides; a field drawn from its template walks again): a tap reads
    // and writes through these, never a selector. One selector per field was a tenth of a
    // second of a cheap phone's start on magas tarokk's form.
    let named = null;
    function inputs(name) {
      if (!named) {
        named = new Map();
        for (const el of form.querySelectorAll("[name]")) {
          const key = el.getAttribute("name");
          if (!named.has(key)) named.set(key, []);
          named.get(key).push(el);
        }
      }
      return named.get(name) || [];
    }

    function chosen(name) {
      const [input] = inputs(name);
      if (input && input.tagName === "SELECT") return input.value || null;
      // a typed field (kind "number") is read as typed; a tapped one by its checked chip
      if (input && input.type === "number") return input.value || null;
      const checked = inputs(name).find((i) => i.tagName === "INPUT" && i.checked);
      return checked ? checked.value : null;
    }

    function choose(name, value) {
      draw(name); // a value set on a field not drawn yet (a preset's, a forced one)
      const [input] = inputs(name);
      if (input && (input.tagName === "SELECT" || input.type === "number")) {
        input.value = value;
        return;
      }
      for (const radio of inputs(name)) {
        if (radio.tagName === "INPUT") radio.checked = radio.value === value;
      }
    }

    // Who plays: the deal's, or the chosen dealer's own (the boxes say who sits out).
    const outBoxes = all('input[name="sitting_out"]');
    function players() {
      const out = outBoxes;
      if (!out.length) return fixed.players;
      const seated = out.filter((i) => i.checked).map((i) => i.value);
      const own = deals[chosen("dealer")];
      const order = own ? own.players.concat(own.sitting_out) : fixed.seats;
      return order.filter((p) => !seated.includes(p));
    }

    function values() {
      const out = { players: players(), seats: fixed.seats };
      out.first_bidder = out.players[0] || "";
      for (const field of description.fields) {
        const value = chosen(field.name);
        if (value !== null) out[field.name] = value;
      }
      return out;
    }

    // What the facts force is set and said beside the field; when the fact goes, the
    // scorer's own choice comes back.
    const before = {};
    function force(now) {
      const [out, notes] = FC.forced(description, now);
      for (const name of Object.keys(before)) {
        if (!(name in notes)) {
          choose(name, before[name]);
          out[name] = before[name];
          delete before[name];
        }
      }
      for (const name of Object.keys(notes)) {
        if (!(name in before)) before[name] = now[name] === undefined ? "" : now[name];
        choose(name, out[name]);
      }
      for (const el of forcedNotes) {
        el.hidden = notes[el.dataset.forced] !== el.dataset.note;
      }
      return out;
    }

    // Each field's parts, found once it is drawn. A tap writes only what changes, and
    // walks a field's options only while it shows (a hidden field is not read: its options
    // are set when it shows again). A field that did not apply when the page was drawn is
    // a <template> (game_form.html) until it first applies: magas tarokk's figures, most of
    // its form, are not in the page until named.
    const lazy = new Map(all("template[data-lazy]").map((t) => [t.dataset.lazy, t]));
    const partOf = (field, el) => ({
        field,
        el,
        inputs: all("input, select", el),
        single: all("input, select", el).filter((input) => !input.closest("[data-defender]")),
        own: new Set((field.options || []).map((o) => o.value)),
        chips: all("[data-option]", el).map((node) => ({
          node,
          value: node.dataset.option,
          player: node.dataset.player,
          input: node.querySelector("input"),
        })),
        choices: all("option", el).filter((option) => option.value),
        rows: all("[data-defender]", el).map((row) => ({
          row,
          who: row.dataset.defender,
          inputs: all("input", row),
        })),
      });
    const boxes = new Map(); // each field's box, the first in the page (as `box` finds it)
    for (const el of all("[data-field]")) if (!boxes.has(el.dataset.field)) boxes.set(el.dataset.field, el);
    const parts = description.fields
      .map((field) => ({ field, el: boxes.get(field.name) || null }))
      .filter((part) => part.el || lazy.has(part.field.name))
      .map(({ field, el }) => (el ? partOf(field, el) : { field, el: null }));
    const partByName = new Map(parts.map((part) => [part.field.name, part]));
    let forcedNotes = all("[data-forced]");

    // The field drawn from its template, in its place, and its parts found.
    // (offline.js may have drawn it already, to fill in a kept hand's values)
    function draw(name) {
      const template = lazy.get(name);
      if (!template) return;
      lazy.delete(name);
      if (template.isConnected) template.replaceWith(template.content);
      named = null;
      forcedNotes = all("[data-forced]");
      const part = partByName.get(name);
      const el = box(name);
      if (part && el) Object.assign(part, partOf(part.field, el));
    }
    const dealLines = all("[data-deal]");
    const presetButtons = all("[data-preset]");
    // Written only when they change (a write restyles even when it changes nothing).
    const show = (el, shown) => {
      if (el.hidden === shown) el.hidden = !shown;
    };
    const enable = (input, on) => {
      if (input.disabled === on) input.disabled = !on;
    };

    function refresh() {
      const now = force(values());
      const on = new Set(FC.applies(description, now));
      const playing = now.players;
      let drawn = false;
      for (const part of parts) {
        const shown = on.has(part.field.name);
        if (!part.el) {
          if (!shown) continue; // not drawn, not posted
          draw(part.field.name);
          if (!part.el) continue;
          drawn = true;
        }
        show(part.el, shown);
        if (!shown) {
          // A hidden field is not posted: the server reads only what applies.
          for (const input of part.inputs) enable(input, false);
          // a player who no longer plays (the dealer changed) is chosen again, even here
          for (const chip of part.chips) {
            if (chip.player && chip.input && chip.input.checked && !playing.includes(chip.value)) {
              chip.input.checked = false;
            }
          }
          continue;
        }
        const offered = new Set(FC.options(part.field, now));
        for (const chip of part.chips) {
          let visible = part.own.has(chip.value) ? offered.has(chip.value) : true;
          if (chip.player === "players" || chip.player === "defenders") {
            visible = playing.includes(chip.value);
          }
          if (chip.player === "defenders" && chip.value === now.declarer) visible = false;
          show(chip.node, visible);
          // a player who no longer plays (the dealer changed) is chosen again
          if (!visible && chip.player && chip.input && chip.input.checked) chip.input.checked = false;
        }
        for (const option of part.choices) {
          show(option, !part.own.has(option.value) || offered.has(option.value));
        }
        for (const input of part.single) enable(input, true);
        for (const { row, who, inputs: rowInputs } of part.rows) {
          const asked = playing.includes(who) && who !== now.declarer;
          show(row, asked);
          for (const input of rowInputs) enable(input, asked);
        }
      }
      const line = { dealer: now.dealer || "", out: "", first: playing[0] || "" };
      line.out = outBoxes
        .filter((i) => i.checked)
        .map((i) => i.value)
        .join(", ");
      for (const el of dealLines) {
        if (el.textContent !== line[el.dataset.deal]) el.textContent = line[el.dataset.deal];
      }
      const chosenPreset = pressed(now);
      for (const button of presetButtons) {
        const state = button.dataset.preset === chosenPreset ? "true" : "false";
        if (button.getAttribute("aria-pressed") !== state) button.setAttribute("aria-pressed", state);
      }
      // A field drawn now brings its drawn default (a figure's side, its kontra "nincs"),
      // on which other fields may depend: once more, until nothing new applies.
      if (drawn) refresh();
    }

    // The one preset that looks chosen: the most specific one whose values all hold.
    function pressed(now) {
      let best = null;
      for (const preset of description.presets) {
        const held = Object.entries(preset.set).every(([k, v]) => now[k] === v);
        if (held && (!best || Object.keys(preset.set).length > Object.keys(best.set).length)) {
          best = preset;
        }
      }
      return best ? best.id : null;
    }

    // The first field that applies and has nothing chosen (Enter goes there, not to Save).
    function missingField() {
      const now = values();
      for (const name of FC.applies(description, now)) {
        const field = description.fields.find((f) => f.name === name);
        if (field.optional || field.per || (now[name] !== undefined && now[name] !== "")) continue;
        if ((field.options || []).some((o) => o.value === "")) continue;
        // a field a preset sets is chosen there first (the game's buttons)
        const preset = description.presets.find((p) => name in p.set);
        const button = preset && form.querySelector(`[data-preset="${CSS.escape(preset.id)}"]`);
        if (button) return button;
        const el = box(name);
        const target = el && el.querySelector("select, label:not([hidden]) input");
        if (target) return target;
      }
      return null;
    }

    let timer = null;
    let inflight = null;
    let linesOpen = window.matchMedia("(min-width: 60rem)").matches;
    preview.addEventListener("toggle", (event) => (linesOpen = event.target.open), true);
    function schedulePreview() {
      clearTimeout(timer);
      timer = setTimeout(askPreview, DEBOUNCE_MS);
    }
    // A tap is a complete answer: asked at once. Typed digits wait DEBOUNCE_MS.
    function askNow() {
      clearTimeout(timer);
      askPreview();
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
      const preset = event.target.closest("[data-preset]");
      if (!preset) return;
      event.preventDefault(); // without this script the preset posts the form
      for (const [name, value] of Object.entries(JSON.parse(preset.dataset.set))) {
        choose(name, value);
      }
      refresh();
      askNow();
    });

    form.addEventListener("change", (event) => {
      if (event.target.name === "dealer") {
        const own = deals[chosen("dealer")];
        for (const input of outBoxes) {
          if (own) input.checked = own.sitting_out.includes(input.value);
        }
      }
      if (event.target.name === "dealer" || event.target.name === "sitting_out") {
        form.elements.sitting_out_for.value = chosen("dealer") || "";
      }
      refresh();
      if (event.target.type === "number") schedulePreview();
      else askNow();
    });

    // typed numbers apply as they are typed
    form.addEventListener("input", (event) => {
      if (event.target.type !== "number") return;
      refresh();
      schedulePreview();
    });

    // offline.js deals a kept page for the hand it will be: who plays, in which order,
    // and each dealer's deal (its own reckoning of the rotation, from offline.json)
    form.addEventListener("game-form:redeal", (event) => {
      Object.assign(fixed, event.detail.fixed || {});
      Object.assign(deals, event.detail.deals || {});
      refresh();
    });

    const lines = preview.querySelector("[data-lines]");
    if (lines) lines.open = linesOpen;
    refresh();
  });
})();
