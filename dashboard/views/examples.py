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
        also=(
            "She is asking whether we have time.",
            "She asks if we have time.",
            "She is asking if we have time.",
        ),
    ),
    Example(
        "separable verb",
        "Er ruft seinen Freund an.",
        "He is calling his friend.",
        "'calling' needs both 'ruft' and 'an', the last word: does any of its attention reach "
        "'an'?",
        also=("He calls his friend.", "He phones his friend."),
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
        "Die Milch ist im Kühlschrank.",
        "The milk is in the fridge.",
        "'im' becomes 'in the': does 'the' attend to 'im', or already to 'Kühlschrank', the "
        "one word for 'fridge'?",
        also=("The milk is in the refrigerator.",),
    ),
    Example(
        "short sentence",
        "Das Auto ist neu.",
        "The car is new.",
        "One German word for each English word: a clean diagonal.",
    ),
    Example(
        "modal verb",
        "Ich möchte einen Tee trinken.",
        "I would like to drink a tea.",
        "'trinken' waits at the end behind the modal 'möchte'; English puts 'drink' right after "
        "'would like to'.",
        also=(
            "I would like to drink tea.",
            "I'd like to drink a tea.",
            "I want to drink a tea.",
            "I want to drink tea.",
        ),
    ),
    Example(
        "verb-final clause",
        "Er isst einen Apfel, weil er Hunger hat.",
        "He is eating an apple because he is hungry.",
        "After 'weil' the verb 'hat' goes last, and 'Hunger hat' (has hunger) becomes 'is "
        "hungry': where do 'is' and 'hungry' look?",
        also=("He eats an apple because he is hungry.",),
    ),
    Example(
        "verb-final clause",
        "Wenn es kalt ist, trinke ich Tee.",
        "When it is cold, I drink tea.",
        "The wenn-clause ends on its verb 'ist'; then the main clause puts its verb 'trinke' "
        "before 'ich', and English swaps them back: 'I drink'.",
        also=("If it is cold, I drink tea.", "When it is cold, I am drinking tea."),
    ),
    Example(
        "question",
        "Hast du einen Hund?",
        "Do you have a dog?",
        "English asks with 'do', which has no German word: where does it attend?",
        also=("Have you got a dog?",),
    ),
    Example(
        "question",
        "Wo wohnt deine Schwester?",
        "Where does your sister live?",
        "'wohnt' is the second German word and 'live' the last English one: its link crosses "
        "'your sister'.",
    ),
    Example(
        "imperative",
        "Schließ bitte die Tür!",
        "Please close the door!",
        "'Please' comes first in English: it attends to 'bitte', the second German word.",
        also=("Close the door, please!", "Please shut the door!"),
    ),
    Example(
        "everyday phrase",
        "Ich bin zwölf Jahre alt.",
        "I am twelve years old.",
        "'zwölf' is cut into pieces: watch 'twelve' built piece by piece, then 'years' and 'old'.",
    ),
    Example(
        "place",
        "Das Buch liegt auf dem Tisch.",
        "The book is on the table.",
        "German says the book 'lies' on the table: 'is' attends to 'liegt'.",
        also=("The book is lying on the table.",),
    ),
    Example(
        "two clauses",
        "Ich trinke Kaffee und meine Schwester trinkt Tee.",
        "I drink coffee and my sister drinks tea.",
        "Two clauses joined by 'und': each 'drink' attends to its own verb.",
        also=("I am drinking coffee and my sister is drinking tea.",),
    ),
    Example(
        "simple past",
        "Gestern war ich im Kino.",
        "Yesterday I was at the cinema.",
        "'Gestern' comes first, and the model puts 'yesterday' last: its link crosses the others.",
        also=("I was at the cinema yesterday.", "Yesterday I was in the cinema."),
    ),
    Example(
        "future",
        "Nächstes Jahr werde ich Spanisch lernen.",
        "Next year I will learn Spanish.",
        "'lernen' is last in German and 'learn' comes right after 'will'.",
        also=("I will learn Spanish next year.",),
    ),
    Example(
        "gern",
        "Ich spiele gern Fußball.",
        "I like playing football.",
        "'gern' (gladly) becomes 'like', before 'playing': the first links cross.",
        also=("I like to play football.",),
    ),
    Example(
        "modal verb",
        "Ich musste gestern arbeiten.",
        "I had to work yesterday.",
        "'had to' comes from 'musste'; 'work' attends past 'gestern' to 'arbeiten', the last "
        "word, and 'yesterday' back to 'gestern'.",
        also=("Yesterday I had to work.",),
    ),
    Example(
        "prepositional phrase",
        "Ich kaufe Blumen für meine Mutter.",
        "I am buying flowers for my mother.",
        "'für meine Mutter' is 'for my mother' word for word: a diagonal after the object.",
        also=("I buy flowers for my mother.",),
    ),
    Example(
        "weather",
        "Morgen scheint die Sonne.",
        "Tomorrow the sun will shine.",
        "After 'Morgen' the verb comes second, before 'die Sonne'; English starts with 'The sun'.",
        also=(
            "The sun will shine tomorrow.",
            "The sun is shining tomorrow.",
            "Tomorrow the sun is shining.",
            "The sun shines tomorrow.",
        ),
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
        "After 'dass' the verb goes last: 'bist' comes after 'müde' and attends back to 'are', "
        "so the lines cross. Its ending agrees with 'du', written two steps before.",
    ),
    Example(
        "verb-final clause",
        "I hope that she comes today.",
        "Ich hoffe, dass sie heute kommt.",
        "After 'dass' the verb goes last: 'heute' takes its place and 'kommt' attends back to "
        "'comes', so the two lines cross.",
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
        "The kitchen door is open.",
        "Die Küchentür ist offen.",
        "Two English words make one German word, written in pieces: the first attends to "
        "'kitchen', the rest to 'door'.",
    ),
    Example(
        "short sentence",
        "The house is big.",
        "Das Haus ist groß.",
        "One English word for each German word: a diagonal from 'Haus' on. The first word, "
        "'Das', spreads its attention over the sentence and its end: on its first step the "
        "additive model's decoder has read nothing of the translation yet.",
    ),
    Example(
        "verb second",
        "I am going home now.",
        "Ich gehe jetzt nach Hause.",
        "'Jetzt' comes first and attends to 'now', at the end, so German puts the verb second: "
        "'gehe' attends to 'going'. In pieces, its ending 'e' attends to 'I': the subject it "
        "agrees with, which German writes only after the verb.",
        also=("Jetzt gehe ich nach Hause.",),
    ),
    Example(
        "word left out",
        "The bedroom window is open.",
        "Das Schlafzimmerfenster ist offen.",
        "'window' is never translated ('Das Schlafzimmer ist offen.'): attention reads 'window' "
        "while the model writes 'Schlafzimmer' and 'ist', yet no word for it comes out, so even "
        "its coverage looks fine. Nothing in the model keeps count of the words it has "
        "translated, so a word can be skipped, or written twice.",
        fails=True,
    ),
    Example(
        "compound not formed",
        "The tea cup is full.",
        "Die Teetasse ist voll.",
        "Two English words should make one German word, 'Teetasse'. The default writes two, "
        "'Tee Tasse': each attends to its own English word, and nothing joins them.",
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
