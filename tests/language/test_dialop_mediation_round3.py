"""DialOp Mediation parser, issue 17 round 3: robustness on fresh human text (batches drawn from the
recorded games and labelled before the parser read them; see tests/language/data/mediation_dev.md,
section "Round 3").

Each group is a general mechanism met on those batches, in our own wording."""

from __future__ import annotations

import pytest

from language.dialop_mediation import (
    MedAccept,
    MedArrival,
    MedAsk,
    MedEvent,
    MediationContext,
    MediationParser,
    MedOffer,
    MedPrice,
    MedReject,
    MedWindow,
)
from tests.language.test_dialop_mediation_robust import ON_TABLE, _user

PARSER = MediationParser()
REJECTED = {"day": 1, "start": "10:00", "offered": True, "accepted": False}


def _assistant(message: str, **fields):
    return PARSER.parse(message, MediationContext(author="assistant", **fields))


@pytest.mark.parametrize(
    ("message", "expected"),
    [
        pytest.param(
            "Wednesday is full of critical meetings so Thursday could be best",
            [MedWindow(day=0, good=False), MedWindow(day=1)],
        ),
        pytest.param(
            "I have important meetings all over 6/1 so maybe 5/31 works",
            [MedWindow(day=1, good=False), MedWindow(day=0)],
        ),
    ],
)
def test_so_starts_a_piece_of_its_own_polarity(message, expected):
    # "meetings on X so Y might be best": the busy day's polarity stops at "so"
    assert _user(message) == expected


@pytest.mark.parametrize(
    ("message", "expected"),
    [
        pytest.param("Anything that isn't super expensive?", [MedPrice(pref=10)]),
        pytest.param("one that is not crazy expensive please", [MedPrice(pref=10)]),
        ("I want something not too pricey", [MedPrice(pref=10)]),
    ],
)
def test_not_very_expensive_is_moderate(message, expected):
    assert _user(message) == expected


@pytest.mark.parametrize(
    ("message", "expected"),
    [
        pytest.param("my pal lands at a totally different time", [MedReject(), MedArrival(pref=8)]),
        ("My friend is arriving way too far from me", [MedReject(), MedArrival(pref=8)]),
        pytest.param("I'd like to reach there along with my buddy", [MedReject(), MedArrival(pref=8)]),
        ("we should land at similar timings", [MedReject(), MedArrival(pref=8)]),
    ],
)
def test_arrival_said_of_the_friend_or_with_reach(message, expected):
    # after a rejected offer the arrival wish is the complaint's reason
    assert _user(message, **REJECTED) == expected


@pytest.mark.parametrize(
    ("message", "expected"),
    [
        pytest.param("We are hoping to land close to each other", [MedArrival(pref=5)]),
        pytest.param("I hope to arrive with my friend", [MedArrival(pref=5)]),
    ],
)
def test_hoping_is_a_soft_arrival(message, expected):
    assert _user(message) == expected


@pytest.mark.parametrize(
    ("message", "expected"),
    [
        pytest.param(
            "there's a meeting that's a 6 on a scale of 10 starting at 2 PM on Friday",
            [MedEvent(day=2, start="14:00", importance=6)],
        ),
        pytest.param(
            "my Wednesday 9 AM call is about 3 on a scale of 1 to 10",
            [MedEvent(day=0, start="09:00", importance=3)],
        ),
    ],
)
def test_importance_on_a_scale_of_ten(message, expected):
    assert [a.model_copy(update={"end": None}) if isinstance(a, MedEvent) else a for a in _user(message)] == expected


@pytest.mark.parametrize(
    ("message", "expected"),
    [
        pytest.param("I have nothing important on Thursday", [MedWindow(day=1)]),
        pytest.param("I don't really have anything important on 6/2", [MedWindow(day=2)]),
    ],
)
def test_nothing_important_makes_the_day_good(message, expected):
    assert _user(message) == expected


@pytest.mark.parametrize(
    ("message", "expected"),
    [
        pytest.param(
            "Since that flight lands on Friday evening, it's no good",
            [MedReject()],
        ),
        pytest.param("It lands Friday morning, so I would miss my meeting", [MedReject()]),
    ],
)
def test_a_description_of_the_offer_is_no_wish(message, expected):
    assert [a for a in _user(message, **REJECTED) if not isinstance(a, MedEvent)] == expected


