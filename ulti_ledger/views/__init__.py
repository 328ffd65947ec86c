"""Blueprints, one module per noun."""
