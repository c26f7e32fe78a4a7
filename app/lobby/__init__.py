"""Before a game: lobbies, seats, tokens, options, starting."""
