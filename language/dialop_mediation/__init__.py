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
(``accepted``; ``answered`` also when the game dropped it because the friend had rejected the proposal
first, its kind then unknown), the flights offered in the room (``offers``, newest first) and the
assistant's open question (``asked``: it stays open across the assistant's messages that ask nothing,
until the user answers). The parser uses it for:

| phrasing                                   | reading                                                  |
| ------------------------------------------ | -------------------------------------------------------- |
| "that evening", "the same day"             | the day named before it in the message, else the day under discussion |
| "the next morning", "the following day"    | the day after it                                         |
| "anything later?", "a bit earlier", "the one just before" | a window after / before the offered departure, that day (a wish even when the clause also avoids something: "try earlier to avoid the 12 pm meeting") |
| "my 3:30 meeting is high importance"       | an event on the day named last in the message, else the day under discussion |
| "medium", "not very", "a lot"              | answers the last question (event importance, price, arrival) |
| "sounds good", "sure"                      | an acceptance only when a flight is (or may be) on the table |
| "pricey", "anything closer?", "go back", "stick with that delta option", "anything that avoids my meetings?", "meetings during that time", "not that time slot", "not a fan", "the one you sent before", "I'll pass" | a rejection (plus the reason) unless the user accepted it; "I could live with that", "doable", "stick with this one" accept |
| "fine if we need to", "unless you find better", "if nothing else works then we can run it" | an acceptance: the condition (ending at a comma or where the main clause starts) only gives in to the offer ("if it was cheaper" wants it changed: a rejection) |
| "since this flight arrives on Friday morning" | a description of the offer: its day is no wish |
| "I could skip the later one"               | a meeting, not a flight later than the offer |
| "it overlaps my 3 - 3:30 PM meeting"       | a bad window on the offered flight's day |
| "go back to that redeye", "that wednesday option", "the friday one", "those morning ones" | a flight in ``offers`` (its day, or part of the day, fits one): no window; with no such offer the words still name a time |
| "Looks alright to me. I'd miss a meeting though" after an answer the game dropped | the message opens with a sentence of praise: the answer was an Accept, the rest is a caveat (no rejection); without such a sentence (also "looks good, but anything better?") a complaint still rejects |
| "They are very important meetings / probably not that time slot" | the open question is answered once per message |
| "Let's give it a shot!" (assistant)        | the flight the user asked for (``requested``), unless the message presents another |

