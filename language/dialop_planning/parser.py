"""``PlanningParser``: a Planning message into acts, clause by clause, in the dialogue's context."""

from __future__ import annotations

import bisect
import itertools
import re
from collections.abc import Iterable
from functools import cache
from typing import Any

from language.act_base import ActBase
from language.dialop_planning.acts import (
    PlanAsk,
    PlanBudget,
    PlanCategory,
    PlanFeature,
    PlanningContext,
    PlanNoPreference,
    PlanPropose,
    PlanSiteOpinion,
    PlanSiteScore,
    PlanTravel,
    PlanVerdict,
    PlanWantSite,
)
from language.dialop_planning.lexicon import (
    ABOUT_PROPOSAL,
    ACCEPT,
    ACCEPT_JUDGED,
    ADD,
    AFFIRM,
    ASK_LIST,
    ASK_OPEN,
    ASK_UNMARKED,
    BUDGET_AMOUNT,
    CATEGORY_MENTION,
    CATEGORY_OF_WORD,
    CHOICE,
    CONTRAST,
    CORRECTION,
    DEMONSTRATIVE,
    DESIRE,
    DIFFERENT,
    EATING,
    ECHO,
    EXCEPT,
    HAS_BAD,
    IF,
    IMPLIED,
    INTERJECTION,
    INVITATION,
    LISTED,
    LOOSE,
    MUST,
    NEAR,
    NEAR_SUGGESTED,
    NEG,
    NEXT_PART,
    NO,
    NO_PREF,
    ORDINAL,
    OTHERS,
    POS,
    PRICE,
    PRONOUN,
    PROPOSE,
    QUESTION_OPEN,
    RATING,
    RATING_FIRST,
    RATING_HIGH,
    REFERENCE,
    REJECT,
    REJECT_JUDGED,
    SIGNED,
    SITE_BAD,
    SITE_DROP,
    SITE_GOOD,
    THE_WORD,
    TRAVEL,
    WINDOW,
    YES,
    criticised_after,
    description_table,
    find_sites,
    normalize,
    polarity_at,
    respell,
    site_names,
    split_clauses,
    strip_sites,
    window_before,
    word_pattern,
)
from language.dialop_planning.vocabulary import (
    BOOL_FEATURES,
    CATEGORICAL,
    CATEGORY_WORDS,
    HIDDEN_WORDS,
    LOW_RATINGS,
    RATINGS,
    TOPIC_WORDS,
    Category,
    Topic,
    is_topic,
)
from language.text import clean_message

# --------------------------------------------------------------------------------------------------
# Parser


