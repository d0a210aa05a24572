"""The example banks, one per direction: sentences a teacher can pick, grouped by what they show.

Each example has a reference translation written for this project (none comes from the Ding
dictionary the models learnt from) and a note on what to look at. Examples marked ``fails``
show attention going wrong, and say so. Every other example is vetted against the model the
dashboard opens on for its direction: its greedy translation reaches a sentence chrF of at least
``VETTED_CHRF`` against the reference or one of the variants in ``also``, English contractions
written out on both sides (``nmt_core.measures.evaluation.sentence_chrf``;
``tests/test_examples.py``, run again whenever the shipped models change; an example that stops
passing leaves the bank or moves
to the failures), and a
person read it as correct when it entered the bank (chrF alone let "I think it the book is
good." through, so that verb-final example is not in the bank yet). A direction's bank is
shown, and vetted, only where models of that direction are shipped.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from nmt_core.text.data import CorpusError, read_tsv

VETTED_CHRF = 70.0  # sentence chrF (sacrebleu, 0-100) of the default model's greedy output


@dataclass(frozen=True)
class Example:
    shows: str  # the phenomenon: the group in the Examples box
    source: str  # in the direction's source language
    reference: str  # our translation into its target language
    look_at: str  # what a teacher points out on the heatmap
    fails: bool = False  # an example of attention going wrong
    # other translations we accept, for the vetting only: the usual variants a teacher would
    # mark right (German Perfekt as the English simple past, an optional "that")
    also: tuple[str, ...] = ()

    @property
    def label(self) -> str:
        """What the Examples box lists."""
        return f"{'attention fails' if self.fails else self.shows}: {self.source}"


DE_EN = (
    Example(
        "separable verb",
        "Ich rufe morgen meinen Vater an.",
        "I will call my father tomorrow.",
        "'call' is 'rufe … an', four words apart: does 'call' attend to 'an' as well?",
        also=("I am calling my father tomorrow.", "I will phone my father tomorrow."),
    ),
    Example(
        "verb-final clause",
        "Er sagt, dass das Wetter schön ist.",
        "He says that the weather is nice.",
        "After 'dass' the verb goes last: 'is' comes before 'nice' and attends to 'ist', the "
        "last word, so the links cross.",
        also=("He says the weather is nice.", "He says that the weather is beautiful."),
    ),
    Example(
        "verb-final clause",
        "Ich weiß, dass er heute kommt.",
        "I know that he is coming today.",
        "'kommt' closes the dass-clause: 'coming' attends to it, then 'today' goes back to "
        "'heute'.",
        also=("I know he is coming today.", "I know that he comes today."),
    ),
    Example(
        "verb-final clause",
        "Sie fragt, ob wir Zeit haben.",
        "She asks whether we have time.",
        "'ob' sends 'haben' to the end: 'have' attends past 'Zeit' to it, 'time' back to 'Zeit'.",
        also=("She is asking whether we have time.", "She asks if we have time."),
    ),
    Example(
        "separable verb",
        "Sie ruft ihre Mutter an.",
        "She calls her mother.",
        "'calls' needs both 'ruft' and 'an', the last word.",
        also=("She is calling her mother.",),
    ),
    Example(
        "perfect tense",
        "Ich habe meinen Schlüssel verloren.",
        "I have lost my key.",
        "'verloren' waits at the end; English puts 'lost' right after 'have'.",
        also=("I lost my key.",),
    ),
    Example(
        "perfect tense",
        "Ich habe das Buch gelesen.",
        "I have read the book.",
        "'gelesen' comes last: 'read' attends to it across 'das Buch'.",
        also=("I read the book.",),
    ),
    Example(
        "reordering",
        "Morgen gehe ich in die Schule.",
        "Tomorrow I am going to school.",
        "After 'Morgen' the verb 'gehe' comes before 'ich'; English puts 'I' first.",
        also=("Tomorrow I go to school.", "Tomorrow I will go to school."),
    ),
    Example(
        "noun compound",
        "Die Butter ist im Kühlschrank.",
        "The butter is in the fridge.",
        "'im' splits into 'in the', and 'Kühlschrank' becomes 'fridge'.",
        also=("The butter is in the refrigerator.",),
    ),
    Example(
        "short sentence",
        "Das Haus ist groß.",
        "The house is big.",
        "One German word for each English word: a clean diagonal.",
        also=("The house is large.",),
    ),
    Example(
        "idiom",
        "Mein Bruder versteht nur Bahnhof.",
        "My brother does not understand a thing.",
        "An idiom: expect a literal 'only understands station', attention sitting on 'Bahnhof'.",
        fails=True,
    ),
    Example(
        "rare word",
        "Die Katze jagt einen Eichelhäher.",
        "The cat is chasing a jay.",
        "'Eichelhäher' is rare: expect a wrong animal, with blurred attention on it.",
        fails=True,
    ),
    Example(
        "repeated word",
        "Mein Hund spielt mit dem Hund meiner Schwester.",
        "My dog is playing with my sister's dog.",
        "'Hund' occurs twice: both 'dog's may attend to the same one, so a 'dog' is lost.",
        fails=True,
    ),
    Example(
        "long-distance dependency",
        "Der Mann, der gestern mit meinem Vater im Garten Kaffee getrunken hat, ist mein Lehrer.",
        "The man who drank coffee with my father in the garden yesterday is my teacher.",
        "'is my teacher' must link back to 'Der Mann' across the relative clause.",
        fails=True,
    ),
    Example(
        "long sentence",
        "Als meine Großmutter, die seit vielen Jahren in einem kleinen Haus am See wohnt, "
        "letzten Sommer krank wurde, haben meine Eltern, mein Bruder und ich sie jedes "
        "Wochenende mit dem Zug besucht und für sie gekocht.",
        "When my grandmother, who has lived in a small house by the lake for many years, fell "
        "ill last summer, my parents, my brother and I visited her every weekend by train and "
        "cooked for her.",
        "Long input: expect the second half to repeat or drop phrases as attention blurs.",
        fails=True,
    ),
)
EN_DE = (
    Example(
        "verb-final clause",
        "I know that he is ill.",
        "Ich weiß, dass er krank ist.",
        "After 'dass' the verb goes last: 'ist' comes after 'krank' and attends back to 'is', "
        "so the two lines cross.",
    ),
    Example(
        "verb-final clause",
        "I know that you are tired.",
        "Ich weiß, dass du müde bist.",
        "'bist' goes behind 'müde' and attends to 'you' about as much as to 'are': its ending "
        "agrees with 'du', so the subject matters as much as the verb.",
    ),
    Example(
        "verb-final clause",
        "I believe that he comes tomorrow.",
        "Ich glaube, dass er morgen kommt.",
        "German can say it two ways. Without 'dass' the English order stays ('Ich glaube, er "
        "kommt morgen.'); with 'dass' the verb goes last and 'kommt' attends back to 'comes' "
        "across 'tomorrow'. Compare the models: which way does each take?",
        also=("Ich glaube, er kommt morgen.",),
    ),
    Example(
        "separable verb",
        "I switch off the light.",
        "Ich mache das Licht aus.",
        "'switch off' splits: 'schalte' attends to 'switch', and the particle 'aus' goes last "
        "and attends to 'off', across 'das Licht'.",
        also=("Ich schalte das Licht aus.",),
    ),
    Example(
        "separable verb",
        "He comes back tomorrow.",
        "Er kommt morgen zurück.",
        "'zurückkommen' splits: 'zurück' goes last and attends to 'back', and 'morgen' takes "
        "its place, so the lines cross.",
    ),
    Example(
        "perfect tense",
        "I have bought a car.",
        "Ich habe ein Auto gekauft.",
        "'bought' becomes 'habe … gekauft': the participle goes last and attends back to "
        "'bought' across 'ein Auto'.",
    ),
    Example(
        "modal verb",
        "I want to read a book.",
        "Ich will ein Buch lesen.",
        "After a modal verb the infinitive goes last: 'lesen' attends back to 'read' across "
        "'ein Buch'.",
        also=("Ich möchte ein Buch lesen.",),
    ),
    Example(
        "modal verb",
        "You must help me.",
        "Du musst mir helfen.",
        "'helfen' goes last and attends back to 'help'. 'mir' comes before it and looks at "
        "'help' as well as 'me': the verb decides the case of its object.",
        also=("Sie müssen mir helfen.",),
    ),
    Example(
        "compound formed",
        "The kitchen table is old.",
        "Der Küchentisch ist alt.",
        "Two English words make one German word: its pieces attend to 'kitchen', then 'table'.",
    ),
    Example(
        "compound formed",
        "The apple tree is old.",
        "Der Apfelbaum ist alt.",
        "Two English words make one German word, written in two pieces: 'Apfel' attends to "
        "'apple', 'baum' to 'tree'.",
    ),
    Example(
        "short sentence",
        "The house is big.",
        "Das Haus ist groß.",
        "One English word for each German word: a clean diagonal.",
    ),
    Example(
        "verb-final clause",
        "I think that the book is good.",
        "Ich denke, dass das Buch gut ist.",
        "'that' can be the word 'dass' or the pronoun 'das'. Read as the pronoun, 'the book' "
        "is lost ('Ich glaube, das ist gut.'), and 'ist' attends to 'book', the word it skipped.",
        fails=True,
    ),
    Example(
        "idiom",
        "It is raining cats and dogs.",
        "Es regnet in Strömen.",
        "An idiom: German says 'in Strömen' (in streams). Attention can only look for the "
        "English words one by one, and the translation goes wrong.",
        fails=True,
    ),
    Example(
        "long sentence",
        "When my grandmother, who has lived in a small house by the lake for many years, fell "
        "ill last summer, my parents, my brother and I visited her every weekend by train.",
        "Als meine Großmutter, die seit vielen Jahren in einem kleinen Haus am See wohnt, "
        "letzten Sommer krank wurde, haben meine Eltern, mein Bruder und ich sie jedes "
        "Wochenende mit dem Zug besucht.",
        "Long input: expect the verbs that German puts last to go missing as attention blurs.",
        fails=True,
    ),
)
BANKS: dict[str, tuple[Example, ...]] = {"de-en": DE_EN, "en-de": EN_DE}


def examples(direction: str) -> dict[str, Example]:
    """The Examples box of ``direction``: label -> example (empty without a bank)."""
    return {example.label: example for example in BANKS.get(direction, ())}


def default_sentence(direction: str) -> str:
    """The sentence a session of ``direction`` opens on: its bank's first example."""
    bank = BANKS.get(direction)
    return bank[0].source if bank else ""


def example_for(sentence: str, direction: str) -> Example | None:
    """The bank's example for ``sentence`` (as typed, spaces trimmed), if it is one."""
    return next((e for e in BANKS.get(direction, ()) if e.source == sentence.strip()), None)


# Our everyday pairs (tests/fixtures/everyday_de_en.tsv, and en_de: the same pairs swapped),
# in a clone of the repository; an installed wheel has no tests/ folder
EVERYDAY = Path(__file__).resolve().parents[1] / "tests" / "fixtures"


def everyday_sentences(direction: str) -> tuple[str, ...]:
    """The source sentences of our everyday pairs in ``direction`` (the Query–key map's
    default); where they are not installed, the direction's example bank."""
    try:
        pairs, _ = read_tsv(EVERYDAY / f"everyday_{direction.replace('-', '_')}.tsv")
    except CorpusError:
        return tuple(example.source for example in BANKS.get(direction, ()))
    return tuple(pair.source for pair in pairs)
