"""AsymPuzl in a real browser, through the server: the clues and the hypothesis editor; an edit goes
with the chat message as a Replace action and comes back in the seat's view."""

from __future__ import annotations

from typing import Any

from tests.agent.web.browser import Server, screenshot, unnamed_controls


def test_an_edit_of_the_hypothesis_is_sent_with_the_message(server: Server, page: Any) -> None:
    created = server.session("asympuzl", ["person", "agent:neurosymbolic"], feedback="own_detailed")
    page.goto(server.base + created["seats"][0]["link"])
    page.locator("#status.yours").wait_for()
    page.locator("table.hypothesis").wait_for()
    assert page.locator(".clues li").count() == 5
    screenshot(page, "asympuzl_start")

    color = page.get_by_role("combobox", name="Color at position 1")
    color.select_option("crimson")
    assert "edited" in (page.locator("table.hypothesis tbody tr").first.get_attribute("class") or "")
    page.get_by_role("textbox", name="Message").fill("I put a crimson piece first")
    page.get_by_role("button", name="Send", exact=True).click()
    page.locator(".chat li.own", has_text="crimson").wait_for()
    page.wait_for_function("!document.querySelector('table.hypothesis tbody tr').classList.contains('edited')")
    assert color.input_value() == "crimson"  # the server's hypothesis now holds the edit
    page.locator("#status.yours, #end:not([hidden])").first.wait_for()
    assert unnamed_controls(page) == []
    screenshot(page, "asympuzl_after_turn")
