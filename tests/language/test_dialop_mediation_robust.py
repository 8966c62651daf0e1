"""DialOp Mediation parser, issue 17 round 2: robustness on fresh human text (batches drawn from the
recorded games and labelled before being read by the parser; see tests/language/data/mediation_dev.md).

Each group is a general mechanism met on those batches, in our own wording."""

from __future__ import annotations

import pytest

from language.dialop_mediation import (
    MedAccept,
    MedArrival,
    MedAsk,
    MedEvent,
    MedFlight,
    MediationContext,
    MediationParser,
    MedOffer,
    MedPrice,
    MedReject,
    MedWindow,
)

PARSER = MediationParser()
ON_TABLE = {"day": 1, "start": "10:00", "offered": True}


def _user(message: str, **fields):
    return PARSER.parse(message, MediationContext(author="user", **fields))


@pytest.mark.parametrize(
    ("message", "expected"),
    [
        ("Friday around 2 PM or later?", [MedWindow(day=2, after="13:00")]),
        ("thursday around 6pm or earlier would do", [MedWindow(day=1, before="19:00")]),
        ("wed 3:30 or later is fine", [MedWindow(day=0, after="15:30")]),
        ("Friday 10 am or earlier", [MedWindow(day=2, before="10:00")]),
    ],
)
def test_open_ended_times(message, expected):
    # "T or later" is one open bound, not a second wish "later" than the offered flight
    assert _user(message, **ON_TABLE) == expected


@pytest.mark.parametrize(
    ("message", "expected"),
    [
        ("the middle of the day on Thursday suits me", [MedWindow(day=1, after="11:00", before="13:00")]),
        ("Wed middle of day maybe", [MedWindow(day=0, after="11:00", before="13:00")]),
    ],
)
def test_middle_of_the_day_is_midday(message, expected):
    assert _user(message) == expected


@pytest.mark.parametrize(
    ("message", "expected"),
    [
        ("I want something that isn't too pricey", [MedPrice(pref=10)]),
        ("a flight that's not overly expensive please", [MedPrice(pref=10)]),
    ],
)
def test_not_too_pricey_is_moderate(message, expected):
    assert _user(message) == expected


@pytest.mark.parametrize(
    ("message", "expected"),
    [
        (
            "That clashes with my meetings, is there anything at least an hour after that?",
            [MedReject(), MedWindow(day=1, after="10:00")],
        ),
        ("it conflicts a little. do you have anything later?", [MedReject(), MedWindow(day=1, after="10:00")]),
    ],
)
def test_a_request_for_options_after_a_complaint_is_a_wish(message, expected):
    assert _user(message, **ON_TABLE) == expected


@pytest.mark.parametrize(
    ("message", "expected"),
    [
        ("after my meeting at 12:00-1:00 on Thursday", [MedWindow(day=1, after="13:00")]),
        ("Anything on Friday after my meeting from 2 to 4 pm?", [MedWindow(day=2, after="16:00")]),
        ("Wednesday before my 9-10 am meeting", [MedWindow(day=0, before="09:00")]),
    ],
)
def test_bounds_relative_to_a_meeting_with_a_range(message, expected):
    # after a meeting = after its end; before it = before its start
    assert _user(message) == expected


@pytest.mark.parametrize(
    ("message", "expected"),
    [
        ("Is Friday impossible?", [MedWindow(day=2)]),
        ("is thursday morning out of the question?", [MedWindow(day=1, before="12:00")]),
        ("Would Wednesday evening be too hard?", [MedWindow(day=0, after="17:00")]),
    ],
)
def test_yes_no_questions_about_a_time_are_wishes(message, expected):
    # the user asks whether the time is possible: a wish, not a statement that it is bad
    assert _user(message) == expected


@pytest.mark.parametrize(
    ("message", "fields", "expected"),
    [
        ("my 830 is very important", {"day": 1}, [MedEvent(day=1, start="08:30", importance=9)]),
        ("My 9:30 is a must", {"day": 2}, [MedEvent(day=2, start="09:30", importance=9)]),
        ("my 1030 on Wed can be missed", {}, [MedEvent(day=0, start="10:30", importance=2)]),
    ],
)
def test_meetings_named_by_a_bare_clock(message, fields, expected):
    assert _user(message, **fields) == expected


