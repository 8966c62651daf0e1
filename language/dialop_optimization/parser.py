"""The rule parser of DialOp Optimization chat (see the package docstring for the conventions): a
message cut into sentences, each read as a statement (:mod:`.statements`) or a question."""

from __future__ import annotations

from collections.abc import Sequence

from language.dialop_optimization import lexicon as lx
from language.dialop_optimization.acts import (
    MAX_VALUE,
    OptAct,
    OptAsk,
    OptimizationContext,
    OptNoneAbove,
    OptRate,
    OptUnseen,
)
from language.dialop_optimization.cues import (
    BOARD_ASK,
    CORRECTION,
    EXCEPTED_NAME,
    INDEFINITE,
    MODAL_REVIEWER,
    MOVES,
    OPENERS,
    PLACING,
    PLURAL,
    RENAMING,
    RETRACTION,
    SEMICOLON_S,
    WE_PLACE,
    WH_START,
)
from language.dialop_optimization.dialogue import answer_polar, earlier_group
from language.dialop_optimization.lexicon import Mention
from language.dialop_optimization.names import (
    NONE_ABOVE,
    RANGE,
    RATING,
    cell_pairs,
    dangling,
    has_cue,
    mentions,
    rates,
    topic_only,
    unique_names,
    unless_paper,
)
from language.dialop_optimization.reading import Reading
from language.dialop_optimization.sentences import sentences, split_question, without_interjections
from language.dialop_optimization.statements import StatementReader
from language.text import clean_message, straight_apostrophes


