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
reviewer and paper named last (by either side), the questions of the other side's latest message
and the latest proposal.

**Reading.** A message is cut into sentences (``. ! ? ;``, line breaks, " / ") and each sentence
into clauses (at commas and at "but", "and", "though", "except", "other than" ...; a piece without
a cue joins its neighbour, so "Ava, Daniel and Ethan are red on BLEU" and "Ethan is great at
Electra, GloVe and RoBERTa" stay one clause). In each clause the parser finds names: full names,
first or last names when unique, typos ("Ehan", "Roverta", "BiLEU", "GioVe"), nicknames ("Dan", "Jo",
"Blue" for BLEU, "Guac"), words of the papers' titles ("text encoders"), ordinals and rows ("the 2nd
paper", "the last one", "column 6": papers in list order), pronouns ("he", "her", "they") and
references ("it", "there", "that paper", "this proposal").

| clause                                   | reads as                                                  |
|------------------------------------------|-----------------------------------------------------------|
| a number by a reviewer and a paper       | ``opt_cell`` ("BLEU 80", "LLaMA at 629"; counts, ordinals, ratings N/10, ranges are no values) |
| a rating cue                             | ``opt_rate`` for the clause's cells (below)              |
| an unseen cue                            | ``opt_unseen``: "blank", "unknown", "empty", "grey", "no info on", "I don't see", "there's nothing on my end" |
| an unseen cue over a row or a column     | every cell of it: "zero information on Daniel", "blank everywhere", "I don't have any info on LLaMA"; cells named elsewhere in the message are left out ("no info on the rest", "other than SWAG") |
| a proposal or agreement                  | nothing: "let's put Ava on BLEU", "I like X for Y", "X for Y?", "works for me", "how about X for Y?" |
| a question                               | one ``opt_ask`` per reviewer, paper or cell it names ("What do you have for Ava and Noah?"); questions seeking agreement with a pairing ("are you okay with ...", "Daniel for BLEU?", "can we put ...") ask nothing; "You?" asks back the other side's question |

| level    | cues                                                                                         |
|----------|----------------------------------------------------------------------------------------------|
| ``high`` | good, great, solid, decent, strong, best, capable, suited, expert(ise), "good fit", "on lock", any shade of green, "above average", "killing it", "would be good for", N/10 with N >= 7 |
| ``low``  | bad, poor, terrible, red, pink, weak, trash, "not good", "isn't a good fit", "CANNOT", "definitely not", "no good", "below average", "minimal experience", N/10 with N <= 4 (a low cue beats a high one in a clause) |
| none     | average, mid, middling, ok, fine, "not bad", "decent but not great", "could handle", "can do", 5-6/10, comparisons ("better than", "slightly worse", "next best") |

**Which cells.** One reviewer with every paper of its clause, one paper with every reviewer, else
each reviewer with the paper after it. A clause missing its paper (or reviewer) takes it from a
pronoun or reference, else from the message so far ("Sofia is bad at GloVe but Morgan is above
average", "Daniel at RoBERTa / is unknown to me"), else from the other side's question ("I believe
Sofia would be a good fit" after "Who is good for Electra?"); "it", "there" and "he" fall back on
the names last said in the dialogue, and "this proposal" on the latest proposal's pairs. A
sentence of bare names after a rating repeats it ("Andrei is good for BLEU. Ethan Smith Electra.").

Known limits: "those", "both of them" and "the other two" are not resolved beyond the message;
a comparison is never a rating, even when tied to a level the speaker gave earlier; a rating
clause with a reviewer but no paper and no question or reference rates nothing; a bare name
question ("Morgan?") is read as a question even when it proposes; "Gleu" (GLUE or BLEU) is not
resolved; thresholds named only in the other side's question ("Are they over 300?" "None of mine
are") are not read.
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
from language.dialop_optimization.parser import OptimizationParser, last_names
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
    "last_names",
    "short_name",
]
