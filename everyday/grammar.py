"""German inflection for generated sentences: the closed classes and the rules.

Written by hand for this project (no dictionary text): articles and possessives by case and
gender, personal pronouns, sein/haben/werden and the modal verbs fully conjugated, the present
tense of regular verbs by rule (an irregular verb's du/er forms come from the dictionary's third
person, :mod:`everyday.lexicon`). English inflection is
:mod:`everyday.english_forms`'s.

Persons are numbered 0..5: ich, du, er/sie/es, wir, ihr, sie/Sie. Cases are "nom", "acc",
"dat", "gen"; genders "m", "f", "n", and "pl" for any plural.
"""

from __future__ import annotations

from dataclasses import dataclass

CASES = ("nom", "acc", "dat", "gen")
GENDERS = ("m", "f", "n", "pl")

# der/die/das by case (rows) and gender (columns m, f, n, pl)
DEFINITE = {
    "nom": ("der", "die", "das", "die"),
    "acc": ("den", "die", "das", "die"),
    "dat": ("dem", "der", "dem", "den"),
    "gen": ("des", "der", "des", "der"),
}
# The endings of the der-words (dieser, welcher, jeder): der/die/das's, with -e and -es for
# "die" and "das"
DER_ENDINGS = {
    "nom": ("er", "e", "es", "e"),
    "acc": ("en", "e", "es", "e"),
    "dat": ("em", "er", "em", "en"),
    "gen": ("es", "er", "es", "er"),
}
# The endings of ein, kein and the possessives (mein, dein, sein, ihr, unser, euer): "ein" has no
# plural, "kein" and "mein" share its endings.
EIN_ENDINGS = {
    "nom": ("", "e", "", "e"),
    "acc": ("en", "e", "", "e"),
    "dat": ("em", "er", "em", "en"),
    "gen": ("es", "er", "es", "er"),
}
# The endings of an adjective before a noun, by declension, case (rows) and gender (m, f, n,
# pl): "strong" without a determiner (kalte Milch, kaltes Wasser), "weak" after der/die/das (der
# kleine Hund, mit dem kleinen Hund), "mixed" after ein, kein and the possessives (einen kleinen
# Hund, meine alte Oma, ein rotes Auto; in the plural keine großen Äpfel, meine alten Bücher).
ADJECTIVE_ENDINGS = {
    "strong": {
        "nom": ("er", "e", "es", "e"),
        "acc": ("en", "e", "es", "e"),
        "dat": ("em", "er", "em", "en"),
        "gen": ("en", "er", "en", "er"),
    },
    "weak": {
        "nom": ("e", "e", "e", "en"),
        "acc": ("en", "e", "e", "en"),
        "dat": ("en", "en", "en", "en"),
        "gen": ("en", "en", "en", "en"),
    },
    "mixed": {
        "nom": ("er", "e", "es", "en"),
        "acc": ("en", "e", "es", "en"),
        "dat": ("en", "en", "en", "en"),
        "gen": ("en", "en", "en", "en"),
    },
}
# possessive stem and English possessive of each owner (the persons, with "sie" split into
# "she" and "they" and the polite "Sie")
POSSESSIVES = {
    "ich": ("mein", "my"),
    "du": ("dein", "your"),
    "er": ("sein", "his"),
    "sie": ("ihr", "her"),
    "wir": ("unser", "our"),
    "ihr": ("euer", "your"),
    "sie_pl": ("ihr", "their"),
    "Sie": ("Ihr", "your"),
}
SINGLE_OWNERS = ("ich", "du", "er", "sie", "Sie")  # one person's: "mein Kopf", not "unser Kopf"
PRONOUNS = {  # nominative, accusative, dative, English subject, English object, person
    "ich": ("ich", "mich", "mir", "I", "me", 0),
    "du": ("du", "dich", "dir", "you", "you", 1),
    "er": ("er", "ihn", "ihm", "he", "him", 2),
    "sie": ("sie", "sie", "ihr", "she", "her", 2),
    "wir": ("wir", "uns", "uns", "we", "us", 3),
    "ihr": ("ihr", "euch", "euch", "you", "you", 4),
    "sie_pl": ("sie", "sie", "ihnen", "they", "them", 5),
    "Sie": ("Sie", "Sie", "Ihnen", "you", "you", 5),
}
# Verbs whose whole present tense is irregular, with the past participle (and the perfect's
# auxiliary): Ding gives only the third person, and these differ in the first person too.
IRREGULAR_PRESENT = {
    "sein": (("bin", "bist", "ist", "sind", "seid", "sind"), "gewesen"),
    "haben": (("habe", "hast", "hat", "haben", "habt", "haben"), "gehabt"),
    "werden": (("werde", "wirst", "wird", "werden", "werdet", "werden"), "geworden"),
    "wissen": (("weiß", "weißt", "weiß", "wissen", "wisst", "wissen"), "gewusst"),
    "können": (("kann", "kannst", "kann", "können", "könnt", "können"), "gekonnt"),
    "müssen": (("muss", "musst", "muss", "müssen", "müsst", "müssen"), "gemusst"),
    "wollen": (("will", "willst", "will", "wollen", "wollt", "wollen"), "gewollt"),
    "dürfen": (("darf", "darfst", "darf", "dürfen", "dürft", "dürfen"), "gedurft"),
    "sollen": (("soll", "sollst", "soll", "sollen", "sollt", "sollen"), "gesollt"),
    "mögen": (("mag", "magst", "mag", "mögen", "mögt", "mögen"), "gemocht"),
    "möchten": (("möchte", "möchtest", "möchte", "möchten", "möchtet", "möchten"), ""),
}
# The simple past where a class uses it rather than the perfect: sein, haben and the modals
# ("Ich war müde", "Ich hatte Hunger", "Ich konnte nicht kommen"), persons 0..5.
SIMPLE_PAST = {
    "sein": ("war", "warst", "war", "waren", "wart", "waren"),
    "haben": ("hatte", "hattest", "hatte", "hatten", "hattet", "hatten"),
    "können": ("konnte", "konntest", "konnte", "konnten", "konntet", "konnten"),
    "müssen": ("musste", "musstest", "musste", "mussten", "musstet", "mussten"),
    "wollen": ("wollte", "wolltest", "wollte", "wollten", "wolltet", "wollten"),
}
# modal -> English of its simple past, the same for every person ("konnte" :: "could")
PAST_MODALS = {"können": "could", "müssen": "had to", "wollen": "wanted to"}
FUTURE = "werden"  # the future's auxiliary, with the infinitive last: "Ich werde kommen."
# The prepositions of the generated phrases and the case each takes: für/ohne + accusative,
# mit/bei/von/nach + dative ("für meinen Bruder", "mit meiner Schwester", "beim Arzt").
PREPOSITION_CASES = {"für": "acc", "ohne": "acc", "mit": "dat", "bei": "dat", "von": "dat",
                     "nach": "dat"}  # fmt: skip
