"""Mediation language layer: round trips of the templates, human phrasing, coverage, robustness."""

from __future__ import annotations

import json

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from games.dialop.data import load_recorded
from language.acts import Intent
from language.dialop_mediation import (
    CARRIERS,
    MedAccept,
    MedArrival,
    MedAsk,
    MedEvent,
    MedFlight,
    MediationContext,
    MediationParser,
    MediationRenderer,
    MedOffer,
    MedPrice,
    MedReject,
    MedWindow,
    clock,
)

ISSUE = "issue 17: "
USER = MediationContext(author="user")
ASSISTANT = MediationContext(author="assistant")
PARSER, RENDERER = MediationParser(), MediationRenderer()

days = st.integers(0, 2)
clocks = st.integers(0, 24 * 60 - 1).map(clock)


def _events():
    return st.builds(MedEvent, day=days, start=clocks, end=st.none() | clocks, importance=st.integers(0, 10))


def _windows():
    bounds = st.tuples(st.none() | clocks, st.none() | clocks)
    return st.builds(
        lambda day, span, good: MedWindow(day=day, after=span[0], before=span[1], good=good),
        st.none() | days,
        bounds,
        st.booleans(),
    ).filter(lambda w: w.day is not None or w.after is not None or w.before is not None)


user_acts = st.one_of(
    _events(),
    st.builds(MedPrice, pref=st.integers(0, 20), mean=st.none() | st.integers(1, 3000)),
    st.builds(MedArrival, pref=st.integers(0, 10)),
    _windows(),
    st.builds(MedFlight, carrier=st.sampled_from(CARRIERS), day=days, start=clocks, good=st.booleans()),
    st.just(MedAccept()),
    st.just(MedReject()),
)
assistant_acts = st.one_of(
    st.sampled_from([MedAsk(about="price"), MedAsk(about="arrival"), MedAsk(about="schedule")]),
    st.builds(lambda d, s: MedAsk(about="event", day=d, start=s), days, clocks),
)
offers = st.one_of(
    st.just(MedOffer()),
    st.builds(MedOffer, carrier=st.none() | st.sampled_from(CARRIERS), day=days, start=clocks),
    st.builds(MedOffer, carrier=st.sampled_from(CARRIERS)),
)


def _bag(acts) -> list[str]:
    return sorted(json.dumps(a.to_json(), sort_keys=True) for a in acts)


def _one_verdict(acts) -> bool:
    return sum(isinstance(a, MedAccept | MedReject) for a in acts) <= 1


@settings(max_examples=300, deadline=None)
# issue 17: a message gives at most one verdict on the offer (people repeat theirs: "That... could
# work. Sure."), so the intents rendered say at most one (they could say several before). Issue 17
# round 3: the same window or event said twice is one fact ("That one can be missed. Not important at
# all."), so the intents rendered hold no act twice
@given(st.lists(user_acts, min_size=1, max_size=5, unique=True).filter(_one_verdict), st.integers(0, 2**32 - 1))
def test_user_messages_round_trip(acts, seed):
    message = RENDERER.render(Intent(acts=acts), USER, np.random.default_rng(seed))
    assert _bag(PARSER.parse(message, USER)) == _bag(acts)


@settings(max_examples=300, deadline=None)
@given(st.lists(assistant_acts, min_size=0, max_size=5, unique=True), offers, st.integers(0, 2**32 - 1))
def test_assistant_messages_round_trip(asks, offer, seed):
    acts = [offer, *asks]
    message = RENDERER.render(Intent(acts=acts), ASSISTANT, np.random.default_rng(seed))
    assert _bag(PARSER.parse(message, ASSISTANT)) == _bag(acts)


def test_paraphrases_vary_with_the_rng():
    intent = Intent(acts=[MedEvent(day=1, start="14:00", end="16:00", importance=9)])
    texts = {RENDERER.render(intent, USER, np.random.default_rng(seed)) for seed in range(20)}
    assert len(texts) > 1