class PlanningParser:
    """Reads planning messages into :data:`PlanAct` lists (see the module docstring)."""

    def parse(self, message: Any, context: Any = None) -> list[ActBase]:
        """The acts of ``message``; ``[]`` for garbage. Never raises.

        Args:
            message: the partner's text.
            context: a :class:`PlanningContext` (or anything; unused fields are ignored).

        Returns:
            The acts, feature preferences merged per feature.
        """
        text = clean_message(message)  # cut first: nothing below reads more than the cap
        if not text.strip():
            return []
        ctx = context if isinstance(context, PlanningContext) else PlanningContext()
        try:
            return self._parse(text, ctx)
        except Exception:  # a parser must never raise on user text
            return []

    def _parse(self, message: str, ctx: PlanningContext) -> list[ActBase]:
        text = respell(normalize(message))
        if ctx.author == "assistant":
            return _merge(self._assistant(text))
        if ctx.author == "user":
            text = _resolve(text, ctx)
        clauses = split_clauses(text)
        named = {name for clause, _ in clauses for _, name in find_sites(clause)}
        acts: list[ActBase] = []
        for i, (clause, question) in enumerate(clauses):
            read = self._clause(clause, question, ctx, first=i == 0, named=named)
            if ctx.author == "user" and CORRECTION.search(clause):
                acts, read = _retract(acts, read, clause)
            acts.extend(read)
        return _merge(acts)

    # ---- the assistant ---------------------------------------------------------------------------
    def _assistant(self, text: str) -> list[ActBase]:
        """An assistant's message: the sites it names (a suggestion), else its questions.

        What it says about its proposal or restates of the user's wishes is no preference."""
        clauses = split_clauses(text)
        sites: list[tuple[str, bool]] = []  # (site, criticised)
        for clause, _ in clauses:
            found = find_sites(clause)
            for i, (pos, name) in enumerate(found):
                near = NEAR_SUGGESTED.search(window_before(clause, pos))
                if SITE_DROP.search(clause[max(0, pos - 20) : pos]) or near or name in (s for s, _ in sites):
                    continue
                end = found[i + 1][0] if i + 1 < len(found) else len(clause)
                cut = CONTRAST.search(clause, pos, end)
                after = clause[pos : min(cut.start() if cut else end, pos + WINDOW)]
                if ECHO.match(strip_sites(after)):
                    continue  # "Liberty Memorial sounds great": the user's own wish acknowledged
                sites.append((name, criticised_after(strip_sites(after))))
        # a site it names only to criticise gives way to the others ("X is far; how about Y?"), and is
        # offered only when it asks the user to choose ("X is far, do you still want it?")
        kept = [name for name, bad in sites if not bad]
        if not kept and any(q and CHOICE.search(c) for c, q in clauses):
            kept = [name for name, _ in sites]
        if kept:
            return [PlanPropose(sites=tuple(kept[:3]))]
        asks: list[ActBase] = []
        for clause, question in clauses:
            openers = list(ASK_OPEN.finditer(clause))
            if not question and not any(m.group(1) in ASK_UNMARKED for m in openers):
                continue
            part = clause[openers[0].start() :] if openers else clause
            if ABOUT_PROPOSAL.search(part):
                continue  # "Does this plan with a cafe work for you?": a question on its own proposal
            topic = _topic(part) or ("anything" if INVITATION.search(part) else None)
            topics = [topic] if topic is not None else []
            if (listed := ASK_LIST.search(part)) is not None:  # "things like budget, interests, touristy spots?"
                topics += [t for item in re.split(r",|\bor\b|\band\b", part[listed.end() :]) if (t := _topic(item))]
            for topic in topics:
                if PlanAsk(topic=topic) not in asks:
                    asks.append(PlanAsk(topic=topic))
        return asks

    # ---- clauses -----------------------------------------------------------------------------------
    def _clause(self, clause: str, question: bool, ctx: PlanningContext, first: bool, named: set[str]) -> list[ActBase]:
        key = clause.rstrip("!.")
        if key in description_table():
            return [description_table()[key]]
        user = ctx.author == "user"
        sites = [(p, name) for p, name in find_sites(clause) if not (user and NEAR.search(window_before(clause, p)))]
        if SIGNED.search(strip_sites(clause)) and not BUDGET_AMOUNT.search(clause):
            scored = self._scores(clause)
            if scored:
                return scored
        if user and first and ctx.last_question is not None and (answer := _answer(clause, ctx.last_question)):
            return answer
        if user and first and ctx.suggested and not sites and AFFIRM.match(clause):
            # "Yes" / "go for it" / "sounds good" takes up the assistant's suggestion
            taken: list[ActBase] = [PlanSiteOpinion(site=s, liked=True) for s in ctx.suggested]
            return taken + self._preferences(clause, sites, ctx, question, named)
        if user:
            clause = INTERJECTION.sub("", clause)  # "No, a restaurant would be best": "no" answers, it says no "no"
        if (no_pref := NO_PREF.search(clause)) is not None:
            return self._no_preference(clause, no_pref, question, ctx, named)
        verdict = self._verdict(clause, ctx)
        if not user and sites and (PROPOSE.search(clause) or len(sites) >= 3) and not MUST.search(clause):
            return verdict + [self._proposal(clause, sites)]
        if not user and (question or QUESTION_OPEN.match(clause)):
            return verdict + self._question(strip_sites(clause))
        return verdict + self._preferences(clause, sites, ctx, question, named)

    def _no_preference(
        self, clause: str, match: re.Match[str], question: bool, ctx: PlanningContext, named: set[str]
    ) -> list[ActBase]:
        """ "No preference on X, but I want Y": the no-preference part and the rest read on its own."""
        cut = CONTRAST.search(clause, match.end())
        part = clause[: cut.start()] if cut else clause
        topic = _topic(strip_sites(part[match.start() :])) or _topic(strip_sites(part))
        if topic is None:
            topic = ctx.last_question if ctx.author == "user" and ctx.last_question else "anything"
        acts: list[ActBase] = [PlanNoPreference(topic=topic)]
        if cut is not None:
            rest = clause[cut.end() :].strip(" ,")
            if rest:
                acts.extend(self._clause(rest, question, ctx, first=False, named=named))
        return acts

    # ---- clause readers ------------------------------------------------------------------------
    def _question(self, clause: str) -> list[ActBase]:
        topic = _topic(clause)
        if topic is None and re.search(
            r"\b(preferences?|anything|looking for|interested|like to do|you like)\b", clause
        ):
            topic = "anything"
        return [PlanAsk(topic=topic)] if topic is not None else []

    def _scores(self, clause: str) -> list[ActBase]:
        """Feedback: ``<term> <signed score>`` pairs (sites, travel, budget, categories, wish list)."""
        acts: list[ActBase] = []
        for part in clause.split(","):
            match = SIGNED.search(part)
            if match is None:
                continue
            value = int(match.group(1).replace(" ", "").replace("−", "-"))
            head = part[: match.start()]
            sites = [name for _, name in find_sites(head)]
            bare = strip_sites(head)
            if sites and re.search(r"\b(must|wish|want|hoped|heard)\b", bare):
                acts.append(PlanWantSite(sites=tuple(sites), must="must" in bare, score=value))
            elif len(sites) == 1:
                acts.append(PlanSiteScore(site=sites[0], score=value))
            elif re.search(r"\b(travel|distance|driving|walking)\b", bare):
                acts.append(PlanTravel(score=value))
            elif re.search(r"\b(budget|price|cost)\b", bare):
                acts.append(PlanBudget(score=value))
            elif (category := _category(bare)) is not None:
                acts.append(PlanCategory(category=category, score=value))
        return acts

    def _verdict(self, clause: str, ctx: PlanningContext) -> list[ActBase]:
        if ctx.author == "user":  # a judgement of the whole pending proposal, in words
            if ctx.last_proposal is None:
                return []
            head = clause.split(",")[0]
            if REJECT.match(clause) or REJECT_JUDGED.search(clause):
                return [PlanVerdict(accept=False)]
            bare_yes = YES.match(head) and (ctx.last_question is not None or len(clause.split()) > 3)
            if (ACCEPT.match(head) and not bare_yes or ACCEPT_JUDGED.match(head)) and not NEG.search(head):
                return [PlanVerdict(accept=True)]
            return []
        if REJECT.match(clause):
            return [PlanVerdict(accept=False)]
        if ACCEPT.match(clause) and not NEG.search(clause):
            return [PlanVerdict(accept=True)]
        return []

    def _proposal(self, clause: str, sites: list[tuple[int, str]]) -> PlanPropose:
        marks: list[tuple[int, str | None]] = [(pos, name) for pos, name in sites]
        marks += [(m.start(), None) for m in re.finditer(r"\b(an open slot|open slot|empty slot|nothing)\b", clause)]
        marks.sort(key=lambda m: m[0])
        return PlanPropose(sites=tuple(name for _, name in marks[:3]))

    def _preferences(
        self,
        clause: str,
        sites: list[tuple[int, str]],
        ctx: PlanningContext,
        question: bool = False,
        named: set[str] | None = None,
    ) -> list[ActBase]:
        acts: list[ActBase] = []
        bare = strip_sites(clause)
        user = ctx.author == "user"
        if user:
            acts.extend(_user_site_acts(clause, sites, ctx, question))
            acts.extend(_others(clause, ctx, named or set()))
            acts.extend(_replaced_kind(bare, ctx, named or set()))
        else:
            acts.extend(_site_acts(clause, sites))
        if (budget := BUDGET_AMOUNT.search(bare)) and re.search(
            r"\b(budget|below|under|spend|max|cost|limit|only have|have only|total|entire|whole)", bare
        ):
            acts.append(PlanBudget(amount=int(next(g for g in budget.groups() if g))))
        elif user and PRICE.search(bare):
            acts.append(PlanBudget())
        if TRAVEL.search(bare):
            acts.append(PlanTravel())
        if user:
            acts.extend(_categories(bare))
        elif re.search(r"\bat least one\b|\bgo to an? |\bvisit an? |\bsee an? |\bone \w+ at least\b|^an? \w+$", bare):
            category = _category(bare)
            if category is not None:
                acts.append(PlanCategory(category=category))
        acts.extend(_rating(bare))
        acts.extend(_categorical(bare))
        acts.extend(_booleans(bare, described=bool(sites), spoken=user))
        return acts