# modal -> English for persons 0..5 (the infinitive follows: "can eat", "wants to eat")
MODALS = {
    "können": ("can",) * 6,
    "müssen": ("have to", "have to", "has to", "have to", "have to", "have to"),
    "wollen": ("want to", "want to", "wants to", "want to", "want to", "want to"),
    # not "may": "May you pack?" is not said; "Are you allowed to pack?" is
    "dürfen": ("am allowed to", "are allowed to", "is allowed to", *("are allowed to",) * 3),
    "sollen": ("should",) * 6,
    "möchten": ("would like to",) * 6,
}
# separable prefixes: told apart by a participle "prefix + ge" ("angerufen", "eingekauft")
SEPARABLE_PREFIXES = ("zurück", "fern", "mit", "auf", "aus", "ein", "an", "ab", "zu", "los", "weg")
# preposition + dem/das/der -> one word
CONTRACTIONS = {
    ("in", "dem"): "im",
    ("in", "das"): "ins",
    ("an", "dem"): "am",
    ("an", "das"): "ans",
    ("zu", "dem"): "zum",
    ("zu", "der"): "zur",
    ("von", "dem"): "vom",
    ("bei", "dem"): "beim",
}
NUMBERS = (
    ("null", "zero"), ("eins", "one"), ("zwei", "two"), ("drei", "three"), ("vier", "four"),
    ("fünf", "five"), ("sechs", "six"), ("sieben", "seven"), ("acht", "eight"),
    ("neun", "nine"), ("zehn", "ten"), ("elf", "eleven"), ("zwölf", "twelve"),
    ("dreizehn", "thirteen"), ("vierzehn", "fourteen"), ("fünfzehn", "fifteen"),
    ("sechzehn", "sixteen"), ("siebzehn", "seventeen"), ("achtzehn", "eighteen"),
    ("neunzehn", "nineteen"), ("zwanzig", "twenty"),
)  # fmt: skip
TENS = (("zwanzig", "twenty"), ("dreißig", "thirty"), ("vierzig", "forty"), ("fünfzig", "fifty"),
        ("sechzig", "sixty"), ("siebzig", "seventy"), ("achtzig", "eighty"),
        ("neunzig", "ninety"))  # fmt: skip
