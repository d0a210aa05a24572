"""What a user typed or chose on a page: kept across page changes, cleared with the sentence,
and read from and written to the shareable link.

Streamlit forgets a widget's value as soon as a run does not draw the widget, i.e. on every
page change: the Alignments reference, Compare's models A and B, the Step position came back
empty or at their defaults. :func:`restore` (before the page runs) and :func:`remember` (after
it) keep a copy of each page input in a plain session key, which Streamlit does not forget.

Inputs that belong to one sentence (the reference translation, a gold alignment, the step
positions) are cleared when the sentence changes, so one sentence's English is never
force-decoded or scored against another German sentence.

The link (``?s=...&model=...``) carries the sentence and the model (or, without a model, the
direction, ``direction=en-de``, whose default model opens), the step (Step through and
Lesson), the beam size, the token level, presentation mode, the Lesson's tour step (``tour=3``,
written by the Lesson while its tour runs), Compare's models A and B (``a=``, ``b=``), the
what-if temperature (``temperature=0.5``, left out at the model's own 1), the source token
followed step by step on Translate and Step through (``follow=3``) and Beam search's coverage
penalty (``beta=0.5``, left out at its default); each page puts its own choices in with
:func:`show_in_link`. :func:`from_link` reads it on a session's first run
and :func:`link` gives the part every page's URL shows. Each value is read by one parser of
``link_values`` (:func:`link_settings`); a text it cannot use leaves its setting at the
default and is named to the user once, and so is a key the app does not read.

A phone's link to a class vote (``/?class=CODE``, :func:`class_link`) is a link of its own:
it opens the vote and nothing else.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Mapping
from dataclasses import dataclass
from functools import partial
from typing import Any

import streamlit as st

from dashboard.state import session  # every key declared there
from dashboard.state.link_values import choice, flag, real_number, whole_number
from dashboard.state.session import KEPT, PER_SENTENCE, SIDEBAR, Key
from nmt_core.text.data import DIRECTIONS

_SENTENCE = session.COPY.key("sentence")  # the sentence the kept inputs belong to
LEVELS = {"pieces": "subword pieces", "words": "words"}  # link value -> the sidebar's choice
MAX_BEAM = 8  # the sidebar slider's range is 1..MAX_BEAM
# What-if temperatures, spaced by factors of 2 to 2.5 from nearly the argmax to nearly uniform
# (the shipped models' scores at one step span up to about 25: e / 100 spans 0.25)
TEMPERATURES = (0.01, 0.02, 0.05, 0.1, 0.2, 0.5, 1.0, 2.0, 5.0, 10.0, 20.0, 50.0, 100.0)
MAX_POSITION = 9999  # a link's step or tour step at most; a page shows one past its end at its last
# Beam search's coverage penalty what-if: β from 0 (none) to 1 in steps of BETA_STEP; it opens
# at 0.2, the β of Wu et al. 2016's experiments
BETA_RANGE, BETA_STEP, BETA_DEFAULT = (0.0, 1.0), 0.05, 0.2


def _copy(key: Key) -> Key:
    """Where :func:`remember` keeps ``key``'s value, which Streamlit does not forget."""
    return session.COPY.key(key.name)


def restore(sentence: str) -> None:
    """Before a page runs: clear the inputs of another sentence, bring back the rest."""
    if _SENTENCE.get(sentence) != sentence:
        for key in PER_SENTENCE:
            key.pop()
            _copy(key).pop()
    _SENTENCE.set(sentence)
    for key in KEPT:
        if not key.exists() and _copy(key).exists():
            key.set(_copy(key).value())


def open_at(sentence: str, step: int) -> None:
    """From the next run on, ``sentence`` at decoder ``step`` (1-based) on Step through and
    Lesson, greedy (a click on the Query–key map). Call it from a widget's callback, before
    the sentence box is drawn. The old sentence's inputs are cleared here, as :func:`restore`
    would on the next run, so that the step set here stays; the sidebar's choices are kept
    as plain values, which outlive the page change the server then makes (``SIDEBAR``)."""
    for key in SIDEBAR:
        if key.exists():
            key.set(key.value())
    session.SENTENCE.set(sentence)
    restore(sentence)
    session.STEP.set(step)
    session.LESSON_STEP.set(step)
    session.BEAM.set(1)  # the map's steps are the greedy translation's


def remember() -> None:
    """After a page ran (or stopped): copy the inputs it drew."""
    for key in KEPT:
        if key.exists():
            _copy(key).set(key.value())


@dataclass(frozen=True)
class LinkSetting:
    """A setting a link carries: how its text is read, where its value goes, what it takes."""

    read: Callable[[str], object | None]  # a parser of link_values: None for a text it refuses
    keys: tuple[Key, ...]  # the session-state keys that get its value
    takes: str  # the values it takes, for the message that names a refused one


def _temperature(text: str) -> float | None:
    """A stop of the Temperature slider, from a link's text ("0.5")."""
    number = real_number(text, TEMPERATURES[0], TEMPERATURES[-1])
    return number if number in TEMPERATURES else None


def _beta(text: str) -> float | None:
    """A stop of the coverage penalty's β slider, from a link's text ("0.35")."""
    number = real_number(text, *BETA_RANGE)
    if number is None:
        return None
    stops = number / BETA_STEP
    on_a_stop = abs(stops - round(stops)) < 1e-6
    return round(round(stops) * BETA_STEP, 2) + 0.0 if on_a_stop else None  # + 0.0: never -0


