"""Storage: the database (its engine, sessions, and the base every table builds on)."""
