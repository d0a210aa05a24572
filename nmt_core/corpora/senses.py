"""The sense table: everyday words, their everyday English, and what goes with what.

Written by hand for this project (no dictionary text): Ding's first sense of a common word is
often not the everyday one ("lesen" :: "to harvest"), and Ding does not say that one eats an
apple but reads a book. Each noun has kinds (person, animal, food, ...), each verb the kinds of
subject and object it takes, each adjective the kinds it describes, so that
:mod:`nmt_core.corpora.generator` only combines words a person would combine. Grammar (gender,
plural, verb forms) is not here: :mod:`nmt_core.corpora.lexicon` reads it from Ding at run time.

Rows are "German | English | kinds | flags", one word a row, so that a teacher can add one.
A verb's row is "German | English | subject kinds | object kinds | flags", its flags "dat" (a
dative object), "auf+acc:for" (a prepositional object and its English preposition),
"stative", "sein", "past" (said of what has happened: "Ich habe den Schlüssel verloren"),
"notime" (no time expression: "Der Opa weint am Montag" is odd) and "gern" (what one likes
doing: "Ich spiele gern Fußball"). An adjective's row is "German
| English | kinds it is said of | kinds it stands before", the last with "-kind" for kinds it
does not suit ("der alte Mann", not "das alte Kind").
"""

from __future__ import annotations

from dataclasses import dataclass


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


NOUN_ROWS = """
Mutter | mother | person, family | single
Vater | father | person, family | single
Schwester | sister | person, family, child
Bruder | brother | person, family, child
Oma | grandma | person, family | single
Opa | grandpa | person, family | single
Tante | aunt | person, family
Onkel | uncle | person, family
Sohn | son | person, family, child
Tochter | daughter | person, family, child
Freund | friend | person, family
Freundin | friend | person, family
Lehrer | teacher | person
Lehrerin | teacher | person
Kind | child | person, child
Junge | boy | person, child | weak
Mädchen | girl | person, child
Mann | man | person
Frau | woman | person
Arzt | doctor | person
Ärztin | doctor | person
Nachbar | neighbour | person, family | weak
Nachbarin | neighbour | person, family
Koch | cook | person
Schüler | pupil | person
Hund | dog | animal, pet
Katze | cat | animal, pet
Kaninchen | rabbit | animal, pet
Vogel | bird | animal, pet
Pferd | horse | animal
Kuh | cow | animal
Schaf | sheep | animal
Schwein | pig | animal
Ente | duck | animal
Maus | mouse | animal
Löwe | lion | animal | weak
Elefant | elephant | animal | weak
Apfel | apple | food, fruit
Banane | banana | food, fruit
Orange | orange | food, fruit
Birne | pear | food, fruit
Tomate | tomato | food, vegetable
Karotte | carrot | food, vegetable
Ei | egg | food, meal
Kuchen | cake | food, baked, sweet
Keks | biscuit | food, baked, sweet
Brötchen | roll | food, baked
Pizza | pizza | food, meal, baked | single
Salat | salad | food, meal
Suppe | soup | food, meal, hot
Brot | bread | food, baked | mass
Käse | cheese | food | mass
Reis | rice | food, meal | mass
Fleisch | meat | food, meal | mass
Schokolade | chocolate | food, sweet | mass
Eis | ice cream | food, sweet | mass
Wasser | water | drink | mass
Milch | milk | drink | mass
Kaffee | coffee | drink, hot | mass
Tee | tea | drink, hot | mass
Saft | juice | drink | mass
Buch | book | text, thing
Zeitung | newspaper | text, thing
Brief | letter | text, written, thing
Geschichte | story | text, written
Bild | picture | picture, thing
Ball | ball | thing, small, toy
Tasche | bag | thing, small, container
Schlüssel | key | thing, small
Handy | phone | thing, small, machine
Stift | pen | thing, small
Regenschirm | umbrella | thing, small
Fahrrad | bike | thing, vehicle, machine
Auto | car | thing, vehicle, machine
Computer | computer | thing, machine
Lampe | lamp | thing, machine
Uhr | watch | thing, small, machine
Tisch | table | thing, furniture
Stuhl | chair | thing, furniture
Bett | bed | thing, furniture
Fenster | window | thing, door
Tür | door | thing, door
Flasche | bottle | thing, container
Tasse | cup | thing, cup
Geschenk | present | thing, gift
Blume | flower | thing, gift
Jacke | jacket | clothes, thing
Mütze | hat | clothes, thing, small
Pullover | jumper | clothes, thing
Kleid | dress | clothes, thing
Schal | scarf | clothes, thing, small
Zimmer | room | room
Fußball | football | sport | bare
Tennis | tennis | sport | bare
Schach | chess | sport | bare
Gitarre | the guitar | instrument | bare
Klavier | the piano | instrument | bare
Deutsch | German | language | bare
Englisch | English | language | bare
Französisch | French | language | bare
Spanisch | Spanish | language | bare
"""

