"""Pure rules: one package per game, plus core.py, what every game shares."""
