"""DialOp Mediation parser, issue 17 round 3b: dialogue context across turns.

The misses of the round-3 batches that no phrasing rule fixes need an earlier turn: the user's own
formal answer that the game dropped (the friend had already rejected the proposal), a flight offered
before and now referred to by description ("that redeye"), the assistant's question answered after
other assistant messages, a reason given in the sentence after the wish it raises. Each group is a
general mechanism, in our own wording; the recorded-game checks replay the dialogue up to the message
through the belief store (tests/language/data/mediation_dev.md, section "Round 3b")."""

from __future__ import annotations

import pytest

from language.dialop_mediation import (
    MedAccept,
    MedArrival,
    MedAsk,
    MedEvent,
    MediationParser,
    MedOffer,
    MedPrice,
    MedReject,
    MedWindow,
)
from tests.language.test_dialop_mediation_robust import ON_TABLE, _user

PARSER = MediationParser()


def _recorded(index: int, turn: int):
    from agent.kits.dialop.recorded import recorded_context
    from agent.registry import default_registry

    registry = default_registry()
    agent = registry.build_agent(registry.preset("dialop_mediation", "solver"))
    return recorded_context("mediation", agent, {"recorded": str(index), "turn": str(turn)})


# ---- the user's formal answer that the game dropped ---------------------------------------------------


def test_an_answer_after_the_friend_rejected_is_in_the_context():
    # recorded game 131: user 0 rejects the proposal, then user 1 presses Accept (dropped by the
    # game, the proposal being settled), then writes "That doesn't sound too bad on my end. ..."
    context, message = _recorded(131, 15)
    assert message.startswith("That doesn't sound too bad")
    assert context.answered is True and context.accepted is None
    # before user 1's answer, nothing is answered in its room
    context, _ = _recorded(131, 14)
    assert context.answered is False


@pytest.mark.parametrize(
    "message",
    [
        "Looks alright to me. I'd be missing an important meeting around then though.",
        "I quite like this one! Could you check if anything is better? Otherwise I'll take this one.",
        "Not bad at all on my side. I would be missing a meeting, sadly.",
    ],
)
def test_praise_first_after_an_unknown_answer_is_an_acceptance(message):
    # the user answered (kind unknown) and the message opens with a sentence praising the offer: the
    # answer was an Accept; what follows is a caveat, not a rejection
    assert _user(message, answered=True, **ON_TABLE) == [MedAccept()]


@pytest.mark.parametrize(
    ("message", "expected"),
    [
        ("That one is a bit too expensive.", [MedReject(), MedPrice(pref=15)]),
        ("That one looks good, but is there something better?", [MedReject()]),
    ],
)
def test_a_complaint_after_an_unknown_answer_still_rejects(message, expected):
    # without a sentence of praise on its own, the answer was (most often) a Reject
    assert _user(message, answered=True, **ON_TABLE) == expected


def test_without_an_answer_praise_and_a_complaint_still_reject():
    # the convention of the earlier rounds stands when the user has not answered
    assert _user("Looks alright to me. I'd be missing an important meeting around then though.", **ON_TABLE) == [
        MedReject()
    ]


# ---- a flight offered before, referred to by description -----------------------------------------------


@pytest.mark.parametrize(
    ("message", "earlier"),
    [
        ("Could we go back to that redeye?", (MedOffer(carrier="Delta", day=0, start="22:45"),)),
        ("That wednesday option overlapped 3 of my meetings", (MedOffer(day=0, start="09:13"),)),
        ("I'd prefer that friday one from before", (MedOffer(day=2, start="11:00"),)),
        ("Those morning ones were closer to my friend, can we go back?", (MedOffer(day=1, start="07:10"),)),
    ],
)
def test_an_earlier_offer_named_by_its_day_or_part_is_no_window(message, earlier):
    acts = _user(message, offers=earlier, **ON_TABLE)
    assert MedReject() in acts
    assert not any(isinstance(a, MedWindow) for a in acts)


@pytest.mark.parametrize(
    "message",
    ["Could we try that redeye idea instead?", "That wednesday evening would be better"],
)
def test_without_a_matching_earlier_offer_the_window_stays(message):
    # no flight was offered on that day or part of the day: the words still name a time
    acts = _user(message, offers=(MedOffer(day=1, start="09:00"),), **ON_TABLE)
    assert any(isinstance(a, MedWindow) for a in acts)


