"""DialOp Optimization in a real browser, through the server: a person builds an assignment on its own
table, proposes it, and plays on (accepting the agent's proposal when one is pending) to the end."""

from __future__ import annotations

from typing import Any

from tests.agent.web.browser import Server, play_to_the_end, screenshot, unnamed_controls


def test_a_person_proposes_and_plays_to_the_end(server: Server, page: Any) -> None:
    created = server.session("dialop_optimization", ["person", "agent:solver"], seed=2)
    page.goto(server.base + created["seats"][0]["link"])
    page.locator("#status.yours").wait_for()
    page.locator("table.dialop-table").wait_for()
    k = page.locator("table.dialop-table tbody tr").count()
    assert k >= 2 and page.locator("table.dialop-table .cell").count() == k * k
    for r in range(k):  # reviewer r on paper r
        page.locator("table.dialop-table tbody tr").nth(r).locator(".cell").nth(r).click()
    assert page.locator(".cell.chosen").count() == k
    screenshot(page, "dialop_optimization_start")
    page.get_by_role("textbox", name="Message").fill("here is a first assignment")
    page.get_by_role("button", name="Propose this assignment").click()
    page.locator(".chat li.own .action", has_text="proposed an assignment").wait_for()

    play_to_the_end(page, "what would you suggest?", accept="Accept the pending proposal")
    assert page.locator("#end").is_visible()
    assert page.locator("table.metrics").get_by_text("normalized_score").count() == 1
    assert unnamed_controls(page) == []
    screenshot(page, "dialop_optimization_end")
