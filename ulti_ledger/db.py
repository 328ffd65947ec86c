"""The SQLAlchemy handle shared by models and views; bound to an app in ``create_app``."""

from flask_sqlalchemy import SQLAlchemy
from sqlalchemy.orm import DeclarativeBase


class Base(DeclarativeBase):
    """Declarative base for every model of the ledger."""


db = SQLAlchemy(model_class=Base)
