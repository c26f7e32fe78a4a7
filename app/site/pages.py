"""The pages: home, the lobby (which becomes the game once started), and each game's rules."""

from __future__ import annotations

from functools import cache
from pathlib import Path
from typing import Any

import markdown
from fastapi import APIRouter, Request
from fastapi.responses import HTMLResponse
from fastapi.templating import Jinja2Templates
from markupsafe import Markup

from app.config import ROOT
from app.edge.errors import NotFound
from app.games.entry import GameEntry
from app.play import table
from app.play.websocket import lobby_cookie
from app.site import option_words
from app.site.banner import page_banner

router = APIRouter(include_in_schema=False)
templates = Jinja2Templates(directory=ROOT / "templates", context_processors=[page_banner])
# The table's options (clock, absent players), shown apart from each game's own.
templates.env.globals["table_options"] = [option.name for option in table.TABLE_OPTIONS]
# The table options that apply at one pace only ("live" or "turn-based"): hidden at the other.
templates.env.globals["option_pace"] = table.PACE_OF
# The table options that apply only while another is on (the seconds added per turn: a clock).
templates.env.globals["option_needs"] = table.NEEDS
# Options and their choices in the players' words ("Team game: yes").
templates.env.globals["option_label"] = option_words.label
templates.env.globals["option_choice"] = option_words.choice_text


def _page(request: Request, name: str, status: int = 200, **context: Any) -> HTMLResponse:
    game = context.get("game")
    if game is not None and "game_css" not in context:
        entry: GameEntry = request.app.state.entries[game["id"]]
        context["game_css"] = f"{entry.assets}/game.css"
        context["game_module"] = entry.module
    return templates.TemplateResponse(request, name, context, status_code=status)


def _icons(entries: dict[str, GameEntry]) -> dict[str, Markup]:
    """Each game's icon (its page folder's icon.svg, our own file: trusted), inline, named by
    its title on hover and hidden from screen readers: the game's name beside it says it."""
    return {game_id: _icon(entry.page / "icon.svg") for game_id, entry in entries.items()}


@cache
def _icon(path: Path) -> Markup:
    svg = path.read_text().strip()
    return Markup(
        svg.replace("<svg ", '<svg class="game-icon" aria-hidden="true" focusable="false" ', 1)
    )


@router.get("/", response_class=HTMLResponse)
async def home(request: Request) -> HTMLResponse:
    games = request.app.state.games
    return _page(
        request,
        "home.html",
        games=[table.info(game) for game in games.values()],
        game_icons=_icons(request.app.state.entries),
    )


@router.get("/docs", response_class=HTMLResponse)
async def api_docs(request: Request) -> HTMLResponse:
    """The OpenAPI explorer, from local files (the server may have no internet)."""
    return _page(request, "docs.html")


@router.get("/l/{code}", response_class=HTMLResponse)
async def lobby_page(request: Request, code: str) -> HTMLResponse:
    lobbies = request.app.state.lobbies
    try:
        lobby = await lobbies.describe(code)
    except NotFound:
        return _page(request, "missing.html", status=404, code=code)
    directory = request.app.state.directory
    me = await directory.player_for_token(code, request.cookies.get(lobby_cookie(code)))
    game = request.app.state.games[lobby["game"]]
    return _page(request, "lobby.html", lobby=lobby, me=me, game=table.info(game))


@router.get("/l/{code}/replay", response_class=HTMLResponse)
async def replay_page(request: Request, code: str) -> HTMLResponse:
    lobbies = request.app.state.lobbies
    try:
        lobby = await lobbies.describe(code)
    except NotFound:
        return _page(request, "missing.html", status=404, code=code)
    game = request.app.state.games[lobby["game"]]
    result = await request.app.state.records.result(code)
    if result is not None:  # the heading names the winner
        names = [player["name"] for player in sorted(lobby["players"], key=lambda p: p["seat"])]
        result = {
            "headline": winner_words(result["winners"], names),
            "reason": reason_words(result["reason"], result["winners"], names),
        }
    directory = request.app.state.directory
    me = await directory.player_for_token(code, request.cookies.get(lobby_cookie(code)))
    return _page(request, "replay.html", lobby=lobby, me=me, game=table.info(game), result=result)


def reason_words(reason: str, winners: list[int], names: list[str]) -> str:
    """The result's reason as a sentence: "won 7 categories to 5" (a game's words) gets its
    winner's name (as static/js/result.js says it)."""
    reason = reason.strip()
    if reason.startswith("won ") and len(winners) == 1:
        reason = f"{names[winners[0]]} {reason}"
    if not reason:
        return ""
    reason = reason[0].upper() + reason[1:]
    return reason if reason[-1] in ".!?" else f"{reason}."


def winner_words(winners: list[int], names: list[str]) -> str:
    """ "Ann won!", "Ann and Bob won!", "Nobody won." (as static/js/result.js says it)."""
    won = [names[seat] for seat in winners]
    return f"{' and '.join(won)} won!" if won else "Nobody won."


@cache
def _rules_html(source: Path) -> str:
    """The game's rules page (its entry's rules.md: the game's own text, trusted)."""
    return markdown.markdown(source.read_text(), extensions=["tables", "toc"])


@router.get("/rules/{game_id}", response_class=HTMLResponse)
async def rules_page(request: Request, game_id: str) -> HTMLResponse:
    games = request.app.state.games
    if game_id not in games:
        return _page(request, "missing.html", status=404, code=None)
    rules = _rules_html(request.app.state.entries[game_id].rules)
    return _page(request, "rules.html", game=games[game_id].info(), rules=rules)


async def missing_page(request: Request) -> HTMLResponse:
    """What a browser gets for an address with nothing there, anywhere outside the API (a
    lobby's address cut short, a game that does not exist, anything below them):
    app/edge/errors.py answers it for every such 404."""
    return _page(request, "missing.html", status=404, code=None)
