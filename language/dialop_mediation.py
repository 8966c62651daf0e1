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
assistant's "Let's give it a shot!"; spelling slips are corrected only in the lexicon's key words.
"""

from __future__ import annotations

import bisect
import functools
import re
from collections.abc import Callable, Sequence
from typing import Any, Literal, overload

import numpy as np
from pydantic import BaseModel, ConfigDict, Field

from language.act_base import ActBase
from language.acts import Intent
from language.text import MAX_MESSAGE_CHARS, clean_message, straight_apostrophes

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

MAX_CHARS = MAX_MESSAGE_CHARS
"""Longer messages are cut to this many characters (see :func:`language.text.clean_message`)."""
DAYS = ("Wed", "Thu", "Fri")
Carrier = Literal["JetBlue", "American", "Delta", "Southwest", "United", "Alaska"]
CARRIERS: tuple[Carrier, ...] = ("JetBlue", "American", "Delta", "Southwest", "United", "Alaska")
Clock = str  # "HH:MM", 24 h
_CLOCK = r"^(?:[01]\d|2[0-3]):[0-5]\d$"
Day = int

# qualitative levels of the parser (the renderer always says numbers)
HIGH_IMPORTANCE, IMPORTANT, MID_IMPORTANCE, LOW_IMPORTANCE = 9, 7, 5, 2
HIGH_PRICE_PREF, MID_PRICE_PREF, LOW_PRICE_PREF = 15, 10, 3
HIGH_ARRIVAL_PREF, SOFT_ARRIVAL_PREF, LOW_ARRIVAL_PREF = 8, 5, 2


def clock(minutes: int) -> Clock:
    """``"HH:MM"`` of a time of day given in minutes after midnight."""
    minutes %= 24 * 60
    return f"{minutes // 60:02d}:{minutes % 60:02d}"


# ---- acts ------------------------------------------------------------------------------------------


class MedEvent(ActBase):
    """The speaker's event on ``day`` from ``start`` (to ``end``) has ``importance`` (0..10)."""

    act: Literal["med_event"] = "med_event"
    day: Day = Field(ge=0, le=2)
    start: Clock = Field(pattern=_CLOCK)
    end: Clock | None = Field(default=None, pattern=_CLOCK)
    importance: int = Field(ge=0, le=10)


class MedPrice(ActBase):
    """How much price matters to the speaker (``pref``, 0..20) and its usual fare ``mean``."""

    act: Literal["med_price"] = "med_price"
    pref: int = Field(ge=0, le=20)
    mean: int | None = Field(default=None, ge=1)


class MedArrival(ActBase):
    """How much arriving close to the other traveller matters (``pref``, 0..10)."""

    act: Literal["med_arrival"] = "med_arrival"
    pref: int = Field(ge=0, le=10)


class MedWindow(ActBase):
    """Flights on ``day`` (any day if ``None``) after ``after`` / before ``before`` suit the speaker
    (``good``) or not."""

    act: Literal["med_window"] = "med_window"
    day: Day | None = Field(default=None, ge=0, le=2)
    after: Clock | None = Field(default=None, pattern=_CLOCK)
    before: Clock | None = Field(default=None, pattern=_CLOCK)
    good: bool = True


class MedFlight(ActBase):
    """The speaker likes (``good``) or vetoes the flight departing on ``day`` at ``start``."""

    act: Literal["med_flight"] = "med_flight"
    carrier: Carrier
    day: Day = Field(ge=0, le=2)
    start: Clock = Field(pattern=_CLOCK)
    good: bool = True


class MedAsk(ActBase):
    """A question: how much ``price`` / ``arrival`` matter, the importance of the ``event`` at
    ``day`` ``start``, or (``schedule``) what matters in general."""

    act: Literal["med_ask"] = "med_ask"
    about: Literal["price", "arrival", "event", "schedule"]
    day: Day | None = Field(default=None, ge=0, le=2)
    start: Clock | None = Field(default=None, pattern=_CLOCK)

    def model_post_init(self, __context: object) -> None:
        if (self.about == "event") != (self.day is not None and self.start is not None):
            raise ValueError("an event question needs day and start; other questions take neither")


class MedOffer(ActBase):
    """The assistant offers a flight (the proposal itself is the formal action)."""

    act: Literal["med_offer"] = "med_offer"
    carrier: Carrier | None = None
    day: Day | None = Field(default=None, ge=0, le=2)
    start: Clock | None = Field(default=None, pattern=_CLOCK)

    def model_post_init(self, __context: object) -> None:
        if (self.day is None) != (self.start is None):
            raise ValueError("an offer names both the day and the departure time, or neither")


class MedAccept(ActBase):
    """The speaker is happy with the offer."""

    act: Literal["med_accept"] = "med_accept"


class MedReject(ActBase):
    """The speaker turns the offer down (reasons follow as other acts)."""

    act: Literal["med_reject"] = "med_reject"


MedAct = MedEvent | MedPrice | MedArrival | MedWindow | MedFlight | MedAsk | MedOffer | MedAccept | MedReject


class MediationContext(BaseModel):
    """What the language layer needs: who wrote the message (``assistant`` or ``user``) and the
    dialogue state the belief store knows (all optional; ``None`` = not known).

    ``day`` is the day under discussion (the flight offered last, or the last day named since),
    ``start`` and ``carrier`` the flight under discussion (the latest offer to this user), ``offered``
    whether a flight is under discussion at all (``None``: unknown, e.g. a message read alone),
    ``accepted`` the user's formal answer to the latest proposal, ``asked`` the assistant's last
    question to this user (what a bare "medium" or "not very" answers), ``requested`` the flight the
    user named last and the assistant has not answered yet (what "Let's give it a shot!" offers)."""

    model_config = ConfigDict(frozen=True)

    author: Literal["assistant", "user"] = "user"
    day: Day | None = Field(default=None, ge=0, le=2)
    start: Clock | None = Field(default=None, pattern=_CLOCK)
    carrier: Carrier | None = None
    offered: bool | None = None
    accepted: bool | None = None
    asked: MedAsk | None = None
    requested: MedFlight | None = None


# ---- lexicon ---------------------------------------------------------------------------------------

DAY_TOKENS = ("wed", "thu", "fri")
_NOT_A_DATE = r"(?!\s*(?:one|flight|option|proposal|meeting|time|choice|pick|half|place|priority))"
_DAY_WORDS = (
    (0, r"wed(?:nesday|s)?|weds|5/31|05/31|may\s*31(?:st)?|31st"),
    (1, r"thu(?:rs?(?:day)?)?s?|6/1|06/01|june\s*1(?:st)?|1st" + _NOT_A_DATE),
    (2, r"fri(?:day)?s?|6/2|06/02|june\s*2(?:nd)?|2nd" + _NOT_A_DATE),
)
_DAY_RE = re.compile("|".join(rf"(?P<d{day}>\b(?:{words})\b(?![:/]\d))" for day, words in _DAY_WORDS))
_ANY_DAY_RE = re.compile(r"\b(?:any|every|each|all)\s+days?\b|\ball (?:three|3) days\b")
_TIME = r"(?:(\d{1,2}):(\d{2})\s*(am|pm)?|(\d{1,2})\s*(am|pm)|\b(noon|midnight)\b)"
_TIME_RE = re.compile(rf"\b{_TIME}(?![\d/])")
_RANGE_RE = re.compile(rf"\b{_TIME}\s*(?:-|–|to|until|till)\s*{_TIME}(?![\d/])")
_LOOSE_RANGE_RE = re.compile(r"\b(\d{1,2})\s*(?:-|to)\s*(\d{1,2})\s*(am|pm)\b")
_BARE_RANGE_RE = re.compile(
    r"(?<![$\d:/.])\b(?:(?:from|between)\s+)?(\d{1,2})\s*(?:-|to|until|till)\s*(\d{1,2})\b"
    r"(?!\s*(?:am|pm|:|/|\d|%|hours?|hrs?|min\w*|meetings?|flights?|days?|people|times?|of\b|out\b))"
)
_OUT_OF_10 = re.compile(r"\b(\d{1,2})\s*(?:/|out of)\s*10\b")
_OUT_OF_20 = re.compile(r"\b(\d{1,2})\s*(?:/|out of)\s*20\b")
_MEAN_RE = re.compile(r"(?:usual|typical|average|normal|mean)\s+(?:fare|price|cost)[^$\d]{0,12}\$\s*(\d+)")
_CARRIER_RE = re.compile(r"\b(" + "|".join(c.lower() for c in CARRIERS) + r")\b")
# parts of the day (minutes); adjacent parts named together merge into one window
_PARTS = {
    "morning": (None, 12 * 60),
    "midday": (11 * 60, 13 * 60),
    "second half": (12 * 60, None),
    "afternoon": (12 * 60, 17 * 60),
    "evening": (17 * 60, None),
}
_PART_NAMES = {
    "morning": "morning",
    "morn": "morning",
    "am": "morning",
    "afternoon": "afternoon",
    "afternoonish": "afternoon",
    "evening": "evening",
    "night": "evening",
    "tonight": "evening",
    "redeye": "evening",
    "red-eye": "evening",
    "red eye": "evening",
    "midday": "midday",
    "mid day": "midday",
    "mid-day": "midday",
    "lunch": "midday",
    "lunchtime": "midday",
    "middle of the day": "midday",
    "middle of day": "midday",
    "first half": "morning",
    "second half": "second half",
}
_PART_RE = re.compile(
    r"\b(first half|second half|mornings?|morn|afternoons?|afternoonish|evenings?|nights?|tonight|red[- ]?eyes?|mid[- ]?day|middle of (?:the )?day|lunch(?:time)?)\b"
)
_BOUND_WORDS = r"after|past|from|since|before|by|until|till|earlier than|later than|no later than|pre|post"
_BOUND_RE = re.compile(rf"\b({_BOUND_WORDS})[\s-]*(?:about\s+|around\s+)?{_TIME}")
_BARE_BOUND_RE = re.compile(
    rf"\b({_BOUND_WORDS})[\s-]+(\d{{1,2}})\b(?!\s*(?:am|pm|:|/|\d|%|hours?|hrs?|min\w*|meetings?|flights?|days?|people|of\b))"
)
_AROUND_RE = re.compile(rf"\b(?:around|about|approximately|roughly|near|~)\s*{_TIME}")
_BETWEEN_RE = re.compile(r"\bbetween\s+([^,.;]{1,20}?)\s+and\s+")

