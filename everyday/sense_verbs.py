"""The sense table's verbs: everyday German verbs, their everyday English, and what they take.

Written by hand for this project (no dictionary text), one word a row, so that a teacher can
add one; :mod:`everyday.senses` reads the rows and says how words were chosen.

A row is "German | English | subject kinds | object kinds | flags" (no object kinds: the verb
takes no object). Flags: "dat" (a dative object), "auf+acc:for" (a prepositional object and its
English preposition), "stative", "sein", "past" (said of what has happened: "Ich habe den
Schlüssel verloren"), "notime" (no time expression: "Der Opa weint am Montag" is odd), "simple"
(never progressive in English: "sees", not "is seeing") and "gern" (what one likes doing: "Ich
spiele gern Fußball"). A verb may have two rows ("spielen" + object, "spielen mit").
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
machen | do | person | exercise
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
anfangen | start | event | |
beginnen | begin | event | |
aufhören | stop | person | | notime
sitzen | sit | person, animal | |
liegen | lie | person, animal | |
abschreiben | copy | person | written
korrigieren | correct | person | exam, written
zeigen | show | person | photo, picture
wissen | know | person | answer | stative
übersetzen | translate | person | text, written
aufschreiben | write down | person | answer, question
vorlesen | read out | person | story, written
kontrollieren | check | person | exam, written
rechnen | do sums | person | | gern
mitmachen | join in | person | | gern
beschreiben | describe | person | person, picture, photo, room
reiten | ride | person | | sein gern
segeln | sail | person | | gern
tauchen | dive | person | | gern
fotografieren | take photos | person | | gern
turnen | do gymnastics | person | | gern
trainieren | train | person | | gern
basteln | do crafts | person | | gern
angeln | fish | person | | gern
zelten | go camping | person | | gern
rennen | run | person, animal | | sein gern
zuschauen | watch | person | person, game | dat
telefonieren | talk on the phone | person | | gern
ansehen | look at | person | photo, picture | gern
schmecken | taste good | food, drink | | stative
genießen | enjoy | person | food, drink, film, event
zahlen | pay | person |
ausgeben | spend | person | money
sparen | save | person | money
verdienen | earn | person | money
zählen | count | person | money
mitbringen | bring | person | food, drink, gift
aussuchen | choose | person | gift, clothes
einpacken | wrap | person | gift
ausleihen | borrow | person | text
zurückgeben | give back | person | text, small, toy
auspacken | unpack | person | luggage
verpassen | miss | person | film, game, event | past
zurückfahren | go back | person | | sein
hassen | hate | person | sport, subject | stative
schreien | shout | person | | notime
danken | thank | person | person | dat simple notime
gratulieren | congratulate | person | person | dat simple notime
heiraten | get married | person |
aufpassen | look | person | child, pet | auf+acc:after
streicheln | stroke | person | pet | gern
fressen | eat | animal | fruit, vegetable
verstecken | hide | person, animal | small, toy, gift
aufhängen | hang up | person | clothes, picture
pflanzen | plant | person | plant
schieben | push | person | owned, furniture
einschalten | switch on | person | switch
ausschalten | switch off | person | switch
wegwerfen | throw away | person | fruit, written, toy
füllen | fill | person | container, cup
spülen | wash up | person |
abwaschen | wash up | person |
ausdrucken | print out | person | photo, picture, written
funktionieren | work | machine | | stative
passen | fit | clothes | person | dat stative
gehören | belong to | owned, toy, small | person | dat stative
wehtun | hurt | body | | stative
enden | end | event |
"""
