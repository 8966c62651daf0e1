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


@settings(max_examples=300, deadline=None)
@given(st.lists(user_acts, min_size=1, max_size=5), st.integers(0, 2**32 - 1))
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
        ("Hello! How can I help?", ASSISTANT, [MedAsk(about="schedule")]),
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
        ("Mid Day Thursday is bad", USER, [MedWindow(day=1, after="11:00", before="14:00", good=False)]),
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
    assert covered / total >= 0.75  # measured 0.80; the rest is mostly greetings and chit-chat