_PRICE_WORDS = re.compile(
    r"\b(price[sd]?|pricey|pricy|fares?|costs?|cheap\w*|cheep\w*|expensive|budget|affordabl\w*|money|rich)\b|\$"
)
_PRICE_LOW = re.compile(
    r"(doesn'?t|does not|don'?t|do not|not)\s+(really\s+)?(matter|care|mind|important|a concern)|"
    r"no matter|whatever it costs|money is no"
)
_PRICE_MID = re.compile(
    r"reasonabl\w*|(?:not|n'?t)\s+(?:too|that|very|overly)\s+(?:pricey|pricy|expensive)|affordabl\w*|cost[- ]effective|moderate\w*|decent price|fair price"
)
_FRIEND = r"(?:friend\w*|buddy|bud|pal|bff|partner|colleague|mate|companion|him|her|them)"
_ARRIVAL_WORDS = re.compile(
    r"\barriv\w*|\bland\w*|same time|\btogether\b|each other|\bclose[rs]?\b|\bnear(?:er|by)?\b|\bfar(?:ther)?\b|\bfurther\b|\baway\b|\bapart\b|\bwith (?:my|his|her) "
    + _FRIEND
)
_ARRIVAL_FRIENDLY = re.compile(
    r"same time|together|(?:close[rs]?|near(?:er)?|far|farther|further|away|apart|land\w*|arriv\w*|gets? (?:me )?in)\b"
    r"[^.?!]{0,40}\b"
    + _FRIEND
    + r"|\bshow(?:s|ing)? up\b[^.?!]{0,20}\b"
    + _FRIEND
    + r"|\bcloser\b|too far|far away|way off|\bapart\b|still a bit away|each other|"
    + _FRIEND
    + r"'?s? (?:arrival|landing|flight time)|"
    r"\b(?:us|we)\b[^.?!]{0,15}\b(?:arriv\w*|land\w*|get (?:there|in))\b"
)
_ARRIVAL_LOW = re.compile(r"(doesn'?t|does not|don'?t|do not|not)\s+(really\s+)?(matter|care|important)")
_ARRIVAL_SOFT = re.compile(
    r"\b(if possible|would be nice|if we can|if it|if that|if they|possibly|hopefully|ideally)\b"
)
_MUST = r"\ba must\b|\bessential\b|\bcrucial\b|\bvital\b|can'?t be (?:missed|skipped)|cannot be (?:missed|skipped)"
_SKIPPABLE = r"(?:can|could|may|might) (?:easily |probably )?be (?:missed|skipped|moved)"
_IMPORTANCE_WORDS = re.compile(
    _MUST
    + "|"
    + _SKIPPABLE
    + r"|\bimportan\w*|\bpriority\b|\bprio\b|\b(?:miss|skip)\b|\bskippable\b|\bcritical\b|\bmedium\b|\bmildly\b"
)
_HIGH_WORDS = re.compile(
    r"\b(very|really|super|extremely|highly|most|quite|pretty|so)\s+important|high(?:ly)?\s*(?:-\s*)?"
    r"(?:importance|priority|prio|important)|\bcritical|can'?t miss|cannot miss|must attend|don'?t want to miss|"
    r"can'?t skip|cannot skip|not (?:miss|skip)|" + _MUST
)
_MID_WORDS = re.compile(r"\b(medium|mildly|moderate\w*|somewhat|kind of|sort of|average)\b")
_LOW_WORDS = re.compile(
    r"\bnot\s+(?:very\s+|that\s+|so\s+|too\s+|really\s+)?important|unimportant|low\s*(?:-\s*)?(?:importance|priority|"
    r"prio|important)|(?:can|could|may|might)\s+(?:probably\s+|easily\s+|afford to\s+)?(?:miss|skip)|skippable|not (?:very|really|that)\b|"
    r"not at all|\bnot much\b|" + _SKIPPABLE
)
_BAD_WORDS = re.compile(
    r"\b(?:is|are|am|'s|pretty|fully|completely|all|totally|very|quite|so|basically) booked\b|"
    r"\bsteer clear|\bstay away|\b(bad|rough|busy|blocked|overlapped|conflicted|hard|difficult|tough|tight|avoid|can'?t|cannot|won'?t|not|no|conflicts?|overlaps?|clash\w*|"
    r"worst|impossible|unavailable|packed|full|terrible|awful)\b"
)
_GOOD_WORDS = re.compile(r"\b(open|free|gap|good|great|best|works?|possible|fine|prefer\w*|like|ideal|love)\b")
# judging the current offer
_REJECT_STRONG = re.compile(
    r"\b(no|nope|nah|not really|overlaps?|overlapping|conflicts?|clash\w*|cuts? into|runs? into|clips? into|"
    r"too far|far away|way too|go back|back to|previous|the other one|unreasonable|ridiculous|outrageous|"
    r"(?:hits?|touch(?:es)?|interrupts?|eats? into)\b[^.?!]{0,30}\bmeetings?|"
    r"(?:the|that) (?:very )?(?:first|previous|original|old|earlier) (?:one|flight|option|proposal)|"
    r"instead|anything else|something else|what else|other options?|any other|do better|terrible|won'?t work|"
    r"doesn'?t work|not work|not ideal|in the middle of|overlapped|conflicted|not affordable|unaffordable|"
    r"not wallet|(?:don'?t|do not) (?:think|believe) (?:that|this|it)|optimi[sz]e|improve|something better|anything better|"
    r"a better (?:one|flight|option)|another (?:flight|option|one|time|day)|interfer\w*|gets? in the way|not great|not good|no good|reject\w*|can'?t do (?:that|this|it)|"
    r"can'?t make (?:that|this|it)|too many|still a bit|a bit away)\b"
)
_NOT_PRICEY = re.compile(r"(?:not|n'?t)\s+(?:too|that|very|overly)\s+(?:pricey|pricy|expensive)")
_PRICE_PRAISE = re.compile(
    r"\b(?:is|was|'s|at) (?:a )?(?:really |very |pretty )?(?:great|good|nice|decent|fine|fair|reasonable|low) (?:price|deal|fare)\b|"
    r"\bprice (?:is|was|'s) (?:really |very |pretty )?(?:great|good|nice|decent|fine|fair|ok|okay|reasonable|low)\b"
)
_NOT_BAD = re.compile(r"\bnot (?:too |that |so |all that )?bad\b")
_REJECT_WEAK = re.compile(
    r"(?<!can )(?<!could )(?<!to )(?<!easily )\bmiss(?:es|ing)?\b|\b(pricey|pricy|too expensive|expensive|too rich|too much|cheaper|better price|lower price|better|earlier|later|"
    r"closer|bad|worse|unfortunately|rather|how about|what about|can we|could we|let'?s try|try|perhaps|maybe|"
    r"right after|right before)\b"
)
_ACCEPT_RE = re.compile(
    r"\b(?:should|would|will|might|can|does) work\b|\bbest (?:we|you|i) (?:can|could) (?:do|get)\b|\b(yes|yeah|yea|yep|yup|sure|ok|okay|great|perfect|works|work for me|could work|deal|sounds good|looks good|"
    r"book it|go ahead|fine|good|accept\w*|awesome|excellent|love it|agreed|let'?s do it|i'?ll take it|"
    r"can be managed|manageable|i suppose)\b"
)
_DEICTIC = re.compile(r"\b(that|this|it|that'?s|thats|this one|that one|the flight|these|those)\b")
_QUESTION_OPENERS = re.compile(r"^\s*(how|what|when|why|is|are|do|does|did|can|could|would|will|should|any|anything)\b")
_GREETING = re.compile(
    r"^\s*(?:(?:hello|hi|hey|heya|hiya|greetings|good (?:morning|afternoon|evening))\b[\s!,.]*)*"
    r"(?:(?:how|what) (?:can|may|could|shall) i (?:help|assist|do for)|(?:can|may|could|shall) i (?:help|assist)|how(?:'s| is| are) (?:it going|you)|"
    r"what (?:can i|do you need|are we doing|we doing)|"
    r"(?:sure|of course|absolutely|no problem|yes)\b[^?]{0,40}(?:help|do that|can)|nice to meet|"
    r"(?:would you like|do you need|do you want|need) (?:some |any |me to )?help)|"
    r"^\s*(?:hello|hi|hey|heya|hiya|greetings|sure|ok|okay|of course|absolutely|no problem|sounds good|thanks?|"
    r"thank you|great|perfect)\W*$"
)
# an assistant presenting a flight now (the proposal itself is the formal action)
_PRESENT_RE = re.compile(
    r"\b(here(?:'s| is| are)|how about|what about|how'?s|how is|how does|how do(?:es)? (?:this|that|it)|"
    r"what do you think|check (?:this|it) out|this (?:one|flight|option|proposal|booking)|try (?:this|that|it)|"
    r"give (?:this|it) a (?:shot|try|go)|there(?:'s| is) (?:only )?(?:a|an|one)\b|i (?:have|found|got) (?:a|an|one|something)|"
    r"(?:sending|proposing|sent|proposed)\b(?! (?:shortly|soon|later|momentarily))|best (?:flight|option|bet)|"
    r"will (?:this|that|it) work|does (?:this|that|it) work|is this|would this|would that|"
    r"(?:the|a) (?:cheapest|cheaper|latest|earliest|only) (?:flight|option|one)|suffice|"
    r"(?:would|could|does|will|is) (?:a|an|the) (?:flight|option|one)\b|how bout (?:this|that)|"
    r"this (?:might|may|could|should|would|will) (?:be|work|help|suit|do)|"
    r"(?:does|do|would|will|did) (?:this|that|it) (?:one )?(?:look|work|suit|sound|seem|fit|do)|"
    r"(?:is|was) (?:this|that) (?:one )?(?:better|ok|okay|good|any better|closer|cheaper|fine)|take a look|have a look|"
    r"(?:a|the) (?:flight|option)\b[^?.]{0,40}\b(?:could|would|might|will) (?:work|suit|do)|"
    r"(?:would you mind|how (?:do|would) you feel about|are you ok(?:ay)? with|would you be ok(?:ay)? with|"
    r"what do you think (?:of|about)) (?:a|an|the|doing|taking|flying)\b|(?:this|the) next one|let me know (?:what you think|if (?:this|that|it))|what you think (?:of|about) (?:this|that))\b"
)
_AGREE_RE = re.compile(
    r"\b(give it a (?:shot|try|go)|let'?s (?:try|do) (?:it|that)|sure|of course|absolutely|you got it|no problem|"
    r"ok(?:ay)?|certainly|will do|good (?:choice|call|pick|idea)|great (?:choice|idea)|that one|the one you|as requested|"
    r"as you asked|you asked for|requested)\b"
)
_OTHER_RE = re.compile(
    r"\b(instead|another|different|other|cheaper|closer|earlier|later|unfortunately|sold out|not available|"
    r"unavailable|can'?t|cannot|couldn'?t|no longer|alternative)\b"
)
_ANNOUNCE_RE = re.compile(r"\b(?:going to|about to|will|i'?ll|gonna) (?:send|propose|get)\b")
_WH_SCHEDULE = re.compile(
    r"\bare you (?:available|free|open|able)\b|\b(?:what|which|any)\s+(?:specific\s+)?(?:days?|dates?|times?)\b|\bwhen\b|\bpreferences?\b|\bmeetings?\b"
)
_FUTURE_RE = re.compile(
    r"\b(will send|i'?ll send|send (?:it|one|something|you)|shortly|momentarily|in a (?:moment|bit|sec)|"
    r"let me (?:see|check|look|try|find|compare|take)|try again|send it again|give me a)\b"
)
_SCHEDULE_RE = re.compile(
    r"\b(help|need|prefer\w*|schedule|calendar|matters?|important|days?|dates?|times?|when|works?|good for you|"
    r"thinking|looking|preferences?|meetings?|plans?)\b"
)
_DEPARTURE_BLOCK = re.compile(
    r"(?:arriv\w*|lands?|landing|gets? in|get in|reach\w*)\s+(?:at|by|around|before|after)?\s*$"
)
_ARRIVAL_TIME_RE = re.compile(
    rf"\b(arriv\w*|lands?|landing|gets? in|get there|gets? there)\s+(?:at|by|before|after|around|about|past)?\s*{_TIME}"
)
_LEVEL_WORDS = re.compile(
    _MUST + "|" + _SKIPPABLE + r"|\bimportan\w*|\bpriority\b|\bprio\b|\bcritical\b|\bskippable\b|\bmedium\b|\bmildly\b|"
    r"(?:can|could|may|might)\s+(?:\w+\s+){0,2}?(?:miss|skip)\b|can'?t (?:miss|skip)|cannot (?:miss|skip)"
)
_LIKEWISE = re.compile(r"\s*(?:as|so) (?:is|are|does|do|was|were)\b|\s*same (?:for|with|goes for)\b")
_BUSY = re.compile(r"\b(full|packed|busy|booked|blocked|rough|swamped|slammed)\b")
_CONTINUATION_RE = re.compile(rf"\s*(?:{_BOUND_WORDS})\b")
_ANY_DATE = "|".join(words for _, words in _DAY_WORDS)
_DAY_SPAN_RE = re.compile(
    rf"\b(?:between|from)\s+(?:{_ANY_DATE})\s+(?:and|to|-|through|thru|until)\s+(?:{_ANY_DATE})\b|"
    rf"\b(?:wed\w*|5/31)\s+(?:to|-|through|thru)\s+(?:fri\w*|6/2)\b"
)
_TYPO_VOCABULARY = (
    "wednesday",
    "thursday",
    "friday",
    "morning",
    "afternoon",
    "evening",
    "tonight",
    "meeting",
    "important",
    "expensive",
    "cheaper",
    "something",
    "anything",
    "earlier",
    "between",
)
_KNOWN_WORDS = frozenset(
    [*_TYPO_VOCABULARY, *(w + "s" for w in _TYPO_VOCABULARY)]
    + "monday tuesday saturday sunday mondays tuesdays importance importantly unimportant inexpensive "
    "sometime sometimes anytime cheapest earliest everything nothing meetings morning's evening's "
    "friday's melting greeting mourning moaning".split()
)
_TYPO_WORD_RE = re.compile(r"\b[a-z]{5,12}\b")
_BARE_CLOCK_RE = re.compile(
    r"\b(my|our)\s+([1-9]|1[0-2]):?([0-5]\d)?\s*(am|pm)?\b"
    r"(?<=\d|m)(?!\s*(?:-|to\b|till\b|until\b|meetings?|one\b|flights?|options?|appointment|call|[:/\d%]))"
)
_MEETING_BOUND_RE = re.compile(
    r"\b(after|before)\s+(?:my|the|our|that|this)\s+(?:(?:[a-z]+\s+){0,2}?meetings?\s+(?:at|from|between|of)?\s*)?"
    rf"(?P<range>(?:{_TIME}|\d{{1,2}})\s*(?:-|to|until|till)\s*(?:{_TIME}|\d{{1,2}}))(?:\s*(?:[a-z]+\s+)?meetings?\b)?"
)
_OR_LATER_RE = re.compile(r"(\d|am|pm|\bnoon)\s+or\s+(later|after|earlier|before)\b")
_ONWARD_RE = re.compile(r"\s*(onward|at the latest)\b")
_OPEN_TIME_RE = re.compile(rf"\b{_TIME}\s*(onward|at the latest)\b")
_ARRIVAL_PHRASE_RE = re.compile(
    r"\b(arriv(?:e|es|ing)|lands?|landing|gets? in)\b((?:(?!\b(?:and|but|so|while|though|if)\b)[^.?!,;/\n]){0,60})"
)
_PART_WORD_RE = re.compile(r"\b(?:mornings?|afternoons?|evenings?|nights?)\b")
_PART_SLASH_RE = re.compile(r"\b(mornings?|afternoons?|evenings?|nights?)\s*/\s*(?=\w)")
_EVENING_RE = re.compile(r"\b(evening|night|tonight|afternoon|pm)\b")
_LATER_RE = re.compile(r"\b(later|after that|after this|after it|afterwards|right after)\b")
_EARLIER_RE = re.compile(
    r"\b(earlier|before that|before this|before it|sooner|(?:right|just) before(?!\s*(?:\d|my|the|our|a|an|noon|midnight)\b))\b"
)
_SAME_DAY_RE = re.compile(r"\b(?:that|the same|same|this)\s+(day|morning|afternoon|evening|night)\b")
_NEXT_DAY_RE = re.compile(
    r"\b(?:the\s+)?(?:next|following)\s+(day|morning|afternoon|evening|night)\b|\bthe day after\b"
)
_PREV_DAY_RE = re.compile(r"\b(?:the\s+)?(?:previous|day before)\s*(day|morning|afternoon|evening|night)?\b")


