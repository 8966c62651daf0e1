"""Statements: ratings, values and unseen cells, their missing names resolved from the message and the
dialogue (the statement half of the rule parser)."""

from __future__ import annotations

from collections.abc import Sequence

from language.dialop_optimization import lexicon as lx
from language.dialop_optimization.acts import (
    OptCell,
    OptRate,
    OptUnseen,
)
from language.dialop_optimization.cues import (
    ALREADY_PLACED,
    ALSO,
    ASIDE,
    AT_ALL,
    BUT,
    DARKER,
    DEMONSTRATIVE,
    EXCEPTION,
    EXPLICIT_REF,
    FOR_PAIR,
    GOOD_FOR_ME,
    LUKECOLD,
    LUKEWARM,
    MY_BOARD,
    NO_GREEN,
    NOT_SAY,
    OPINION,
    PARTIAL,
    PLURAL,
    SUBSET,
    TOP,
    TOP_BUT,
    WHOLE_ROW,
    lukewarm,
)
from language.dialop_optimization.lexicon import Lexicon, Mention
from language.dialop_optimization.names import (
    RANGE,
    RATING,
    SMALL_COUNT,
    attach,
    cell_pairs,
    clause_level,
    dangling,
    has_cue,
    mentions,
    name_stem,
    names_only,
    unique_names,
)
from language.dialop_optimization.reading import Clause, Reading, cell_of
from language.dialop_optimization.sentences import cut_clauses, without_interjections


