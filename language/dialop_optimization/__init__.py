"""Offline language layer for DialOp Optimization: acts, a rule parser and a template renderer.

Players of the reviewer-matching game talk about cells of the value table ("Ava Li on BLEU: 61",
"I have sofia patel at 700 for glue", "noah is green in BLEU at 672, LLaMA at 629"), rate cells
without numbers ("Ethan is amazing at GloVe"), say which cells they do not see ("Daniel is blank
for me") and ask. Every value is in the *speaker's* display units (each player sees the table
multiplied by its own hidden scale); converting them is the belief store's job.

| act              | fields                         | example message                         |
|------------------|--------------------------------|-----------------------------------------|
| ``opt_cell``     | ``reviewer``, ``paper``, value | "Ava: BLEU 80, GloVe 75."               |
| ``opt_none_above`` | ``value``                    | "Nothing else above 600."               |
| ``opt_ask``      | ``reviewer`` and/or ``paper``  | "What do you have for Ava on BLEU?"     |
| ``opt_rate``     | ``reviewer``, ``paper``, level | "Ava is good on BLEU, GloVe."           |
| ``opt_unseen``   | ``reviewer``, ``paper``        | "No value for Ava on BLEU."             |

Reviewers and papers are indices into the context's name lists. The context
(:class:`OptimizationContext`) also carries the dialogue as the reader's belief store knows it: the
reviewer and paper named last (by either side), the questions of the other side's latest message,
the level it asked to have listed, what its yes-no question asked of its cell ("Is Ava unknown on
GloVe?": a blank), whether it named a cell after its question, the latest group of two or more
reviewers or papers named by either side, and the latest proposal.

**Reading.** A message is cut into sentences (``. ! ? ;``, line breaks, " / ", " - ") and each
sentence into clauses (at commas and at "but", "and", "so", "though", "except", "other than" ...; a
piece without a cue joins its neighbour, so "Ava, Daniel and Ethan are red on BLEU" and "Ethan is
great at Electra, GloVe and RoBERTa" stay one clause, while "Andrei would be ok, Ava would be bad"
are two). In each clause the parser finds names: full names, first or last names when unique,
possessives ("Andrei's"), typos ("Ehan", "Roverta", "BiLEU", "GioVe"), nicknames ("Dan", "Jo",
"Blue" for BLEU, "Guac"), words of the papers' titles ("text encoders"), ordinals and rows ("the 2nd
paper", "the last one", "column 6": papers in list order), pronouns ("he", "her", "they", "both")
and references ("it", "there", "that paper", "this proposal").

| clause                                   | reads as                                                  |
|------------------------------------------|-----------------------------------------------------------|
| a number by a reviewer and a paper       | ``opt_cell`` ("BLEU 80", "LLaMA at 629"; counts, ordinals, ratings N/10, ranges are no values) |
| a rating cue                             | ``opt_rate`` for the clause's cells (below)              |
| an unseen cue                            | ``opt_unseen``: "blank", "unknown", "empty", "grey", "no info on", "I don't see", "there's nothing on my end"; only explicit claims: "no idea", shades of blank ("pretty unknown", "mostly blank", "my main blanks"), "I don't have anything good" give nothing |
| "I can see everyone on X except Y"       | ``opt_unseen`` for Y on X                                 |
| an unseen cue over a row or a column     | every cell of it: "zero information on Daniel", "blank everywhere", "I don't have any info on LLaMA", "nothing on him at all"; cells the message names for that reviewer, rates, or puts after "except" / "besides" / "other than" are left out ("Joseph is bad at GLUE, no info on the rest"); "most", "some", "almost all" keep it a cell; a column needs an explicit claim ("nothing for GLUE", "I don't have anything for LLaMA" may mean no good option) and a named subject (an unresolved "both blank for BLEU" is nothing) and no narrowing ("for any unselected person"); "I don't see anything for Joseph" is no row (nothing good) unless "at all"; after a statement that named a paper, "no info on Daniel" is that paper's cell ("My best SWAG is Santos -- no info on Daniel or Ethan"); "Morgan only has 1 score for me" blanks the rest of her row, "the only info I have for Glue is ..." the rest of the column, "the only information I have is she is capable in GLUE" the rest of her row; "nothing on Llama at all" and "Quac I have no info" are whole columns |
| "everything else", "the rest", "all else", "all of Ethan's other stuff" | the rest of one reviewer's row at the clause's level: every paper the message has not named for him ("grey on GLUE, everything else red", "bad at SWAG and GLUE but good at all the rest"); the reviewer comes from the same sentence or the other side's question; nothing when the message is about several reviewers or the speaker's board ("All the rest of mine are red scores") |
| "all 4 are green" after a list of pairs   | each listed pair at that level ("I have: Daniel for LLaMA, Joseph for SWAG / All 4 are green") |
| a rating over "everything"               | every paper of the row ("Andrei is red for everything", "all red"; not "everything that I can see Joe is solid at"; "all green but Noah and Ethan" rates nobody: the names are the exceptions) |
| a proposal or agreement                  | nothing: "let's put Ava on BLEU", "I like X for Y", "X for Y?", "works for me", "how about X for Y?", "can we lock ...", "my best suggestion is X for Y", "I'd recommend", "my top two", "can Ethan Llama?", "could Noah take SWAG?", "can he go on GloVe?", "might put Andrei there?", where a reviewer is placed ("but we already have her on GLUE", "she's already on LLaMA") |
| a condition, a wish, a request, the partner's board | nothing: "if you think Ethan is good for BLEU", "unless", "I hope", "tell me if", "I trust that is good on your end" |
| a question                               | one ``opt_ask`` per reviewer, paper or cell it names ("What do you have for Ava and Noah?", "How do Ethan and Sofia look on RoBERTa?", "How do you feel about Noah in GLUE?", "Is Sofia better than Morgan on Llama"); "who", "anyone", "options" ask about the papers only ("Regarding SWAG, is there someone other than Morgan ...?" asks SWAG); "what do you have there?" after a statement asks its cell; questions seeking agreement or action ("are you okay with ...", "Daniel for BLEU?", "can we put ...", "swap them?", "... ok?") ask nothing; "You?" asks back the other side's question |

A sentence with a question mark is split into its statement and its question ("I have Morgan
dark green on BLEU, do you have better?", "Ava is bad at GLUE is Joseph unknown?"); one opening "I
think" or a pronoun statement ("She's good for SWAG but ...?") is a statement. "is <reviewer> ..."
asks without a question mark ("is Noah good at BLEU"); "did I mention I have no data on Andrei?"
is a statement; "is there a possibility we can go with Sofia for BLEU?" proposes.

| level    | cues                                                                                         |
|----------|----------------------------------------------------------------------------------------------|
| ``high`` | good, great, solid, decent, strong(est), best, capable, suited, expert(ise), "good fit", "a good option for", "on lock", "top tier", any shade of green ("darker" after a green), "above average" (even "slightly"), "killing it", "fits well", "scored well", "would be good for", "might be best", "high score", N/10 with N >= 7 |
| ``low``  | bad, poor, terrible, red, pink, weak, trash, negatives, "not good", "isn't a good fit", "not a strength", "not so much", "CANNOT", "definitely not", "no good", "below" / "under average", "minimal experience", "don't have much experience", "doesn't want to be on", "shouldn't be assigned", "avoids", N/10 with N <= 4 (a low cue beats a high one in a clause) |
| none     | average, mid, middling, "mid tier", ok, fine, "not bad", "decent (at X) but not great", "red but not terrible", "not great but not terrible", "above average but not that amazing", "isn't the best choice but isn't a bad one", "I wouldn't say X is bad", "not her area of expertise", "nothing of his goes with anything good", "the highest ... but not (a) high (score)", "best" after "no green", "average expertise", "could handle", "can do", 5-6/10, "no greens", counted squares ("in between two green squares"), counts ("I don't have that many indicating high expertise"), comparisons ("better than", "slightly worse", "next best", "not his best", "a good amount better", "more expertise with X than Y", "as good or better") |

**Which cells.** One reviewer with every paper of its clause, one paper with every reviewer,
reviewers all named before the papers with every paper ("Daniel and Noah are unknowns in QuAC and
SWAG"), else each reviewer with the papers after it up to the next reviewer ("Joseph on Bleu, Noah
on Quac and swag, Morgan on llama"). A clause missing its reviewer or paper takes it:

1. from a pronoun: the statement's subject or the last reviewer named in the message that fits it
   ("he" is not Ava: first names have a gender where common; a question about one reviewer makes him
   the subject: "What about Joseph? He is green on Electra"), else the other side's question, else
   the reviewer named last in the dialogue; "they" / "both" take the group just named;
2. from a reference: "it", "there", "that paper", "this" / "that" ending a clause ("Daniel CANNOT
   do this": the paper just named, the question's, the dialogue's), "this proposal" (the latest
   proposal's paper for the reviewer); a clause without any name ("it's dark green", "that's a
   blank for me") is about the cell under discussion, the dialogue's only when it answers a
   question, claims a blank or says "there" / "that one"; a reviewer "also" / "too" / "as well"
   good takes the dialogue's paper ("I think Daniel might also be a good fit"; not "I also have
   ..."); a bare paper sentence after a statement about "that paper" names it ("... for that paper
   / electra");
3. from the message so far, when the clause continues a statement ("Sofia is bad at GloVe but
   Morgan is above average", "Daniel at RoBERTa / is unknown to me"), never when it is about
   someone unnamed ("who", "anyone", "everyone", "options") or ends on an unknown paper word;
4. from the other side's question ("I believe Sofia would be a good fit" after "Who is good for
   Electra?"; "Nope, red" after "Is Daniel good on RoBERTa?"; "Like a half step below his glue /
   so really good" after "How is Andrei's RoBERTa?");
5. from the pair the sentence before offered or gave a value for ("Andrei for Roberta? Green.",
   "Ava Li in QuAC at 265 / prob the best i have").

A plural level ("Joseph I see negatives") takes no paper from earlier clauses; a leading "If ...,"
is a clause of its own ("If that falls through, he'd also be a good option for BLEU" rates BLEU); a
line that only continues a question ("How do you feel about Daniel being placed / in GLUE?") is
part of it, and "/ for Roberta" after a statement narrows it; names before a short question are its
subject ("Morgan or Andrei, any greens?"); an aside ", like Sofia," names nobody; a reviewer rated
without a paper stays the subject ("Morgan has some pretty bad options, but is a solid choice for
Roberta"); "I don't have any good scores for QuAC", "I don't have good Andrei" and a placement "on my
proposal" rate nothing; "behind" compares; "I don't know how she'd do with RoBERTa" is a blank; a
question asks no paper it excepts ("Is Morgan good outside of Bleu anywhere?"); "nevermind" before
a plan ("nevermind, I cant do the swap") keeps the ratings; a bare "Andrei for Glove" sentence after
a rating proposes (one opening on "and" repeats the rating); a rated statement before a tag
question ("..., you said Joseph was unknown at GloVe right?") is kept, and one after a question
("How does Noah sound for SWAG, he seem highly competent in that area") is read after it; "Do you
have a dark green for that paper?" asks the paper, "what do you have there?" the statement's cell.

**Earlier turns.** A "those" ("those 3", "those papers", "all of those"; not "one of those", "those
numbers") with no group before it in the message is the group of the latest turn that named two or
more papers or reviewers: papers when the message names a reviewer ("He is bad on those"), reviewers
when it names a paper ("those are all red on QuAC"), else the group named last; "those 2" is the
last two of it ("Not GLUE ... I'd rather try RoBERTa or SWAG" then "Sofia is blank on those 2"). A
"yes" / "yep" / "correct" opening the message answers the other side's yes-no question about one
cell with its cue ("Is Ava unknown on GloVe?" "Yes": a blank; "is Noah good at BLEU?" "correct":
high); a "no" answers "is X good ...?" with low ("not good") and "is X unknown / bad ...?" with
nothing; the answer is not added when the message itself says something about that cell. "Is it
dark green?" with no name asks the cell under discussion (the message's, else the dialogue's).
When the other side named a cell after its question ("What about BLEU? / Ethan would be great for
SWAG"), "there", "that area" and "he" take that cell before the question's. "X on Y is good for
me" answering "who is best for Y?" rates the cell (after a proposal it still agrees). A reviewer
named as already placed ("but since we already have Andrei there", "we already have Joseph on it")
does not become the next "he": the pronoun keeps the reviewer before.

A message opening on bare pairs after the other side asked for a level ("share your dark greens",
"which ones are red?": the context's ``requested``) rates them at that level ("Daniel, GloVe. Ava
SWAG."). A sentence of bare names after a rating repeats it ("Andrei is good for BLEU. Ethan Smith
Electra."), as do "same for X", "X too" and "so is X". After a correction ("wait", "actually", "I
misread") a statement replaces what the message said earlier about the same cell, and a bare name
("Sorry, I meant BLEU") moves the last statement's cells to it. A retraction ("ignore that", "never
mind", "scratch that", "disregard that") drops the last statement.

Known limits: only "those" reaches an earlier turn's group; "the other two", "either of them",
"both" and "they" are resolved only to a group named in the same message ("and both blank for
bleu" gives nothing); "Do not have any info for those?" is read as a question (asks the papers,
not Ava's blanks); the earlier group is the latest one named, not the one under discussion
("those" two turns after a newer list takes the newer); "first / second row" is read as a paper
only where the round-2 ordinal rules read it; "she wants to focus on X" and "Joseph
double unknown" are not read; "his" is not kept from a reviewer the same sentence contrasts
("His Llama is bad, but so is Andrei's" may take Andrei); a comparison is never a rating, even when tied to a level the speaker gave
earlier; a bare list answers a request only at the start of the message and only when the
request says green or red ("share your best ones" is not read); a one-name question ("Morgan?", "roberta?") is read as a question even when
it proposes; "Gleu" (GLUE or BLEU) is not resolved; thresholds named only in the other side's
question ("Are they over 300?" "None of mine are") are not read; a clause's reviewer list after a
comma ("..., Ava Li, Daniel and Noah would be bad at QuAC") may join the clause before it; a list
announced as "locks" and "X is locked on Y" are not ratings; a question split over lines without a
question mark is read when its second line starts with "in", "on", "at", "for", "with"; typos far from the name ("Elxtra")
are not resolved; "what's your choice on that?" asks nothing.
"""

from __future__ import annotations

from language.dialop_optimization.acts import (
    MAX_VALUE,
    OptAct,
    OptAsk,
    OptCell,
    OptimizationContext,
    OptNoneAbove,
    OptRate,
    OptUnseen,
)
from language.dialop_optimization.dialogue import dialogue_names, last_names, requested_level
from language.dialop_optimization.parser import OptimizationParser
from language.dialop_optimization.render import OptimizationRenderer, short_name

__all__ = [
    "MAX_VALUE",
    "OptAct",
    "OptAsk",
    "OptCell",
    "OptNoneAbove",
    "OptRate",
    "OptUnseen",
    "OptimizationContext",
    "OptimizationParser",
    "OptimizationRenderer",
    "dialogue_names",
    "last_names",
    "requested_level",
    "short_name",
]
