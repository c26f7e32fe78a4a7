"""One table of error codes (app/edge/error_codes.py): every code the server sends is in it, by
name, and documented; no code is written out as a string anywhere else in the server."""

from __future__ import annotations

import ast
import importlib
import pkgutil
import re
from pathlib import Path

import app.games
from app.config import ROOT
from app.edge.error_codes import ErrorCode
from app.games.core import GameError

DOCS = (ROOT / "docs" / "protocol.md", ROOT.parent / "shared" / "PROTOCOL.md")
# Calls whose first argument is an error code.
CODE_FIRST = {"messages.error", "BadMessage", "Refusal"}
# Calls whose third argument is an error code (after the socket and its close code).
CODE_THIRD = {"_refuse"}


def _server_modules() -> list[Path]:
    skip = {ROOT / "app" / "error_codes.py"}
    return [
        path
        for path in sorted((ROOT / "app").rglob("*.py"))
        if path not in skip and "games" not in path.relative_to(ROOT / "app").parts[:1]
    ]


def _written_codes(tree: ast.AST) -> list[tuple[int, str]]:
    """(line, text) of each string written where an error code goes."""
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.keyword) and node.arg == "code":
            values = [node.value]
        elif isinstance(node, ast.Assign) and any(
            isinstance(target, ast.Name)
            and target.id == "code"
            or isinstance(target, ast.Tuple)
            and any(isinstance(e, ast.Name) and e.id == "code" for e in target.elts)
            for target in node.targets
        ):
            values = node.value.elts if isinstance(node.value, ast.Tuple) else [node.value]
        elif isinstance(node, ast.Call) and node.args:
            name = ast.unparse(node.func)
            values = [node.args[0]] if name in CODE_FIRST else []
            values += [node.args[2]] if name in CODE_THIRD and len(node.args) > 2 else []
        elif isinstance(node, ast.Dict):
            values = [
                value
                for key, value in zip(node.keys, node.values, strict=True)
                if isinstance(key, ast.Constant) and key.value == "error"
            ]
        else:
            continue
        found += [
            (value.lineno, value.value)
            for value in values
            if isinstance(value, ast.Constant) and isinstance(value.value, str)
        ]
    return found


def test_no_error_code_is_written_out_outside_the_table() -> None:
    written = {
        f"{path.relative_to(ROOT)}:{line}: {text!r}"
        for path in _server_modules()
        for line, text in _written_codes(ast.parse(path.read_text()))
    }
    assert written == set()


def test_the_scan_finds_codes_written_out() -> None:
    source = 'raise Conflict("x", code="busy")\nconn.push(messages.error("forbidden", "no"))\n'
    source += 'class A:\n    status, code = 409, "conflict"\nx = {"error": "invalid"}\n'
    source += 'log.error("could not %s", what)\n'  # a log line is no error code
    written = sorted(text for _, text in _written_codes(ast.parse(source)))
    assert written == ["busy", "conflict", "forbidden", "invalid"]


def test_every_rules_engine_code_is_in_the_table() -> None:
    for module in pkgutil.walk_packages(app.games.__path__, "app.games."):
        importlib.import_module(module.name)
    errors, seen = [GameError], []
    while errors:
        error = errors.pop()
        seen.append(error)
        errors += error.__subclasses__()
    assert {error.code for error in seen} <= set(ErrorCode)


def test_every_code_sent_is_documented() -> None:
    documented = set()
    for doc in DOCS:
        documented |= set(re.findall(r"`([a-z_]+)`", doc.read_text()))
    never_sent = {ErrorCode.STALE}  # a bot's, inside the server
    assert set(ErrorCode) - never_sent - documented == set()
