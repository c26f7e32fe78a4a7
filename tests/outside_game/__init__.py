"""Noughts in the Dark, a game from outside: its own distribution (pyproject.toml beside this
file, package noughts_in_the_dark/), installed into the test environment, and its tests."""