VERB_ROWS = """
essen | eat | person | food | gern
trinken | drink | person | drink | gern
kaufen | buy | person | food, drink, clothes, gift, text | gern
kochen | cook | person | meal | gern
backen | bake | person | baked | gern
schneiden | cut | person | fruit, baked, vegetable
lesen | read | person | text | gern
schreiben | write | person | written | gern
malen | paint | person | picture | gern
sehen | see | person, animal | animal, person, vehicle, picture
suchen | look for | person | small, pet
finden | find | person | small | past
verlieren | lose | person | small | past
vergessen | forget | person | small | past
brauchen | need | person | small, clothes, food, drink | stative
haben | have | person | pet, small, vehicle | stative
mögen | like | person, animal | food, drink, animal, sport | stative
lieben | love | person | family, animal, food | stative
kennen | know | person | person, place | stative
verstehen | understand | person | language | stative
sprechen | speak | person | language | stative gern
lernen | learn | person | language, instrument | gern
spielen | play | person | sport, instrument | gern
besuchen | visit | person | family | gern
anrufen | call | person | family | gern
fragen | ask | person | person
helfen | help | person | person | dat gern
tragen | wear | person | clothes | gern
waschen | wash | person | vehicle, pet, clothes
öffnen | open | person | door, container
aufmachen | open | person | door
zumachen | close | person | door
nehmen | take | person | small, food
mitnehmen | take | person | small, clothes
bringen | bring | person | food, drink, gift, text
anziehen | put on | person | clothes
reparieren | fix | person | machine | gern
putzen | clean | person | room, door, vehicle
aufräumen | tidy | person | room
füttern | feed | person | animal | gern
warten | wait | person, animal | person, animal | auf+acc:for
spielen | play | person, animal | toy, animal, person | mit+dat:with gern
schlafen | sleep | person, animal | | gern
arbeiten | work | person | | gern
lachen | laugh | person | | notime gern
weinen | cry | person | | notime
tanzen | dance | person | | gern
singen | sing | person | | gern
schwimmen | swim | person, animal | | gern
aufstehen | get up | person | | sein gern
einkaufen | go shopping | person | | gern
fernsehen | watch TV | person | | gern
einschlafen | fall asleep | person, animal | | sein notime
wohnen | live | person | | stative gern
gehen | go | person | | sein gern
fahren | go | person | | sein gern
kommen | come | person | | sein
bleiben | stay | person | | sein gern
fliegen | fly | person | | sein gern
"""