def link_settings(models: Collection[str]) -> dict[str, LinkSetting]:
    """How each key of a link but the sentence and the model (see :func:`from_link`) becomes
    session state; ``models`` are the names of the server's models (Compare's A and B)."""
    names = {name: name for name in models}
    position = partial(whole_number, low=1, high=MAX_POSITION)
    return {
        "direction": LinkSetting(
            partial(choice, options={d: d for d in DIRECTIONS}),
            (session.DIRECTION,),
            f"direction {' or '.join(DIRECTIONS)}",
        ),
        "step": LinkSetting(
            position, (session.STEP, session.LESSON_STEP), f"step 1–{MAX_POSITION}"
        ),
        "beam": LinkSetting(
            partial(whole_number, low=1, high=MAX_BEAM), (session.BEAM,), f"beam 1–{MAX_BEAM}"
        ),
        "tokens": LinkSetting(
            partial(choice, options=LEVELS), (session.LEVEL,), f"tokens {' or '.join(LEVELS)}"
        ),
        "presentation": LinkSetting(flag, (session.PRESENTATION,), "presentation 1 or 0"),
        "tour": LinkSetting(position, (session.TOUR_STEP,), f"tour 1–{MAX_POSITION}"),
        "a": LinkSetting(
            partial(choice, options=names), (session.COMPARE_A,), "a and b model names"
        ),
        "b": LinkSetting(
            partial(choice, options=names), (session.COMPARE_B,), "a and b model names"
        ),
        "temperature": LinkSetting(
            _temperature,
            (session.TEMPERATURE,),
            f"temperature a stop of its slider, {TEMPERATURES[0]:g}–{TEMPERATURES[-1]:g}",
        ),
        "follow": LinkSetting(position, (session.FOLLOW,), f"follow 1–{MAX_POSITION}"),
        "beta": LinkSetting(
            _beta,
            (session.COVERAGE_BETA,),
            f"beta {BETA_RANGE[0]:g}–{BETA_RANGE[1]:g} in steps of {BETA_STEP:g}",
        ),
    }


LINK_KEYS = ("s", "model", *link_settings(()))  # every key a link carries
# keys Streamlit itself reads from a page's URL (an app embedded in another page)
STREAMLIT_KEYS = ("embed", "embed_options")
# what the settings take, for the message that names a refused value (A and B said once)
LINK_VALUES = ", ".join(dict.fromkeys(setting.takes for setting in link_settings(()).values()))


def show_in_link(**values: object) -> None:
    """Put a page's own choices into its URL, after app.py put the shared ones (:func:`link`):
    only keys that :func:`from_link` reads back, so that the link reopens what it shows."""
    for key, value in values.items():
        assert key in LINK_KEYS, f"a link's reader does not read {key!r}"
        st.query_params[key] = f"{value:g}" if isinstance(value, float) else str(value)


def from_link(query: Mapping[str, str], models: Collection[str]) -> tuple[str | None, list[str]]:
    """On a session's first run: the settings a shared link carries, into session state;
    ``models`` are the names of the server's models.

    Returns the model name the link asks for (None without one: the app checks it exists,
    and opens its direction with the link's sentence or, without one, that direction's first
    example; without a model, the link's ``direction`` says which opens) and the link's
    settings that could not be used ("beam=20"), which stay at their defaults, and its keys
    the app does not read ("lang=de"), all named to the user.
    """
    if "s" in query:
        session.SENTENCE.set(query["s"])
    ignored = []
    for key, setting in link_settings(models).items():
        if key in query:
            value = setting.read(query[key])
            if value is None:
                ignored.append(f"{key}={query[key]}")
            else:
                for state_key in setting.keys:
                    state_key.set(value)
    known = (*LINK_KEYS, *STREAMLIT_KEYS)
    ignored += [f"{key}={value}" for key, value in query.items() if key not in known]
    return query.get("model"), ignored


# A phone's link to a class vote (``/?class=CODE``): the class's code, and the phone's own
# voter token once it has joined, so that a reload is the same phone with the same vote. The
# registry (``state.classroom``) judges both; no other value of such a link is read.
CLASS_LINK_KEYS = ("class", "voter")


def is_class_link(query: Mapping[str, str]) -> bool:
    """Whether the link opens a class vote on a phone (it has ``class=``)."""
    return "class" in query


def class_link(query: Mapping[str, str]) -> tuple[str, str | None]:
    """A phone's link: the class's code and the phone's voter token (None before it joined),
    as the text they are; ``state.classroom`` refuses what is not one."""
    return query.get("class", ""), query.get("voter")


def show_voter_in_link(voter: str) -> None:
    """Put the phone's voter token into its URL beside the class's code."""
    st.query_params["voter"] = voter


def link(sentence: str, model: str) -> dict[str, Any]:
    """The query the page's URL shows: what reproduces this view (defaults left out)."""
    query: dict[str, Any] = {"s": sentence, "model": model}
    if session.BEAM.get(1) != 1:
        query["beam"] = session.BEAM.value()
    if session.LEVEL.get() == LEVELS["words"]:
        query["tokens"] = "words"
    if session.PRESENTATION.get():
        query["presentation"] = "1"
    return query