def _minutes(match: tuple[str | None, ...]) -> int | None:
    """Minutes after midnight of a ``_TIME`` group tuple (h, m, ampm, h, ampm, word)."""
    h1, m1, ap1, h2, ap2, word = match
    if word:
        return 12 * 60 if word == "noon" else 0
    if h1 is not None:
        assert m1 is not None  # "h:mm (am|pm)?" has both
        hour, minute, ampm = int(h1), int(m1), ap1
    else:
        assert h2 is not None  # no clock time and no word: "h (am|pm)"
        hour, minute, ampm = int(h2), 0, ap2
    if hour > 23 or minute > 59:
        return None
    if ampm == "pm" and hour < 12:
        hour += 12
    elif ampm is None and h1 is not None and len(h1) == 1 and 1 <= hour <= 7:
        hour += 12  # "4:30" in chat is an afternoon time; the templates write "04:30" for mornings
    elif ampm == "am" and hour == 12:
        hour = 0
    return hour * 60 + minute


def _has_ampm(match: tuple[str | None, ...]) -> bool:
    return bool(match[2] or match[4] or match[5])


def _normalize(message: object) -> str:
    text = straight_apostrophes(clean_message(message)).lower()
    text = re.sub(r"\b([ap])\.\s?m\.?", r"\1m", text)
    text = re.sub(r"(\d)\.(\d{2})\b", r"\1:\2", text)
    text = re.sub(r"\b(wed|weds|thu|thur|thurs|fri)\.", r"\1", text)
    text = re.sub(r"\bjet\s+blue\b", "jetblue", text)
    text = re.sub(r"\b(?:ggod|gud|goood+|godo)\b", "good", text)
    text = re.sub(
        r"(?<![$\d:/.])\b([1-9]|1[0-2])([0-5]\d)\s*(?=(?:am|pm|one|flight|meeting|option)\b)", r"\1:\2 ", text
    )
    text = _TYPO_WORD_RE.sub(_spelled, text)
    # "my 830 is very important", "my 9:30 is a must": a meeting named by its clock
    text = _BARE_CLOCK_RE.sub(_clock_meeting, text)
    text = _PART_SLASH_RE.sub(r"\1 or ", text)
    # "around 2 PM or later": one open-ended bound, not a second wish "later" than the offer
    text = _OR_LATER_RE.sub(
        lambda m: m.group(1) + (" onward" if m.group(2) in ("later", "after") else " at the latest"), text
    )
    text = _DAY_SPAN_RE.sub(" any day ", text)
    text = text.replace("—", " - ").replace("–", "-").replace("@", " at ")
    # "between 11 am and 5:30 pm" is a range (its "and" joins no two wishes)
    text = _BETWEEN_RE.sub(r"between \1 to ", text)
    # "after my meeting at 12:00-1:00" = after 13:00; "before my 9-10 am meeting" = before 09:00
    text = _MEETING_BOUND_RE.sub(_meeting_bound, text)
    # an arrival time is no departure: "don't have me arrive after 2 PM", "the one that gets in at 12:54"
    text = _ARRIVAL_TIME_RE.sub(r"\1", text)
    # nor an arrival's part of the day: "anything that arrives early Friday afternoon or Thurs morning?"
    text = _ARRIVAL_PHRASE_RE.sub(lambda m: m.group(1) + _PART_WORD_RE.sub(" ", m.group(2)), text)
    return text


