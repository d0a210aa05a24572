"""The sense table's nouns: everyday German nouns, their everyday English, and their kinds.

Written by hand for this project (no dictionary text), one word a row, so that a teacher can
add one; :mod:`everyday.senses` reads the rows and says how words were chosen.

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
Kakao | cocoa | drink, hot | mass
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
Kugelschreiber | pen | thing, small
Füller | fountain pen | thing, small
Taschenrechner | calculator | thing, small, machine
Zettel | note | thing, small, written
Stundenplan | timetable | thing, small
Übung | exercise | task, exercise
Wort | word | written, task | single
Satz | sentence | written, task
Zahl | number | written
Name | name | written | weak
Sport | PE | subject | bare
Religion | RE | subject | bare
Haustier | pet | animal, pet
Hase | rabbit | animal, pet | weak
Papagei | parrot | animal, pet
Kätzchen | kitten | animal, pet
Welpe | puppy | animal, pet | weak
Ziege | goat | animal
Esel | donkey | animal
Krokodil | crocodile | animal
Pinguin | penguin | animal
Delfin | dolphin | animal
Wal | whale | animal
Hai | shark | animal
Wolf | wolf | animal
Igel | hedgehog | animal
Schmetterling | butterfly | animal
Fliege | fly | animal
Dinosaurier | dinosaur | animal | single
Pfirsich | peach | food, fruit
Ananas | pineapple | food, fruit
Melone | melon | food, fruit
Kiwi | kiwi | food, fruit
Nuss | nut | food
Gemüse | vegetables | food, vegetable | bare
Bohne | bean | food, vegetable
Pilz | mushroom | food, vegetable
Pfeffer | pepper | grocery | mass
Würstchen | sausage | food
Toast | toast | food | mass
Schnitzel | schnitzel | food, meal
Pommes | chips | food, meal | bare
Spaghetti | spaghetti | food, meal | bare
Chips | crisps | food | bare
Süßigkeiten | sweets | food, sweet | bare
Joghurt | yoghurt | food | bare
Brezel | pretzel | food, baked
Torte | cake | food, baked, sweet
Nachtisch | dessert | food, sweet
Getränk | drink | drink
Apfelsaft | apple juice | drink | bare
Orangensaft | orange juice | drink | bare
Picknick | picnic | event
Mittagspause | lunch break | event
T-Shirt | T-shirt | clothes, thing
Pulli | jumper | clothes, thing
Hut | hat | clothes, thing, small
Krawatte | tie | clothes, thing, small
Badeanzug | swimsuit | clothes, thing
Uniform | uniform | clothes, thing
Kostüm | costume | clothes, thing
Helm | helmet | clothes, thing
Jeans | jeans | clothes | bare
Kleidung | clothes | clothes | bare
Ring | ring | thing, small, gift
Flur | hall | room
Bad | bathroom | room
Toilette | toilet | room
Garage | garage | room, building
Wand | wall | thing
Schreibtisch | desk | thing, furniture
Kleiderschrank | wardrobe | thing, furniture, container
Schublade | drawer | thing, container
Vorhang | curtain | thing, door
Heizung | heating | switch | single
Mikrowelle | microwave | thing, machine, switch
Ofen | oven | thing, machine, switch
Wecker | alarm clock | thing, small, machine
Handtuch | towel | thing, small
Seife | soap | grocery | mass
Zahnbürste | toothbrush | thing, small
Zahnpasta | toothpaste | grocery | mass
Messer | knife | thing, small
Gabel | fork | thing, small
Löffel | spoon | thing, small
Topf | saucepan | thing, cup
Schüssel | bowl | thing, cup
Becher | mug | thing, cup
Tüte | bag | thing, small, container
Taschentuch | tissue | thing, small
Baum | tree | thing, plant
Rose | rose | thing, gift, plant
U-Bahn | underground | thing, vehicle, transport
Hubschrauber | helicopter | thing, vehicle, transport
Skateboard | skateboard | thing, vehicle, owned
Ticket | ticket | thing, small
Geldbeutel | purse | thing, small
Brieftasche | wallet | thing, small
Briefmarke | stamp | thing, small
Paket | parcel | thing, mail, container
E-Mail | email | written, mail
SMS | text message | written, mail
Taschengeld | pocket money | money | mass
Pass | passport | thing, small
Zelt | tent | thing, luggage
Gepäck | luggage | luggage | single
Muschel | shell | thing, small
Reise | trip | event
Klassenfahrt | school trip | event
Flug | flight | event | single
Spaziergang | walk | event
Hockey | hockey | sport | bare
Badminton | badminton | sport | bare
Baseball | baseball | sport | bare
Karten | cards | sport | bare
Verstecken | hide and seek | sport | bare
Saxophon | the saxophone | instrument | bare
Keyboard | the keyboard | instrument | bare
Kartenspiel | card game | game, thing
Computerspiel | computer game | game
Roboter | robot | thing, toy, machine
Chor | choir | group
Mannschaft | team | group
Gruppe | group | group
Song | song | song
Melodie | tune | song
CD | CD | music, thing
Serie | series | film | single
Sendung | programme | film
Video | video | film
Märchen | fairy tale | text, story
Tablet | tablet | thing, small, machine, switch
Smartphone | smartphone | thing, small, machine
Telefon | phone | thing, machine
Tastatur | keyboard | thing, machine
Bildschirm | screen | thing, machine
Ladegerät | charger | thing, small
Batterie | battery | thing, small
Fernbedienung | remote control | thing, small
Taschenlampe | torch | thing, small, switch
Finger | finger | body
Mund | mouth | body
Gesicht | face | body
Haar | hair | body | single
Hals | neck | body
Knie | knee | body
Schulter | shoulder | body
Körper | body | body
Tablette | tablet | thing, small
Pflaster | plaster | thing, small
Medizin | medicine | grocery | mass
Gewitter | thunderstorm | event
Sonne | sun | picture | single
Mond | moon | picture | single
Stern | star | picture
Wolke | cloud | picture
Regenbogen | rainbow | picture
Familie | family | family, group
Person | person | person
Ehemann | husband | person, family
Ehefrau | wife | person, family
Neffe | nephew | person, family | weak
Nichte | niece | person, family
Zwilling | twin | person, family, child
Krankenschwester | nurse | person
Tierarzt | vet | person
Tierärztin | vet | person
Friseur | hairdresser | person
Künstler | artist | person
Schauspieler | actor | person
Schauspielerin | actress | person
Musiker | musician | person
Busfahrer | bus driver | person
Hausmeister | caretaker | person
Spieler | player | person
Fußballspieler | footballer | person
Tänzer | dancer | person
Fan | fan | person
König | king | person
Königin | queen | person
Prinz | prince | person | weak
Prinzessin | princess | person
Weihnachtsmann | Father Christmas | person | single
Weihnachten | Christmas | celebration | bare
Ostern | Easter | celebration | bare
Silvester | New Year's Eve | celebration | bare
Karneval | carnival | celebration | bare
Halloween | Halloween | celebration | bare
Muttertag | Mother's Day | celebration | bare
Feier | celebration | event
Weihnachtsbaum | Christmas tree | thing
"""
