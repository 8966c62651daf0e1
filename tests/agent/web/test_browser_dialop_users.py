"""DialOp Planning and Mediation in a real browser, through the server, from a user's seat: the
user's own preferences / calendar and flights, the pending proposal and its score for this user,
Accept / Reject."""

from __future__ import annotations

from typing import Any

from tests.agent.web.browser import Server, play_to_the_end, screenshot, unnamed_controls


def test_a_planning_user_sees_its_preferences_and_accepts_an_itinerary(server: Server, page: Any) -> None:
    created = server.session("dialop_planning", ["person", "agent:solver"])
    page.goto(server.base + created["seats"][0]["link"])
    page.locator("#status.yours").wait_for()
    page.get_by_role("heading", name="Your preferences (only you see them)").wait_for()
    assert page.locator(".prefs li").count() >= 3
    screenshot(page, "dialop_planning_start")
    page.get_by_role("textbox", name="Message").fill("I like japanese food and live music")
    page.get_by_role("button", name="Send", exact=True).click()
    play_to_the_end(page, "what do you suggest?", accept="Accept the pending proposal")
    assert page.locator("table.metrics").get_by_text("normalized_score").count() == 1
    assert unnamed_controls(page) == []
    screenshot(page, "dialop_planning_end")


def test_a_mediation_user_sees_its_calendar_and_flights(server: Server, page: Any) -> None:
    created = server.session("dialop_mediation", ["person", "agent:solver", "agent:solver"])
    page.goto(server.base + created["seats"][0]["link"])
    page.get_by_role("heading", name="Your calendar (only you see the importances)").wait_for()
    assert page.locator("table.rows").first.locator("tbody tr").count() >= 1
    play_to_the_end(page, "what do you suggest?", accept="Accept the pending proposal")
    assert page.locator("table.metrics").get_by_text("normalized_score").count() == 1
    assert unnamed_controls(page) == []
    screenshot(page, "dialop_mediation_end")
