"""Helpers of the owner's tests: settings changed as the environment would change them."""

from __future__ import annotations

from typing import Any

from app.config import Settings


def changed(settings: Settings, **changes: Any) -> Settings:
    """`settings` with `changes`, validated as if read from the environment."""
    return Settings(**{**settings.model_dump(), **changes}, _env_file=None)
