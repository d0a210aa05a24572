"""The sense table's nouns: everyday German nouns, their everyday English, and their kinds.

Written by hand for this project (no dictionary text), one word a row, so that a teacher can
add one; :mod:`nmt_core.corpora.senses` reads the rows and says how words were chosen.

A row is "German | English | kinds | flag". The flag is "mass", "weak", "bare" or "single" (see
:class:`senses.NounSense`). Kinds the templates read: "daily" and "event" (what "nach" takes:
"nach dem Frühstück" :: "after breakfast", "nach dem Film" :: "after the film"), "transport"
("mit dem Bus" :: "by bus"), "owned" (what one has: a car, not a train); the verbs' and the
adjectives' rows name the rest.
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
Aufgabe | exercise | task, exercise
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
Nudeln | pasta | food, meal | bare
Hähnchen | chicken | food, meal | mass
Tafel | board | thing
Sofa | sofa | thing, furniture
Kopf | head | body
Hand | hand | body
Fuß | foot | body
Bein | leg | body
Arm | arm | body
Auge | eye | body
Ohr | ear | body
Nase | nose | body
Zahn | tooth | body
Bauch | tummy | body
Rücken | back | body
Party | party | event
Urlaub | holiday | event | single
"""
