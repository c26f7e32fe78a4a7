"""Storage: the database, its tables, a game's export and import."""
