"""What the server's logs may not hold: players' tokens.

uvicorn writes each request's path with its query string, in the access log
(`"GET /api/...?token=..." 200`) and, for websockets, in its error log (`"WebSocket
/ws/CODE?token=..." [accepted]`): a `?token=` there would hand a seat to whoever reads the logs.
`redact_tokens_in_logs()` puts a filter on both loggers that writes `token=[redacted]` instead.
"""

from __future__ import annotations

import logging
import re
from urllib.parse import unquote_plus

REDACTED = "[redacted]"
# The loggers uvicorn writes request lines to.
REQUEST_LOGGERS = ("uvicorn.access", "uvicorn.error")

# One name=value of a query string: after "?" or "&", up to the next "&", "#", space or quote.
_PARAMETER = re.compile(r"(?P<start>[?&])(?P<name>[^=&#\s\"]*)=(?P<value>[^&#\s\"]*)")


def redact_tokens(text: str) -> str:
    """`text` with the value of every `token` query parameter replaced (the name is read as a
    query string reads it: `%74oken` and `TOKEN` too)."""

    def hide(parameter: re.Match[str]) -> str:
        if unquote_plus(parameter["name"]).strip().lower() != "token":
            return parameter[0]
        return f"{parameter['start']}{parameter['name']}={REDACTED}"

    return _PARAMETER.sub(hide, text)


class RedactTokens(logging.Filter):
    """Redacts tokens in a record's message and in its string arguments."""

    def filter(self, record: logging.LogRecord) -> bool:
        if isinstance(record.msg, str):
            record.msg = redact_tokens(record.msg)
        if isinstance(record.args, tuple):
            record.args = tuple(
                redact_tokens(arg) if isinstance(arg, str) else arg for arg in record.args
            )
        return True


def redact_tokens_in_logs() -> None:
    """Put the filter on uvicorn's request loggers (once, however many apps are made)."""
    for name in REQUEST_LOGGERS:
        logger = logging.getLogger(name)
        if not any(isinstance(existing, RedactTokens) for existing in logger.filters):
            logger.addFilter(RedactTokens())
