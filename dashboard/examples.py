"""The sentences a teacher can pick from the Examples box, by what they show."""

from __future__ import annotations

EXAMPLES = {
    "verb-final clause": "Ich glaube, dass er morgen kommt.",
    "separable verb": "Der Zug fährt um acht Uhr ab.",
    "noun compound": "Die Haustürschlüssel liegen auf dem Küchentisch.",
    "long sentence": (
        "Als wir gestern Abend nach einem langen Tag in der Stadt endlich nach Hause kamen, "
        "stellten wir fest, dass jemand die Tür offen gelassen hatte."
    ),
}
DEFAULT_SENTENCE = EXAMPLES["verb-final clause"]