@pytest.mark.parametrize(
    ("message", "expected"),
    [
        ("this can be managed if we need to", [MedAccept()]),
        ("That works if nothing better turns up", [MedAccept()]),
        ("If that's the best you can do, I'll take it", [MedAccept()]),
        ("I can make it work if there is no other option", [MedAccept()]),
        ("I'd only take it if it was cheaper", [MedReject(), MedPrice(pref=15)]),
    ],
)
def test_conditional_verdicts(message, expected):
    # resigned to the offer ("if nothing better", "if we need to") = acceptance; wanting it changed
    # ("if it was cheaper") = rejection
    assert _user(message, **ON_TABLE) == expected


@pytest.mark.parametrize(
    ("message", "expected"),
    [
        ("thursdy mornign works", [MedWindow(day=1, before="12:00")]),
        ("wednesay evenign is good", [MedWindow(day=0, after="17:00")]),
        ("fridya after 5pm", [MedWindow(day=2, after="17:00")]),
        ("the afternon on thrusday", [MedWindow(day=1, after="12:00", before="17:00")]),
        ("wensday is packed", [MedWindow(day=0, good=False)]),
    ],
)
def test_typos_in_days_and_parts(message, expected):
    assert _user(message, offered=False) == expected


def test_show_up_with_the_friend_is_arrival():
    assert _user("I'd like to show up with my buddy's flight") == [MedArrival(pref=8)]


def test_an_agreed_flight_the_user_named_carries_its_details():
    from language.dialop_mediation import MedFlight

    context = MediationContext(author="assistant", requested=MedFlight(carrier="United", day=1, start="18:05"))
    assert PARSER.parse("Let's give it a shot!", context) == [MedOffer(carrier="United", day=1, start="18:05")]
    assert PARSER.parse("Sure thing, sending it now", context) == [MedOffer(carrier="United", day=1, start="18:05")]
    # a different flight presented: no details
    assert PARSER.parse("Here is a cheaper one", context) == [MedOffer()]


@pytest.mark.parametrize(
    ("message", "fields", "expected"),
    [
        # the seed 808 batch
        ("could we take the one just before?", ON_TABLE, [MedReject(), MedWindow(day=1, before="10:00")]),
        (
            "It's a good price, though I care more about landing with my buddy",
            ON_TABLE,
            [MedReject(), MedArrival(pref=8)],
        ),
        (
            "cheap please, ideally no conflicts, and arriving with my pal at the same time",
            {"offered": False},
            [MedPrice(pref=15), MedArrival(pref=8)],
        ),
        ("I think that's the best we can do.", ON_TABLE, [MedAccept()]),
        ("Anything on 6/1? Hoping for an evening flight.", {}, [MedWindow(day=1, after="17:00")]),
    ],
)
def test_fresh_batch_two(message, fields, expected):
    assert _user(message, **fields) == expected


def test_an_offer_to_help_is_no_question():
    context = MediationContext(author="assistant")
    assert PARSER.parse("Happy to help. Would you like some help booking a flight?", context) == []


@pytest.mark.parametrize(
    ("message", "fields", "expected"),
    [
        # the seed 909 batch: an arrival's part of the day gives no departure window
        (
            "anything that lands late Friday morning or Wed evening?",
            {"offered": False},
            [MedWindow(day=2), MedWindow(day=0)],
        ),
        ("This is ggod too", ON_TABLE, [MedAccept()]),
        ("please prioritize the price for me", {"offered": False}, [MedPrice(pref=15)]),
    ],
)
def test_fresh_batch_three(message, fields, expected):
    assert _user(message, **fields) == expected


@pytest.mark.parametrize(
    ("message", "expected"),
    [
        ("I'm about to send you a flight. Let me know if that works for you.", []),
        ("There's only one flight like that, and it lands a bit after your friend.", [MedOffer()]),
        ("Are you free to fly on Thursday evening?", [MedAsk(about="schedule")]),
    ],
)
def test_fresh_batch_three_assistant(message, expected):
    assert PARSER.parse(message, MediationContext(author="assistant")) == expected


def test_a_carrier_on_its_own_line_names_the_flight_before():
    # "could 6/1 11:03 AM - 3:03 PM / United work?": the carrier completes the flight of the line before
    assert _user("That is too pricey / could 6/1 11:03 AM - 3:03 PM / United work?", **ON_TABLE) == [
        MedReject(),
        MedPrice(pref=15),
        MedFlight(carrier="United", day=1, start="11:03"),
    ]
