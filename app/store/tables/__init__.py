"""Every table of the database, one module per part of the site: the lobbies and their players
and chat (`lobbies`), the games and their actions and reviews (`games`), what "your turn" needs
(`notifications`) and the owner's banner (`banner`). Importing this package imports them all, so
`metadata` knows every table (Alembic's environment, the migration tests, export and import)."""

from __future__ import annotations

from app.store.db import Base
from app.store.tables import banner, games, lobbies, notifications

metadata = Base.metadata
MODELS = (lobbies, notifications, games, banner)
