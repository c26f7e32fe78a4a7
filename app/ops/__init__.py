"""Operations: metrics, the command line, backups, and a game's export and import."""
