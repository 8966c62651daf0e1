"""Cue lexicons: the phrase tables (agreement, rejection, suggestion, questions, endings ...) and
word sets the reader decides acts by, indexed by first word; keys are lower case without apostrophes.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from functools import lru_cache

from language.text import OneSlipSpeller, number_words


def _phrases(*items: str) -> tuple[tuple[str, ...], ...]:
    return tuple(tuple(p.replace("'", "").split()) for p in items)


# fmt: off
_AGREE = _phrases(
    "yes", "yeah", "yep", "yup", "yea", "yess", "yesss", "ya", "sure", "sure thing", "for sure",
    "agreed", "agree", "i agree", "deal", "sounds good", "sounds great", "sounds perfect",
    "sounds fine", "sounds like a plan", "sounds nice", "sounds reasonable", "sounds right",
    "good idea", "great idea", "nice idea", "excellent idea", "good plan", "great plan",
    "good call", "works for me", "work for me", "that works", "this works", "works well",
    "works great", "that'd work", "that would work", "fine by me", "fine with me", "fine for me",
    "ok with me", "okay with me", "ok by me", "okay by me", "good for me", "great for me",
    "perfect for me", "happy with that", "happy with this", "i'm happy", "let's do that",
    "let's do it", "let's do this", "let's go with that", "let's go with it", "go for it",
    "let's try it", "let's try that", "let's go for it", "let's roll with it", "i'm game",
    "absolutely", "definitely", "of course", "certainly", "i'm in", "count me in", "makes sense",
    "no problem", "not bad", "perfect", "great", "excellent", "awesome", "cool", "nice", "lovely",
    "brilliant", "fantastic", "wonderful", "alright", "all right", "yay", "accepted", "i accept",
    "accept", "on board", "love it", "love that", "i like it", "i like that", "good", "fine",
    "correct", "exactly", "indeed", "that's right", "thats right", "you're right", "roger",
    # chat shorthand, verdicts on a room ("K works"), acceptance with "with" ("ok with the kitchen")
    "sgtm", "lgtm", "ye", "yas", "yessir", "yes sir", "aye", "works", "would work", "could work",
    "should work", "will work", "would be fine", "would be ok", "would be okay", "fab", "fabulous",
    "amazing", "superb", "ideal", "solid", "sweet", "neat", "splendid", "marvellous", "marvelous",
    "terrific", "fair enough", "ok with", "okay with", "fine with", "good with", "cool with",
    "happy with", "content with", "i'm down", "im down", "go ahead", "can live with",
    "👍", "👌", "✅", "✔", "🙌", "👏", "💯", "i guess so", "guess so", "i suppose so", "suppose so",
    "if you say so", "if you insist", "fine then", "wouldn't mind", "would not mind", "don't mind",
    "do not mind", "i don't mind", "no objection", "no objections", "grand", "is grand",
    "whatever you reckon", "whatever you think", "whatever you say", "whatever you want",
    "whatever works", "whatever you like",
    # non-native and other phrasings ("I am agree", "agree with you")
    "am agree", "i am agree", "agree with you", "i'm agree", "im agree", "of course yes",
)
_AGREE_WEAK = _phrases(
    "ok", "okay", "okey", "okie", "oki", "k", "kk", "it is", "it's", "okie dokie", "okey dokey",
    "ok go", "okay go", "kk go", "k go", "ok then", "okay then", "kk then",
    "let's go", "let's go then", "oki doki", "okie doke", "okey doke", "oki doke",
    # one-word replies that agree only as a whole reply ("bet", "mhm")
    "bet", "aight", "ight", "alrighty", "mhm", "mhmm", "uh huh", "def", "fair", "gotcha", "okey",
)
_REJECT = _phrases(
    "no", "nope", "nah", "na", "naw", "nay", "rather not", "prefer not", "let's not", "i disagree",
    "disagree", "bad idea", "bad for me", "not ideal", "not optimal", "too few", "too little", "worse",
    "terrible", "awful", "horrible", "no way", "not really", "not for me", "not a fan", "reject",
    "decline", "bad", "poor", "don't think so", "don't like that", "do not like that",
    "don't like it", "don't like this", "hard pass", "i'll pass", "i pass", "pass on", "no from me",
    "a no for me", "is a no", "that's a no", "not keen", "not feeling it", "not a chance", "no chance",
    "not happening", "no can do", "meh", "👎", "❌", "🚫",
    # inability, skipping and doubt ("can't do the attic", "let's pass on that one", "not sure about that")
    "can't do", "cannot do", "can't", "cannot", "can not", "unable", "not able", "no go", "nogo",
    "skip", "pass", "let's pass", "not sure about", "not so sure", "not too sure", "not convinced",
    "i doubt", "doubt that", "doubt it", "doubt that's", "doubtful", "won't work", "wont work",
    "doesn't work", "does not work", "not gonna work", "not going to work", "not possible",
    "no thanks", "no thank you", "don't think that", "not that one", "not that", "not there",
    "wouldn't", "would not", "i'd rather not", "id rather not", "rather skip", "not a good idea",
    "not sure that", "not sure that's", "not sure it's", "not sure if", "not sure this",
    "not sure thats", "not sure its", "unsure about", "not too keen", "not keen on", "not feeling",
    "i'd skip", "id skip", "let's avoid", "lets avoid", "i'd avoid", "not loving", "don't love",
    "won't do", "wont do", "will not do", "idk about", "dunno about", "don't know about",
    "not so keen", "scratch", "forget", "forget about", "rule out", "ruled out",
    # postponing the pending suggestion ("hmm not yet", "maybe later?")
    "not yet", "not just yet", "not now", "not right now", "maybe later", "later maybe", "perhaps later",
    # a refusal by denied belief ("I don't think I'd be able to manage the loft just yet")
    "don't think i can", "don't think i could", "don't think i'd be able", "don't think i would be able",
    "don't think i'll be able", "do not think i can",
    "don't see myself", "not sure i can", "not sure i could",
    "absolutely not", "definitely not", "certainly not", "hell no", "no - go", "keep me away from",
    "stay away from", "keep away from", "steer clear of", "hard no", "a hard no", "a no go",
)
_NEUTRAL = _phrases(
    "not sure", "unsure", "no idea", "no worries", "make sure", "good morning", "good evening",
    "good afternoon", "good night", "good luck", "good job", "great job", "nice job",
    "nice to meet", "nice meeting", "good game", "no rush", "no need", "too bad",
    "no other", "no more rooms", "fine-tune", "right now", "all other", "great working",
    "nice working", "good working", "great to work", "was great", "was good", "was nice",
    "was fun", "you're welcome", "thanks", "thank you", "good total", "great total", "nice total",
    "good score", "great score", "great game", "nice game", "fun game", "great chat", "nice chat",
    "can't wait", "can't see", "can't tell", "can't remember", "can't read", "can't find",
    "can't decide", "cannot see", "pass through", "pass by", "passing", "not sure yet",
    "can't visit a room twice", "can't go back", "cannot go back", "can't revisit", "cannot revisit",
    "can't repeat", "wouldn't it", "wouldn't that", "scratch that", "forget that", "forget it",
    "my bad",
    "can't beat", "cannot beat", "can't go wrong", "can't do better", "cannot do better",
)
_SUGGEST = _phrases(
    "let's", "let us", "shall we", "should we", "we should", "we could", "could we", "can we",
    "we can", "we'll", "we will", "we'd", "we would", "we go", "why don't we", "why not",
    "how about", "how bout", "what if", "i suggest", "i'd suggest", "i would suggest", "suggest",
    "i propose", "propose", "my suggestion", "suggestion", "proposal", "i'd go", "i would go",
    "i'd like to go", "i want to go", "i wanna go", "wanna go", "want to go", "i'd prefer",
    "i prefer", "i'd rather", "i would rather", "best move", "best option", "best step",
    "best choice", "best bet", "best to go", "best if", "better if", "would be best",
    "best would be", "my pick", "go with", "go for", "head to", "head over", "move to",
    "move on to", "visit", "try", "maybe", "perhaps", "next stop", "next up", "go to", "went to",
    "start with", "start by", "we're going", "we are going", "we need to go", "we must go",
    "plan is", "i'd say", "path would be", "path is", "route would be", "route is",
    "tour would be", "tour is", "go back to", "i vote", "lets head", "my plan", "the plan",
    "plan would be", "my best", "best is", "best would be", "i'd do", "we do", "good for you",
    "ok for you", "okay for you", "work for you", "works for you", "fine for you",
    "alright for you", "best next step", "best next move", "next step is", "next move is",
    "next room is", "then we", "we then", "i'm thinking", "im thinking", "i was thinking",
    "thinking of", "thinking about", "i want", "i'd want", "i'd like", "i would like", "i'd love",
    "i would love", "onward", "onwards", "off to", "i meant", "is better", "are better",
    "'s better", "would be better", "sounds better", "seems better", "better option", "better choice",
    "would be good", "would be great", "would be nice", "would be ideal", "would be perfect",
    "would be fine", "would work", "could work", "might work", "i'd pick", "i pick", "i choose",
    "i'd choose", "my vote", "vote for", "best for me", "better for you", "best for you", "worse for you",
    "easier for you", "nicer for you", "better for me", "works better", "would be better for me",
    "what do you think of", "what do you think about", "thoughts on", "how do you feel about",
    "what would you say to", "how do you like", "how would you feel about", "do you like",
    "would you be ok with", "would you be okay with", "are you ok with", "are you okay with",
    "you up for", "up for", "go there", "head there", "move there", "go over there",
    "head over there", "make it", "make that", "head back", "heading back", "move back", "return to",
    # colloquial motion and weighing ("pop into the loo", "we ought to", "better to do the attic")
    "pop into", "pop in", "pop over to", "pop to", "pop up to", "nip to", "nip into", "ought to",
    "be better", "better to", "either", "i reckon", "i'd go with", "how's about",
    "makes more sense", "make more sense", "would you mind if", "do you mind if", "mind if we",
    "what do you reckon about", "what do you reckon of", "reckon about", "what's your take on",
    "whats your take on", "your take on", "be ok with you", "be okay with you", "be alright with you",
    "ok with you", "okay with you", "any chance we", "probably", "prob", "prolly",
    "suit you", "suits you", "suit u", "suits u",
)
_HANDOVER = _phrases(
    "you pick", "you choose", "you decide", "your call", "your choice", "your pick", "up to you",
    "you tell me", "dealer's choice", "you lead", "lead the way", "you can pick", "you can choose",
    "you can decide", "i'll let you pick", "i'll let you choose", "let you decide", "your decision",
)
"""Handing the choice of the next room over: an ask for the partner's best next move."""
_COND = _phrases("if", "when", "unless", "whether", "in case", "as long as", "so long as", "provided")
_COND_EXCEPT = _phrases(
    "best if", "better if", "what if", "good if", "great if", "prefer if", "like it if", "fine if",
    "ok if", "okay if", "nice if", "mind if",
)
_MOTION = frozenset("go going goes went head heading move moving visit visiting travel walk proceed continue".split())
_NEG_MOTION = _phrases(
    "rather not", "let's not", "lets not", "don't want to", "do not want to", "don't go", "not go",
    "shouldn't go", "should not go", "avoid", "skip", "not to", "prefer not", "won't go",
    "never go", "don't like", "do not like", "not",
    # inability: "I'm unable to go there yet" refuses, it proposes nothing
    "unable to", "not able to", "won't be able to", "wouldn't be able to", "can't go", "cannot go",
)
_ASK_COIN = _phrases(
    "how many", "how much", "what do you get", "what would you get", "what'd you get",
    "what can you get", "what could you get", "what are your", "what's your", "what is your",
    "your coins", "your numbers", "your number", "your count", "your side", "do you get",
    "would you get", "can you get", "could you get", "do you have", "you get", "you collect",
    "you earn", "worth", "what do you have", "your coin", "you'd get", "you make",
    "do you collect", "what's it for you", "what about for you", "you getting", "are you getting",
    "for you", "like for you", "your numbers", "your values", "you have",
    "give you", "gives you", "does it give you", "you see", "you got", "u got", "your end",
    "the count", "your count", "your amount",
)
_ASK_IMPERATIVE = _phrases(
    "tell me", "let me know", "share", "please share", "could you share", "can you share",
    "want to know", "like to know", "wanna know", "need to know",
    "could you tell", "can you tell", "i wonder", "wondering", "curious", "give me your",
    "lemme know", "let me know", "lmk",
)
_BEST_NEXT = _phrases(
    "what should we do", "what do we do", "what shall we do", "where should we go",
    "where shall we go", "where do we go", "where to", "where would you go",
    "where do you want to go", "where would you like to go", "where should i go", "which room",
    "what room", "what's next", "what next", "what now", "where next", "where now", "your best",
    "best next", "your next move", "your next step", "what do you suggest",
    "what would you suggest", "what do you propose", "what would you propose",
    "what do you recommend", "what would you recommend", "what do you prefer",
    "what would you prefer", "any suggestions", "any suggestion", "any ideas", "any idea",
    "any preference", "any preferences", "your turn", "what's your plan", "what is your plan",
    "where would you head", "what would you do", "which way", "where would you want to go",
    "your move", "where should we start", "where do we start", "how should we start",
    "what's your suggestion", "what is your suggestion", "would you pick", "would you choose",
    "do you pick", "do you choose", "you pick next", "where next", "best next room", "next room",
    "where would you like to go", "where do you wanna go", "where would you want to go",
    "where should we", "where shall we", "where do we", "where can we", "where could we",
    "which one's best", "which one is best", "what would you like to do", "what do you want to do",
    "what should we do next", "best for you next", "what do you think we should do",
    "where do you think we should go", "what do you think is best", "what's best next",
    "which do you think is best", "where would you go next", "what's the best next move",
    "what else have you got", "what else have you", "what else you got", "what else do you have",
    "what else is good",
)
_END = _phrases(
    "final path", "final tour", "final route", "final answer", "final solution", "finalize",
    "finalise", "finalized", "finalised", "submit", "submitting", "submitted", "we are done",
    "we're done", "all done", "that's it", "settled", "lock it in", "lock in", "end the game",
    "end it", "let's end", "complete tour", "full tour", "whole tour", "we decided on",
    "we're finished", "we are finished", "wrap up", "wrap it up", "i'm done", "final plan",
    "the final", "finalize it", "we agreed on", "our path is", "our tour is", "our route is",
    "final :", "final -", "final version", "final order", "final itinerary", "final decision",
    "final call", "final choice", "final one", "im done", "locking in", "lock it", "locked in",
    "our route :", "our path :", "our tour :", "locking it in", "lock that in", "lock this in",
    "locking that in", "let's lock", "lets lock", "send in", "send it in", "sending in", "hand in",
    "turn in", "submit it",
)
_TOTAL = _phrases(
    "total", "totals", "in total", "sum", "combined", "together", "altogether", "overall", "each",
    "reward", "both of us", "in all", "jointly", "joint", "add up", "adds up", "between us",
    "we both", "all in all",
)
_RELATIVE = _phrases(
    "then", "next", "after that", "afterwards", "from there", "after this", "and then", "after we",
    "and after", "after which",
)
_ANAPHOR = _phrases(
    "this way", "that way", "that path", "this path", "that route", "this route", "that hallway",
    "this hallway", "that edge", "this edge", "that move", "this move", "that one", "this one",
    "that corridor", "this corridor", "that hall", "that passage", "that connection", "that link",
    "that room", "this room", "that stretch", "that leg", "this leg", "that hop",
    "that", "this", "those", "these", "it",
)
_ASK_YOU = _phrases(
    "how about you", "what about you", "and you", "and yours", "and for you", "you", "yours",
    "how about yours", "what about yours", "what about your side", "how about your side",
    "what do you get", "how many do you get", "what about for you", "what are yours",
    "how many for you", "how much for you", "what for you", "and on your side", "your side",
    "how about for you", "and for you", "you?", "what do you have", "what have you got",
    "how many do you have", "and for you", "what are your numbers", "what about your coins",
)
"""Whole-clause questions back to the partner after an inform ("I get 5 there, and you?")."""
_SECOND_EXCLUDE = _phrases(
    "thank you", "you know", "do you think", "what do you think", "if you want",
    "if you like", "if you agree", "with you", "are you", "how are you", "meet you", "you too",
    "tell you", "telling you", "let you know", "show you", "give you", "told you", "for you to",
    "what do you say", "you see", "working with you", "see you later", "see you soon",
)
_ORDINAL = {
    ("first", "half"): 0,
    ("second", "half"): 1,
    ("first", "part"): 0,
    ("second", "part"): 1,
    ("first", "leg"): 0,
    ("second", "leg"): 1,
    ("third", "leg"): 2,
    ("fourth", "leg"): 3,
    ("first", "step"): 0,
    ("second", "step"): 1,
    ("third", "step"): 2,
    ("first", "hop"): 0,
    ("second", "hop"): 1,
    ("last", "leg"): -1,
    ("last", "part"): -1,
    ("last", "step"): -1,
    ("final", "leg"): -1,
    ("last", "half"): -1,
    ("other", "half"): 1,
}

