"""Every table of the database at once, for whoever compares or creates them all (Alembic's
environment, the migration tests): importing this module imports each module that defines
tables, so `metadata` knows them all. It stands above every package that defines tables
(app/store/db.py, below them all, cannot import them: they build on it)."""

from __future__ import annotations

import app.lobby.models
import app.notify.models
import app.play.models
import app.site.models
from app.store.db import Base

metadata = Base.metadata
MODELS = (app.lobby.models, app.notify.models, app.play.models, app.site.models)