def _spelled(match: re.Match[str]) -> str:
    """A word of the lexicon spelled with one slip ("thursdy", "evenign", "wensday") corrected."""
    return _correct(match.group(0))


@functools.lru_cache(maxsize=4096)
def _correct(word: str) -> str:
    if word in _KNOWN_WORDS:
        return word
    index = _typo_index()
    hits = {index[d] for d in _deletes(word) if d in index}
    hits.discard("")
    return next(iter(hits)) if len(hits) == 1 else word


def _deletes(word: str) -> set[str]:
    """``word`` and every string one letter shorter (a symmetric-delete neighbourhood)."""
    return {word, *(word[:k] + word[k + 1 :] for k in range(len(word)))}


@functools.cache
def _typo_index() -> dict[str, str]:
    """Each spelling within one slip of a lexicon word (two letters dropped from a long one), to that
    word; ``""`` where two words meet."""
    index: dict[str, str] = {}
    for word in _TYPO_VOCABULARY:
        keys = _deletes(word)
        if len(word) >= 9:
            keys |= {shorter for key in list(keys) for shorter in _deletes(key)}
        for key in keys:
            index[key] = word if index.get(key, word) == word else ""
    return index


def _clock_meeting(match: re.Match[str]) -> str:
    """ "my 830" -> "my 8:30 meeting"."""
    hours, minutes, ampm = match.group(2), match.group(3), match.group(4)
    when = f"{hours}:{minutes}" if minutes else hours
    return f"{match.group(1)} {when}{' ' + ampm if ampm else ''} meeting"


def _meeting_bound(match: re.Match[str]) -> str:
    """A bound relative to a meeting given by its range, as a clock bound (its end / its start)."""
    spans = _time_spans(match.group("range"))
    end = spans[0][2] if spans else None
    if end is None:
        return match.group(0)
    start = spans[0][1]
    return f" {match.group(1)} {clock(end if match.group(1) == 'after' else start)} "


def _day_token(day: int) -> str:
    return DAYS[day].lower()


def _resolve_days(text: str, context: MediationContext) -> str:
    """Days said by reference ("that evening", "the same day", "the next morning") written out as
    the day under discussion (or the one after it)."""
    named = [(m.start(), _day_of(m)) for m in _DAY_RE.finditer(text)]
    offsets = [offset for offset, _ in named]
    if context.day is None and not named:
        return text

    def before(position: int) -> int | None:
        k = bisect.bisect_left(offsets, position)
        return named[k - 1][1] if k else context.day

    def same(match: re.Match[str]) -> str:
        day = before(match.start())
        if day is None:
            return match.group(0)
        part = match.group(1)
        return _day_token(day) if part == "day" else f"{_day_token(day)} {part}"

    text = _SAME_DAY_RE.sub(same, text)
    if context.day is None:
        return text
    tomorrow = _day_token(min(context.day + 1, 2))

    def following(match: re.Match[str]) -> str:
        if context.day == 2:
            return match.group(0)
        part = match.group(1) or "day"
        return tomorrow if part == "day" else f"{tomorrow} {part}"

    return _NEXT_DAY_RE.sub(following, text)


def _clauses(text: str) -> list[tuple[str, bool]]:
    """The clauses of a normalized message and whether each one is a question."""
    out = []
    for piece in re.split(r"\n|\s/\s|;|,\s*(?:and|but)\s", text):
        for sentence, mark in re.findall(r"([^.!?]+)([.!?]*)", piece):
            if sentence.strip():
                out.append((sentence.strip(), "?" in mark))
    return out


def _day_of(match: re.Match[str]) -> int:
    return next(int(k[1]) for k, v in match.groupdict().items() if v)


# ---- the parser ------------------------------------------------------------------------------------


class MediationParser:
    """Rule parser of Mediation messages (see the module docstring); garbage gives ``[]``."""

    def parse(self, message: str, context: MediationContext | None = None) -> list[ActBase]:
        """The acts of ``message``.

        Args:
            message: the text (any object: non-text gives ``[]``).
            context: who wrote it and the dialogue state (default: a user, nothing known).

        Returns:
            The acts in the order of their clauses (a user's verdict on the offer first).
        """
        context = context if isinstance(context, MediationContext) else MediationContext()
        text = _resolve_days(_normalize(message), context)
        clauses = [(c, q or bool(_QUESTION_OPENERS.match(c))) for c, q in _clauses(text)]
        if context.author == "assistant":
            return self._assistant(text, clauses, context)
        return self._user(text, clauses, context)

    # ---- the assistant: questions and offers ------------------------------------------------------
    def _assistant(self, text: str, clauses: list[tuple[str, bool]], context: MediationContext) -> list[ActBase]:
        asks: list[ActBase] = []
        offer: MedOffer | None = None
        # "I am going to send you a flight. Let me know if that works": the flight is still to come
        announced = bool(_ANNOUNCE_RE.search(text))
        for clause, question in clauses:
            presents = bool(_PRESENT_RE.search(clause)) and not (
                (_FUTURE_RE.search(clause) or announced)
                and not re.search(r"\bhere(?:'s| is)\b|\bthis (?:one|flight|option)\b", clause)
            )
            details = _offer_details(clause)
            if _GREETING.search(clause) and not details and not _WH_SCHEDULE.search(clause):
                continue
            if question and presents and _WH_SCHEDULE.search(clause):
                presents = False
            found = _asks(clause) if question and not presents else []
            if found and (
                not details or _IMPORTANCE_WORDS.search(clause) or not any(a.about == "schedule" for a in found)
            ):
                asks.extend(a for a in found if a not in asks[-8:])
                continue
            if presents or details:
                if offer is None or (offer.carrier is None and offer.day is None):
                    offer = details or MedOffer()
        wanted = context.requested
        if offer == MedOffer() and wanted is not None and _AGREE_RE.search(text) and not _OTHER_RE.search(text):
            # the user named a flight and we agree to it ("Let's give it a shot!"): that flight
            offer = MedOffer(carrier=wanted.carrier, day=wanted.day, start=wanted.start)
        return [offer, *asks] if offer is not None else asks

    # ---- users: statements and the verdict on the offer --------------------------------------------
    def _user(self, text: str, clauses: list[tuple[str, bool]], context: MediationContext) -> list[ActBase]:
        acts: list[ActBase] = []
        verdicts: list[ActBase] = []
        here = context
        resigned = False
        previous: list[ActBase] = []  # the acts of the clause before
        for clause, question in clauses:
            found = _statement(clause, question, here)
            if question and _YES_NO_RE.match(clause) and not _AVOID_RE.search(clause):
                # "Is Friday impossible?": the user asks whether the time can work, a wish
                found = [a.model_copy(update={"good": True}) if isinstance(a, MedWindow) else a for a in found]
            named = [a.day for a in found if isinstance(a, MedWindow | MedEvent | MedFlight) and a.day is not None]
            if not named and (day := _DAY_RE.search(clause)) is not None:
                named = [_day_of(day)]
            if named and named[-1] != here.day:
                # "Thursday might work, but I have a meeting at 9:30 am": the day named last
                here = here.model_copy(update={"day": named[-1], "start": None})
            if _resigned(clause, context):
                # "this can be managed if we need to", "if that's the best you can do, I'll take it"
                resigned = True
                verdicts.append(MedAccept())
                acts.extend(a for a in found if a not in acts)
                continue
            bare = not found and not question and not re.search(r"\b(if|whether)\b", clause)
            if bare and (verdict := _verdict(clause, context, [], bare=True)) is not None:
                verdicts.append(verdict)
            found = _narrow_days(acts, previous, found)
            previous = found
            numeric = bool(_OUT_OF_10.search(clause) or _OUT_OF_20.search(clause))
            # a level said in words twice ("arriving together ... arriving together is ideal") is one fact
            acts.extend(a for a in found if numeric or not isinstance(a, MedPrice | MedArrival) or a not in acts)
        if not resigned and not any(isinstance(v, MedReject) for v in verdicts):
            verdicts.extend(v for v in [_verdict(text, context, acts, bare=False)] if v is not None)
        # one verdict per message: a complaint or a request to replace the offer outweighs a "sure"
        if any(isinstance(v, MedReject) for v in verdicts):
            return [MedReject(), *acts]
        return [MedAccept(), *acts] if verdicts else acts


