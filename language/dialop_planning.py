"""Offline language layer of DialOp Planning: the acts, a rule parser and a template renderer.

The user states travel preferences and reacts to proposals; the assistant asks about preference
topics and proposes itineraries. Every message is a sequence of clauses (split at ``. ; ! ?``,
newlines and " / ", which people use as a line break); the acts of a message are merged per feature.

| act                | fields                                  | example clause                               |
|--------------------|-----------------------------------------|----------------------------------------------|
| ``plan_feature``   | ``feature``, ``liked``, ``disliked``    | "want live music", "like thai, not chinese"  |
| ``plan_budget``    | ``amount`` or ``score``                 | "budget $60", "too pricey" / "budget -6"     |
| ``plan_travel``    | ``score`` (optional)                    | "short travel please", "anything closer?"    |
| ``plan_want_site`` | ``sites``, ``must``, ``score``          | "must see Atlas Park", "heard BAMPFA is good"|
| ``plan_category``  | ``category``, ``score``                 | "at least one cafe", "somewhere to eat"      |
| ``plan_site_score``| ``site``, ``score``                     | "Lincoln Park +8"                            |
| ``plan_site_opinion``| ``site``, ``liked``                   | "Riverside is way too far", "love the park"  |
| ``plan_ask``       | ``topic``                               | "any budget in mind?"                        |
| ``plan_no_pref``   | ``topic``                               | "no preference on budget", "not really"      |
| ``plan_propose``   | ``sites`` (None = open slot)            | "how about Atlas Park, The Dive and BAMPFA?" |
| ``plan_verdict``   | ``accept``                              | "deal!" / "not quite" / "try again"          |

``score`` fields carry the user's score units as its breakdown shows them (feedback on the latest
proposal); preference statements carry no weight: the user does not know its weights.

Dialogue context (:class:`PlanningContext`, filled by the reader's belief store):

* the author. An assistant's message is a suggestion (``plan_propose`` of the sites it names, in
  order, leaving out one it names only to criticise) or its questions (``plan_ask``; an open
  invitation is topic ``anything``); what it says about its proposal or restates of the user's
  wishes is no preference, so "How does this look?" and "How can I help?" are ``[]``. A user's
  questions are requests ("any bars with wifi?" wants wifi and a bar).
* the assistant's unanswered question: "not really" / "no preference" answer it (``plan_no_pref``
  of its topic), a bare "yes please" to a yes/no feature likes it (strict).
* the latest proposal and the assistant's suggestions since ("on the table"): "the second one", "the
  park", "the grill", "that place", "the other two" name their sites; words on a site on the table
  are a ``plan_site_opinion``, on another site a wish (``plan_want_site``; ``must`` only for "must",
  "definitely", "really want"); "a different park" drops the proposal's park and asks for a park;
  a site dropped for its price or distance also says ``plan_budget()`` / ``plan_travel()``.
  A verdict needs a pending proposal and words on the whole of it ("try again", "that's good").
  A self-correction ("never mind, not the museum") takes back the wishes it names.

Polarity: the nearest cue before a mention decides, within its part of the clause (a contrast, a
causal "as I...", or a new clause after a comma ends a cue's scope); a positive cue right after a
negation with only fillers between ("don't really like") is part of the negation, so a list
introduced as dislikes stays disliked; "like" as a preposition is no cue.

Boolean features follow the generator's conventions (``games/dialop/data/planning.yaml``): any like
is strict (``liked=[True], disliked=[False]``: places without X count against), hedged or not ("would
prefer", "if possible", "would be great"); only optional wording in the same part of the clause
("would be nice", "a plus", "bonus") is loose (``liked=[True]``); "avoid X" / "no X" is strict the
other way. Touristy follows the yaml's three descriptions: liking touristy spots is loose, wishing for
hidden spots is loose ``liked=[False]``, against tourist traps strict. Features are also implied when
affirmed: a group of 7 (groups), kids or a family trip (kids), a rental car (parking), COVID
(outdoor seating), work to do (wifi). Ratings: "above X" includes X, disliked is always 1 to 2.5,
"highly rated" without a number is 3 and up. Consecutive boolean features of one kind are said in
one list ("Want views, wifi and live music"). The exact yaml descriptions are looked up first, so the
user simulator reads its own descriptions verbatim. Site names and categories are the fixed ones of
``planning.yaml`` (with common partial names). Without a context (author unknown) the clause-local
reading of the template renderer's sentences is kept, so the renderer round-trips.

Robustness on people's text (all linear):

* misspelt site names: a word of 6+ letters within one edit of exactly one distinctive word of a
  site's name (same first letter) is respelt first ("Hindenburg", "Arboritum", "Lincon"), looked up
  through its own one-letter deletions (symmetric delete);
* comparisons: "X is cheaper / closer / better than Y" likes X and drops Y (with ``plan_budget()`` /
  ``plan_travel()``); "everything but X" drops X and likes the rest of the proposal; a denied
  criticism ("X isn't as bad as I thought") is none;
* a site's feature said as a complaint ("X has live music, which we don't want") dislikes the site
  and the feature; a site said to lack a feature ("X doesn't have parking") wants the feature;
* nobody avoids kid- or group-friendly places: in a person's negated clause the travellers' kids or
  group ("not sure the kids will enjoy it") want the feature, an absence ("no kids") says nothing;
  "the group" / "our group" are the travellers, no wish for group-friendly places;
* kinds: "a cafe restaurant" is one kind (the last), a kind right after a name is the name's
  ("Hindenburg memorial"), a conditional eating stop ("if we get food") asks for none;
* the assistant: an echo of the user's site ("X sounds great"), a site it dropped, or one it names
  only to criticise is no suggestion (unless it then asks the user to choose), and its questions on
  its own proposal ("what do you think of these activities?") ask no topic; topics it lists as
  examples ("things like budget, interests, touristy spots?") are each asked.

Known limits: the reading is lexical; a site's feature stated without a complaint ("the Cakery has
live music") is not compared with the user's earlier wishes (the context does not carry them);
"the first option" for an earlier proposal only counts as a verdict; conditional wishes ("if Asha is
rated high let's start there") yield nothing; word-order changes in names ("Creamy Cookie")
and misspellings of words under 6 letters are not resolved; pronouns ("it", "that place") other than
a single suggestion are not resolved; an answer to the second of two pending questions is not read; quantities other than a
budget, a rating or a score are not read. Every mention is read against at most :data:`WINDOW`
characters before it (linear time). Garbage yields ``[]`` and the parser never raises.
"""

from __future__ import annotations

import bisect
import itertools
import re
from collections.abc import Iterable
from functools import cache
from typing import Any, Literal, TypeGuard, get_args

import numpy as np
from pydantic import BaseModel, ConfigDict, field_validator

from language.act_base import ActBase
from language.acts import Intent
from language.text import clean_message

Value = bool | float | str

RATINGS = (1.0, 1.5, 2.0, 2.5, 3.0, 3.5, 4.0, 4.5, 5.0)
LOW_RATINGS = (1.0, 1.5, 2.0, 2.5)

# boolean feature -> (phrase of True, synonyms, phrase of False or None)
BOOL_FEATURES: dict[str, tuple[str, tuple[str, ...], str | None]] = {
    "live music": ("live music", ("live music", "concert", "music", "band"), None),
    "viewpoint": (
        "views",
        ("views", "view", "viewpoint", "viewpoints", "panoramic", "scenic", "overlook", "vista"),
        None,
    ),
    "good for kids": ("kid-friendly places", ("kid-friendly", "kid", "kids", "children", "child", "family"), None),
    "good for groups": ("group-friendly places", ("group-friendly", "group", "groups"), None),
    "touristy": ("touristy spots", ("touristy", "tourist", "tourists", "classic"), "hidden spots"),
    "accepts reservations": (
        "reservations",
        ("reservation", "reservations", "reservable", "reserve", "reserved", "book ahead", "booked ahead"),
        None,
    ),
    "outdoor seating": (
        "outdoor seating",
        (
            "outdoor seating",
            "outdoor dining",
            "outdoor options",
            "outdoor tables",
            "outdoor eating",
            "outdoor space",
            "outdoor places",
            "seating outside",
            "sit outside",
            "eat outside",
            "outdoors",
            "patio",
            "covid",
        ),
        None,
    ),
    "vegetarian options": ("vegetarian options", ("vegetarian", "veggie"), None),
    "vegan options": ("vegan options", ("vegan",), None),
    "has wifi": ("wifi", ("wifi", "wi-fi", "internet"), None),
    "has parking": ("parking", ("parking", "park my car"), None),
    "has takeout": ("takeout", ("takeout", "take-out", "take out", "to-go"), None),
}
HIDDEN_WORDS = (
    "hidden",
    "non-touristy",
    "nontouristy",
    "off the beaten",
    "local spots",
    "local places",
    "not touristy",
    "non touristy",
    "less touristy",
    "not too touristy",
    "not very touristy",
    "not so touristy",
    "low-key",
    "low key",
    "tourist radar",
    "off the tourist",
    "hidden gems",
    "local favorites",
)
CATEGORICAL: dict[str, tuple[tuple[str, ...], str]] = {
    "cuisine": (
        ("american", "chinese", "japanese", "korean", "french", "ethiopian", "spanish", "kosher", "thai", "seafood"),
        " food",
    ),
    "ambience": (("divey", "hipster", "casual", "trendy", "intimate", "romantic", "classy", "serious"), " places"),
    "alcohol type": (("beer", "wine", "cocktails"), ""),
}
Category = Literal["restaurant", "bar", "cafe", "museum", "landmark", "park", "shop"]
CATEGORIES: tuple[Category, ...] = get_args(Category)
CATEGORY_WORDS: dict[Category, tuple[str, ...]] = {
    "restaurant": ("restaurant", "restaurants"),
    "bar": ("bar", "bars", "pub", "pubs"),
    "cafe": ("cafe", "cafes", "café", "coffee shop"),
    "museum": ("museum", "museums"),
    "landmark": ("landmark", "landmarks", "monument", "memorial"),
    "park": ("park", "parks"),
    "shop": ("shop", "shops", "shopping", "mall", "store"),
}
Topic = Literal[
    "anything",
    "budget",
    "travel",
    "places",
    "category",
    "rating",
    "cuisine",
    "ambience",
    "alcohol type",
    # every boolean feature, in the order of BOOL_FEATURES
    "live music",
    "viewpoint",
    "good for kids",
    "good for groups",
    "touristy",
    "accepts reservations",
    "outdoor seating",
    "vegetarian options",
    "vegan options",
    "has wifi",
    "has parking",
    "has takeout",
]
TOPICS: tuple[Topic, ...] = get_args(Topic)


