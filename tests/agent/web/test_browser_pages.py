"""The pages every game shares, in a real browser through the server: the index (the server's form
and the static one with a seat per select), the watch page of an agents-only session, reconnecting
to a seat, a link whose token opens no seat, and a game whose kit has no widget yet."""

from __future__ import annotations

import json
import re
import urllib.request
from pathlib import Path
from typing import Any

from tests.agent.web.browser import Server, screenshot, serving, unnamed_controls


def _games(server: Server) -> list[dict[str, Any]]:
    with urllib.request.urlopen(server.base + "/api/games", timeout=30) as response:
        return list(json.loads(response.read()))


def test_the_index_starts_a_game_against_an_agent(server: Server, page: Any) -> None:
    page.goto(server.base + "/")
    assert unnamed_controls(page) == []
    screenshot(page, "index")
    page.get_by_role("button", name="Play gnomes_at_night").click()
    page.wait_for_url("**/play/**")
    page.locator("svg.maze").wait_for()
    assert page.locator("#role").inner_text() == "A"


def test_the_static_index_starts_an_agents_only_session_and_watches_it(server: Server, page: Any) -> None:
    page.goto(server.base + "/static/index.html")
    form = page.get_by_role("form", name="traveling_adventurers")
    form.wait_for()
    assert unnamed_controls(page) == []
    screenshot(page, "index_seats")
    form.get_by_label("Seat 1 (USER)").select_option("agent:problem-solving")
    form.get_by_role("button", name="Start traveling_adventurers").click()
    page.wait_for_url("**/watch/**")
    page.locator("#end:not([hidden])").wait_for()
    assert page.locator(".chat li").count() >= 2
    assert page.locator("table.metrics").get_by_text("identical").count() == 1
    assert page.locator("svg").count() == 0  # no seat's private board on the watch page
    assert unnamed_controls(page) == []
    screenshot(page, "watch")


def test_a_reload_resumes_the_seat_and_a_wrong_token_is_refused(server: Server, page: Any) -> None:
    created = server.session("traveling_adventurers", ["person", "agent:problem-solving"], board=3)
    page.goto(server.base + created["seats"][0]["link"])
    page.locator("#status.yours").wait_for()
    page.get_by_role("textbox", name="Message").fill("what are your coins from L?")
    page.get_by_role("button", name="Send", exact=True).click()
    page.locator(".chat li.partner").first.wait_for()
    page.reload()
    page.locator(".chat li.own", has_text="what are your coins from L?").wait_for()
    page.locator("#status.yours").wait_for()
    assert page.locator("#turn").inner_text() == "2"

    bad = page.context.new_page()
    bad.goto(server.base + f"/play/{created['session']}?token=not-a-token")
    assert bad.locator("svg").count() == 0
    assert "what are your coins" not in bad.content()


def test_a_game_without_a_widget_shows_its_view_as_data(page: Any, tmp_path: Path) -> None:
    from agent.registry import Registry
    from tests.kits.toy_sum import kit as toy_kit

    registry = Registry()
    registry.register_kit(toy_kit())  # a kit with no web folder
    with serving(tmp_path / "sessions.db", registry) as server:
        games = {g["name"]: g for g in _games(server)}
        seats = ["person"] + [f"agent:{games['toy_sum']['default_preset']}"] * (len(games["toy_sum"]["seats"]) - 1)
        created = server.session("toy_sum", seats)
        page.goto(server.base + created["seats"][0]["link"])
        page.get_by_role("heading", name="Your view").wait_for()
        assert page.locator(".generic-view dt").count() >= 1
        assert unnamed_controls(page) == []
        screenshot(page, "generic_board")


def test_error_frames_show_as_text_alerts_and_a_dropped_connection_comes_back(server: Server, page: Any) -> None:
    sockets: list[Any] = []

    def through(ws: Any) -> None:  # pass every frame through, keep a handle to speak as the server
        ws.connect_to_server()
        sockets.append(ws)

    page.route_web_socket(re.compile(r".*/ws/.*"), through)
    created = server.session("gnomes_at_night", ["person", "agent:proxy"])
    page.goto(server.base + created["seats"][0]["link"])
    page.locator("svg.maze").wait_for()
    sockets[-1].send(json.dumps({"type": "error", "message": '<img src=x onerror="window.__xss = 1">not your turn'}))
    alert = page.get_by_role("alert")
    alert.wait_for()
    assert alert.inner_text() == '<img src=x onerror="window.__xss = 1">not your turn'
    assert page.locator("#alert img").count() == 0 and page.evaluate("window.__xss") is None
    screenshot(page, "error_alert")

    sockets[-1].close()  # the connection drops: the page reconnects with its token and resumes the seat
    page.wait_for_function("document.querySelector('#connection').textContent.startsWith('disconnected')")
    page.wait_for_function("document.querySelector('#connection').textContent === 'connected'")
    assert len(sockets) == 2
    page.locator("#status.yours").wait_for()