@pytest.mark.parametrize(
    ("message", "expected"),
    [
        pytest.param(
            "how about the Thursday 1:15 PM - 6:15 PM flight?",
            [MedReject(), MedWindow(day=1, after="12:15", before="14:15")],
        ),
        pytest.param(
            "If I have to, the 6/2 10:00 AM to 2:00 PM flight could work",
            [MedWindow(day=2, after="09:00", before="11:00")],
        ),
    ],
)
def test_a_flight_named_by_its_hours_is_its_departure(message, expected):
    assert _user(message, **ON_TABLE) == expected


@pytest.mark.parametrize(
    ("message", "expected"),
    [
        pytest.param("That clashes with two meetings. I could skip the later one though", [MedReject()]),
        pytest.param("it hits two meetings, I can miss the earlier one", [MedReject()]),
    ],
)
def test_the_later_one_after_skip_is_a_meeting(message, expected):
    assert _user(message, **REJECTED) == expected


@pytest.mark.parametrize(
    ("message", "expected"),
    [
        pytest.param("This is the closest", [MedOffer()]),
        pytest.param("Okay, this is the cheapest I could find", [MedOffer()]),
        pytest.param("this is teh cloest one", [MedOffer()]),
    ],
)
def test_this_is_the_closest_presents_a_flight(message, expected):
    assert _assistant(message, **ON_TABLE) == expected


# ---- batch s1212 --------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("message", "expected"),
    [
        pytest.param("Friday works. Friday is good", [MedWindow(day=2)]),
    ],
)
def test_the_same_fact_said_twice_is_one(message, expected):
    assert _user(message) == expected


def test_an_answer_said_twice_is_one_event():
    asked = MedAsk(about="event", day=1, start="14:00")
    assert _user("That can be skipped, honestly. Not important at all.", asked=asked) == [
        MedEvent(day=1, start="14:00", importance=2)
    ]


@pytest.mark.parametrize(
    ("message", "expected"),
    [
        pytest.param(
            "I'm open Friday morning and Wednesday later in the day",
            [MedWindow(day=2, before="12:00"), MedWindow(day=0)],
        ),
        (
            "Thursday afternoon and Friday are good",
            [MedWindow(day=1, after="12:00", before="17:00"), MedWindow(day=2, after="12:00", before="17:00")],
        ),
    ],
)
def test_late_in_the_day_shares_no_bounds(message, expected):
    assert _user(message) == expected


@pytest.mark.parametrize(
    ("message", "expected"),
    [
        pytest.param(
            "The price is good though, so keep it around there or cheaper",
            [MedReject(), MedPrice(pref=15)],
        ),
        ("The price is good but I have a meeting", [MedReject()]),
    ],
)
def test_a_praised_price_then_cheaper_asks_for_low_price(message, expected):
    assert _user(message, **REJECTED) == expected


@pytest.mark.parametrize(
    ("message", "expected"),
    [
        pytest.param("I have three work meetings on Friday", [MedWindow(day=2, good=False)]),
        pytest.param("There are 5 personal meetings on 6/1", [MedWindow(day=1, good=False)]),
        pytest.param("I also have a meeting Thursday morning", []),
        ("I have 2 low importance meetings on Friday", [MedWindow(day=2)]),
    ],
)
def test_meetings_without_a_level(message, expected):
    # several meetings make the day busy; one meeting without a level or time wishes nothing
    assert _user(message) == expected


@pytest.mark.parametrize(
    ("message", "expected"),
    [
        pytest.param("Is there something which avoids my meetings?", [MedReject()]),
        ("any options that don't overlap with the meetings?", [MedReject()]),
    ],
)
def test_asking_for_a_flight_that_avoids_meetings_rejects(message, expected):
    assert _user(message, **REJECTED) == expected


def test_asking_for_a_flight_that_avoids_meetings_before_any_offer_is_no_verdict():
    assert _user("Is there something which avoids my meetings?", offered=False) == []


@pytest.mark.parametrize(
    ("message", "expected"),
    [
        pytest.param("what about the option before?", [MedReject(), MedWindow(day=1, before="10:00")]),
        pytest.param("try the flight just after", [MedReject(), MedWindow(day=1, after="10:00")]),
        ("the one before 9 am on Friday?", [MedWindow(day=2, before="09:00")]),  # a clock: no offer's time
    ],
)
def test_the_one_before_is_relative_to_the_offer(message, expected):
    assert _user(message, **ON_TABLE) == expected