def is_topic(name: str) -> TypeGuard[Topic]:
    """Whether ``name`` is a question topic (a feature name is one)."""
    return name in TOPICS


assert TOPICS[-len(BOOL_FEATURES) :] == tuple(BOOL_FEATURES), "Topic names every boolean feature, in order"
TOPIC_PHRASES: dict[str, str] = {
    "anything": "anything",
    "budget": "budget",
    "travel": "travel distance",
    "places": "specific places",
    "category": "kinds of places",
    "rating": "ratings",
    "cuisine": "cuisine",
    "ambience": "ambience",
    "alcohol type": "drinks",
    **{feature: phrase for feature, (phrase, _, _) in BOOL_FEATURES.items()},
}
TOPIC_WORDS: dict[Topic, tuple[str, ...]] = {
    "budget": ("budget", "price", "cost", "spend", "money", "afford", "expensive", "cheap"),
    "travel": ("travel", "distance", "how far", "too far", "far away", "walk", "drive", "close"),
    "places": ("specific places", "places you want", "must-see", "must see", "particular place"),
    "category": ("kinds of places", "type of place", "types of places", "kind of place", "categories"),
    "rating": ("rating", "ratings", "rated", "stars", "reviews"),
    "cuisine": ("cuisine", "food", "eat", "dinner", "lunch"),
    "ambience": ("ambience", "ambiance", "vibe", "atmosphere"),
    "alcohol type": ("drinks", "drink", "alcohol", "beer", "wine", "cocktails"),
    **{topic: BOOL_FEATURES[topic][1] for topic in TOPICS if topic in BOOL_FEATURES},
}
TOPIC_EXTRA: dict[Topic, tuple[str, ...]] = {
    "category": ("sights", "attractions", "activities", "kinds of things", "types of things"),
    "good for groups": ("alone", "solo", "how many", "party size", "by yourself", "anyone with you", "traveling with"),
    "has parking": ("car",),
    "outdoor seating": ("covid conscious",),
    **{feature: values for feature, (values, _) in CATEGORICAL.items() if is_topic(feature)},
}
"""Words of a question's topic beyond the feature's own ("are you traveling alone?")."""
TOPIC_WORDS.update({topic: TOPIC_WORDS[topic] + extra for topic, extra in TOPIC_EXTRA.items()})


# --------------------------------------------------------------------------------------------------
# Acts


class PlanFeature(ActBase):
    """A feature preference: sites whose ``feature`` is in ``liked`` are good, in ``disliked`` bad."""

    act: Literal["plan_feature"] = "plan_feature"
    feature: str
    liked: tuple[Value, ...] = ()
    disliked: tuple[Value, ...] = ()

    @field_validator("feature")
    @classmethod
    def _known(cls, feature: str) -> str:
        if feature not in BOOL_FEATURES and feature not in CATEGORICAL and feature != "rating":
            raise ValueError(f"unknown feature {feature!r}")
        return feature


class PlanBudget(ActBase):
    """A budget of ``amount`` dollars, or (``score``) the budget term of the latest proposal."""

    act: Literal["plan_budget"] = "plan_budget"
    amount: int | None = None
    score: int | None = None


class PlanTravel(ActBase):
    """Travel should be short; ``score`` is the travel term of the latest proposal."""

    act: Literal["plan_travel"] = "plan_travel"
    score: int | None = None


class PlanWantSite(ActBase):
    """Wants one of ``sites``; ``must``: missing them counts against; ``score``: the latest term."""

    act: Literal["plan_want_site"] = "plan_want_site"
    sites: tuple[str, ...]
    must: bool = False
    score: int | None = None


class PlanCategory(ActBase):
    """Wants at least one site of ``category``; ``score``: the term of the latest proposal."""

    act: Literal["plan_category"] = "plan_category"
    category: Category
    score: int | None = None


class PlanSiteScore(ActBase):
    """The summed feature score of ``site`` in the latest proposal."""

    act: Literal["plan_site_score"] = "plan_site_score"
    site: str
    score: int


class PlanSiteOpinion(ActBase):
    """The speaker likes or dislikes ``site`` (in or for the itinerary), without a number."""

    act: Literal["plan_site_opinion"] = "plan_site_opinion"
    site: str
    liked: bool


class PlanAsk(ActBase):
    """A question about a preference topic."""

    act: Literal["plan_ask"] = "plan_ask"
    topic: Topic


class PlanNoPreference(ActBase):
    """The speaker has no preference on ``topic``."""

    act: Literal["plan_no_pref"] = "plan_no_pref"
    topic: Topic


class PlanPropose(ActBase):
    """The message that goes with a proposal of ``sites`` (``None`` for an open slot)."""

    act: Literal["plan_propose"] = "plan_propose"
    sites: tuple[str | None, ...]


class PlanVerdict(ActBase):
    """Acceptance or rejection of the pending proposal, as said in words."""

    act: Literal["plan_verdict"] = "plan_verdict"
    accept: bool


PlanAct = (
    PlanFeature
    | PlanBudget
    | PlanTravel
    | PlanWantSite
    | PlanCategory
    | PlanSiteScore
    | PlanSiteOpinion
    | PlanAsk
    | PlanNoPreference
    | PlanPropose
    | PlanVerdict
)
PREFERENCE_ACTS = (PlanFeature, PlanBudget, PlanTravel, PlanWantSite, PlanCategory)


Author = Literal["user", "assistant"]


class PlanningContext(BaseModel):
    """What the language layer may use, as the reader's belief store knows it.

    Attributes:
        last_proposal: the latest formal proposal's slots ("the second one", "the park").
        author: who wrote the message (``None``: unknown, the clause-local reading of templates).
        last_question: the topic of the assistant's question the user has not answered yet
            ("not really", "yes please" answer it).
        suggested: the sites the assistant named in words since the latest formal proposal
            ("what about Asha Tea House?" ... "yes, the tea house sounds lovely").
        proposed_sites: every site proposed or suggested so far: a user's words about one of them
            are a reaction (``plan_site_opinion``), about another a wish (``plan_want_site``).
    """

    model_config = ConfigDict(frozen=True)

    last_proposal: tuple[str | None, ...] | None = None
    author: Author | None = None
    last_question: Topic | None = None
    suggested: tuple[str, ...] = ()
    proposed_sites: tuple[str, ...] = ()


def topic_of(act: ActBase) -> str | None:
    """The question topic a preference act answers (``None`` for other acts)."""
    if isinstance(act, PlanFeature):
        return act.feature
    return {PlanBudget: "budget", PlanTravel: "travel", PlanWantSite: "places", PlanCategory: "category"}.get(type(act))


# --------------------------------------------------------------------------------------------------
# Lexicon


@cache
def site_names() -> tuple[str, ...]:
    """The 39 site names of ``planning.yaml``, longest first (for greedy matching)."""
    from games.dialop.planning_game import task_data

    return tuple(sorted((e["name"] for e in task_data()["all_events"]), key=len, reverse=True))


def _norm(text: str) -> str:
    return " ".join(re.sub(r"['’`]", "", text.lower()).split())


