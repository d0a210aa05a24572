"""The grammar the Ding dictionary gives for the words of the sense table, read at run time.

Ding lists a noun's gender and plural (``Katze {f} | Katzen {pl} :: cat | cats``) and a verb's
forms (``lesen | lesend | gelesen | du liest | er/sie liest | ich/er/sie las | er/sie hat/hatte
gelesen | lies! :: to read {read; read} | reading | read | ...``): ``|`` aligns segments across
the two sides and ``;`` separates alternatives. The forms are not at fixed places and often
missing, so each segment is recognised by its pronoun ("du", "er/sie", "ich/er/sie", "hat/hatte")
or, without one, by the usual order (participle 1 and 2, third person, past). The German forms
of an infinitive and the English forms of an English verb are collected over every line that
has them (first one wins, lines whose headword is the word itself first), because Ding's first
sense is often not the everyday one ("lesen" :: "to harvest").

An adjective's comparative and superlative are read in the same pass
(:mod:`everyday.degrees`); the line format is :mod:`everyday.ding_entries`'.

Nothing read here is stored in the repository: :mod:`everyday.generator` builds its pairs
from it into the run folder.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path

from everyday.degrees import Degrees, collect_english_degrees, german_degrees
from everyday.ding_entries import Segments, aligned, by_german_head, clean, entries, split_top
from everyday.english_forms import EnglishVerb, english_regular, english_third
from everyday.grammar import (
    IRREGULAR_PRESENT,
    SEPARABLE_PREFIXES,
    GermanVerb,
    irregular_present,
    regular_present,
)

_IRREGULAR_PAST = re.compile(r"\{([^;{}]+);\s*([^;{}]+)\}")  # "to take sth. {took; taken}"
_GENDER = re.compile(r"\{([mfn])\}")
_PRONOUN_FORMS = {  # segment start -> role of the form after it
    "du": "second",
    "er/sie/es": "third",
    "er/sie": "third",
    "ich/er/sie/es": "past",
    "ich/er/sie": "past",
}
_ENGLISH_PRONOUNS = re.compile(r"^(?:I/)?(?:he/she(?:/it)?|you|I) ")


@dataclass(frozen=True)
class Noun:
    """A German noun's gender ("m", "f", "n") and plural, from Ding."""

    gender: str
    plural: str


@dataclass
class Lexicon:
    """What Ding gives about the wanted words: German nouns and verbs, English plurals and
    verb forms. Words Ding lacks are simply absent (the generator leaves them out)."""

    nouns: dict[str, Noun] = field(default_factory=dict)
    verbs: dict[str, GermanVerb] = field(default_factory=dict)
    english_plurals: dict[str, str] = field(default_factory=dict)
    english_verbs: dict[str, EnglishVerb] = field(default_factory=dict)
    degrees: dict[str, Degrees] = field(default_factory=dict)  # German adjective -> its degrees
    english_degrees: dict[str, Degrees] = field(default_factory=dict)

    def english_verb(self, base: str) -> EnglishVerb | None:
        """The forms of ``base`` ("read"); a phrase inflects its first word ("get up", "go
        shopping": got up, went shopping). None when Ding has no entry for that word."""
        word, _, rest = base.partition(" ")
        known = self.english_verbs.get(word)
        if known is None or not rest:
            return known
        forms = (known.base, known.third, known.past, known.participle, known.gerund)
        return EnglishVerb(*(f"{form} {rest}" for form in forms))


def read_lexicon(
    path: Path,
    nouns: Iterable[tuple[str, str]],
    verbs: Iterable[tuple[str, str]],
    adjectives: Iterable[tuple[str, str]] = (),
) -> Lexicon:
    """What Ding says about ``nouns``, ``verbs`` and ``adjectives``, each (German, English).

    A German noun's gender and plural come from its entry whose English names it, or else
    from its first entry; a verb's German forms from the entries of the infinitive, its English
    forms from the entries of the English verb (of its first word for a phrase); an
    adjective's degrees likewise from the entries of the German and of the English word.
    """
    nouns, verbs, adjectives = list(nouns), list(verbs), list(adjectives)
    english_verbs = {english.split(" ")[0] for _, english in verbs}
    heads = {german for german, _ in nouns + verbs + adjectives} | english_verbs
    heads |= {english for _, english in nouns + adjectives}
    lines = list(entries(path, heads))
    headed = by_german_head(lines)
    lexicon = Lexicon()
    for german, english in nouns:
        noun = _noun(headed.get(german, []), german, english)
        if noun:
            lexicon.nouns[german] = noun
    found: dict[str, dict] = {"plurals": {}, "verbs": {}, "degrees": {}}
    english_adjectives = {english for _, english in adjectives}
    for segments in lines:
        _collect_english(segments, {e for _, e in nouns}, english_verbs, found)
        collect_english_degrees(segments, english_adjectives, found["degrees"])
    lexicon.english_plurals = found["plurals"]
    lexicon.english_degrees = found["degrees"]
    for german, _ in adjectives:
        degrees = german_degrees(headed.get(german, []), german)
        if degrees:
            lexicon.degrees[german] = degrees
    lexicon.english_verbs = {w: english_verb(w, f) for w, f in found["verbs"].items()}
    for german, _ in verbs:
        verb = german_verb(german, _german_forms(headed.get(german, []), german))
        if verb:
            lexicon.verbs[german] = verb
    return lexicon