Conventions (the labelling guide's):

| topic        | reading                                                                                  |
| ------------ | ---------------------------------------------------------------------------------------- |
| days         | "Thursday", "thurs", "Wed.", "6/1", "June 1st", "the 2nd", "31st"; "any day" = no day; a day outside the game ("after noon monday") gives no window |
| spelling     | one slip in a day, a part of the day or a few key words is corrected ("thursdy", "evenign", "wensday", "somthing", "ggod", "cloest"); contractions typed without apostrophe ("arent", "cant") |
| times        | "10:30", "10am", "6 PM", "noon"; chat hours 1..7 without am/pm are pm ("after 4", "4:30"); in an afternoon or evening also 8..11 ("Thursday night around 8:30" = 20:30) |
| parts of day | morning < 12:00, afternoon 12:00-17:00, evening / night / redeye > 17:00, midday / middle of the day 11:00-13:00; "early" / "late" do not narrow; adjacent parts named together merge ("afternoon or evening" = after 12:00) |
| bounds       | "after / past / post- / from / starting at 6 PM", "before / by / until / pre- 11:00", ranges "8 to 10 PM", "between 11 am and 5:30 pm", "Friday 1 to 3", "around T" = T +- 1 h, "around 2 PM or later" = after 13:00, "5:30 or earlier" = before 17:30; "after my meeting at 12:00-1:00" = after 13:00, "before my 9-10 am meeting" = before 09:00; "from 12 AM to 10 AM", "3 - 3:30 PM", "my 3 to 7 meeting", "my 830 to 9" are ranges ("2 to 3 meetings" a count); "from Wednesday evening to Thursday morning" = Wed after 17:00 and Thu before 12:00; arrival times and parts of the day ("arrive after 2 PM", "gets in at 12:54", "arrives early Friday afternoon") give no departure (the day stays) |
| windows      | days named without bounds share the next segment's ("Wed and Fri after 2:30") or, over "and", the previous one's ("afternoons on 5/31 and 6/2"); bounds without a day take the segment before ("Wed before 3 and after 5": two windows); polarity per piece ("a gap Thursday, Wednesday is packed"), a request for options its own piece ("that conflicts ... is there anything later?"); a yes/no question about a time is a wish ("Is Friday impossible?"); a clause of bounds alone narrows the days the clause before named alone ("Anything on 6/2? Hoping for the morning"); what follows "so" judges on its own ("meetings on 5/31 so 6/2 might be best"); "is out", "a no go", "out of the question" are bad; "later in the day", "all of Friday" do not narrow; a bare list of times takes the judgement after it ("Wed morning, Thurs afternoon are both rough"); a list of days shares the bounds after it ("Wednesday, Thursday or Friday during the morning"); the same window or event said twice is one fact |
| importance   | very / highly / most / critical / a must / can't miss / high impact = 9, important = 7, medium / mildly = 5, low / low impact / not very / can (also, probably afford to) miss = 2, "N out of 10", "N on a scale of 1 to 10"; a meeting named by its clock ("my 830", "my 9:30 is a must") is an event; meetings without a time give no event: skippable ones (and "nothing important on 6/1") make their time good, important and unmissable ones (or a day "full of" / with "4 personal meetings") bad, medium ones neither; the times listed after them take the same judgement ("important meetings early on Wed, late on Thu, and in the morning on Fri"); a meeting stated without a level ("I have a personal meeting that morning") wishes nothing; "the lowest importance window is 2-6" is a good window; a time after a bound word ("before 5pm ... meetings I can miss") is a bound, not a meeting |
| price        | cheap, any complaint or request for cheaper ("a lot of money", "money's tight", "minimize cost", "for the same price") = 15/20; reasonably priced / affordable / cost effective / not too (super, crazy) pricey = 10; a price praised ("a great price, but ...", "that is super affordable") states no preference unless a request for cheaper follows ("... so keep it to that range or cheaper"); "doesn't matter", "isn't an issue", "no object" = 3 |
| context      | a sentence that only says it matters ("It's pretty important.", "That really matters to me") after a soft arrival wish raises it to 8 (a reason, not a complaint about the offer); "Is Friday the only day?" asks about the other days (no window); giving up the meeting ("willing to give up that meeting") while a flight is on the table accepts it; "doesn't sound too bad" is praise; a day and part said before an event ("Friday morning, that meeting at 9am is low priority") stays a wish |
| arrival      | same time / similar timings / near / close to / show up with / reach along with the friend, the friend's arrival said to be off ("my buddy is arriving at too different of a time", "lands way before mine"), planning "around my friend's flight" = 8; soft ("if possible", "hopefully", "hoping", conditional, within the arrival's own segment) = 5; not important / not a big deal / "don't mind arriving at different times" = 2; "works for my friend" and "with my friend" give nothing |
| offers       | an assistant presenting a flight now ("How about this?", "Check this out", "This might be the best flight", "Here is a cheaper one", "This is the closest", "the first option seems to be the most ideal", "Let me send over a proposal now", "you will be landing near your friend", "we have a flight on 6/2 that lands at 9:25?", "there's 1 flight") is ``med_offer``; with details only when the message names them (carrier; day and departure together); a flight described by its arrival asks nothing about arriving; "I will send a proposal shortly", "I am going to send you a flight. Let me know if it works", "let me see", "allow me a moment", greetings ("Hello - how can I help?") and offers to help give nothing; "Are you free Friday night?" asks about the schedule |

A flight named by its departure alone ("the 8:30 one", "the 4:48 PM flight", "a flight on Thu departing at 1 AM") or by its hours ("the 5/31
9:20 AM - 5:20 PM flight") is a window an hour either side of its departure on the day named, else the
day under discussion; with a carrier it is ``med_flight``.

Known limits: a meeting named without a time ("my last meeting") gives no event even when the assistant
asked about it; "first" / "second" meetings give no event; arrival and price are read clause by clause
("... my friend. See if you can get something close" misses the arrival); a wish said while a rejected
offer is on the table ("Maybe Friday morning?") is read as a request to replace it; a flight the user
named by its time alone (a window) is not carried into the assistant's "Let's give it a shot!", nor is a
flight named by carrier and price ("the Alaska flight for $51"); a remark on the offer ("I am going to
be landing with my friend") reads as an arrival preference; spelling slips are corrected only in the
lexicon's key words; "except the morning" is not read as the rest of the day. Round 3b (context): an
answer the game dropped is of unknown kind (about three in four such second answers in the recorded
games are rejections), so a message after a dropped Accept that does not open with a sentence of praise
("That one looks good, but ...") still reads as a rejection; a meeting the assistant named in its last
message ("It would overlap with an 8 to 10 PM meeting" -> "that meeting is pretty important") gives no
event (the assistant's reading keeps no meetings); a flight named by arrival ("the JetBlue flight that
lands around 1 am") is not matched to an offer; a concession split from its complaint ("I will miss a
bit of a meeting, but that is super affordable") still rejects.

The package: ``acts`` (acts, context, constants), ``lexicon`` (patterns, normalisation, time
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
