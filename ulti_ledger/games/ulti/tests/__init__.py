"""ulti's own tests: its rules, and what the registry-driven tests ask of it."""
