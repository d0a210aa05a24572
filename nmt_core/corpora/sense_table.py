"""The rows of the sense table (:mod:`nmt_core.corpora.senses`): everyday words, their everyday
English, and what goes with what. Written by hand for this project (no dictionary text).

Rows are "German | English | kinds | flags", one word a row, so that a teacher can add one.
A noun's flag is "mass", "weak", "bare" or "single" (see :class:`senses.NounSense`). A verb's
row is "German | English | subject kinds | object kinds | flags", its flags "dat" (a dative
object), "auf+acc:for" (a prepositional object and its English preposition), "stative", "sein",
"past" (said of what has happened: "Ich habe den Schlüssel verloren"), "notime" (no time
expression: "Der Opa weint am Montag" is odd), "simple" (never progressive in English: "sees",
not "is seeing") and "gern" (what one likes doing: "Ich spiele gern Fußball"). An adjective's
row is "German | English | kinds it is said of | kinds it stands before", the last with "-kind"
for kinds it does not suit ("der alte Mann", not "das alte Kind").

The words were chosen by what a class talks about (family, school, home, food, transport, free
time) and by how often German uses them: checkpoints/recipes/rank_senses.py lists the most
frequent words Ding has and the table lacks, and a test asks every word here to occur at least
once in a million words. Kinds the templates read: "daily" and "event" (what "nach" takes:
"nach dem Frühstück" :: "after breakfast", "nach dem Film" :: "after the film"), "transport"
("mit dem Bus" :: "by bus"), "owned" (what one has: a car, not a train).
"""

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
Brief | letter | text, written, thing, mail
Geschichte | story | text, written, story
Bild | picture | picture, thing
Ball | ball | thing, small, toy, ball
Tasche | bag | thing, small, container, luggage
Schlüssel | key | thing, small
Handy | phone | thing, small, machine
Stift | pen | thing, small
Regenschirm | umbrella | thing, small
Fahrrad | bike | thing, vehicle, machine, owned, transport
Auto | car | thing, vehicle, machine, owned, transport
Computer | computer | thing, machine, switch
Lampe | lamp | thing, machine, switch
Uhr | watch | thing, small, machine
Tisch | table | thing, furniture
Stuhl | chair | thing, furniture
Bett | bed | thing, furniture
Fenster | window | thing, door
Tür | door | thing, door
Flasche | bottle | thing, container
Tasse | cup | thing, cup
Geschenk | present | thing, gift
Blume | flower | thing, gift, plant
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
Mama | mum | person, family | single
Papa | dad | person, family | single
Großmutter | grandmother | person, family | single
Großvater | grandfather | person, family | single
Cousin | cousin | person, family
Cousine | cousin | person, family
Baby | baby | person, child
Student | student | person | weak
Studentin | student | person
Polizist | police officer | person | weak
Verkäufer | shop assistant | person
Verkäuferin | shop assistant | person
Kellner | waiter | person
Fahrer | driver | person
Trainer | coach | person
Chef | boss | person
Tier | animal | animal
Bär | bear | animal | weak
Affe | monkey | animal | weak
Kartoffel | potato | food, vegetable
Gurke | cucumber | food, vegetable
Wurst | sausage | food
Fisch | fish | food, meal | mass
Butter | butter | grocery | mass
Zucker | sugar | grocery, sweet | mass
Honig | honey | food, sweet | mass
Obst | fruit | food, fruit | mass
Kakao | hot chocolate | drink, hot | mass
Limonade | lemonade | drink | mass
Glas | glass | thing, cup
Teller | plate | thing, cup
Frühstück | breakfast | daily | single
Mittagessen | lunch | daily | single
Abendessen | dinner | daily | single
Unterricht | class | daily | single
Training | training | daily | single
Arbeit | work | daily | single
Pause | break | event
Film | film | film, event
Konzert | concert | event
Spiel | game | game, event
Geburtstag | birthday | celebration
Bus | bus | thing, vehicle, transport
Zug | train | thing, vehicle, transport
Straßenbahn | tram | thing, vehicle, transport
Flugzeug | plane | thing, vehicle, transport
Taxi | taxi | thing, vehicle, transport
Boot | boat | thing, vehicle
Haus | house | room, building
Wohnung | flat | room
Schlafzimmer | bedroom | room
Schrank | cupboard | thing, furniture
Regal | shelf | thing, furniture | single
Teppich | carpet | thing, furniture
Kühlschrank | fridge | thing, machine, container
Fernseher | TV | thing, machine, switch
Radio | radio | thing, machine, switch
Licht | light | switch | single
Spiegel | mirror | thing
Klasse | class | group
Heft | exercise book | thing, small
Bleistift | pencil | thing, small
Wörterbuch | dictionary | thing, small
Rucksack | backpack | thing, container, luggage
Koffer | suitcase | thing, container, luggage
Aufgabe | exercise | task
Frage | question | task, question
Test | test | exam
Prüfung | exam | exam
Mathe | maths | subject | bare
Biologie | biology | subject | bare
Kunst | art | subject | bare
Musik | music | music, subject | bare
Lied | song | song
Witz | joke | story
Foto | photo | photo
Kamera | camera | thing, machine, small
Puppe | doll | thing, toy
Spielzeug | toy | thing, toy
Geld | money | money | mass
Nachricht | message | written, mail
Fahrkarte | ticket | thing, small
Schuh | shoe | clothes, thing
Hemd | shirt | clothes, thing
Rock | skirt | clothes, thing
Mantel | coat | clothes, thing
Stiefel | boot | clothes, thing
Handschuh | glove | clothes, thing, small
Schülerin | pupil | person
Bäcker | baker | person
Köchin | cook | person
Kellnerin | waitress | person
Sänger | singer | person
Sängerin | singer | person
Pilot | pilot | person | weak
Bauer | farmer | person | weak
Polizistin | police officer | person
Zahnarzt | dentist | person
Enkel | grandson | person, family, child
Enkelin | granddaughter | person, family, child
Kollege | colleague | person | weak
Kollegin | colleague | person
Gast | guest | person
Meerschweinchen | guinea pig | animal, pet
Schildkröte | tortoise | animal, pet
Huhn | chicken | animal
Frosch | frog | animal
Fuchs | fox | animal
Tiger | tiger | animal
Giraffe | giraffe | animal
Spinne | spider | animal
Biene | bee | animal
Schlange | snake | animal
Kirsche | cherry | food, fruit
Zitrone | lemon | food, fruit
Traube | grape | food, fruit
Zwiebel | onion | food, vegetable
Salz | salt | grocery | mass
Mehl | flour | grocery | mass
Müsli | muesli | food | mass
Pfannkuchen | pancake | food, baked, sweet
Bonbon | sweet | food, sweet
Burger | burger | food, meal
Marmelade | jam | food, sweet | mass
Cola | cola | drink | mass
Zeitschrift | magazine | text, thing
Postkarte | postcard | written, mail, thing
Einladung | invitation | written, mail
Gedicht | poem | text, written
Aufsatz | essay | written
Liste | list | written
Rezept | recipe | text, written
Antwort | answer | written, answer
Lineal | ruler | thing, small
Papier | paper | thing | mass
Kerze | candle | thing, gift
Vase | vase | thing
Kissen | pillow | thing
Decke | blanket | thing
Sessel | armchair | thing, furniture
Laptop | laptop | thing, machine, switch
Drucker | printer | thing, machine, switch
Herd | cooker | thing, machine, switch
Waschmaschine | washing machine | thing, machine, switch
Teddy | teddy | thing, toy
Roller | scooter | thing, vehicle, owned, transport
Motorrad | motorbike | thing, vehicle, machine, owned, transport
Schiff | ship | thing, vehicle
Lastwagen | lorry | thing, vehicle
Poster | poster | picture, thing
Kiste | box | thing, container
Korb | basket | thing, container
Münze | coin | thing, small
Pflanze | plant | thing, plant
Socke | sock | clothes, thing, small
Bluse | blouse | clothes, thing
Kappe | cap | clothes, thing, small
Gürtel | belt | clothes, thing, small
Anzug | suit | clothes, thing
Geige | the violin | instrument | bare
Flöte | the flute | instrument | bare
Trompete | the trumpet | instrument | bare
Schlagzeug | the drums | instrument | bare
Basketball | basketball | sport | bare
Volleyball | volleyball | sport | bare
Handball | handball | sport | bare
Golf | golf | sport | bare
Tischtennis | table tennis | sport | bare
Italienisch | Italian | language | bare
Russisch | Russian | language | bare
Türkisch | Turkish | language | bare
Chinesisch | Chinese | language | bare
Latein | Latin | language, subject | bare
Physik | physics | subject | bare
Chemie | chemistry | subject | bare
Erdkunde | geography | subject | bare
Informatik | computer science | subject | bare
Badezimmer | bathroom | room
Wohnzimmer | living room | room
Klassenzimmer | classroom | room
Keller | cellar | room
Balkon | balcony | room
Kirche | church | building
Schloss | castle | building
Brücke | bridge | building
Turm | tower | building
Hochzeit | wedding | celebration, event
Fußballspiel | football match | game, event
"""

VERB_ROWS = """
essen | eat | person | food | gern
trinken | drink | person | drink | gern
kaufen | buy | person | food, drink, clothes, gift, text, grocery | gern
kochen | cook | person | meal | gern
backen | bake | person | baked | gern
schneiden | cut | person | fruit, baked, vegetable
lesen | read | person | text | gern
schreiben | write | person | written, exam | gern
malen | paint | person | picture | gern
sehen | see | person, animal | animal, person, vehicle, picture, film | simple
suchen | look for | person | small, pet
finden | find | person | small | past
verlieren | lose | person | small | past
vergessen | forget | person | small | past
brauchen | need | person | small, clothes, food, drink, money, grocery | stative
haben | have | person | pet, small, owned, money | stative
mögen | like | person, animal | food, drink, animal, sport | stative
lieben | love | person | family, animal, food | stative
kennen | know | person | person, place | stative
verstehen | understand | person | language, task | stative
sprechen | speak | person | language | stative gern
lernen | learn | person | language, instrument, subject | gern
spielen | play | person | sport, instrument, game | gern
besuchen | visit | person | family | gern
anrufen | call | person | family | gern
fragen | ask | person | person
helfen | help | person | person | dat gern
tragen | wear | person | clothes | gern
waschen | wash | person | owned, pet, clothes
öffnen | open | person | door, container
aufmachen | open | person | door
zumachen | close | person | door
nehmen | take | person | small, food
mitnehmen | take | person | small, clothes
bringen | bring | person | food, drink, gift, text
anziehen | put on | person | clothes
reparieren | fix | person | machine | gern
putzen | clean | person | room, door, owned
aufräumen | tidy | person | room
füttern | feed | person | animal | gern
warten | wait | person, animal | person, animal | auf+acc:for
spielen | play | person, animal | toy, pet, person | mit+dat:with gern
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
machen | make | person | baked, meal | gern
machen | take | person | photo | gern
hören | listen to | person | music, song | gern
singen | sing | person | song | gern
bekommen | receive | person | gift, mail, money, photo
schicken | send | person | mail, gift, photo
bezahlen | pay for | person | meal, drink, clothes
verkaufen | sell | person | owned, clothes, fruit
holen | fetch | person | drink, small
bestellen | order | person | meal, drink
probieren | try | person | food, drink
treffen | meet | person | person, family | gern
vermissen | miss | person | family, pet | stative
reden | talk | person | person, family | mit+dat:to
antworten | answer | person | person | dat
erzählen | tell | person | story | gern
üben | practise | person | instrument, language | gern
zeichnen | draw | person | picture | gern
anschauen | watch | person | film | gern
anschauen | look at | person | photo, picture | gern
packen | pack | person | luggage
ausmachen | turn off | person | switch
anmachen | turn on | person | switch
bauen | build | person | building
beantworten | answer | person | question
feiern | celebrate | person | celebration | gern
gewinnen | win | person | game | past
reisen | travel | person | | sein gern
wandern | hike | person | | sein gern
laufen | run | person, animal | | sein gern
klettern | climb | person, animal | | sein gern
frühstücken | have breakfast | person | | gern
duschen | have a shower | person | |
aufwachen | wake up | person, animal | | sein
mitkommen | come along | person | | sein
zurückkommen | come back | person | | sein
lächeln | smile | person | | notime
erklären | explain | person | task, question, answer
benutzen | use | person | machine, small, vehicle
schließen | close | person | door, container
einladen | invite | person | person, family | gern
abholen | pick up | person | person, family, child
gießen | water | person | plant
rufen | call | person | person, family, pet
werfen | throw | person | ball | gern
fangen | catch | person, animal | ball | gern
schälen | peel | person | fruit, vegetable
teilen | share | person | food, sweet
wecken | wake | person | person, family, child
umarmen | hug | person | person, family, pet
zuhören | listen to | person | person | dat
unterrichten | teach | person | subject, language | gern
streiten | argue | person | person, family | mit+dat:with notime
springen | jump | person, animal | | sein gern
joggen | jog | person | | gern
surfen | surf | person | | gern
grillen | have a barbecue | person | | gern
ankommen | arrive | person | | sein
abfahren | leave | person | | sein
einsteigen | get on | person | | sein
aussteigen | get off | person | | sein
ausgehen | go out | person | | sein gern
verschlafen | oversleep | person | | past
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
laut | loud | person, animal, group | person, animal
schnell | fast | animal, vehicle | animal, vehicle
langsam | slow | animal, vehicle, machine | animal, vehicle
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
gut | good | food, text, film, meal | food, text, film
schlecht | bad | food, text, film | text, film
toll | great | film, text, gift, picture, celebration | film, gift
einfach | easy | task, exam | task, exam
schwierig | difficult | task, exam | task, exam
wichtig | important | task, exam, written | task, exam, written
fertig | ready | person, meal |
gesund | healthy | person, animal, fruit, vegetable | fruit, vegetable
stark | strong | person, animal | person, animal, -child
ruhig | quiet | person, animal, group, room | person, animal, room
hübsch | pretty | clothes, picture, room | clothes, picture
cool | cool | person, clothes, owned | clothes, owned
dunkel | dark | room | room
hell | bright | room | room
gemütlich | cosy | room | room
gelb | yellow | thing, clothes, vehicle, fruit | clothes, vehicle, toy, cup
braun | brown | animal, clothes, furniture | animal, clothes, furniture
grau | grey | animal, clothes, vehicle | animal, clothes, vehicle
bunt | colourful | clothes, picture, toy | clothes, picture, toy
kurz | short | text, film, clothes | text, film
lang | long | text, film | text, film
nass | wet | clothes, pet | clothes, pet
trocken | dry | clothes | clothes
gefährlich | dangerous | animal | animal, -pet
stolz | proud | person |
neugierig | curious | person, animal | person, animal
faul | lazy | person, animal | person, animal
fleißig | hard-working | person | person, -family
klug | clever | person, animal | person, animal
wach | awake | person, animal |
dick | thick | text | text
dünn | thin | text | text
weich | soft | furniture, clothes | furniture, clothes
bequem | comfortable | furniture, clothes | furniture, clothes
modern | modern | room, building, machine | room, building, machine
hässlich | ugly | clothes, picture, building | clothes, picture, building
wütend | angry | person | person
froh | glad | person |
nervös | nervous | person | person
mutig | brave | person | person
höflich | polite | person | person
frech | cheeky | person, animal | person, animal
ehrlich | honest | person | person
berühmt | famous | person, building | person, building
reich | rich | person | person
arm | poor | person | person
satt | full | person |
durstig | thirsty | person, animal | person, animal
sauer | sour | fruit | fruit
salzig | salty | meal | meal
scharf | spicy | meal | meal
schwer | heavy | luggage, furniture | luggage, furniture
leicht | light | luggage | luggage
leicht | easy | task, exam | task, exam
richtig | right | answer | answer
falsch | wrong | answer | answer
sportlich | sporty | person | person
schüchtern | shy | person | person
offen | open | door, container |
pünktlich | on time | vehicle |
"""
