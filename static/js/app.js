// Small comforts for every page; each page works without them.
// - remembers the sessions opened on this device (localStorage only, never sent anywhere)
// - copy buttons for links, a confirmation before undo, quick pick of earlier players,
//   and only the chosen ruleset's house rules on the new-session form.
(function () {
  "use strict";
  document.documentElement.classList.add("js");

  const RECENT_KEY = "ulti-ledger.recent";
  const RECENT_MAX = 8;

  function readRecent() {
    try {
      const list = JSON.parse(localStorage.getItem(RECENT_KEY) || "[]");
      return Array.isArray(list) ? list : [];
    } catch (e) {
      return [];
    }
  }

  function rememberSession(el) {
    const entry = {
      url: el.dataset.url,
      name: el.dataset.name,
      date: el.dataset.date,
      kind: el.dataset.kind,
      seen: Date.now(),
    };
    const others = readRecent().filter((e) => e.url !== entry.url);
    try {
      localStorage.setItem(RECENT_KEY, JSON.stringify([entry, ...others].slice(0, RECENT_MAX)));
    } catch (e) {
      /* private mode: nothing to remember */
    }
  }

  // The page lists this browser's own evenings already (both links, labelled); add the
  // others this device opened, each once, labelled by its kind of link.
  function showRecent(section) {
    const ul = section.querySelector("[data-recent-list]");
    const listed = new Set();
    for (const li of ul.querySelectorAll("[data-paths]")) {
      for (const path of li.dataset.paths.split(" ")) listed.add(path);
    }
    const pathOf = (url) => {
      try {
        return new URL(url, window.location.href).pathname;
      } catch (e) {
        return url;
      }
    };
    const list = readRecent().filter((entry) => entry.url && !listed.has(pathOf(entry.url)));
    if (!list.length) return;
    for (const entry of list) {
      const li = document.createElement("li");
      const a = document.createElement("a");
      a.href = entry.url;
      a.className = "recent-link";
      a.textContent = entry.name || "Ulti";
      const small = document.createElement("small");
      const kind = section.dataset["label" + (entry.kind === "edit" ? "Edit" : "View")] || "";
      small.textContent = [entry.date, kind].filter(Boolean).join(" · ");
      a.appendChild(small);
      li.appendChild(a);
      // forget it here: offline.js clears what this phone kept of it (pages, queue, links)
      const forget = document.createElement("button");
      forget.type = "button";
      forget.className = "button button-small";
      forget.textContent = section.dataset.labelForget || "×";
      forget.setAttribute("aria-label", `${forget.textContent}: ${a.textContent}`);
      forget.addEventListener("click", async () => {
        const offline = window.UltiOffline;
        if (!offline) return;
        const { confirmForget, unsent } = section.dataset;
        if (await offline.askAndForget([entry.url], confirmForget, unsent)) li.remove();
      });
      li.appendChild(forget);
      ul.appendChild(li);
    }
    section.hidden = false;
  }

  function copyButtons() {
    for (const button of document.querySelectorAll("[data-copy]")) {
      const input = document.getElementById(button.dataset.copy);
      if (!input || !navigator.clipboard) continue;
      button.hidden = false;
      button.addEventListener("click", () => {
        navigator.clipboard.writeText(input.value).then(() => {
          button.classList.add("done");
          setTimeout(() => button.classList.remove("done"), 1500);
        });
      });
    }
  }

  // "Copy as text" (who pays whom): one listener for the whole page, so a button that
  // the live refresh draws anew works too. The Clipboard API needs a secure context
  // (https or localhost); a phone on the home Wi-Fi opens http://192.168..., where the
  // selected text is copied instead. Either way the button's box says so.
  function copyText() {
    document.addEventListener("click", (event) => {
      const button = event.target.closest("[data-copy-text]");
      const area = button && document.getElementById(button.dataset.copyText);
      if (!area) return;
      const box = button.closest("[data-copy-box]") || document;
      const status = box.querySelector("[data-copy-status]");
      const say = (text, ok) => {
        if (status) status.textContent = text;
        button.classList.toggle("done", ok);
        if (ok) setTimeout(() => button.classList.remove("done"), 2000);
      };
      const bySelection = () => {
        area.focus();
        area.select();
        area.setSelectionRange(0, area.value.length);
        let ok = false;
        try {
          ok = document.execCommand("copy");
        } catch (e) {
          ok = false;
        }
        say(ok ? button.dataset.done : button.dataset.failed, ok);
      };
      if (navigator.clipboard && window.isSecureContext) {
        navigator.clipboard.writeText(area.value).then(() => say(button.dataset.done, true), bySelection);
      } else {
        bySelection();
      }
    });
  }

  // The result card (partials/result_card.html): the link downloads the picture; where the
  // browser shares files (Web Share API level 2, a phone's share sheet), one tap shares the
  // PNG with its text instead. "Share as text" shares the text, or copies it where the
  // browser cannot share. One listener for the page: the live refresh draws them anew.
  function shareCard() {
    document.addEventListener("click", (event) => {
      const link = event.target.closest("[data-share-card]");
      const button = event.target.closest("[data-share-text-only]");
      const source = link || button;
      if (!source) return;
      const area = document.getElementById(link ? link.dataset.shareText : button.dataset.shareTextOnly);
      const text = area ? area.value : "";
      const title = source.dataset.shareTitle || document.title;
      const box = source.closest("[data-copy-box]") || document;
      const status = box.querySelector("[data-copy-status]");
      const say = (words) => {
        if (status) status.textContent = words || "";
      };
      if (link) {
        if (!navigator.canShare || !navigator.share || !window.File) return; // the download
        event.preventDefault();
        fetch(link.href, { credentials: "same-origin" })
          .then((answer) => {
            if (!answer.ok) throw new Error(String(answer.status));
            return answer.blob();
          })
          .then((blob) => {
            const file = new File([blob], link.getAttribute("download") || "card.png", { type: "image/png" });
            if (!navigator.canShare({ files: [file] })) throw new Error("no files");
            return navigator.share({ files: [file], title: title, text: text });
          })
          .then(() => say(link.dataset.done))
          .catch((error) => {
            if (error && error.name === "AbortError") return; // the sharer changed his mind
            const save = document.createElement("a"); // the picture downloads instead
            save.href = link.href;
            save.download = link.getAttribute("download") || "";
            document.body.append(save);
            save.click();
            save.remove();
          });
        return;
      }
      if (navigator.share) {
        navigator.share({ title: title, text: text }).then(
          () => say(button.dataset.shared),
          () => {}
        );
      } else if (navigator.clipboard && window.isSecureContext) {
        navigator.clipboard.writeText(text).then(
          () => say(button.dataset.done),
          () => say(button.dataset.failed)
        );
      } else {
        let ok = false; // plain http on the home Wi-Fi: the selection is copied
        try {
          area.select();
          ok = document.execCommand("copy");
        } catch (e) {
          ok = false;
        }
        say(ok ? button.dataset.done : button.dataset.failed);
      }
    });
  }

  function confirmations() {
    for (const form of document.querySelectorAll("form[data-confirm]")) {
      form.addEventListener("submit", (event) => {
        if (!window.confirm(form.dataset.confirm)) event.preventDefault();
      });
    }
  }

  function quickPick() {
    const box = document.querySelector("[data-quick-pick]");
    if (!box) return;
    const inputs = Array.from(document.querySelectorAll(".player-inputs input"));
    box.hidden = false;
    const refresh = () => {
      const taken = new Set(inputs.map((i) => i.value.trim()).filter(Boolean));
      for (const b of box.querySelectorAll("button")) b.disabled = taken.has(b.dataset.name);
    };
    box.addEventListener("click", (event) => {
      const button = event.target.closest("button[data-name]");
      const empty = inputs.find((i) => !i.value.trim());
      if (!button || !empty) return;
      empty.value = button.dataset.name;
      refresh();
    });
    for (const input of inputs) input.addEventListener("input", refresh);
    refresh();
  }

  function rulesetOptions() {
    const radios = document.querySelectorAll('input[name="ruleset"]');
    if (!radios.length) return;
    const show = () => {
      const chosen = document.querySelector('input[name="ruleset"]:checked');
      for (const box of document.querySelectorAll("[data-ruleset-options]")) {
        box.hidden = !chosen || box.dataset.rulesetOptions !== chosen.value;
        box.classList.add("single");
      }
      // the chosen game's way round for the deal ("Otherwise the deal passes to the left")
      const passes = chosen ? chosen.dataset.dealPasses : "right";
      for (const note of document.querySelectorAll("small[data-deal-passes]")) {
        note.hidden = note.dataset.dealPasses !== passes;
      }
    };
    for (const r of radios) r.addEventListener("change", show);
    show();
  }

  // Audit times come from the server in UTC ("2026-11-29 14:26 UTC"); the reader's clock
  // is what the table remembers, so each <time data-local> is rewritten in local time,
  // with the zone's name ("8:05 CET", "23:40 CEST"): a time is never read without its zone.
  function localTimes() {
    // The dates as the pages write them (dates.py): 2026. 12. 01. 8:05, 1 Dec 2026, 08:05,
    // 01.12.2026, 08:05 (German, as Hungarian, writes the month as digits).
    const page = document.documentElement.lang;
    const english = page === "en";
    const format = new Intl.DateTimeFormat(english ? "en-GB" : page === "de" ? "de" : "hu", {
      year: "numeric",
      month: english ? "short" : "2-digit",
      day: english ? "numeric" : "2-digit",
      hour: page === "hu" ? "numeric" : "2-digit", // 8:05, as dates.py: 08:05 in de and en
      minute: "2-digit",
    });
    // the zone's name on its own: asked together, it would change how the hour is written
    const zone = new Intl.DateTimeFormat(english ? "en-GB" : page === "de" ? "de" : "hu", {
      timeZoneName: "short",
    });
    const zoneName = (moment) =>
      (zone.formatToParts(moment).find((part) => part.type === "timeZoneName") || {}).value;
    for (const el of document.querySelectorAll("time[data-local][datetime]")) {
      const moment = new Date(el.getAttribute("datetime"));
      if (!Number.isNaN(moment.getTime())) {
        el.title = el.textContent;
        const name = zoneName(moment);
        el.textContent = format.format(moment) + (name ? ` ${name}` : "");
      }
    }
  }

  // A player's name where room is short (macros.html `player_name`) never breaks inside a word
  // (app.css .pname); where a word of it still leaves its box, the name is shown by its
  // initials, the PDF's ("KSzAn", "KSzÁr"), so two players who share a surname stay apart.
  function boxOf(el) {
    let box = el.parentElement;
    while (box && ["inline", "contents"].includes(getComputedStyle(box).display)) {
      box = box.parentElement;
    }
    return box;
  }

  function leaves(el) {
    const box = boxOf(el);
    if (!box) return false;
    const edge = box.getBoundingClientRect();
    const style = getComputedStyle(box);
    const left = edge.left + parseFloat(style.borderLeftWidth) + parseFloat(style.paddingLeft);
    const right = edge.right - parseFloat(style.borderRightWidth) - parseFloat(style.paddingRight);
    const range = document.createRange();
    range.selectNodeContents(el.querySelector(".pn-full"));
    return [...range.getClientRects()].some((r) => r.left < left - 0.5 || r.right > right + 0.5);
  }

  // First a smaller type where the page allows it (app.css: a chip, a total card), then
  // the initials; each step measures all the names at once (one layout per step).
  function fitNames() {
    const names = [...document.querySelectorAll(".pname[data-fit]")];
    for (const el of names) el.classList.remove("is-short", "is-small");
    const tight = names.filter((el) => el.offsetParent !== null && leaves(el));
    for (const el of tight) el.classList.add("is-small");
    const tighter = tight.filter(leaves);
    for (const el of tighter) el.classList.replace("is-small", "is-short");
  }

  // A name on a board is a button that opens its whole name (macros.html `player_name` with
  // `tip`, a popover): a tap toggles it by itself; a long press opens it too (instead of the
  // phone's menu), and the open name is put just under the button, within the screen.
  function nameTips() {
    document.addEventListener("contextmenu", (event) => {
      const button = event.target.closest && event.target.closest(".pname-tip");
      const tip = button && button.popoverTargetElement;
      if (!tip) return;
      event.preventDefault();
      if (!tip.matches(":popover-open")) tip.showPopover();
    });
    // "toggle" does not bubble: caught on the way down, so a board drawn anew (live) works too
    document.addEventListener(
      "toggle",
      (event) => {
        const tip = event.target;
        if (event.newState !== "open" || !tip.classList || !tip.classList.contains("name-tip")) return;
        const button = document.querySelector(`[popovertarget="${tip.id}"]`);
        if (!button) return;
        const at = button.getBoundingClientRect();
        const left = Math.max(8, Math.min(at.left, window.innerWidth - tip.offsetWidth - 8));
        Object.assign(tip.style, { margin: "0", inset: "auto", left: `${left}px`, top: `${at.bottom + 4}px` });
      },
      true,
    );
  }

  let fitting = 0;
  function fitSoon() {
    if (!fitting) fitting = requestAnimationFrame(() => ((fitting = 0), fitNames()));
  }

  // Back on the scoreboard after saving (/e/<t>#h12): the saved row takes the focus, so
  // the Tab key goes on from there, and the notice ("Hand 12 saved.") is said aloud by
  // the status region, which speaks what changes in it, not what the page loaded with.
  // A long evening's earlier hands are folded by ten (views/sheet.py, `folded`), drawn
  // when a fold first opens. The copy kept for offline use holds each fold's rows in a
  // <template>; the page from the network goes without them (most of a long evening's
  // markup) and asks them all once it is ready (`?folds=json`), kept in memory for a
  // network that drops. A link to a folded hand (#h7) opens its fold first.
  const foldsAsked = new WeakMap(); // per live region (a live refresh asks anew)
  function foldRows(fold) {
    const holder = fold.closest("[data-live-region]") || document.documentElement;
    if (!foldsAsked.has(holder)) {
      const asked = fetch(fold.dataset.folds, { credentials: "same-origin" })
        .then((r) => (r.ok ? r.json() : Promise.reject(r.status)))
        .catch(() => {
          foldsAsked.delete(holder); // asked again at the next opening
          return null;
        });
      foldsAsked.set(holder, asked);
    }
    return foldsAsked.get(holder);
  }
  async function drawFold(fold) {
    const all = fold.querySelector(":scope > .fold-all");
    const template = fold.querySelector(":scope > template");
    if (template) {
      if (all) all.remove();
      template.replaceWith(template.content);
      return;
    }
    if (!all || !fold.dataset.folds) return; // drawn already
    const rows = await foldRows(fold);
    const html = rows && rows[fold.dataset.fold];
    if (!html || !all.isConnected) return; // not reached: the link to the whole board stays
    const drawn = document.createElement("template");
    drawn.innerHTML = html;
    all.replaceWith(drawn.content);
  }
  async function openFoldOf(hash) {
    const match = /^#h(\d+)$/.exec(hash);
    if (!match || document.getElementById("h" + match[1])) return;
    const n = Number(match[1]);
    for (const fold of document.querySelectorAll("details.fold[data-fold]")) {
      const [first, last] = fold.dataset.fold.split("-").map(Number);
      if (n < first || n > last) continue;
      fold.open = true;
      await drawFold(fold);
      const row = document.getElementById("h" + n);
      if (row) row.scrollIntoView();
    }
  }
  function folds() {
    // "toggle" does not bubble: caught on the way down (a board drawn anew, live, too)
    document.addEventListener(
      "toggle",
      (event) => {
        const fold = event.target;
        if (fold.open && fold.matches && fold.matches("details.fold")) drawFold(fold);
      },
      true,
    );
    openFoldOf(window.location.hash);
    window.addEventListener("hashchange", () => openFoldOf(window.location.hash));
    const fold = document.querySelector("details.fold[data-folds]");
    // asked while nothing else is: the page is ready and its offline copy kept first
    if (fold && !fold.querySelector(":scope > template")) {
      window.addEventListener("load", () => setTimeout(() => foldRows(fold), 1000));
    }
    // a live refresh (live.js) drew the board anew: its rows are asked again at once, or
    // a fold opened after the network drops would show only its link
    document.addEventListener("live:refreshed", (event) => {
      const fresh = event.detail && event.detail.querySelector("details.fold[data-folds]");
      if (fresh && !fresh.querySelector(":scope > template")) foldRows(fresh);
    });
  }

  function focusSaved() {
    const match = /^#h(\d+)$/.exec(window.location.hash);
    const row = match && document.getElementById("h" + match[1]);
    const summary = row && row.querySelector("summary");
    // after the load: going to the fragment blurs whatever has the focus by then
    if (summary) window.addEventListener("load", () => setTimeout(() => summary.focus(), 0));
  }

  function announce() {
    const announcer = document.querySelector("[data-announcer]");
    const notices = document.querySelectorAll(".flashes .flash");
    if (!announcer || !notices.length) return;
    const text = Array.from(notices, (n) => (n.querySelector("p") || n).textContent.trim());
    setTimeout(() => {
      announcer.textContent = text.join(" ");
    }, 150);
  }

  document.addEventListener("DOMContentLoaded", () => {
    fitNames();
    window.addEventListener("resize", fitSoon);
    if (document.fonts) document.fonts.ready.then(fitSoon);
    // the live preview and the live scoreboard put new names in the page
    // and the form shows fields, and a <details> opens, as the scorer taps
    new MutationObserver(fitSoon).observe(document.body, {
      childList: true,
      subtree: true,
      attributes: true,
      attributeFilter: ["hidden", "open"],
    });
    nameTips();
    folds();
    focusSaved();
    announce();
    localTimes();
    const session = document.querySelector("[data-session]");
    if (session) rememberSession(session);
    const recent = document.querySelector("[data-recent]");
    if (recent) showRecent(recent);
    copyButtons();
    copyText();
    shareCard();
    confirmations();
    quickPick();
    rulesetOptions();
  });
})();
