"""Live viewers: the read-only scoreboard keeps itself up to date by cheap polling.

``GET /s/<view_token>/state`` answers ``{"version", "hands", "totals"}`` with a strong
ETag. Every write raises the session's version (``ledger.txn``: hand versions are drawn
from it, deletes and restores raise it too), so the version alone says whether anything
changed; a poller that sends the ETag back gets 304 after one indexed lookup, without a
summary being computed, and the state of a new version is computed once per process
(``ledger.scoreboard_state``). ``GET /live.js`` is the poller a page includes::

    <script src="/live.js" data-state="/s/TOKEN/state" data-version="7" defer></script>

It polls every 5 s (a seat's page every second: ``data-poll="1000"``) while the page is
visible, and at once when it becomes visible again; when the version moves on it
replaces the element marked
``data-live-region`` with the same element of a fresh copy of the
page (or reloads the page when there is none), keeping what the player was typing there,
then says so with a ``live:refreshed`` event on the document (its ``detail``: the fresh
region).
"""

from __future__ import annotations

from flask import Blueprint, Response, current_app, request

from .. import ledger

bp = Blueprint("live", __name__)

POLL_SECONDS = 5
LIVE_JS = """\
"use strict";
(function () {
  var me = document.currentScript;
  var url = me && me.dataset.state;
  if (!url) { return; }
  var POLL_MS = Math.max(Number(me.dataset.poll) || @POLL_MS@, 500);
  var shown = me.dataset.version || null;
  var etag = null;
  var delay = POLL_MS;
  function refresh() {
    var region = document.querySelector("[data-live-region]");
    if (!region || !window.DOMParser) { window.location.reload(); return; }
    fetch(window.location.href, {credentials: "same-origin", cache: "no-store"})
      .then(function (r) { return r.ok ? r.text() : Promise.reject(r.status); })
      .then(function (html) {
        var page = new DOMParser().parseFromString(html, "text/html");
        var fresh = page.querySelector("[data-live-region]");
        if (!fresh) { return; }
        var kept = typing(region);
        region.replaceWith(document.adoptNode(fresh));
        restore(fresh, kept);
        // app.js asks the fresh board's folded rows at once (they open offline later)
        document.dispatchEvent(new CustomEvent("live:refreshed", {detail: fresh}));
      })
      .catch(function () { window.location.reload(); });
  }
  // What a player is in the middle of (a reason half typed, a "Nem így" panel open) is
  // carried into the fresh copy, for the same form of the same version of the hand only:
  // a hand edited meanwhile starts afresh.
  function keyOf(el) {
    var form = el.form || el.querySelector("form[action]");
    if (!form) { return el.id || null; }
    var version = form.querySelector("input[name=version]");
    return (el.id || el.name || "") + "|" + form.getAttribute("action") + "|" +
      (version ? version.value : "");
  }
  function typing(region) {
    var kept = {open: [], values: [], focus: null};
    region.querySelectorAll("details[open]").forEach(function (d) {
      var key = keyOf(d);
      if (key) { kept.open.push(key); }
    });
    region.querySelectorAll("input, textarea").forEach(function (el) {
      if (/^(hidden|radio|checkbox|submit|button)$/.test(el.type)) { return; }
      if (el.value !== el.defaultValue) { kept.values.push([keyOf(el), el.value]); }
    });
    var active = document.activeElement;
    if (active && region.contains(active) && active.form) {
      kept.focus = [keyOf(active), active.selectionStart, active.selectionEnd];
    }
    return kept;
  }
  function restore(region, kept) {
    region.querySelectorAll("details").forEach(function (d) {
      if (kept.open.indexOf(keyOf(d)) >= 0) { d.open = true; }
    });
    region.querySelectorAll("input, textarea").forEach(function (el) {
      var key = keyOf(el);
      kept.values.forEach(function (pair) { if (pair[0] === key) { el.value = pair[1]; } });
      if (kept.focus && kept.focus[0] === key) {
        el.focus();
        try { el.setSelectionRange(kept.focus[1], kept.focus[2]); } catch (e) { /* no caret */ }
      }
    });
  }
  var timer = null;
  var busy = false;
  function later(ms) { clearTimeout(timer); timer = setTimeout(poll, ms); }
  function poll() {
    if (busy) { return; }
    if (document.hidden) { later(delay); return; }
    busy = true;
    var headers = etag ? {"If-None-Match": etag} : {};
    fetch(url, {headers: headers, credentials: "omit", cache: "no-store"})
      .then(function (r) {
        if (r.status === 304) { return null; }
        if (!r.ok) { return Promise.reject(r.status); }
        etag = r.headers.get("ETag");
        return r.json();
      })
      .then(function (state) {
        delay = POLL_MS;
        if (state && String(state.version) !== shown) {
          if (shown !== null) { refresh(); }
          shown = String(state.version);
        }
      })
      .catch(function () { delay = Math.min(delay * 2, 60000); })
      .then(function () { busy = false; later(delay); });
  }
  // A phone taken up from the table asks at once, not at its next turn.
  document.addEventListener("visibilitychange", function () {
    if (!document.hidden && !busy) { later(0); }
  });
  later(delay);
})();
""".replace("@POLL_MS@", str(POLL_SECONDS * 1000))


@bp.get("/s/<token>/state")
def state(token: str):
    """The scoreboard's version, hand count and totals; 304 while the version is the same."""
    try:
        session_id, version = ledger.session_stamp(token)
        etag = f"s{session_id}-v{version}"
        if request.if_none_match.contains_weak(etag):
            response = Response(status=304)
        else:
            session = ledger.get_session(session_id)
            etag = f"s{session_id}-v{session.version}"
            response = current_app.make_response(ledger.scoreboard_state(session))
    except ledger.NotFound:
        return {"error": "no session has this link"}, 404
    response.set_etag(etag)  # no cache keeps it (security.PRIVATE): the poller sends it back
    return response


@bp.get("/live.js")
def live_js():
    response = Response(LIVE_JS, mimetype="text/javascript")
    response.headers["Cache-Control"] = "public, max-age=3600"
    return response
