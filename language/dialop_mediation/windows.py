"""Time windows a clause gives ("free Thursday after 3 pm", "not the morning of the 2nd"), and flights
named by their carrier or hours."""

from __future__ import annotations

import re

from language.dialop_mediation.acts import (
    CARRIERS,
    IMPORTANT,
    LOW_IMPORTANCE,
    MedFlight,
    MediationContext,
    MedWindow,
    clock,
)
from language.dialop_mediation.lexicon import (
    ANY_DATE,
    ANY_DAY_RE,
    AROUND_RE,
    BAD_WORDS,
    BARE_BOUND_RE,
    BOUND_RE,
    BUSY,
    CARRIER_RE,
    CONTINUATION_RE,
    DAY_RE,
    EARLIER_RE,
    GOOD_WORDS,
    LATER_RE,
    LEVEL_WORDS,
    LIKEWISE,
    ONWARD_RE,
    OPEN_TIME_RE,
    PART_NAMES,
    PART_RE,
    PARTS,
    TIME,
    TIME_RE,
    day_of,
    has_ampm,
    time_minutes,
    time_spans,
)
from language.dialop_mediation.preferences import events_of, importance_level

NAMED_FLIGHT_RE = re.compile(
    rf"\b(?:the|that|this)\s+(?:\w+\s+){{0,2}}?{TIME}\s*(?:one|flight|option|departure)\b|"
    rf"\b(?:the|that|a|an)\s+(?:\w+\s+){{0,2}}?(?:one|flight|option)\s+(?:on\s+\S+\s+)?"
    rf"(?:at|that (?:leaves|departs) at|leaving at|departing at)\s+{TIME}"
)


NAMED_HOURS_RE = re.compile(
    rf"\b(?:the|that|this)\s+(?:[\w/]+\s+){{0,2}}?{TIME}\s*(?:-|to|until|till)\s*{TIME}\s*(?:one|flight|option)\b"
)


def named_flight(clause: str, context: MediationContext) -> MedWindow | None:
    """A flight named by its departure alone ("the 8:30 one", "the flight at 4:48 PM") or by its
    hours ("the 5/31 9:20 AM - 5:20 PM flight"): a window around its departure (an hour either side)
    on the day named, else the day under discussion."""
    match = NAMED_HOURS_RE.search(clause) or NAMED_FLIGHT_RE.search(clause)
    if match is None:
        return None
    groups = match.groups()
    time = groups[:6] if any(groups[:6]) else groups[6:12]
    minutes = time_minutes(time)
    if minutes is None:
        return None
    day = DAY_RE.search(clause)
    on = day_of(day) if day is not None else context.day
    lo, hi = max(0, minutes - 60), min(24 * 60 - 1, minutes + 60)
    return MedWindow(day=on, after=clock(lo), before=clock(hi), good=good_or_bad(clause) is not False)


def flight_of(clause: str, day: int | None = None) -> MedFlight | None:
    """A carrier's flight the user names by day and departure (``day``: when the clause names none)."""
    carrier = CARRIER_RE.search(clause)
    refs = events_of(clause)
    if not refs and day is not None and not DAY_RE.search(clause):
        refs = [(day, start, end) for _, start, end in time_spans(clause)][:1]
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
        PARTS[PART_NAMES[p.group(1).rstrip("s") if p.group(1) != "redeyes" else "redeye"]]
        for p in PART_RE.finditer(text)
    ]
    if parts:
        los = [p[0] for p in parts]
        his = [p[1] for p in parts]
        lo = None if None in los else min(x for x in los if x is not None)
        hi = None if None in his else max(x for x in his if x is not None)
    # "Thursday night around 8:30": a time without am/pm in the afternoon or evening is a pm time
    late = bool(parts) and all(p[0] is not None and p[0] >= 12 * 60 for p in parts)
    for match in AROUND_RE.finditer(text):
        minutes = _pm(time_minutes(match.groups()), match.groups(), late)
        if minutes is not None:
            lo, hi = max(0, minutes - 60), min(24 * 60 - 1, minutes + 60)
            if (open_end := ONWARD_RE.match(text, match.end())) is not None:
                # "around 2 PM or later": from an hour before; "around 5 or earlier": to an hour after
                lo, hi = (lo, None) if open_end.group(1) == "onward" else (None, hi)
    for match in OPEN_TIME_RE.finditer(text):
        # "2 PM or later" without a bound word: after it / before it
        if re.search(
            r"\b(?:around|about|approximately|roughly|near)\s*$|~\s*$", text[max(0, match.start() - 16) : match.start()]
        ):
            continue
        minutes = _pm(time_minutes(match.groups()[:6]), match.groups()[:6], late)
        if minutes is not None and minutes < 8 * 60 and not has_ampm(match.groups()[:6]) and match.group(1):
            minutes += 12 * 60
        if minutes is not None:
            lo, hi = (minutes, hi) if match.group(7) == "onward" else (lo, minutes)
    bounds = [(m.group(1), _pm(time_minutes(m.groups()[1:]), m.groups()[1:], late)) for m in BOUND_RE.finditer(text)]
    for match in BARE_BOUND_RE.finditer(text):
        # "before 1 on Thursday", "after 4": chat hours 1..7 are afternoon hours
        hour = int(match.group(2))
        if 1 <= hour <= 12:
            bounds.append((match.group(1), (hour + 12 if hour <= 7 or (late and hour < 12) else hour) * 60))
    for word, minutes in bounds:
        if minutes is None:
            continue
        if word in ("after", "past", "from", "since", "later than", "post") or word.startswith("starting"):
            lo = minutes
        else:
            hi = minutes
    spans = time_spans(text)
    if lo is None and hi is None:
        if spans and spans[0][2] is not None:
            lo, hi = spans[0][1], spans[0][2]
    elif hi is None and (whole := next((s for s in spans if s[2] is not None and s[1] == lo), None)):
        hi = whole[2]  # "from 12 AM to 10 AM": the bound "from" starts a range
    if context is not None and context.start is not None and lo is None and hi is None:
        if LATER_RE.search(text):
            lo = _clock_minutes(context.start)
        elif EARLIER_RE.search(text):
            hi = _clock_minutes(context.start)
    return (None if lo is None else clock(lo)), (None if hi is None else clock(hi))


