"""Offline language layer of DialOp Mediation: the acts, a rule parser and a template renderer.

The assistant talks to each user in a separate room; users state what matters to them (event
importances, price sensitivity, how much arriving together matters, good and bad times, flights they
like or veto) and the assistant asks about those and offers flights. Days are the game's three days
(0 = Wed 5/31, 1 = Thu 6/1, 2 = Fri 6/2); clock times are ``"HH:MM"`` (24 h).

| act            | fields                                  | example rendering                              |
| -------------- | --------------------------------------- | ---------------------------------------------- |
| ``med_event``  | ``day``, ``start``, ``end``, importance | "Thu 14:00-16:00 is 9/10"                      |
| ``med_price``  | ``pref`` (0..20), ``mean`` (dollars)    | "price matters 15/20, usual fare $480"         |
| ``med_arrival``| ``pref`` (0..10)                        | "arriving together matters 6/10"               |
| ``med_window`` | ``day``, ``after``, ``before``, good    | "Thu after 18:00 works for me"                 |
| ``med_flight`` | ``carrier``, ``day``, ``start``, good   | "United Thu 18:05 suits me better"             |
| ``med_ask``    | ``about`` (+ ``day``, ``start``)        | "How important are Wed 10:00 and Thu 14:00?"   |
| ``med_offer``  | ``carrier``, ``day``, ``start``         | "How about Delta Wed 09:05?"                   |
| ``med_accept`` | --                                      | "Works for me."                                |
| ``med_reject`` | --                                      | "No."                                          |

The parser reads a message clause by clause (sentences, ``;`` and `` / ``), and a clause piece by
piece (commas, "but", "so") and segment by segment ("or", "and"). What it may give depends on the
author (``MediationContext.author``): an assistant only asks (``med_ask``) or presents a flight
(``med_offer``, at most one per message); a user states facts, wishes (windows, also when asked as a
question: "what about Friday?") and at most one verdict on the offer.

Dialogue context (``MediationContext``, filled by the belief stores of
:mod:`beliefs.dialop_mediation` per user room): ``day`` under discussion (the latest offer's day, or
the last day named since), the offered flight's ``start`` and ``carrier``, whether a flight is on
the table (``offered``; ``None`` = unknown, as for a message read alone), the user's formal answer
(``accepted``) and the assistant's last question (``asked``). The parser uses it for:

| phrasing                                   | reading                                                  |
| ------------------------------------------ | -------------------------------------------------------- |
| "that evening", "the same day"             | the day named before it in the message, else the day under discussion |
| "the next morning", "the following day"    | the day after it                                         |
| "anything later?", "a bit earlier", "the one just before" | a window after / before the offered departure, that day  |
| "my 3:30 meeting is high importance"       | an event on the day named last in the message, else the day under discussion |
| "medium", "not very", "a lot"              | answers the last question (event importance, price, arrival) |
| "sounds good", "sure"                      | an acceptance only when a flight is (or may be) on the table |
| "pricey", "anything closer?", "go back"    | a rejection (plus the reason) unless the user accepted it |
| "fine if we need to", "unless you find better" | an acceptance: the condition only gives in to the offer ("if it was cheaper" wants it changed: a rejection) |
| "Let's give it a shot!" (assistant)        | the flight the user asked for (``requested``), unless the message presents another |

Conventions (the labelling guide's):

| topic        | reading                                                                                  |
| ------------ | ---------------------------------------------------------------------------------------- |
| days         | "Thursday", "thurs", "Wed.", "6/1", "June 1st", "the 2nd", "31st"; "any day" = no day     |
| spelling     | one slip in a day, a part of the day or a few key words is corrected ("thursdy", "evenign", "wensday", "somthing", "ggod") |
| times        | "10:30", "10am", "6 PM", "noon"; chat hours 1..7 without am/pm are pm ("after 4", "4:30"); in an afternoon or evening also 8..11 ("Thursday night around 8:30" = 20:30) |
| parts of day | morning < 12:00, afternoon 12:00-17:00, evening / night / redeye > 17:00, midday / middle of the day 11:00-13:00; "early" / "late" do not narrow; adjacent parts named together merge ("afternoon or evening" = after 12:00) |
| bounds       | "after / past / post- / from 6 PM", "before / by / until / pre- 11:00", ranges "8 to 10 PM", "between 11 am and 5:30 pm", "Friday 1 to 3", "around T" = T +- 1 h, "around 2 PM or later" = after 13:00, "5:30 or earlier" = before 17:30; "after my meeting at 12:00-1:00" = after 13:00, "before my 9-10 am meeting" = before 09:00; arrival times and parts of the day ("arrive after 2 PM", "gets in at 12:54", "arrives early Friday afternoon") give no departure (the day stays) |
| windows      | days named without bounds share the next segment's ("Wed and Fri after 2:30") or, over "and", the previous one's ("afternoons on 5/31 and 6/2"); bounds without a day take the segment before ("Wed before 3 and after 5": two windows); polarity per piece ("a gap Thursday, Wednesday is packed"), a request for options its own piece ("that conflicts ... is there anything later?"); a yes/no question about a time is a wish ("Is Friday impossible?"); a clause of bounds alone narrows the days the clause before named alone ("Anything on 6/2? Hoping for the morning") |
| importance   | very / highly / most / critical / a must / can't miss = 9, important = 7, medium / mildly = 5, low / not very / can (be) miss(ed) = 2; a meeting named by its clock ("my 830", "my 9:30 is a must") is an event; meetings without a time give no event: skippable ones make their time good, unmissable ones (or a day "full of important meetings") bad; a time after a bound word ("before 5pm ... meetings I can miss") is a bound, not a meeting |
| price        | cheap, any complaint or request for cheaper = 15/20; reasonably priced / affordable / cost effective / not too pricey = 10; a price praised ("a great price, but ...") states no preference; "doesn't matter" = 3 |
| arrival      | same time / near / close to / show up with the friend = 8; soft ("if possible", "hopefully", conditional, within the arrival's own segment) = 5; not important = 2; "works for my friend" and "with my friend" give nothing |
| offers       | an assistant presenting a flight now ("How about this?", "Check this out", "This might be the best flight", "Here is a cheaper one") is ``med_offer``; with details only when the message names them (carrier; day and departure together); "I will send a proposal shortly", "I am going to send you a flight. Let me know if it works", "let me see", greetings and offers to help give nothing; "Are you free Friday night?" asks about the schedule |

A flight named by its departure alone ("the 8:30 one", "the 4:48 PM flight") is a window an hour
either side of it on the day named, else the day under discussion; with a carrier it is ``med_flight``.

Known limits: a meeting named without a time ("my last meeting") gives
no event even when the assistant asked about it; "first" / "second" meetings give no event; arrival and
price are read clause by clause ("... my friend. See if you can get something close" misses the
arrival); a wish said while a rejected offer is on the table ("Maybe Friday morning?") is read as a
request to replace it; a flight the user named by its time alone (a window) is not carried into the
assistant's "Let's give it a shot!", nor is a flight named by carrier and price ("the Alaska flight for
$51"); a meeting given by a range but no importance ("conflicts with a personal meeting from 12:30 - 1:30
PM") becomes a bad window that loses the range's end; a remark on the offer ("I am going to be landing
with my friend") reads as an arrival preference; spelling slips are corrected only in the lexicon's key
words. The package: ``acts`` (acts, context, constants), ``lexicon`` (patterns, normalisation, time
spans), ``parser``, ``renderer``.
"""

from __future__ import annotations

from language.dialop_mediation.acts import (
    CARRIERS,
    DAYS,
    MAX_CHARS,
    MedAccept,
    MedAct,
    MedArrival,
    MedAsk,
    MedEvent,
    MedFlight,
    MediationContext,
    MedOffer,
    MedPrice,
    MedReject,
    MedWindow,
    clock,
)
from language.dialop_mediation.parser import MediationParser
from language.dialop_mediation.renderer import MediationRenderer

__all__ = [
    "CARRIERS",
    "DAYS",
    "MAX_CHARS",
    "MedAccept",
    "MedAct",
    "MedArrival",
    "MedAsk",
    "MedEvent",
    "MedFlight",
    "MedOffer",
    "MedPrice",
    "MedReject",
    "MedWindow",
    "MediationContext",
    "MediationParser",
    "MediationRenderer",
    "clock",
]
