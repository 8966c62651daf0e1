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

from language.dialop_planning.acts import (
    PREFERENCE_ACTS,
    Author,
    PlanAct,
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
    topic_of,
)
from language.dialop_planning.lexicon import IMPLIED, SITE_ALIASES, WINDOW, site_names
from language.dialop_planning.parser import VALUE_ALIASES, PlanningParser
from language.dialop_planning.renderer import PlanningRenderer, bool_group
from language.dialop_planning.vocabulary import (
    BOOL_FEATURES,
    CATEGORICAL,
    CATEGORIES,
    CATEGORY_WORDS,
    HIDDEN_WORDS,
    LOW_RATINGS,
    RATINGS,
    TOPIC_EXTRA,
    TOPIC_PHRASES,
    TOPIC_WORDS,
    TOPICS,
    Category,
    Topic,
    Value,
    is_topic,
)

__all__ = [
    "Author",
    "BOOL_FEATURES",
    "CATEGORICAL",
    "CATEGORIES",
    "CATEGORY_WORDS",
    "Category",
    "HIDDEN_WORDS",
    "IMPLIED",
    "LOW_RATINGS",
    "PREFERENCE_ACTS",
    "PlanAct",
    "PlanAsk",
    "PlanBudget",
    "PlanCategory",
    "PlanFeature",
    "PlanNoPreference",
    "PlanPropose",
    "PlanSiteOpinion",
    "PlanSiteScore",
    "PlanTravel",
    "PlanVerdict",
    "PlanWantSite",
    "PlanningContext",
    "PlanningParser",
    "PlanningRenderer",
    "RATINGS",
    "SITE_ALIASES",
    "TOPICS",
    "TOPIC_EXTRA",
    "TOPIC_PHRASES",
    "TOPIC_WORDS",
    "Topic",
    "VALUE_ALIASES",
    "Value",
    "WINDOW",
    "bool_group",
    "is_topic",
    "site_names",
    "topic_of",
]