_WORD_CLASS = re.compile(r"\{(m|f|n|vi|vt|vr|adj)\}")


def headwords(path: Path) -> dict[str, str]:
    """Every one-word headword of Ding at ``path`` with its word class: "m", "f" or "n" (a
    noun's gender), "verb" or "adj", the first one Ding gives. A noun counts only from an entry
    that gives its plural: the nominalised function words ("das Ich", "das Aus", "die Oder")
    have none, and would head a frequency ranking. For a person choosing words to add to the
    sense table (checkpoints/recipes/rank_senses.py), not for the generator."""
    found: dict[str, str] = {}
    with path.open(encoding="utf-8") as lines:
        for line in lines:
            if line.startswith("#") or " :: " not in line:
                continue
            parts = line.split(" :: ")[0].split(" | ")
            with_plural = len(parts) > 1 and "{pl}" in parts[1]
            for alternative in split_top(parts[0], ";"):
                marked, word = _WORD_CLASS.search(alternative), clean(alternative)
                if not marked or not word.isalpha() or word in found:
                    continue
                word_class = {"vi": "verb", "vt": "verb", "vr": "verb"}.get(
                    marked.group(1), marked.group(1)
                )
                if word_class not in ("m", "f", "n") or with_plural:
                    found[word] = word_class
    return found


def _noun(lines: list[Segments], german: str, english: str) -> Noun | None:
    """Gender and plural ("" if Ding gives none: mass nouns) of ``german`` from ``lines``, the
    entries it heads, preferring the entry that translates it as ``english``, then one with a
    plural."""
    found = []
    for segments in lines:
        heads, english_heads = segments[0]
        for index, alt in enumerate(heads):
            gender = _GENDER.search(alt)
            if not (gender and clean(alt) == german):
                continue
            plurals = segments[1][0] if len(segments) > 1 else []
            plural = (
                clean(plurals[index]) if index < len(plurals) and "{pl}" in plurals[index] else ""
            )
            if _base(plural)[:2] != _base(german)[:2]:  # a shorter list, out of line
                plural = ""
            names = english in [clean(e) for e in english_heads]
            found.append(((not names, not plural), Noun(gender.group(1), plural)))
    return min(found, key=lambda item: item[0])[1] if found else None


def _base(word: str) -> str:
    return word.lower().translate(str.maketrans("äöü", "aou"))


def _roles(segments: Segments) -> dict[int, str]:
    """Segment number -> "gerund", "participle", "second", "third", "past", "aux_haben",
    "aux_sein" or "imperative", for a verb entry (its second segment a present participle
    in -nd); {} for any other entry."""
    if len(segments) < 3 or not clean(segments[1][0][0]).endswith("nd"):
        return {}
    roles = {1: "gerund", 2: "participle"}
    for number, (germans, _) in enumerate(segments[3:], start=3):
        text, first = germans[0], germans[0].split(" ", 1)[0]
        if re.match(r"(er/sie|ich) (hat/hatte|habe/hatte) ", text):
            roles[number] = "aux_haben"
        elif re.match(r"(er/sie|ich) (ist/war|bin/war) ", text):
            roles[number] = "aux_sein"
        elif first in _PRONOUN_FORMS and len(clean(text).split()) <= 3:
            roles[number] = _PRONOUN_FORMS[first]
        elif re.fullmatch(r"[a-zäöüß]+!", clean(text)):
            roles[number] = "imperative"
        elif number in (3, 4) and (" " not in clean(text) or _separable_form(text)):
            roles[number] = "third~" if number == 3 else "past~"  # by place: less sure
    return roles


def _separable_form(text: str) -> bool:
    """ "kauft ein", "ruft an": a finite verb and a separable prefix, no pronoun."""
    words = clean(text).split()
    return len(words) == 2 and words[1] in SEPARABLE_PREFIXES


def _german_forms(lines: list[Segments], infinitive: str) -> dict[str, str]:
    """Role -> form of ``infinitive`` over ``lines``, the entries it heads (those headed by it
    first)."""
    ranked = []
    for segments in lines:
        heads = [clean(alt) for alt in segments[0][0]]
        if infinitive in heads:
            ranked.append((heads.index(infinitive), segments))
    forms: dict[str, str] = {}
    for index, segments in sorted(ranked, key=lambda item: item[0]):
        for number, role in _roles(segments).items():
            form = _strip_pronoun(clean(aligned(segments[number][0], index, len(segments[0][0]))))
            if form and (not role.endswith("~") or _plausible(infinitive, form)):
                forms.setdefault(role, form)
    return forms


