"""DialOp Planning and Mediation in a real browser, through the server: from a user's seat, the
user's own preferences / calendar and flights, the pending proposal and its score for this user,
Accept / Reject; from an assistant's seat, Planning's site search (the game's Search tool, run by the
server) and proposals, Mediation's flights per user and the addressee of every turn."""

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


def test_a_planning_assistant_searches_its_sites_and_proposes(server: Server, page: Any) -> None:
    created = server.session("dialop_planning", ["agent:solver", "person"])
    page.goto(server.base + created["seats"][1]["link"])
    page.get_by_role("heading", name="Your site database (only you see it)").wait_for()
    everything = page.locator(".sites li").count()
    query = page.get_by_role("searchbox", name="Search query")
    query.fill("parking")  # plain words, with Enter
    query.press("Enter")
    caption = page.locator("table.results caption")
    caption.wait_for()
    found = page.locator("table.results tbody tr").count()
    assert 0 < found < everything and caption.inner_text() == f"Search results ({found})"
    query.fill("Search(fields=[name, price], filters=[price <= 20], sort_by=[-price])")  # the paper's tool
    page.get_by_role("button", name="Run the search").click()
    page.locator("table.results th", has_text="price").wait_for()
    prices = [int(p) for p in page.locator("table.results tbody tr td:nth-child(2)").all_inner_texts()]
    assert prices == sorted(prices, reverse=True) and all(p <= 20 for p in prices)
    query.fill("Search(fields=[flavour])")
    query.press("Enter")
    page.locator(".tool-error", has_text="unknown field 'flavour'").wait_for()
    screenshot(page, "dialop_planning_assistant_search")
    page.locator("#status.yours").wait_for()
    names = page.get_by_role("combobox", name="Stop 1").locator("option").all_inner_texts()[1:]
    for i in range(3):
        page.get_by_role("combobox", name=f"Stop {i + 1}").select_option(names[i])
    page.get_by_role("textbox", name="Message").fill("how about these three?")
    page.get_by_role("button", name="Propose this itinerary").click()
    page.locator(".chat li.own .action", has_text="proposed").wait_for()
    assert unnamed_controls(page) == []
    screenshot(page, "dialop_planning_assistant")


def test_a_mediation_assistant_addresses_a_user_every_turn(server: Server, page: Any) -> None:
    created = server.session("dialop_mediation", ["agent:solver", "agent:solver", "person"])
    page.goto(server.base + created["seats"][2]["link"])
    page.locator("#status.yours").wait_for()
    page.get_by_role("combobox", name="Address user").select_option("1")
    page.get_by_role("textbox", name="Message").fill("which flights work for you?")
    page.get_by_role("button", name="Send", exact=True).click()  # composeTurn adds To(user=1)
    page.locator(".chat li.own", has_text="which flights work for you?").wait_for()
    assert page.get_by_role("alert").is_hidden()
    page.locator("#status.yours").wait_for()
    for user in (0, 1):
        choice = page.get_by_role("combobox", name=f"Flight for user {user}")
        choice.select_option(index=1)
    page.get_by_role("button", name="Propose these flights").click()
    page.locator(".chat li.own .action", has_text="proposed").wait_for()
    assert unnamed_controls(page) == []
    screenshot(page, "dialop_mediation_assistant")
