"""Overcooked in a real browser, through the server: a person (Alice) plays against the random agent
by keyboard: Tab to the kitchen, arrow keys move the chef, Space interacts; the kitchen shows both
chefs and their facing, the pad and the facts follow every joint step; every control has a name."""

from __future__ import annotations

from typing import Any

from tests.agent.web.browser import Server, screenshot, tab_to, unnamed_controls


def _alice(page: Any) -> str:
    return page.locator(".kitchen-facts li").first.inner_text()


def test_a_person_moves_and_picks_an_onion_by_keyboard(server: Server, page: Any) -> None:
    created = server.session("overcooked", ["person", "agent:random"], seed=2, horizon=5)
    page.goto(server.base + created["seats"][0]["link"])
    page.locator("#status.yours").wait_for()
    page.locator("svg.kitchen .chef.you").wait_for()
    assert page.locator("svg.kitchen .chef").count() == 2 and page.locator("svg.kitchen .tile.pot").count() == 1
    assert _alice(page) == "You (Alice): column 2, row 3, facing north, holding nothing"
    assert page.locator(".kitchen-facts li", has_text="Pot at column 3, row 1: empty").count() == 1
    screenshot(page, "overcooked_start")

    # cramped_room: Alice starts at (1, 2); north to (1, 1), then west faces the onion dispenser
    tab_to(page, "svg.kitchen")
    page.keyboard.press("ArrowUp")
    page.locator(".overcooked-facts dd", has_text="1 of 5").wait_for()
    page.locator("#status.yours").wait_for()
    assert _alice(page).startswith("You (Alice): column 2, row 2, facing north")
    page.locator("svg.kitchen").focus()
    page.keyboard.press("ArrowLeft")
    page.locator(".overcooked-facts dd", has_text="2 of 5").wait_for()
    page.locator("#status.yours").wait_for()
    page.locator("svg.kitchen").focus()
    page.keyboard.press(" ")
    page.locator(".overcooked-facts dd", has_text="3 of 5").wait_for()
    assert _alice(page) == "You (Alice): column 2, row 2, facing west, holding an onion"
    assert page.locator("svg.kitchen .chefs .onion").count() == 1
    assert unnamed_controls(page) == []
    screenshot(page, "overcooked_onion")

    # Send alone: the chef stays and the message goes; its line shows the action once Bob has moved
    page.locator("#status.yours").wait_for()
    page.get_by_role("textbox", name="Message").fill("I have an onion")
    page.get_by_role("button", name="Send", exact=True).click()
    page.locator(".chat li.own .action", has_text="stayed").wait_for()
    page.locator(".overcooked-facts dd", has_text="4 of 5").wait_for()
    assert _alice(page).startswith("You (Alice): column 2, row 2, facing west")
