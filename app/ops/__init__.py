"""Operations: metrics and the command line."""