ADJECTIVE_ROWS = """
groß | big | animal, thing, room, furniture | animal, thing, room, fruit, baked, child, -text
groß | tall | person |
klein | small | animal, thing, room, furniture, person | thing, room, fruit, -text
klein | little | | animal, child
alt | old | person, animal, thing, vehicle, furniture | person, animal, thing, -child, -gift, -small
neu | new | thing, clothes, vehicle, machine | thing, room, person, -child, -family, -gift
jung | young | person, animal | person, animal, -child, -family
nett | nice | person | person
lustig | funny | person, text | person, text
müde | tired | person, animal | person, animal
hungrig | hungry | person, animal | person, animal
krank | ill | person, animal |
krank | sick | | person, animal
glücklich | happy | person | person
traurig | sad | person, text | person, text
freundlich | friendly | person, animal | person, animal
laut | loud | person, animal | person, animal
schnell | fast | animal, vehicle | animal, vehicle
langsam | slow | animal, vehicle, machine | animal, vehicle, machine
teuer | expensive | thing, clothes, vehicle, machine, gift | clothes, machine, gift, furniture
billig | cheap | thing, clothes | clothes, vehicle, machine, furniture
kaputt | broken | machine, furniture, door, small | machine, furniture, door, toy, cup
sauber | clean | room, clothes, vehicle | room, clothes, vehicle, cup
schmutzig | dirty | room, clothes, vehicle, pet | room, clothes, vehicle, pet, cup
warm | warm | clothes, hot | clothes, hot
kalt | cold | drink, meal | drink, meal
heiß | hot | hot | hot
lecker | delicious | food | food
süß | sweet | fruit, sweet | fruit, sweet
süß | cute | pet, animal | animal
frisch | fresh | fruit, baked, vegetable | fruit, baked, vegetable
leer | empty | container, cup | container, cup
voll | full | container, cup | container, cup
interessant | interesting | text, picture | text, picture
spannend | exciting | text | text
langweilig | boring | text | text
schön | beautiful | picture, gift, clothes, room | picture, gift, clothes, room
rot | red | thing, clothes, vehicle, fruit | clothes, vehicle, toy, container, cup, gift, furniture
blau | blue | thing, clothes, vehicle | clothes, vehicle, toy, container, cup, furniture
grün | green | thing, clothes, vehicle, fruit | clothes, vehicle, toy, container, cup, furniture
schwarz | black | animal, thing, clothes, vehicle | animal, clothes, vehicle, cup
weiß | white | animal, thing, clothes, vehicle | animal, clothes, vehicle, cup
"""

PLACE_ROWS = """
Park | in | in | in the park | to the park | spielen, lesen, warten, essen, gehen, fahren
Schule | in | in | at school | to school | lernen, essen, spielen, arbeiten, gehen, fahren
Garten | in | in | in the garden | into the garden | spielen, arbeiten, lesen, essen, gehen
Küche | in | in | in the kitchen | into the kitchen | kochen, essen, backen, gehen
Kino | in | in | at the cinema | to the cinema | gehen, fahren
Stadt | in | in | in town | into town | wohnen, arbeiten, einkaufen, gehen, fahren
Bahnhof | an | zu | at the station | to the station | warten, arbeiten, gehen, fahren
Supermarkt | in | zu | at the supermarket | to the supermarket | einkaufen, arbeiten, gehen, fahren
Bäckerei | in | zu | at the bakery | to the bakery | arbeiten, gehen
Bibliothek | in | in | in the library | to the library | lesen, lernen, arbeiten, gehen, fahren
Schwimmbad | in | in | at the swimming pool | to the swimming pool | schwimmen, gehen, fahren
Wald | in | in | in the forest | into the forest | spielen, gehen, fahren
Strand | an | an | on the beach | to the beach | spielen, lesen, schlafen, gehen, fahren
Zoo | in | in | at the zoo | to the zoo | arbeiten, gehen, fahren
Museum | in | in | at the museum | to the museum | arbeiten, gehen, fahren
Restaurant | in | in | at the restaurant | to the restaurant | essen, arbeiten, gehen, fahren
Büro | in | in | at the office | to the office | arbeiten, gehen, fahren
Krankenhaus | in | in | at the hospital | to the hospital | arbeiten, fahren
Markt | auf | auf | at the market | to the market | einkaufen, arbeiten, gehen, fahren
Spielplatz | auf | auf | at the playground | to the playground | spielen, gehen
"""

