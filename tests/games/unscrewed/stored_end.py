"""What a finished UNSCREWED state stored before could not tell its upgrade (read by
tests/games/stored.py): it said phase "over", not the phase the game ended in (today's keep it),
and its upgrade puts the round's last one. A finished game's phase changes nothing: no action is
legal, and its page shows the result."""

NOT_KEPT_AT_THE_END = ("phase",)
