"""The sense table: everyday words, their everyday English, and what goes with what.

Written by hand for this project (no dictionary text): Ding's first sense of a common word is
often not the everyday one ("lesen" :: "to harvest"), and Ding does not say that one eats an
apple but reads a book. Each noun has kinds (person, animal, food, ...), each verb the kinds of
subject and object it takes, each adjective the kinds it describes, so that
:mod:`everyday.generator` only combines words a person would combine. Grammar (gender,
plural, verb forms) is not here: :mod:`everyday.lexicon` reads it from Ding at run time.

The rows of nouns, verbs and adjectives are in :mod:`everyday.sense_nouns`,
:mod:`~everyday.sense_verbs` and :mod:`~everyday.sense_adjectives`; this module
reads them into senses and holds the places, times and the other small tables. The words were
chosen by what a class talks about (family, school, home, food, transport, free time) and by how
often German uses them: checkpoints/recipes/rank_senses.py lists the most frequent words Ding
has and the table lacks, and a test asks every word of the table to occur at least once in a
million words.
"""

from __future__ import annotations

from dataclasses import dataclass

from everyday.sense_adjectives import ADJECTIVE_ROWS
from everyday.sense_nouns import NOUN_ROWS
from everyday.sense_verbs import VERB_ROWS


@dataclass(frozen=True)
class NounSense:
    """``mass``: used without an article ("Ich trinke Wasser"); ``weak``: -n in the accusative
    and dative ("den Jungen"); ``bare``: only ever without article in both languages
    ("Fußball spielen"), its English given whole ("the guitar"); ``single``: never plural
    ("meine Mütter")."""

    german: str
    english: str
    kinds: frozenset[str]
    mass: bool = False
    weak: bool = False
    bare: bool = False
    single: bool = False


@dataclass(frozen=True)
class VerbSense:
    """``objects``: kinds of direct object (none: intransitive); ``case``: the object's case;
    ``preposition``: German preposition, its case and the English one before the object
    ("warten auf + acc": "wait for"); ``stative``: simple present in English, never
    progressive ("like", "know"); ``sein``: perfect with sein."""

    german: str
    english: str
    subjects: frozenset[str]
    objects: frozenset[str]
    case: str = "acc"
    preposition: tuple[str, str, str] | None = None
    stative: bool = False
    sein: bool = False
    past: bool = False  # only in the perfect
    timeless: bool = False  # never with a time expression
    liked: bool = False  # said with "gern": what one likes doing ("Ich lese gern.")
    simple: bool = False  # never progressive in English, in any tense ("sees", not "is seeing")


@dataclass(frozen=True)
class AdjectiveSense:
    """``kinds``: what it is said of ("Der Hund ist müde"); ``attributive``: the kinds it
    stands before ("der kleine Hund"), but none of ``unsuited`` ("-child": "das alte Kind")."""

    german: str
    english: str
    kinds: frozenset[str]
    attributive: frozenset[str] = frozenset()
    unsuited: frozenset[str] = frozenset()

    def describes(self, kinds: frozenset[str]) -> bool:
        """Whether it stands before a noun of ``kinds``."""
        return bool(self.attributive & kinds) and not self.unsuited & kinds


@dataclass(frozen=True)
class Place:
    """A place: its noun, the prepositions for "where" (dative) and "where to", the English
    of both, and the verbs done there (German infinitives; "gehen"/"fahren" go there)."""

    noun: str
    at: str
    to: str
    english_at: str
    english_to: str
    verbs: frozenset[str]


def _kinds(text: str) -> frozenset[str]:
    return frozenset(k.strip() for k in text.split(",") if k.strip())


def _rows(table: str) -> list[list[str]]:
    return [[cell.strip() for cell in row.split("|")] for row in table.strip().splitlines()]