@pytest.mark.parametrize(
    ("message", "author", "expected"),
    [
        # issue 17: a greeting is no question about the schedule (was MedAsk(about="schedule"))
        ("Hello! How can I help?", ASSISTANT, []),
        ("How's this?", ASSISTANT, [MedOffer()]),
        ("Would a flight on Friday morning work?", ASSISTANT, [MedOffer()]),
        (
            "I need to book a flight on Thursday morning.",
            USER,
            [MedWindow(day=1, before="12:00")],
        ),
        (
            "Thursday mornings and Fridays after 1pm are good too",
            USER,
            [MedWindow(day=1, before="12:00"), MedWindow(day=2, after="13:00")],
        ),
        ("Would like cheap flights", USER, [MedPrice(pref=15)]),
        ("Price is very important to me.", USER, [MedPrice(pref=15)]),
        ("I really care about the cost", USER, [MedPrice(pref=15)]),
        ("How much does price matter to you?", USER, []),
        (
            "Hi I'd like a flight booked that arrives around the same time as my friend.",
            USER,
            [MedArrival(pref=8)],
        ),
        ("That conflicts with too many meetings unfortunatly", USER, [MedReject()]),
        ("that works great for me", USER, [MedAccept()]),
        (
            "I have a very important meeting at 10:30 on Thursday",
            USER,
            [MedEvent(day=1, start="10:30", importance=9)],
        ),
        ("My Friday is pretty much entirely open.", USER, [MedWindow(day=2)]),
        # issue 17: midday is 11:00-13:00 (was 11:00-14:00)
        ("Mid Day Thursday is bad", USER, [MedWindow(day=1, after="11:00", before="13:00", good=False)]),
        ("Thursday, most of my meetings are low importance.", USER, [MedWindow(day=1)]),
    ],
)
def test_human_phrasing(message, author, expected):
    assert PARSER.parse(message, author) == expected


@settings(max_examples=200, deadline=None)
@given(st.text(max_size=300))
def test_garbage_never_raises(text):
    for context in (USER, ASSISTANT, None):
        assert isinstance(PARSER.parse(text, context), list)


@pytest.mark.parametrize("message", [None, 42, "", "   ", "?!?", "x" * 5000, "🙂👍"])
def test_non_text_and_odd_messages(message):
    assert isinstance(PARSER.parse(message, USER), list)


def test_coverage_of_the_recorded_human_messages():
    covered = total = 0
    for game in load_recorded("mediation"):
        for action in game["action_log"]:
            if action["type"] != "message":
                continue
            context = ASSISTANT if action["player"] == 2 else USER
            total += 1
            covered += bool(PARSER.parse(action["message"]["data"], context))
    assert total > 1000
    # issue 17: greetings ("How can I help?") are no schedule questions and interjections with nothing
    # on the table no agreements any more, so fewer messages give acts (measured 0.70, was 0.80)
    assert covered / total >= 0.65


# ---- issue 17: real human text (tests written before the fixes) -----------------------------------

FAILING_TODAY: set[str] = set()
"""The cases that still fail (strict xfails); a case leaves the set when its fix lands."""


def _cases(reason, rows):
    """The rows as test cases; those whose message is in :data:`FAILING_TODAY` are strict xfails."""
    return [
        pytest.param(*row, marks=pytest.mark.xfail(strict=True, reason=ISSUE + reason))
        if row[0] in FAILING_TODAY
        else row
        for row in rows
    ]


def _ctx(**fields):
    """A parse context with the dialogue state of ``fields`` (built inside the test: the fields are
    new in issue 17)."""
    return MediationContext(**fields)


@pytest.mark.parametrize(
    ("message", "fields", "expected"),
    _cases(
        "the context has only the author",
        [
            (
                "That clashes with my very important meeting that evening from 6 to 8",
                {"day": 2, "start": "11:16"},
                [MedReject(), MedEvent(day=2, start="18:00", end="20:00", importance=9)],
            ),
            (
                "anything later that day?",
                {"day": 1, "start": "10:14"},
                [MedReject(), MedWindow(day=1, after="10:14")],
            ),
            (
                "Could we do something a bit earlier the same day?",
                {"day": 0, "start": "15:30"},
                [MedReject(), MedWindow(day=0, before="15:30")],
            ),
            (
                "the next morning would be better",
                {"day": 0, "start": "20:05"},
                [MedReject(), MedWindow(day=1, before="12:00")],
            ),
            (
                "Honestly I'd put it at medium.",
                {"asked": MedAsk(about="event", day=2, start="15:00")},
                [MedEvent(day=2, start="15:00", importance=5)],
            ),
            (
                "Not important at all, I can skip it",
                {"asked": MedAsk(about="event", day=0, start="09:00")},
                [MedEvent(day=0, start="09:00", importance=2)],
            ),
            ("not much, honestly", {"asked": MedAsk(about="price")}, [MedPrice(pref=3)]),
            ("that afternoon works", {"day": 1}, [MedWindow(day=1, after="12:00", before="17:00")]),
        ],
    ),
)
def test_dialogue_context(message, fields, expected):
    assert PARSER.parse(message, _ctx(author="user", **fields)) == expected


