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

The parser reads a message clause by clause (sentences, ``;`` and `` / ``). Human phrasing it reads:
days ("Thursday", "thurs", "6/1", "June 1st"), times ("10:30", "10am", "6 PM", "noon", ranges
"8 to 10 PM"), parts of the day ("Thursday morning" = before 12:00, "afternoon" = 12:00-17:00,
"evening"/"night" = after 17:00), qualitative levels ("very important" = 9, "important" = 7, "could
miss" = 2; "cheap" = price 15/20, "price doesn't matter" = 3; "arrive around the same time as my
friend" = 8), acceptance and refusal cues ("works great", "book it"; "overlaps too many meetings").
Which acts a clause may give depends on its author (``MediationContext.author``): an assistant's
question is a question or an offer, a user's question ("what about Friday?") a wish.

Known limits: relative references ("the flight right after that", "my 830") and events without a
day are not resolved; a clause gives one kind of statement (price, arrival, events, windows).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from typing import Literal

import numpy as np
from pydantic import BaseModel, ConfigDict, Field

from language.act_base import ActBase
from language.acts import Intent
from language.text import MAX_MESSAGE_CHARS, clean_message

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
HIGH_IMPORTANCE, IMPORTANT, LOW_IMPORTANCE = 9, 7, 2
HIGH_PRICE_PREF, LOW_PRICE_PREF = 15, 3
HIGH_ARRIVAL_PREF, LOW_ARRIVAL_PREF = 8, 2


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
    """What the language layer needs: who wrote the message (``assistant`` or ``user``)."""

    model_config = ConfigDict(frozen=True)

    author: Literal["assistant", "user"] = "user"


# ---- lexicon ---------------------------------------------------------------------------------------

_DAY_WORDS = (
    (0, r"wed(?:nesday)?s?|5/31|05/31|may\s*31(?:st)?|31st"),
    (1, r"thu(?:rs?(?:day)?)?s?|6/1|06/01|june\s*1(?:st)?"),
    (2, r"fri(?:day)?s?|6/2|06/02|june\s*2(?:nd)?"),
)
_DAY_RE = re.compile("|".join(rf"(?P<d{day}>\b(?:{words})\b)" for day, words in _DAY_WORDS))
_TIME = r"(?:(\d{1,2}):(\d{2})\s*(am|pm)?|(\d{1,2})\s*(am|pm)|(noon|midnight))"
_TIME_RE = re.compile(rf"\b{_TIME}(?![\d/])")
_RANGE_RE = re.compile(rf"\b{_TIME}\s*(?:-|–|to|until|till)\s*{_TIME}(?![\d/])")
_LOOSE_RANGE_RE = re.compile(r"\b(\d{1,2})\s*(?:-|to)\s*(\d{1,2})\s*(am|pm)\b")
_OUT_OF_10 = re.compile(r"\b(\d{1,2})\s*(?:/|out of)\s*10\b")
_OUT_OF_20 = re.compile(r"\b(\d{1,2})\s*(?:/|out of)\s*20\b")
_MEAN_RE = re.compile(r"(?:usual|typical|average|normal|mean)\s+(?:fare|price|cost)[^$\d]{0,12}\$\s*(\d+)")
_CARRIER_RE = re.compile(r"\b(" + "|".join(c.lower() for c in CARRIERS) + r")\b")
_PARTS = {"morning": (None, 12 * 60), "afternoon": (12 * 60, 17 * 60), "evening": (17 * 60, None)}
_PART_RE = re.compile(r"\b(morning|afternoon|evening|night|tonight|midday|mid day|lunch)s?\b")
_BOUND_RE = re.compile(rf"\b(after|past|from|since|before|by|until|till|earlier than|later than)\s+{_TIME}")

_PRICE_WORDS = re.compile(r"\b(price[sd]?|pricey|fares?|costs?|cheap\w*|expensive|budget|affordabl\w*|money)\b|\$")
_PRICE_LOW = re.compile(
    r"(doesn'?t|does not|don'?t|do not|not)\s+(really\s+)?(matter|care|mind|important|a concern)|"
    r"no matter|whatever it costs|money is no"
)
_ARRIVAL_WORDS = re.compile(
    r"\barriv\w*|\bland(?:s|ing)?\b|same time|\btogether\b|closer|far from|close to (?:my|his|her|their|the)\s*"
    r"(?:friend|buddy|partner|colleague)|near (?:my|his|her) (?:friend|buddy)"
)
_ARRIVAL_LOW = re.compile(r"(doesn'?t|does not|don'?t|do not|not)\s+(really\s+)?(matter|care|important)")
_IMPORTANCE_WORDS = re.compile(r"\bimportan\w*|\bpriority\b|\b(?:can|could|may|might)\s+(?:miss|skip)\b|\bcritical\b")
_HIGH_WORDS = re.compile(
    r"\b(very|really|super|extremely|highly|most|quite|pretty)\s+important|high(?:ly)?\s+(?:importance|priority)|"
    r"critical|can'?t miss|cannot miss|must attend"
)
_LOW_WORDS = re.compile(
    r"\bnot\s+(?:very\s+|that\s+|so\s+|too\s+|really\s+)?important|unimportant|low\s+(?:importance|priority)|"
    r"(?:can|could|may|might)\s+(?:miss|skip)"
)
_BAD_WORDS = re.compile(
    r"\b(bad|rough|busy|blocked|booked|avoid|can'?t|cannot|won'?t|not|no|conflicts?|overlaps?|clash\w*|"
    r"meetings?|worst|impossible|unavailable|packed|full)\b"
)
_ACCEPT_RE = re.compile(
    r"\b(yes|yeah|yep|yup|sure|ok|okay|great|perfect|works|work for me|deal|sounds good|looks good|book it|"
    r"go ahead|fine|correct|good|accept\w*|awesome|excellent|thanks?|thank you|love it|agreed)\b"
)
_REJECT_RE = re.compile(
    r"\b(no|nope|nah|not really|don'?t like|conflicts?|overlaps?|clash\w*|blocked|too many|pricey|too expensive|"
    r"can'?t|cannot|won'?t work|doesn'?t work|rather|unfortunately|not great|not good|not ideal|reject\w*|bad|worse|"
    r"miss\w*|too far|go back|previous|avoid|cuts? into|not a fan|not that)\b"
)
_QUESTION_OPENERS = re.compile(
    r"^\s*(how|what|which|when|where|who|why|is|are|do|does|did|can|could|would|will|should|any)\b"
)
_OFFER_RE = re.compile(
    r"\b(how about|what about|would|will|does|how'?s|how is|how does|sound|look|try|sending|send|"
    r"propos\w*|option|this (?:one|flight)|book)\b"
)
_SCHEDULE_RE = re.compile(
    r"\b(help|need|prefer\w*|schedule|calendar|matters?|important|days?|dates?|times?|when|works?|good for you)\b"
)


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
    text = clean_message(message).lower()
    text = re.sub(r"\b([ap])\.\s?m\.?", r"\1m", text)
    text = re.sub(r"(\d)\.(\d{2})\b", r"\1:\2", text)
    text = text.replace("’", "'").replace("—", " - ").replace("–", "-")
    return text


def _clauses(text: str) -> list[tuple[str, bool]]:
    """The clauses of a normalized message and whether each one is a question."""
    out = []
    for piece in re.split(r"\n|\s/\s|;|,\s*(?:and|but)\s", text):
        for sentence, mark in re.findall(r"([^.!?]+)([.!?]*)", piece):
            if sentence.strip():
                out.append((sentence.strip(), "?" in mark))
    return out


# ---- the parser ------------------------------------------------------------------------------------


class MediationParser:
    """Rule parser of Mediation messages (see the module docstring); garbage gives ``[]``."""

    def parse(self, message: str, context: MediationContext | None = None) -> list[ActBase]:
        """The acts of ``message``.

        Args:
            message: the text (any object: non-text gives ``[]``).
            context: who wrote it (default: a user).

        Returns:
            The acts in the order of their clauses.
        """
        author = context.author if isinstance(context, MediationContext) else "user"
        acts: list[ActBase] = []
        for clause, question in _clauses(_normalize(message)):
            acts.extend(self._clause(clause, question or bool(_QUESTION_OPENERS.match(clause)), author))
        return acts

    def _clause(self, clause: str, question: bool, author: str) -> list[ActBase]:
        if author == "assistant":
            if question:
                return self._asks(clause) or self._offer(clause)
            return self._statement(clause) or self._offer(clause)
        return self._statement(clause, question) or self._verdict(clause)

    # ---- questions and offers (assistant) -------------------------------------------------------
    def _asks(self, clause: str) -> list[ActBase]:
        asks: list[ActBase] = []
        if _PRICE_WORDS.search(clause) and not re.search(r"\$\s*\d|\d\s*\$", clause):
            asks.append(MedAsk(about="price"))
        if _ARRIVAL_WORDS.search(clause):
            asks.append(MedAsk(about="arrival"))
        if _IMPORTANCE_WORDS.search(clause):
            asks.extend(MedAsk(about="event", day=day, start=clock(start)) for day, start, _ in _events(clause))
        if not asks and not _OFFER_RE.search(clause) and _SCHEDULE_RE.search(clause):
            asks.append(MedAsk(about="schedule"))
        return asks

    def _offer(self, clause: str) -> list[ActBase]:
        carrier = _CARRIER_RE.search(clause)
        refs = _events(clause)
        if not (carrier or refs or _OFFER_RE.search(clause)):
            return []
        day, start = (refs[0][0], clock(refs[0][1])) if refs else (None, None)
        name = next((c for c in CARRIERS if carrier and c.lower() == carrier.group(1)), None)
        return [MedOffer(carrier=name, day=day, start=start)]

    # ---- statements ---------------------------------------------------------------------------
    def _statement(self, clause: str, question: bool = False) -> list[ActBase]:
        if _PRICE_WORDS.search(clause):
            price = _price(clause, question)
            if price is not None:
                return [price]
        if _ARRIVAL_WORDS.search(clause):
            arrival = _arrival(clause)
            if arrival is not None:
                return [arrival]
        if flight := _flight(clause):
            return [flight]
        if _IMPORTANCE_WORDS.search(clause) or _OUT_OF_10.search(clause):
            if events := _importances(clause):
                return events
            # a day's meetings without times: unimportant ones make the day good, important ones bad
            good = _importance_level(clause) < IMPORTANT
            return [w.model_copy(update={"good": good}) for w in _windows(clause) if w.day is not None]
        return list(_windows(clause))

    def _verdict(self, clause: str) -> list[ActBase]:
        if _REJECT_RE.search(clause):
            return [MedReject()]
        if _ACCEPT_RE.search(clause):
            return [MedAccept()]
        return []


def _price(clause: str, question: bool = False) -> MedPrice | None:
    number = _OUT_OF_20.search(clause)
    mean = _MEAN_RE.search(clause)
    if number:
        pref = int(number.group(1))
    elif _PRICE_LOW.search(clause):
        pref = LOW_PRICE_PREF
    elif re.search(r"cheap|inexpensive|affordabl|reasonabl|budget|pricey|expensive|low price|save", clause):
        pref = HIGH_PRICE_PREF
    elif not question and re.search(r"\bimportan|\bmatters?\b|\bcare\b|\bpriority\b|\bconcern", clause):
        pref = HIGH_PRICE_PREF  # price said to matter, without a number ("price is very important to me")
    else:
        return None
    if pref > 20:
        return None
    return MedPrice(pref=pref, mean=int(mean.group(1)) if mean and int(mean.group(1)) >= 1 else None)


def _arrival(clause: str) -> MedArrival | None:
    number = _OUT_OF_10.search(clause)
    if number and int(number.group(1)) <= 10:
        return MedArrival(pref=int(number.group(1)))
    if _ARRIVAL_LOW.search(clause):
        return MedArrival(pref=LOW_ARRIVAL_PREF)
    if re.search(r"same time|together|closer|close to|far from|near|around|with my", clause):
        return MedArrival(pref=HIGH_ARRIVAL_PREF)
    return None


def _events(clause: str) -> list[tuple[int, int, int | None]]:
    """``(day, start, end)`` of each time in ``clause`` that has a day (the nearest day mention,
    before it or else after it); ``end`` is set for ranges."""
    days = [(m.start(), next(int(k[1]) for k, v in m.groupdict().items() if v)) for m in _DAY_RE.finditer(clause)]
    if not days:
        return []
    spans: list[tuple[int, int, int | None]] = []
    taken: list[tuple[int, int]] = []
    for match in _RANGE_RE.finditer(clause):
        first, second = match.groups()[:6], match.groups()[6:]
        start, end = _minutes(first), _minutes(second)
        if start is None or end is None:
            continue
        if not _has_ampm(first) and _has_ampm(second) and second[2] == "pm" and start + 12 * 60 <= end:
            start += 12 * 60
        spans.append((match.start(), start, end))
        taken.append(match.span())
    for match in _LOOSE_RANGE_RE.finditer(clause):
        if any(a <= match.start() < b for a, b in taken):
            continue
        start, end = int(match.group(1)) % 12, int(match.group(2)) % 12
        shift = 12 * 60 if match.group(3) == "pm" else 0
        spans.append((match.start(), start * 60 + shift, end * 60 + shift))
        taken.append(match.span())
    for match in _TIME_RE.finditer(clause):
        if any(a <= match.start() < b for a, b in taken):
            continue
        start = _minutes(match.groups())
        if start is not None:
            spans.append((match.start(), start, None))
    out = []
    for position, start, end in sorted(spans):
        # the nearest day mention: "Thu 10:00", "10:30 on Thursday", "my 2pm Friday meeting"
        day = min(days, key=lambda d: (abs(d[0] - position), d[0] > position))[1]
        out.append((day, start, end))
    return out


def _importance_level(clause: str) -> int:
    number = _OUT_OF_10.search(clause)
    if number and int(number.group(1)) <= 10:
        return int(number.group(1))
    if _LOW_WORDS.search(clause):
        return LOW_IMPORTANCE
    if _HIGH_WORDS.search(clause):
        return HIGH_IMPORTANCE
    return IMPORTANT


def _importances(clause: str) -> list[ActBase]:
    level = _importance_level(clause)
    return [
        MedEvent(day=day, start=clock(start), end=None if end is None else clock(end), importance=level)
        for day, start, end in _events(clause)
    ]


def _flight(clause: str) -> MedFlight | None:
    carrier = _CARRIER_RE.search(clause)
    refs = _events(clause)
    if not carrier or not refs:
        return None
    good = not re.search(r"\b(bad|veto|no|not|never|avoid|can'?t)\b", clause)
    name = next(c for c in CARRIERS if c.lower() == carrier.group(1))
    return MedFlight(carrier=name, day=refs[0][0], start=clock(refs[0][1]), good=good)


def _span(text: str) -> tuple[str | None, str | None]:
    """The ``(after, before)`` bounds a piece of text gives (parts of the day, "after 6 PM" ...)."""
    after = before = None
    part = _PART_RE.search(text)
    if part:
        name = {"night": "evening", "tonight": "evening"}.get(part.group(1), part.group(1))
        if name in _PARTS:
            lo, hi = _PARTS[name]
            after, before = (None if lo is None else clock(lo)), (None if hi is None else clock(hi))
        else:  # midday, lunch
            after, before = clock(11 * 60), clock(14 * 60)
    for match in _BOUND_RE.finditer(text):
        minutes = _minutes(match.groups()[1:])
        if minutes is None:
            continue
        if match.group(1) in ("after", "past", "from", "since", "later than"):
            after = clock(minutes)
        else:
            before = clock(minutes)
    return after, before


def _windows(clause: str) -> list[MedWindow]:
    """Good or bad time windows: each day mention with the part of the day or bounds that follow it
    (up to the next day mention), else those of the whole clause; a range "10:00-12:00" without other
    bounds is the window itself."""
    day_matches = list(_DAY_RE.finditer(clause))
    if not day_matches and not _PART_RE.search(clause) and not _BOUND_RE.search(clause):
        return []
    good = not _BAD_WORDS.search(clause)
    whole = _span(clause)
    if whole == (None, None):
        ranges = _events(clause)
        if ranges and ranges[0][2] is not None:
            whole = (clock(ranges[0][1]), clock(ranges[0][2]))
    if not day_matches:
        return [MedWindow(day=None, after=whole[0], before=whole[1], good=good)]
    out: list[MedWindow] = []
    for index, match in enumerate(day_matches):
        stop = day_matches[index + 1].start() if index + 1 < len(day_matches) else len(clause)
        after, before = _span(clause[match.end() : stop])
        if (after, before) == (None, None):
            after, before = whole if len(day_matches) == 1 or index == 0 else (None, None)
        day = next(int(k[1]) for k, v in match.groupdict().items() if v)
        window = MedWindow(day=day, after=after, before=before, good=good)
        if window not in out:
            out.append(window)
    return out


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