_ASK_ARRIVAL = re.compile(
    r"\barriv\w*|\bland(?:s|ing)?\b|same time|together|close (?:to|together)|\bnear\b|far (?:from|apart|away)|apart"
)


def _asks(clause: str) -> list[MedAsk]:
    """The assistant's questions in a clause: price, arrival, events' importance, else the schedule."""
    asks: list[MedAsk] = []
    if _PRICE_WORDS.search(clause) and not re.search(r"\$\s*\d|\d\s*\$", clause):
        asks.append(MedAsk(about="price"))
    if _ASK_ARRIVAL.search(clause):
        asks.append(MedAsk(about="arrival"))
    if _IMPORTANCE_WORDS.search(clause):
        asks.extend(MedAsk(about="event", day=day, start=clock(start)) for day, start, _ in _events(clause))
    if not asks and (
        (_WH_SCHEDULE.search(clause) and not re.search(r"\b(this|these)\b", clause))
        or (_SCHEDULE_RE.search(clause) and not re.search(r"\b(this|that|it)\b", clause))
    ):
        asks.append(MedAsk(about="schedule"))
    return asks


def _offer_details(clause: str) -> MedOffer | None:
    """The flight an assistant's clause names: its carrier, and its day and departure time when the
    clause gives both (times after "after", "before" ... or an arrival are no departure)."""
    carrier = _CARRIER_RE.search(clause)
    name = next((c for c in CARRIERS if carrier and c.lower() == carrier.group(1)), None)
    departure = next(
        (
            (day, start)
            for day, start, _, position in _events(clause, positions=True)
            if not _BOUND_BEFORE.search(clause[max(0, position - 24) : position])
            and not _DEPARTURE_BLOCK.search(clause[max(0, position - 24) : position])
        ),
        None,
    )
    if name is None and departure is None:
        return None
    if departure is None:
        return MedOffer(carrier=name)
    return MedOffer(carrier=name, day=departure[0], start=clock(departure[1]))


_BOUND_BEFORE = re.compile(r"\b(?:after|past|before|by|until|till|than|around|pre|post)[\s-]*$")


def _statement(clause: str, question: bool, context: MediationContext) -> list[ActBase]:
    """What a user's clause states: price, arrival, events, liked flights and time windows."""
    acts: list[ActBase] = []
    if _PRICE_WORDS.search(clause) and (price := _price(clause, question)) is not None:
        acts.append(price)
    if _ARRIVAL_WORDS.search(clause) and (arrival := _arrival(clause)) is not None:
        acts.append(arrival)
    if flight := _flight(clause, context.day):
        return [*acts, flight]
    if (named := _named_flight(clause, context)) is not None:
        return [*acts, named]
    if _IMPORTANCE_WORDS.search(clause) or _OUT_OF_10.search(clause):
        if events := _importances(clause, context.day):
            return acts + events
        answer = _answer(clause, context)
        if answer is not None:
            return [*acts, answer]
        return acts + _windows(clause, context)
    if not acts and context.asked is not None and (answer := _answer(clause, context)) is not None:
        return [answer]
    return acts + _windows(clause, context)


def _answer(clause: str, context: MediationContext) -> ActBase | None:
    """A bare level ("medium", "not very", "a lot") answering the assistant's last question."""
    asked = context.asked
    if asked is None or _DAY_RE.search(clause) or _TIME_RE.search(clause):
        return None
    low = bool(_LOW_WORDS.search(clause) or _PRICE_LOW.search(clause))
    mid = bool(_MID_WORDS.search(clause))
    high = bool(_HIGH_WORDS.search(clause) or re.search(r"\b(very|a lot|really|extremely|super|highly|high)\b", clause))
    if not (low or mid or high):
        number = _OUT_OF_10.search(clause)
        if number is None or asked.about == "price":
            return None
    if asked.about == "event" and asked.day is not None and asked.start is not None:
        return MedEvent(day=asked.day, start=asked.start, importance=_importance_level(clause, answer=True))
    if asked.about == "price":
        return MedPrice(pref=LOW_PRICE_PREF if low else MID_PRICE_PREF if mid else HIGH_PRICE_PREF)
    if asked.about == "arrival":
        return MedArrival(pref=LOW_ARRIVAL_PREF if low else SOFT_ARRIVAL_PREF if mid else HIGH_ARRIVAL_PREF)
    return None


def _verdict(text: str, context: MediationContext, acts: list[ActBase], bare: bool) -> ActBase | None:
    """The user's judgement of the offer under discussion in ``text`` (a clause that states nothing
    else when ``bare``, else the whole message): a rejection (a complaint, a request to replace the
    offer) or, in a bare clause, an acceptance. Nothing is judged when nothing is on the table
    (``context.offered`` False), and a user who accepted the proposal is not rejecting it."""
    offered = context.offered
    if offered is None and (context.start is not None or context.accepted is not None):
        offered = True
    deictic = bool(_DEICTIC.search(text))
    if _NOT_BAD.search(text):  # "not too bad" is praise
        text = _NOT_BAD.sub(" fine ", text)
    text = _NOT_PRICEY.sub(" affordable ", text)  # "something that isn't too pricey" is a wish
    if context.accepted is not True:
        if _REJECT_STRONG.search(text) and (offered is not False or re.search(r"^\W*(no|nope|nah)\b", text)):
            return MedReject()
        if _REJECT_WEAK.search(text) and (offered or (offered is None and deictic)):
            complaint = any(isinstance(a, MedPrice | MedArrival) for a in acts) or re.search(
                r"pricey|pricy|expensive|too rich|too much|\bbad\b|worse|unfortunately|better|rather|"
                r"(?<!can )(?<!could )(?<!to )(?<!easily )\bmiss(?:es|ing)?\b",
                text,
            )
            wish = any(isinstance(a, MedWindow) for a in acts) or re.search(
                r"\b(earlier|later|closer|cheaper|right after|right before|after that|before that)\b|"
                r"(?:try|put|go with|switch to|book)\b[^.?!]{0,20}\b(?:the|that)\b"
                r"[^.?!]{0,25}\b(?:flight|one|option)\b",
                text,
            )
            if complaint or (wish and offered):
                return MedReject()
        answering = context.asked is not None and context.asked.about in ("price", "arrival")
        if offered and not bare and not answering and any(_complains(a) for a in acts):
            return MedReject()  # "seems like I do not have very much money", "can we arrive closer?"
    if bare and offered is not False and _ACCEPT_RE.search(text):
        turn = re.search(r"\b(?:but|although|though|however)\b(.*)$", text)
        if turn is not None and re.search(
            r"meeting|overlap|conflict|expensive|pric|far|miss|closer|cheaper", turn.group(1)
        ):
            # "it's a good deal but I also have a meeting": the part after "but" judges
            return MedReject() if context.accepted is not True else None
        return MedAccept()
    return None


