"""The sense table's adjectives: everyday German adjectives, their English, and what they suit.

Written by hand for this project (no dictionary text), one word a row, so that a teacher can
add one; :mod:`everyday.senses` reads the rows and says how words were chosen.

A row is "German | English | kinds it is said of | kinds it stands before", the last with
"-kind" for kinds it does not suit ("der alte Mann", not "das alte Kind").
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
sauber | clean | room, clothes, vehicle, body | room, clothes, vehicle, cup
schmutzig | dirty | room, clothes, vehicle, pet, body | room, clothes, vehicle, pet, cup
warm | warm | clothes, hot, body | clothes, hot
kalt | cold | drink, meal, body | drink, meal
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
lieb | kind | person, animal | person, animal
leise | quiet | person, machine |
zufrieden | satisfied | person | person
aufgeregt | excited | person | person
überrascht | surprised | person |
enttäuscht | disappointed | person |
besorgt | worried | person | person
einsam | lonely | person, animal | person, animal
verliebt | in love | person |
unglücklich | unhappy | person | person
ängstlich | scared | person, animal | person, animal
streng | strict | person | person, -child
gemein | mean | person | person
witzig | funny | person, text, film | person, text, film
fröhlich | cheerful | person | person
hilfsbereit | helpful | person | person
geduldig | patient | person | person
kreativ | creative | person | person
schlau | smart | person, animal | person, animal
sympathisch | likeable | person | person
unhöflich | rude | person | person
allein | alone | person, animal |
beschäftigt | busy | person |
schwach | weak | person, animal | person, animal
verletzt | injured | person, animal | person, animal
verheiratet | married | person | person, -child
beliebt | popular | person, film, song | person, film, song
ordentlich | tidy | person, room | person, room
reif | ripe | fruit | fruit
hart | hard | baked, furniture | baked, furniture
knusprig | crispy | baked | baked
ungesund | unhealthy | sweet | sweet
vegetarisch | vegetarian | meal | meal
eklig | disgusting | food | food
kühl | cool | drink, room | drink, room
eng | tight | clothes | clothes
riesig | huge | animal, building, room | animal, building, room
winzig | tiny | animal, room, small | animal, room, small
praktisch | practical | clothes, machine | clothes, machine
nützlich | useful | machine, small | machine
sonnig | sunny | room | room
dreckig | dirty | room, clothes, vehicle, pet, body | room, clothes, vehicle, pet
geschlossen | closed | door, container |
wild | wild | animal | animal, -pet
bekannt | well-known | person, building, song, film | song, film, building
dumm | stupid | film, text | film, text
gruselig | scary | film, text | film, text
wunderbar | wonderful | film, picture, celebration, gift | film, picture, gift
furchtbar | terrible | film, text, meal | film, text
schrecklich | awful | film, text, meal | film, text
kompliziert | complicated | task | task
"""