SITE_ALIASES: dict[str, str] = {
    "riverside": "Riverside Trail",
    "dockside": "The Dockside Grill",
    "dockside grill": "The Dockside Grill",
    "asha": "Asha Tea House",
    "asha's": "Asha Tea House",
    "harper": "Harper and Rye",
    "harper & rye": "Harper and Rye",
    "toro": "El Toro Steakhouse",
    "toro steakhouse": "El Toro Steakhouse",
    "moabit": "Moabit Garden",
    "einstein's": "Einstein's summer house",
    "einstein": "Einstein's summer house",
    "hindenberg": "Hindenberg Memorial",
    "schwarzes": "Schwarzes Cafe",
    "caribbean": "Caribbean Corner",
    "taqueria": "Taqueria y Mas",
    "bards": "Bards n Brews",
    "bards and brews": "Bards n Brews",
    "bards & brews": "Bards n Brews",
    "atrane": "A-Trane",
    "a trane": "A-Trane",
    "city museum": "City Museum of Art",
    "vista ridge": "Vista Ridge Mall",
    "cookies and cream": "Cookies Cream",
    "cookies & cream": "Cookies Cream",
    "artisan street": "Artisan Street Fair",
    "street fair": "Artisan Street Fair",
    "jazz spot": "The Jazz Spot",
    "cakery": "The Cakery",
    "cupcake bar": "The Cupcake Bar",
    "arboretum": "The Arboretum",
    "kozy car": "Kozy Kar",
    "earth bar": "Earthbar",
    "museum of art": "City Museum of Art",
    "art museum": "City Museum of Art",
    "tea house": "Asha Tea House",
    "einstein house": "Einstein's summer house",
    "einsteins house": "Einstein's summer house",
    "summer house": "Einstein's summer house",
    "historical": "Historical Society",
    "liberty": "Liberty Memorial",
    "hindenburg": "Hindenberg Memorial",
    "hindenburg memorial": "Hindenberg Memorial",
    "cookies n cream": "Cookies Cream",
    "garden of wonder": "Garden of Wonders",
}
"""Partial or variant site names people use (distinctive ones only: "the mall" needs its article)."""


def _site_key(text: str) -> str:
    return " ".join(text.replace("'", "").split())


@cache
def _site_by_norm() -> dict[str, str]:
    """Normalized spelling (no apostrophes) -> site name, full names and :data:`SITE_ALIASES`."""
    table = {_site_key(_norm(alias)): name for alias, name in SITE_ALIASES.items() if name in site_names()}
    table.update({_site_key(_norm(name)): name for name in site_names()})
    return table


@cache
def _site_pattern() -> re.Pattern[str]:
    spellings = sorted(_site_by_norm(), key=len, reverse=True)
    alternatives = [r"\s+".join(re.escape(word) for word in key.split()) for key in spellings]
    return re.compile(r"(?<![\w-])(" + "|".join(alternatives) + r")s?(?![\w-])")


_COMMON_NAME_WORDS = frozenset(
    (
        "street house garden gardens trail memorial museum corner summer society historical market central plaza"
        " tower grounds common cream cookies grill ridge vista wonders liberty coffee earth wonder harper"
    ).split()
)
"""Words of site names that are ordinary words: never the target of a spelling correction."""


def _deletions(word: str) -> set[str]:
    """``word`` and every string one letter shorter (symmetric-delete spelling lookup)."""
    return {word} | {word[:k] + word[k + 1 :] for k in range(len(word))}


@cache
def _spelling_table() -> tuple[frozenset[str], dict[str, str | None]]:
    """The distinctive words of site names and aliases, and their one-deletion variants -> the word
    (``None`` when two words share a variant)."""
    words = {w for key in _site_by_norm() for w in key.split() if w.isalpha() and len(w) >= 6}
    targets = frozenset(words - _COMMON_NAME_WORDS)
    table: dict[str, str | None] = {}
    for word in sorted(targets):
        for variant in _deletions(word):
            table[variant] = word if table.get(variant, word) == word else None
    return targets | _COMMON_NAME_WORDS, table


_LONG_WORD = re.compile(r"\b[a-z]{6,16}\b")


def _respell(text: str) -> str:
    """Misspelt words of site names corrected ("Hindenburg", "Arboritum", "Lincon"): a word of 6+
    letters within one edit (delete, insert, substitute, swap) of exactly one distinctive name word,
    with the same first letter. Linear: each word is looked up by its own deletions only."""
    known, table = _spelling_table()

    def fix(match: re.Match[str]) -> str:
        word = match.group(0)
        if word in known:
            return word
        found = {table.get(v) for v in _deletions(word)} - {None}
        if len(found) == 1:
            target = found.pop()
            if target is not None and target[0] == word[0] and target != word.rstrip("s"):
                return target
        return word

    return _LONG_WORD.sub(fix, text)


@cache
def _description_table() -> dict[str, PlanFeature]:
    """The yaml's fixed feature descriptions -> their exact acts."""
    from games.dialop.planning_game import task_data

    table: dict[str, PlanFeature] = {}
    for key, how in task_data()["preferences"].items():
        if how["generate"] != "fixed":
            continue
        feature = key.replace("_", " ")
        for variant in how["prefs"]:
            disliked, liked = variant["value_sets"]
            table[_norm(variant["description"]).strip(" .;!")] = _feature_act(feature, liked, disliked)
    return table


def _feature_act(feature: str, liked: Any, disliked: Any) -> PlanFeature:
    def values(items: Any) -> tuple[Value, ...]:
        return tuple(float(v) if feature == "rating" else v for v in items)

    return PlanFeature(feature=feature, liked=values(liked), disliked=values(disliked))


@cache
def _words(pattern: tuple[str, ...]) -> re.Pattern[str]:
    return re.compile(r"(?<![\w-])(" + "|".join(re.escape(w) for w in pattern) + r")(?![\w-])")


