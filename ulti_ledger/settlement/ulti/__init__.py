"""The Ulti scorer (standard and színlicites rablóulti): parse, settle, explain."""

from .explain import describe
from .hand import Component, Hand, SilentResult, parse_hand
from .score import settle

__all__ = ["Component", "Hand", "SilentResult", "describe", "parse_hand", "settle"]
