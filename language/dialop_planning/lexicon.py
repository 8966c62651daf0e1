"""What the Planning parser reads through: site names and their misspellings, cue patterns, clause
splitting and the polarity of a mention.

Public names are what :mod:`language.dialop_planning.parser` reads through; underscore names are
this module's own helpers."""

from __future__ import annotations

import re
from functools import cache
from typing import Any

from language.dialop_planning.acts import PlanFeature
from language.dialop_planning.vocabulary import CATEGORY_WORDS, Category, Value
from language.text import OneSlipSpeller

# --------------------------------------------------------------------------------------------------
# Lexicon


@cache
def site_names() -> tuple[str, ...]:
    """The 39 site names of ``planning.yaml``, longest first (for greedy matching)."""
    from games.dialop.planning_game import task_data

    return tuple(sorted((e["name"] for e in task_data()["all_events"]), key=len, reverse=True))


def normalize(text: str) -> str:
    """``text`` lower-cased, without apostrophes, with single spaces."""
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
    table = {_site_key(normalize(alias)): name for alias, name in SITE_ALIASES.items() if name in site_names()}
    table.update({_site_key(normalize(name)): name for name in site_names()})
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


@cache
def _spelling_table() -> tuple[frozenset[str], OneSlipSpeller]:
    """The words of site names that are never corrected into, and the speller of the distinctive ones."""
    words = {w for key in _site_by_norm() for w in key.split() if w.isalpha() and len(w) >= 6}
    targets = frozenset(words - _COMMON_NAME_WORDS)
    return targets | _COMMON_NAME_WORDS, OneSlipSpeller(targets)


_LONG_WORD = re.compile(r"\b[a-z]{6,16}\b")


def respell(text: str) -> str:
    """Misspelt words of site names corrected ("Hindenburg", "Arboritum", "Lincon"): a word of 6+
    letters within one edit (delete, insert, substitute, swap) of exactly one distinctive name word,
    with the same first letter. Linear: each word is looked up by its own deletions only."""
    known, speller = _spelling_table()

    def fix(match: re.Match[str]) -> str:
        word = match.group(0)
        if word in known:
            return word
        target = speller.correct(word)
        if target is not None and target[0] == word[0] and target != word.rstrip("s"):
            return target
        return word

    return _LONG_WORD.sub(fix, text)


@cache
def description_table() -> dict[str, PlanFeature]:
    """The yaml's fixed feature descriptions -> their exact acts."""
    from games.dialop.planning_game import task_data

    table: dict[str, PlanFeature] = {}
    for key, how in task_data()["preferences"].items():
        if how["generate"] != "fixed":
            continue
        feature = key.replace("_", " ")
        for variant in how["prefs"]:
            disliked, liked = variant["value_sets"]
            table[normalize(variant["description"]).strip(" .;!")] = _feature_act(feature, liked, disliked)
    return table


def _feature_act(feature: str, liked: Any, disliked: Any) -> PlanFeature:
    def values(items: Any) -> tuple[Value, ...]:
        return tuple(float(v) if feature == "rating" else v for v in items)

    return PlanFeature(feature=feature, liked=values(liked), disliked=values(disliked))


@cache
def word_pattern(pattern: tuple[str, ...]) -> re.Pattern[str]:
    """Any of ``pattern``'s words or phrases, whole (not inside a word or a hyphenated word)."""
    return re.compile(r"(?<![\w-])(" + "|".join(re.escape(w) for w in pattern) + r")(?![\w-])")


