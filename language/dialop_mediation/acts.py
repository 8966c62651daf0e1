"""The acts of DialOp Mediation, the parse context and the shared constants (see the package docstring)."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

from language.act_base import ActBase
from language.text import MAX_MESSAGE_CHARS

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
    user named last and the assistant has not answered yet (what "Let's give it a shot!" offers),
    ``answered`` whether the user gave a formal answer to the latest proposal (also one the game
    dropped because the friend had settled the proposal first: then ``accepted`` stays ``None``),
    ``offers`` the flights offered in this room with their details, newest first (the latest
    included; what "that redeye" or "the wednesday one" refers to)."""

    model_config = ConfigDict(frozen=True)

    author: Literal["assistant", "user"] = "user"
    day: Day | None = Field(default=None, ge=0, le=2)
    start: Clock | None = Field(default=None, pattern=_CLOCK)
    carrier: Carrier | None = None
    offered: bool | None = None
    accepted: bool | None = None
    asked: MedAsk | None = None
    requested: MedFlight | None = None
    answered: bool = False
    offers: tuple[MedOffer, ...] = ()