@pytest.mark.parametrize(
    ("message", "expected"),
    _cases(
        "ordinal dates with parts of the day are misread",
        [
            ("the 2nd in the afternoon is best", [MedWindow(day=2, after="12:00", before="17:00")]),
            ("June 1st evening would be great", [MedWindow(day=1, after="17:00")]),
            ("maybe the 1st, after 3pm?", [MedWindow(day=1, after="15:00")]),
            ("31st morning please", [MedWindow(day=0, before="12:00")]),
            (
                "I'm free on the 2nd before noon or on the 31st late at night",
                [
                    MedWindow(day=2, before="12:00"),
                    MedWindow(day=0, after="17:00"),
                ],
            ),
            ("Let's look at Thursday around noon.", [MedWindow(day=1, after="11:00", before="13:00")]),
            (
                "Can I look at flights between 11 am and 5:30 pm on Friday?",
                [MedWindow(day=2, after="11:00", before="17:30")],
            ),
            (
                "after 5 PM on Wednesday or before 1:30 PM on Thursday",
                [MedWindow(day=0, after="17:00"), MedWindow(day=1, before="13:30")],
            ),
            (
                "Thursday is open, my Wednesday is pretty packed, Friday possible in afternoon",
                [MedWindow(day=1), MedWindow(day=0, good=False), MedWindow(day=2, after="12:00", before="17:00")],
            ),
            (
                "I can be flexible Wed before 3 PM and after 5 PM",
                [MedWindow(day=0, before="15:00"), MedWindow(day=0, after="17:00")],
            ),
            (
                "a cheap flight on thursday evening or friday morning",
                [
                    MedPrice(pref=15),
                    MedWindow(day=1, after="17:00"),
                    MedWindow(day=2, before="12:00"),
                ],
            ),
            ("late afternoon/evening on the 2nd", [MedWindow(day=2, after="12:00")]),
        ],
    ),
)
def test_ordinal_dates_and_parts_of_the_day(message, expected):
    assert PARSER.parse(message, USER) == expected


@pytest.mark.parametrize(
    ("message", "expected"),
    _cases(
        "an assistant quoting a flight reads as a price preference",
        [
            ("Here is a cheaper flight?", [MedOffer()]),
            ("Here's a flight a little earlier that is $428, it will conflict with 2 meetings though.", [MedOffer()]),
            (
                "The cheapest Friday option is 6/2 12:34 PM - 4:36 PM for 466$",
                [MedOffer(day=2, start="12:34")],
            ),
            (
                "The cheapest I can find on Friday is from 2:25 PM - 11:30 PM with American, does that work?",
                [MedOffer(carrier="American", day=2, start="14:25")],
            ),
            ("Here is an affordable one that lands close to your friend.", [MedOffer()]),
            ("This one is only $50 with Delta.", [MedOffer(carrier="Delta")]),
        ],
    ),
)
def test_assistant_quoting_a_flight(message, expected):
    assert PARSER.parse(message, ASSISTANT) == expected


@pytest.mark.parametrize(
    ("message", "expected"),
    _cases(
        "offers without details are caught inconsistently",
        [
            ("This might be the best flight.", [MedOffer()]),
            ("Check this out", [MedOffer()]),
            ("Let's give this a shot to land with your friend.", [MedOffer()]),
            ("Proposing now", [MedOffer()]),
            ("What do you think of this?", [MedOffer()]),
            ("How about this one? / Let's try this before going back / I want the best option for you", [MedOffer()]),
            ("There's a flight available early Thursday morning.", [MedOffer()]),
            ("I will send a proposal shortly", []),
            ("My mistake, let me try again.", []),
            ("Hello! How can I help you today?", []),
        ],
    ),
)
def test_offers_without_details(message, expected):
    assert PARSER.parse(message, ASSISTANT) == expected


