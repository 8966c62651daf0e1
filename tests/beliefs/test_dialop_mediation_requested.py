"""DialOp Mediation belief stores, issue 17 round 2: the flight a user asked for is remembered until
the assistant answers (the parse context of "Let's give it a shot!")."""

from __future__ import annotations

from beliefs.dialop_mediation import Discussion
from language.dialop_mediation import MedFlight, MedOffer, MedWindow


def test_a_liked_flight_is_requested_until_answered():
    room = Discussion()
    wanted = MedFlight(carrier="United", day=1, start="18:05")
    room.named([MedWindow(day=1), wanted])
    assert room.context("assistant").requested == wanted
    room.quoted(MedOffer())  # the assistant presents a flight: the request is answered
    assert room.context("assistant").requested is None


def test_a_vetoed_flight_is_no_request_and_a_proposal_clears_it():
    room = Discussion()
    room.named([MedFlight(carrier="Delta", day=0, start="09:05", good=False)])
    assert room.requested is None
    room.named([MedFlight(carrier="Delta", day=0, start="09:05")])
    room.offer(None, proposal=True)
    assert room.requested is None