PLACE_ROWS = """
Park | in | in | in the park | to the park | spielen, lesen, warten, essen, laufen, gehen, fahren
Schule | in | in | at school | to school | lernen, essen, spielen, arbeiten, gehen, fahren
Garten | in | in | in the garden | into the garden | spielen, arbeiten, lesen, essen, gehen
Küche | in | in | in the kitchen | into the kitchen | kochen, essen, backen, frühstücken, gehen
Kino | in | in | at the cinema | to the cinema | gehen, fahren
Stadt | in | in | in town | into town | wohnen, arbeiten, einkaufen, gehen, fahren
Bahnhof | an | zu | at the station | to the station | warten, arbeiten, gehen, fahren
Supermarkt | in | zu | at the supermarket | to the supermarket | einkaufen, arbeiten, gehen, fahren
Bäckerei | in | zu | at the bakery | to the bakery | arbeiten, gehen
Bibliothek | in | in | in the library | to the library | lesen, lernen, arbeiten, gehen, fahren
Schwimmbad | in | in | at the swimming pool | to the swimming pool | schwimmen, gehen, fahren
Wald | in | in | in the forest | into the forest | spielen, wandern, laufen, klettern, gehen, fahren
Strand | an | an | on the beach | to the beach | spielen, lesen, schlafen, gehen, fahren
Zoo | in | in | at the zoo | to the zoo | arbeiten, gehen, fahren
Museum | in | in | at the museum | to the museum | arbeiten, gehen, fahren
Restaurant | in | in | at the restaurant | to the restaurant | essen, arbeiten, gehen, fahren
Büro | in | in | at the office | to the office | arbeiten, gehen, fahren
Krankenhaus | in | in | at the hospital | to the hospital | arbeiten, fahren
Markt | auf | auf | at the market | to the market | einkaufen, arbeiten, gehen, fahren
Spielplatz | auf | auf | at the playground | to the playground | spielen, klettern, gehen
Haltestelle | an | zu | at the bus stop | to the bus stop | warten, gehen
Flughafen | an | zu | at the airport | to the airport | warten, arbeiten, fahren
Stadion | in | in | at the stadium | to the stadium | spielen, gehen, fahren
Hotel | in | in | at the hotel | to the hotel | schlafen, frühstücken, arbeiten, gehen, fahren
See | an | an | at the lake | to the lake | schwimmen, spielen, lesen, gehen, fahren
Meer | an | an | by the sea | to the sea | schwimmen, spielen, fahren, fliegen
Apotheke | in | zu | at the chemist's | to the chemist's | arbeiten, gehen
Arbeit | auf | zu | at work | to work | essen, gehen, fahren
Theater | in | in | at the theatre | to the theatre | arbeiten, singen, tanzen, gehen, fahren
Bank | in | zu | at the bank | to the bank | arbeiten, warten, gehen
Café | in | in | at the café | to the café | essen, frühstücken, lesen, arbeiten, gehen
Sporthalle | in | in | in the sports hall | to the sports hall | spielen, laufen, springen, gehen
Bauernhof | auf | auf | on the farm | to the farm | arbeiten, wohnen, spielen, gehen, fahren
Laden | in | in | at the shop | to the shop | einkaufen, arbeiten, gehen
Dorf | in | in | in the village | to the village | wohnen, arbeiten, spielen, gehen, fahren
Land | auf | auf | in the country | to the country | arbeiten, spielen
Berg | auf | auf | on the mountain | up the mountain | wandern, klettern, gehen, fahren
Fluss | an | an | by the river | to the river | schwimmen, spielen, gehen, fahren
Sportplatz | auf | auf | at the sports ground | to the sports ground | spielen, laufen, gehen
Kindergarten | in | in | at kindergarten | to kindergarten | spielen, arbeiten, gehen
Post | auf | zu | at the post office | to the post office | arbeiten, warten, gehen
"""

# Where one sits or lies ("Die Katze liegt im Garten."), added to those places' verbs
RESTING = {"sitzen": ("Park", "Garten", "Küche", "Café", "Strand", "See", "Fluss"),
           "liegen": ("Park", "Garten", "Strand")}  # fmt: skip
# Every place is one where one can be: "sein" stands for being there ("Ich war im Kino").
BEING = "sein"
# Fixed places without article: German where / where to, English where / where to.
HOME = ("zu Hause", "nach Hause", "at home", "home")
HOME_VERBS = frozenset(
    {"arbeiten", "bleiben", "essen", "lesen", "schlafen", "spielen", "kochen", "lernen",
     "gehen", "fahren", "kommen", "fernsehen", "frühstücken", "zurückkommen", BEING}
)  # fmt: skip
CITIES = (
    ("Berlin", "Berlin"), ("Hamburg", "Hamburg"), ("München", "Munich"), ("Wien", "Vienna"),
    ("Köln", "Cologne"), ("London", "London"), ("Paris", "Paris"), ("Rom", "Rome"),
)  # fmt: skip
# Countries said without an article, like a city: "nach Spanien" :: "to Spain", "in Österreich"
# :: "in Austria" (not "die Schweiz", "die Türkei": "in der Schweiz")
COUNTRIES = (
    ("Deutschland", "Germany"), ("Österreich", "Austria"), ("England", "England"),
    ("Frankreich", "France"), ("Spanien", "Spain"), ("Italien", "Italy"), ("Polen", "Poland"),
    ("Griechenland", "Greece"), ("Amerika", "America"),
)  # fmt: skip
CITY_VERBS = frozenset({"wohnen", "arbeiten", "fahren", "fliegen", "reisen", BEING})
NAMES = (
    "Anna", "Tom", "Lisa", "Max", "Paul", "Lena", "Ben", "Mia", "Jonas", "Emma", "Leon",
    "Sara", "David", "Julia", "Felix", "Laura",
)  # fmt: skip
NAME_GENDERS = {"Anna": "f", "Lisa": "f", "Lena": "f", "Mia": "f", "Emma": "f", "Sara": "f",
                "Julia": "f", "Laura": "f"}  # fmt: skip