def _answer(clause: str, topic: Topic) -> list[ActBase]:
    """A bare yes/no answer to the assistant's question on ``topic`` (``[]`` if it says more)."""
    rest = strip_sites(clause)
    if _topic(rest) not in (None, topic) or BUDGET_AMOUNT.search(rest):
        return []
    if NO.match(rest) or NO_PREF.search(rest):
        return [PlanNoPreference(topic=topic)]
    if YES.match(rest) and topic in BOOL_FEATURES and len(rest.split()) <= 6:
        return [_bool_act(topic, True, bool(LOOSE.search(rest)))]
    return []


def _resolve(text: str, ctx: PlanningContext) -> str:
    """The user's references to proposed sites spelt out: "the second one", "the park", "that place"."""
    slots = [s for s in (ctx.last_proposal or ()) if s]

    def site_for(match: re.Match[str]) -> str:
        ordinal, kind = match.group(1), match.group(2)
        if ordinal and slots:
            index = ORDINAL[ordinal]
            if -len(slots) <= index < len(slots):
                return normalize(slots[index])
        if kind and slots:
            category = CATEGORY_OF_WORD.get(kind, "shop" if kind in ("mall", "store") else None)
            same = [s for s in slots if _site_category(s) == category]
            if len(same) == 1:
                return normalize(same[0])
        return match.group(0)

    text = _partial_names(REFERENCE.sub(site_for, text), ctx)
    if len(ctx.suggested) == 1:
        site = normalize(ctx.suggested[0])
        text = DEMONSTRATIVE.sub(site, text)
        text = PRONOUN.sub(lambda m: f"{m.group(1)} {site}", text)
    return text