@pytest.mark.parametrize(
    ("message", "expected"),
    [
        pytest.param(
            "my lowest priority time is Thursday 1-4",
            [MedWindow(day=1, after="13:00", before="16:00")],
        ),
        pytest.param("Friday from 2 to 5 works", [MedWindow(day=2, after="14:00", before="17:00")]),
        pytest.param("Wednesday from 6 AM to 9 AM is good", [MedWindow(day=0, after="06:00", before="09:00")]),
    ],
)
def test_ranges_said_with_from(message, expected):
    assert _user(message) == expected


@pytest.mark.parametrize(
    ("message", "expected"),
    [
        pytest.param(
            "can we not overlap the 2 - 2:30 PM meeting?",
            [MedReject(), MedWindow(day=1, after="14:00", before="14:30", good=False)],
        ),
        pytest.param(
            "it conflicts with my 11:30 to 1 pm meeting",
            [MedReject(), MedWindow(day=1, after="11:30", before="13:00", good=False)],
        ),
    ],
)
def test_a_meeting_the_offer_overlaps_is_on_its_day(message, expected):
    assert _user(message, **REJECTED) == expected


@pytest.mark.parametrize(
    ("message", "expected"),
    [
        pytest.param("I think the previous option looks to be the best", [MedOffer()]),
        pytest.param("this one seems the most ideal for you", [MedOffer()]),
    ],
)
def test_an_assistant_saying_a_flight_seems_best_presents_it(message, expected):
    assert _assistant(message, **ON_TABLE) == expected


# ---- batch s1313 --------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("message", "expected"),
    [
        pytest.param("if nothing better turns up I'll go with it", [MedAccept()]),
        pytest.param("I'd miss a meeting but if there's nothing else then we can run with it", [MedAccept()]),
        pytest.param("closer would be nice but I'll take it if I need it", [MedAccept(), MedArrival(pref=5)]),
        ("if it was cheaper I would take it", [MedReject(), MedPrice(pref=15)]),
    ],
)
def test_a_condition_without_a_comma_still_gives_in(message, expected):
    assert _user(message, **REJECTED) == expected


@pytest.mark.parametrize(
    ("message", "expected"),
    [
        pytest.param("let's stick with the original proposition", [MedReject()]),
        ("I'd go back to the previous offer", [MedReject()]),
    ],
)
def test_going_back_to_an_earlier_offer_rejects(message, expected):
    assert _user(message, **ON_TABLE) == expected


@pytest.mark.parametrize(
    ("message", "expected"),
    [
        pytest.param("Saturday after 3 or Thursday before noon", [MedWindow(day=1, before="12:00")]),
        pytest.param("Not monday morning. Friday evening is best", [MedWindow(day=2, after="17:00")]),
    ],
)
def test_a_day_outside_the_game_gives_no_window(message, expected):
    assert _user(message) == expected


@pytest.mark.parametrize(
    ("message", "expected"),
    [
        pytest.param(
            "I have some important meetings late on Wed, and in the afternoon on Fri",
            [MedWindow(day=0, good=False), MedWindow(day=2, after="12:00", before="17:00", good=False)],
        ),
        pytest.param(
            "My important personal meetings are Thursday morning, and Friday evening",
            [MedWindow(day=1, before="12:00", good=False), MedWindow(day=2, after="17:00", good=False)],
        ),
        ("my medium meetings are on Thursday", []),
    ],
)
def test_important_meetings_make_their_times_bad_down_the_list(message, expected):
    assert _user(message) == expected


@pytest.mark.parametrize(
    ("message", "expected"),
    [
        pytest.param(
            "please avoid my 2 to 5 meeting on Thursday",
            [MedWindow(day=1, after="14:00", before="17:00", good=False)],
        ),
        pytest.param(
            "dodge my 930 to 11 on Wednesday",
            [MedWindow(day=0, after="09:30", before="11:00", good=False)],
        ),
        ("I can skip 2 to 3 meetings on Friday", [MedWindow(day=2)]),
    ],
)
def test_a_meeting_named_by_its_range(message, expected):
    assert _user(message) == expected


@pytest.mark.parametrize(
    ("message", "expected"),
    [
        pytest.param(
            "could I get one a bit later for the same price?",
            [MedReject(), MedPrice(pref=15), MedWindow(day=1, after="10:00")],
        ),
    ],
)
def test_the_same_price_asks_for_a_low_price(message, expected):
    assert _user(message, **ON_TABLE) == expected


@pytest.mark.parametrize(
    ("message", "expected"),
    [
        pytest.param("Okay! Let me send over a proposal now.", [MedOffer()]),
        pytest.param("you would be landing within the hour of your friend", [MedOffer()]),
        pytest.param("Please allow me a moment to take a look at the flights that would best fit your needs.", []),
        ("I will send a proposal shortly", []),
    ],
)
def test_assistant_presenting_now_or_later(message, expected):
    assert _assistant(message, **ON_TABLE) == expected