def test_the_context_lists_the_flights_offered_before():
    # recorded game 112: user 0 was offered Alaska Thu 14:18, Delta Wed 22:45, JetBlue Wed 21:03 and
    # Alaska Thu 14:18 again, then writes "Could we go back to that redeye, ..."
    context, _ = _recorded(112, 21)
    assert (context.day, context.start) == (1, "14:18")
    assert context.offers == (
        MedOffer(carrier="Alaska", day=1, start="14:18"),
        MedOffer(carrier="JetBlue", day=0, start="21:03"),
        MedOffer(carrier="Delta", day=0, start="22:45"),
    )
    # recorded game 110: the only offer (user 1: Alaska Wed 10:01), then the user named Friday, then
    # "That wednesday option overlapped 3 of my meetings": the offer is still listed
    context, _ = _recorded(110, 6)
    assert context.day == 2 and context.offers == (MedOffer(carrier="Alaska", day=0, start="10:01"),)


# ---- the assistant's question stays open until the user answers ----------------------------------------


def test_a_question_survives_the_assistants_later_messages():
    # recorded game 93: "how important are your meetings on Thursday, starting at 1PM?", then
    # "Let me see what I can do.", a proposal, the rejections, then user 0: "They are very important
    # meetings / Probably not that time slot for a flight"
    context, _ = _recorded(93, 9)
    assert context.asked == MedAsk(about="event", day=1, start="13:00")


# ---- a reason in the next sentence ---------------------------------------------------------------------


@pytest.mark.parametrize(
    "message",
    [
        "I'd like to land near my friend if possible. It's pretty important.",
        "Hopefully close to my buddy's arrival. That really matters to me.",
        "Arriving together would be nice if we can. It is very important to me.",
    ],
)
def test_a_level_in_the_next_sentence_raises_a_soft_wish(message):
    assert _user(message) == [MedArrival(pref=8)]


@pytest.mark.parametrize(
    "message",
    ["I'd like to land near my friend if possible. My meeting is pretty important."],
)
def test_a_level_of_something_else_leaves_the_wish_soft(message):
    assert MedArrival(pref=5) in _user(message)


# ---- questions about other options ---------------------------------------------------------------------


@pytest.mark.parametrize(
    "message",
    ["Is Friday the only day?", "Is the morning the only option you have?", "Is Thursday the only day possible?"],
)
def test_asking_whether_a_time_is_the_only_one_wishes_nothing(message):
    assert not any(isinstance(a, MedWindow) for a in _user(message, **ON_TABLE))


# ---- giving up a meeting for the offer -----------------------------------------------------------------


@pytest.mark.parametrize(
    "message",
    [
        "I think I may be willing to give up that meeting",
        "I guess I can give up that meeting",
        "I can sacrifice that meeting for this one",
    ],
)
def test_giving_up_the_overlapped_meeting_accepts(message):
    assert _user(message, **ON_TABLE) == [MedAccept()]


# ---- found on the round-3 batches after the context fixes --------------------------------------------


@pytest.mark.parametrize(
    "message",
    ["That doesn't sound too bad on my end.", "It doesn't look that bad", "this wouldn't be too bad"],
)
def test_a_negated_bad_is_praise(message):
    assert _user(message, **ON_TABLE) == [MedAccept()]


def test_a_question_is_answered_once_per_message():
    # the open question (Thursday 1 PM) is answered by the first sentence; "not that time slot" after
    # it judges the offer and answers nothing
    asked = MedAsk(about="event", day=1, start="13:00")
    assert _user("Those are really important meetings / probably not that time slot", asked=asked, **ON_TABLE) == [
        MedReject(),
        MedEvent(day=1, start="13:00", importance=9),
    ]


def test_a_raised_wish_is_a_reason_not_a_complaint():
    message = "I guess that could work for me. I'd like to land near my friend if possible. It's pretty important."
    assert _user(message, **ON_TABLE) == [MedAccept(), MedArrival(pref=8)]


@pytest.mark.parametrize(
    ("message", "window"),
    [
        ("Friday morning, that meeting at 9am is low priority.", MedWindow(day=2, before="12:00")),
        ("Thursday evening - my 6pm meeting is not important", MedWindow(day=1, after="17:00")),
    ],
)
def test_a_time_said_before_an_event_stays_a_wish(message, window):
    acts = _user(message)
    assert window in acts and any(isinstance(a, MedEvent) for a in acts)
