"""Gnomes at Night in a real browser, through the server: a scripted person plays a round against the
proxy agent by keyboard only (Tab to the maze, arrow keys, typing in the chat), and the board shows
only its own side."""

from __future__ import annotations

from typing import Any

from tests.agent.web.browser import Server, screenshot, tab_to, unnamed_controls

KEYS = {"up": "ArrowUp", "down": "ArrowDown", "left": "ArrowLeft", "right": "ArrowRight"}


def _enabled_moves(page: Any) -> list[str]:
    return page.evaluate(
        "[...document.querySelectorAll('.pad button.move')].filter(b => !b.disabled)"
        ".map(b => [...b.classList].find(c => c !== 'move'))"
    )


def _round(page: Any) -> str:
    return page.locator(".gnomes-facts dd").first.inner_text()


def test_a_person_plays_a_round_by_keyboard_only(server: Server, page: Any) -> None:
    created = server.session("gnomes_at_night", ["person", "agent:proxy"], seed=3, turn_cap=6)
    page.goto(server.base + created["seats"][0]["link"])
    page.locator("#status.yours").wait_for()
    page.locator("svg.maze").wait_for()
    assert page.locator("svg.maze .treasure polygon").count() == 1  # round 1: seat 0 sees the treasure
    assert _round(page) == "1 of 5"
    screenshot(page, "gnomes_at_night_start")

    tab_to(page, "svg.maze")
    blocked = [m for m in KEYS if m not in _enabled_moves(page)]
    if blocked:  # a wall on this side: the move is refused in the page and nothing is sent
        page.keyboard.press(KEYS[blocked[0]])
        assert "A wall blocks" in page.locator(".gnomes-side .note").inner_text()
        assert page.locator("#turn").inner_text() == "0"

    # the first move carries a chat message typed in the chat box, then Shift+Tab back to the maze
    tab_to(page, "#message")
    page.keyboard.type("I can see the treasure, follow me")
    tab_to(page, "svg.maze", back=True)
    moves = 0
    while _round(page) == "1 of 5":
        page.wait_for_function(
            "document.querySelector('#status.yours') || "
            "!document.querySelector('.gnomes-facts dd').textContent.startsWith('1 ')"
        )
        if _round(page) != "1 of 5":
            break
        turn = page.locator("#turn").inner_text()
        options = [m for m in ("right", "down", "left", "up") if m in _enabled_moves(page)]
        page.keyboard.press(KEYS[options[0]] if options else " ")  # the focus stays on the maze
        page.wait_for_function(f"document.querySelector('#turn').textContent !== {turn!r}")
        if moves == 0:
            page.locator(".chat li.own", has_text="I can see the treasure, follow me").wait_for()
            screenshot(page, "gnomes_at_night_moved")
        moves += 1
    assert _round(page) == "2 of 5" and moves >= 3
    assert unnamed_controls(page) == []
    screenshot(page, "gnomes_at_night_round_2")
