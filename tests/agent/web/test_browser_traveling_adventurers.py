"""Traveling Adventurers in a real browser, through the server: a scripted person plays a whole game
against an agent with the mouse (builds the tour on the room graph, proposes it in the chat, submits
it, chats until the game ends), chat with markup shows as text, every control has a name."""

from __future__ import annotations

from typing import Any

from tests.agent.web.browser import Server, play_to_the_end, screenshot, unnamed_controls

HOSTILE = '<script>window.__xss = 1</script><img src=x onerror="window.__xss = 2"> & hi'


def test_a_person_plays_a_whole_game_with_the_mouse(server: Server, page: Any) -> None:
    created = server.session(
        "traveling_adventurers", ["person", "agent:problem-solving"], board=1, max_turns_per_player=4
    )
    person = created["seats"][0]
    assert person["kind"] == "person" and created["seats"][1]["kind"] == "agent"
    page.goto(server.base + person["link"])
    page.locator("#status.yours").wait_for()
    rooms = page.locator("g.room")
    rooms.first.wait_for()
    assert rooms.count() == 6
    assert page.locator("g.coin").count() == 15  # every hallway shows this player's coins
    screenshot(page, "traveling_adventurers_start")

    # hostile chat renders as text, and nothing in it runs
    page.get_by_role("textbox", name="Message").fill(HOSTILE)
    page.get_by_role("button", name="Send", exact=True).click()
    line = page.locator(".chat li.own .text", has_text="window.__xss").first
    line.wait_for()
    assert line.inner_text() == HOSTILE
    assert page.locator(".chat img").count() == 0 and page.locator(".chat script").count() == 0
    assert page.evaluate("window.__xss") is None

    # the agent answers; then a tour: click every room once (the start is the first stop), propose it, submit it
    page.locator(".chat li.partner").first.wait_for()
    page.locator("#status.yours").wait_for()
    letters = [rooms.nth(i).get_attribute("data-room") for i in range(rooms.count())]
    for letter in letters[1:]:
        page.locator(f'g.room[data-room="{letter}"]').click()
    assert "(complete)" in page.locator(".ta .tour").inner_text()
    page.get_by_role("button", name="Write the tour into the chat message").click()
    tour = "-".join([*letters, letters[0]])
    assert page.get_by_role("textbox", name="Message").input_value() == f"How about {tour}?"
    page.get_by_role("button", name="Submit the tour as your final answer").click()
    page.locator(".chat li.own .action").first.wait_for()
    assert "submitted the tour" in page.locator(".chat li.own .action").first.inner_text()
    page.get_by_text("You have submitted").wait_for()
    screenshot(page, "traveling_adventurers_submitted")

    # chat until the game ends (the agent submits too, or the turns run out)
    play_to_the_end(page, "ok, I have submitted my tour")
    assert page.locator("table.metrics").get_by_text("identical").count() == 1
    assert page.locator("#status").inner_text() == "Game over"
    assert unnamed_controls(page) == []
    screenshot(page, "traveling_adventurers_end")


def test_rooms_are_buttons_by_keyboard_and_the_partner_sees_only_public_chat(server: Server, page: Any) -> None:
    created = server.session("traveling_adventurers", ["person", "agent:problem-solving"], board=2)
    page.goto(server.base + created["seats"][0]["link"])
    page.locator("#status.yours").wait_for()
    first = page.locator("g.room").nth(1)
    first.wait_for()
    first.focus()
    page.keyboard.press("Enter")
    assert "stop 2 of your tour" in (first.get_attribute("aria-label") or "")
    page.keyboard.press(" ")  # the last stop again takes it back
    assert "stop" not in (first.get_attribute("aria-label") or "")
    assert unnamed_controls(page) == []

    # the watch page shows the public chat only
    page.get_by_role("textbox", name="Message").fill("hello from the browser")
    page.get_by_role("button", name="Send", exact=True).click()
    page.locator(".chat li.partner .text").first.wait_for()
    watch = page.context.new_page()
    watch.goto(server.base + created["watch"])
    watch.get_by_text("hello from the browser").wait_for()
    assert watch.locator("g.coin").count() == 0
    assert unnamed_controls(watch) == []
    screenshot(watch, "traveling_adventurers_watch")


def test_two_people_see_a_suggestion_and_then_the_agreed_path(server: Server, browser: Any) -> None:
    """Two people through their share links: one suggests a step in words; the other's page draws it
    (the kit's view reads it with the game's rule parser) and follows it with one click; the answer
    "sounds good" makes it the agreed path, highlighted on both pages."""
    created = server.session("traveling_adventurers", ["person", "person"], board=2)
    context = browser.new_context(viewport={"width": 1280, "height": 860})
    first, second = context.new_page(), context.new_page()
    first.goto(server.base + created["seats"][0]["link"])
    second.goto(server.base + created["seats"][1]["link"])
    first.locator("#status.yours").wait_for()
    first.get_by_role("textbox", name="Message").fill("Shall we go from the living room to the kitchen?")
    first.get_by_role("button", name="Send", exact=True).click()

    second.locator("#status.yours").wait_for()
    second.locator(".ta-graph .path.proposal").first.wait_for(state="attached")
    assert second.locator(".ta-graph .path.proposal").count() == 1  # L-K, drawn from the partner's words
    assert second.locator(".ta-graph .path.agreed").count() == 0
    second.get_by_role("button", name="Add the partner's proposed rooms to your tour").click()
    assert second.locator(".ta .tour").inner_text() == "L → K"
    second.get_by_role("textbox", name="Message").fill("Sounds good, kitchen it is.")
    second.get_by_role("button", name="Send", exact=True).click()

    for page in (first, second):
        page.locator(".ta-graph .path.agreed").first.wait_for(state="attached")
        assert page.locator(".ta-graph .path.agreed").count() == 1
        assert page.locator(".ta-facts dd").first.inner_text() == "L → K"
        assert unnamed_controls(page) == []
    screenshot(second, "traveling_adventurers_agreed")
    context.close()