def _narrow_days(acts: list[ActBase], previous: list[ActBase], found: list[ActBase]) -> list[ActBase]:
    """A clause of day-less bounds after a clause that only named days narrows those days ("Anything on
    6/2? Hoping for the morning": Friday morning); the whole-day windows of the clause before are
    withdrawn from ``acts``. Returns the clause's acts."""
    days = [a for a in previous if isinstance(a, MedWindow)]
    bounded = [a for a in found if isinstance(a, MedWindow)]
    if (
        not days
        or len(days) != len(previous)
        or any(a.after is not None or a.before is not None or a.day is None for a in days)
        or not bounded
        or any(a.day is not None or a.good != days[0].good for a in bounded)
        or any(a.good != days[0].good for a in days)
    ):
        return found
    for window in days:
        if window in acts:
            acts.remove(window)
    narrowed = [w.model_copy(update={"day": d.day}) for w in bounded for d in days]
    return [a for a in found if not isinstance(a, MedWindow)] + narrowed


def _resigned(clause: str, context: MediationContext) -> bool:
    """Whether ``clause`` accepts the offer on a condition that only gives in to it ("if we need to",
    "if nothing better turns up", "unless you find something closer"); a condition that wants the
    offer changed ("if it was cheaper") is no acceptance."""
    if context.offered is False or not _CONDITION_RE.search(clause):
        return False
    conditions = " ".join(m.group(0) for m in _IF_CLAUSE_RE.finditer(clause))
    main = _IF_CLAUSE_RE.sub(" ", clause)
    if not (conditions.startswith("unless") or " unless" in conditions or _RESIGNED_RE.search(conditions)):
        return False
    return bool(_ACCEPT_RE.search(main) or _TAKE_RE.search(main)) and not _REJECT_STRONG.search(main)


_CONDITION_RE = re.compile(r"\b(?:if|unless)\b")
_IF_CLAUSE_RE = re.compile(r"\b(?:if|unless)\b[^,;]*")
_RESIGNED_RE = re.compile(
    r"\b(?:nothing|no other|no better|no cheaper|no closer|no choice|only (?:one|option|choice)|"
    r"(?:the )?best (?:you|we|there|available)|need to|needed|needs to|have to|has to|must|necessary|required)\b"
)
_TAKE_RE = re.compile(
    r"\b(take it|take that|make (?:it|that|this) work|live with|deal with|manage|go with (?:it|that|this)|do it|"
    r"ok(?:ay)? with|settle)\b"
)
_YES_NO_RE = re.compile(
    r"^\W*(?:(?:and|but|so|or|then|also)\s+)?(?:is|are|was|would|will|isn'?t|wouldn'?t)\b(?!\s+there\b)"
)
_AVOID_RE = re.compile(r"\b(avoid|steer|stay away|skip|without|instead|miss)\b")


def _complains(act: ActBase) -> bool:
    """Whether a fact said while a flight is on the table complains about it (price or arrival)."""
    return (isinstance(act, MedPrice) and act.pref >= HIGH_PRICE_PREF) or (
        isinstance(act, MedArrival) and act.pref >= HIGH_ARRIVAL_PREF
    )


def _price(clause: str, question: bool = False) -> MedPrice | None:
    if _PRICE_PRAISE.search(clause) and not re.search(
        r"\b(but|although|though|however|care|matters?)\b[^.?!]*\bpric", clause
    ):
        return None  # "while the flight is a great price, I care more about arriving together"
    number = _OUT_OF_20.search(clause)
    mean = _MEAN_RE.search(clause)
    if number:
        pref = int(number.group(1))
    elif _PRICE_LOW.search(clause):
        pref = LOW_PRICE_PREF
    elif re.search(
        r"not affordable|unaffordable|not wallet|(?:not|n'?t) have (?:very |that )?(?:much|any|enough) money|no money",
        clause,
    ):
        pref = HIGH_PRICE_PREF
    elif _PRICE_MID.search(clause):
        pref = MID_PRICE_PREF
    elif re.search(
        r"cheap|cheep|inexpensive|budget|(?:need|want|find|get|looking for) a good price|better price|lower price|reduce (?:the )?(?:costs?|price)|lower (?:the )?(?:costs?|price)|less expensive|pricey|pricy|expensive|low price|save|costs? down|too rich|better price",
        clause,
    ):
        pref = HIGH_PRICE_PREF
    elif not question and re.search(r"\bimportan|\bmatters?\b|\bcare\b|\bpriority\b|\bprioriti[sz]e|\bconcern", clause):
        pref = HIGH_PRICE_PREF  # price said to matter, without a number ("price is very important to me")
    elif re.search(r"\bprice\b.{0,20}\b(not|no|bad|high|much)\b", clause):
        pref = HIGH_PRICE_PREF  # a complaint ("the price is not so good for me")
    else:
        return None
    if pref > 20:
        return None
    return MedPrice(pref=pref, mean=int(mean.group(1)) if mean and int(mean.group(1)) >= 1 else None)


def _arrival(clause: str) -> MedArrival | None:
    number = _OUT_OF_10.search(clause)
    if number and int(number.group(1)) <= 10:
        return MedArrival(pref=int(number.group(1)))
    found = _ARRIVAL_FRIENDLY.search(clause)
    if found is None:
        return None
    # the level words of the segment that says it ("ideally doesn't overlap ..., and arrives with my
    # friend": the "ideally" is the overlap's)
    starts = [0, *(m.end() for m in _SEGMENT_END_RE.finditer(clause, 0, found.start()))]
    end = _SEGMENT_END_RE.search(clause, found.end())
    clause = clause[starts[-1] : end.start() if end else len(clause)]
    if _ARRIVAL_LOW.search(clause):
        return MedArrival(pref=LOW_ARRIVAL_PREF)
    if _ARRIVAL_SOFT.search(clause):
        return MedArrival(pref=SOFT_ARRIVAL_PREF)
    return MedArrival(pref=HIGH_ARRIVAL_PREF)


_SEGMENT_END_RE = re.compile(r",|;|\band\b|\bbut\b")


def _time_spans(clause: str) -> list[tuple[int, int, int | None]]:
    """``(position, start, end)`` of every time and range in ``clause`` (``end`` set for ranges)."""
    spans: list[tuple[int, int, int | None]] = []
    taken = bytearray(len(clause) + 1)  # the offsets a range already covers
    for match in _RANGE_RE.finditer(clause):
        first, second = match.groups()[:6], match.groups()[6:]
        start, end = _minutes(first), _minutes(second)
        if start is None or end is None:
            continue
        if not _has_ampm(first) and _has_ampm(second) and second[2] == "pm" and start + 12 * 60 <= end:
            start += 12 * 60
        spans.append((match.start(), start, end))
        taken[match.start() : match.end()] = b"\x01" * (match.end() - match.start())
    for match in _LOOSE_RANGE_RE.finditer(clause):
        if taken[match.start()]:
            continue
        start, end = int(match.group(1)) % 12, int(match.group(2)) % 12
        shift = 12 * 60 if match.group(3) == "pm" else 0
        spans.append((match.start(), start * 60 + shift, end * 60 + shift))
        taken[match.start() : match.end()] = b"\x01" * (match.end() - match.start())
    for match in _BARE_RANGE_RE.finditer(clause):
        if taken[match.start()]:
            continue
        opening, closing = int(match.group(1)), int(match.group(2))
        if not (1 <= opening <= 12 and 1 <= closing <= 12):
            continue
        # chat hours: 1..7 are afternoon hours, and a range's end follows its start
        start = opening % 12 + (12 if opening <= 7 or _EVENING_RE.search(clause) else 0)
        end = closing % 12 + (12 if start >= 12 or closing <= 7 else 0)
        spans.append((match.start(), start * 60, end * 60))
        taken[match.start() : match.end()] = b"\x01" * (match.end() - match.start())
    for match in _TIME_RE.finditer(clause):
        if taken[match.start()]:
            continue
        start = _minutes(match.groups())
        if start is not None:
            spans.append((match.start(), start, None))
    return sorted(spans)


@overload
def _events(clause: str, positions: Literal[False] = False) -> list[tuple[int, int, int | None]]: ...
@overload
def _events(clause: str, positions: Literal[True]) -> list[tuple[int, int, int | None, int]]: ...
def _events(clause: str, positions: bool = False) -> list[Any]:
    """``(day, start, end)`` of each time in ``clause`` that has a day (the nearest day mention,
    before it or else after it); ``end`` is set for ranges; with ``positions``, the time's offset too."""
    days = [(m.start(), _day_of(m)) for m in _DAY_RE.finditer(clause)]
    if not days:
        return []
    offsets = [d[0] for d in days]
    out: list[Any] = []
    for position, start, end in _time_spans(clause):
        # the nearest day mention: "Thu 10:00", "10:30 on Thursday", "my 2pm Friday meeting"
        after = bisect.bisect_left(offsets, position)
        near = [days[k] for k in (after - 1, after) if 0 <= k < len(days)]
        day = min(near, key=lambda d: (abs(d[0] - position), d[0] > position))[1]
        out.append((day, start, end, position) if positions else (day, start, end))
    return out