def _retract(acts: list[ActBase], read: list[ActBase], clause: str) -> tuple[list[ActBase], list[ActBase]]:
    """A self-correction ("never mind, not the museum actually"): the wishes said earlier in the
    message for the sites (or the kind of place) it names are taken back, and it says no more of them."""
    sites = {name for _, name in find_sites(clause)}
    kinds = {c for c in (CATEGORY_OF_WORD.get(m.group(1)) for m in CATEGORY_MENTION.finditer(clause)) if c}
    kept: list[ActBase] = []
    for act in acts:
        if isinstance(act, PlanWantSite):
            left = tuple(s for s in act.sites if s not in sites and _site_category(s) not in kinds)
            if left:
                kept.append(act.model_copy(update={"sites": left}))
        elif not (isinstance(act, PlanCategory) and act.category in kinds and not sites):
            kept.append(act)
    read = [
        a
        for a in read
        if not (isinstance(a, PlanSiteOpinion) and a.site in sites)
        and not (isinstance(a, PlanWantSite) and set(a.sites) <= sites)
    ]
    return kept, read


def _replaced_kind(bare: str, ctx: PlanningContext, named: set[str]) -> list[ActBase]:
    """ "Try a different park": the proposal's park is not wanted (the park itself is asked for apart)."""
    slots = [s for s in ctx.last_proposal or () if s]
    out: list[ActBase] = []
    for match in DIFFERENT.finditer(bare):
        kind = CATEGORY_OF_WORD.get(match.group(1)) or CATEGORY_OF_WORD.get(match.group(1).rstrip("s"))
        same = [s for s in slots if _site_category(s) == kind]
        if len(same) == 1 and same[0] not in named:
            out.append(PlanSiteOpinion(site=same[0], liked=False))
    return out


def _name_words(sites: Iterable[str]) -> dict[str, list[tuple[str, str]]]:
    """Word of a site's name -> ``(site, the rest of the name after it)`` (no articles, no kinds)."""
    table: dict[str, list[tuple[str, str]]] = {}
    for site in dict.fromkeys(sites):
        words = [w for w in normalize(site).split() if w != "the"]
        for k, word in enumerate(words):
            if len(word) > 2 and word not in CATEGORY_OF_WORD and word not in ("and", "of"):
                table.setdefault(word, []).append((site, " ".join(words[k + 1 :])))
    return table


@cache
def _all_name_words() -> dict[str, list[tuple[str, str]]]:
    """The last words of every site's name that name it alone ("the grill", "the plaza")."""
    table = _name_words(site_names())
    return {
        word: options
        for word, options in table.items()
        if len(options) == 1 and options[0][1] == "" and word not in ("house", "art", "spot")
    }


def _partial_names(text: str, ctx: PlanningContext) -> str:
    """ "The grill", "the plaza": a word of exactly one site on the table (proposed or suggested),
    else of exactly one site of all."""
    table = _name_words([*(s for s in ctx.last_proposal or () if s), *ctx.suggested])
    every = _all_name_words()

    def site_for(match: re.Match[str]) -> str:
        word = match.group(1) or match.group(2)
        options = table.get(word) or (every.get(word, []) if match.group(1) else [])
        if len(options) != 1:
            return match.group(0)
        site, rest = options[0]
        if rest and text.startswith(" " + rest, match.end()):
            return match.group(0)  # the full name follows: read as it is
        return normalize(site)

    return THE_WORD.sub(site_for, text)


