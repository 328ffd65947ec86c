"""gunicorn's settings for ``make run``: the app on the local network, port 5000.

``HOST`` (default 0.0.0.0: every interface, 127.0.0.1 included) and ``PORT`` (5000) choose
where it listens; ``HOST=127.0.0.1`` keeps it on this machine. When the workers are ready
it prints the addresses to open. Read by ``gunicorn -c scripts/gunicorn_conf.py app:app``.
"""

import os

from ulti_ledger.web.addresses import lan_setting_for, startup_lines
from ulti_ledger.web.log_filter import install as mask_tokens_in_logs

host = os.environ.get("HOST") or "0.0.0.0"
port = int(os.environ.get("PORT") or 5000)

bind = [f"[{host}]:{port}" if ":" in host else f"{host}:{port}"]
# Threads, so that the phones' polls every 5 s never queue behind a PDF being drawn.
worker_class = "gthread"
workers = 2
threads = 4
# Links carry the address the phones can open: on loopback there is only 127.0.0.1.
if "LAN_ADDRESSES" not in os.environ and lan_setting_for(host) is not None:
    os.environ["LAN_ADDRESSES"] = lan_setting_for(host)


def on_starting(server):
    # The access log (--access-logfile) never records a link's token: /e/***, ?token=***.
    mask_tokens_in_logs()


def post_worker_init(worker):
    # WeasyPrint and the PDF font load in the worker's PDF pool now, not on a player's tap;
    # then what the worker has loaded is kept out of the cycle collector's full runs
    # (ulti_ledger/web/collector.py: a large report's render spent up to 0.4 s in them).
    from flask import Flask

    from ulti_ledger.pdf.pool import warm
    from ulti_ledger.web import collector

    if isinstance(worker.wsgi, Flask):  # not gunicorn's stand-in for an app that failed
        warm(worker.wsgi).add_done_callback(lambda _: collector.settle())


def when_ready(server):
    print("\n".join(startup_lines(host, port)), flush=True)


control_socket_disable = True  # no management socket in ~/.gunicorn (gunicorn 24+)