_NEG = re.compile(
    r"\b(not an? (?:big |huge |real )?fan of|no longer|not into|not big on|don'?t(?! forget| mind)|do not(?! forget| mind)|dislike|hate|despise|detest|loathe"
    r"|cant stand|dislikes|avoid|no|(?<!if )not|never(?! ?mind)|without|rather not|isn'?t|aren'?t|wasnt|werent|doesnt|didnt|wont|cant|cannot"
    r"|wouldnt(?! mind)|less|too loud|minus|skip|allergic to|nothing|none|get away from|away from"
    r"|pass on|steer clear|stay away|dodge|no longer|so-so|meh)\b"
)
_POS = re.compile(
    r"\b(like|liking|love|loving|want\w*|prefer|enjoy|into|fan of|need|wish|would be|please|good|great|plus|glad|keen|forget)\b"
)
_LIKE_VERB = re.compile(
    r"(?:[,:;(]\s*|\b(?:i|we|they|you|id|wed|would|really|also|do|dont|does|did|definitely|still|generally|totally|just"
    r"|kinda|d|especially|both|all|truly|and|not|might|may|might also)\s+)$"
)
"""What precedes "like" as a verb ("I like", "would like"); elsewhere it is "such as"."""
_FILLER = re.compile(
    r"(?:\s*\b(?:really|much|too|very|particularly|so|that|all|exactly|actually|even|generally|a|an|big|huge|real"
    r"|overly|super|necessarily|the|biggest)\b)*\s*"
)
"""Words that may stand between a negation and the cue it negates ("don't really like")."""
_LOOSE = re.compile(
    r"\b(would be nice|nice to have|is a plus|a plus|bonus|would be cool|also ok|wouldnt complain|wouldnt mind"
    r"|would not mind|not required|not necessary|optional|not a must|would be neat)\b"
)
_SIGNED = re.compile(r"(?<![\w$])([+\-−]\s?\d+)\b")
_QUESTION_OPEN = re.compile(r"^(what|which|how|any|do you|are you|is there|where)\b")
_ASK_OPEN = re.compile(
    r"\b(what|whats|which|how|do you|did you|are you|were you|would you|will you|is there|are there|where|any|let me know"
    r"|tell me|have you|can you tell|could you tell)\b"
)
"""Where an assistant's question starts ("I have options, do you have a price point?")."""
_ASK_UNMARKED = ("let me know", "tell me", "will you", "do you", "are you", "would you", "have you")
"""Openers that make a question without a question mark."""
_INVITATION = re.compile(
    r"\b(in mind|on your mind|like to do|want to do|you like|you enjoy|looking for|interested in|what else"
    r"|where (?:should|do you think|would you like to|shall) we|where to|preferences?|what you(?:d| would)? like"
    r"|what you want|what kind|what sort|anything else|anything specific|your plans|plans for|would like|to consider"
    r"|other things|else you)\b"
)
"""An open invitation to say anything ("What do you have in mind?")."""
_NO_PREF = re.compile(
    r"\b(no (particular |real |specific |strong )?preferences?|don'?t (really )?care|doesn'?t (really )?matter"
    r"|not picky|either way|not fussy|(?:don'?t|do not|dont really) need|no need for|not necessary|not needed"
    r"|not (?:too |that |very |really |overly )?(?:worried|concerned|bothered) (?:about|with)|not important|dont mind either|not fussed"
    r"|not bothered|not too fussed|not too bothered)\b"
)
_ACCEPT = re.compile(
    r"^(deal|perfect|great|sounds good|looks good|works for me|that works|accepted|i accept|awesome|love it|yes)\b"
)
_ACCEPT_JUDGED = re.compile(
    r"^(?:(?:i think|i guess|i believe|ok|okay|yeah|well|alright|honestly),? )*(?:(?:that|this|it)(?:s| is| seems| looks)"
    r"|looks|seems)(?: \w+)? (?:good|great|perfect|fine|amazing|awesome|excellent|wonderful|fantastic)\b(?! start| first)"
    r"|^(?:(?:i think|i guess|ok|okay|yeah|actually|nvm|never ?mind),? )*(?:that|this|it) (?:will|would|should) work\b"
)
"""A judgement of the whole proposal ("That seems good to me", "it's pretty good")."""
_REJECT = re.compile(r"^(not quite|no(,|$)|nope|i reject|rejected|not great|not good|not ideal|hmm,? no)")
_REJECT_JUDGED = re.compile(
    r"\b((?:that|this|it) (?:didnt|doesnt|does not|did not) (?:really )?work|try again|(?:we )?can do better(?! on| with| than)"
    r"|anything better|(?:old|previous|last|first) one (?:was|is) better|^(?:that|this|it)(?: is|s)? not"
    r" (?:great|good|ideal|quite|it)|(?:that|this|it)(?: one)? (?:wasnt|isnt|is not|was not) (?:that |very |really )?(?:ideal"
    r"|great|good|it|right|what)|try something (?:\w+ ){0,2}(?:different|else)(?! than| from| for| instead)|do something better"
    r"|(?:really )?(?:dont|do not|didnt|did not) (?:really )?(?:like|love|enjoy) (?:those|these|this|that|it)"
    r"(?: options| ones| plan| one| itinerary| proposal)?$"
    r"|(?:these|those|they)(?: are|re)? (?:not|arent) (?:looking )?(?:so |that |very )?(?:hot|good|great)|something better"
    r"|(?:first|previous|old|earlier|other|last) (?:one|option|proposal|itinerary|plan)s? (?:\w+ ){0,3}(?:better|best)"
    r"|liked? (?:that|the \w+) one (?:\w+ ){0,2}better|(?:go|going|get) back to (?:the |what we had)"
    r"|(?:go|going) with the (?:original|first|previous|old|earlier) (?:plan|one|itinerary|option)"
    r"|(?:dont|do not) think (?:that|this|it) (?:will|would|is going to|could) work"
    r"|(?:that|this|it|these|those) (?:doesnt|does not|dont|do not) (?:sound|look|seem) (?:\w+ )?(?:fun|good|great|right"
    r"|appealing|interesting))\b"
)
_PROPOSE = re.compile(
    r"\b(how about|what about|feel about|substitut\w*|swap in|try|propos\w*|suggest\w*|itinerary|plan|sent|check out|consider)\b"
)
_DESIRE = re.compile(
    r"\b(maybe|perhaps|want\w*|wanna|like|love|prefer|heard|hear|recommend\w*|dont forget|do not forget|remember|check out|keep\w*|go to|visit|see|fan of|interested in|add"
    r"|include|hit up|stop by|stop at|start with|start at|begin with|end with|end at|(?:lets|let us|can we|could we)"
    r"(?: just)? (?:do|go with|try))\b"
)
_SITE_DROP = re.compile(
    r"\b(ditch(?:ed)?|drop(?:ped)?|remov(?:e|ed)|skip(?:ped)?|kill|cut|nix|scrap|toss|replac(?:e|ed)|swap(?:ped)? out"
    r"|switch(?:ed)? out|get rid of|got rid of|instead of|in place of|lose|besides|other than"
    r"|rather than|than|do better on|do better with|do better than|other option for|alternative to|alternatives to)\b"
)
_SITE_BAD = re.compile(
    r"\b(too(?=\s+\w)|not|isnt|doesnt|dont|arent|wasnt|(?<!thus )(?<!so )far|further|farther|expensive|pricey|replaced?|swap\w*|bad|hate|boring|no good|skip"
    r"|out of the way|so-so|meh|do better|can do better|low rated|poorly rated|low ratings?|bad reviews|overpriced"
    r"|crowded|loud|noisy|mid|long way|far off|way off|a trek|long drive)\b"
)
_LISTED = re.compile(r"(\s*SITE\s*(,|\band\b|\bor\b|&)?)+\s*")
_NOT_BAD = re.compile(
    r"\b(?:not|isnt|arent|wasnt|is not|are not|never)\s+(?:too\s+|that\s+|very\s+|so\s+|all\s+that\s+|as\s+)?"
    r"(?:far|expensive|pricey|bad|crowded|loud|noisy|boring|mid)\b"
)
"""A criticism denied ("X isn't far"): no criticism."""


def _bad(after: str) -> bool:
    """Whether the words after a site criticise it (a denied criticism does not)."""
    return bool(_SITE_BAD.search(_NOT_BAD.sub(" ", after)))


