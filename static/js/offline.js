// Scoring when the network drops, and a phone that forgets. Every page works without it.
// - "Offline" is whether the app's own requests reach the server (navigator.onLine is
//   only a hint): the board asks offline.json, a save waits SEND_MS for its answer.
// - Kept on purpose, for the scorer: the board and the new-hand form of each evening
//   opened with its link, copied into Cache Storage (PAGES) when the board is open and
//   the server answers; the service worker (sw.js) serves a copy only when the network
//   fails. No answer is kept because it came by (they all say no-store).
// - The new-hand form saves through POST /e/<t>/hands/queued with an Idempotency-Key,
//   meant as hand N. No answer: the hand is kept on the phone (IndexedDB), in order, and
//   the board lists it as waiting, the deal moving on. Sent later, each once.
// - The server owns the order: a hand that is no longer next (another phone recorded
//   first) comes back "moved", with what it would be at the end (number, dealer, the
//   engine's payments) and a recorded twin if both phones entered it: the scorer adds it
//   at the end in one tap, opens it in the form, or drops it; the hands after it go on.
// - A kept form is dealt anew for the hand it will be (offline.json: every dealer's deal).
// - "Forget this evening on this phone" clears its pages, its queue (after a warning),
//   its links in this browser's storage; the server then takes it off the cookie.
(function () {
  "use strict";
  const DB_NAME = "ulti-ledger-offline";
  const STORE = "queue";
  const PAGES = "ulti-pages-v2"; // sw.js reads the same cache
  const KEPT_KEY = "ulti-ledger.kept"; // [{evening, name, at, version, form}], newest first
  const RECENT_KEY = "ulti-ledger.recent"; // app.js's list of evenings opened here
  const KEEP_DAYS = 14;
  const MAX_EVENINGS = 8;
  const REACH_MS = 4000;
  const SEND_MS = 10000;
  const RETRY_MS = 10000;
  const HEARTBEAT_MS = 30000;
  const DEAL_FIELDS = ["dealer", "proposed", "sitting_out_for", "sitting_out"];
  const script = document.currentScript;
  let WORDS = {};
  try {
    WORDS = JSON.parse((script && script.dataset.words) || "{}");
  } catch (e) {
    /* words stay keys */
  }
  const keeps = window.isSecureContext && "caches" in window;

  if ("serviceWorker" in navigator && window.isSecureContext) {
    window.addEventListener("load", () => {
      navigator.serviceWorker.register("/sw.js", { scope: "/" }).catch(() => undefined);
    });
  }

  const path = window.location.pathname;
  const match = /^\/(e|s)\/([^/]+)(\/hands\/new)?\/?$/.exec(path);
  const kind = match && match[1];
  const evening = match ? `/${kind}/${match[2]}` : null;
  const onForm = Boolean(match && match[3]);
  const seenKey = (e) => `ulti-ledger.seen:${e}`;
  const infoKey = (e) => `ulti-ledger.offline:${e}`;
  const copyTime = Number(document.documentElement.dataset.offlineCopy || 0);

  // --- storage ---------------------------------------------------------------------
  function openDb() {
    return new Promise((resolve, reject) => {
      const request = indexedDB.open(DB_NAME, 1);
      request.onupgradeneeded = () => {
        const store = request.result.createObjectStore(STORE, { keyPath: "key" });
        store.createIndex("evening", "evening");
      };
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(request.error);
    });
  }
  async function withStore(mode, work) {
    const db = await openDb();
    return new Promise((resolve, reject) => {
      const tx = db.transaction(STORE, mode);
      const result = work(tx.objectStore(STORE));
      tx.oncomplete = () => {
        db.close();
        resolve(result && "result" in result ? result.result : result);
      };
      tx.onerror = () => reject(tx.error);
    });
  }
  async function queued(of = evening) {
    const all = await withStore("readonly", (s) => s.index("evening").getAll(of));
    return (all || []).sort((a, b) => a.seq - b.seq);
  }
  // How many hands wait, in every evening, noted where a page reads it at once: a board
  // with none is ready as the server drew it, before IndexedDB has even opened.
  const QUEUE_HINT = "ulti-ledger.queued";
  function noteQueue() {
    return withStore("readonly", (s) => s.count())
      .then((count) => localStorage.setItem(QUEUE_HINT, String(count || 0)))
      .catch(() => undefined);
  }
  const put = (entry) => withStore("readwrite", (s) => s.put(entry)).finally(noteQueue);
  const drop = (key) => withStore("readwrite", (s) => s.delete(key)).finally(noteQueue);

  function readJson(key, fallback = null) {
    try {
      const value = JSON.parse(localStorage.getItem(key) || "null");
      return value === null ? fallback : value;
    } catch (e) {
      return fallback;
    }
  }
  function writeJson(key, value) {
    try {
      localStorage.setItem(key, JSON.stringify(value));
    } catch (e) {
      /* private mode: nothing kept */
    }
  }
  function uuid() {
    if (crypto.randomUUID) return crypto.randomUUID();
    const b = crypto.getRandomValues(new Uint8Array(16));
    return Array.from(b, (x) => x.toString(16).padStart(2, "0")).join("");
  }
  const pathOf = (url) => {
    try {
      return new URL(url, window.location.href).pathname;
    } catch (e) {
      return String(url || "");
    }
  };
  const within = (url, evenings) => {
    const p = pathOf(url);
    return evenings.some((e) => p === e || p.startsWith(`${e}/`));
  };

  // --- words ---------------------------------------------------------------------------
  const say = (key, values) =>
    Object.entries(values || {}).reduce(
      (text, [name, value]) => text.split(`{${name}}`).join(value),
      WORDS[key] || key,
    );
  const lang = document.documentElement.lang || "hu";
  const when = (ms) =>
    new Date(ms).toLocaleString(lang, { dateStyle: "short", timeStyle: "short" });
  const fieldOf = (entry, name) => (entry.fields.find(([k]) => k === name) || [])[1] || "";
  function setField(entry, name, value) {
    entry.fields = entry.fields.filter(([k]) => k !== name).concat([[name, String(value)]]);
  }

  // --- the network, as the app's own requests find it ------------------------------------
  async function send(url, options, ms) {
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), ms);
    try {
      return await fetch(url, {
        credentials: "same-origin",
        cache: "no-store",
        ...options,
        signal: controller.signal,
      });
    } finally {
      clearTimeout(timer);
    }
  }

  // A waiting hand sent as the form posts it, under its key (a retry is answered once).
  const post = (entry) =>
    send(
      entry.url,
      {
        method: "POST",
        body: new URLSearchParams(entry.fields),
        headers: { "Idempotency-Key": entry.key },
      },
      SEND_MS,
    );

  // offline.json of the edit link: the next hand, every dealer's deal, the rotation. Null
  // when the server does not answer (the answer is the proof of a network, not onLine).
  async function reach() {
    if (kind !== "e") return null;
    try {
      const response = await send(`${evening}/offline.json`, {}, REACH_MS);
      if (!response.ok) return null;
      const info = await response.json();
      writeJson(infoKey(evening), info);
      writeJson(seenKey(evening), Date.now());
      return info;
    } catch (e) {
      return null;
    }
  }

  // --- pages kept on purpose -------------------------------------------------------------
  function keptIndex() {
    const now = Date.now();
    const list = readJson(KEPT_KEY, []);
    return Array.isArray(list) ? list.filter((k) => k && now - k.at < KEEP_DAYS * 864e5) : [];
  }
  // The evening's board (and, for the scorer, its form), copied while the server answers,
  // marked as a copy and when; only what the offline form needs, for KEEP_DAYS. Each is
  // copied again only when its version moved on: the board's is the evening's (every
  // hand), the form's is offline.json's form_version (the form, not its deal, which the
  // phone deals itself), so a hand alone does not fetch the form again.
  async function keepCopies(info) {
    if (!keeps) return;
    const session = document.querySelector("[data-session]");
    const kept = keptIndex();
    const mine = kept.find((k) => k.evening === evening);
    const now = {
      version: info ? info.version : null,
      form: info && info.form_version ? info.form_version : null,
    };
    const held = { version: mine ? mine.version : null, form: mine ? mine.form : null };
    const cache = await caches.open(PAGES);
    const urls = [[evening, "version"]];
    if (kind === "e") urls.push([`${evening}/hands/new`, "form"]);
    for (const [url, which] of urls) {
      if (now[which] !== null && now[which] === held[which] && (await cache.match(url))) continue;
      held[which] = null; // until this copy is kept again
      try {
        const response = await send(url, { headers: { "X-Offline-Copy": "1" } }, SEND_MS);
        if (!response.ok || response.redirected) continue;
        const text = (await response.text()).replace(
          /<html\b/,
          `<html data-offline-copy="${Date.now()}"`,
        );
        const headers = { "Content-Type": "text/html; charset=utf-8" };
        await cache.put(new URL(url, window.location.href).href, new Response(text, { headers }));
        held[which] = now[which];
      } catch (e) {
        return; // the network went: the copies of the last time stay
      }
    }
    const entry = {
      evening,
      name: (session && session.dataset.name) || (mine && mine.name) || "",
      at: Date.now(),
      version: held.version,
      form: held.form,
    };
    writeJson(KEPT_KEY, [entry, ...kept.filter((k) => k.evening !== evening)]);
    await trim();
    document.documentElement.dataset.offlineKept = String(entry.at); // done (the tests wait)
  }
  // Only the MAX_EVENINGS evenings opened last, and none older than KEEP_DAYS.
  async function trim() {
    const all = readJson(KEPT_KEY, []);
    const kept = keptIndex().slice(0, MAX_EVENINGS);
    writeJson(KEPT_KEY, kept);
    const gone = (Array.isArray(all) ? all : [])
      .map((k) => k && k.evening)
      .filter((e) => e && !kept.some((k) => k.evening === e));
    if (gone.length && keeps) await clearPages(gone);
  }
  async function clearPages(evenings) {
    if (!("caches" in window)) return;
    for (const name of await caches.keys()) {
      const cache = await caches.open(name);
      for (const request of await cache.keys()) {
        if (within(request.url, evenings)) await cache.delete(request);
      }
    }
  }

  // --- forgetting an evening on this phone ------------------------------------------------
  async function waitingOf(evenings) {
    try {
      const lists = await Promise.all(evenings.map((e) => queued(e)));
      return lists.flat();
    } catch (e) {
      return [];
    }
  }
  async function forget(paths) {
    const evenings = paths.filter(Boolean).map((p) => pathOf(p).replace(/\/+$/, ""));
    for (const entry of await waitingOf(evenings)) await drop(entry.key);
    await clearPages(evenings);
    writeJson(KEPT_KEY, keptIndex().filter((k) => !evenings.includes(k.evening)));
    const recent = readJson(RECENT_KEY, []);
    if (Array.isArray(recent)) {
      writeJson(
        RECENT_KEY,
        recent.filter((r) => !(r && within(r.url, evenings))),
      );
    }
    for (const e of evenings) {
      try {
        localStorage.removeItem(seenKey(e));
        localStorage.removeItem(infoKey(e));
      } catch (err) {
        /* nothing kept */
      }
    }
  }
  // Ask first: how many hands of the evening were never sent, then forget.
  async function askAndForget(paths, confirmText, unsentText) {
    const evenings = paths.filter(Boolean).map((p) => pathOf(p).replace(/\/+$/, ""));
    const waiting = (await waitingOf(evenings)).length;
    const text = waiting ? `${confirmText}\n\n${unsentText.split("{n}").join(waiting)}` : confirmText;
    if (!window.confirm(text)) return false;
    await forget(paths);
    return true;
  }
  function setUpForgetting() {
    for (const form of document.querySelectorAll("form[data-forget]")) {
      form.addEventListener("submit", async (event) => {
        event.preventDefault();
        const paths = form.dataset.forget.split(" ");
        const ok = await askAndForget(paths, form.dataset.confirmForget, form.dataset.unsent);
        if (ok) form.submit(); // the server takes it off the cookie, and says so
      });
    }
  }
  window.UltiOffline = { askAndForget, keptIndex };

  // --- the board: offline as of, waiting hands, moved hands -------------------------------
  function banner(text, testid) {
    const main = document.querySelector("main") || document.body;
    let p = document.querySelector(`[data-testid="${testid}"]`);
    if (!p) {
      p = document.createElement("p");
      p.className = "offline-banner";
      p.setAttribute("role", "status");
      p.dataset.testid = testid;
      main.prepend(p);
    }
    p.textContent = text;
    return p;
  }
  function removeTestid(testid) {
    for (const el of document.querySelectorAll(`[data-testid="${testid}"]`)) el.remove();
  }

  let offline = false;
  // The server did not answer: say since when the board is the server's, mark the totals,
  // and drop a notice of the page it came from (it spoke of a moment long gone).
  function goOffline() {
    offline = true;
    const seen = readJson(seenKey(evening)) || copyTime;
    const time = seen ? when(seen) : "";
    banner(say("offline_as_of", { time }), "offline-banner");
    for (const flash of document.querySelectorAll(".flashes")) flash.remove();
    const totals = document.querySelector(".balances");
    if (totals && !onForm) {
      totals.classList.add("as-of");
      let note = document.querySelector("[data-testid=totals-as-of]");
      if (!note) {
        note = document.createElement("p");
        note.className = "hint totals-as-of";
        note.dataset.testid = "totals-as-of";
        totals.after(note);
      }
      note.textContent = say("offline_totals_as_of", { time });
    }
  }
  function goOnline() {
    offline = false;
    removeTestid("offline-banner");
    removeTestid("totals-as-of");
    const totals = document.querySelector(".balances");
    if (totals) totals.classList.remove("as-of");
  }

  // The deal of each waiting hand, and of the one after them, as the rotation moves on.
  function dealers(info, entries) {
    let dealer = info.dealer;
    const out = [];
    for (const entry of entries) {
      const own = fieldOf(entry, "dealer") || dealer;
      out.push(own);
      const next = info.after[own] || {};
      dealer = next[fieldOf(entry, "declarer")] || next[""] || own;
    }
    out.push(dealer);
    return out;
  }

  function money(amount, currency) {
    try {
      return new Intl.NumberFormat(lang, { style: "currency", currency }).format(Number(amount));
    } catch (e) {
      return `${amount} ${currency}`;
    }
  }
  const signed = (units) => (units > 0 ? `+${units}` : units < 0 ? `−${-units}` : "0");

  function button(text, testid, action) {
    const b = document.createElement("button");
    b.type = "button";
    b.className = "button button-small";
    b.dataset.testid = testid;
    b.textContent = text;
    b.addEventListener("click", action);
    return b;
  }

  // A hand that is no longer next: what it would be at the end, its twin, the choices.
  function movedCard(entry) {
    const moved = entry.moved;
    const box = document.createElement("div");
    box.className = "queued-moved";
    box.dataset.testid = "queued-moved";
    box.setAttribute("role", "group");
    const hands = moved.landed
      .map((h) => say("offline_landed_hand", { n: h.number, declarer: h.declarer, game: h.game }))
      .join(", ");
    const lines = [say("offline_moved", { n: moved.meant, hands })];
    if (moved.twin) lines.push(say("offline_moved_twin", { n: moved.twin }));
    if (moved.refused) {
      lines.push(say("offline_moved_cannot", { reason: moved.refused }));
    } else {
      const payments = moved.payments
        .map((p) => `${p.name} ${signed(p.units)} (${money(p.money, moved.currency)})`)
        .join(", ");
      lines.push(say("offline_moved_at_end", { n: moved.number, dealer: moved.dealer, payments }));
    }
    for (const line of lines) {
      const p = document.createElement("p");
      p.textContent = line;
      box.append(p);
    }
    const actions = document.createElement("p");
    actions.className = "queued-actions";
    // one choice a card: its buttons go still at the first tap, until the queue is redrawn
    const once = (action) => () => {
      for (const b of box.querySelectorAll("button")) b.disabled = true;
      action();
    };
    if (moved.twin) {
      actions.append(button(say("offline_drop_twin"), "queued-drop-twin", once(() => dropEntry(entry, false))));
    }
    if (!moved.refused) {
      const add = say("offline_add_at_end", { n: moved.number });
      actions.append(button(add, "queued-add-at-end", once(() => addAtEnd(entry))));
    }
    actions.append(button(say("offline_open_in_form"), "queued-open", once(() => openInForm(entry))));
    if (!moved.twin) {
      actions.append(button(say("offline_drop"), "queued-drop", once(() => dropEntry(entry, true))));
    }
    box.append(actions);
    return box;
  }

  async function drawQueue(info) {
    const entries = await queued();
    let box = document.querySelector("[data-testid=offline-queue]");
    if (!entries.length || !info) {
      if (box) box.remove();
      return entries;
    }
    if (!box) {
      box = document.createElement("section");
      box.className = "card offline-queue";
      box.dataset.testid = "offline-queue";
      box.setAttribute("aria-labelledby", "offline-queue-title");
      const main = document.querySelector("main") || document.body;
      const after = document.querySelector("[data-testid=totals-as-of]") || document.querySelector(".balances");
      if (after) after.after(box);
      else main.prepend(box);
    }
    box.replaceChildren();
    const title = document.createElement("h2");
    title.id = "offline-queue-title";
    title.textContent = say("offline_waiting");
    const list = document.createElement("ol");
    const deals = dealers(info, entries);
    entries.forEach((entry, i) => {
      const li = document.createElement("li");
      li.dataset.testid = `queued-${entry.number}`;
      const bits = [
        say("offline_waiting_hand", { n: entry.number }),
        say("offline_dealer", { name: deals[i] }),
      ];
      const declarer = fieldOf(entry, "declarer");
      if (declarer) bits.push(say("offline_declarer", { name: declarer }));
      li.append(bits.join(" · "));
      if (entry.moved) {
        li.append(movedCard(entry));
      } else if (entry.refused) {
        const why = document.createElement("a");
        why.href = `${evening}/hands/new?queued=${encodeURIComponent(entry.key)}`;
        why.textContent = say("offline_refused", { reason: entry.refused });
        why.dataset.testid = "queued-refused";
        li.append(" ", why);
      }
      list.append(li);
    });
    const note = document.createElement("p");
    note.className = "hint";
    note.textContent = say("offline_no_payments");
    const sendNow = button(say("offline_send_now"), "offline-send", () => flush());
    sendNow.className = "button button-small";
    box.append(title, list, note, sendNow);
    return entries;
  }

  // The hands queued after ``entry`` on this phone follow it: ``by`` places on.
  async function shiftFollowers(entry, by) {
    if (!by) return;
    for (const other of await queued()) {
      if (other.seq <= entry.seq) continue;
      await drop(other.key);
      other.number += by;
      setField(other, "queued_number", other.number);
      other.key = uuid(); // never sent (the queue stopped before it): a new body, a new key
      await put(other);
    }
  }
  async function addAtEnd(entry) {
    const by = entry.moved.number - entry.number;
    await drop(entry.key);
    entry.number = entry.moved.number;
    setField(entry, "queued_number", entry.number);
    entry.key = uuid();
    entry.moved = null;
    entry.refused = null;
    await put(entry);
    await shiftFollowers(entry, by);
    await flush();
  }
  async function dropEntry(entry, ask) {
    if (ask && !window.confirm(say("offline_drop_confirm"))) {
      await drawQueue(readJson(infoKey(evening))); // kept: its card's buttons come back
      return;
    }
    await drop(entry.key);
    await shiftFollowers(entry, -1);
    await flush();
  }
  async function openInForm(entry) {
    if (entry.moved) {
      entry.refused = entry.moved.refused || entry.moved.reason || "";
      entry.number = entry.moved.number;
      setField(entry, "queued_number", entry.number);
      entry.moved = null;
      await put(entry);
    }
    window.location.assign(`${evening}/hands/new?queued=${encodeURIComponent(entry.key)}`);
  }

  // What an answer to a queued hand means for the queue.
  async function readAnswer(response) {
    let body = null;
    try {
      body = await response.clone().json();
    } catch (e) {
      /* not JSON: an error page, or the idempotency refusal's text */
    }
    if (response.ok) return { kind: "sent", body };
    if (response.status === 409 && body && body.moved) return { kind: "moved", body };
    if (body && body.redraw) return { kind: "refused", body, reason: body.error };
    // still being answered (the same key, a retry too soon), busy, or the server's fault
    if (response.status === 409 || response.status === 429 || response.status >= 500) {
      return { kind: "later" };
    }
    return { kind: "refused", body, reason: (body && body.error) || response.statusText };
  }

  let flushing = false;
  let retry = null;
  async function flush() {
    if (flushing || !evening || kind !== "e") return;
    flushing = true;
    clearTimeout(retry);
    let sent = 0;
    let stopped = false;
    try {
      for (const entry of await queued()) {
        if (entry.refused || entry.moved) {
          stopped = true; // the scorer looks at it first
          break;
        }
        let response;
        try {
          response = await post(entry);
        } catch (e) {
          if (!onForm) goOffline();
          retry = setTimeout(flush, RETRY_MS);
          return;
        }
        const answer = await readAnswer(response);
        if (answer.kind === "later") {
          banner(say("offline_retrying"), "offline-retrying");
          retry = setTimeout(flush, RETRY_MS);
          return;
        }
        if (answer.kind === "moved") {
          entry.moved = answer.body.moved;
          entry.moved.reason = answer.body.error;
          await put(entry);
          stopped = true;
          break;
        }
        if (answer.kind === "refused") {
          entry.refused = answer.reason;
          await put(entry);
          window.location.assign(`${evening}/hands/new?queued=${encodeURIComponent(entry.key)}`);
          return;
        }
        await drop(entry.key);
        sent += 1;
      }
    } finally {
      flushing = false;
    }
    removeTestid("offline-retrying");
    if (onForm) {
      if (sent || stopped) window.location.assign(evening); // the server's board
      return;
    }
    if (sent) {
      window.location.reload(); // the server's board, payments and all
      return;
    }
    if (stopped) {
      goOnline();
      await drawQueue(readJson(infoKey(evening)));
    }
  }

  // Watch for the server to answer again: then send, or show its board.
  let watching = null;
  function watch(delay = 2000) {
    clearTimeout(watching);
    watching = setTimeout(async () => {
      const info = await reach();
      if (!info) {
        watch(Math.min(delay * 2, RETRY_MS));
        return;
      }
      goOnline();
      if ((await queued()).length) await flush();
      else if (!onForm) window.location.reload(); // the server's board, as it is now
    }, RETRY_MS);
  }

  // The scorer's board asks now and then (and when the phone wakes) whether the server
  // still answers: a host gone from the Wi-Fi says nothing, and navigator.onLine stays true.
  function heartbeat() {
    const look = async () => {
      if (document.hidden || offline) return;
      if (!(await reach())) {
        goOffline();
        watch();
      }
    };
    document.addEventListener("visibilitychange", look);
    setInterval(look, HEARTBEAT_MS);
  }

  // --- the form: dealt for the hand it will be, saved through the queue ---------------------
  function fill(form, fields, withDeal) {
    const values = {};
    for (const [name, value] of fields) (values[name] = values[name] || []).push(value);
    const skip = ["csrf_token", "js", "action", "queued_number", "expected_version"];
    // a field that did not apply when the page was drawn waits in a <template>
    // (game_form.html): drawn first, so that its kept value is set too
    for (const template of Array.from(form.querySelectorAll("template[data-lazy]"))) {
      const name = template.dataset.lazy;
      if (Object.keys(values).some((key) => key === name || key.startsWith(name + "-"))) {
        template.replaceWith(template.content);
      }
    }
    for (const element of Array.from(form.elements)) {
      const name = element.name;
      if (!name || !(name in values) || skip.includes(name)) continue;
      if (!withDeal && DEAL_FIELDS.includes(name)) continue;
      if (element.type === "radio" || element.type === "checkbox") {
        element.checked = values[name].includes(element.value);
      } else if (element.type !== "submit") {
        element.value = values[name][0];
      }
    }
    const dealer = form.querySelector('[name="dealer"]');
    (dealer || form).dispatchEvent(new Event("change", { bubbles: true }));
  }

  function chosen(form, name) {
    const select = form.querySelector(`select[name="${CSS.escape(name)}"]`);
    if (select) return select.value;
    const radio = form.querySelector(`input[name="${CSS.escape(name)}"]:checked`);
    return radio ? radio.value : null;
  }
  function choose(form, name, value) {
    const select = form.querySelector(`select[name="${CSS.escape(name)}"]`);
    if (select) select.value = value;
    for (const radio of form.querySelectorAll(`input[type="radio"][name="${CSS.escape(name)}"]`)) {
      radio.checked = radio.value === value;
    }
  }

  // Deal a kept page (drawn for an earlier hand) as hand ``number`` by ``dealer``: the
  // heading, the dealer, who sits out, and what defaults to a part of the deal.
  function redeal(form, info, number, dealer) {
    const heading = document.querySelector("[data-testid=form-heading]");
    const drawn = Number(form.dataset.number || 0);
    if (heading && drawn && number !== drawn) {
      heading.textContent = heading.textContent.replace(new RegExp(`\\b${drawn}\\b`), String(number));
    }
    form.dataset.number = String(number);
    const before = form.elements.proposed ? form.elements.proposed.value : "";
    const deals = info.deals || {};
    const fresh = deals[dealer];
    if (!dealer || !fresh || dealer === before) return;
    const old = deals[before] || {};
    choose(form, "dealer", dealer);
    form.elements.proposed.value = dealer;
    form.elements.sitting_out_for.value = dealer;
    for (const box of form.querySelectorAll('input[name="sitting_out"]')) {
      box.checked = fresh.sitting_out.includes(box.value);
    }
    for (const [name, scope] of Object.entries(info.defaults || {})) {
      if (chosen(form, name) === (old[scope] || null)) choose(form, name, fresh[scope]);
    }
    const detail = { fixed: { players: fresh.players }, deals };
    form.dispatchEvent(new CustomEvent("game-form:redeal", { detail }));
    const line = { dealer, out: fresh.sitting_out.join(", "), first: fresh.players[0] || "" };
    for (const el of form.querySelectorAll("[data-deal]")) el.textContent = line[el.dataset.deal];
  }

  async function setUpForm(info) {
    const form = document.getElementById("hand-form");
    if (!form || !info || !form.hasAttribute("data-new-hand")) return;
    if (!keeps) {
      const note = banner(say("offline_http_note"), "offline-http-note");
      note.classList.add("hint");
    }
    const params = new URLSearchParams(window.location.search);
    const fixing = params.get("queued");
    let entries = await queued();
    const entry = fixing ? entries.find((e) => e.key === fixing) : null;
    const before = entry ? entries.filter((e) => e.seq < entry.seq) : entries;
    const number = entry
      ? entry.number
      : entries.length
        ? Math.max(info.number, entries[entries.length - 1].number + 1)
        : info.number;
    const explicit = entry && fieldOf(entry, "dealer") !== fieldOf(entry, "proposed");
    if (entry) {
      fill(form, entry.fields, explicit);
      const notice = banner(say("offline_refused", { reason: entry.refused || "" }), "queued-reason");
      notice.classList.add("notice");
    }
    if (!explicit) redeal(form, info, number, dealers(info, before)[before.length]);
    const version = form.elements.expected_version;
    if (copyTime && !entry && number === info.number && version && info.version != null) {
      // a copy is kept only when the form changes: its save names the evening's version now
      version.value = String(info.version);
    }
    if (offline) banner(say("offline_no_payments"), "offline-preview-note");

    form.addEventListener(
      "submit",
      async (event) => {
        const submitter = event.submitter;
        if (form.dataset.native === "1") return;
        if (!submitter || submitter.name !== "action" || submitter.value !== "save") return;
        event.preventDefault();
        event.stopImmediatePropagation();
        const data = new FormData(form, submitter);
        data.set("js", "1");
        data.set("queued_number", String(number));
        const fields = Array.from(data.entries()).filter(([, v]) => typeof v === "string");
        entries = await queued();
        const mine = entry
          ? { ...entry, fields, key: uuid(), refused: null, moved: null }
          : {
              key: uuid(),
              evening,
              seq: Date.now() + Math.random(),
              number,
              url: info.queued_url,
              fields,
            };
        const keepAndGo = async () => {
          await put(mine);
          if (entry) await drop(entry.key); // its key changed with its body
          if (keeps) {
            window.location.assign(info.board); // the kept board lists it as waiting
            return;
          }
          // no kept board on plain http://: the hand waits here, and goes from here
          const kept = banner(say("offline_kept_on_page"), "offline-kept-on-page");
          kept.classList.add("notice");
          retry = setTimeout(flush, RETRY_MS);
        };
        const waiting = entries.filter((e) => !entry || e.key !== entry.key);
        if (entry || waiting.length || offline) {
          await keepAndGo();
          return;
        }
        let response;
        try {
          response = await post(mine);
        } catch (e) {
          offline = true;
          await keepAndGo(); // no answer: the same request, the same key, later
          return;
        }
        const answer = await readAnswer(response);
        if (answer.kind === "sent") {
          // a rebuilt answer (the worker died after its commit) says only "recorded"
          window.location.assign((answer.body && answer.body.board) || info.board);
          return;
        }
        if (answer.kind === "later") {
          await keepAndGo();
          return;
        }
        if (answer.kind === "moved") {
          mine.moved = answer.body.moved; // another phone came first: the board asks
          mine.moved.reason = answer.body.error;
          await put(mine);
          window.location.assign(info.board);
          return;
        }
        if ((answer.body && answer.body.redraw) || !showRefusal(form, answer.body)) {
          form.dataset.native = "1"; // refused, and not in words: the server draws the page
          form.requestSubmit(submitter);
        }
      },
      true,
    );
  }

  // The refusal the server gave for the save, beside its field as the drawn page puts it
  // (one request a save: the form is not posted again to be told the same).
  function showRefusal(form, body) {
    if (!body || !body.error) return false;
    for (const old of form.querySelectorAll(".field-error")) old.remove();
    const box = form.querySelector(`[data-field="${CSS.escape(body.field || "")}"]`);
    const field = box && !box.hidden ? body.field : "form";
    const p = document.createElement("p");
    p.className = "field-error";
    p.setAttribute("role", "alert");
    p.dataset.testid = `error-${field}`;
    p.textContent = body.error;
    if (field === "form") {
      const presets = document.getElementById("f-presets");
      if (presets) presets.before(p);
      else form.prepend(p);
    } else {
      box.append(p);
    }
    p.scrollIntoView({ block: "center" });
    return true;
  }

  // --- the kept evenings, listed where no page of theirs is at hand -----------------------
  function listKept() {
    const list = document.querySelector("[data-kept-list]");
    if (!list) return;
    for (const kept of keptIndex()) {
      const li = document.createElement("li");
      const a = document.createElement("a");
      a.href = kept.evening;
      a.className = "recent-link";
      a.textContent = kept.name || "—";
      const small = document.createElement("small");
      small.textContent = when(kept.at);
      a.append(small);
      li.append(a);
      list.append(li);
    }
  }

  // --- start --------------------------------------------------------------------------
  // The page is usable: drawn, its handlers bound, what waits offline shown. What follows
  // (copies kept for offline use, the heartbeat) goes on while the player reads and taps.
  // Marked once the other scripts' DOMContentLoaded work is done too (the form's set-up
  // among them): the event reaches the window after every listener of the document.
  let loaded = false;
  let wanted = false;
  const setReady = () => (document.documentElement.dataset.pageReady = "1");
  window.addEventListener("DOMContentLoaded", () => {
    loaded = true;
    if (wanted) setReady();
  });
  function markReady() {
    wanted = true;
    if (loaded) setReady();
  }

  document.addEventListener("DOMContentLoaded", async () => {
    setUpForgetting();
    listKept();
    if (!evening) {
      markReady();
      return;
    }
    let info = readJson(infoKey(evening));
    // with nothing queued, a page the server drew is whole as it is: ready before any
    // answer (a kept copy of the form, or one fixing a queued hand, is dealt first)
    const fixing = new URLSearchParams(window.location.search).has("queued");
    const nothingWaits = !Number(readJson(QUEUE_HINT, 0));
    if (kind !== "e" || (nothingWaits && (!onForm || (!copyTime && !fixing)))) markReady();
    if (kind === "e") {
      const fresh = await reach();
      if (fresh) info = fresh;
      else goOffline();
    } else if (copyTime) {
      goOffline();
    } else {
      writeJson(seenKey(evening), Date.now());
    }
    window.addEventListener("offline", () => goOffline());
    window.addEventListener("online", () => {
      if (onForm) return;
      reach().then((fresh) => (fresh ? flush() : undefined));
    });
    if (kind !== "e") {
      if (!copyTime) keepCopies(null);
      else watch();
      return;
    }
    if (onForm) {
      try {
        await setUpForm(info);
      } finally {
        document.documentElement.dataset.formReady = "1"; // dealt: a kept copy shows now
        markReady();
      }
      if (offline) watch();
      return;
    }
    heartbeat(); // before anything waits: a look while the board is drawn is not missed
    await drawQueue(info);
    markReady();
    if (offline) {
      watch();
      return;
    }
    if (copyTime) {
      // the server answers, but this page is a copy: send what waits, or show its board
      if ((await queued()).length) await flush();
      else window.location.reload();
      return;
    }
    await flush();
    keepCopies(info);
  });
})();
