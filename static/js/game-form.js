// Any game's hand form (templates/hands/game_form.html): shows and hides the fields as the
// scorer taps, by the game's description (FormConditions, the rules the server runs), and
// makes a preset set its values here instead of posting the form. Without this script
// the form still works: presets and Preview post it and the server draws the new layout.
(function () {
  "use strict";
  const form = document.getElementById("hand-form");
  const data = document.getElementById("game-form-data");
  if (!form || !data || !window.FormConditions) return;
  const { form: description, fixed } = JSON.parse(data.textContent);
  const FC = window.FormConditions;

  function values() {
    const out = Object.assign({}, fixed);
    for (const field of description.fields) {
      const name = CSS.escape(field.name);
      // a typed field (kind "number") is read as typed; a tapped one by its checked chip
      const checked = field.kind === "number"
        ? form.querySelector(`input[name="${name}"]`)
        : form.querySelector(`input[name="${name}"]:checked`);
      if (checked) out[field.name] = checked.value;
    }
    return out;
  }

  function refresh() {
    const now = values();
    const on = FC.applies(description, now);
    for (const field of description.fields) {
      const box = form.querySelector(`[data-field="${CSS.escape(field.name)}"]`);
      if (!box) continue;
      const shown = on.includes(field.name);
      box.hidden = !shown;
      // A hidden field is not posted: the server reads only what applies.
      for (const input of box.querySelectorAll("input")) input.disabled = !shown;
      const options = new Set(FC.options(field, now));
      for (const option of field.options || []) {
        const label = box.querySelector(`[data-option="${CSS.escape(option.value)}"]`);
        if (label) label.hidden = !options.has(option.value);
      }
    }
  }

  form.addEventListener("click", (event) => {
    const preset = event.target.closest("[data-preset]");
    if (!preset) return;
    event.preventDefault();
    for (const [name, value] of Object.entries(JSON.parse(preset.dataset.set))) {
      const input = form.querySelector(
        `input[name="${CSS.escape(name)}"][value="${CSS.escape(value)}"]`
      );
      if (input) input.checked = true;
    }
    for (const other of form.querySelectorAll("[data-preset]")) {
      other.setAttribute("aria-pressed", other === preset ? "true" : "false");
    }
    changed();
  });
  // The live preview: the form posted as Preview (what applies only: hidden fields are
  // disabled), and the answer's #preview put in place; the engine settles, never this.
  const preview = document.getElementById("preview");
  let pending = null;
  let timer = 0;
  function updatePreview() {
    if (!preview || !window.fetch || !window.DOMParser || !window.AbortController) return;
    if (pending) pending.abort();
    pending = new AbortController();
    const body = new FormData(form);
    body.set("action", "preview");
    // getAttribute: the form's buttons are named "action", which shadows form.action
    const url = form.getAttribute("action");
    fetch(url, { method: "POST", body, signal: pending.signal, credentials: "same-origin" })
      .then((response) => response.text())
      .then((html) => {
        const page = new DOMParser().parseFromString(html, "text/html");
        const fresh = page.getElementById("preview");
        if (fresh) preview.innerHTML = fresh.innerHTML;
      })
      .catch(() => {});
  }
  function changed(event) {
    refresh();
    clearTimeout(timer);
    timer = setTimeout(updatePreview, event && event.type === "input" ? 300 : 0);
  }

  form.addEventListener("change", changed);
  form.addEventListener("input", changed); // typed numbers apply as they are typed
  document.documentElement.classList.add("js");
  refresh();
})();
