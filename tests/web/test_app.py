import re
from pathlib import Path

from ulti_ledger import create_app
from ulti_ledger.config import database_uri, load_or_create_secret_key


def test_index_is_hungarian_landing_page(client):
    response = client.get("/")
    assert response.status_code == 200
    assert response.mimetype == "text/html"
    html = response.get_data(as_text=True)
    assert '<html lang="hu">' in html
    assert "Kártyajegyzőkönyv" in html
    assert "Új este" in html
    assert re.search(r'href="/static/css/app\.[0-9a-f]{12}\.css"', html)


def test_stylesheet_is_served(client):
    response = client.get("/static/css/app.css")
    assert response.status_code == 200
    assert response.mimetype == "text/css"
    response.close()


def test_healthz(client):
    response = client.get("/healthz")
    assert response.status_code == 200
    assert response.get_json() == {"status": "ok"}


def test_testing_config(app):
    assert app.testing
    assert not create_app({"SECRET_KEY": "test"}).testing


def test_default_database_is_sqlite_in_instance(monkeypatch):
    monkeypatch.delenv("DATABASE_URL", raising=False)
    app = create_app({"SECRET_KEY": "test"})
    expected = Path(app.instance_path) / "ulti_ledger.sqlite3"
    assert app.config["SQLALCHEMY_DATABASE_URI"] == f"sqlite:///{expected}"
    assert Path(app.instance_path) == Path(__file__).resolve().parents[2] / "instance"


def test_database_url_from_environment(monkeypatch):
    monkeypatch.setenv("DATABASE_URL", "postgresql://ulti@localhost/ulti")
    app = create_app({"SECRET_KEY": "test"})
    assert app.config["SQLALCHEMY_DATABASE_URI"] == "postgresql+psycopg://ulti@localhost/ulti"


def test_database_uri(tmp_path):
    sqlite = tmp_path / "db.sqlite3"
    assert database_uri(None, sqlite) == f"sqlite:///{sqlite}"
    assert database_uri("", sqlite) == f"sqlite:///{sqlite}"
    assert database_uri("postgres://u@h/d", sqlite) == "postgresql+psycopg://u@h/d"
    assert database_uri("postgresql+psycopg://u@h/d", sqlite) == "postgresql+psycopg://u@h/d"
    assert database_uri("sqlite:///other.db", sqlite) == "sqlite:///other.db"


def test_secret_key_is_created_once_and_kept(tmp_path):
    path = tmp_path / "secret_key"
    key = load_or_create_secret_key(path)
    assert len(key) == 64
    assert path.stat().st_mode & 0o777 == 0o600
    assert load_or_create_secret_key(path) == key