# Time expressions by the English tense they go with. "habit": simple present ("often");
# "plan": progressive ("tomorrow"); "past": the German perfect, the English simple past;
# "done": the German perfect, the English present perfect ("Ich habe schon gegessen." :: "I
# have already eaten."); "since": the German present, the English present perfect progressive
# ("Ich lerne seit zwei Jahren Deutsch." :: "I have been learning German for two years.").
TIMES = {
    "habit": (
        ("oft", "often"), ("immer", "always"), ("manchmal", "sometimes"),
        ("jeden Tag", "every day"), ("jeden Morgen", "every morning"),
        ("morgens", "in the morning"), ("abends", "in the evening"),
        ("am Wochenende", "at the weekend"), ("im Sommer", "in summer"),
        ("im Winter", "in winter"), ("im Frühling", "in spring"), ("im Herbst", "in autumn"),
        ("nach dem Frühstück", "after breakfast"), ("nach dem Abendessen", "after dinner"),
        ("selten", "rarely"), ("nachmittags", "in the afternoon"), ("jeden Abend", "every evening"),
        ("jeden Sonntag", "every Sunday"), ("jede Woche", "every week"),
        ("den ganzen Tag", "all day"), ("um sieben Uhr", "at seven o'clock"),
        ("um acht Uhr", "at eight o'clock"), ("normalerweise", "usually"),
        ("meistens", "usually"),
    ),
    "plan": (
        ("jetzt", "now"), ("heute", "today"), ("heute Abend", "tonight"),
        ("morgen", "tomorrow"), ("am Montag", "on Monday"), ("am Dienstag", "on Tuesday"),
        ("am Mittwoch", "on Wednesday"), ("am Donnerstag", "on Thursday"),
        ("am Freitag", "on Friday"), ("am Samstag", "on Saturday"), ("am Sonntag", "on Sunday"),
        ("nach der Schule", "after school"), ("nächste Woche", "next week"),
        ("übermorgen", "the day after tomorrow"), ("nächstes Jahr", "next year"),
        ("morgen früh", "tomorrow morning"), ("heute Nachmittag", "this afternoon"),
        ("morgen Nachmittag", "tomorrow afternoon"), ("um drei Uhr", "at three o'clock"),
    ),
    "past": (
        ("gestern", "yesterday"), ("gestern Abend", "last night"),
        ("letzte Woche", "last week"), ("am Montag", "on Monday"),
        ("am Samstag", "on Saturday"), ("letzten Sommer", "last summer"),
        ("im Mai", "in May"), ("vorgestern", "the day before yesterday"),
        ("letztes Jahr", "last year"), ("heute Morgen", "this morning"),
        ("letzten Montag", "last Monday"), ("gestern Nachmittag", "yesterday afternoon"),
    ),
    "done": (("schon", "already"),),
    "since": (
        ("seit zwei Jahren", "for two years"), ("seit drei Jahren", "for three years"),
        ("seit vier Jahren", "for four years"), ("seit fünf Jahren", "for five years"),
        ("seit einem Jahr", "for a year"), ("seit sechs Monaten", "for six months"),
        ("seit einem Monat", "for a month"), ("seit zwei Wochen", "for two weeks"),
        ("seit drei Wochen", "for three weeks"), ("seit langem", "for a long time"),
        ("seit dem Sommer", "since the summer"), ("seit Januar", "since January"),
        ("seit zehn Jahren", "for ten years"),
    ),
}  # fmt: skip
# The months, as times: "im Januar" :: "in January"
MONTHS = (
    ("im Januar", "in January"), ("im Februar", "in February"), ("im März", "in March"),
    ("im April", "in April"), ("im Mai", "in May"), ("im Juni", "in June"),
    ("im Juli", "in July"), ("im August", "in August"), ("im September", "in September"),
    ("im Oktober", "in October"), ("im November", "in November"),
    ("im Dezember", "in December"),
)  # fmt: skip
# Adjectives that go with "zu" ("zu heiß"; "zu frisch" is odd)
EXCESSIVE = frozenset(
    {"groß", "klein", "alt", "jung", "laut", "schnell", "langsam", "teuer", "warm", "kalt",
     "heiß", "müde", "süß", "voll", "schwierig", "lang", "kurz", "dunkel", "hell", "nass",
     "eng", "kühl", "hart", "kompliziert"}
)  # fmt: skip
# Adjectives that take no degree ("sehr rot", "zu kaputt" are odd)
UNGRADED = frozenset({"rot", "blau", "grün", "schwarz", "weiß", "gelb", "braun", "grau", "kaputt",
                      "leer", "voll", "fertig", "wach", "allein", "geschlossen", "verheiratet",
                      "vegetarisch", "verliebt", "riesig", "winzig", "wunderbar", "furchtbar",
                      "schrecklich", "verletzt"})  # fmt: skip