@cache
def _categories_of_sites() -> dict[str, str]:
    from games.dialop.planning_game import task_data

    return {e["name"]: e["type"] for e in task_data()["all_events"]}


def _site_category(name: str) -> str | None:
    return _categories_of_sites().get(name)


def _user_site_acts(clause: str, sites: list[tuple[int, str]], ctx: PlanningContext, question: bool) -> list[ActBase]:
    """The user's words on sites: reactions to the ones on the table (the latest proposal, the
    assistant's suggestions), wishes for others (a site of an earlier proposal wanted back is a wish)."""
    current = set(ctx.suggested) | {s for s in ctx.last_proposal or () if s}
    wanted: list[str] = []
    opinions: list[ActBase] = []
    must = bool(MUST.search(clause))
    bare_answer = LISTED.fullmatch(strip_sites(clause).strip(" ,.!?")) is not None  # "Saul's." (nothing else)
    for i, (pos, name) in enumerate(sites):
        end = _group_end(clause, sites, i)
        cut = CONTRAST.search(clause, pos, end)
        after = strip_sites(clause[pos : min(cut.start() if cut else end, pos + WINDOW)])
        if (comma := NEXT_PART.search(after)) is not None:
            after = after[: comma.start()]  # "X, too, and a viewpoint wouldn't hurt": the words on X end
        start = sites[_group_start(clause, sites, i)][0]
        before = clause[max(0, start - 30) : pos]
        dropped = bool(SITE_DROP.search(clause[max(0, start - 30) : start])) or bool(
            re.search(r"\b(replace|swap|drop|remove) (?:that|it)\b", after)
        )
        tail = strip_sites(clause[pos : min(cut.start() if cut else end, pos + WINDOW)])
        if EXCEPT.search(clause, max(0, start - 50), start):
            # "I love everything but X": X is not liked, the rest of the proposal is
            dropped = True
            rest = [s for s in ctx.last_proposal or () if s and s not in {n for _, n in sites}]
            opinions.extend(PlanSiteOpinion(site=s, liked=True) for s in rest)
        bad = not polarity_at(clause, pos) or dropped or criticised_after(after) or bool(HAS_BAD.match(tail))
        if bad and IF.search(clause, max(0, start - 40), pos):
            continue  # "if I have to ditch X": hypothetical
        wish = bool(ADD.search(before)) or bool(
            re.match(r"\W*(?:\w+ )?(?:needs? to be|back)\b", after.replace("SITE", ""))
        )
        if bad:
            opinions.append(PlanSiteOpinion(site=name, liked=False))
        elif name in current and not wish:
            if (
                bare_answer
                or POS.search(CONTRAST.split(window_before(clause, pos))[-1])
                or SITE_GOOD.search(after)
                or DESIRE.search(before)
            ):
                opinions.append(PlanSiteOpinion(site=name, liked=True))
        elif (
            must
            or question
            or wish
            or bare_answer
            or DESIRE.search(window_before(clause, pos))
            or SITE_GOOD.search(after)
        ):
            wanted.append(name)
        elif re.search(r"\b(go to|try)\b", window_before(clause, pos)):
            wanted.append(name)
    want = [PlanWantSite(sites=tuple(dict.fromkeys(wanted)), must=must)] if wanted else []
    return want + opinions


def _others(clause: str, ctx: PlanningContext, named: set[str]) -> list[ActBase]:
    """ "I love X but the other two ...": the proposal's sites the message does not name."""
    match = OTHERS.search(clause)
    if (
        match is None
        or not ctx.last_proposal
        or re.search(r"\b(?:from|to|near|around|of)\s+$", window_before(clause, match.start()))
    ):
        return []  # "too far from the others": a place, not a judgement
    rest = [s for s in ctx.last_proposal if s and s not in named]
    cut = CONTRAST.search(clause, match.end())
    after = clause[match.end() : cut.start() if cut else len(clause)]
    dropped = SITE_DROP.search(clause, max(0, match.start() - 30), match.start())
    liked = polarity_at(clause, match.start()) and not SITE_BAD.search(after) and not dropped
    return [PlanSiteOpinion(site=s, liked=liked) for s in rest]