_NEGATORS = frozenset(
    "not no never dont doesnt isnt wasnt wont wouldnt cant cannot didnt hardly aint arent nothing neither nor".split()
)
_CUE_NEGATORS = frozenset("not never dont doesnt shouldnt wouldnt cant cannot wont didnt".split())
_FIRST = frozenset("i i'd i'll i'm i've im me my mine myself".split())
_SECOND = frozenset("you you'd you'll you've you're youre u ur yours yourself".split())
_YOUR = frozenset({"your", "ur"})
_JOINT = frozenset("we we'd we'll we're we've us our ours".split())
_COIN_WORDS = frozenset("coin coins goins coinz coints coisn".split())
_NUMBER_WORDS = number_words(0, 60)  # zero..twenty and the tens to sixty
_NON_COIN_NOUNS = frozenset(
    "paths path rooms room options option ways way steps step moves move of people players player"
    " times time minutes minute mins min hours hour hrs seconds second secs sec moment moments hallways hallway edges edge turns turn"
    " messages message words word percent st nd rd th am pm x halves half legs leg days day others"
    " other ones things thing more-rooms us".split()
)
_NUM_BLOCKERS = frozenset("step option number move round turn room path top no. board game player".split())
_COIN_MODIFIERS = frozenset("more extra additional of my the total only just".split())