# ---- the brief's weak spots, in our own wording -------------------------------------------------


@pytest.mark.parametrize(
    ("message", "expected"),
    [
        pytest.param(
            "from Wednesday evening to Thursday morning I'm free",
            [MedWindow(day=0, after="17:00"), MedWindow(day=1, before="12:00")],
        ),
        pytest.param(
            "Thursday night through Friday morning works",
            [MedWindow(day=1, after="17:00"), MedWindow(day=2, before="12:00")],
        ),
        ("Wednesday to Friday is fine", []),
    ],
)
def test_a_range_across_days(message, expected):
    assert _user(message) == expected


@pytest.mark.parametrize(
    ("message", "expected"),
    [
        pytest.param("Wed is out", [MedWindow(day=0, good=False)]),
        pytest.param("Thursday is a no go", [MedWindow(day=1, good=False)]),
        pytest.param("Friday morning is out of the question", [MedWindow(day=2, before="12:00", good=False)]),
    ],
)
def test_a_time_ruled_out(message, expected):
    assert _user(message) == expected


@pytest.mark.parametrize(
    ("message", "expected"),
    [
        pytest.param("I could live with that", [MedAccept()]),
        pytest.param("That's doable", [MedAccept()]),
        pytest.param("I can make that work", [MedAccept()]),
        pytest.param("I'll pass", [MedReject()]),
        pytest.param("My friend's flight lands way before mine", [MedReject(), MedArrival(pref=8)]),
        pytest.param("The timing is off from my buddy's", [MedReject(), MedArrival(pref=8)]),
        pytest.param("that's a lot of money", [MedReject(), MedPrice(pref=15)]),
    ],
)
def test_verdicts_said_indirectly(message, expected):
    assert _user(message, **ON_TABLE) == expected


@pytest.mark.parametrize(
    ("message", "expected"),
    [
        pytest.param("money's tight right now", [MedPrice(pref=15)]),
        pytest.param("I'd like to minimize cost", [MedPrice(pref=15)]),
        pytest.param("cost isn't an issue", [MedPrice(pref=3)]),
        pytest.param("price is no object", [MedPrice(pref=3)]),
        pytest.param("I don't mind arriving at different times", [MedArrival(pref=2)]),
        pytest.param("arriving together isn't a big deal", [MedArrival(pref=2)]),
    ],
)
def test_price_and_arrival_in_indirect_words(message, expected):
    assert _user(message) == expected


@pytest.mark.parametrize(
    ("message", "expected"),
    [
        pytest.param(
            "I have 1 flight on 5/31. It leaves at 3:40 PM and lands at 11:40 PM. Want me to send it?",
            [MedOffer()],
        ),
        pytest.param("We have a flight on 6/2 for $50 that lands at 9:25?", [MedOffer()]),
        pytest.param("Would you like to try a flight Friday night that arrives Saturday morning?", [MedOffer()]),
        ("How important is arriving with your friend?", [MedAsk(about="arrival")]),
    ],
)
def test_an_assistant_describing_a_flight_asks_nothing(message, expected):
    assert _assistant(message) == expected


@pytest.mark.parametrize(
    ("message", "expected"),
    [
        ("I can also miss my second meeting on Thursday", [MedWindow(day=1)]),
        ("I could probably afford to miss the Wednesday meeting", [MedWindow(day=0)]),
        ("I can not miss my Friday meetings", [MedWindow(day=2, good=False)]),
    ],
)
def test_skippable_meetings_with_words_between(message, expected):
    # important meetings now make their time bad, so "can also miss" must still read as skippable
    assert _user(message) == expected


def test_helping_to_book_a_flight_presents_none():
    assert _assistant("But for now, I will help you book a flight with your friend. Let me see what I can do.") == []


# ---- batch s1414 --------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("message", "expected"),
    [
        pytest.param(
            "my one low impact meeting is Friday at 2:30 PM",
            [MedEvent(day=2, start="14:30", importance=2)],
        ),
        pytest.param("the 9 AM on Wednesday is high impact", [MedEvent(day=0, start="09:00", importance=9)]),
    ],
)
def test_impact_is_importance(message, expected):
    assert [a.model_copy(update={"end": None}) if isinstance(a, MedEvent) else a for a in _user(message)] == expected