def _site_acts(clause: str, sites: list[tuple[int, str]]) -> list[ActBase]:
    """Wish-list and opinion acts of the sites named in a preference clause (author unknown)."""
    wanted: list[str] = []
    opinions: list[ActBase] = []
    must = bool(MUST.search(clause))
    for i, (pos, name) in enumerate(sites):
        end = _group_end(clause, sites, i)
        cut = CONTRAST.search(clause, pos, end)
        after = strip_sites(clause[pos : min(cut.start() if cut else end, pos + WINDOW)])
        disliked = not polarity_at(clause, pos) or SITE_DROP.search(clause[max(0, pos - 30) : pos])
        if disliked or (not must and SITE_BAD.search(after)):
            opinions.append(PlanSiteOpinion(site=name, liked=False))
        elif must or DESIRE.search(window_before(clause, pos)):
            wanted.append(name)
        elif SITE_GOOD.search(after):
            opinions.append(PlanSiteOpinion(site=name, liked=True))
    want = [PlanWantSite(sites=tuple(dict.fromkeys(wanted)), must=must)] if wanted else []
    return want + opinions


def _group_start(clause: str, sites: list[tuple[int, str]], i: int) -> int:
    """The first site of the list site ``i`` is in: "drop A and B" says "drop" of both."""
    j = i
    while j > max(0, i - 6) and LISTED.fullmatch(strip_sites(clause[sites[j - 1][0] : sites[j][0]])):
        j -= 1
    return j


def _group_end(clause: str, sites: list[tuple[int, str]], i: int) -> int:
    """Where the words about site ``i`` end: "A and B are great" says "are great" of both."""
    j = i
    while j + 1 < min(len(sites), i + 6) and LISTED.fullmatch(strip_sites(clause[sites[i][0] : sites[j + 1][0]])):
        j += 1
    return sites[j + 1][0] if j + 1 < len(sites) else len(clause)


def _topic(clause: str) -> Topic | None:
    best: tuple[int, Topic] | None = None
    for topic, words in TOPIC_WORDS.items():
        match = word_pattern(words).search(clause)
        if match and (best is None or match.start() < best[0]):
            best = (match.start(), topic)
    for feature, pattern in IMPLIED.items():
        match = pattern.search(clause)
        if match and is_topic(feature) and (best is None or match.start() < best[0]):
            best = (match.start(), feature)
    if best is None and _category(clause) is not None:
        return "category"
    return best[1] if best else None


def _category(text: str) -> Category | None:
    for category, words in CATEGORY_WORDS.items():
        if word_pattern(words).search(text):
            return category
    return None


_IF_BEFORE = re.compile(r"\bif (?:\w+ ){0,2}$")
"""A condition right before an eating stop ("if we get food, ..."): no request for one."""


def _categories(text: str) -> list[ActBase]:
    """The kinds of places a user's clause asks for ("add a shop", "another bar", "somewhere to eat")."""
    found: list[tuple[int, Category]] = []
    mentions = list(CATEGORY_MENTION.finditer(text))
    for k, match in enumerate(mentions):
        word = match.group(1)
        category = CATEGORY_OF_WORD.get(word) or CATEGORY_OF_WORD.get(word.rstrip("s"))
        if k + 1 < len(mentions) and not text[match.end() : mentions[k + 1].start()].strip(" -"):
            continue  # "a cafe restaurant": the first kind qualifies the second
        before = text[max(0, match.start() - 12) : match.start()]
        if re.search(r"\bSITE\s+$", before):
            continue  # "Hindenburg memorial": the rest of a name
        definite = re.search(r"\b(?:the|that|this|those|these)\s+$|\bas far as\s+$", before)
        verb = word == "park" and re.search(r"\b(?:can|to|could|where|we|i|you|and)\s+$", before)
        if category is not None and not definite and not verb and polarity_at(text, match.start()):
            found.append((match.start(), category))  # "the cafe" refers to a site; "a cafe" asks for one
    eat = EATING.search(text)
    if (
        eat is not None
        and polarity_at(text, eat.start())
        and not _IF_BEFORE.search(text, max(0, eat.start() - 20), eat.start())
    ):
        found.append((eat.start(), "restaurant"))
    return [PlanCategory(category=c) for c in dict.fromkeys(c for _, c in sorted(found))]


