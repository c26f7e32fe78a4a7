"""Every table of the database at once, for whoever compares or creates them all (Alembic's
environment, the migration tests): importing this module imports each module that defines
tables, so `metadata` knows them all. (app/store/db.py cannot import them: they build on it.)"""

from __future__ import annotations

import app.admin.models
import app.lobby.models
import app.notify.models
import app.play.models
from app.store.db import Base

metadata = Base.metadata
MODELS = (app.admin.models, app.lobby.models, app.notify.models, app.play.models)
