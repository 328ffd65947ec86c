// Scoring with no network. Every page works without this script.
// - Registers the service worker (sw.js), which keeps the pages this phone opened.
// - The new-hand form saves through POST /e/<t>/hands/queued with an Idempotency-Key: a
//   retry of a request whose answer was lost is answered from what the server kept, so a
//   hand is never recorded twice. With no network (or hands already waiting) the hand is
//   kept on the phone (IndexedDB), in order, and the board shows it as waiting to be sent,
//   the deal moving on. Back online, the queue is sent in order; a hand the server
//   refuses stops the queue and opens in the form with the reason, nothing after it lost.
// - The server's engine stays the one source of payments: a waiting hand has none yet.
(function () {
  "use strict";
  const DB_NAME = "ulti-ledger-offline";
  const STORE = "queue";
  const RETRY_MS = 10000;
  const script = document.currentScript;
  let WORDS = {};
  try {
    WORDS = JSON.parse((script && script.dataset.words) || "{}");
  } catch (e) {
    /* words stay keys */
  }

  if ("serviceWorker" in navigator && window.isSecureContext) {
    window.addEventListener("load", () => {
      navigator.serviceWorker.register("/sw.js", { scope: "/" }).catch(() => undefined);
    });
  }

  const path = window.location.pathname;
  const match = /^\/(e|s)\/([^/]+)(\/hands\/new)?\/?$/.exec(path);
  if (!match) return;
  const kind = match[1];
  const evening = `/${kind}/${match[2]}`;
  const onForm = Boolean(match[3]);
  const seenKey = `ulti-ledger.seen:${evening}`;
  const infoKey = `ulti-ledger.offline:${evening}`;

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
      tx.oncomplete = () => resolve(result && "result" in result ? result.result : result);
      tx.onerror = () => reject(tx.error);
    });
  }
  async function queued() {
    const all = await withStore("readonly", (s) => s.index("evening").getAll(evening));
    return (all || []).sort((a, b) => a.seq - b.seq);
  }
  const put = (entry) => withStore("readwrite", (s) => s.put(entry));
  const drop = (key) => withStore("readwrite", (s) => s.delete(key));

  function readJson(key) {
    try {
      return JSON.parse(localStorage.getItem(key) || "null");
    } catch (e) {
      return null;
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

  // --- what the server said last: the next hand, the rotation, the words -----------------
  async function freshInfo() {
    if (kind !== "e") return null;
    try {
      const response = await fetch(`${evening}/offline.json`, { credentials: "same-origin" });
      if (!response.ok) return null;
      const info = await response.json();
      writeJson(infoKey, info);
      return info;
    } catch (e) {
      return null;
    }
  }
  const say = (info, key, values) =>
    Object.entries(values || {}).reduce(
      (text, [name, value]) => text.split(`{${name}}`).join(value),
      WORDS[key] || key,
    );
  const fieldOf = (entry, name) => (entry.fields.find(([k]) => k === name) || [])[1] || "";

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

  function showOffline(info) {
    const seen = readJson(seenKey);
    if (!seen) return;
    const lang = document.documentElement.lang || "hu";
    const time = new Date(seen).toLocaleString(lang, { dateStyle: "short", timeStyle: "short" });
    banner(say(info, "offline_as_of", { time }), "offline-banner");
  }

  // --- the board: waiting hands, and sending them -----------------------------------------
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
      const after = document.querySelector("[data-testid=offline-banner]");
      if (after) after.after(box);
      else main.prepend(box);
    }
    box.replaceChildren();
    const title = document.createElement("h2");
    title.id = "offline-queue-title";
    title.textContent = say(info, "offline_waiting");
    const list = document.createElement("ol");
    const deals = dealers(info, entries);
    entries.forEach((entry, i) => {
      const li = document.createElement("li");
      li.dataset.testid = `queued-${entry.number}`;
      const bits = [
        say(info, "offline_waiting_hand", { n: entry.number }),
        say(info, "offline_dealer", { name: deals[i] }),
      ];
      const declarer = fieldOf(entry, "declarer");
      if (declarer) bits.push(say(info, "offline_declarer", { name: declarer }));
      li.textContent = bits.join(" · ");
      if (entry.refused) {
        const why = document.createElement("a");
        why.href = `${evening}/hands/new?queued=${encodeURIComponent(entry.key)}`;
        why.textContent = say(info, "offline_refused", { reason: entry.refused });
        why.dataset.testid = "queued-refused";
        li.append(" ", why);
      }
      list.append(li);
    });
    const note = document.createElement("p");
    note.className = "hint";
    note.textContent = say(info, "offline_no_payments");
    const send = document.createElement("button");
    send.type = "button";
    send.className = "button button-small";
    send.dataset.testid = "offline-send";
    send.textContent = say(info, "offline_send_now");
    send.addEventListener("click", () => flush(info));
    box.append(title, list, note, send);
    return entries;
  }

  let flushing = false;
  let retry = null;
  async function flush(info) {
    if (flushing || !info) return;
    flushing = true;
    clearTimeout(retry);
    let sent = 0;
    try {
      for (const entry of await queued()) {
        if (entry.refused) return; // the scorer looks at it first
        let response;
        try {
          response = await fetch(entry.url, {
            method: "POST",
            body: new URLSearchParams(entry.fields),
            headers: { "Idempotency-Key": entry.key },
            credentials: "same-origin",
          });
        } catch (e) {
          retry = setTimeout(() => flush(info), RETRY_MS); // still offline
          return;
        }
        if (response.status >= 500) {
          retry = setTimeout(() => flush(info), RETRY_MS);
          return;
        }
        if (!response.ok) {
          let reason = response.statusText;
          try {
            reason = (await response.json()).error || reason;
          } catch (e) {
            /* not JSON: an error page */
          }
          entry.refused = reason;
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
    if (sent) window.location.reload(); // the server's board, payments and all
  }

  // --- the form: save through the queue -------------------------------------------------
  function fill(form, fields) {
    const values = {};
    for (const [name, value] of fields) (values[name] = values[name] || []).push(value);
    for (const element of Array.from(form.elements)) {
      const name = element.name;
      if (!name || !(name in values) || ["csrf_token", "js", "action"].includes(name)) continue;
      if (element.type === "radio" || element.type === "checkbox") {
        element.checked = values[name].includes(element.value);
      } else if (element.type !== "submit") {
        element.value = values[name][0];
      }
    }
    const dealer = form.querySelector('[name="dealer"]');
    (dealer || form).dispatchEvent(new Event("change", { bubbles: true }));
  }

  // Deal the cached form for the hand after the waiting ones: the rotation's dealer, and
  // the declarer the page proposed (the first bidder) moved on with the deal.
  function setDealer(form, dealer) {
    const data = document.getElementById("game-form-data");
    const deals = data ? JSON.parse(data.textContent).deals || {} : {};
    const select = form.querySelector('select[name="dealer"]');
    const radios = Array.from(form.querySelectorAll('input[type="radio"][name="dealer"]'));
    const before = select ? select.value : (radios.find((r) => r.checked) || {}).value;
    if (!dealer || before === dealer) return;
    const firstOf = (d) => (deals[d] && deals[d].players[0]) || "";
    const declarer = form.querySelector('input[type="radio"][name="declarer"]:checked');
    const moveDeclarer = declarer && declarer.value === firstOf(before) && firstOf(dealer);
    if (select) select.value = dealer;
    for (const radio of radios) radio.checked = radio.value === dealer;
    form.elements.proposed.value = dealer;
    (select || radios[0] || form).dispatchEvent(new Event("change", { bubbles: true }));
    if (moveDeclarer) {
      const next = form.querySelector(
        `input[type="radio"][name="declarer"][value="${CSS.escape(firstOf(dealer))}"]`,
      );
      if (next) {
        next.checked = true;
        next.dispatchEvent(new Event("change", { bubbles: true }));
      }
    }
  }

  async function setUpForm(info) {
    const form = document.getElementById("hand-form");
    if (!form || !info) return;
    const params = new URLSearchParams(window.location.search);
    const fixing = params.get("queued");
    let entries = await queued();
    let entry = fixing ? entries.find((e) => e.key === fixing) : null;
    const number = entry
      ? entry.number
      : entries.length
        ? entries[entries.length - 1].number + 1
        : info.number;
    const heading = form.querySelector("h1");
    if (heading && number !== info.number) heading.textContent = heading.textContent.replace(/\d+/, number);
    if (entry) {
      fill(form, entry.fields);
      const notice = banner(say(info, "offline_refused", { reason: entry.refused || "" }), "queued-reason");
      notice.classList.add("notice");
    } else if (entries.length) {
      setDealer(form, dealers(info, entries)[entries.length]);
    }
    if (!navigator.onLine) banner(say(info, "offline_no_payments"), "offline-preview-note");

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
          ? { ...entry, fields, key: uuid(), refused: null }
          : {
              key: uuid(),
              evening,
              seq: Date.now() + Math.random(),
              number,
              url: info.queued_url,
              fields,
            };
        if (entry || entries.length || !navigator.onLine) {
          await put(mine);
          if (entry) await drop(entry.key); // its key changed with its body
          window.location.assign(info.board);
          return;
        }
        let response;
        try {
          response = await fetch(mine.url, {
            method: "POST",
            body: new URLSearchParams(fields),
            headers: { "Idempotency-Key": mine.key },
            credentials: "same-origin",
          });
        } catch (e) {
          await put(mine); // the answer never came: the same request, same key, later
          window.location.assign(info.board);
          return;
        }
        if (response.ok) {
          window.location.assign((await response.json()).board);
          return;
        }
        form.dataset.native = "1"; // refused: the page says why, beside the field
        form.requestSubmit(submitter);
      },
      true,
    );
  }

  // --- start --------------------------------------------------------------------------
  document.addEventListener("DOMContentLoaded", async () => {
    const online = navigator.onLine;
    const info = online ? (await freshInfo()) || readJson(infoKey) : readJson(infoKey);
    if (online && info) writeJson(seenKey, Date.now());
    else if (kind === "s" && online) writeJson(seenKey, Date.now());
    if (!online || (kind === "e" && !info)) showOffline(info || readJson(infoKey));
    if (kind !== "e") return;
    if (onForm) {
      await setUpForm(info);
      return;
    }
    await drawQueue(info);
    const backOnline = (latest) => {
      const banner = document.querySelector("[data-testid=offline-banner]");
      if (banner) banner.remove();
      flush(latest);
    };
    window.addEventListener("online", () => backOnline(readJson(infoKey) || info));
    // the network may have come back while the queue was drawn, before the listener was
    // there: ask again now, in the same task as the listener, so no moment is missed
    if (navigator.onLine) backOnline(info || readJson(infoKey));
  });
})();