def _plausible(infinitive: str, form: str) -> bool:
    """Whether a form told by its place alone belongs to ``infinitive``: a separable one ends
    in its prefix ("zieht an"), another starts like it ("sieht" of "sehen", not "kleidet" of
    "anziehen" from a segment that lists fewer forms than headwords)."""
    words = form.split()
    if len(words) == 2:
        return infinitive.startswith(words[1])
    return form[:1] == infinitive[:1]


def _strip_pronoun(form: str) -> str:
    """ "er/sie liest" -> "liest", "du isst" -> "isst", "lies!" -> "lies"."""
    words = form.split()
    if words and words[0] in _PRONOUN_FORMS:
        words = words[1:]
    return " ".join(words).rstrip("!")


def german_verb(infinitive: str, forms: dict[str, str]) -> GermanVerb | None:
    """A :class:`GermanVerb` from Ding's forms; None without a participle. sein, haben,
    werden, wissen and the modals come whole from :mod:`everyday.grammar`."""
    if infinitive in IRREGULAR_PRESENT:
        present, participle = IRREGULAR_PRESENT[infinitive]
        return GermanVerb(infinitive, present, participle)
    participle = forms.get("participle", "")
    if not participle or " " in participle:
        return None
    third = forms.get("third") or forms.get("third~", "")
    prefix = _prefix(infinitive, participle, third)
    base = infinitive.removeprefix(prefix)
    third = third.split(" ")[0]
    regular = regular_present(base)
    present = regular if third in ("", regular[2]) else irregular_present(base, third)
    second = forms.get("second", "")
    if second and " " not in second:
        present = (present[0], second, *present[2:])
    auxiliary = "sein" if "aux_sein" in forms and "aux_haben" not in forms else "haben"
    return GermanVerb(
        infinitive, present, participle, auxiliary, prefix, forms.get("imperative", "")
    )


def _prefix(infinitive: str, participle: str, third: str) -> str:
    """The separable prefix: the last word of "ruft an", or a prefix the participle keeps
    before "ge" ("eingekauft")."""
    words = third.split()
    if len(words) == 2 and infinitive.startswith(words[1]):
        return words[1]
    for prefix in SEPARABLE_PREFIXES:
        if infinitive.startswith(prefix) and participle.startswith(prefix + "ge"):
            return prefix
    return ""


def _collect_english(segments: Segments, nouns: set[str], verbs: set[str], found: dict) -> None:
    """Record the English plurals (noun entries) and verb forms (verb entries) of one line in
    ``found``: "plurals" (singular -> plural) and "verbs" (base -> role -> form, first wins)."""
    english_heads = segments[0][1]
    roles = _roles(segments)
    for index, raw in enumerate(english_heads):
        word = clean(raw)
        if word in verbs and roles and raw.startswith("to "):
            forms = found["verbs"].setdefault(word, {})
            irregular = _IRREGULAR_PAST.search(raw)
            if irregular:
                forms.setdefault("brace_past", irregular.group(1))
                forms.setdefault("brace_participle", irregular.group(2))
            for number, role in roles.items():
                form = aligned(segments[number][1], index, len(english_heads))
                if form:
                    forms.setdefault(role, _ENGLISH_PRONOUNS.sub("", clean(form)))
        elif word in nouns and len(segments) > 1 and any("{pl}" in g for g in segments[1][0]):
            plural = aligned(segments[1][1], index, len(english_heads))
            if plural:
                found["plurals"].setdefault(word, clean(plural))


def english_verb(word: str, forms: dict[str, str]) -> EnglishVerb:
    """An English verb from the forms Ding gave for it: a past marked by its pronoun
    ("I/he/she took") before one in braces ("to take {took; taken}"), which Ding gives for
    irregular verbs, else the participle; what is missing or implausible comes from the rules."""
    rule = english_regular(word)
    participle = _first(forms, "brace_participle", "participle") or rule.participle
    participle = participle.split(",")[0]  # "woken, waked up": the first of two
    past = _first(forms, "past", "brace_past") or participle  # regular: past = participle
    gerund = forms.get("gerund", "")
    doubled = word + word[-1] + "ing"  # stop -> stopping, swim -> swimming
    if gerund not in (rule.gerund, doubled):
        gerund = rule.gerund
    return EnglishVerb(word, english_third(word), past, participle, gerund)


def _first(forms: dict[str, str], *roles: str) -> str:
    """The first of ``roles`` Ding gave, its first variant ("got/gotten" -> "got")."""
    for role in roles:
        if forms.get(role):
            return forms[role].split("/")[0].strip()
    return ""