class StatementReader:
    """The statement half of :class:`OptimizationParser`: ratings, values, unseen cells and what
    a statement leaves for the clauses after it."""

    def _statement(self, sentence: str, reading: Reading) -> None:
        if reading.listed and lx.ALL_ARE.search(sentence):
            level = clause_level(lx.NEUTRAL.sub(" so-so ", sentence))[0]
            if level is not None:  # "Daniel for LLaMA, Joseph for SWAG / All 4 are green."
                for r, p in reading.listed:
                    reading.add(OptRate(reviewer=r, paper=p, level=level))
                reading.listed = []
                return
        seen = lx.SEE_ALL_BUT.search(sentence)
        if seen is not None:  # "I can see everyone on Roberta except Daniel and Noah"
            columns = [m for m in mentions(seen.group("paper"), reading.lex) if m.kind == "P"]
            missing = [m for m in mentions(seen.group("rest"), reading.lex) if m.kind == "R"]
            if len(unique_names(columns)) == 1:
                for m in unique_names(missing):
                    reading.add(OptUnseen(reviewer=m.index, paper=columns[0].index))
                sentence = sentence[: seen.start()]
        text = LUKEWARM.sub(lukewarm, sentence)
        text = LUKECOLD.sub(lukewarm, text)
        text = NOT_SAY.sub(lambda m: f" so-so {m.group(1)}", text)  # "I wouldn't say Ava is a bad choice"
        text = TOP_BUT.sub(lukewarm, text)  # "the highest score I see for GloVe, but it is not extremely high"
        if NO_GREEN.search(text):
            text = TOP.sub(" so-so ", text)  # "No green for Sofia, I have her best as Bleu"
        if "green" in text:
            text = DARKER.sub(" dark green ", text)  # "light green on BLEU and darker on Electra"
        text = lx.NEUTRAL.sub(" so-so ", text)
        if not self._answers_who(text, reading):  # "Andrei on RoBERTa is good for me" after "who is best for RoBERTa?"
            text = lx.AGREEMENT.sub(" okay ", text)
        text = RANGE.sub(" ", text)
        text = lx.COUNTED.sub(" ", text)  # "in between two green squares"
        text = lx.FEW.sub(" so-so ", text)  # "I don't have that many indicating high expertise"
        text = lx.NOTHING_GOOD.sub(" so-so ", text)  # "I don't have any good scores for QuAC"
        text = ASIDE.sub(", ", text)  # "He's good for Electra but, like Sofia, might ..."
        previous_level = reading.level
        exception = EXCEPTION.search(text) is not None
        every = lx.EVERY.search(text)
        but = BUT.search(text, every.end()) if every is not None else None
        reading.all_but = but is not None and not has_cue(text[but.end() :])  # not "... but Ethan is great"
        topic = reading.topic
        for number, (clause_text, excepted) in enumerate(cut_clauses(text, reading.lex)):
            clause = self._read(clause_text, reading)
            if clause.expand and reading.topic != topic and WHOLE_ROW.search(clause_text) is None:
                clause.expand = False  # "My best SWAG is Santos -- no info on Daniel": on SWAG
            if excepted:
                reading.excepted.update(m.index for m in clause.papers)
                continue
            clause.expand = clause.expand or (clause.unseen and exception and not clause.papers)
            clause.expand = (
                clause.expand
                and PARTIAL.search(clause_text) is None  # "unknown most everywhere"
                and "PR" not in clause.refs  # "no information on him there"
                and DEMONSTRATIVE.search(clause_text) is None  # "no info in these areas"
            )
            bare = clause.level is None and not clause.neutral and not clause.unseen and not clause.proposal
            inherited = previous_level if number == 0 else reading.level
            if number == 0 and FOR_PAIR.search(clause_text):
                inherited = None  # "I have only low scores for Joseph / Andrei for Glove": a proposal
            if inherited is None and not reading.acts:
                inherited = reading.context.requested  # "Daniel, Glove. Ava Swag." after "share your greens"
            if bare and inherited is not None and self._only_names(clause_text, reading.lex):
                clause.level = inherited  # "Andrei is good for BLEU. Ethan Smith Electra.", "..., Andrei on GloVe"
            same = lx.SAME.search(clause_text.strip()) is not None and clause.level is None
            if same and reading.level is not None and not clause.unseen and not clause.neutral:
                clause.level, clause.proposal = reading.level, False
            self._clause(clause, clause_text, reading)
            reading.clauses += 1

    @staticmethod
    def _answers_who(text: str, reading: Reading) -> bool:
        """Whether a sentence naming one reviewer on a paper the other side asked "who" for is good
        "for me" (a rating that answers, not an agreement): no proposal or agreement word besides."""
        asked = {a.paper for a in reading.context.questions if a.reviewer is None and a.paper is not None}
        if not asked or GOOD_FOR_ME.search(text) is None or lx.PROPOSAL.search(text) is not None:
            return False
        found = mentions(text, reading.lex)
        reviewers = {m.index for m in found if m.kind == "R"}
        papers = {m.index for m in found if m.kind == "P"}
        return len(reviewers) == 1 and len(papers) == 1 and papers <= asked

    @staticmethod
    def _only_names(text: str, lex: Lexicon) -> bool:
        """Whether a clause holds a reviewer and a paper and nothing but names and linking words."""
        kinds = {m.kind for m in mentions(text, lex)}
        return kinds == {"R", "P"} and all(
            t in lex.name_tokens or t in lx.BARE_PAIR_WORDS or lx.fuzzy(name_stem(t, lex), lex) is not None
            for t in lx.TOKEN.findall(text)
        )

    def _read(self, text: str, reading: Reading) -> Clause:
        found = mentions(RATING.sub(" ", text), reading.lex)
        level, neutral = clause_level(text)
        unseen = lx.UNSEEN.search(text) is not None and OPINION.search(text) is None
        unseen = unseen and lx.VAGUE_UNSEEN.search(text) is None  # "pretty unknown": nothing
        proposal = lx.PROPOSAL.search(text) is not None and lx.RATING_FRAME.search(text) is None
        words = without_interjections(text).split()
        plural = any(t in PLURAL for t in lx.TOKEN.findall(text))
        return Clause(
            [m for m in found if m.kind == "R"],
            [m for m in found if m.kind == "P"],
            [m for m in found if m.kind == "N"],
            {m.kind for m in found if m.kind in ("RR", "PR", "PROP")},
            plural,
            next((m.index for m in found if m.kind == "RR"), 0),
            level,
            neutral,
            unseen,
            unseen and lx.EXPAND.search(text) is not None,
            proposal,
            lx.CONDITIONAL.search(text) is not None,
            words[0] if words else "",
        )

    def _clause(self, clause: Clause, text: str, reading: Reading) -> None:
        reviewers, papers = list(clause.reviewers), list(clause.papers)
        if lx.ONLY_ONE.search(text) and len(unique_names(reviewers)) == 1:
            reading.rows.append(reviewers[0].index)  # "Morgan only has 1 score for me": the rest is blank
        only = lx.ONLY_INFO.search(text)
        if only is not None and only.group(
            "name"
        ):  # "the only info I have for Glue is that Ethan is not so good at it"
            named = [m for m in mentions(only.group("name"), reading.lex) if m.kind in ("R", "P")]
            if len(named) == 1:
                (reading.rows if named[0].kind == "R" else reading.columns).append(named[0].index)
        numbers = clause.numbers
        if numbers and not reviewers and not papers:
            numbers = [n for n in numbers if n.index >= SMALL_COUNT]  # "at all 4" is no value
            reviewers = [Mention("R", reading.carry[0], -1)] if reading.carry[0] is not None else []
            papers = [Mention("P", reading.carry[1], -1)] if reading.carry[1] is not None else []
        for number in numbers:
            reviewer, paper = attach(number, reviewers), attach(number, papers)
            if reviewer is not None and paper is not None:
                reading.add(OptCell(reviewer=reviewer, paper=paper, value=number.index))
                reading.pair = (reviewer, paper) if len(numbers) == 1 else None  # "Ava in QuAC at 265 / prob the best"
        says = clause.unseen or (clause.level is not None and not clause.proposal)
        before = len(reading.acts)
        kept_before = set(reading.kept)
        rest = not clause.unseen and not clause.papers and lx.REST.search(text) is not None
        if rest and MY_BOARD.search(text):
            return  # "All the rest of mine are red scores": the speaker's other cells, no row
        if not numbers and says and not clause.conditional:
            if rest:  # "grey on GLUE, everything else red"
                reviewers, papers = self._rest_of(clause, reading), []
            else:
                reviewers, papers = self._resolve(clause, text, reviewers, papers, reading)
            if only is not None and not only.group("name") and len(unique_names(reviewers)) == 1:
                reading.rows.append(reviewers[0].index)  # "The only information I have is she is capable in ..."
                reading.only_rows.add(reviewers[0].index)
            if clause.unseen:
                self._unseen(clause, text, reviewers, papers, reading)
            elif rest:
                assert clause.level is not None
                if reviewers:
                    reading.rest.append((reviewers[0].index, clause.level))
            elif reviewers and not papers and lx.EVERY.search(text):
                # "all green but Noah and Ethan": the names after "but" are the exceptions, no row
                if not reading.all_but:
                    assert clause.level is not None
                    for m in unique_names(reviewers):
                        for p in range(len(reading.context.papers)):
                            reading.add(OptRate(reviewer=m.index, paper=p, level=clause.level))
            else:
                assert clause.level is not None
                for r, p in cell_pairs(reviewers, papers):
                    reading.add(OptRate(reviewer=r, paper=p, level=clause.level))
            if clause.level is not None:
                header = not clause.reviewers and not clause.papers and not clause.refs  # "I have these in green:"
                reading.level = clause.level if len(reading.acts) > before or header else None
            if reviewers and papers or clause.unseen:
                self._about(reviewers, papers, reading)
            elif len(unique_names(clause.reviewers)) == 1:
                reading.subject = clause.reviewers[0].index  # "Morgan has some pretty bad options, but is ..."
            new_acts = [a for a in reading.acts if a not in kept_before]
            if new_acts:
                reading.said = new_acts
                reading.said_ref = "PR" in clause.refs and not clause.papers
        elif clause.level is None and clause.neutral:
            reading.level = None
            if not clause.proposal:
                self._about(reviewers, papers, reading)  # "Joseph is average on BLEU, below average on GLUE"
        elif not says and not clause.proposal and (reviewers or papers) and names_only(text, reading.lex):
            self._about(reviewers, papers, reading)  # bare names: "Daniel at RoBERTa / is unknown to me"
        if (
            not says
            and not clause.proposal
            and not clause.neutral
            and not numbers
            and clause.reviewers
            and clause.papers
        ):
            reading.listed += cell_pairs(clause.reviewers, clause.papers)  # for "All 4 are green." after the list
        placed = not says and ALREADY_PLACED.search(text) is not None
        if clause.reviewers and reading.subject not in {m.index for m in clause.reviewers} and not placed:
            reading.subject = None  # "Let's put Morgan on RoBERTa! She ...": she is Morgan, not the earlier subject
        earlier_reviewer, earlier_recent = reading.reviewer, list(reading.recent)
        self._remember(reviewers, papers, reading, (clause.reviewers, clause.papers))
        if placed and earlier_reviewer is not None:  # "Noah ..., but we already have Andrei there ... he'd also": Noah
            moved = [r for r in reading.recent if r not in earlier_recent]
            reading.reviewer, reading.recent = earlier_reviewer, moved + [r for r in reading.recent if r not in moved]

    @staticmethod
    def _rest_of(clause: Clause, reading: Reading) -> list[Mention]:
        """The one reviewer whose row "everything else" rates: the clause's, else the message's only
        subject, else the other side's question's (none when the message spoke of several)."""
        named = unique_names(clause.reviewers)
        if named:
            return named if len(named) == 1 else []
        if clause.refs & {"RR"} and clause.plural:
            return []
        r = reading.subject if len(reading.subjects) <= 1 and reading.subject_at == reading.sentence_no else None
        if r is None and not reading.subjects:
            r = reading.question("R")
        return [Mention("R", r, -1)] if r is not None else []

    def _resolve(
        self, clause: Clause, text: str, reviewers: list[Mention], papers: list[Mention], reading: Reading
    ) -> tuple[list[Mention], list[Mention]]:
        """Fill a clause's missing reviewer or paper from its pronouns and references, the message
        so far, the other side's question and the dialogue (see the package docstring)."""
        context = reading.context
        unnamed = lx.UNNAMED.search(text) is not None
        subject_clause = lx.SUBJECT.search(text) is not None
        if not reviewers:
            r: int | None = None
            if "RR" in clause.refs:
                if clause.plural and len(reading.group) > 1:
                    return self._resolve_papers(
                        clause, text, [Mention("R", i, -1) for i in reading.group], papers, reading
                    )
                if clause.plural and clause.expand:
                    return reviewers, papers  # "no values for either of them": whose row?
                r = reading.pronoun(clause.gender)
            elif "PROP" in clause.refs and context.proposal is not None and papers:
                r = next((i for i, p in enumerate(context.proposal) if p == papers[0].index), None)
            elif clause.expand and papers:
                pass  # "no scores for RoBERTa": a column, nobody's row
            elif not unnamed and (papers or clause.first in lx.CONTINUATION or clause.expand):
                r = reading.subject if reading.subject is not None else reading.question("R")
                if r is None and clause.expand:
                    r = reading.reviewer
                if clause.expand and not papers and len(reading.subjects | ({r} if r is not None else set())) > 1:
                    r = None  # "everything else is empty": about which row?
            elif not unnamed and (subject_clause or "PR" in clause.refs) and not papers:
                # "it's red": the cell under discussion; the dialogue's only for a reference or an answer
                known = clause.unseen or bool(context.questions) or EXPLICIT_REF.search(text) is not None
                dialogue = (context.last_reviewer,) if known else ()
                from_question = (reading.question("R"),)
                order = (*dialogue, *from_question) if context.named_after_question else (*from_question, *dialogue)
                r = next((x for x in (reading.subject, reading.reviewer, *order) if x is not None), None)
            elif not clause.refs and reading.pair is not None and len(lx.TOKEN.findall(text)) <= 5:
                return [Mention("R", reading.pair[0], -1)], [
                    Mention("P", reading.pair[1], 10**6)
                ]  # "Andrei for Roberta? Green."
            elif (
                not unnamed
                and not papers
                and (reading.clauses == 0 or (not reading.acts and reading.subject is None))
                and len(context.questions) == 1
            ):
                asked = context.questions[0]  # "Nope, red" answers "Is Daniel good on RoBERTa?"
                if asked.reviewer is not None and asked.paper is not None:
                    return [Mention("R", asked.reviewer, -1)], [Mention("P", asked.paper, 10**6)]
            if r is not None:
                reviewers = [Mention("R", r, -1)]
        return self._resolve_papers(clause, text, reviewers, papers, reading)

    def _resolve_papers(
        self, clause: Clause, text: str, reviewers: list[Mention], papers: list[Mention], reading: Reading
    ) -> tuple[list[Mention], list[Mention]]:
        context = reading.context
        if papers or not reviewers:
            return reviewers, papers
        if "PROP" in clause.refs and context.proposal is not None:
            props = context.proposal
            return reviewers, [Mention("P", props[m.index], m.position + 1) for m in reviewers if m.index < len(props)]
        p: int | None = None
        if "RR" in clause.refs and "PR" not in clause.refs and reading.paper is not None and not clause.expand:
            p = reading.paper  # "Let's add Ava for RoBERTa. She has a great score."
        elif "PR" in clause.refs or lx.SUBJECT.search(text):
            p = reading.paper
            if p is None and context.named_after_question:
                p = context.last_paper  # "What about BLEU? / Ethan would be great for SWAG" then "... there"
            if p is None:
                p = reading.question("P")
            if p is None:
                p = context.last_paper
        elif (
            not clause.expand
            and not dangling(text, reading.lex)
            and not lx.EVERY.search(text)
            and not PARTIAL.search(text)
            and not lx.PLURAL_LEVEL.search(text)
        ):
            p = reading.topic if reading.topic is not None else reading.question("P")
            if p is None and (clause.unseen or ALSO.search(text) is not None):
                p = context.last_paper  # "I think Daniel might also be a good fit": the paper under discussion
        return reviewers, ([Mention("P", p, 10**6)] if p is not None else [])

    def _unseen(
        self, clause: Clause, text: str, reviewers: list[Mention], papers: list[Mention], reading: Reading
    ) -> None:
        """Unseen cells; a row or a column is kept for the end of the message (what the message
        rates or leaves out after "except" is not unseen)."""
        weak = lx.WEAK_ANYTHING.search(text) is not None and lx.UNSEEN.search(lx.WEAK_ANYTHING.sub(" ", text)) is None
        if clause.expand and weak and not AT_ALL.search(text):
            return  # "I dont see really anything for Joseph": nothing good, not nothing at all
        if clause.expand and reviewers and not clause.papers:
            for m in unique_names(reviewers):
                reading.rows.append(m.index)
            return
        column = not clause.refs & {"RR"} and (
            lx.UNSEEN.search(lx.WEAK_UNSEEN.sub(" ", text)) is not None or AT_ALL.search(text) is not None
        )
        if clause.expand and papers and not clause.reviewers and not reviewers:
            if not column or SUBSET.search(text):
                return  # "and both blank for BLEU" (both unknown), "nothing for GLUE" (no good option), "for any unselected person"
            for m in unique_names(papers):
                reading.columns.append(m.index)
            return
        for r, p in cell_pairs(reviewers, papers):
            reading.add(OptUnseen(reviewer=r, paper=p))

    @staticmethod
    def _rows_and_columns(reading: Reading) -> None:
        """Every cell of the unseen rows and columns but those the message names or rates otherwise."""
        k_r, k_p = len(reading.context.reviewers), len(reading.context.papers)
        rated = {c for a in reading.acts if (c := cell_of(a)) is not None}
        cells = {(a.reviewer, a.paper) for a in reading.acts if isinstance(a, OptCell)}
        for reviewer in reading.rows:
            named = reading.named_papers.get(reviewer, set())
            if reviewer in reading.only_rows:
                named = named | reading.papers_named
            for paper in range(k_p):
                left_out = paper in named or paper in reading.excepted
                if (reviewer, paper) not in rated and (reviewer, paper) not in cells and not left_out:
                    reading.add(OptUnseen(reviewer=reviewer, paper=paper))
        for reviewer, level in reading.rest:
            named = reading.named_papers.get(reviewer, set()) | reading.excepted | set(reading.columns)
            taken = {c for a in reading.acts if (c := cell_of(a)) is not None}
            for paper in range(k_p):
                if paper not in named and (reviewer, paper) not in taken and (reviewer, paper) not in cells:
                    reading.add(OptRate(reviewer=reviewer, paper=paper, level=level))
        for paper in reading.columns:
            for reviewer in range(k_r):
                if (reviewer, paper) not in rated and (reviewer, paper) not in cells:
                    reading.add(OptUnseen(reviewer=reviewer, paper=paper))

    @staticmethod
    def _about(reviewers: Sequence[Mention], papers: Sequence[Mention], reading: Reading) -> None:
        """Remember the reviewer and paper a statement was about (for the clauses after it)."""
        if reviewers:
            reading.subject = reviewers[0].index
            reading.subject_at = reading.sentence_no
            reading.subjects.update(m.index for m in reviewers)
        if papers:
            reading.topic = papers[-1].index

    @staticmethod
    def _remember(
        reviewers: Sequence[Mention],
        papers: Sequence[Mention],
        reading: Reading,
        explicit: tuple[Sequence[Mention], Sequence[Mention]] | None = None,
    ) -> None:
        """Remember the names a clause spoke of (for pronouns and values after it); the names it
        wrote out (``explicit``, default: all) are left out of its unseen rows."""
        if reviewers:
            reading.reviewer = reviewers[-1].index
            reading.recent = [r for r in reading.recent if r not in {m.index for m in reviewers}]
            reading.recent += list(dict.fromkeys(m.index for m in reviewers))
            distinct = list(dict.fromkeys(m.index for m in reviewers))
            if len(distinct) > 1:
                reading.group = distinct
        if papers:
            reading.paper = papers[-1].index
        written_reviewers, written_papers = explicit if explicit is not None else (reviewers, papers)
        reading.papers_named.update(p.index for p in written_papers)
        for m in written_reviewers:
            reading.named_papers.setdefault(m.index, set()).update(p.index for p in written_papers)
        if reviewers or papers:
            reading.carry = (
                reviewers[-1].index if reviewers else reading.carry[0],
                papers[-1].index if papers else reading.carry[1],
            )