class OptimizationParser(StatementReader):
    """Rule parser for DialOp Optimization chat (see the package docstring)."""

    def parse(self, message: str, context: OptimizationContext) -> list[OptAct]:
        """Read a partner's message into cell reports, ratings, unseen cells, "nothing else above"
        claims and questions.

        Args:
            message: the partner's text (any string; non-strings yield ``[]``).
            context: the reviewer and paper names, and the dialogue state (last names, the other
                side's last question, the latest proposal).

        Returns:
            The acts, in message order (duplicates removed); ``[]`` for anything unreadable.
        """
        text = straight_apostrophes(clean_message(message)).lower()  # cut first: nothing reads more
        if not text.strip():
            return []
        text = SEMICOLON_S.sub("'", text)
        reading = Reading(context, lx.lexicon(tuple(context.reviewers), tuple(context.papers)))
        text = earlier_group(text, reading)
        for sentence, is_question in sentences(text, reading.lex):
            pair = reading.pair
            reading.sentence_no += 1
            self._sentence(sentence, is_question, reading)
            if reading.pair is pair:
                reading.pair = None  # only the next sentence answers it
        self._rows_and_columns(reading)
        answer_polar(text, reading)
        return reading.acts

    def _sentence(self, sentence: str, is_question: bool, reading: Reading) -> None:
        retraction = RETRACTION.search(sentence)
        if retraction is not None and PLACING.search(sentence, retraction.end()):
            retraction = None  # "nevermind, I cant do the swap I was thinking of": a plan is withdrawn
        if retraction is not None:  # "ignore that": the last statement is withdrawn
            reading.acts = [a for a in reading.acts if a not in reading.said]
            reading.kept -= set(reading.said)
            reading.said = []
            sentence = (sentence[: retraction.start()] + " " + sentence[retraction.end() :]).strip(" ,.!")
            if not sentence:
                return
        if CORRECTION.search(sentence):
            reading.correcting = True
            if self._renamed(sentence, reading):
                return
        elif reading.said_ref and self._renamed(sentence, reading, bare=True):
            return  # "I don't have anything for Daniel for that paper / electra"
        none_above = NONE_ABOVE.search(sentence)
        if none_above is not None:
            reading.add(OptNoneAbove(value=min(int(none_above.group(1)), MAX_VALUE)))
            sentence = sentence[: none_above.start()] + sentence[none_above.end() :]
        if is_question:
            statement, question = split_question(sentence, reading.lex)
            if question is not None:
                if statement and topic_only(statement, reading.lex):
                    statement, question = "", f"{question} {statement}"  # "Regarding SWAG, is there someone ...?"
                if statement and sentence.find(statement) > sentence.find(question):
                    self._question(question, reading)  # "How does Noah sound for SWAG, he seem highly competent ..."
                    self._statement(statement, reading)
                    return
                if statement:
                    self._statement(statement, reading)
                self._question(question, reading)
                return
        self._statement(sentence, reading)

    @staticmethod
    def _renamed(sentence: str, reading: Reading, bare: bool = False) -> bool:
        """ "Sorry, I meant BLEU": the last statement's cells move to the name the correction gives;
        with ``bare``, a sentence of one paper name after a statement about "that paper" names it."""
        if (RENAMING.search(sentence) is None and not bare) or len(sentence.split()) > 8:
            return False
        rest = CORRECTION.sub(" ", sentence)
        found = [m for m in mentions(rest, reading.lex) if m.kind in ("R", "P")]
        kinds = {m.kind for m in found}
        if len(found) != 1 or has_cue(rest) or not reading.said:
            return False
        if bare and (kinds != {"P"} or len(lx.TOKEN.findall(rest)) > 2):
            return False
        new = found[0]
        moved: list[OptAct] = []
        for act in reading.said:
            if isinstance(act, OptRate | OptUnseen):
                update = {"paper": new.index} if kinds == {"P"} else {"reviewer": new.index}
                moved.append(act.model_copy(update=update))
        if not moved:
            return False
        reading.acts = [a for a in reading.acts if a not in reading.said]
        reading.kept -= set(reading.said)
        for act in moved:
            reading.add(act)
        reading.said = moved
        return True

    # ---- questions ------------------------------------------------------------------------------
    @staticmethod
    def _proposes(bare: str, papers: Sequence[Mention], reading: Reading) -> bool:
        """Whether a question offers a placement ("can Ethan Llama?", "could Noah take SWAG?"): a
        modal, a reviewer and a paper without a rating cue."""
        match = MODAL_REVIEWER.match(bare)
        if match is None or not papers or rates(bare) or WH_START & set(bare.split()):
            return False
        if match.group(1) in lx.REVIEWER_PRONOUNS:
            return match.group(2) in MOVES  # "can he go on GLOVE or SWAG?" (not "can they be on LLaMA?")
        first = mentions(match.group(1), reading.lex)
        return bool(first) and first[0].kind == "R"

    def _question(self, sentence: str, reading: Reading) -> None:
        text = RANGE.sub(" ", RATING.sub(" ", sentence)).strip(" ?!.,")
        text = EXCEPTED_NAME.sub(lambda m: unless_paper(m, reading.lex), text)  # "good outside of Bleu?"
        found = mentions(text, reading.lex)
        reviewers = [m for m in found if m.kind == "R"]
        papers = [m for m in found if m.kind == "P"]
        refs = {m.kind for m in found if m.kind in ("RR", "PR", "PROP")}
        tokens = lx.TOKEN.findall(text)
        bare = without_interjections(text)
        if lx.ECHO.search(bare) and not reviewers and not papers:
            if reading.context.questions:
                for ask in reading.context.questions:
                    reading.add(ask)
            elif not reading.acts:  # "not much on Morgan or Ethan, how about you?"
                for r in sorted(reading.named_papers, key=list(reading.named_papers).index):
                    reading.add(OptAsk(reviewer=r))
            return
        if lx.AGREEMENT_QUESTION.search(bare) or self._proposes(bare, papers, reading):
            self._remember(reviewers, papers, reading)
            return
        if reviewers and not papers and lx.PAIR_QUESTION.search(text) and dangling(text, reading.lex):
            self._remember(reviewers, papers, reading)  # "how about Joseph Santos for third?"
            return
        if reviewers and papers and WE_PLACE.search(bare):
            self._remember(reviewers, papers, reading)  # "Is there a possibility we can go with Sofia for BLEU?"
            return
        if reviewers and not papers and "PR" in refs and PLACING.search(text):
            self._remember(reviewers, papers, reading)  # "might put andrei there?"
            return
        opener = (bare.split() or [""])[0] in OPENERS
        if not opener and not reviewers and "RR" in refs and rates(text):
            self._statement(sentence, reading)  # "I think he would be great at GloVe?"
            return
        if not opener and reviewers and papers:  # "Daniel for BLEU?", "Glue I have Ethan, I guess?"
            self._remember(reviewers, papers, reading)
            if len(unique_names(reviewers)) == 1 and len(unique_names(papers)) == 1:
                reading.pair = (reviewers[0].index, papers[0].index)
            return
        if (
            reviewers
            and papers
            and (
                lx.PAIR_QUESTION.search(text)
                or all(
                    t in lx.BARE_PAIR_WORDS or t in reading.lex.first_words or lx.fuzzy(t, reading.lex) for t in tokens
                )
            )
        ):
            self._remember(reviewers, papers, reading)
            return
        wh = any(t in lx.WH_WORDS for t in tokens)
        cue = not wh and any(p.search(text) for p in (lx.HIGH, lx.LOW, lx.UNSEEN, lx.OTHER_NEUTRAL))
        if papers and any(t in lx.SEEKING_REVIEWERS for t in tokens):
            reviewers = []  # "any good options for QuAC that aren't Morgan?"
        elif not reviewers and ("RR" in refs or (cue and papers and len(tokens) <= 6)):
            if any(t in PLURAL for t in tokens) and len(reading.group) > 1:
                reviewers = [Mention("R", i, -1) for i in reading.group]
            else:
                gender = next((m.index for m in found if m.kind == "RR"), 0)
                who = reading.pronoun(gender)
                if who is not None:
                    reviewers = [Mention("R", who, -1)]
        if not papers and reviewers and ("PR" in refs or "PROP" in refs or (cue and len(tokens) <= 6)):
            if "PROP" in refs and reading.context.proposal is not None:
                props = reading.context.proposal
                papers = [Mention("P", props[m.index], m.position + 1) for m in reviewers if m.index < len(props)]
            else:
                p = reading.paper if reading.paper is not None else reading.context.last_paper
                if p is not None:
                    papers = [Mention("P", p, 10**6)]
        if (
            not reviewers
            and not papers
            and "PR" in refs
            and reading.paper is not None
            and reading.clauses > 0
            and BOARD_ASK.search(text) is not None
            and len(tokens) <= 10
        ):
            papers = [Mention("P", reading.paper, 10**6)]  # "Andrei is blank on GLUE, what do you have there?"
            if reading.subject is not None and not INDEFINITE.search(text):  # "a dark green for that paper?"
                reviewers = [Mention("R", reading.subject, -1)]
        if not reviewers and not papers and "PR" in refs and cue and len(tokens) <= 10:
            candidates = (reading.subject, reading.reviewer, reading.context.last_reviewer)
            cell_r = next((x for x in candidates if x is not None), None)
            cell_p = reading.paper if reading.paper is not None else reading.context.last_paper
            if cell_r is not None and cell_p is not None:  # "Is it dark green?" after "Daniel is best for LLaMA"
                reviewers, papers = [Mention("R", cell_r, -1)], [Mention("P", cell_p, 10**6)]
        if not reviewers and not papers:
            if lx.COMPARE_ASK.search(text) and reading.paper is not None and reading.clauses > 0:
                reading.add(OptAsk(paper=reading.paper))
            return
        if reviewers and papers:
            for r, p in cell_pairs(reviewers, papers):
                reading.add(OptAsk(reviewer=r, paper=p))
        elif reviewers:
            for m in unique_names(reviewers):
                reading.add(OptAsk(reviewer=m.index))
        else:
            for m in unique_names(papers):
                reading.add(OptAsk(paper=m.index))
        if len(unique_names(reviewers)) == 1:
            reading.subject = reviewers[0].index  # "What about Joseph? He is green on Electra": he is Joseph
        self._remember(reviewers, papers, reading)