_LINK_DIR = frozenset(
    "-> - to then into towards toward via through onto followed before after afterwards next return"
    " returning returns thereafter till until".split()
)
_LINK_FILL = frozenset(
    ", and the go goes going went we wed well would will could can should head heading move moving"
    " proceed come coming on by that back finally lastly eventually up over straight directly ending first"
    " end at in visit visiting finish finishing and".split()
)
_LIST_LINK = frozenset({",", "and", "&", "+", "/", "the"})
_LETTER_RUN_GAP = frozenset({",", "->", "-", "to", "and", "then", "&", "/", "+"})
_STRONG_PREV_FOR_WEAK = frozenset({"the", "from", "into", "via", "through", "towards", "toward", "(", "->", "-"})
_AMBIG_PREV = frozenset(
    {
        "to",
        "from",
        "at",
        "via",
        "into",
        "towards",
        "toward",
        "visit",
        "visiting",
        "room",
        "between",
        "about",
        "(",
        "->",
        "-",
        "then",
        "reach",
        "in",
        "do",
        "try",
        "pick",
        "choose",
        "vote",
        "for",
        "or",
    }
)
_TO_MARKERS = frozenset(
    "to into towards toward visit visiting about try choose pick then next back reach enter suggestion proposal".split()
)
_CLAUSE_CONJ = frozenset(
    "but because since so while whereas although though however cause cuz plus otherwise alternatively and".split()
)
_LEADING = frozenset(
    "and but so oh ok okay well hmm hm um uh also then actually honestly wait or plus alright sorry"
    " hey hi hello ( - yes yeah haha lol hah hehe lmao ah aha".split()
)
_QWORDS = frozenset(
    "how hows what whats which where wheres why who do does did can could would will shall should is"
    " are isnt arent any".split()
)
_BARE_FILLER = frozenset(
    "the then and next first instead maybe perhaps again finally lastly back to from via through"
    " towards toward into onto go it is so or also please pls plz ok okay hmm oh well um uh i think"
    " guess say right now after that afterwards - -> , : ( ) ! ? . & + / yes yeah sure no its we"
    " lets let's how about there here route path tour plan full whole complete order lol haha hah hehe"
    " lmao xd tbh btw imo honestly actually up down over across".split()
)
_SEQ_WORDS = frozenset("then after afterwards before next followed thereafter".split())
"""Links that order destinations ("K then C", "K before B") rather than name an origin ("K to C")."""
_NO_BEFORE = frozenset(
    "problem worries worry idea doubt more other need one coins coin light ghost extra rooms matter".split()
)
_CHAT_KEYS = {
    "u": "you",
    "ur": "your",
    "yr": "your",
    "urs": "yours",
    "r": "are",
    "wat": "what",
    "wut": "what",
    "pls": "please",
    "plz": "please",
    "thx": "thanks",
    "ty": "thanks",
    "cuz": "because",
    "coz": "because",
    "bc": "because",
    "b4": "before",
    "nxt": "next",
    "abt": "about",
    # textspeak and vowel-less spellings of cue words ("hw mny", "whats ur bst move frm here")
    "gud": "good",
    "gd": "good",
    "hw": "how",
    "mny": "many",
    "bst": "best",
    "frm": "from",
    "wher": "where",
    "whr": "where",
    "wht": "what",
    "knw": "know",
    "kno": "know",
    "pas": "pass",
    "sry": "sorry",
    "srry": "sorry",
    "soz": "sorry",
    "yh": "yeah",
    "ys": "yes",
    "okok": "ok",
}
"""Chat spellings read as the words they stand for when cue phrases are matched."""
_INTENSIFIERS = frozenset("definitely absolutely certainly surely totally indeed really".split())
"""Agreement words that are only adverbs unless they open the clause ("we should definitely go")."""
_EVALUATIVE = frozenset(
    "good great nice cool perfect fine excellent awesome lovely brilliant fantastic wonderful".split()
)
"""Agreement adjectives that judge an amount, not a suggestion, in a clause with a number."""
_COPULA = frozenset(
    "is s are would be will could should might sounds sound seems seem looks look works work d also"
    " too really pretty very definitely probably then".split()
)
"""Words between a room and a judgement of it ("the kitchen would be good", "K is fine")."""
_YOUR_NOUNS = frozenset(
    "numbers number side values value count coins coin map view board score scores amounts amount figures"
    " figure total totals".split()
)
"""Nouns that make "your" the partner's coins ("your numbers: E-A 5")."""
_TRAILING = frozenset("thanks please lol haha mate buddy partner friend".split())
"""Words that may close a reply without changing it ("k thx", "yes please")."""
_POLARITY_LEAD = frozenset("oh hmm hm um uh well sorry so ah mmm , - ( but and lol haha hah ugh meh".split())
_THERE_STOP = frozenset("is are s was were will would might may isnt arent wasnt werent be".split())
_GREETING_BEFORE_THERE = frozenset("hi hello hey hiya howdy".split())
# fmt: on