@pytest.mark.parametrize(
    ("message", "fields", "expected"),
    _cases(
        "judging the offer and giving the reason are one act or the other",
        [
            ("thats a little pricey", {"day": 2, "start": "15:33"}, [MedReject(), MedPrice(pref=15)]),
            ("Overlaps with too many meetings / and a bit pricey", {}, [MedReject(), MedPrice(pref=15)]),
            ("Back to the other one.", {}, [MedReject()]),
            ("That's good - but is there anything at a better price?", {"day": 1}, [MedReject(), MedPrice(pref=15)]),
            ("Still a bit far, any closer options?", {"day": 1}, [MedReject(), MedArrival(pref=8)]),
            ("looks good", {"day": 1, "accepted": True}, [MedAccept()]),
            ("Sounds good. Excited to see it", {"offered": False}, []),
            ("is there a cheaper one?", {"day": 1, "accepted": True}, [MedPrice(pref=15)]),
        ],
    ),
)
def test_verdicts_with_reasons(message, fields, expected):
    assert PARSER.parse(message, _ctx(author="user", **fields)) == expected


@pytest.mark.parametrize(
    ("message", "fields", "expected"),
    [
        # phrasings met while reading unlabelled recorded messages (after the fixes above)
        ("Let's avoid Friday 1 to 3 if possible.", {}, [MedWindow(day=2, after="13:00", before="15:00", good=False)]),
        ("Or before 1 on Thursday.", {}, [MedWindow(day=1, before="13:00")]),
        ("I think Wed. morning would work really well", {}, [MedWindow(day=0, before="12:00")]),
        (
            "Let's look at late afternoon or the evening on Thursday, that looks clearest.",
            {},
            [MedWindow(day=1, after="12:00")],
        ),
        (
            "Afternoons on 5/31 and 6/2 are rough.",
            {},
            [
                MedWindow(day=0, after="12:00", before="17:00", good=False),
                MedWindow(day=2, after="12:00", before="17:00", good=False),
            ],
        ),
        (
            "Thursday might work, but I have a personal meeting at 9:30 am that is high importance.",
            {},
            [MedWindow(day=1), MedEvent(day=1, start="09:30", importance=9)],
        ),
        (
            "The meeting at 3:30 PM is high importance though.",
            {"day": 1},
            [MedEvent(day=1, start="15:30", importance=9)],
        ),
        (
            "Thursday night around 8:30 or Friday afternoon around 4:30 PM",
            {},
            [MedWindow(day=1, after="19:30", before="21:30"), MedWindow(day=2, after="15:30", before="17:30")],
        ),
        ("That one is not too bad!", {"day": 1, "start": "19:31"}, [MedAccept()]),
        ("Not bad but perhaps we can optimize", {"day": 2, "start": "11:06"}, [MedReject()]),
        ("I don't believe that will work with my schedule.", {"day": 2, "start": "10:08"}, [MedReject()]),
        ("That is not affordable for me", {"day": 0, "start": "15:35"}, [MedReject(), MedPrice(pref=15)]),
        ("My meeting at the end of the day is also low importance if that works?", {"day": 2, "offered": True}, []),
        ("Can I have a flight booked perhaps on Wed morning?", {}, [MedWindow(day=0, before="12:00")]),
    ],
)
def test_more_human_phrasing(message, fields, expected):
    assert PARSER.parse(message, _ctx(author="user", **fields)) == expected


@pytest.mark.parametrize(
    ("message", "expected"),
    [
        ("Hello, can I help you?", []),
        ("Sure- when are you wanting to do that?", [MedAsk(about="schedule")]),
        ("Sure, are there any days you are looking at so far?", [MedAsk(about="schedule")]),
        ("How do you feel about a Friday night flight?", [MedOffer()]),
        ("Let me see if this one is any better.", [MedOffer()]),
        ("Does this look good to you?", [MedOffer()]),
        ("Would a flight on Thu afternoon work? This would conflict with at least 2 meetings, though?", [MedOffer()]),
        (
            "Here's an option for 6/2 which is under $1k, lands before 11 am, and which will have you land near your friend.",
            [MedOffer()],
        ),
        ("I'll send a proposal and see if it works for you", []),
    ],
)
def test_more_assistant_phrasing(message, expected):
    assert PARSER.parse(message, ASSISTANT) == expected


