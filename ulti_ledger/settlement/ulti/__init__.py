"""The Ulti scorer (standard and színlicites rablóulti): parse, settle, explain."""

from .build import SECTIONS, build_rules
from .explain import describe
from .hand import Component, Hand, SilentResult, parse_hand
from .score import settle

__all__ = [
    "SECTIONS",
    "Component",
    "Hand",
    "SilentResult",
    "build_rules",
    "describe",
    "parse_hand",
    "settle",
]
