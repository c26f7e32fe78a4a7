"""What the server's logs may not hold: players' tokens.

uvicorn writes each request's path with its query string, in the access log
(`"GET /api/...?token=..." 200`) and, for websockets, in its error log (`"WebSocket
/ws/CODE?token=..." [accepted]`): a `?token=` there would hand a seat to whoever reads the logs.
`redact_tokens_in_logs()` puts a filter on both loggers that writes `token=[redacted]` instead.

`LOG_FORMAT=json` (`use_json_lines()`): one JSON object per line, for a log collector:
`{"time", "level", "logger", "message"}`, with `exception` (the traceback) when there is one, and
for uvicorn's access lines `client`, `method`, `path` and `status` too. Tokens are redacted there
as well: the filter above, and the formatter again over the whole message and traceback.
"""

from __future__ import annotations

import json
import logging
import re
import sys
from datetime import UTC, datetime
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


# The loggers whose handlers write the server's lines (uvicorn's own and, for the application's
# loggers, the root logger's).
WRITING_LOGGERS = ("", "uvicorn", "uvicorn.access", "uvicorn.error")


class JsonLines(logging.Formatter):
    """One JSON object per record, on one line, tokens redacted."""

    def format(self, record: logging.LogRecord) -> str:
        line: dict[str, object] = {
            "time": datetime.fromtimestamp(record.created, UTC).isoformat(timespec="milliseconds"),
            "level": record.levelname.lower(),
            "logger": record.name,
            "message": redact_tokens(record.getMessage()),
        }
        args = record.args
        if record.name == "uvicorn.access" and isinstance(args, tuple) and len(args) == 5:
            client, method, path, _version, status = args  # uvicorn's access line
            line.update(client=client, method=method, path=redact_tokens(str(path)))
            line["status"] = status
        if record.exc_info:
            line["exception"] = redact_tokens(self.formatException(record.exc_info))
        elif record.exc_text:
            line["exception"] = redact_tokens(record.exc_text)
        return json.dumps(line, ensure_ascii=False, default=str)


def use_json_lines() -> None:
    """Every handler of the server's loggers writes JSON lines; the application's own loggers
    (which propagate to the root logger) get one on stderr when the root logger has none."""
    formatter = JsonLines()
    root = logging.getLogger()
    if not root.handlers:
        root.addHandler(logging.StreamHandler(sys.stderr))
        if root.level == logging.WARNING:  # the default: the server's own info lines too
            root.setLevel(logging.INFO)
    for name in WRITING_LOGGERS:
        for each in logging.getLogger(name).handlers:
            each.setFormatter(formatter)