def _phrase_index(table: Iterable[tuple[str, ...]]) -> dict[str, list[tuple[str, ...]]]:
    index: dict[str, list[tuple[str, ...]]] = {}
    for p in table:
        index.setdefault(p[0], []).append(p)
    for lst in index.values():
        lst.sort(key=len, reverse=True)
    return index


_INDEX: dict[str, dict[str, list[tuple[str, ...]]]] = {
    name: _phrase_index(table)
    for name, table in {
        "agree": _AGREE,
        "agree_weak": _AGREE_WEAK,
        "reject": _REJECT,
        "neutral": _NEUTRAL,
        "suggest": _SUGGEST,
        "cond": _COND,
        "cond_except": _COND_EXCEPT,
        "neg_motion": _NEG_MOTION,
        "ask_coin": _ASK_COIN,
        "ask_imp": _ASK_IMPERATIVE,
        "best_next": _BEST_NEXT,
        "end": _END,
        "total": _TOTAL,
        "relative": _RELATIVE,
        "anaphor": _ANAPHOR,
        "ask_you": _ASK_YOU,
        "second_exclude": _SECOND_EXCLUDE,
        "handover": _HANDOVER,
    }.items()
}


_COMBINED: dict[str, list[tuple[str, list[tuple[str, ...]]]]] = {}
"""Every cue table at once: first word -> (table name, its phrases from that word, longest first)."""
for _table_name, _table_index in _INDEX.items():
    for _first_word, _from_word in _table_index.items():
        _COMBINED.setdefault(_first_word, []).append((_table_name, _from_word))