def _rating(text: str) -> list[ActBase]:
    match = RATING.search(text) or RATING_FIRST.search(text)
    if match is None:
        if RATING_HIGH.search(text):
            return [PlanFeature(feature="rating", liked=RATINGS[4:], disliked=LOW_RATINGS)]
        return []
    threshold = float(match.group(1))
    if not 1 <= threshold <= 5:
        return []
    liked = tuple(r for r in RATINGS if r >= threshold)
    return [PlanFeature(feature="rating", liked=liked, disliked=LOW_RATINGS)]


VALUE_ALIASES: dict[str, str] = {
    "cocktail": "cocktails",
    "beers": "beer",
    "wines": "wine",
    "sushi": "japanese",
    "ramen": "japanese",
    "tapas": "spanish",
    "paella": "spanish",
    "burgers": "american",
    "bbq": "american",
    "dim sum": "chinese",
    "fish": "seafood",
}
"""Other words people use for a categorical feature's values ("sushi" is Japanese food)."""


def _categorical(text: str) -> list[ActBase]:
    acts: list[ActBase] = []
    for feature, (values, _) in CATEGORICAL.items():
        liked: list[str] = []
        disliked: list[str] = []
        aliases = {word: value for word, value in VALUE_ALIASES.items() if value in values}
        pattern = word_pattern(values + tuple(aliases))
        for match in pattern.finditer(text):
            value = aliases.get(match.group(1), match.group(1))
            too = text.endswith("too ", 0, match.start())  # "too trendy"
            target = liked if polarity_at(text, match.start()) and not too else disliked
            if value not in liked and value not in disliked:
                target.append(value)
        if liked or disliked:
            acts.append(PlanFeature(feature=feature, liked=tuple(liked), disliked=tuple(disliked)))
    return acts


_THE_GROUP = re.compile(r"\b(?:the|our|my|this|your|whole|entire) groups?\b(?!\s*(?:of|-?friendly)\b)")
"""The travellers called "the group": no wish for group-friendly places ("is this ok for the group?")."""


_ABSENT = re.compile(
    r"\b(?:no|without|(?:dont|do not|wont|will not) (?:have|bring|be bringing|take)|not (?:bringing|traveling with"
    r"|travelling with|taking)|leaving|arent|are not|isnt|is not|its not|it is not|this is not|thats not)\s+(?:\w+\s+)?$"
)
"""The travellers' kids or group said to be absent ("no kids this time"): no preference."""


def _the_group(text: str, match: re.Match[str]) -> bool:
    """Whether ``match`` ("group") is the travellers' "the group" / "our group"."""
    found = _THE_GROUP.search(text, max(0, match.start() - 7), match.end() + 12)
    return found is not None and found.end() == match.end()


_MISSING = re.compile(
    r"\bSITE\s+(?:\w+\s+)?(?:doesnt|does not|dont|do not|didnt|isnt|is not|has no|have no|lacks?|wont) (?:even )?"
    r"(?:have|offer|provide|allow|take|get|got)?\s*(?:any |a |an |good |great )?$"
)
"""A site said to lack a feature: a complaint, so the feature is wanted ("X doesn't have parking")."""
_DESCRIBED_FOR = re.compile(
    r"\b(?:good|great|bad|suitable|ideal|friendly|fit|terrible|not great)\s+(?:for\s+)?(?:big\s+|large\s+)?$"
)
"""A site described as (not) good for kids or groups: the user cares about the feature."""


_FEATURE_BAD = re.compile(
    r"\s*(?:\w+\s+){0,3}?(?:is|are|gets?|can be)\s+(?:\w+\s+)?(?:too loud|too noisy|annoying|the worst|overrated"
    r"|terrible|awful|a pain)\b|[^,.]{0,40}\b(?:so|just) avoid (?:that|it|them|those)\b"
    r"|[^.]{0,30}?,? (?:which|and|but|that) (?:i|we|my \w+|our \w+) (?:\w+ )?(?:dont|do not|wouldnt|would not|cant|cannot"
    r"|hate|dislike|arent|are not|am not)\b(?! mind)"
)
"""Words right after a feature that complain of it ("live music is typically too loud so avoid that")."""


