"""Every error code the server sends, in one table: the `error` field of an HTTP error body
and of a websocket `error` message (../shared/PROTOCOL.md, docs/protocol.md).

A code names what went wrong for a program; the message beside it says it for a person. Codes
are part of the protocol: never rename one. The rules engines raise their own few
(`GameError.code`, app/games/core.py: they import nothing of the server); each is here too.
"""

from __future__ import annotations

from enum import StrEnum


class ErrorCode(StrEnum):
    # --- any request ---
    BAD_REQUEST = "bad_request"  # a domain error with no more precise code
    BAD_INPUT = "bad_input"  # a value that cannot be used (a name, a binary frame)
    INVALID = "invalid"  # the wrong shape: unknown fields, wrong types, bad numbers
    BAD_JSON = "bad_json"  # a websocket message that is not JSON
    TOO_LARGE = "too_large"  # a body or message over its limit
    TOO_MANY = "too_many"  # past a rate limit (with Retry-After over HTTP)
    NOT_FOUND = "not_found"
    METHOD_NOT_ALLOWED = "method_not_allowed"
    UNAVAILABLE = "unavailable"  # the database could not be reached: nothing changed
    CONFLICT = "conflict"  # the state does not allow it now
    # --- who is asking ---
    UNAUTHORIZED = "unauthorized"
    NO_TOKEN = "no_token"  # a call that needs a seat's token came without one
    UNKNOWN_TOKEN = "unknown_token"  # no such seat in that lobby (or no such lobby)
    FORBIDDEN = "forbidden"  # not allowed to anyone in this role (a spectator acting)
    NOT_HOST = "not_host"
    IS_HOST = "is_host"  # the host keeps their seat
    OWN_SEAT = "own_seat"  # an absent player's vote for their own seat
    # --- lobbies ---
    UNKNOWN_LOBBY = "unknown_lobby"
    UNKNOWN_PLAYER = "unknown_player"
    UNKNOWN_GAME = "unknown_game"
    ALREADY_STARTED = "already_started"
    LOBBY_FULL = "lobby_full"
    SEATS_HELD = "seats_held"  # "play again" holds the seats for the last game's players
    NAME_TAKEN = "name_taken"
    PLAYER_COUNT = "player_count"
    BAD_OPTIONS = "bad_options"
    BUSY = "busy"  # another change to the lobby is under way; try again
    NOT_A_PERSON = "not_a_person"  # a bot cannot be away
    NOT_PLAYING = "not_playing"  # the game is not being played
    NOT_STARTED = "not_started"  # the game has not started (its log lines)
    NOT_AWAY = "not_away"  # the player is connected, or not away long enough
    NOT_FINISHED = "not_finished"  # replays open once the game is finished
    NO_EMAIL = "no_email"  # this server sends no email (no SMTP_URL)
    # --- games ---
    GAME_ERROR = "game_error"
    ILLEGAL_ACTION = "illegal_action"  # not in `view.legal`
    BAD_PLAYER_COUNT = "bad_player_count"
    OUT_OF_TIME = "out_of_time"  # the player's clock ran out: a bot decides this turn
    CANNOT_UNDO = "cannot_undo"  # nothing the seat may take back now, or take-backs are off
    HINTS_OFF = "hints_off"  # the table does not allow hints
    NOT_YOUR_DECISION = "not_your_decision"  # a hint asked with nothing for the seat to decide
    STALE = "stale"  # a bot's decision on a position the game has left (never sent)
