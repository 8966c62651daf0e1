"""Hanabi in a real browser, through the server: the person sees the stacks and tokens, the agent's
hand face up with what the agent knows, and its own hand face down with only what the clues allow;
it clues and discards by keyboard; the agent's moves show in the chat log; every control has a name."""

from __future__ import annotations

from typing import Any

from tests.agent.web.browser import Server, screenshot, unnamed_controls


def test_a_person_clues_and_discards_by_keyboard_against_the_convention_agent(server: Server, page: Any) -> None:
    created = server.session("hanabi", ["person", "agent:convention"], seed=4)
    page.goto(server.base + created["seats"][0]["link"])
    page.locator("#status.yours").wait_for()
    page.locator(".hand.own .card.hidden").first.wait_for()  # the board is drawn once its widget loaded
    assert page.locator(".hand.own .card.hidden").count() == 5  # own cards face down
    assert page.locator(".seat .hand:not(.own) .card:not(.hidden)").count() == 5  # Bob's face up
    assert page.get_by_role("listitem", name="red stack at 0, needs 1").count() == 1
    screenshot(page, "hanabi_start")

    clue = page.locator(".clues button:not([disabled])").first
    label = clue.get_attribute("aria-label") or ""
    assert label.startswith("Tell Bob about their ")
    clue.focus()
    page.keyboard.press("Enter")
    page.locator(".chat li.own .action", has_text="clued seat 1").wait_for()
    page.locator(".chat li.partner .action").first.wait_for()  # the agent moved
    page.locator("#status.yours").wait_for()

    discard = page.locator('button[aria-label^="Discard your card 0"]:not([disabled])')
    discard.wait_for()  # drawn for this turn
    discard.focus()
    page.keyboard.press("Enter")
    page.locator(".chat li.own .action", has_text="discarded card 0").wait_for()
    page.locator("#turn", has_text="4").wait_for()
    assert page.locator(".discards").inner_text().startswith("Discards: ")
    assert unnamed_controls(page) == []
    screenshot(page, "hanabi_after_moves")

    # Send alone is no Hanabi turn: the chat text goes with a move
    page.locator("#status.yours").wait_for()
    page.get_by_role("textbox", name="Message").fill("I think my newest card is a 5")
    page.get_by_role("button", name="Send", exact=True).click()
    assert page.locator("#turn").inner_text() == "4"
