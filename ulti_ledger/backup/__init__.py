"""Backups of the whole database, and the checks a restore passes first."""