_EXCEPT = re.compile(
    r"\b(?:love|like|liked|loved|fine with|ok with|okay with|happy with|good with|keep)\s+(?:\w+\s+)?(?:everything|all of"
    r" (?:it|them)|all|the rest|every(?:thing| place| stop| spot))\s*,?\s+(?:but|except(?: for)?|apart from|other than"
    r"|besides|aside from|save)\s+$"
)
"""Everything of the proposal but the site that follows ("I love everything but X")."""
_HAS_BAD = re.compile(
    r"\s*SITE\s+(?:\w+\s+)?(?:has|have|offers?|plays?|got|serves?|is)\s+(?:[\w-]+\s+){0,3}?[\w-]+,?\s+(?:which|and|but|that)"
    r"\s+(?:i|we|my \w+|our \w+)\s+(?:\w+\s+)?(?:dont|do not|wouldnt|would not|cant|cannot|hate|dislike)\b(?! mind)"
)
"""A site's feature said as a complaint ("the Cakery has live music, which we don't want")."""
_SITE_GOOD = re.compile(
    r"\b(perfect|great|good|keeper|love|fine|works|nice|awesome|excellent|lovely|decent|keep|keeping|glad|like|want\w*"
    r"|definitely|must|closer|cheaper|nearer|better|more affordable|on (?:our|my|the) (?:list|books?|radar)"
    r"|places to (?:go|see|visit)|bucket list)\b(?<!could be better)"
)
_MUST = re.compile(r"\b(must|definitely|have to|need to|really want|recommendations)\b")
_ADD = re.compile(r"\b(add|adding|include|put|back|must|definitely|really want|needs? to be)\b")
_NEAR = re.compile(
    r"\b(around|near|close to|next to|(?<!stop )(?<!swing )(?<!drop )by|from|halfway to|between|on the way to|outside|inside|across from|behind"
    r"|beside)\s+(?:the\s+)?$"
)
"""A site named as a place to be near, not as a wish ("a park near Lucia's")."""
_CONTRAST = re.compile(
    r"\b(but|though|however|although|whereas|while)\b|;|,\s*(?=(?:could|can|would|will|i|we|lets|let us|please|also"
    r"|maybe|perhaps|plus|and (?:i|we|if)|so|any|is there|are there|what about|how about)\b)"
    r"|\b(?:as|since|because|cause|cuz) (?=(?:i|we|im|were|my|our)\b)"
    r"|\band (?=(?:i|we)\s+(?:dont|do not|also|really|would|want|need|hate|prefer|love|like)\b)"
    r"|\band (?=(?:then )?(?:hit|go|see|visit|get|find|try|do|check|grab|stop|have|keep|make|want|need|would|also"
    r"|maybe|love|like|prefer)\b)|\b(?=make sure\b)"
)
"""Where the scope of a cue ends: a contrast, a new clause after a comma ("..., could you find ..."),
a causal clause about the speaker, or a new predicate ("avoid X and hit up Y")."""
_BUDGET_AMOUNT = re.compile(
    r"(?:\$\s?(\d{1,4})|(\d{1,4})\s?(?:dollars?|bucks|usd)|(?:budget|spend)(?:\s(?:of|is|around|about|under|below|max|at most|up to))*\s(\d{2,4})\b"
    r"|\b(?:below|under|max|maximum|at most|up to|less than|no more than)\s(\d{2,4})\b(?!\s*(?:miles?|mi|minutes?|stars?)))"
)
_PRICE = re.compile(
    r"\b(pricey|pricy|expensive|cheaper|cheap|cheapest|over (?:the |my |our )?budget|on a budget|budget friendly"
    r"|afford\w*|within (?:the |my |our )?budget|costs? too much|costly|inexpensive|save money|low budget|tight budget|budget is (?:pretty |really"
    r" |very |a bit )?(?:low|tight))\b"
)
"""Price worries without an amount: a budget of unknown size."""
_TRAVEL = re.compile(
    r"\b(hate (?:to )?(?:travel\w*|driv\w*|walk\w*)|(?:dont|do not) (?:like|want) to (?:travel|drive|walk)|minimi[sz]e (?:the |my |our )?travel\w*|travel (?:distance|time)|short(?:er)? travel|keep (?:the )?travel"
    r"|travel (?:short|less)|(?:less|little|minimal|minimum|limit|reduce|lower) (?:\w+ ){0,2}travel\w*"
    r"|travel\w* (?:\w+ ){0,3}(?:minimum|short|less|low)|distances?|close together|close to each other"
    r"|near each other|nearby|(?:too|a bit|bit|so|very|pretty|kinda|really|quite|that|travel) far|far away"
    r"|far apart|closer|not far|walking distance|drive (?:too )?much|driving (?:too )?much|travel (?:too |that |very )?much"
    r"|(?:not|less|minimal) (?:too )?much travel\w*|travel\w* less|travel\w* (?:\w+ ){0,2}min|of each other"
    r"|within (?:a|one|1|two|2|half a) (?:mile|miles|block|blocks)|close to|closer to)\b"
)
_RATING = re.compile(
    r"\b(?:rated|ratings?|stars?|scores?|reviews?)\D{0,20}?(\d(?:\.\d)?)(?![\d.]\d)\s*(\+|stars?|or (?:more|higher|above))?"
)
_RATING_FIRST = re.compile(
    r"(\d(?:\.\d)?)\s*(?:\+\s*)?(?:(?:or|and) (?:higher|more|above|better|up)\s+)?(?:stars?|rated|rating)"
)
_RATING_HIGH = re.compile(
    r"\b(highly rated|high(?:ly)? rat\w*|well rated|well reviewed|good (?:ratings?|reviews)|top rated|best rated"
    r"|great (?:ratings?|reviews)|high(?:er)? ratings?)\b"
)
"""Rating wishes without a number: 3 stars and up."""
_EATING = re.compile(
    r"\b(somewhere to eat|place to eat|a bite|grab (?:some )?(?:lunch|dinner|food|a meal)|get (?:some )?food"
    r"|eat somewhere|a meal|(?:stop|break|time|spot) (?:to|and|for) (?:eat|food|a bite)|sit.down meal|lunch|dinner|brunch|need (?:some )?food|food along|somewhere for food)\b"
)
"""An eating stop: a restaurant."""
IMPLIED: dict[str, re.Pattern[str]] = {
    "good for groups": re.compile(
        r"\b((?:\d+|two|three|four|five|six|seven|eight|nine|ten|twelve) (?:closest |close |best |good |other )?"
        r"(?:of us|people|friends|adults|persons"
        r"|in (?:our|my) group)|party of|with friends|my friends)\b"
    ),
    "good for kids": re.compile(r"\b(son|sons|daughter|daughters|toddlers?|baby|babies|teens|teenagers|little ones)\b"),
    "has parking": re.compile(
        r"\b(rental car|rented (?:a )?car|rent(?:ing)? a car|(?:have|has|bring(?:ing)?|driving|drive|our|my) (?:a |our |my )?car"
        r"|park (?:it|my car|the car|our car))\b"
    ),
    "outdoor seating": re.compile(
        r"\b((?:cant|cannot|can not|dont want to|do not want to|shouldnt|wont) (?:risk )?get(?:ting)? sick|get(?:ting)? sick"
        r"|pandemic|social distanc\w*|germs)\b"
    ),
    "has wifi": re.compile(
        r"\b((?:do|get|doing|getting|finish|catch up on) (?:some |a bit of |my )?work|laptop|remote work"
        r"|work remotely|need to work|have to work|work to do|work done)\b"
    ),
}
"""Wordings that imply a feature without naming it (a group of 7, a rental car, work to do)."""
_CATEGORY_MENTION = re.compile(
    r"(?<![\w-])(coffee shops?|coffee nooks?|cafes?|cafés?|restaurants?|bars?|pubs?|museums?|landmarks?|monuments?"
    r"|memorials?|parks?|shops?|shopping|malls?|stores?)(?![\w-])(?!\s+(?:it|my car|the car|our car)\b)"
)
_CATEGORY_OF_WORD: dict[str, Category] = {
    word: category for category, words in CATEGORY_WORDS.items() for word in words
} | {"coffee shops": "cafe", "cafés": "cafe", "monuments": "landmark", "memorials": "landmark", "malls": "shop"}
_ORDINAL = {"first": 0, "1st": 0, "second": 1, "2nd": 1, "middle": 1, "third": 2, "3rd": 2, "last": -1, "final": -1}
_REFERENCE = re.compile(
    r"\b(?:the|that|this)\s+(?:(first|1st|second|2nd|middle|third|3rd|last|final)\s+(?:one|place|stop|spot|site"
    r"|location)|(restaurant|bar|cafe|coffee shop|museum|landmark|park|shop|mall|store)(?!\s+of\b))\b"
)
"""References to a slot of the latest proposal: by position or by category."""
_THE_WORD = re.compile(
    r"\b(?:the|that|this)\s+([a-z][a-z-]+)\b"
    r"|(?:^|(?<=[.!?;/,] ))([a-z][a-z-]+)(?=\s*(?:,|\b(?:and|or|is|are|was|were|looks?|sounds?|seems?)\b))"
)
"""A word that may be part of a site's name: after an article, or heading a clause ("Garden and ...")."""
_DIFFERENT = re.compile(
    r"\b(?:different|another|other|better|new|cheaper|closer|alternative)\s+" + _CATEGORY_MENTION.pattern
)
"""Asking for another site of a kind: the proposal's site of that kind is not wanted."""
_CORRECTION = re.compile(
    r"^(?:never ?mind|nevermind|scratch that|forget (?:that|about)|actually,? (?:no|not|scratch|forget)"
    r"|on second thought|wait,? no)\b"
)
"""A self-correction: what it names is taken back."""
_DEMONSTRATIVE = re.compile(r"\b(?:that|this) (?:place|spot|one)\b")
_NEXT_PART = re.compile(r",(?!\s*(?:and |or |&)?\s*SITE\b)")
"""A comma that does not continue a list of sites."""
_AFFIRM = re.compile(
    r"^(?:yes|yeah|yep|yup|sure|go for it|sounds (?:good|great|perfect|lovely|fine)|lets (?:do|try) (?:it|that)"
    r"|that works|perfect|great|love it|i like (?:it|that))\b"
)
"""Taking up a suggestion without naming it."""
_INTERJECTION = re.compile(r"^(?:no|nope|nah)(?:\s*,\s*|\s+(?=(?:a|an|the|i|we|its|it|that|this|thanks|thank)\b))")
_IF = re.compile(r"\bif\b")
_ECHO = re.compile(r"\s*SITE\s+(?:sounds|seems)\s+(?:\w+\s+)?(?:great|good|perfect|lovely|fun|nice|fine|wonderful)\b")
"""An assistant acknowledging a site the user named ("Liberty Memorial sounds great")."""
_CHOICE = re.compile(r"\b(prefer|either|which|still|anyway|worth|ok with|okay with|fine with|want|like|interested)\b")
"""An assistant's question that asks the user to choose among the sites it named."""
_ASK_LIST = re.compile(r"\b(?:things like|stuff like|such as|for example|e\.?g\.?)\s+(?=\w+(?:\s+\w+)?\s*,)")
"""Topics an assistant lists as examples in one question ("things like budget, interests, ...")."""
_ABOUT_PROPOSAL = re.compile(
    r"\b(?:this|these|the|my|that|those) (?:plan|itinerary|trip plan|proposal|schedule|route|draft|options?|ones?|places"
    r"|activities|locations|spots|stops|suggestions|picks)\b"
    r"(?!\s+(?:you|do you|would you))|\bwork for you\b"
)
"""An assistant's question on its own proposal ("does this plan work for you?"): no preference topic."""
_NEAR_SUGGESTED = re.compile(r"\b(?:near|around|close to|next to|similar to|like|far from)\s+(?:the\s+)?$")
"""A site an assistant names as a landmark of its suggestion, not as one ("options near the fair")."""
_PRONOUN = re.compile(r"\b(try|do|go with|add|keep|love|like|include|book|take)\s+(?:that|it)\b(?!\s+\w)")
"""A single suggestion taken up by a pronoun closing the clause ("let's try that")."""
_OTHERS = re.compile(r"\b(the other (?:two|2|ones|places|spots|stops|options|locations|sites)|the others|the rest)\b")
_YES = re.compile(
    r"^(yes|yeah|yep|yup|sure|definitely|absolutely|of course|certainly|please|i do|we do|correct|for sure|ya)\b"
)
_NO = re.compile(r"^(no|nope|nah|not really|not particularly|not necessarily|not at all|none|no thanks|i dont)\b")


def _find_sites(text: str) -> list[tuple[int, str]]:
    """``(position, name)`` of every site name in a normalized clause."""
    found = []
    for match in _site_pattern().finditer(text):
        name = _site_by_norm().get(_site_key(match.group(1)))
        if name is not None:
            found.append((match.start(), name))
    return found


def _strip_sites(text: str) -> str:
    return _site_pattern().sub(" SITE ", text)


WINDOW = 160
"""How far back (characters) the words about a mention are read: keeps every reading linear."""


def _window(text: str, position: int) -> str:
    """The words before ``position`` that can bear on it (at most :data:`WINDOW` characters)."""
    return text[max(0, position - WINDOW) : position]


