"""The fact questions of CoordinationQA's Overcooked scenarios (environment comprehension), each
computed from the position the scenario states (:mod:`.overcooked_position`): the ingredients a pot
still needs, who reaches what (roles in a split kitchen), what blocks a delivery, and which source
or drop is nearer. A question none of them recognises is abstained.

| template | recognised by | computed as |
| --- | --- | --- |
| ``count`` | "how many (more) onions / tomatoes", "what ... missing" | the recipe minus the pot's contents (a whole recipe for the next soup) |
| ``yes-no`` | "possible ... start cooking", "can we deliver", "need the tomato I am holding", "both ... holding a plate", "the onion on s2 ... either of the cookers" | the pots' and hands' states |
| ``roles`` | "who is in charge of passing / delivering / putting onions", "who is in the best position to put the last onion" | who reaches the dispensers, the delivery area, the pots; the shorter walk |
| ``reach`` | "if I stay where I am", "deliver it on his own", "what is blocking", "why is d0 inaccessible", "access an onion dispenser at the same time" | distances, "blocked by", closed gates |
| ``nearest`` | "best source of onions", "quicker ... cookers, or ... shared counter" | the shorter stated distance |
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence

from agent.kits.llm_coordination.answers import Answer, pick_bool, pick_count, single
from agent.kits.llm_coordination.overcooked_position import UNREACHABLE, OvercookedPosition
from language.choices import Option

INGREDIENTS = ("onion", "tomato")


def _starts(options: Sequence[Option], *words: str) -> list[str]:
    return [o.letter for o in options if any(re.match(rf"\s*{re.escape(w)}\b", o.text, re.I) for w in words)]


def _bool(options: Sequence[Option], value: bool) -> list[str]:
    letter = pick_bool(options, value)
    return [letter] if letter else []


def _who(options: Sequence[Option], me: bool, partner: bool, equal: bool = False) -> list[str]:
    if equal:
        return [
            o.letter for o in options if re.search(r"no difference|equally|does not matter|equidistant", o.text, re.I)
        ]
    if me and partner:
        return _starts(options, "both")
    if not me and not partner:
        return _starts(options, "neither")
    return _starts(options, "I am", "I should") if me else _starts(options, "Bob is", "Bob should")


def _reaches(position: OvercookedPosition, who: str, kind: str) -> bool:
    return position.nearest(who, position.places(kind)) is not None


def _nearest_distance(position: OvercookedPosition, who: str, places: Sequence[str]) -> int:
    return min((position.distance(who, p) for p in places), default=UNREACHABLE)


def _count(position: OvercookedPosition, asked: str, options: Sequence[Option]) -> Answer | None:
    count = re.search(r"how many (?:more )?(onions?|tomato(?:e?s)?)", asked)
    if count:
        index = 0 if count.group(1).startswith("onion") else 1
        named = re.search(r"\b(c\d+)\b", asked)
        cooker = position.cookers.get(named.group(1) if named else "c0") or next(iter(position.cookers.values()), None)
        if cooker is None:
            return Answer(None, "count", "no cooker stated")
        n = position.recipe[index] if ("next soup" in asked or "after" in asked) else position.missing(cooker)[index]
        return single([letter for letter in [pick_count(options, n)] if letter], "count", f"{n} {count.group(1)}")
    if "missing" in asked and position.cookers:
        onions, tomatoes = position.missing(next(iter(position.cookers.values())))
        return single(_missing_options(options, onions, tomatoes), "count", f"{onions} onions, {tomatoes} tomatoes")
    return None


def _missing_options(options: Sequence[Option], onions: int, tomatoes: int) -> list[str]:
    out = []
    for option in options:
        text = option.text.lower()
        if "nothing" in text:
            if onions == tomatoes == 0:
                out.append(option.letter)
            continue
        if ("onion" in text) != (onions > 0) or ("tomato" in text) != (tomatoes > 0):
            continue
        many = bool(re.search(r"multiple|several|more than one", text))
        one = bool(re.search(r"\b(?:1|one)\b", text)) and not re.search(r"one or more|at least one", text)
        total = onions + tomatoes
        if (many and total > 1) or (one and total == 1) or not (many or one):
            out.append(option.letter)
    return out


def _states(position: OvercookedPosition, asked: str, options: Sequence[Option]) -> Answer | None:
    recipe = position.recipe
    cookers = list(position.cookers.values())
    if "start cooking" in asked and "possible" in asked:
        free = any(not c.busy(recipe) and position.distance(position.me, c.name) < UNREACHABLE for c in cookers)
        return single(_bool(options, free), "yes-no", f"a free cooker I reach: {free}")
    if "can we deliver" in asked:
        ready = any(c.cooked for c in cookers) or "soup" in position.held.values()
        return single(_bool(options, ready), "yes-no", f"a soup ready or held: {ready}")
    holding = re.search(r"need the (onion|tomato) i am holding", asked)
    if holding:
        needed = any(position.missing(c)[INGREDIENTS.index(holding.group(1))] > 0 for c in cookers)
        return single(_bool(options, needed), "yes-no", f"a cooker needs it: {needed}")
    if "holding a plate" in asked and "both" in asked:
        soups = sum(c.busy(recipe) or (c.ingredients > 0 and sum(position.missing(c)) == 0) for c in cookers)
        return single(_bool(options, soups >= 2), "yes-no", f"{soups} soups to plate")
    onto = re.search(r"onion on (s\d+|k\d+) be placed in either", asked)
    if onto:
        if position.counters.get(onto.group(1)) != "onion":
            return single(
                [o.letter for o in options if re.search(r"there is no onion", o.text, re.I)], "yes-no", "no onion there"
            )
        open_pots = [c.name for c in cookers if position.missing(c)[0] > 0]
        return single(_either(options, open_pots, [c.name for c in cookers]), "yes-no", f"pots taking it: {open_pots}")
    return None


def _either(options: Sequence[Option], open_pots: Sequence[str], pots: Sequence[str]) -> list[str]:
    if not open_pots:
        return _starts(options, "no")
    if len(open_pots) == len(pots) and len(pots) > 1:
        return [o.letter for o in options if re.search(r"either", o.text, re.I)]
    return [o.letter for o in options if re.search(rf"\b{open_pots[0]}\s+only", o.text, re.I)]


def _roles(position: OvercookedPosition, asked: str, options: Sequence[Option]) -> Answer | None:
    me, partner = position.me, position.partner
    role = re.search(r"who is in charge of (passing|delivering|putting)", asked)
    if role:
        kind = {"passing": "o", "delivering": "d", "putting": "c"}[role.group(1)]
        has = {who: _reaches(position, who, kind) for who in (me, partner)}
        if kind == "o":  # passing: who reaches the dispensers but not the pots
            has = {who: has[who] and not _reaches(position, who, "c") for who in (me, partner)}
        return single(_who(options, has[me], has[partner]), "roles", f"{role.group(1)}: {has}")
    last = re.search(r"best position to put the last onion in (c\d+)", asked)
    if last:
        pot = last.group(1)

        def effort(who: str) -> int:
            carry = position.held.get(who) == "onion"
            fetch = 0 if carry else _nearest_distance(position, who, position.places("o"))
            return fetch + position.distance(who, pot)

        mine, theirs = effort(me), effort(partner)
        return single(_who(options, mine < theirs, theirs < mine, mine == theirs), "roles", f"walks {mine} vs {theirs}")
    return None


def _reach(position: OvercookedPosition, asked: str, options: Sequence[Option]) -> Answer | None:
    me, partner = position.me, position.partner
    partner_reach = position.reach.get(partner, {})
    if "if i stay where i am" in asked:
        blocked = any(r.blocked_by == me for r in partner_reach.values())
        able = _reaches(position, partner, "d") and _reaches(position, partner, "c") and not blocked
        return single(
            _bool(options, able), "reach", f"{partner} reaches pot and delivery without me in the way: {able}"
        )
    gates_closed = bool(position.gates) and not any(position.gates.values())
    if re.search(r"deliver it on his own|able to deliver|blocking bob|blocking him", asked):
        able = _reaches(position, partner, "d")
        if "what is blocking" in asked:
            letters = (
                [o.letter for o in options if re.search(r"g\d+ being closed|gates?", o.text, re.I)]
                if gates_closed
                else []
            )
            return single(letters, "reach", f"delivery reachable: {able}; gates closed: {gates_closed}")
        if re.match(r"\s*(yes|no)\b", options[0].text, re.I):
            return single(_bool(options, able), "reach", f"delivery reachable: {able}")
        pattern = r"nothing is blocking|is able" if able else r"cannot|without assistance|blocking"
        return single([o.letter for o in options if re.search(pattern, o.text, re.I)], "reach", f"able: {able}")
    if "why is d0 inaccessible" in asked and gates_closed:
        return single(
            [o.letter for o in options if re.search(r"gates?.*closed", o.text, re.I)], "reach", "the gates are closed"
        )
    if "at the same time" in asked and "dispenser" in asked:
        both = _reaches(position, me, "o") and _reaches(position, partner, "o")
        return single(_bool(options, both), "reach", f"both reach a dispenser: {both}")
    return None


def _nearest(position: OvercookedPosition, asked: str, options: Sequence[Option]) -> Answer | None:
    me = position.me
    if re.search(r"best source of onions", asked):
        sources = position.places("o") + [c for c, held in position.counters.items() if held == "onion"]
        best = position.nearest(me, sources)
        if best is None:
            return Answer(None, "nearest", "no onion source in reach")
        return single([o.letter for o in options if o.text.strip(" .").lower() == best], "nearest", best)
    if re.search(r"quicker.*cookers.*shared counter", asked):
        to_pot = _nearest_distance(position, me, position.places("c"))
        empty = [s for s in position.places("s") if not position.counters.get(s)]
        to_shared = _nearest_distance(position, me, empty)
        pattern = r"shared counter" if to_shared < to_pot else r"to one of the cookers|walk"
        return single(
            [o.letter for o in options if re.search(rf"quicker.*{pattern}", o.text, re.I)],
            "nearest",
            f"{to_pot} vs {to_shared}",
        )
    return None


FACTS: tuple[Callable[[OvercookedPosition, str, Sequence[Option]], Answer | None], ...] = (
    _count,
    _states,
    _roles,
    _reach,
    _nearest,
)
"""The fact templates, tried in order; the first that recognises the question answers it."""


def answer_fact(position: OvercookedPosition, asked: str, options: Sequence[Option]) -> Answer:
    """The first fact template's answer to ``asked`` (lower-cased question text), else an abstention."""
    for template in FACTS:
        answer = template(position, asked, options)
        if answer is not None:
            return answer
    return Answer(None, None, "no template recognises the question")