def _importance_level(clause: str, answer: bool = False) -> int:
    number = _OUT_OF_10.search(clause)
    if number and int(number.group(1)) <= 10:
        return int(number.group(1))
    if _LOW_WORDS.search(clause):
        return LOW_IMPORTANCE
    if _MID_WORDS.search(clause):
        return MID_IMPORTANCE
    if _HIGH_WORDS.search(clause) or (answer and re.search(r"\b(very|extremely|super|highly|high)\b", clause)):
        return HIGH_IMPORTANCE
    return IMPORTANT


def _importances(clause: str, default_day: int | None = None) -> list[ActBase]:
    """Events with an importance: times with a day (``default_day`` when the clause names none)."""
    level = _importance_level(clause)
    found = [
        (day, start, end)
        for day, start, end, position in _events(clause, positions=True)
        if end is not None or not _BOUND_BEFORE.search(clause[max(0, position - 24) : position])
    ]
    if not found and default_day is not None and not _DAY_RE.search(clause):
        found = [(default_day, start, end) for _, start, end in _time_spans(clause)]
    return [
        MedEvent(day=day, start=clock(start), end=None if end is None else clock(end), importance=level)
        for day, start, end in found
    ]


_NAMED_FLIGHT_RE = re.compile(
    rf"\b(?:the|that|this)\s+(?:\w+\s+){{0,2}}?{_TIME}\s*(?:one|flight|option|departure)\b|"
    rf"\b(?:the|that)\s+(?:one|flight|option)\s+(?:at|that (?:leaves|departs) at|leaving at|departing at)\s+{_TIME}"
)


def _named_flight(clause: str, context: MediationContext) -> MedWindow | None:
    """A flight named by its departure alone ("the 8:30 one", "the flight at 4:48 PM"): a window
    around it (an hour either side) on the day named, else the day under discussion."""
    match = _NAMED_FLIGHT_RE.search(clause)
    if match is None:
        return None
    groups = match.groups()
    time = groups[:6] if any(groups[:6]) else groups[6:]
    minutes = _minutes(time)
    if minutes is None:
        return None
    day = _DAY_RE.search(clause)
    on = _day_of(day) if day is not None else context.day
    lo, hi = max(0, minutes - 60), min(24 * 60 - 1, minutes + 60)
    return MedWindow(day=on, after=clock(lo), before=clock(hi), good=not _BAD_WORDS.search(clause))


def _flight(clause: str, day: int | None = None) -> MedFlight | None:
    """A carrier's flight the user names by day and departure (``day``: when the clause names none)."""
    carrier = _CARRIER_RE.search(clause)
    refs = _events(clause)
    if not refs and day is not None and not _DAY_RE.search(clause):
        refs = [(day, start, end) for _, start, end in _time_spans(clause)][:1]
    if not carrier or not refs:
        return None
    good = not re.search(r"\b(bad|veto|no|not|never|avoid|can'?t)\b", clause)
    name = next(c for c in CARRIERS if c.lower() == carrier.group(1))
    return MedFlight(carrier=name, day=refs[0][0], start=clock(refs[0][1]), good=good)


def _span(text: str, context: MediationContext | None = None) -> tuple[str | None, str | None]:
    """The ``(after, before)`` bounds a piece of text gives: parts of the day (adjacent ones merged),
    "after 6 PM", "around noon" (an hour either side), a range, and "later" / "earlier" than the
    flight under discussion."""
    lo: int | None = None
    hi: int | None = None
    parts = [
        _PARTS[_PART_NAMES[p.group(1).rstrip("s") if p.group(1) != "redeyes" else "redeye"]]
        for p in _PART_RE.finditer(text)
    ]
    if parts:
        los = [p[0] for p in parts]
        his = [p[1] for p in parts]
        lo = None if None in los else min(x for x in los if x is not None)
        hi = None if None in his else max(x for x in his if x is not None)
    # "Thursday night around 8:30": a time without am/pm in the afternoon or evening is a pm time
    late = bool(parts) and all(p[0] is not None and p[0] >= 12 * 60 for p in parts)
    for match in _AROUND_RE.finditer(text):
        minutes = _pm(_minutes(match.groups()), match.groups(), late)
        if minutes is not None:
            lo, hi = max(0, minutes - 60), min(24 * 60 - 1, minutes + 60)
            if (open_end := _ONWARD_RE.match(text, match.end())) is not None:
                # "around 2 PM or later": from an hour before; "around 5 or earlier": to an hour after
                lo, hi = (lo, None) if open_end.group(1) == "onward" else (None, hi)
    for match in _OPEN_TIME_RE.finditer(text):
        # "2 PM or later" without a bound word: after it / before it
        if re.search(
            r"\b(?:around|about|approximately|roughly|near)\s*$|~\s*$", text[max(0, match.start() - 16) : match.start()]
        ):
            continue
        minutes = _pm(_minutes(match.groups()[:6]), match.groups()[:6], late)
        if minutes is not None and minutes < 8 * 60 and not _has_ampm(match.groups()[:6]) and match.group(1):
            minutes += 12 * 60
        if minutes is not None:
            lo, hi = (minutes, hi) if match.group(7) == "onward" else (lo, minutes)
    bounds = [(m.group(1), _pm(_minutes(m.groups()[1:]), m.groups()[1:], late)) for m in _BOUND_RE.finditer(text)]
    for match in _BARE_BOUND_RE.finditer(text):
        # "before 1 on Thursday", "after 4": chat hours 1..7 are afternoon hours
        hour = int(match.group(2))
        if 1 <= hour <= 12:
            bounds.append((match.group(1), (hour + 12 if hour <= 7 or (late and hour < 12) else hour) * 60))
    for word, minutes in bounds:
        if minutes is None:
            continue
        if word in ("after", "past", "from", "since", "later than", "post"):
            lo = minutes
        else:
            hi = minutes
    if lo is None and hi is None:
        spans = _time_spans(text)
        if spans and spans[0][2] is not None:
            lo, hi = spans[0][1], spans[0][2]
    if context is not None and context.start is not None and lo is None and hi is None:
        if _LATER_RE.search(text):
            lo = _clock_minutes(context.start)
        elif _EARLIER_RE.search(text):
            hi = _clock_minutes(context.start)
    return (None if lo is None else clock(lo)), (None if hi is None else clock(hi))


def _pm(minutes: int | None, groups: tuple[str | None, ...], late: bool) -> int | None:
    """``minutes`` moved to the afternoon when ``late`` and the time said no am/pm."""
    if minutes is not None and late and not _has_ampm(groups) and minutes < 12 * 60:
        return minutes + 12 * 60
    return minutes


def _clock_minutes(value: str) -> int:
    hours, minutes = value.split(":")
    return int(hours) * 60 + int(minutes)