def _pm(minutes: int | None, groups: tuple[str | None, ...], late: bool) -> int | None:
    """``minutes`` moved to the afternoon when ``late`` and the time said no am/pm."""
    if minutes is not None and late and not has_ampm(groups) and minutes < 12 * 60:
        return minutes + 12 * 60
    return minutes


def _clock_minutes(value: str) -> int:
    hours, minutes = value.split(":")
    return int(hours) * 60 + int(minutes)


def windows_of(clause: str, context: MediationContext | None = None) -> list[MedWindow]:
    """Good or bad time windows of a clause, read segment by segment (split at commas, "or", "and",
    "but"): a segment's days take its bounds (parts of the day, "after 6 PM", a range); days named
    without bounds take those of the next segment of the same phrase ("Wed and Fri after 2:30");
    bounds without a day take the previous segment's days ("Wed before 3 and after 5"), else the
    day under discussion when they are relative to its flight ("anything later?"), else any day.
    Polarity is read per comma piece ("a gap Thursday, Wednesday is packed")."""
    context = context or MediationContext()
    # a request for options starts a piece of its own: "that conflicts ... is there anything after that?"
    # wishes the time, whatever the complaint before it said
    pieces = _PIECE_RE.split(clause)
    # a piece that says neither takes the polarity of the next one that does ("after 18:00, before
    # 20:00 is bad"), else it is good
    # a piece without a polarity of its own takes that of a continuation starting with a bound
    # ("after 18:00, before 20:00 is bad"), else it is good
    polarity = [True] * len(pieces)
    for k in range(len(pieces) - 1, -1, -1):
        said = good_or_bad(pieces[k])
        if said is not None:
            polarity[k] = said
        elif k + 1 < len(pieces) and (CONTINUATION_RE.match(pieces[k + 1]) or bare_times(pieces[k])):
            # "Wed morning, Thurs afternoon are both rough": a bare list item takes the judgement after it
            polarity[k] = polarity[k + 1]
    out: list[MedWindow] = []
    previous_level: int | None = None
    previous_good = True
    listed: bool | None = None  # the judgement of the meetings a list of times started with
    previous_days: list[int | None] = []
    carry: list[tuple[int | None, bool]] = []  # days named without bounds in the previous piece
    for index, piece in enumerate(pieces):
        good = polarity[index]
        level = importance_level(piece) if LEVEL_WORDS.search(piece) else None
        if LIKEWISE.match(piece):  # "..., as is my last meeting on Friday": the same judgement
            level, good = previous_level, previous_good
        previous_level, previous_good = level, good
        if level is not None:
            # meetings without times: skippable ones make the time good, unmissable ones (or a day
            # "full of important meetings") bad
            if LOW_IMPORTANCE < level < IMPORTANT and not BUSY.search(piece):
                continue  # "my medium meetings are on Thursday": neither
            good = level <= LOW_IMPORTANCE
            listed = good
        elif listed is not None and good_or_bad(piece) is None and bare_times(piece):
            # "important meetings early on Wed, late in the evening on Thu": the list goes on
            good = listed
        elif re.search(r"\bmeetings?\b", piece) and good_or_bad(piece) is None:
            if BUSY.search(piece):
                good = False  # "I have 4 personal meetings on Wednesday"
            elif (None, None) == _span(piece) or _HAVE_MEETING_RE.search(piece):
                continue  # "Wed I have personal meetings at the beginning of the day": no wish
        if not CONTINUATION_RE.match(piece):
            previous_days = []  # a new piece names its own days ("Wed morning, or a redeye")
        waiting: list[int | None] = []
        # "from Wednesday evening to Thursday morning": a range across days is one window per day
        parts = _SEGMENT_RE.split(piece)
        segments = parts[0::2]
        joins = ["", *(j or "and" for j in parts[1::2])]
        named = [
            [day_of(m) for m in DAY_RE.finditer(seg)] + ([None] if ANY_DAY_RE.search(seg) else []) for seg in segments
        ]
        last_span: tuple[str | None, str | None] = (None, None)
        part_only = False  # the last window came from a part of the day alone (it may merge)
        for position, segment in enumerate(segments):
            days: list[int | None] = list(named[position])
            after, before = _span(segment, context)
            if not days and ((after, before) == (None, None) or _OTHER_DAY_RE.search(segment)):
                continue  # "after noon monday": a day outside the game
            if days and (after, before) == (None, None):
                if re.search(
                    r"\b(?:late|early|latest|earliest|(?:later|earlier) in the day|all of|all day|whole|entire)\b",
                    segment,
                ):
                    # "really late wed/thurs or maybe fri morning": early / late do not narrow, and the
                    # days do not wait for the next segment's bounds nor share the last one's
                    _flush(out, carry)
                    _flush(out, [(day, good) for day in days])
                    previous_days = days
                    continue
                if joins[position] == "and" and last_span != (None, None) and not waiting:
                    # "afternoons on 5/31 and 6/2 are rough": the days share the bounds before
                    after, before = last_span
                else:
                    _flush(out, carry)
                    waiting.extend(days)
                    previous_days = days
                    continue
            if not days and not position and carry:
                # "maybe the 1st, after 3pm": the previous piece's days take these bounds
                days, carry = [day for day, _ in carry], []
            elif not days:
                # relative to the flight under discussion: "anything later?", "it overlaps my 3 - 4 PM meeting"
                relative = bool(LATER_RE.search(segment) or EARLIER_RE.search(segment) or _OVERLAP_RE.search(segment))
                ahead = next((d for d in named[position + 1 :] if d), None)
                if previous_days:
                    days = previous_days
                elif ahead is not None and part_only_text(segment):
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
            alone = part_only_text(segment)
            if context.start is not None and context.start in (after, before) and _RELATIVE_WISH_RE.search(segment):
                good = True  # "let's try earlier to avoid the 12 pm meeting": the wish, not what it avoids
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
    return unique_windows(out)