def _polarity_at(text: str, position: int) -> bool:
    """Whether the mention at ``position`` is liked: the nearest cue before it decides.

    The words after the last contrast ("but", "though") count; a positive cue right after a
    negation, with only fillers between ("don't really like"), is part of the negation.
    """
    before = _CONTRAST.split(_window(text, position))[-1]
    spans = [m.span() for m in _NEG.finditer(before)]
    if not spans:
        return True
    pos: list[int] = []
    k, latest = 0, None  # the latest negation starting before the positive cue
    for m in _POS.finditer(before):
        while k < len(spans) and spans[k][0] <= m.start():
            latest, k = spans[k], k + 1
        if m.group(1) == "like" and m.start() > 1 and not _LIKE_VERB.search(before[max(0, m.start() - 24) : m.start()]):
            continue  # "options like that mall": a preposition
        if latest is not None and (latest[1] >= m.start() or _FILLER.fullmatch(before[latest[1] : m.start()])):
            continue  # "don't like", "don't really like": part of the negation
        pos.append(m.end())
    last = spans[-1]
    refused = before[last[0] : last[1]].strip() in ("without", "no") or before.startswith(" have", last[1])
    if refused and len(spans) > 1:
        # a refused absence is a wish: "I hate places without wifi", "not a fan of spots with no views"
        return not (pos and max(pos) > last[1])
    return bool(pos) and max(pos) > last[1]


def _split(text: str) -> list[tuple[str, bool]]:
    """The clauses of a normalized message and whether each is a question: split at ``. ; ! ?``,
    newlines and " / " (people's line break)."""
    out = []
    for raw in re.split(r"(?<=[.!?;\n])\s+|\n+|\s+/+\s*|/\s*$", text):
        if raw is None:
            continue
        clause = raw.strip(" .;!/")
        if clause:
            out.append((clause, raw.rstrip().endswith("?")))
    return out


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
        text = _respell(_norm(message))
        if ctx.author == "assistant":
            return _merge(self._assistant(text))
        if ctx.author == "user":
            text = _resolve(text, ctx)
        clauses = _split(text)
        named = {name for clause, _ in clauses for _, name in _find_sites(clause)}
        acts: list[ActBase] = []
        for i, (clause, question) in enumerate(clauses):
            read = self._clause(clause, question, ctx, first=i == 0, named=named)
            if ctx.author == "user" and _CORRECTION.search(clause):
                acts, read = _retract(acts, read, clause)
            acts.extend(read)
        return _merge(acts)

    # ---- the assistant ---------------------------------------------------------------------------
    def _assistant(self, text: str) -> list[ActBase]:
        """An assistant's message: the sites it names (a suggestion), else its questions.

        What it says about its proposal or restates of the user's wishes is no preference."""
        clauses = _split(text)
        sites: list[tuple[str, bool]] = []  # (site, criticised)
        for clause, _ in clauses:
            found = _find_sites(clause)
            for i, (pos, name) in enumerate(found):
                near = _NEAR_SUGGESTED.search(_window(clause, pos))
                if _SITE_DROP.search(clause[max(0, pos - 20) : pos]) or near or name in (s for s, _ in sites):
                    continue
                end = found[i + 1][0] if i + 1 < len(found) else len(clause)
                cut = _CONTRAST.search(clause, pos, end)
                after = clause[pos : min(cut.start() if cut else end, pos + WINDOW)]
                if _ECHO.match(_strip_sites(after)):
                    continue  # "Liberty Memorial sounds great": the user's own wish acknowledged
                sites.append((name, _bad(_strip_sites(after))))
        # a site it names only to criticise gives way to the others ("X is far; how about Y?"), and is
        # offered only when it asks the user to choose ("X is far, do you still want it?")
        kept = [name for name, bad in sites if not bad]
        if not kept and any(q and _CHOICE.search(c) for c, q in clauses):
            kept = [name for name, _ in sites]
        if kept:
            return [PlanPropose(sites=tuple(kept[:3]))]
        asks: list[ActBase] = []
        for clause, question in clauses:
            openers = list(_ASK_OPEN.finditer(clause))
            if not question and not any(m.group(1) in _ASK_UNMARKED for m in openers):
                continue
            part = clause[openers[0].start() :] if openers else clause
            if _ABOUT_PROPOSAL.search(part):
                continue  # "Does this plan with a cafe work for you?": a question on its own proposal
            topic = _topic(part) or ("anything" if _INVITATION.search(part) else None)
            topics = [topic] if topic is not None else []
            if (listed := _ASK_LIST.search(part)) is not None:  # "things like budget, interests, touristy spots?"
                topics += [t for item in re.split(r",|\bor\b|\band\b", part[listed.end() :]) if (t := _topic(item))]
            for topic in topics:
                if PlanAsk(topic=topic) not in asks:
                    asks.append(PlanAsk(topic=topic))
        return asks

    # ---- clauses -----------------------------------------------------------------------------------
    def _clause(self, clause: str, question: bool, ctx: PlanningContext, first: bool, named: set[str]) -> list[ActBase]:
        key = clause.rstrip("!.")
        if key in _description_table():
            return [_description_table()[key]]
        user = ctx.author == "user"
        sites = [(p, name) for p, name in _find_sites(clause) if not (user and _NEAR.search(_window(clause, p)))]
        if _SIGNED.search(_strip_sites(clause)) and not _BUDGET_AMOUNT.search(clause):
            scored = self._scores(clause)
            if scored:
                return scored
        if user and first and ctx.last_question is not None and (answer := _answer(clause, ctx.last_question)):
            return answer
        if user and first and ctx.suggested and not sites and _AFFIRM.match(clause):
            # "Yes" / "go for it" / "sounds good" takes up the assistant's suggestion
            taken: list[ActBase] = [PlanSiteOpinion(site=s, liked=True) for s in ctx.suggested]
            return taken + self._preferences(clause, sites, ctx, question, named)
        if user:
            clause = _INTERJECTION.sub("", clause)  # "No, a restaurant would be best": "no" answers, it says no "no"
        if (no_pref := _NO_PREF.search(clause)) is not None:
            return self._no_preference(clause, no_pref, question, ctx, named)
        verdict = self._verdict(clause, ctx)
        if not user and sites and (_PROPOSE.search(clause) or len(sites) >= 3) and not _MUST.search(clause):
            return verdict + [self._proposal(clause, sites)]
        if not user and (question or _QUESTION_OPEN.match(clause)):
            return verdict + self._question(_strip_sites(clause))
        return verdict + self._preferences(clause, sites, ctx, question, named)

    def _no_preference(
        self, clause: str, match: re.Match[str], question: bool, ctx: PlanningContext, named: set[str]
    ) -> list[ActBase]:
        """ "No preference on X, but I want Y": the no-preference part and the rest read on its own."""
        cut = _CONTRAST.search(clause, match.end())
        part = clause[: cut.start()] if cut else clause
        topic = _topic(_strip_sites(part[match.start() :])) or _topic(_strip_sites(part))
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
            match = _SIGNED.search(part)
            if match is None:
                continue
            value = int(match.group(1).replace(" ", "").replace("−", "-"))
            head = part[: match.start()]
            sites = [name for _, name in _find_sites(head)]
            bare = _strip_sites(head)
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
            if _REJECT.match(clause) or _REJECT_JUDGED.search(clause):
                return [PlanVerdict(accept=False)]
            bare_yes = _YES.match(head) and (ctx.last_question is not None or len(clause.split()) > 3)
            if (_ACCEPT.match(head) and not bare_yes or _ACCEPT_JUDGED.match(head)) and not _NEG.search(head):
                return [PlanVerdict(accept=True)]
            return []
        if _REJECT.match(clause):
            return [PlanVerdict(accept=False)]
        if _ACCEPT.match(clause) and not _NEG.search(clause):
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
        bare = _strip_sites(clause)
        user = ctx.author == "user"
        if user:
            acts.extend(_user_site_acts(clause, sites, ctx, question))
            acts.extend(_others(clause, ctx, named or set()))
            acts.extend(_replaced_kind(bare, ctx, named or set()))
        else:
            acts.extend(_site_acts(clause, sites))
        if (budget := _BUDGET_AMOUNT.search(bare)) and re.search(
            r"\b(budget|below|under|spend|max|cost|limit|only have|have only|total|entire|whole)", bare
        ):
            acts.append(PlanBudget(amount=int(next(g for g in budget.groups() if g))))
        elif user and _PRICE.search(bare):
            acts.append(PlanBudget())
        if _TRAVEL.search(bare):
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
    rest = _strip_sites(clause)
    if _topic(rest) not in (None, topic) or _BUDGET_AMOUNT.search(rest):
        return []
    if _NO.match(rest) or _NO_PREF.search(rest):
        return [PlanNoPreference(topic=topic)]
    if _YES.match(rest) and topic in BOOL_FEATURES and len(rest.split()) <= 6:
        return [_bool_act(topic, True, bool(_LOOSE.search(rest)))]
    return []


def _resolve(text: str, ctx: PlanningContext) -> str:
    """The user's references to proposed sites spelt out: "the second one", "the park", "that place"."""
    slots = [s for s in (ctx.last_proposal or ()) if s]

    def site_for(match: re.Match[str]) -> str:
        ordinal, kind = match.group(1), match.group(2)
        if ordinal and slots:
            index = _ORDINAL[ordinal]
            if -len(slots) <= index < len(slots):
                return _norm(slots[index])
        if kind and slots:
            category = _CATEGORY_OF_WORD.get(kind, "shop" if kind in ("mall", "store") else None)
            same = [s for s in slots if _site_category(s) == category]
            if len(same) == 1:
                return _norm(same[0])
        return match.group(0)

    text = _partial_names(_REFERENCE.sub(site_for, text), ctx)
    if len(ctx.suggested) == 1:
        site = _norm(ctx.suggested[0])
        text = _DEMONSTRATIVE.sub(site, text)
        text = _PRONOUN.sub(lambda m: f"{m.group(1)} {site}", text)
    return text