def _windows(clause: str, context: MediationContext | None = None) -> list[MedWindow]:
    """Good or bad time windows of a clause, read segment by segment (split at commas, "or", "and",
    "but"): a segment's days take its bounds (parts of the day, "after 6 PM", a range); days named
    without bounds take those of the next segment of the same phrase ("Wed and Fri after 2:30");
    bounds without a day take the previous segment's days ("Wed before 3 and after 5"), else the
    day under discussion when they are relative to its flight ("anything later?"), else any day.
    Polarity is read per comma piece ("a gap Thursday, Wednesday is packed")."""
    context = context or MediationContext()
    # a request for options starts a piece of its own: "that conflicts ... is there anything after that?"
    # wishes the time, whatever the complaint before it said
    pieces = re.split(r",|\bbut\b|\bhowever\b|\bthough\b|\b(?:is|are) there\b|\bdo you have\b", clause)
    # a piece that says neither takes the polarity of the next one that does ("after 18:00, before
    # 20:00 is bad"), else it is good
    # a piece without a polarity of its own takes that of a continuation starting with a bound
    # ("after 18:00, before 20:00 is bad"), else it is good
    polarity = [True] * len(pieces)
    for k in range(len(pieces) - 1, -1, -1):
        said = _good(pieces[k])
        if said is not None:
            polarity[k] = said
        elif k + 1 < len(pieces) and _CONTINUATION_RE.match(pieces[k + 1]):
            polarity[k] = polarity[k + 1]
    out: list[MedWindow] = []
    previous_level: int | None = None
    previous_good = True
    previous_days: list[int | None] = []
    carry: list[tuple[int | None, bool]] = []  # days named without bounds in the previous piece
    for index, piece in enumerate(pieces):
        good = polarity[index]
        level = _importance_level(piece) if _LEVEL_WORDS.search(piece) else None
        if _LIKEWISE.match(piece):  # "..., as is my last meeting on Friday": the same judgement
            level, good = previous_level, previous_good
        previous_level, previous_good = level, good
        if level is not None:
            # meetings without times: skippable ones make the time good, unmissable ones (or a day
            # "full of important meetings") bad
            if LOW_IMPORTANCE < level < HIGH_IMPORTANCE and not _BUSY.search(piece):
                continue
            good = level <= LOW_IMPORTANCE
        elif re.search(r"\bmeetings?\b", piece) and _good(piece) is None and (None, None) == _span(piece):
            continue  # "Wed I have personal meetings at the beginning of the day": no wish
        if not _CONTINUATION_RE.match(piece):
            previous_days = []  # a new piece names its own days ("Wed morning, or a redeye")
        waiting: list[int | None] = []
        parts = re.split(r"\b(or|and)\b|&", piece)
        segments = parts[0::2]
        joins = ["", *(j or "and" for j in parts[1::2])]
        named = [
            [_day_of(m) for m in _DAY_RE.finditer(seg)] + ([None] if _ANY_DAY_RE.search(seg) else [])
            for seg in segments
        ]
        last_span: tuple[str | None, str | None] = (None, None)
        part_only = False  # the last window came from a part of the day alone (it may merge)
        for position, segment in enumerate(segments):
            days: list[int | None] = list(named[position])
            after, before = _span(segment, context)
            if not days and (after, before) == (None, None):
                continue
            if days and (after, before) == (None, None):
                if joins[position] == "and" and last_span != (None, None) and not waiting:
                    # "afternoons on 5/31 and 6/2 are rough": the days share the bounds before
                    after, before = last_span
                elif re.search(r"\b(?:late|early|latest|earliest)\b", segment):
                    # "really late wed/thurs or maybe fri morning": early / late do not narrow, and the
                    # days do not wait for the next segment's bounds
                    _flush(out, carry)
                    _flush(out, [(day, good) for day in days])
                    previous_days = days
                    continue
                else:
                    _flush(out, carry)
                    waiting.extend(days)
                    previous_days = days
                    continue
            if not days and not position and carry:
                # "maybe the 1st, after 3pm": the previous piece's days take these bounds
                days, carry = [day for day, _ in carry], []
            elif not days:
                relative = bool(_LATER_RE.search(segment) or _EARLIER_RE.search(segment))
                ahead = next((d for d in named[position + 1 :] if d), None)
                if previous_days:
                    days = previous_days
                elif ahead is not None and _part_only(segment):
                    days = ahead  # "late afternoon or the evening on Thursday"
                elif relative and context.day is not None:
                    days = [context.day]
                else:
                    days = [None]
                # "after 18:00, before 20:00": one window
                if index and not position and out and out[-1].day == days[-1] and _merges(out[-1], after, before):
                    last = out.pop()
                    after, before = after or last.after, before or last.before
            _flush(out, carry)
            alone = _part_only(segment)
            for day in [*waiting, *days]:
                if day is None and level is not None:
                    continue
                window = MedWindow(day=day, after=after, before=before, good=good)
                if alone and part_only and out and _adjacent(out[-1], window):
                    # adjacent parts named together: one window ("afternoon or evening")
                    last = out.pop()
                    window = window.model_copy(
                        update={
                            "after": _earliest(last.after, window.after),
                            "before": _latest(last.before, window.before),
                        }
                    )
                out.append(window)
            waiting, previous_days, last_span, part_only = [], days, (after, before), alone
        _flush(out, carry)
        carry = [(day, good) for day in waiting]
    _flush(out, carry)
    return _unique(out)


def _part_only(text: str) -> bool:
    """Whether the bounds of ``text`` come from parts of the day alone (no clock time)."""
    return bool(_PART_RE.search(text)) and not _TIME_RE.search(text) and not _BARE_BOUND_RE.search(text)


def _adjacent(first: MedWindow, second: MedWindow) -> bool:
    """Whether two windows of the same day and polarity touch (one ends where the other starts)."""
    if first.day != second.day or first.good != second.good:
        return False
    return (first.before is not None and first.before == second.after) or (
        second.before is not None and second.before == first.after
    )


def _earliest(a: str | None, b: str | None) -> str | None:
    return None if a is None or b is None else min(a, b)


def _latest(a: str | None, b: str | None) -> str | None:
    return None if a is None or b is None else max(a, b)


def _unique(windows: list[MedWindow]) -> list[MedWindow]:
    """``windows`` without repeats, in order."""
    seen: set[tuple[object, ...]] = set()
    out = []
    for window in windows:
        key = (window.day, window.after, window.before, window.good)
        if key not in seen and key[:3] != (None, None, None):  # "any day" alone is no wish
            seen.add(key)
            out.append(window)
    return out


def _flush(out: list[MedWindow], days: list[tuple[int | None, bool]]) -> None:
    """Whole-day windows of the days named without bounds."""
    for day, good in days:
        window = MedWindow(day=day, good=good)
        out.append(window)
    days.clear()


def _good(text: str) -> bool | None:
    """The polarity a piece of text gives its windows (``None``: it says neither)."""
    text = re.sub(r"\bif not\b", "", text)
    if _BAD_WORDS.search(text):
        return bool(re.search(r"\b(works?|open|free|fine|best)\b", text)) and not re.search(
            r"\b(not|no|can'?t|won'?t|doesn'?t|cannot)\b", text
        )
    if _GOOD_WORDS.search(text):
        return True
    return None


def _merges(window: MedWindow, after: str | None, before: str | None) -> bool:
    """Whether one-sided bounds complete ``window`` into one span ("after 18:00, before 20:00")."""
    if window.after is not None and window.before is None:
        return before is not None and after is None
    if window.before is not None and window.after is None:
        return after is not None and before is None
    return False


# ---- the renderer ----------------------------------------------------------------------------------

_ACCEPTS = ("Works for me.", "Sounds good.", "Deal.")
_REJECTS = ("No.", "Not really.", "No, sorry.")
_EVENT_FORMS = ("{when} is {imp}/10.", "{when}: importance {imp}/10.")
_PRICE_FORMS = ("Price matters {pref}/20{mean}.", "Price weighs {pref}/20{mean}.")
_ARRIVAL_FORMS = ("Arriving together matters {pref}/10.", "Arrival gap weighs {pref}/10.")
_OFFER_FORMS = ("How about {what}?", "Try {what}?")
_SCHEDULE_FORMS = ("What matters to you?", "Which times work for you?")


Picker = Callable[[Sequence[str]], str]


def _when(day: int | None, start: str | None, end: str | None = None) -> str:
    parts = [DAYS[day]] if day is not None else []
    if start is not None:
        parts.append(start if end is None else f"{start}-{end}")
    return " ".join(parts)


class MediationRenderer:
    """Template renderer of Mediation acts: one short sentence per act (questions grouped), worded
    by ``rng``; every message reads back through :class:`MediationParser` into the same acts."""

    def render(self, intent: Intent, context: MediationContext | None, rng: np.random.Generator) -> str:
        """Say the intent's acts.

        Args:
            intent: the acts to say (acts of other games are ignored).
            context: the speaker's context (not needed by the templates).
            rng: picks among paraphrases.

        Returns:
            The message ("" when there is nothing to say).
        """

        def pick(options: Sequence[str]) -> str:
            return options[int(rng.integers(len(options)))]

        sentences: list[str] = []
        asks = [a for a in intent.acts if isinstance(a, MedAsk)]
        for act in intent.acts:
            text = self._sentence(act, pick)
            if text:
                sentences.append(text)
        sentences.extend(self._questions(asks, pick))
        return " ".join(sentences)

    @staticmethod
    def _sentence(act: ActBase, choose: Picker) -> str:
        if isinstance(act, MedAccept):
            return choose(_ACCEPTS)
        if isinstance(act, MedReject):
            return choose(_REJECTS)
        if isinstance(act, MedEvent):
            return choose(_EVENT_FORMS).format(when=_when(act.day, act.start, act.end), imp=act.importance)
        if isinstance(act, MedPrice):
            mean = "" if act.mean is None else f", usual fare ${act.mean}"
            return choose(_PRICE_FORMS).format(pref=act.pref, mean=mean)
        if isinstance(act, MedArrival):
            return choose(_ARRIVAL_FORMS).format(pref=act.pref)
        if isinstance(act, MedWindow):
            return _window_sentence(act)
        if isinstance(act, MedFlight):
            verdict = "suits me better" if act.good else "is bad for me"
            return f"{act.carrier} {_when(act.day, act.start)} {verdict}."
        if isinstance(act, MedOffer):
            what = " ".join(p for p in (act.carrier, _when(act.day, act.start)) if p) or "this flight"
            return choose(_OFFER_FORMS).format(what=what)
        return ""

    @staticmethod
    def _questions(asks: list[MedAsk], choose: Picker) -> list[str]:
        out = []
        topics = {a.about for a in asks}
        if topics >= {"price", "arrival"}:
            out.append("How much do price and arrival time matter?")
        elif "price" in topics:
            out.append("How much does price matter?")
        elif "arrival" in topics:
            out.append("How much does arriving together matter?")
        events = list(dict.fromkeys(_when(a.day, a.start) for a in asks if a.about == "event" and a.day is not None))
        if len(events) == 1:
            out.append(f"How important is {events[0]}?")
        elif events:
            out.append(f"How important are {', '.join(events[:-1])} and {events[-1]}?")
        if "schedule" in topics:
            out.append(choose(_SCHEDULE_FORMS))
        return out


def _window_sentence(act: MedWindow) -> str:
    where = DAYS[act.day] if act.day is not None else "Any day"
    if act.after and act.before:
        span = f"after {act.after}, before {act.before}"
    elif act.after:
        span = f"after {act.after}"
    elif act.before:
        span = f"before {act.before}"
    else:
        span = ""
    verdict = "works for me" if act.good else "is bad for me"
    return " ".join(p for p in (where, span, verdict) if p) + "."