_RELATIVE_WISH_RE = re.compile(r"\b(?:try|something|anything|one|how about|what about|maybe|perhaps|could|can)\b")


_HAVE_MEETING_RE = re.compile(
    r"\b(?:i|we) (?:also )?(?:have|'?ve got|got)\b(?!(?:[^,]{0,40})\b(?:after|before|until|till|by|from|past)\b)"
    r"[^,]{0,40}\bmeetings?\b"
)


_OVERLAP_RE = re.compile(r"\b(?:overlap\w*|conflict\w*|clash\w*|cuts? into|runs? into)")


_PIECE_RE = re.compile(
    r",|\bbut\b|\bhowever\b|\bthough\b|\b(?:is|are) there\b|\bdo you have\b|"
    # "meetings on 5/31 and 6/1 so 6/2 might be best": what follows "so" judges on its own
    rf"\bso\b(?=\s+(?:maybe|perhaps|probably|possibly|i\b|we\b|let'?s\b|how\b|what\b|{ANY_DATE})\b)"
)


_SEGMENT_RE = re.compile(rf"\b(or|and|(?:to|through|thru|till|until)(?=\s+(?:the\s+)?(?:{ANY_DATE})\b))\b|&")


_OTHER_DAY_RE = re.compile(r"\b(?:monday|tuesday|tues|saturday|sunday|mon|weekend)s?\b")


_TIME_WORDS_RE = re.compile(rf"{DAY_RE.pattern}|{PART_RE.pattern}|{TIME_RE.pattern}")


_FILLER_RE = re.compile(r"(?:\W|\b(?:and|or|also|on|in|at|the|early|late|from|to|of|day|then)\b)*")


def bare_times(text: str) -> bool:
    """Whether ``text`` only names times (days, parts of the day, clocks): an item of a list."""
    return bool(_TIME_WORDS_RE.search(text)) and bool(_FILLER_RE.fullmatch(_TIME_WORDS_RE.sub(" ", text)))


def part_only_text(text: str) -> bool:
    """Whether the bounds of ``text`` come from parts of the day alone (no clock time)."""
    return bool(PART_RE.search(text)) and not TIME_RE.search(text) and not BARE_BOUND_RE.search(text)


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


def unique_windows(windows: list[MedWindow]) -> list[MedWindow]:
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


def good_or_bad(text: str) -> bool | None:
    """The polarity a piece of text gives its windows (``None``: it says neither)."""
    text = re.sub(r"\bif not\b|\bwork(?= (?:meetings?|calls?|events?|stuff|things)\b)", "", text)  # "work meetings"
    if BAD_WORDS.search(text):
        return bool(re.search(r"\b(works?|open|free|fine|best)\b", text)) and not re.search(
            r"\b(not|no|can'?t|won'?t|doesn'?t|cannot)\b", text
        )
    if GOOD_WORDS.search(text):
        return True
    return None


def _merges(window: MedWindow, after: str | None, before: str | None) -> bool:
    """Whether one-sided bounds complete ``window`` into one span ("after 18:00, before 20:00")."""
    if window.after is not None and window.before is None:
        return before is not None and after is None
    if window.before is not None and window.after is None:
        return after is not None and before is None
    return False