QUESTION_WORDS = {"was": "what", "wer": "who", "wo": "where", "wann": "when", "warum": "why",
                  "wie": "how", "wohin": "where", "woher": "where from"}  # fmt: skip


def number(n: int) -> tuple[str, str]:
    """The German and English words of ``n`` (0-99): NUMBERS to twenty, then the German units
    before the tens ("siebenundsechzig" :: "sixty-seven", "einundzwanzig" :: "twenty-one"): an
    age or a count over twenty is what a class writes ("Mein Opa ist achtzig Jahre alt.")."""
    if not 0 <= n < 100:
        raise ValueError(f"number {n} is outside 0-99")
    if n <= 20:
        return NUMBERS[n]
    german_tens, english_tens = TENS[n // 10 - 2]
    if n % 10 == 0:
        return german_tens, english_tens
    german_unit, english_unit = NUMBERS[n % 10]
    german_unit = "ein" if n % 10 == 1 else german_unit
    return f"{german_unit}und{german_tens}", f"{english_tens}-{english_unit}"


def definite(case: str, gender: str) -> str:
    """der, den, dem, des, ... for a case and a gender ("pl" for a plural)."""
    return DEFINITE[case][GENDERS.index(gender)]


def der_word(stem: str, case: str, gender: str) -> str:
    """dies-/welch-/jed- with its ending: ``der_word("dies", "dat", "f")`` is "dieser"."""
    return stem + DER_ENDINGS[case][GENDERS.index(gender)]


def ein_word(stem: str, case: str, gender: str) -> str:
    """ein/kein/mein/... with its ending: ``ein_word("mein", "dat", "f")`` is "meiner".

    "euer" drops its second e before an ending ("eure", "eurem"). ``stem`` "ein" has no plural.
    """
    if stem == "ein" and gender == "pl":
        raise ValueError("'ein' has no plural: use no article or 'kein'")
    ending = EIN_ENDINGS[case][GENDERS.index(gender)]
    if stem.lower() == "euer" and ending:
        stem = stem[:-2] + "r"
    return stem + ending


def possessive(owner: str, case: str, gender: str) -> tuple[str, str]:
    """The possessive of ``owner`` (a key of POSSESSIVES) declined for a noun of ``case`` and
    ``gender``, and its English: ``possessive("du", "acc", "pl")`` is ("deine", "your")."""
    stem, english = POSSESSIVES[owner]
    return ein_word(stem, case, gender), english


def attributive(adjective: str, declension: str, case: str, gender: str) -> str:
    """An adjective before a noun: ``attributive("klein", "mixed", "acc", "m")`` is "kleinen".

    ``declension`` is "strong" (no determiner), "weak" (after der/die/das) or "mixed" (after
    ein, kein, mein, ...). A final e is not doubled (müde -> müden), and an -el or -er after a
    diphthong loses its e: teuer -> teure, dunkel -> dunkle.
    """
    stem = adjective.removesuffix("e")
    if adjective.endswith("el") or adjective.endswith(("auer", "euer")):
        stem = adjective[:-2] + adjective[-1]
    return stem + ADJECTIVE_ENDINGS[declension][case][GENDERS.index(gender)]


def with_preposition(preposition: str, article: str) -> str:
    """ "in dem" -> "im", "zu der" -> "zur"; other pairs stay two words."""
    return CONTRACTIONS.get((preposition, article), f"{preposition} {article}")


def governed(preposition: str, phrase: str) -> str:
    """A phrase already in the case ``preposition`` takes (PREPOSITION_CASES), after it, the
    article joined where German joins it: ("bei", "dem Arzt") -> "beim Arzt", ("für", "mich")
    -> "für mich"."""
    article, _, rest = phrase.partition(" ")
    joined = with_preposition(preposition, article)
    return f"{joined} {rest}" if rest else joined


@dataclass(frozen=True)
class GermanVerb:
    """A verb's forms: present for persons 0..5, past participle, perfect auxiliary, separable
    prefix ("" if none), du-imperative ("" when unknown) and infinitive."""

    infinitive: str
    present: tuple[str, ...]
    participle: str
    auxiliary: str = "haben"
    prefix: str = ""
    imperative: str = ""

    def finite(self, person: int) -> str:
        """The conjugated verb without its separable prefix ("rufe" of "anrufen")."""
        return self.present[person]


def stem_of(infinitive: str) -> str:
    """ "koch" of "kochen", "sammel" of "sammeln", "wander" of "wandern"."""
    return infinitive[:-2] if infinitive.endswith("en") else infinitive[:-1]


def present(infinitive: str, person: int) -> str:
    """The person's present form (persons 0-5: ich ... sie): from the table of irregular verbs
    ("ist", "hat", "möchte"), else by rule ("kocht")."""
    irregular = IRREGULAR_PRESENT.get(infinitive)
    return (irregular[0] if irregular else regular_present(infinitive))[person]


def simple_past(infinitive: str, person: int) -> str:
    """The person's simple past of a verb the templates use in it ("war", "hatte", "konnte")."""
    return SIMPLE_PAST[infinitive][person]


def regular_present(infinitive: str) -> tuple[str, ...]:
    """Present tense by rule: ich koche, du kochst, er kocht, wir kochen, ihr kocht, sie kochen.

    A stem in -t/-d or consonant + m/n takes an e before -st/-t (arbeitest, öffnet); a stem in
    s/ß/z/x takes only -t for du (du heißt); -eln/-ern verbs: ich sammle, wir sammeln.
    """
    stem = stem_of(infinitive)
    e = "e" if _needs_linking_e(stem) else ""
    du = stem + ("t" if stem[-1] in "sßzx" else e + "st")
    ich = stem[:-2] + stem[-1] + "e" if infinitive.endswith("eln") else stem + "e"
    if infinitive.endswith("ern"):
        ich = stem + "e"
    return (ich, du, stem + e + "t", infinitive, stem + e + "t", infinitive)


def _needs_linking_e(stem: str) -> bool:
    """arbeit-e-st, bad-e-t, öffn-e-t, atm-e-t, zeichn-e-t; but lern-t, komm-t, wohn-t (an h
    after a vowel only lengthens it)."""
    if stem.endswith(("t", "d")):
        return True
    if len(stem) < 3 or stem[-1] not in "mn":
        return False
    return stem[-2] not in "aeiouäöülrmnh" or stem[-2] == "h" and stem[-3] == "c"


def irregular_present(infinitive: str, third: str, second: str = "") -> tuple[str, ...]:
    """Present tense of a verb whose du/er forms change their vowel, from the dictionary's
    third person ("liest", "schläft", "hält") and, where it gives it, second ("isst").

    du is the third person's stem + st (schläfst), or the third person itself after s/ß/z
    (liest, isst); a stem that already ends in t takes only -st (hält -> hältst).
    """
    regular = regular_present(infinitive)
    if not second:
        if third.endswith(("st", "ßt", "zt")) or third.endswith("xt"):
            second = third
        elif third.endswith("t") and not stem_of(infinitive).endswith("t"):
            second = third[:-1] + "st"
        else:
            second = third + "st"
    return (regular[0], second, third, *regular[3:])


def regular_imperative(verb: GermanVerb) -> str:
    """The du-imperative by rule: the stem (+ e after t/d), prefix last: "koch", "arbeite",
    "ruf ... an". Verbs whose du form changes e to i take that vowel (lies, nimm): those get
    theirs from the dictionary, see :class:`GermanVerb`."""
    stem = stem_of(verb.infinitive.removeprefix(verb.prefix))
    if verb.infinitive.endswith("ern") or verb.infinitive.endswith("eln"):
        return stem[:-2] + stem[-1] + "e" if verb.infinitive.endswith("eln") else stem + "e"
    return stem + ("e" if _needs_linking_e(stem) else "")
