"""Settings, read from the environment (prefix-free names, as in the README's table)."""

from __future__ import annotations

from pathlib import Path
from typing import Literal

from pydantic import Field, model_validator
from pydantic_settings import BaseSettings, SettingsConfigDict

ROOT = Path(__file__).resolve().parent.parent
DEVELOPMENT_SECRET = "development-only-secret"


class Settings(BaseSettings):
    model_config = SettingsConfigDict(env_file=".env", extra="ignore")

    environment: Literal["development", "production"] = "development"
    database_url: str = f"sqlite+aiosqlite:///{ROOT / 'tinkertable.db'}"
    secret_key: str = DEVELOPMENT_SECRET
    host: str = "127.0.0.1"
    port: int = Field(default=8000, ge=1, le=65535)
    # How many recent patches each game keeps for clients that reconnect with since=N.
    patch_buffer: int = Field(default=200, ge=0, le=10_000)
    # How many recent chat lines a newly connected client receives.
    chat_history: int = Field(default=50, ge=0, le=1000)
    # Seconds a bot waits before each of its actions, so that people can follow (tests: 0).
    bot_delay: float = Field(default=0.8, ge=0, le=60)
    # Bring the database up to date when the server starts.
    migrate_on_start: bool = True
    log_level: str = "info"
    # A host's own Nerdy Inventions card list (JSON, the format of the stand-in cards.json);
    # unset: our stand-in cards.
    nerdy_inventions_cards: Path | None = None
    # A host's own UNSCREWED maps and decks (JSON, the format described on /rules/unscrewed);
    # unset: our stand-in maps and decks.
    unscrewed_components: Path | None = None

    @model_validator(mode="after")
    def _secret_outside_development(self) -> Settings:
        if self.environment != "development" and self.secret_key in ("", DEVELOPMENT_SECRET):
            raise ValueError("SECRET_KEY must be set to a random value outside development")
        return self

    @property
    def is_sqlite(self) -> bool:
        return self.database_url.startswith("sqlite")