# Fixed places without article: German where / where to, English where / where to.
HOME = ("zu Hause", "nach Hause", "at home", "home")
HOME_VERBS = frozenset(
    {"arbeiten", "bleiben", "essen", "lesen", "schlafen", "spielen", "kochen", "lernen",
     "gehen", "fahren", "kommen", "fernsehen"}
)  # fmt: skip
CITIES = (
    ("Berlin", "Berlin"), ("Hamburg", "Hamburg"), ("München", "Munich"), ("Wien", "Vienna"),
    ("Köln", "Cologne"), ("London", "London"), ("Paris", "Paris"), ("Rom", "Rome"),
)  # fmt: skip
CITY_VERBS = frozenset({"wohnen", "arbeiten", "fahren", "fliegen"})
NAMES = (
    "Anna", "Tom", "Lisa", "Max", "Paul", "Lena", "Ben", "Mia", "Jonas", "Emma", "Leon",
    "Sara", "David", "Julia", "Felix", "Laura",
)  # fmt: skip
NAME_GENDERS = {"Anna": "f", "Lisa": "f", "Lena": "f", "Mia": "f", "Emma": "f", "Sara": "f",
                "Julia": "f", "Laura": "f"}  # fmt: skip

# Time expressions by the English tense they go with. "habit": simple present ("often");
# "plan": progressive ("tomorrow"); "past": the German perfect, the English simple past.
TIMES = {
    "habit": (
        ("oft", "often"), ("immer", "always"), ("manchmal", "sometimes"),
        ("jeden Tag", "every day"), ("jeden Morgen", "every morning"),
        ("morgens", "in the morning"), ("abends", "in the evening"),
        ("am Wochenende", "at the weekend"), ("im Sommer", "in summer"),
        ("im Winter", "in winter"),
    ),
    "plan": (
        ("jetzt", "now"), ("heute", "today"), ("heute Abend", "tonight"),
        ("morgen", "tomorrow"), ("am Montag", "on Monday"), ("am Dienstag", "on Tuesday"),
        ("am Mittwoch", "on Wednesday"), ("am Donnerstag", "on Thursday"),
        ("am Freitag", "on Friday"), ("am Samstag", "on Saturday"), ("am Sonntag", "on Sunday"),
        ("nach der Schule", "after school"),
    ),
    "past": (
        ("gestern", "yesterday"), ("gestern Abend", "last night"),
        ("letzte Woche", "last week"), ("am Montag", "on Monday"),
        ("am Samstag", "on Saturday"),
    ),
}  # fmt: skip
# Adjectives that go with "zu" ("zu heiß"; "zu frisch" is odd)
EXCESSIVE = frozenset(
    {"groß", "klein", "alt", "jung", "laut", "schnell", "langsam", "teuer", "warm", "kalt",
     "heiß", "müde", "süß", "voll"}
)  # fmt: skip
# Adjectives that take no degree ("sehr rot", "zu kaputt" are odd)
UNGRADED = frozenset({"rot", "blau", "grün", "schwarz", "weiß", "kaputt", "leer", "voll"})
# English adverbs that stand before the verb ("I often eat") rather than at the end
FREQUENCY = frozenset({"often", "always", "sometimes"})
# The times one likes doing something at ("Ich lese abends gern"; not "oft gern")
LIKED_TIMES = frozenset({"in the morning", "in the evening", "at the weekend", "in summer",
                         "in winter"})  # fmt: skip

# "... weil ich Hunger habe": a state, its English, and the verbs it gives a reason for
REASONS = (
    ("Hunger", "hungry", frozenset({"essen", "kochen"})),
    ("Durst", "thirsty", frozenset({"trinken"})),
    ("müde", "tired", frozenset({"schlafen", "einschlafen", "bleiben"})),
    ("krank", "ill", frozenset({"schlafen", "bleiben"})),
)
# "Ich glaube, dass ...": the verbs that open a dass clause, with their English
THAT_VERBS = (("glauben", "think"), ("wissen", "know"), ("hoffen", "hope"), ("sagen", "say"))


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
                "gern" in flags,
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
    return [Place(n, a, t, ea, et, _kinds(v)) for n, a, t, ea, et, v in _rows(PLACE_ROWS)]