def _booleans(text: str, described: bool = False, spoken: bool = False) -> list[ActBase]:
    """The boolean-feature acts of a clause, in the order they are mentioned.

    Args:
        text: the clause, sites stripped.
        described: whether the clause names sites ("X is not good for kids" wants kid-friendly places).
        spoken: whether a person wrote it (the author is known): the travellers' kids or group in a
            negated clause are a complaint that wants the feature, which the templates never say.
    """
    found: list[tuple[int, PlanFeature]] = []
    cuts = [0] + [m.end() for m in CONTRAST.finditer(text)] + [len(text) + 1]
    optional = [bool(LOOSE.search(text, a, b)) for a, b in itertools.pairwise(cuts)]

    def loose_at(position: int) -> bool:
        """Whether the part of the clause with ``position`` says it is optional ("X would be nice")."""
        return optional[bisect.bisect_right(cuts, position) - 1]

    for feature, (_, synonyms, _) in BOOL_FEATURES.items():
        match: re.Match[str] | None = word_pattern(synonyms).search(text)
        while match is not None and feature == "good for groups" and _the_group(text, match):
            match = word_pattern(synonyms).search(text, match.end())  # "the group", "our group": the travellers
        implied = IMPLIED.get(feature)
        if (
            implied is not None
            and (other := implied.search(text))
            and (match is None or other.start() < match.start())
            and polarity_at(text, other.start())  # "we don't have a car" implies nothing
        ):
            match = other
        if feature == "touristy":
            hidden = word_pattern(HIDDEN_WORDS).search(text)
            if hidden and (match is None or hidden.start() <= match.start()):
                # wishing for hidden spots is loose (the yaml's "hidden, non-touristy spots would be cool")
                value = not polarity_at(text, hidden.start())
                found.append((hidden.start(), _bool_act(feature, value, loose_at(hidden.start()) or value is False)))
                continue
        if match is None:
            continue
        if _MISSING.search(text[max(0, match.start() - 60) : match.start()]):
            found.append((match.start(), _bool_act(feature, True, loose_at(match.start()))))
        elif "rather not" in text[: match.start()]:
            found.append((match.start(), PlanFeature(feature=feature, disliked=(True,))))
        elif (
            described
            and feature in ("good for kids", "good for groups")
            and _DESCRIBED_FOR.search(text[: match.start()])
        ):
            found.append((match.start(), _bool_act(feature, True, loose_at(match.start()))))
        elif feature == "touristy" and text.startswith(" trap", match.end()):
            found.append((match.start(), _bool_act(feature, False, False)))  # tourist traps are always to avoid
        elif _FEATURE_BAD.match(text, match.end()):
            found.append((match.start(), _bool_act(feature, False, False)))  # "live music is too loud"
        elif (
            spoken
            and feature in ("good for kids", "good for groups")
            and not match.group(0).endswith("friendly")
            and not polarity_at(text, match.start())
        ):
            # nobody avoids kid- or group-friendly places: "not sure the kids will enjoy it" is a complaint
            # that wants them; only an absence ("we don't have kids") says nothing
            if not _ABSENT.search(window_before(text, match.start())):
                found.append((match.start(), _bool_act(feature, True, loose_at(match.start()))))
        else:
            value = polarity_at(text, match.start())
            # liking touristy spots is loose (the yaml's "all the classic touristy spots"); "only" makes it strict
            soft = feature == "touristy" and value and not re.search(r"\bonly\b", text[: match.start()])
            found.append((match.start(), _bool_act(feature, value, loose_at(match.start()) or soft)))
    return [act for _, act in sorted(found, key=lambda f: f[0])]


def _bool_act(feature: str, value: bool, loose: bool) -> PlanFeature:
    """``value`` is the liked value; loose statements leave the other value neutral."""
    return PlanFeature(feature=feature, liked=(value,), disliked=() if loose else (not value,))


def _merge(acts: list[ActBase]) -> list[ActBase]:
    """Merge the feature acts of one message per feature (first mention's position); a budget
    without an amount gives way to one with it."""
    merged: list[ActBase] = []
    seen: set[ActBase] = set()
    at: dict[str, int] = {}
    for act in acts:
        if isinstance(act, PlanFeature) and act.feature in at:
            old = merged[at[act.feature]]
            assert isinstance(old, PlanFeature)
            liked = old.liked + tuple(v for v in act.liked if v not in old.liked)
            disliked = old.disliked + tuple(v for v in act.disliked if v not in old.disliked and v not in liked)
            merged[at[act.feature]] = PlanFeature(feature=act.feature, liked=liked, disliked=disliked)
            continue
        if isinstance(act, PlanFeature):
            at[act.feature] = len(merged)
        if act not in seen:  # acts are frozen: a set keeps the merge linear
            seen.add(act)
            merged.append(act)
    if any(isinstance(a, PlanBudget) and a.amount is not None for a in merged):
        merged = [a for a in merged if a != PlanBudget()]
    return merged
