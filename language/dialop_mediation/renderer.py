"""The DialOp Mediation template renderer (always says numbers; round-trips through the parser)."""

from __future__ import annotations

from collections.abc import Callable, Sequence

import numpy as np

from language.act_base import ActBase
from language.acts import Intent
from language.dialop_mediation.acts import (
    DAYS,
    MedAccept,
    MedArrival,
    MedAsk,
    MedEvent,
    MedFlight,
    MediationContext,
    MedOffer,
    MedPrice,
    MedReject,
    MedWindow,
)

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