# English adverbs that stand before the verb ("I often eat") rather than at the end
FREQUENCY = frozenset({"often", "always", "sometimes", "rarely", "already", "usually"})
# The times one likes doing something at ("Ich lese abends gern"; not "oft gern")
LIKED_TIMES = frozenset({"in the morning", "in the afternoon", "in the evening", "at the weekend",
                         "in summer", "in winter", "in spring", "in autumn"})  # fmt: skip

# "... weil ich Hunger habe": a state, its English, the German verb that says it (a noun is
# had, an adjective is been: "Hunger haben", "müde sein"), and the verbs it gives a reason for
REASONS = (
    ("Hunger", "hungry", "haben", frozenset({"essen", "kochen"})),
    ("Durst", "thirsty", "haben", frozenset({"trinken"})),
    ("müde", "tired", "sein", frozenset({"schlafen", "einschlafen", "bleiben"})),
    ("krank", "ill", "sein", frozenset({"schlafen", "bleiben"})),
)
# "Ich glaube, dass ...": the verbs that open a dass clause, with their English
THAT_VERBS = (
    ("glauben", "think"), ("wissen", "know"), ("hoffen", "hope"), ("sagen", "say"),
    ("finden", "think"), ("hören", "hear"),
)  # fmt: skip


def nouns() -> dict[str, NounSense]:
    """German noun -> its sense."""
    table = {}
    for german, english, kinds, *flags in _rows(NOUN_ROWS):
        flag = flags[0] if flags else ""
        table[german] = NounSense(
            german,
            english,
            _kinds(kinds),
            flag == "mass",
            flag == "weak",
            flag == "bare",
            flag == "single",
        )
    return table


def verbs() -> list[VerbSense]:
    """Every verb sense (a German verb may have two: "spielen" + object, "spielen mit")."""
    table = []
    for german, english, subjects, objects, *more in _rows(VERB_ROWS):
        flags = more[0].split() if more else []
        prepositions = [tuple(f.replace(":", "+").split("+")) for f in flags if "+" in f]
        table.append(
            VerbSense(
                german, english, _kinds(subjects), _kinds(objects),
                "dat" if "dat" in flags else "acc", prepositions[0] if prepositions else None,
                "stative" in flags, "sein" in flags, "past" in flags, "notime" in flags,
                "gern" in flags, "simple" in flags,
            )  # type: ignore[arg-type]
        )  # fmt: skip
    return table


def adjectives() -> list[AdjectiveSense]:
    table = []
    for german, english, kinds, before in _rows(ADJECTIVE_ROWS):
        unsuited = {k for k in _kinds(before) if k.startswith("-")}
        attributive = _kinds(before) - unsuited
        unsuited_kinds = frozenset(k[1:] for k in unsuited)
        table.append(AdjectiveSense(german, english, _kinds(kinds), attributive, unsuited_kinds))
    return table


def places() -> list[Place]:
    found = []
    for noun, at, to, english_at, english_to, verbs in _rows(PLACE_ROWS):
        resting = {verb for verb, where in RESTING.items() if noun in where}
        found.append(Place(noun, at, to, english_at, english_to, _kinds(verbs) | resting))
    return found