NEG = re.compile(
    r"\b(not an? (?:big |huge |real )?fan of|no longer|not into|not big on|don'?t(?! forget| mind)|do not(?! forget| mind)|dislike|hate|despise|detest|loathe"
    r"|cant stand|dislikes|avoid|no|(?<!if )not|never(?! ?mind)|without|rather not|isn'?t|aren'?t|wasnt|werent|doesnt|didnt|wont|cant|cannot"
    r"|wouldnt(?! mind)|less|too loud|minus|skip|allergic to|nothing|none|get away from|away from"
    r"|pass on|steer clear|stay away|dodge|no longer|so-so|meh)\b"
)
POS = re.compile(
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
LOOSE = re.compile(
    r"\b(would be nice|nice to have|is a plus|a plus|bonus|would be cool|also ok|wouldnt complain|wouldnt mind"
    r"|would not mind|not required|not necessary|optional|not a must|would be neat)\b"
)
SIGNED = re.compile(r"(?<![\w$])([+\-−]\s?\d+)\b")
QUESTION_OPEN = re.compile(r"^(what|which|how|any|do you|are you|is there|where)\b")
ASK_OPEN = re.compile(
    r"\b(what|whats|which|how|do you|did you|are you|were you|would you|will you|is there|are there|where|any|let me know"
    r"|tell me|have you|can you tell|could you tell)\b"
)
"""Where an assistant's question starts ("I have options, do you have a price point?")."""
ASK_UNMARKED = ("let me know", "tell me", "will you", "do you", "are you", "would you", "have you")
"""Openers that make a question without a question mark."""
INVITATION = re.compile(
    r"\b(in mind|on your mind|like to do|want to do|you like|you enjoy|looking for|interested in|what else"
    r"|where (?:should|do you think|would you like to|shall) we|where to|preferences?|what you(?:d| would)? like"
    r"|what you want|what kind|what sort|anything else|anything specific|your plans|plans for|would like|to consider"
    r"|other things|else you)\b"
)
"""An open invitation to say anything ("What do you have in mind?")."""
NO_PREF = re.compile(
    r"\b(no (particular |real |specific |strong )?preferences?|don'?t (really )?care|doesn'?t (really )?matter"
    r"|not picky|either way|not fussy|(?:don'?t|do not|dont really) need|no need for|not necessary|not needed"
    r"|not (?:too |that |very |really |overly )?(?:worried|concerned|bothered) (?:about|with)|not important|dont mind either|not fussed"
    r"|not bothered|not too fussed|not too bothered)\b"
)
ACCEPT = re.compile(
    r"^(deal|perfect|great|sounds good|looks good|works for me|that works|accepted|i accept|awesome|love it|yes)\b"
)
ACCEPT_JUDGED = re.compile(
    r"^(?:(?:i think|i guess|i believe|ok|okay|yeah|well|alright|honestly),? )*(?:(?:that|this|it)(?:s| is| seems| looks)"
    r"|looks|seems)(?: \w+)? (?:good|great|perfect|fine|amazing|awesome|excellent|wonderful|fantastic)\b(?! start| first)"
    r"|^(?:(?:i think|i guess|ok|okay|yeah|actually|nvm|never ?mind),? )*(?:that|this|it) (?:will|would|should) work\b"
)
"""A judgement of the whole proposal ("That seems good to me", "it's pretty good")."""
REJECT = re.compile(r"^(not quite|no(,|$)|nope|i reject|rejected|not great|not good|not ideal|hmm,? no)")
REJECT_JUDGED = re.compile(
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
PROPOSE = re.compile(
    r"\b(how about|what about|feel about|substitut\w*|swap in|try|propos\w*|suggest\w*|itinerary|plan|sent|check out|consider)\b"
)
DESIRE = re.compile(
    r"\b(maybe|perhaps|want\w*|wanna|like|love|prefer|heard|hear|recommend\w*|dont forget|do not forget|remember|check out|keep\w*|go to|visit|see|fan of|interested in|add"
    r"|include|hit up|stop by|stop at|start with|start at|begin with|end with|end at|(?:lets|let us|can we|could we)"
    r"(?: just)? (?:do|go with|try))\b"
)
SITE_DROP = re.compile(
    r"\b(ditch(?:ed)?|drop(?:ped)?|remov(?:e|ed)|skip(?:ped)?|kill|cut|nix|scrap|toss|replac(?:e|ed)|swap(?:ped)? out"
    r"|switch(?:ed)? out|get rid of|got rid of|instead of|in place of|lose|besides|other than"
    r"|rather than|than|do better on|do better with|do better than|other option for|alternative to|alternatives to)\b"
)
SITE_BAD = re.compile(
    r"\b(too(?=\s+\w)|not|isnt|doesnt|dont|arent|wasnt|(?<!thus )(?<!so )far|further|farther|expensive|pricey|replaced?|swap\w*|bad|hate|boring|no good|skip"
    r"|out of the way|so-so|meh|do better|can do better|low rated|poorly rated|low ratings?|bad reviews|overpriced"
    r"|crowded|loud|noisy|mid|long way|far off|way off|a trek|long drive)\b"
)
LISTED = re.compile(r"(\s*SITE\s*(,|\band\b|\bor\b|&)?)+\s*")
_NOT_BAD = re.compile(
    r"\b(?:not|isnt|arent|wasnt|is not|are not|never)\s+(?:too\s+|that\s+|very\s+|so\s+|all\s+that\s+|as\s+)?"
    r"(?:far|expensive|pricey|bad|crowded|loud|noisy|boring|mid)\b"
)
"""A criticism denied ("X isn't far"): no criticism."""


def criticised_after(after: str) -> bool:
    """Whether the words after a site criticise it (a denied criticism does not)."""
    return bool(SITE_BAD.search(_NOT_BAD.sub(" ", after)))


EXCEPT = re.compile(
    r"\b(?:love|like|liked|loved|fine with|ok with|okay with|happy with|good with|keep)\s+(?:\w+\s+)?(?:everything|all of"
    r" (?:it|them)|all|the rest|every(?:thing| place| stop| spot))\s*,?\s+(?:but|except(?: for)?|apart from|other than"
    r"|besides|aside from|save)\s+$"
)
"""Everything of the proposal but the site that follows ("I love everything but X")."""
HAS_BAD = re.compile(
    r"\s*SITE\s+(?:\w+\s+)?(?:has|have|offers?|plays?|got|serves?|is)\s+(?:[\w-]+\s+){0,3}?[\w-]+,?\s+(?:which|and|but|that)"
    r"\s+(?:i|we|my \w+|our \w+)\s+(?:\w+\s+)?(?:dont|do not|wouldnt|would not|cant|cannot|hate|dislike)\b(?! mind)"
)
"""A site's feature said as a complaint ("the Cakery has live music, which we don't want")."""
SITE_GOOD = re.compile(
    r"\b(perfect|great|good|keeper|love|fine|works|nice|awesome|excellent|lovely|decent|keep|keeping|glad|like|want\w*"
    r"|definitely|must|closer|cheaper|nearer|better|more affordable|on (?:our|my|the) (?:list|books?|radar)"
    r"|places to (?:go|see|visit)|bucket list)\b(?<!could be better)"
)
MUST = re.compile(r"\b(must|definitely|have to|need to|really want|recommendations)\b")
ADD = re.compile(r"\b(add|adding|include|put|back|must|definitely|really want|needs? to be)\b")
NEAR = re.compile(
    r"\b(around|near|close to|next to|(?<!stop )(?<!swing )(?<!drop )by|from|halfway to|between|on the way to|outside|inside|across from|behind"
    r"|beside)\s+(?:the\s+)?$"
)
"""A site named as a place to be near, not as a wish ("a park near Lucia's")."""
CONTRAST = re.compile(
    r"\b(but|though|however|although|whereas|while)\b|;|,\s*(?=(?:could|can|would|will|i|we|lets|let us|please|also"
    r"|maybe|perhaps|plus|and (?:i|we|if)|so|any|is there|are there|what about|how about)\b)"
    r"|\b(?:as|since|because|cause|cuz) (?=(?:i|we|im|were|my|our)\b)"
    r"|\band (?=(?:i|we)\s+(?:dont|do not|also|really|would|want|need|hate|prefer|love|like)\b)"
    r"|\band (?=(?:then )?(?:hit|go|see|visit|get|find|try|do|check|grab|stop|have|keep|make|want|need|would|also"
    r"|maybe|love|like|prefer)\b)|\b(?=make sure\b)"
)
"""Where the scope of a cue ends: a contrast, a new clause after a comma ("..., could you find ..."),
a causal clause about the speaker, or a new predicate ("avoid X and hit up Y")."""
BUDGET_AMOUNT = re.compile(
    r"(?:\$\s?(\d{1,4})|(\d{1,4})\s?(?:dollars?|bucks|usd)|(?:budget|spend)(?:\s(?:of|is|around|about|under|below|max|at most|up to))*\s(\d{2,4})\b"
    r"|\b(?:below|under|max|maximum|at most|up to|less than|no more than)\s(\d{2,4})\b(?!\s*(?:miles?|mi|minutes?|stars?)))"
)
PRICE = re.compile(
    r"\b(pricey|pricy|expensive|cheaper|cheap|cheapest|over (?:the |my |our )?budget|on a budget|budget friendly"
    r"|afford\w*|within (?:the |my |our )?budget|costs? too much|costly|inexpensive|save money|low budget|tight budget|budget is (?:pretty |really"
    r" |very |a bit )?(?:low|tight))\b"
)
"""Price worries without an amount: a budget of unknown size."""
TRAVEL = re.compile(
    r"\b(hate (?:to )?(?:travel\w*|driv\w*|walk\w*)|(?:dont|do not) (?:like|want) to (?:travel|drive|walk)|minimi[sz]e (?:the |my |our )?travel\w*|travel (?:distance|time)|short(?:er)? travel|keep (?:the )?travel"
    r"|travel (?:short|less)|(?:less|little|minimal|minimum|limit|reduce|lower) (?:\w+ ){0,2}travel\w*"
    r"|travel\w* (?:\w+ ){0,3}(?:minimum|short|less|low)|distances?|close together|close to each other"
    r"|near each other|nearby|(?:too|a bit|bit|so|very|pretty|kinda|really|quite|that|travel) far|far away"
    r"|far apart|closer|not far|walking distance|drive (?:too )?much|driving (?:too )?much|travel (?:too |that |very )?much"
    r"|(?:not|less|minimal) (?:too )?much travel\w*|travel\w* less|travel\w* (?:\w+ ){0,2}min|of each other"
    r"|within (?:a|one|1|two|2|half a) (?:mile|miles|block|blocks)|close to|closer to)\b"
)
RATING = re.compile(
    r"\b(?:rated|ratings?|stars?|scores?|reviews?)\D{0,20}?(\d(?:\.\d)?)(?![\d.]\d)\s*(\+|stars?|or (?:more|higher|above))?"
)
RATING_FIRST = re.compile(
    r"(\d(?:\.\d)?)\s*(?:\+\s*)?(?:(?:or|and) (?:higher|more|above|better|up)\s+)?(?:stars?|rated|rating)"
)
RATING_HIGH = re.compile(
    r"\b(highly rated|high(?:ly)? rat\w*|well rated|well reviewed|good (?:ratings?|reviews)|top rated|best rated"
    r"|great (?:ratings?|reviews)|high(?:er)? ratings?)\b"
)
"""Rating wishes without a number: 3 stars and up."""
EATING = re.compile(
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
CATEGORY_MENTION = re.compile(
    r"(?<![\w-])(coffee shops?|coffee nooks?|cafes?|cafés?|restaurants?|bars?|pubs?|museums?|landmarks?|monuments?"
    r"|memorials?|parks?|shops?|shopping|malls?|stores?)(?![\w-])(?!\s+(?:it|my car|the car|our car)\b)"
)
CATEGORY_OF_WORD: dict[str, Category] = {
    word: category for category, words in CATEGORY_WORDS.items() for word in words
} | {"coffee shops": "cafe", "cafés": "cafe", "monuments": "landmark", "memorials": "landmark", "malls": "shop"}
ORDINAL = {"first": 0, "1st": 0, "second": 1, "2nd": 1, "middle": 1, "third": 2, "3rd": 2, "last": -1, "final": -1}
REFERENCE = re.compile(
    r"\b(?:the|that|this)\s+(?:(first|1st|second|2nd|middle|third|3rd|last|final)\s+(?:one|place|stop|spot|site"
    r"|location)|(restaurant|bar|cafe|coffee shop|museum|landmark|park|shop|mall|store)(?!\s+of\b))\b"
)
"""References to a slot of the latest proposal: by position or by category."""
THE_WORD = re.compile(
    r"\b(?:the|that|this)\s+([a-z][a-z-]+)\b"
    r"|(?:^|(?<=[.!?;/,] ))([a-z][a-z-]+)(?=\s*(?:,|\b(?:and|or|is|are|was|were|looks?|sounds?|seems?)\b))"
)
"""A word that may be part of a site's name: after an article, or heading a clause ("Garden and ...")."""
DIFFERENT = re.compile(
    r"\b(?:different|another|other|better|new|cheaper|closer|alternative)\s+" + CATEGORY_MENTION.pattern
)
"""Asking for another site of a kind: the proposal's site of that kind is not wanted."""
CORRECTION = re.compile(
    r"^(?:never ?mind|nevermind|scratch that|forget (?:that|about)|actually,? (?:no|not|scratch|forget)"
    r"|on second thought|wait,? no)\b"
)
"""A self-correction: what it names is taken back."""
DEMONSTRATIVE = re.compile(r"\b(?:that|this) (?:place|spot|one)\b")
NEXT_PART = re.compile(r",(?!\s*(?:and |or |&)?\s*SITE\b)")
"""A comma that does not continue a list of sites."""
AFFIRM = re.compile(
    r"^(?:yes|yeah|yep|yup|sure|go for it|sounds (?:good|great|perfect|lovely|fine)|lets (?:do|try) (?:it|that)"
    r"|that works|perfect|great|love it|i like (?:it|that))\b"
)
"""Taking up a suggestion without naming it."""
INTERJECTION = re.compile(r"^(?:no|nope|nah)(?:\s*,\s*|\s+(?=(?:a|an|the|i|we|its|it|that|this|thanks|thank)\b))")
IF = re.compile(r"\bif\b")
ECHO = re.compile(r"\s*SITE\s+(?:sounds|seems)\s+(?:\w+\s+)?(?:great|good|perfect|lovely|fun|nice|fine|wonderful)\b")
"""An assistant acknowledging a site the user named ("Liberty Memorial sounds great")."""
CHOICE = re.compile(r"\b(prefer|either|which|still|anyway|worth|ok with|okay with|fine with|want|like|interested)\b")
"""An assistant's question that asks the user to choose among the sites it named."""
ASK_LIST = re.compile(r"\b(?:things like|stuff like|such as|for example|e\.?g\.?)\s+(?=\w+(?:\s+\w+)?\s*,)")
"""Topics an assistant lists as examples in one question ("things like budget, interests, ...")."""
ABOUT_PROPOSAL = re.compile(
    r"\b(?:this|these|the|my|that|those) (?:plan|itinerary|trip plan|proposal|schedule|route|draft|options?|ones?|places"
    r"|activities|locations|spots|stops|suggestions|picks)\b"
    r"(?!\s+(?:you|do you|would you))|\bwork for you\b"
)
"""An assistant's question on its own proposal ("does this plan work for you?"): no preference topic."""
NEAR_SUGGESTED = re.compile(r"\b(?:near|around|close to|next to|similar to|like|far from)\s+(?:the\s+)?$")
"""A site an assistant names as a landmark of its suggestion, not as one ("options near the fair")."""
PRONOUN = re.compile(r"\b(try|do|go with|add|keep|love|like|include|book|take)\s+(?:that|it)\b(?!\s+\w)")
"""A single suggestion taken up by a pronoun closing the clause ("let's try that")."""
OTHERS = re.compile(r"\b(the other (?:two|2|ones|places|spots|stops|options|locations|sites)|the others|the rest)\b")
YES = re.compile(
    r"^(yes|yeah|yep|yup|sure|definitely|absolutely|of course|certainly|please|i do|we do|correct|for sure|ya)\b"
)
NO = re.compile(r"^(no|nope|nah|not really|not particularly|not necessarily|not at all|none|no thanks|i dont)\b")


def find_sites(text: str) -> list[tuple[int, str]]:
    """``(position, name)`` of every site name in a normalized clause."""
    found = []
    for match in _site_pattern().finditer(text):
        name = _site_by_norm().get(_site_key(match.group(1)))
        if name is not None:
            found.append((match.start(), name))
    return found


def strip_sites(text: str) -> str:
    """A normalized clause with every site name replaced by the placeholder ``SITE``."""
    return _site_pattern().sub(" SITE ", text)


WINDOW = 160
"""How far back (characters) the words about a mention are read: keeps every reading linear."""


def window_before(text: str, position: int) -> str:
    """The words before ``position`` that can bear on it (at most :data:`WINDOW` characters)."""
    return text[max(0, position - WINDOW) : position]


def polarity_at(text: str, position: int) -> bool:
    """Whether the mention at ``position`` is liked: the nearest cue before it decides.

    The words after the last contrast ("but", "though") count; a positive cue right after a
    negation, with only fillers between ("don't really like"), is part of the negation.
    """
    before = CONTRAST.split(window_before(text, position))[-1]
    spans = [m.span() for m in NEG.finditer(before)]
    if not spans:
        return True
    pos: list[int] = []
    k, latest = 0, None  # the latest negation starting before the positive cue
    for m in POS.finditer(before):
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


def split_clauses(text: str) -> list[tuple[str, bool]]:
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