@pytest.mark.parametrize(
    ("message", "fields", "expected"),
    [
        ("that hit a big meeting for me", {"day": 1, "start": "05:35"}, [MedReject()]),
        ("Seems like I do not have very much money", {"day": 2, "start": "18:43"}, [MedReject(), MedPrice(pref=15)]),
        (
            "That is decent, but can you make us arrive at a better time?",
            {"day": 0, "start": "20:07"},
            [MedReject(), MedArrival(pref=8)],
        ),
        (
            "Wed morning/evening, Fri evening",
            {},
            [MedWindow(day=0, before="12:00"), MedWindow(day=0, after="17:00"), MedWindow(day=2, after="17:00")],
        ),
        ("its a good deal but i also have a meeting", {"day": 2, "start": "18:06"}, [MedReject()]),
        ("Very unreasonable", {"day": 0, "start": "20:51"}, [MedReject()]),
        ("That first flight was the best option, can you send that again?", {"day": 0}, [MedReject()]),
        # answering the assistant's price question while a flight is on the table is no complaint
        (
            "cheap is really important",
            {"day": 1, "start": "10:00", "asked": MedAsk(about="price")},
            [MedPrice(pref=15)],
        ),
    ],
)
def test_complaints_while_a_flight_is_on_the_table(message, fields, expected):
    assert PARSER.parse(message, _ctx(author="user", **fields)) == expected


@pytest.mark.parametrize(
    ("message", "fields", "expected"),
    [
        # a flight named by its departure alone: a window an hour either side, on the day under discussion
        (
            "can we do the 8:30 one instead",
            {"day": 1, "start": "18:34"},
            [MedReject(), MedWindow(day=1, after="07:30", before="09:30")],
        ),
        (
            "Could you try putting me on the 4:48PM flight?",
            {"day": 1, "start": "18:34"},
            [MedReject(), MedWindow(day=1, after="15:48", before="17:48")],
        ),
        (
            "the 830 one looks better",
            {"day": 2, "start": "12:00"},
            [MedReject(), MedWindow(day=2, after="07:30", before="09:30")],
        ),
    ],
)
def test_flights_named_by_their_time(message, fields, expected):
    assert PARSER.parse(message, _ctx(author="user", **fields)) == expected


@pytest.mark.parametrize(
    ("message", "fields", "expected"),
    [
        (
            "My schedule is booked up on Friday with really important meetings so let's steer clear from that day if possible.",
            {"day": 0},
            [MedWindow(day=2, good=False)],
        ),
        (
            "my thursday before 5pm is very open and only has meetings that I can easily miss",
            {},
            [MedWindow(day=1, before="17:00")],
        ),
        (
            "if I need to miss a meeting let's look before 1 PM Thursday or after 5:30 PM on Wednesday",
            {},
            [MedWindow(day=1, before="13:00"), MedWindow(day=0, after="17:30")],
        ),
        (
            "Thursday and Friday are full of important meetings",
            {},
            [MedWindow(day=1, good=False), MedWindow(day=2, good=False)],
        ),
        ("what do you have that is affordable between 5/31 and 6/2?", {}, [MedPrice(pref=10)]),
        (
            "I like that, but can you reduce the costs of the flight at all?",
            {"day": 1, "start": "09:00"},
            [MedReject(), MedPrice(pref=15)],
        ),
        (
            "perhaps the flight right after that can work for me?",
            {"day": 1, "start": "08:38"},
            [MedReject(), MedWindow(day=1, after="08:38")],
        ),
        ("Wed I have personal meetings at the beginning of the day and at the end.", {}, []),
        (
            "My first 3 meetings on Wednesday are all pretty skippable, as is my last meeting on Friday.",
            {},
            [MedWindow(day=0), MedWindow(day=2)],
        ),
        (
            "really late wed/thurs or maybe fri morning",
            {},
            [MedWindow(day=0), MedWindow(day=1), MedWindow(day=2, before="12:00")],
        ),
    ],
)
def test_held_out_phrasings(message, fields, expected):
    # met in a blind-labelled held-out sample, after its first measurement
    assert PARSER.parse(message, _ctx(author="user", **fields)) == expected


def test_a_window_said_of_any_day_narrows_no_day_named_before() -> None:
    """The renderer says a day-less window as "Any day ...": it stays day-less after a day's window
    (a bare bound after a day narrows it: "Anything on 6/2? Hoping for the morning")."""
    parser = MediationParser()
    acts = parser.parse("Wed is bad for me. Any day before 10:00 is bad for me.", MediationContext(author="user"))
    assert acts == [MedWindow(day=0, good=False), MedWindow(before="10:00", good=False)]