def _find_all(keys: Sequence[str], lo: int, hi: int) -> dict[str, list[tuple[int, int]]]:
    """:func:`_find` for every table of ``_INDEX`` in one pass over ``keys[lo:hi]``."""
    out: dict[str, list[tuple[int, int]]] = {name: [] for name in _INDEX}
    for i in range(lo, hi):
        for name, phrases in _COMBINED.get(keys[i], ()):
            for phrase in phrases:
                n = len(phrase)
                if i + n <= hi and tuple(keys[i : i + n]) == phrase:
                    out[name].append((i, i + n))
                    break
    return out


def _find(keys: Sequence[str], lo: int, hi: int, index: dict[str, list[tuple[str, ...]]]) -> list[tuple[int, int]]:
    """All (start, end) spans in ``keys[lo:hi]`` that match a phrase of ``index`` (longest first)."""
    out: list[tuple[int, int]] = []
    i = lo
    while i < hi:
        for phrase in index.get(keys[i], ()):
            n = len(phrase)
            if i + n <= hi and tuple(keys[i : i + n]) == phrase:
                out.append((i, i + n))
                break
        i += 1
    return out


_TYPO_TARGETS = frozenset(
    "agreed agree suggest suggestion submit submitting submitted sounds perfect definitely absolutely"
    " alright where which rather prefer maybe probably thinking better finalize finalise locking great"
    " awesome instead choose decide proposal propose okay".split()
)
"""Cue words found again behind one slip of the keyboard ("agred", "sugest", "submiting", "soudns")."""
_NOT_TYPOS = frozenset(
    "there these those whose witch grate treat grade bounds rounds wounds mounds summit bitter butter"
    " batter letter setter words world worth alight agrees degree create crate crates perfects lefts"
    " beater greet greets wares aware maybes choice chose rathe hence fence wheres here refer prefect purpose"
    " oversee".split()
)
"""Real words one slip from a target, which are never corrected."""
_KNOWN = (
    frozenset(
        w
        for table in (_AGREE, _AGREE_WEAK, _REJECT, _NEUTRAL, _SUGGEST, _HANDOVER, _ASK_COIN, _BEST_NEXT, _END)
        for p in table
        for w in p
    )
    | _NOT_TYPOS
)


@lru_cache(maxsize=1)
def _typo_speller() -> OneSlipSpeller:
    return OneSlipSpeller(_TYPO_TARGETS)


@lru_cache(maxsize=4096)
def cue_key(key: str) -> str:
    """The cue word a chat spelling stands for: shorthand ("u", "hw", "bst"), a doubled last letter
    ("okk", "itt") or one keyboard slip in a longer cue word ("agred", "sugest"); else ``key``."""
    if key in _CHAT_KEYS:
        return _CHAT_KEYS[key]
    if key in _KNOWN or not key.isalpha():
        return key
    if len(key) >= 3 and key[-1] == key[-2] and key[:-1] in _KNOWN:
        return key[:-1]  # "okk", "itt"
    if len(key) >= 4:
        found = _typo_speller().candidates(key)
        dropped = {w for w in found if len(w) == len(key) + 1}  # a dropped letter is the likeliest slip
        found = dropped if len(found) > 1 and dropped else found
        # a changed letter only in long words: "looking" is no slip of "locking", "definately" is
        found = {w for w in found if len(w) != len(key) or len(w) >= 9 or sorted(w) == sorted(key)}
        return found.pop() if len(found) == 1 else key
    return key
