"""Backups and moving house: `tinkertable export FILE`, `import FILE` and `backup DIR`.

The file's lines are in lines.py; export, import and backups in exporting.py, importing.py
and backups.py.

The export file is JSON lines (UTF-8). Its first line says what it is:

    {"tinkertable": "export", "format": 1, "exported_at": "2026-12-01T16:00:00+00:00",
     "lobbies": 2}

then one line per lobby, with everything the database keeps of it:

    {"lobby": {...}, "players": [{...}], "chat": [{...}], "game": null or {..., "actions": [...]}}

A finished game's review by the good bot (`reviews`, app/play/reviews.py) is left out: it is
computed again from the game's record when next asked for.

Each object holds every column of its table (app/store/tables/lobbies.py and games.py) but the
database's own ids: `id`, and the id of the row it belongs to (its lobby, its game), which the
nesting says instead. Times are ISO 8601 in UTC. A player's `away_votes` (the ids of the players
who voted to hand their seat to a bot) are written as the voters' seats. Lobby codes, and the
hashes of the players' tokens, are kept: every link and every player's token works as before.

Export reads one snapshot of the database (a repeatable-read transaction on PostgreSQL, one
read transaction on SQLite), so a server may go on playing meanwhile; the file is written under
a temporary name and renamed once whole.

Import checks every line against the tables (each field, its type, its length; a game's actions
numbered 1 to its `seq`; the number of lobbies the first line announced) and writes everything
in one transaction: a file it cannot read changes nothing. A lobby whose code the database
already holds is refused, naming the codes, unless `skip_existing`: then those lobbies are left
as the database has them and the others are imported. A game's setup and snapshot written by
an earlier version of its rules are imported in today's shape (`Game.upgrade`).

Backup makes a consistent copy while the server runs: SQLite's online backup API to
`DIR/tinkertable-<time>.db`, or `pg_dump --format=custom` to `DIR/tinkertable-<time>.dump` for
PostgreSQL (its client tools must be installed).
"""

from app.store.transfer.backups import backup, libpq_url
from app.store.transfer.exporting import export
from app.store.transfer.importing import import_
from app.store.transfer.lines import Counts, TransferError

__all__ = ["Counts", "TransferError", "backup", "export", "import_", "libpq_url"]
