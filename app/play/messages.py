"""The websocket's wire messages: what a client may send, checked strictly, and what we send."""

from __future__ import annotations

import unicodedata
from datetime import datetime
from typing import Annotated, Any, Literal

from pydantic import (
    AfterValidator,
    BaseModel,
    ConfigDict,
    Field,
    StrictInt,
    StrictStr,
    TypeAdapter,
    ValidationError,
)

from app.edge.error_codes import ErrorCode
from app.store.db import iso
from app.wire import dumps, loads

MAX_MESSAGE_BYTES = 16 * 1024
MAX_CHAT_CHARS = 500
# Action ids are echoed back as `ref`: integers a browser holds exactly (JavaScript's safe ones).
MAX_SAFE_INTEGER = 2**53 - 1


class _Message(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)


def _chat_text(text: str) -> str:
    """Chat is text a person typed: line breaks and tabs, but no other control characters
    (PostgreSQL cannot even store NUL)."""
    if any(unicodedata.category(char) == "Cc" and char not in "\n\t" for char in text):
        raise ValueError("chat cannot hold control characters")
    return text


ActionId = (
    Annotated[StrictInt, Field(ge=-MAX_SAFE_INTEGER, le=MAX_SAFE_INTEGER)]
    | Annotated[StrictStr, Field(max_length=64)]
)


class ActionMessage(_Message):
    type: Literal["action"]
    id: ActionId | None = None
    action: dict[str, Any]


class UndoMessage(_Message):
    """Take back the seat's own last action (app.play.fold); refused with `cannot_undo`."""

    type: Literal["undo"]
    id: ActionId | None = None


class HintMessage(_Message):
    """Ask the good bot what it would do in the seat now (app.play.hints): answered with a
    `hint` message (`hint` below), or refused with an `error`."""

    type: Literal["hint"]
    id: ActionId | None = None


class SyncMessage(_Message):
    """The client holds the view at `seq`: answered with the patches since (none at the
    current seq), or a snapshot (app.play.fanout); those answered count against a rate of
    their own (app.play.websocket)."""

    type: Literal["sync"]
    seq: Annotated[StrictInt, Field(ge=0)]


class ChatMessageIn(_Message):
    type: Literal["chat"]
    text: Annotated[
        StrictStr, Field(min_length=1, max_length=MAX_CHAT_CHARS), AfterValidator(_chat_text)
    ]


ClientMessage = Annotated[
    ActionMessage | UndoMessage | HintMessage | SyncMessage | ChatMessageIn,
    Field(discriminator="type"),
]
Parsed = ActionMessage | UndoMessage | HintMessage | SyncMessage | ChatMessageIn
TYPES = ("action", "undo", "hint", "sync", "chat")
# The messages that carry an `id`, echoed as `ref` on an error.
WithId = ActionMessage | UndoMessage | HintMessage
_client_message: TypeAdapter[ClientMessage] = TypeAdapter(ClientMessage)
_action_id: TypeAdapter[int | str] = TypeAdapter(ActionId)


class BadMessage(Exception):
    def __init__(self, code: str, message: str, ref: Any = None) -> None:
        super().__init__(message)
        self.code = code
        self.message = message
        self.ref = ref


def parse(text: str) -> Parsed:
    """A client's message, or BadMessage saying exactly what is wrong with it."""
    if len(text.encode(errors="surrogatepass")) > MAX_MESSAGE_BYTES:
        raise BadMessage(ErrorCode.TOO_LARGE, f"messages are limited to {MAX_MESSAGE_BYTES} bytes")
    try:
        data = loads(text)
    except ValueError as error:
        if "depth limit" in str(error):
            raise BadMessage(ErrorCode.BAD_JSON, "the message is nested too deeply") from None
        raise BadMessage(ErrorCode.BAD_JSON, "the message is not valid JSON") from None
    if not isinstance(data, dict):
        raise BadMessage(ErrorCode.INVALID, "a message must be a JSON object")
    ref = _ref(data)
    if data.get("type") not in TYPES:
        raise BadMessage(ErrorCode.INVALID, f"type must be one of {', '.join(TYPES)}", ref)
    try:
        return _client_message.validate_python(data)
    except ValidationError as error:
        raise BadMessage(ErrorCode.INVALID, _explain(error), ref) from None


def _ref(data: dict[str, Any]) -> int | str | None:
    """The message's `id`, to echo as `ref` on an error: None unless it is a valid one."""
    try:
        return _action_id.validate_python(data.get("id"))
    except ValidationError:
        return None


def _explain(error: ValidationError) -> str:
    """The first thing wrong with a message, for a person to read."""
    first = error.errors()[0]
    where = [str(part) for part in first["loc"][1:]]  # the first part is the message's type
    if where[:1] == ["id"]:
        return (
            f"id: must be an integer (at most {MAX_SAFE_INTEGER} either way) "
            "or a string of at most 64 characters"
        )
    return f"{'.'.join(where) or 'message'}: {first['msg']}"


def dump(message: dict[str, Any]) -> str:
    return dumps(message)


def error(code: str, message: str, ref: Any = None) -> str:
    return dump({"type": "error", "error": code, "message": message, "ref": ref})


def hint(ref: Any, action: dict[str, Any], reason: str, value: float, unit: str) -> str:
    """The answer to a `hint` message: one of the seat's legal actions, as the client would send
    it, with the bot's reason and estimate (in `unit`: app.games.bots)."""
    return dump(
        {
            "type": "hint",
            "ref": ref,
            "action": action,
            "reason": reason,
            "value": value,
            "unit": unit,
        }
    )


def chat(name: str, text: str, at: datetime) -> str:
    return dump({"type": "chat", "from": name, "text": text, "at": iso(at)})


def lobby(public: dict[str, Any]) -> str:
    return dump({"type": "lobby", "lobby": public})


def presence(players: list[dict[str, Any]]) -> str:
    return dump({"type": "presence", "players": players})


def patch(seq: int, ops: list[dict[str, Any]]) -> str:
    return dump({"type": "patch", "seq": seq, "ops": ops})


def snapshot(seq: int, view: str, now: float) -> str:
    """A `snapshot` message around a view already encoded (the hub keeps each viewer's)."""
    envelope = dump({"type": "snapshot", "seq": seq, "now": now})
    return f'{envelope[:-1]},"view":{view}}}'