@pytest.mark.parametrize(
    ("message", "expected"),
    [
        pytest.param(
            "Thursday after 2pm is great since those meetings arent very important",
            [MedWindow(day=1, after="14:00")],
        ),
        ("Friday morning, the meetings there isnt important", [MedWindow(day=2, before="12:00")]),
        ("I cant do Wednesday", [MedWindow(day=0, good=False)]),
    ],
)
def test_contractions_without_apostrophes(message, expected):
    assert _user(message) == expected


@pytest.mark.parametrize(
    ("message", "expected"),
    [
        pytest.param("let's stick with that delta option", [MedReject()]),
        pytest.param("I have important meetings during that time", [MedReject()]),
        pytest.param("my calendar is blocked at that time slot", [MedReject()]),
        pytest.param("let's stick with this one", [MedAccept()]),
    ],
)
def test_more_indirect_rejections(message, expected):
    assert _user(message, **ON_TABLE) == expected


@pytest.mark.parametrize(
    ("message", "expected"),
    [
        pytest.param("Hello - how can I help you?", []),
        ("Hi: what can I do for you?", []),
        pytest.param("Looks like there's 1 flight that may work for you on Friday.", [MedOffer()]),
    ],
)
def test_assistant_greetings_and_single_flights(message, expected):
    assert _assistant(message) == expected


# ---- batch s1515 --------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("message", "expected"),
    [
        pytest.param("probably not that time slot", [MedReject()]),
        pytest.param("not this one, sorry", [MedReject()]),
    ],
)
def test_not_that_slot_rejects(message, expected):
    assert _user(message, **ON_TABLE) == expected


@pytest.mark.parametrize(
    ("message", "expected"),
    [
        pytest.param(
            "Thu morning, Fri afternoon are both bad",
            [MedWindow(day=1, before="12:00", good=False), MedWindow(day=2, after="12:00", before="17:00", good=False)],
        ),
        pytest.param(
            "Wed evening is rough and all of Thursday is rough",
            [MedWindow(day=0, after="17:00", good=False), MedWindow(day=1, good=False)],
        ),
        pytest.param(
            "a flight on Wednesday, Thursday or Friday in the evening",
            [
                MedWindow(day=0, after="17:00"),
                MedWindow(day=1, after="17:00"),
                MedWindow(day=2, after="17:00"),
            ],
        ),
    ],
)
def test_lists_of_times_share_judgement_and_bounds(message, expected):
    assert _user(message) == expected


@pytest.mark.parametrize(
    ("message", "expected"),
    [
        pytest.param("can we plan around my buddy's flight?", [MedArrival(pref=8)]),
        pytest.param(
            "there's an early flight on Fri departing at 6 AM I like",
            [MedWindow(day=2, after="05:00", before="07:00")],
        ),
    ],
)
def test_friend_flight_and_departing_at(message, expected):
    assert _user(message) == expected


@pytest.mark.parametrize(
    ("message", "expected"),
    [
        pytest.param("that is really affordable", []),
        ("I want something that is affordable", [MedPrice(pref=10)]),
    ],
)
def test_a_price_praised_with_that_is_no_preference(message, expected):
    assert [a for a in _user(message) if not isinstance(a, MedAccept)] == expected


# ---- batch s1616 --------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("message", "expected"),
    [
        pytest.param("Thursday starting at 2 PM until 6 PM", [MedWindow(day=1, after="14:00", before="18:00")]),
        ("Friday starting from 4:30 onward", [MedWindow(day=2, after="16:30")]),
        pytest.param("I'm busy most middle of the days", [MedWindow(after="11:00", before="13:00", good=False)]),
        pytest.param("can we land in the morning?", []),
        ("can we land at the same time?", [MedArrival(pref=8)]),
    ],
)
def test_starting_at_and_landing_in_the_morning(message, expected):
    assert _user(message) == expected


@pytest.mark.parametrize(
    ("message", "expected"),
    [
        pytest.param("Not a fan of this one", [MedReject()]),
        ("maybe go with the one you sent before?", [MedReject()]),
        pytest.param("maybe the flight you proposed earlier?", [MedReject()]),
        pytest.param(
            "let's try earlier to avoid my 3 pm meeting",
            [MedReject(), MedWindow(day=1, before="10:00")],
        ),
    ],
)
def test_more_requests_to_replace_the_offer(message, expected):
    assert [a for a in _user(message, **ON_TABLE) if not isinstance(a, MedEvent)] == expected


def test_an_assistant_presenting_this_flight_with_a_question_about_a_meeting():
    assert _assistant("Ok, this flight does overlap with one work meeting though, is that ok?") == [MedOffer()]
