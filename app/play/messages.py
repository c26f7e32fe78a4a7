"""The websocket's wire messages: what a client may send, checked strictly, and what we send."""

from __future__ import annotations

import json
from datetime import datetime
from typing import Annotated, Any, Literal

from pydantic import (
    BaseModel,
    ConfigDict,
    Field,
    StrictInt,
    StrictStr,
    TypeAdapter,
    ValidationError,
)

from app.db import iso

MAX_MESSAGE_BYTES = 16 * 1024
MAX_CHAT_CHARS = 500


class _Message(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)


class ActionMessage(_Message):
    type: Literal["action"]
    id: StrictInt | Annotated[StrictStr, Field(max_length=64)] | None = None
    action: dict[str, Any]


class SyncMessage(_Message):
    type: Literal["sync"]
    seq: Annotated[StrictInt, Field(ge=0)]


class ChatMessageIn(_Message):
    type: Literal["chat"]
    text: Annotated[StrictStr, Field(min_length=1, max_length=MAX_CHAT_CHARS)]


ClientMessage = Annotated[ActionMessage | SyncMessage | ChatMessageIn, Field(discriminator="type")]
_client_message: TypeAdapter[ClientMessage] = TypeAdapter(ClientMessage)


class BadMessage(Exception):
    def __init__(self, code: str, message: str, ref: Any = None) -> None:
        super().__init__(message)
        self.code = code
        self.message = message
        self.ref = ref


def parse(text: str) -> ActionMessage | SyncMessage | ChatMessageIn:
    """A client's message, or BadMessage saying exactly what is wrong with it."""
    if len(text.encode()) > MAX_MESSAGE_BYTES:
        raise BadMessage("too_large", f"messages are limited to {MAX_MESSAGE_BYTES} bytes")
    try:
        data = json.loads(text)
    except ValueError:
        raise BadMessage("bad_json", "the message is not valid JSON") from None
    ref = data.get("id") if isinstance(data, dict) else None
    if not isinstance(ref, int | str) or isinstance(ref, bool):
        ref = None
    if not isinstance(data, dict):
        raise BadMessage("invalid", "a message must be a JSON object")
    if data.get("type") not in ("action", "sync", "chat"):
        raise BadMessage("invalid", "type must be one of action, sync, chat", ref)
    try:
        return _client_message.validate_python(data)
    except ValidationError as error:
        first = error.errors()[0]
        where = ".".join(str(part) for part in first["loc"][1:]) or "message"
        raise BadMessage("invalid", f"{where}: {first['msg']}", ref) from None


def dump(message: dict[str, Any]) -> str:
    return json.dumps(message, separators=(",", ":"))


def error(code: str, message: str, ref: Any = None) -> str:
    return dump({"type": "error", "error": code, "message": message, "ref": ref})


def chat(name: str, text: str, at: datetime) -> str:
    return dump({"type": "chat", "from": name, "text": text, "at": iso(at)})