def _retract(acts: list[ActBase], read: list[ActBase], clause: str) -> tuple[list[ActBase], list[ActBase]]:
    """A self-correction ("never mind, not the museum actually"): the wishes said earlier in the
    message for the sites (or the kind of place) it names are taken back, and it says no more of them."""
    sites = {name for _, name in _find_sites(clause)}
    kinds = {c for c in (_CATEGORY_OF_WORD.get(m.group(1)) for m in _CATEGORY_MENTION.finditer(clause)) if c}
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
    for match in _DIFFERENT.finditer(bare):
        kind = _CATEGORY_OF_WORD.get(match.group(1)) or _CATEGORY_OF_WORD.get(match.group(1).rstrip("s"))
        same = [s for s in slots if _site_category(s) == kind]
        if len(same) == 1 and same[0] not in named:
            out.append(PlanSiteOpinion(site=same[0], liked=False))
    return out


def _name_words(sites: Iterable[str]) -> dict[str, list[tuple[str, str]]]:
    """Word of a site's name -> ``(site, the rest of the name after it)`` (no articles, no kinds)."""
    table: dict[str, list[tuple[str, str]]] = {}
    for site in dict.fromkeys(sites):
        words = [w for w in _norm(site).split() if w != "the"]
        for k, word in enumerate(words):
            if len(word) > 2 and word not in _CATEGORY_OF_WORD and word not in ("and", "of"):
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
        return _norm(site)

    return _THE_WORD.sub(site_for, text)


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
    must = bool(_MUST.search(clause))
    bare_answer = _LISTED.fullmatch(_strip_sites(clause).strip(" ,.!?")) is not None  # "Saul's." (nothing else)
    for i, (pos, name) in enumerate(sites):
        end = _group_end(clause, sites, i)
        cut = _CONTRAST.search(clause, pos, end)
        after = _strip_sites(clause[pos : min(cut.start() if cut else end, pos + WINDOW)])
        if (comma := _NEXT_PART.search(after)) is not None:
            after = after[: comma.start()]  # "X, too, and a viewpoint wouldn't hurt": the words on X end
        start = sites[_group_start(clause, sites, i)][0]
        before = clause[max(0, start - 30) : pos]
        dropped = bool(_SITE_DROP.search(clause[max(0, start - 30) : start])) or bool(
            re.search(r"\b(replace|swap|drop|remove) (?:that|it)\b", after)
        )
        tail = _strip_sites(clause[pos : min(cut.start() if cut else end, pos + WINDOW)])
        if _EXCEPT.search(clause, max(0, start - 50), start):
            # "I love everything but X": X is not liked, the rest of the proposal is
            dropped = True
            rest = [s for s in ctx.last_proposal or () if s and s not in {n for _, n in sites}]
            opinions.extend(PlanSiteOpinion(site=s, liked=True) for s in rest)
        bad = not _polarity_at(clause, pos) or dropped or _bad(after) or bool(_HAS_BAD.match(tail))
        if bad and _IF.search(clause, max(0, start - 40), pos):
            continue  # "if I have to ditch X": hypothetical
        wish = bool(_ADD.search(before)) or bool(
            re.match(r"\W*(?:\w+ )?(?:needs? to be|back)\b", after.replace("SITE", ""))
        )
        if bad:
            opinions.append(PlanSiteOpinion(site=name, liked=False))
        elif name in current and not wish:
            if (
                bare_answer
                or _POS.search(_CONTRAST.split(_window(clause, pos))[-1])
                or _SITE_GOOD.search(after)
                or _DESIRE.search(before)
            ):
                opinions.append(PlanSiteOpinion(site=name, liked=True))
        elif (
            must or question or wish or bare_answer or _DESIRE.search(_window(clause, pos)) or _SITE_GOOD.search(after)
        ):
            wanted.append(name)
        elif re.search(r"\b(go to|try)\b", _window(clause, pos)):
            wanted.append(name)
    want = [PlanWantSite(sites=tuple(dict.fromkeys(wanted)), must=must)] if wanted else []
    return want + opinions


def _others(clause: str, ctx: PlanningContext, named: set[str]) -> list[ActBase]:
    """ "I love X but the other two ...": the proposal's sites the message does not name."""
    match = _OTHERS.search(clause)
    if (
        match is None
        or not ctx.last_proposal
        or re.search(r"\b(?:from|to|near|around|of)\s+$", _window(clause, match.start()))
    ):
        return []  # "too far from the others": a place, not a judgement
    rest = [s for s in ctx.last_proposal if s and s not in named]
    cut = _CONTRAST.search(clause, match.end())
    after = clause[match.end() : cut.start() if cut else len(clause)]
    dropped = _SITE_DROP.search(clause, max(0, match.start() - 30), match.start())
    liked = _polarity_at(clause, match.start()) and not _SITE_BAD.search(after) and not dropped
    return [PlanSiteOpinion(site=s, liked=liked) for s in rest]


def _site_acts(clause: str, sites: list[tuple[int, str]]) -> list[ActBase]:
    """Wish-list and opinion acts of the sites named in a preference clause (author unknown)."""
    wanted: list[str] = []
    opinions: list[ActBase] = []
    must = bool(_MUST.search(clause))
    for i, (pos, name) in enumerate(sites):
        end = _group_end(clause, sites, i)
        cut = _CONTRAST.search(clause, pos, end)
        after = _strip_sites(clause[pos : min(cut.start() if cut else end, pos + WINDOW)])
        disliked = not _polarity_at(clause, pos) or _SITE_DROP.search(clause[max(0, pos - 30) : pos])
        if disliked or (not must and _SITE_BAD.search(after)):
            opinions.append(PlanSiteOpinion(site=name, liked=False))
        elif must or _DESIRE.search(_window(clause, pos)):
            wanted.append(name)
        elif _SITE_GOOD.search(after):
            opinions.append(PlanSiteOpinion(site=name, liked=True))
    want = [PlanWantSite(sites=tuple(dict.fromkeys(wanted)), must=must)] if wanted else []
    return want + opinions


def _group_start(clause: str, sites: list[tuple[int, str]], i: int) -> int:
    """The first site of the list site ``i`` is in: "drop A and B" says "drop" of both."""
    j = i
    while j > max(0, i - 6) and _LISTED.fullmatch(_strip_sites(clause[sites[j - 1][0] : sites[j][0]])):
        j -= 1
    return j


def _group_end(clause: str, sites: list[tuple[int, str]], i: int) -> int:
    """Where the words about site ``i`` end: "A and B are great" says "are great" of both."""
    j = i
    while j + 1 < min(len(sites), i + 6) and _LISTED.fullmatch(_strip_sites(clause[sites[i][0] : sites[j + 1][0]])):
        j += 1
    return sites[j + 1][0] if j + 1 < len(sites) else len(clause)


def _topic(clause: str) -> Topic | None:
    best: tuple[int, Topic] | None = None
    for topic, words in TOPIC_WORDS.items():
        match = _words(words).search(clause)
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
        if _words(words).search(text):
            return category
    return None


_IF_BEFORE = re.compile(r"\bif (?:\w+ ){0,2}$")
"""A condition right before an eating stop ("if we get food, ..."): no request for one."""


def _categories(text: str) -> list[ActBase]:
    """The kinds of places a user's clause asks for ("add a shop", "another bar", "somewhere to eat")."""
    found: list[tuple[int, Category]] = []
    mentions = list(_CATEGORY_MENTION.finditer(text))
    for k, match in enumerate(mentions):
        word = match.group(1)
        category = _CATEGORY_OF_WORD.get(word) or _CATEGORY_OF_WORD.get(word.rstrip("s"))
        if k + 1 < len(mentions) and not text[match.end() : mentions[k + 1].start()].strip(" -"):
            continue  # "a cafe restaurant": the first kind qualifies the second
        before = text[max(0, match.start() - 12) : match.start()]
        if re.search(r"\bSITE\s+$", before):
            continue  # "Hindenburg memorial": the rest of a name
        definite = re.search(r"\b(?:the|that|this|those|these)\s+$|\bas far as\s+$", before)
        verb = word == "park" and re.search(r"\b(?:can|to|could|where|we|i|you|and)\s+$", before)
        if category is not None and not definite and not verb and _polarity_at(text, match.start()):
            found.append((match.start(), category))  # "the cafe" refers to a site; "a cafe" asks for one
    eat = _EATING.search(text)
    if (
        eat is not None
        and _polarity_at(text, eat.start())
        and not _IF_BEFORE.search(text, max(0, eat.start() - 20), eat.start())
    ):
        found.append((eat.start(), "restaurant"))
    return [PlanCategory(category=c) for c in dict.fromkeys(c for _, c in sorted(found))]


