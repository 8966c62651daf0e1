"""The lexicon of the DialOp Mediation parser: word lists, patterns, normalisation and time spans.

Public names are what :mod:`language.dialop_mediation.parser` reads through; underscore names are
this module's own helpers."""

from __future__ import annotations

import bisect
import functools
import re

from language.dialop_mediation.acts import CARRIERS, DAYS, MediationContext, clock
from language.text import OneSlipSpeller, clean_message, straight_apostrophes

# ---- lexicon ---------------------------------------------------------------------------------------

DAY_TOKENS = ("wed", "thu", "fri")
_NOT_A_DATE = r"(?!\s*(?:one|flight|option|proposal|meeting|time|choice|pick|half|place|priority))"
_DAY_WORDS = (
    (0, r"wed(?:nesday|s)?|weds|5/31|05/31|may\s*31(?:st)?|31st"),
    (1, r"thu(?:rs?(?:day)?)?s?|6/1|06/01|june\s*1(?:st)?" + _NOT_A_DATE + "|1st" + _NOT_A_DATE),
    (2, r"fri(?:day)?s?|6/2|06/02|june\s*2(?:nd)?" + _NOT_A_DATE + "|2nd" + _NOT_A_DATE),
)
DAY_RE = re.compile("|".join(rf"(?P<d{day}>\b(?:{words})\b(?![:/]\d))" for day, words in _DAY_WORDS))
ANY_DAY_RE = re.compile(r"\b(?:any|every|each|all)\s+days?\b|\ball (?:three|3) days\b")
TIME = r"(?:(\d{1,2}):(\d{2})\s*(am|pm)?|(\d{1,2})\s*(am|pm)|\b(noon|midnight)\b)"
TIME_RE = re.compile(rf"\b{TIME}(?![\d/])")
_RANGE_RE = re.compile(rf"\b{TIME}\s*(?:-|–|to|until|till)\s*{TIME}(?![\d/])")
_LOOSE_RANGE_RE = re.compile(r"\b(\d{1,2})(?::(\d{2}))?\s*(?:-|to)\s*(\d{1,2})(?::(\d{2}))?\s*(am|pm)\b")
_BARE_RANGE_RE = re.compile(
    r"(?<![$\d:/.])\b(?:(?:from|between)\s+)?(\d{1,2})(?::([0-5]\d))?\s*(?:-|to|until|till)\s*(\d{1,2})(?::([0-5]\d))?\b"
    # "my 3 to 7 meeting" is a range, "2 to 3 meetings" a count
    r"(?!\s*(?:am|pm|:|/|\d|%|hours?|hrs?|min\w*|meetings|flights?|days?|people|times?|of\b|out\b))"
)
OUT_OF_10 = re.compile(r"\b(\d{1,2})\s*(?:/|out of)\s*10\b")
_SCALE_RE = re.compile(r"\b(?:on|in) a scale (?:of|from)\s*(?:(?:0|1|one|zero)\s*(?:-|to)\s*)?(10|ten|20|twenty)\b")
OUT_OF_20 = re.compile(r"\b(\d{1,2})\s*(?:/|out of)\s*20\b")
MEAN_RE = re.compile(r"(?:usual|typical|average|normal|mean)\s+(?:fare|price|cost)[^$\d]{0,12}\$\s*(\d+)")
CARRIER_RE = re.compile(r"\b(" + "|".join(c.lower() for c in CARRIERS) + r")\b")
# parts of the day (minutes); adjacent parts named together merge into one window
PARTS = {
    "morning": (None, 12 * 60),
    "midday": (11 * 60, 13 * 60),
    "second half": (12 * 60, None),
    "afternoon": (12 * 60, 17 * 60),
    "evening": (17 * 60, None),
}
PART_NAMES = {
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
PART_RE = re.compile(
    r"\b(first half|second half|mornings?|morn|afternoons?|afternoonish|evenings?|nights?|tonight|red[- ]?eyes?|mid[- ]?day|middle of (?:the )?days?|lunch(?:time)?)\b"
)
_BOUND_WORDS = r"after|past|from|since|starting (?:at|from)|starting|before|by|until|till|earlier than|later than|no later than|pre|post"
BOUND_RE = re.compile(rf"\b({_BOUND_WORDS})[\s-]*(?:about\s+|around\s+)?{TIME}")
BARE_BOUND_RE = re.compile(
    rf"\b({_BOUND_WORDS})[\s-]+(\d{{1,2}})\b(?!\s*(?:am|pm|:|/|\d|%|hours?|hrs?|min\w*|meetings?|flights?|days?|people|of\b))"
)
AROUND_RE = re.compile(rf"\b(?:around|about|approximately|roughly|near|~)\s*{TIME}")
_BETWEEN_RE = re.compile(r"\bbetween\s+([^,.;]{1,20}?)\s+and\s+")

PRICE_WORDS = re.compile(
    r"\b(price[sd]?|pricey|pricy|fares?|costs?|cheap\w*|cheep\w*|expensive|budget|affordabl\w*|money|rich)\b|\$"
)
PRICE_LOW = re.compile(
    r"(doesn'?t|does not|don'?t|do not|not)\s+(really\s+)?(matter|care|mind|important|a concern)|"
    r"no matter|whatever it costs|money is no|(?:is|n'?t|not) (?:an? )?(?:big )?(?:issue|problem|concern|factor)\b"
)
PRICE_MID = re.compile(
    r"reasonabl\w*|(?:not|n'?t)\s+(?:too|that|very|overly|so|super|crazy|extremely|terribly|insanely|ridiculously)\s+"
    r"(?:pricey|pricy|expensive)|affordabl\w*|cost[- ]effective|moderate\w*|decent price|fair price"
)
_FRIEND = r"(?:friend\w*|buddy|bud|pal|bff|partner|colleague|mate|companion|him|her|them)"
ARRIVAL_WORDS = re.compile(
    r"\barriv\w*|\bland\w*|\breach\w*|\baround\b|same time|similar tim\w*|\boff from|\bdifferent times?\b|\btogether\b|each other|\bclose[rs]?\b|\bnear(?:er|by)?\b|\bfar(?:ther)?\b|\bfurther\b|\baway\b|\bapart\b|\bwith (?:my|his|her) "
    + _FRIEND
)
ARRIVAL_FRIENDLY = re.compile(
    r"same time|similar tim\w*|different (?:arrival )?times?|together|(?:close[rs]?|near(?:er)?|far|farther|further|away|apart|land\w*|arriv\w*|"
    r"gets? (?:me )?in|reach(?:es|ing)?)\b"
    r"[^.?!]{0,40}\b"
    + _FRIEND
    + r"|\bshow(?:s|ing)? up\b[^.?!]{0,20}\b"
    + _FRIEND
    + r"|\bcloser\b|too far|far away|way off|\bapart\b|still a bit away|each other|"
    + _FRIEND
    + r"'?s? (?:arrival|landing|flight time)|"
    # the friend's arrival said to be off: "my buddy is arriving at too different of a time"
    + _FRIEND
    + r"'?s?\s+(?:flight\s+)?(?:is\s+|are\s+|will be\s+)?(?:arriv\w*|land\w*|gets? in)\b[^.?!]{0,30}"
    r"\b(?:different|far|apart|off|too|way|hours?|before|after|earlier|later)\b|"
    r"\b(?:off|different|far) from (?:my |his |her |their )?" + _FRIEND + r"|"
    r"\baround (?:my |his |her |their )?" + _FRIEND + r"'?s?\s+(?:flight|arrival|landing)|"
    # "we arrive together", but not "can we land in the morning?" (an arrival time, no friend)
    r"\b(?:us|we)\b[^.?!]{0,15}\b(?:arriv\w*|land\w*|get (?:there|in))\b(?!\s+(?:in the|on|by|before|after|early|late)\b)"
)
ARRIVAL_LOW = re.compile(
    r"(doesn'?t|does not|don'?t|do not|not)\s+(really\s+)?(matter|care|important)|"
    r"(?:don'?t|do not|doesn'?t|does not) mind (?:arriv|land|get|being|if|when)|"
    r"n'?t (?:that |a )?(?:big |huge )?(?:deal|priority|concern|issue)\b|\bno big deal"
)
ARRIVAL_SOFT = re.compile(
    r"\b(if possible|would be nice|if we can|if it|if that|if they|possibly|hopefully|ideally|hop(?:e|es|ing))\b"
)
_MUST = r"\ba must\b|\bessential\b|\bcrucial\b|\bvital\b|can'?t be (?:missed|skipped)|cannot be (?:missed|skipped)"
_SKIPPABLE = r"(?:can|could|may|might) (?:easily |probably )?be (?:missed|skipped|moved)"
IMPORTANCE_WORDS = re.compile(
    _MUST
    + "|"
    + _SKIPPABLE
    + r"|\bimportan\w*|\bpriority\b|\bprio\b|\b(?:miss|skip)\b|\bskippable\b|\bcritical\b|\bmedium\b|\bmildly\b"
)
HIGH_WORDS = re.compile(
    r"\b(very|really|super|extremely|highly|most|quite|pretty|so)\s+important|high(?:ly)?\s*(?:-\s*)?"
    r"(?:importance|priority|prio|important)|\bcritical|can'?t miss|cannot miss|must attend|don'?t want to miss|"
    r"can'?t skip|cannot skip|not (?:miss|skip)|" + _MUST
)
MID_WORDS = re.compile(r"\b(medium|mildly|moderate\w*|somewhat|kind of|sort of|average)\b")
LOW_WORDS = re.compile(
    r"(?:\bnot|n't)\s+(?:very\s+|that\s+|so\s+|too\s+|really\s+)?important|unimportant|low\s*(?:-\s*)?(?:importance|priority|"
    r"prio|important)|(?:can|could|may|might)\s+(?:(?!not\b|never\b)\w+\s+){0,3}?(?:miss|skip)|skippable|not (?:very|really|that)\b|"
    r"not at all|\bnot much\b|\bnothing (?:\w+ )?important|\bno\s+(?:\w+\s+){0,3}?important|"
    r"(?:n'?t|\bnot) (?:\w+ ){0,2}?(?:anything|any meetings?) (?:\w+ )?important|" + _SKIPPABLE
)
BAD_WORDS = re.compile(
    r"\b(?:is|are|am|'s|pretty|fully|completely|all|totally|very|quite|so|basically) booked\b|"
    r"\bsteer clear|\bstay away|\b(bad|rough|dodge|busy|blocked|overlapped|conflicted|hard|difficult|tough|tight|avoid|can'?t|cannot|won'?t|not|no|conflicts?|overlaps?|clash\w*|"
    r"worst|impossible|unavailable|packed|full|terrible|awful)\b"
)
GOOD_WORDS = re.compile(r"\b(open|free|gap|good|great|best|works?|possible|fine|prefer\w*|like|ideal|love)\b")
# judging the current offer
REJECT_STRONG = re.compile(
    r"\b(no|nope|nah|not really|overlaps?|overlapping|conflicts?|clash\w*|cuts? into|runs? into|clips? into|"
    r"too far|far away|way too|go back|back to|previous|the other one|unreasonable|ridiculous|outrageous|"
    r"(?:hits?|touch(?:es)?|interrupts?|eats? into)\b[^.?!]{0,30}\bmeetings?|"
    r"(?:the|that) (?:very )?(?:first|previous|original|old|earlier) (?:one|flight|option|proposal|proposition|offer|choice|pick)|"
    r"instead|anything else|something else|what else|other options?|any other|do better|terrible|won'?t work|from before|from earlier|"
    r"doesn'?t work|not work|not ideal|in the middle of|overlapped|conflicted|not affordable|unaffordable|"
    r"not wallet|(?:don'?t|do not) (?:think|believe) (?:that|this|it)|optimi[sz]e|improve|something better|anything better|"
    r"a better (?:one|flight|option)|another (?:flight|option|one|time|day)|interfer\w*|gets? in the way|not great|not good|no good|reject\w*|can'?t do (?:that|this|it)|"
    r"can'?t make (?:that|this|it)|too many|still a bit|a bit away|i'?ll pass|"
    r"not (?:that|this) (?:time|slot|time slot|one|flight|option|day)\b|not a (?:big )?fan|"
    r"(?:one|flight|option|proposal)s? (?:that )?you (?:proposed|sent|offered|suggested|showed|had)\b[^.?!]{0,20}\b(?:before|earlier|first|previously)|"
    r"stick (?:with|to) (?:the|that) (?:jetblue|american|delta|southwest|united|alaska|first|previous|original|earlier|other|old|last)\b|"
    r"(?:meetings?|blocked|busy|booked|packed|full)\b[^.?!]{0,30}\b(?:during|at|around|in) (?:that|this) "
    r"(?:time|slot|window|period|time ?frame)|i (?:will|would|'d) pass|pass on (?:it|that|this)|"
    r"(?:anything|something|one|options?|flights?) (?:that|which) (?:avoids?|doesn'?t (?:overlap|conflict|clash)|"
    r"does not (?:overlap|conflict|clash)|won'?t (?:overlap|conflict|clash)))\b"
)
NOT_PRICEY = re.compile(
    r"(?:not|n'?t)\s+(?:too|that|very|overly|so|super|crazy|extremely|terribly|insanely|ridiculously)\s+"
    r"(?:pricey|pricy|expensive)"
)
PRICE_PRAISE = re.compile(
    r"\b(?:is|was|'s|at) (?:a )?(?:really |very |pretty )?(?:great|good|nice|decent|fine|fair|reasonable|low) (?:price|deal|fare)\b|"
    r"\bprice (?:is|was|'s) (?:really |very |pretty )?(?:great|good|nice|decent|fine|fair|ok|okay|reasonable|low)\b|"
    # "that is super affordable": the offer's price praised
    r"(?:^|\b(?:but|and|so|though|although)\s+|,\s*)(?:that|this|it)(?:'s| is| was) (?:really |very |super |pretty |quite |so )?"
    r"(?:affordable|cheap|inexpensive|a bargain|a steal)\b"
)
NOT_BAD = re.compile(
    r"\b(?:not|(?:does|do|is|are|would|will)n'?t(?: (?:sound|look|seem|be)s?)?|(?:does|do|would) not (?:sound|look|seem|be)s?)"
    r" (?:too |that |so |all that |half |as )?bad\b"
)
REJECT_WEAK = re.compile(
    r"(?<!can )(?<!could )(?<!to )(?<!easily )\bmiss(?:es|ing)?\b|\b(pricey|pricy|too expensive|expensive|too rich|too much|cheaper|better price|lower price|better|earlier|later|"
    r"closer|bad|worse|unfortunately|rather|how about|what about|can we|could we|let'?s try|try|perhaps|maybe|"
    r"right after|right before)\b"
)
ACCEPT_RE = re.compile(
    r"\b(?:should|would|will|might|can|does) work\b|\bbest (?:we|you|i) (?:can|could) (?:do|get)\b|\b(yes|yeah|yea|yep|yup|sure|ok|okay|great|perfect|works|work for me|could work|deal|sounds good|looks good|"
    r"book it|go ahead|fine|good|accept\w*|awesome|excellent|love it|agreed|let'?s do it|i'?ll take it|"
    r"can be managed|manageable|i suppose|doable|stick (?:with|to) (?:this|it)|live with (?:it|that|this)|make (?:it|that|this) work|"
    r"alright|all right|(?<!'d )(?<!would )(?<!not )(?<!n't )like (?:this|that|it)(?: one| flight| option)?(?! (?:to|but|if)\b))\b"
)
DEICTIC = re.compile(r"\b(that|this|it|that'?s|thats|this one|that one|the flight|these|those)\b")
QUESTION_OPENERS = re.compile(r"^\s*(how|what|when|why|is|are|do|does|did|can|could|would|will|should|any|anything)\b")
GREETING = re.compile(
    r"^\s*(?:(?:hello|hi|hey|heya|hiya|greetings|good (?:morning|afternoon|evening))\b[\s!,.:;-]*)*"
    r"(?:(?:how|what) (?:can|may|could|shall) i (?:help|assist|do for)|(?:can|may|could|shall) i (?:help|assist)|how(?:'s| is| are) (?:it going|you)|"
    r"what (?:can i|do you need|are we doing|we doing)|"
    r"(?:sure|of course|absolutely|no problem|yes)\b[^?]{0,40}(?:help|do that|can)|nice to meet|"
    r"(?:would you like|do you need|do you want|need) (?:some |any |me to )?help)|"
    r"^\s*(?:hello|hi|hey|heya|hiya|greetings|sure|ok|okay|of course|absolutely|no problem|sounds good|thanks?|"
    r"thank you|great|perfect)\W*$"
)
# an assistant presenting a flight now (the proposal itself is the formal action)
PRESENT_RE = re.compile(
    r"\b(here(?:'s| is| are)|how about|what about|how'?s|how is|how does|how do(?:es)? (?:this|that|it)|"
    r"what do you think|check (?:this|it) out|this (?:one|flight|option|proposal|booking)|try (?:this|that|it)|"
    r"give (?:this|it) a (?:shot|try|go)|there(?:'s| is) (?:only )?(?:a|an|one|1)\b|(?:i|we) (?:have|found|got|'ve got|'ve found) (?:a|an|one|1|another|something)\b|"
    r"(?:try|take) (?:a|an|the) (?:flight|option|red[- ]?eye)|"
    r"(?:sending|proposing|sent|proposed)\b(?! (?:shortly|soon|later|momentarily))|best (?:flight|option|bet)|"
    r"will (?:this|that|it) work|does (?:this|that|it) work|is this|would this|would that|"
    r"(?:the|a) (?:cheapest|cheaper|latest|earliest|only) (?:flight|option|one)|suffice|"
    r"(?:would|could|does|will|is) (?:a|an|the) (?:flight|option|one)\b|how bout (?:this|that)|"
    r"this (?:might|may|could|should|would|will) (?:be|work|help|suit|do)|"
    r"(?:does|do|would|will|did) (?:this|that|it) (?:one )?(?:look|work|suit|sound|seem|fit|do)|"
    r"(?:is|was) (?:this|that) (?:one )?(?:better|ok|okay|good|any better|closer|cheaper|fine)|take a look|have a look|"
    r"(?:seems?|looks?) (?:to be )?(?:the )?(?:best|most ideal|ideal|closest|cheapest|optimal)|"
    r"(?:send\w*|propos\w*)\b[^.?!]{0,30}\bnow|you(?:'ll| will| would|'d| are going to) (?:be )?(?:arriv|land|reach|get(?:ting)? in)\w*|"
    r"(?:a|the) (?:flight|option)\b[^?.]{0,40}\b(?:could|would|might|will) (?:work|suit|do)|"
    r"^\W*(?:(?:ok(?:ay)?|well|so|and|sorry|unfortunately|i think|i believe|hmm+)\W+)*this (?:is|'s|would be|"
    r"might be|may be|could be|should be) (?:the|a|an|another|our|your)|"
    r"(?:would you mind|how (?:do|would) you feel about|are you ok(?:ay)? with|would you be ok(?:ay)? with|"
    r"what do you think (?:of|about)) (?:a|an|the|doing|taking|flying)\b|(?:this|the) next one|let me know (?:what you think|if (?:this|that|it))|what you think (?:of|about) (?:this|that))\b"
)
AGREE_RE = re.compile(
    r"\b(give it a (?:shot|try|go)|let'?s (?:try|do) (?:it|that)|sure|of course|absolutely|you got it|no problem|"
    r"ok(?:ay)?|certainly|will do|good (?:choice|call|pick|idea)|great (?:choice|idea)|that one|the one you|as requested|"
    r"as you asked|you asked for|requested)\b"
)
OTHER_RE = re.compile(
    r"\b(instead|another|different|other|cheaper|closer|earlier|later|unfortunately|sold out|not available|"
    r"unavailable|can'?t|cannot|couldn'?t|no longer|alternative)\b"
)
ANNOUNCE_RE = re.compile(r"\b(?:going to|about to|will|i'?ll|gonna) (?:send|propose|get)\b")
WH_SCHEDULE = re.compile(
    r"\bare you (?:available|free|open|able)\b|\b(?:what|which|any)\s+(?:specific\s+)?(?:days?|dates?|times?)\b|\bwhen\b|\bpreferences?\b|\bmeetings?\b"
)
FUTURE_RE = re.compile(
    r"\b(will send|i'?ll send|send (?:it|one|something|you)|shortly|momentarily|in a (?:moment|bit|sec)|"
    r"let me (?:see|check|look|try|find|compare|take)|try again|send it again|give me a|allow me|a (?:moment|minute|second))\b"
)
SCHEDULE_RE = re.compile(
    r"\b(help|need|prefer\w*|schedule|calendar|matters?|important|days?|dates?|times?|when|works?|good for you|"
    r"thinking|looking|preferences?|meetings?|plans?)\b"
)
DEPARTURE_BLOCK = re.compile(
    r"(?:arriv\w*|lands?|landing|gets? in|get in|reach\w*)\s+(?:at|by|around|before|after)?\s*$"
)
_ARRIVAL_TIME_RE = re.compile(
    rf"\b(arriv\w*|lands?|landing|gets? in|get there|gets? there)\s+(?:at|by|before|after|around|about|past)?\s*{TIME}"
)
LEVEL_WORDS = re.compile(
    _MUST + "|" + _SKIPPABLE + r"|\bimportan\w*|\bpriority\b|\bprio\b|\bcritical\b|\bskippable\b|\bmedium\b|\bmildly\b|"
    r"(?:can|could|may|might)\s+(?:\w+\s+){0,3}?(?:miss|skip)\b|can'?t (?:miss|skip)|cannot (?:miss|skip)"
)
LIKEWISE = re.compile(r"\s*(?:as|so) (?:is|are|does|do|was|were)\b|\s*same (?:for|with|goes for)\b")
BUSY = re.compile(
    r"\b(full|packed|busy|booked|blocked|rough|swamped|slammed|all over|lots of|a lot of|many|several|quite a few|plenty of|"
    r"(?:[2-9]|two|three|four|five|six) (?:\w+ )?meetings)\b"
)
CONTINUATION_RE = re.compile(rf"\s*(?:{_BOUND_WORDS})\b")
ANY_DATE = "|".join(words for _, words in _DAY_WORDS)
_DAY_SPAN_RE = re.compile(
    rf"\b(?:between|from)\s+(?:{ANY_DATE})\s+(?:and|to|-|through|thru|until)\s+(?:{ANY_DATE})\b|"
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
    "closest",
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
    rf"(?P<range>(?:{TIME}|\d{{1,2}})\s*(?:-|to|until|till)\s*(?:{TIME}|\d{{1,2}}))(?:\s*(?:[a-z]+\s+)?meetings?\b)?"
)
_OR_LATER_RE = re.compile(r"(\d|am|pm|\bnoon)\s+or\s+(later|after|earlier|before)\b")
ONWARD_RE = re.compile(r"\s*(onward|at the latest)\b")
OPEN_TIME_RE = re.compile(rf"\b{TIME}\s*(onward|at the latest)\b")
_ARRIVAL_PHRASE_RE = re.compile(
    r"\b(arriv(?:e|es|ing)|lands?|landing|gets? in)\b((?:(?!\b(?:and|but|so|while|though|if)\b)[^.?!,;/\n]){0,60})"
)
_DAY_LIST_RE = re.compile(rf"\b((?:{ANY_DATE}))\s*,\s*(?=(?:{ANY_DATE})\b)")
_OTHER_MEETING_RE = re.compile(
    r"\b((?:miss|skip)\w*)\s+(?:the\s+)?(?:later|earlier|latter|former|first|second|last|other)\s+(?:one|meeting)\b"
)
OFFER_ARRIVAL_RE = re.compile(
    r"\b(?:this|it|(?:this|that|the) (?:flight|one|option))\s+(?:arriv(?:es|ing)|lands|landing|gets in)\b"
    r"(?:(?!\b(?:and|but|so|while|though|if)\b)[^.?!,;/\n]){0,40}"
)
_PART_WORD_RE = re.compile(r"\b(?:mornings?|afternoons?|evenings?|nights?)\b")
_PART_SLASH_RE = re.compile(r"\b(mornings?|afternoons?|evenings?|nights?)\s*/\s*(?=\w)")
_EVENING_RE = re.compile(r"\b(evening|night|tonight|afternoon|pm)\b")
_NOT_A_TIME = r"(?!\s*(?:\d|my|the|our|a|an|noon|midnight|\w+day)\b)"
LATER_RE = re.compile(
    rf"\b(later|after that|after this|after it|afterwards|right after|(?:one|flight|option) (?:right |just )?after{_NOT_A_TIME})\b"
)
EARLIER_RE = re.compile(
    rf"\b(earlier|before that|before this|before it|sooner|(?:right|just|one|flight|option) before{_NOT_A_TIME})\b"
)
_SAME_DAY_RE = re.compile(r"\b(?:that|the same|same|this)\s+(day|morning|afternoon|evening|night)\b")
_NEXT_DAY_RE = re.compile(
    r"\b(?:the\s+)?(?:next|following)\s+(day|morning|afternoon|evening|night)\b|\bthe day after\b"
)
_PREV_DAY_RE = re.compile(r"\b(?:the\s+)?(?:previous|day before)\s*(day|morning|afternoon|evening|night)?\b")


def time_minutes(match: tuple[str | None, ...]) -> int | None:
    """Minutes after midnight of a ``TIME`` group tuple (h, m, ampm, h, ampm, word)."""
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


def has_ampm(match: tuple[str | None, ...]) -> bool:
    """Whether a ``_TIME`` group tuple says its part of the day (am / pm, or noon / midnight)."""
    return bool(match[2] or match[4] or match[5])


def normalize(message: object) -> str:
    """``message`` cleaned and lower-cased, with times, day abbreviations and common misspellings
    written one way."""
    text = straight_apostrophes(clean_message(message)).lower()
    text = re.sub(r"\b([ap])\.\s?m\.?", r"\1m", text)
    text = re.sub(r"(\d)\.(\d{2})\b", r"\1:\2", text)
    text = re.sub(r"\b(wed|weds|thu|thur|thurs|fri)\.", r"\1", text)
    text = re.sub(r"\bjet\s+blue\b", "jetblue", text)
    text = re.sub(r"\b(?:ggod|gud|goood+|godo)\b", "good", text)
    text = re.sub(r"\bteh\b", "the", text)
    # "the flight you proposed earlier": an earlier offer, not a flight earlier than this one
    text = re.sub(r"\b(proposed|sent|offered|suggested|showed|had) (?:earlier|before)\b", r"\1 previously", text)
    # "arent", "isnt", "cant": contractions typed without their apostrophe
    text = re.sub(r"\b(are|is|do|does|did|was|were|have|has|had|could|would|should|wo|ca)nt\b", r"\1n't", text)
    # "my only low impact meeting": impact is importance
    text = re.sub(r"\b(low|high|medium|big|little|minimal|mid)[- ]impact\b", r"\1 importance", text)
    # a time ruled out: "Wed is out", "a no go", "out of the question"; "price is no object"
    text = re.sub(
        r"\bno[- ]go\b|\bout of the question\b|(?<=\bis )out\b(?!\s+(?:of|for|there|to)\b)", "impossible", text
    )
    text = re.sub(r"\b(?:is )?no object\b", "does not matter", text)
    # "the lowest importance window would be from 2-6": a free time, not a meeting
    text = re.sub(
        r"\blow(?:est|er)?\s+(?:importance|priority)\s+(window|time|slot|period|block|stretch)", r"free \1", text
    )
    # "about 5 on a scale of 1 to 10" = 5 out of 10 (its "1 to 10" is no time range)
    text = _SCALE_RE.sub(lambda m: "out of " + ("10" if m.group(1) in ("10", "ten") else "20"), text)
    # "I could skip the later one": a meeting, not a flight later than the offer
    text = _OTHER_MEETING_RE.sub(r"\1 that meeting", text)
    text = re.sub(
        r"(?<![$\d:/.])\b([1-9]|1[0-2])([0-5]\d)\s*(?=(?:am|pm|one|flight|meeting|option)\b)", r"\1:\2 ", text
    )
    # "my 830 to 9": a clock written without its colon, starting a range
    text = re.sub(r"(?<![$\d:/.])\b([1-9]|1[0-2])([0-5]\d)(?!\d)\s*(?=(?:-|to|until|till)\s*\d)", r"\1:\2 ", text)
    text = _TYPO_WORD_RE.sub(_spelled, text)
    # "Wednesday, Thursday or Friday during the morning": a list of days is one phrase
    text = _DAY_LIST_RE.sub(r"\1 or ", text)
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
    return _speller().correct(word) or word


@functools.cache
def _speller() -> OneSlipSpeller:
    """The lexicon words, found behind one slip (two letters dropped from a long one)."""
    return OneSlipSpeller(_TYPO_VOCABULARY, two_slips_from=9)


def _clock_meeting(match: re.Match[str]) -> str:
    """ "my 830" -> "my 8:30 meeting"."""
    hours, minutes, ampm = match.group(2), match.group(3), match.group(4)
    when = f"{hours}:{minutes}" if minutes else hours
    return f"{match.group(1)} {when}{' ' + ampm if ampm else ''} meeting"


def _meeting_bound(match: re.Match[str]) -> str:
    """A bound relative to a meeting given by its range, as a clock bound (its end / its start)."""
    spans = time_spans(match.group("range"))
    end = spans[0][2] if spans else None
    if end is None:
        return match.group(0)
    start = spans[0][1]
    return f" {match.group(1)} {clock(end if match.group(1) == 'after' else start)} "


def _day_token(day: int) -> str:
    return DAYS[day].lower()


def resolve_days(text: str, context: MediationContext) -> str:
    """Days said by reference ("that evening", "the same day", "the next morning") written out as
    the day under discussion (or the one after it)."""
    named = [(m.start(), day_of(m)) for m in DAY_RE.finditer(text)]
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


def split_clauses(text: str) -> list[tuple[str, bool]]:
    """The clauses of a normalized message and whether each one is a question."""
    out: list[tuple[str, bool]] = []
    for piece in re.split(r"\n|\s/\s|;|,\s*(?:and|but)\s", text):
        for sentence, mark in re.findall(r"([^.!?]+)([.!?]*)", piece):
            if not sentence.strip():
                continue
            if out and _CARRIER_ALONE_RE.fullmatch(sentence.strip()):
                # "could 6/1 11:03 AM - 3:03 PM / United work?": the carrier completes the line before
                before, asked = out.pop()
                out.append((f"{before} {sentence.strip()}", asked or "?" in mark))
                continue
            out.append((sentence.strip(), "?" in mark))
    return out


_CARRIER_ALONE_RE = re.compile(
    r"(?:on |with |the |via )?(?:jetblue|american|delta|southwest|united|alaska)(?: airlines?)?"
    r"(?: flight| one)?(?: works?| please| maybe)?"
)


def day_of(match: re.Match[str]) -> int:
    """The day index of a day-pattern match (its named group ``d<index>`` that matched)."""
    return next(int(k[1]) for k, v in match.groupdict().items() if v)


def time_spans(clause: str) -> list[tuple[int, int, int | None]]:
    """``(position, start, end)`` of every time and range in ``clause`` (``end`` set for ranges)."""
    spans: list[tuple[int, int, int | None]] = []
    taken = bytearray(len(clause) + 1)  # the offsets a range already covers
    for match in _RANGE_RE.finditer(clause):
        first, second = match.groups()[:6], match.groups()[6:]
        start, end = time_minutes(first), time_minutes(second)
        if start is None or end is None:
            continue
        if not has_ampm(first) and has_ampm(second) and second[2] == "pm" and start + 12 * 60 <= end:
            start += 12 * 60
        spans.append((match.start(), start, end))
        taken[match.start() : match.end()] = b"\x01" * (match.end() - match.start())
    for match in _LOOSE_RANGE_RE.finditer(clause):
        if taken[match.start()]:
            continue
        # "9-11 am", "3 - 3:30 pm": the am/pm of the end is the start's too
        start = int(match.group(1)) % 12 * 60 + int(match.group(2) or 0)
        end = int(match.group(3)) % 12 * 60 + int(match.group(4) or 0)
        shift = 12 * 60 if match.group(5) == "pm" else 0
        spans.append((match.start(), start + shift, end + shift))
        taken[match.start() : match.end()] = b"\x01" * (match.end() - match.start())
    for match in _BARE_RANGE_RE.finditer(clause):
        if taken[match.start(1)]:
            continue
        opening, closing = int(match.group(1)), int(match.group(3))
        if not (1 <= opening <= 12 and 1 <= closing <= 12):
            continue
        # chat hours: 1..7 are afternoon hours, and a range's end follows its start
        start = opening % 12 + (12 if opening <= 7 or _EVENING_RE.search(clause) else 0)
        end = closing % 12 + (12 if start >= 12 or closing <= 7 else 0)
        spans.append((match.start(), start * 60 + int(match.group(2) or 0), end * 60 + int(match.group(4) or 0)))
        taken[match.start() : match.end()] = b"\x01" * (match.end() - match.start())
    for match in TIME_RE.finditer(clause):
        if taken[match.start()]:
            continue
        start = time_minutes(match.groups())
        if start is not None:
            spans.append((match.start(), start, None))
    return sorted(spans)
