"""Lobbies, one object per concept, all reading and changing lobbies through the store:

- `store`: lobby rows in units of work, codes and tokens, options, held seats;
- `seating`: a new lobby's host, a person taking the next seat;
- `service`: create, join, seat bots, change options, remove a player, start;
- `away`: a bot handed the seat of a person who is away;
- `again`: play again, the last game's seats held;
- `records`: a game's log and result as recorded;
- `finished`: replays, score charts and reviews of finished games;
- `directory`: what the hub and the pages ask of lobbies (made before the hub);
- `changes`: a change told to the hub.
"""