def _rating(text: str) -> list[ActBase]:
    match = _RATING.search(text) or _RATING_FIRST.search(text)
    if match is None:
        if _RATING_HIGH.search(text):
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
        pattern = _words(values + tuple(aliases))
        for match in pattern.finditer(text):
            value = aliases.get(match.group(1), match.group(1))
            too = text.endswith("too ", 0, match.start())  # "too trendy"
            target = liked if _polarity_at(text, match.start()) and not too else disliked
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
    cuts = [0] + [m.end() for m in _CONTRAST.finditer(text)] + [len(text) + 1]
    optional = [bool(_LOOSE.search(text, a, b)) for a, b in itertools.pairwise(cuts)]

    def loose_at(position: int) -> bool:
        """Whether the part of the clause with ``position`` says it is optional ("X would be nice")."""
        return optional[bisect.bisect_right(cuts, position) - 1]

    for feature, (_, synonyms, _) in BOOL_FEATURES.items():
        match: re.Match[str] | None = _words(synonyms).search(text)
        while match is not None and feature == "good for groups" and _the_group(text, match):
            match = _words(synonyms).search(text, match.end())  # "the group", "our group": the travellers
        implied = IMPLIED.get(feature)
        if (
            implied is not None
            and (other := implied.search(text))
            and (match is None or other.start() < match.start())
            and _polarity_at(text, other.start())  # "we don't have a car" implies nothing
        ):
            match = other
        if feature == "touristy":
            hidden = _words(HIDDEN_WORDS).search(text)
            if hidden and (match is None or hidden.start() <= match.start()):
                # wishing for hidden spots is loose (the yaml's "hidden, non-touristy spots would be cool")
                value = not _polarity_at(text, hidden.start())
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
            and not _polarity_at(text, match.start())
        ):
            # nobody avoids kid- or group-friendly places: "not sure the kids will enjoy it" is a complaint
            # that wants them; only an absence ("we don't have kids") says nothing
            if not _ABSENT.search(_window(text, match.start())):
                found.append((match.start(), _bool_act(feature, True, loose_at(match.start()))))
        else:
            value = _polarity_at(text, match.start())
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


# --------------------------------------------------------------------------------------------------
# Renderer


def _join(items: list[str], last: str = "and") -> str:
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + f" {last} " + items[-1]


def _signed(value: int) -> str:
    return f"{value:+d}"


class PlanningRenderer:
    """Template sentences for :data:`PlanAct` lists that :class:`PlanningParser` reads back."""

    def render(self, intent: Intent, context: Any = None, rng: np.random.Generator | None = None) -> str:
        """The message of ``intent.acts``: one clause per act, feedback scores in one clause.

        Args:
            intent: the acts to say.
            context: unused (the acts are self-contained).
            rng: picks among paraphrases (the first paraphrase without it).

        Returns:
            The message ("" when there is nothing to say).
        """
        rng = rng if rng is not None else np.random.default_rng(0)
        clauses: list[str] = []
        scores: list[str] = []
        group: list[PlanFeature] = []
        for act in [*intent.acts, None]:
            if group and (act is None or bool_group(act) != bool_group(group[0])):
                clauses.append(_group_text(group, self._pick(rng, ["", "I ", "We "])))
                group = []
            if act is None:
                break
            if isinstance(act, PlanFeature) and bool_group(act) is not None:
                group.append(act)
            elif (score := getattr(act, "score", None)) is not None:
                scores.append(self._score(act, score))
            else:
                clauses.append(self._clause(act, rng))
        if scores:
            clauses.append(", ".join(scores))
        return " ".join(c if c.endswith(("?", "!", ".")) else c + "." for c in clauses)

    @staticmethod
    def _pick(rng: np.random.Generator, options: list[str]) -> str:
        return options[int(rng.integers(len(options)))]

    def _score(self, act: ActBase, score: int) -> str:
        """The proposal term ``score`` that ``act`` reports."""
        if isinstance(act, PlanSiteScore):
            return f"{act.site} {_signed(score)}"
        if isinstance(act, PlanTravel):
            return f"travel {_signed(score)}"
        if isinstance(act, PlanBudget):
            return f"budget {_signed(score)}"
        if isinstance(act, PlanCategory):
            return f"a {act.category} {_signed(score)}"
        assert isinstance(act, PlanWantSite)
        return f"{'must-see' if act.must else 'wish list'} {_join(list(act.sites), 'or')} {_signed(score)}"

    def _clause(self, act: ActBase, rng: np.random.Generator) -> str:
        pick = self._pick
        if isinstance(act, PlanFeature):
            return _feature_text(act, pick(rng, ["", "I ", "We "]))
        if isinstance(act, PlanBudget):
            return pick(rng, [f"Budget ${act.amount}", f"Budget under ${act.amount}", f"Keep it under ${act.amount}"])
        if isinstance(act, PlanTravel):
            return pick(rng, ["Short travel please", "Minimize travel", "Keep travel short"])
        if isinstance(act, PlanWantSite):
            names = _join(list(act.sites), "or")
            if act.must:
                return pick(rng, [f"Must see {names}", f"Definitely want {names}"])
            return pick(rng, [f"I'd like to see {names}", f"Heard good things about {names}"])
        if isinstance(act, PlanCategory):
            return pick(rng, [f"At least one {act.category}", f"Want to visit a {act.category}"])
        if isinstance(act, PlanSiteOpinion):
            if act.liked:
                return pick(rng, [f"{act.site} is great", f"{act.site} is a keeper"])
            return pick(rng, [f"Drop {act.site}", f"{act.site} is not for me"])
        if isinstance(act, PlanAsk):
            phrase = TOPIC_PHRASES[act.topic]
            if act.topic == "anything":
                return pick(rng, ["What do you like?", "Any preferences?"])
            return pick(rng, [f"Any {phrase} preferences?", f"What about {phrase}?", f"Do you care about {phrase}?"])
        if isinstance(act, PlanNoPreference):
            return f"No preference on {TOPIC_PHRASES[act.topic]}"
        if isinstance(act, PlanPropose):
            names = _join([name or "an open slot" for name in act.sites])
            return pick(rng, [f"How about {names}?", f"Proposing {names}", f"Try {names}?"])
        if isinstance(act, PlanVerdict):
            if act.accept:
                return pick(rng, ["Deal!", "Perfect", "Works for me"])
            return pick(rng, ["Not quite", "No, not yet"])
        raise ValueError(f"the planning renderer cannot say {type(act).__name__}")


def _feature_text(act: PlanFeature, subject: str) -> str:
    """One clause for a feature preference (strict/loose conventions of the module docstring)."""
    if act.feature == "rating":
        return f"{subject}want places rated {min(act.liked):g}+".strip().capitalize()
    if act.feature in CATEGORICAL:
        _, noun = CATEGORICAL[act.feature]
        parts = []
        if act.liked:
            parts.append(f"like {_join([str(v) for v in act.liked])}{noun}")
        if act.disliked:
            parts.append(f"dislike {_join([str(v) for v in act.disliked])}{noun}")
        return (subject + " but ".join(parts)).strip().capitalize()
    if act.feature == "touristy" and act.liked == (True,) and act.disliked:
        return "Only touristy spots"
    if not act.liked:  # loose dislike
        true_phrase, _, false_phrase = BOOL_FEATURES[act.feature]
        return f"Rather not {true_phrase if act.disliked[0] else false_phrase or 'no ' + true_phrase}"
    return f"No {BOOL_FEATURES[act.feature][0]} would be nice"  # loose liking of a missing feature


def _bool_phrase(act: PlanFeature) -> tuple[str, str] | None:
    """``(group, phrase)`` of a boolean-feature act said in a list: "want" (strict liking),
    "avoid" (strict dislike of a feature without a phrase for its absence) or "nice" (loose liking)."""
    if act.feature not in BOOL_FEATURES or not act.liked:
        return None
    true_phrase, _, false_phrase = BOOL_FEATURES[act.feature]
    phrase = true_phrase if act.liked[0] else false_phrase
    if act.feature == "touristy" and act.disliked:  # wishing for (hidden) spots reads loose: say strict apart
        return ("avoid", true_phrase) if not act.liked[0] else None
    if act.disliked:
        return ("want", phrase) if phrase is not None else ("avoid", true_phrase)
    return ("nice", phrase) if phrase is not None else None


def bool_group(act: ActBase | None) -> str | None:
    """The list a boolean-feature act is said in ("want", "avoid", "nice"), ``None`` if said alone."""
    said = _bool_phrase(act) if isinstance(act, PlanFeature) else None
    return said[0] if said else None


def _group_text(acts: list[PlanFeature], subject: str) -> str:
    """One clause for consecutive boolean-feature acts of the same group ("Want views and wifi")."""
    kind = bool_group(acts[0])
    said = [_bool_phrase(act) for act in acts]
    phrases = _join([phrase for _, phrase in filter(None, said)])  # every act of a group is said in it
    if kind == "want":
        return f"{subject}want {phrases}".strip().capitalize()
    if kind == "avoid":
        return f"Avoid {phrases}"
    return f"{phrases} would be nice".capitalize()
