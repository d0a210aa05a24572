"""Every figure the docs state about the shipped models comes from a file the code writes, and
a stale one fails here: docs/*.md, the README and the model card's prose are read against
checkpoints/results.json (ship.py), checkpoints/alignment.json and checkpoints/verdicts.json
(model_card.py), each model's config.json, the recipes, the dashboard's own constants,
bench/RESULTS.md, and the command-line example run on its fixture.

Each claim is the sentence the docs should hold, written here from those files: when a figure
changes, the claim changes with it and the test names the sentence to correct. The model card's
prose and docs/models.md are also read number by number: a number in them that no claim
accounts for (nor the short list of numbers that are not about the models) fails too."""

from __future__ import annotations

import hashlib
import json
import math
import re
import shlex
import subprocess
import sys
from collections.abc import Iterable
from functools import cache
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]
RECIPES = REPO / "checkpoints" / "recipes"
FIXTURES = REPO / "tests" / "fixtures"
sys.path.insert(0, str(RECIPES))

import model_card  # noqa: E402  (checkpoints/recipes/)
import pick_default  # noqa: E402

CARD = REPO / "checkpoints" / "README.md"
DIRECTIONS = ("de-en", "en-de")
WORDS = {1: "one", 2: "two", 3: "three", 4: "four", 5: "five", 6: "six", 10: "ten"}


# --------------------------------------------------------------------------------------------
# The files the figures come from
# --------------------------------------------------------------------------------------------


@cache
def results() -> dict:
    return model_card.read_results()


@cache
def alignment() -> dict:
    return model_card.read_alignment()


@cache
def verdicts() -> dict:
    return model_card.read_verdicts()


@cache
def shipped() -> dict[str, list[str]]:
    """direction -> the names of its shipped models, in card order."""
    return {
        d: [n for n in model_card.SHOWN if (model_card.folder(d, n) / "config.json").is_file()]
        for d in DIRECTIONS
    }


def config(direction: str, name: str) -> tuple:
    return model_card.read_config(model_card.folder(direction, name))


def every_model() -> list[tuple[str, str]]:
    return [(d, n) for d in DIRECTIONS for n in shipped()[d]]


def default(direction: str) -> str:
    (name,) = [n for n in shipped()[direction] if config(direction, n)[1].get("default")]
    return name


def attending(direction: str) -> list[str]:
    return model_card.attending(direction)


def score(direction: str, name: str, key: str, measure: str = "chrf") -> float:
    return results()[direction][name][key][measure]


def span(values: Iterable[float], digits: int = 1) -> str:
    values = sorted(values)
    return f"{values[0]:.{digits}f}–{values[-1]:.{digits}f}"


def acceptable(direction: str, name: str, set_name: str) -> int:
    counted = model_card.acceptable(results()[direction], name, set_name, verdicts())
    assert "unread" not in counted, f"{direction}-{name} {set_name}: {counted}"
    return int(counted.split()[0])


def test_aer(direction: str, name: str) -> float:
    return alignment()[f"{direction}-{name}"]["test"]["aer"]


test_aer.__test__ = False  # a helper, not a test


def first_words_wrong(direction: str, name: str) -> tuple[int, int]:
    return model_card.wrong_first_words(alignment()[f"{direction}-{name}"]["test"])


def output(direction: str, name: str, set_name: str, source: str) -> str:
    """The model's greedy output for ``source`` in one of the read sets (or beam 5 of the
    classroom sentences)."""
    r = results()[direction]
    return r[name][set_name][r[f"{set_name}_sources"].index(source)]


def lineage(direction: str, name: str) -> list[dict]:
    """The model's recorded trainings (``train_config``), from its training from scratch to
    its own last fine-tune: each fine-tune names its parent in ``meta.fine_tuned_from``."""
    meta, trainings = config(direction, name)[1], []
    while meta:
        trainings.append(meta["train_config"])
        meta = meta.get("fine_tuned_from")
    return trainings[::-1]


def stage(direction: str, name: str, step: int) -> dict:
    """The training of card step ``step``: 1 from scratch, 2 the everyday fine-tune, 3 the
    Tatoeba fine-tune (where a direction has had it)."""
    return lineage(direction, name)[step - 1]


def tatoeba_directions() -> list[str]:
    """The directions whose models were fine-tuned on Tatoeba: all of a direction or none."""
    tuned = {d: {len(lineage(d, n)) == 3 for n in shipped()[d]} for d in DIRECTIONS}
    assert all(len(t) == 1 for t in tuned.values()), tuned
    return [d for d in DIRECTIONS if tuned[d] == {True}]


def the_same(values: Iterable) -> object:
    """The one value every model shares (a claim about "all of them" needs one)."""
    distinct = {json.dumps(v, sort_keys=True) for v in values}
    assert len(distinct) == 1, f"the models differ: {distinct}"
    return json.loads(distinct.pop())


def lines_of(path: Path) -> int:
    return len(path.read_text(encoding="utf-8").splitlines())


def recipe(name: str) -> dict:
    return json.loads((RECIPES / name).read_text())["train"]


def prose(path: Path) -> str:
    """A page's text on one line per paragraph: whitespace collapsed, so that a claim does not
    depend on where the lines wrap."""
    return " ".join(path.read_text(encoding="utf-8").split())


def check(path: Path, claims: Iterable[str]) -> None:
    text = prose(path)
    stale = [claim for claim in claims if " ".join(claim.split()) not in text]
    assert not stale, f"{path.relative_to(REPO)} should say (from the files the code writes):\n" + (
        "\n".join(f"  {claim}" for claim in stale)
    )


def number(n: int) -> str:
    return f"{n:,}"


def rate(lr: float) -> str:
    """A learning rate as the docs write it: 2e-3."""
    return f"{lr:.0e}".replace("e-0", "e-")


# --------------------------------------------------------------------------------------------
# The claims, per page: each written from the files the code writes
# --------------------------------------------------------------------------------------------


def count_claims() -> list[str]:
    """How many models ship, each way."""
    per = {len(shipped()[d]) for d in DIRECTIONS}
    assert len(per) == 1
    (each,) = per
    return [WORDS[2 * each], WORDS[each]]


def card_claims() -> list[str]:
    ten, five = count_claims()
    sizes = ("embed_size", "hidden_size", "attention_size", "dropout")
    model = {k: the_same(getattr(config(d, n)[0], k) for d, n in every_model()) for k in sizes}
    the_same(  # one vocabulary for all
        hashlib.sha256((model_card.folder(d, n) / "spm.model").read_bytes()).hexdigest()
        for d, n in every_model()
    )
    import sentencepiece

    pieces = sentencepiece.SentencePieceProcessor(
        model_file=str(model_card.folder("de-en", "dot") / "spm.model")
    ).get_piece_size()
    assert all(config(d, n)[0].lexical for d in DIRECTIONS for n in attending(d))
    probes = lines_of(FIXTURES / "alignment_de_en" / "probe.tsv")
    tests = lines_of(FIXTURES / "alignment_de_en" / "test.tsv")
    sure = the_same(
        alignment()[f"{d}-{n}"]["test"]["sure"] for d in DIRECTIONS for n in attending(d)
    )
    parents = [stage(d, n, 1) for d, n in every_model()]
    owns = [stage(d, n, 2) for d, n in every_model()]
    tatoeba = tatoeba_directions()
    third = [stage(d, n, 3) for d in tatoeba for n in shipped()[d]]
    scratch = {k: the_same(p[k] for p in parents) for k in (
        "generated_pairs", "max_steps", "batch_tokens", "lr", "lr_decay", "lr_patience",
        "label_smoothing", "clip_norm", "precision", "eval_every", "seed", "max_words",
        "sentence_repeats", "dev_size", "test_size", "kinds")}  # fmt: skip
    tuned = {k: the_same(o[k] for o in owns) for k in (
        "generated_pairs", "max_steps", "lr", "lr_schedule")}  # fmt: skip
    assert scratch["lr_decay"] == 0.5 and scratch["lr_patience"] == 2
    assert scratch["precision"] == "bf16" and scratch["sentence_repeats"] == 2
    assert "word" not in scratch["kinds"] and tuned["lr_schedule"] == "cosine"
    gpus = [(d, n) for d, n in every_model() if stage(d, n, 1)["device"] == "cuda"]
    assert {d for d, _ in gpus} == {"de-en"}
    # every fine-tune on a CPU: asked for by name, or "auto" on machines with no GPU (the
    # English→German Tatoeba fine-tunes; the card's "Compute" says where each step ran)
    assert all(o["device"] in ("cpu", "auto") for o in [*owns, *third])
    assert not any(c.get("tatoeba") for c in [*parents, *owns])
    assert all(c.get("tatoeba") for c in third)
    retuned = {k: the_same(c[k] for c in third) for k in (
        "generated_pairs", "max_steps", "lr", "lr_schedule", "tatoeba_repeats")}  # fmt: skip
    assert not third or retuned["lr_schedule"] == "cosine"
    tatoeba_said = {
        (): "not in the shipped models: their recorded settings name no Tatoeba file",
        ("de-en",): "in the German→English models (step 3 below); not yet in the English→German",
        ("de-en", "en-de"): "in every shipped model (step 3 below)",
    }[tuple(tatoeba)]
    read = {
        "students": lines_of(FIXTURES / "students_de_en.tsv"),
        "blind": lines_of(FIXTURES / "students_blind_de_en.tsv"),
    }
    blinds = sorted(
        int(re.fullmatch(r"students_blind(\d*)_de_en", f.stem).group(1) or 1)
        for f in FIXTURES.glob("students_blind*_de_en.tsv")
    )
    walk = "Ich gehe jeden Tag zu Fuß zur Schule."
    every_walk = {output("de-en", n, "ten", walk) for n in attending("de-en")}
    (walked,) = every_walk
    shoes = "Ich trage gern Jeans und Turnschuhe."
    assert all("gloves" in output("de-en", n, "blind", shoes) for n in shipped()["de-en"])
    endings = output(
        "en-de", default("en-de"), "blind", "Yesterday I played tennis with my brother."
    )
    sofa = output("en-de", default("en-de"), "ten", "The cat is sitting on the sofa.")
    wrong, first = first_words_wrong("de-en", "additive")
    dot_wrong, _ = first_words_wrong("de-en", "dot")
    return [
        f"{ten.capitalize()} small RNN encoder–decoder translation models, {five} "
        f"German→English (`de-en-*`) and {five} English→German (`en-de-*`)",
        f"All {ten} share one joint German+English sentencepiece vocabulary (`spm.model`, "
        f"{number(pieces)} pieces), embeddings of {model['embed_size']}",
        f"a bidirectional GRU encoder ({model['hidden_size'] // 2} a direction), a decoder GRU "
        f"of {model['hidden_size']}, an attention size of {model['attention_size']} and "
        f"dropout {model['dropout']}",
        f"each folder's `probes.json` holds {probes} probe sentences' attention",
        f"The dashboard opens on `de-en-{default('de-en')}`, and on `en-de-{default('en-de')}` "
        "the other way",
        f"more than {pick_default.CHRF_FLOOR} below the best",
        f"(the gold set's {probes} development pairs); AERs within {pick_default.AER_TIE} tie",
        f"(at most {scratch['max_words']} words a side)",
        f"each seen {WORDS[scratch['sentence_repeats']].replace('two', 'twice')} an epoch",
        f"{number(scratch['dev_size'])} sentences are held out for choosing (dev) and "
        f"{number(scratch['test_size'])} for testing",
        f"{number(scratch['generated_pairs'])} join the training from scratch, "
        f"{number(tuned['generated_pairs'])} the fine-tuning.",
        tatoeba_said,
        f"at most {recipe('everyday_tatoeba_finetune.json')['tatoeba_name_share']:.0%} of the "
        "pairs trained on may name one person",
        f"*everyday*, {lines_of(FIXTURES / 'everyday_de_en.tsv')} short sentences",
        f"*the students' {read['students']}*",
        f"*blind {read['blind']}* and blind sets {blinds[1]} to {blinds[-1]}",
        f"**gold set** of {probes + tests} pairs ({probes} probe pairs for choices, {tests} test "
        f"pairs with {sure} sure links for reporting",
        f"`everyday.json`: Ding and {number(scratch['generated_pairs'])} generated pairs, "
        f"{number(scratch['max_steps'])} updates of at most {number(scratch['batch_tokens'])} "
        f"padded tokens, Adam at lr {rate(scratch['lr'])}",
        f"label smoothing {scratch['label_smoothing']}, gradient norm clipped at "
        f"{scratch['clip_norm']:g}, bf16 matrix products",
        f"dev BLEU every {number(scratch['eval_every'])} updates, seed {scratch['seed']}",
        f"`everyday_finetune_80k.json`: from each model of step 1, {number(tuned['max_steps'])} "
        f"updates with {number(tuned['generated_pairs'])} generated pairs",
        f"lr {rate(tuned['lr'])} annealed by a cosine",
        f"step 1 on a CPU, but for {WORDS[len(gpus)]} de→en models on one GPU; every fine-tune "
        "on a CPU",
        f"Of the blind {read['blind']} the de→en default gets "
        f"{acceptable('de-en', default('de-en'), 'blind')} acceptable, the en→de default "
        f"{acceptable('en-de', default('en-de'), 'blind')}",
        '("Turnschuhe" → "gloves" with every de→en model)',
        f'German endings ("{endings}")',
        f'prepositions ("{sofa}")',
        f'every de→en model with attention writes "{walked}" for "{walk}"',
        f'in the default\'s, no output word puts more than {fuss_weight()}% of its weight on "Fuß"',
        f"de-en-additive links {wrong} of the {first} test sentences' first words wrong "
        f"(de-en-dot {dot_wrong})",
        *(
            [
                "`everyday_tatoeba_finetune.json`: from each "
                + ("German→English model" if tatoeba == ["de-en"] else "model")
                + f" of step 2, {number(retuned['max_steps'])} updates with "
                f"{number(retuned['generated_pairs'])} generated pairs and Tatoeba's train part "
                f"{WORDS[retuned['tatoeba_repeats']]} times",
                f"times, lr {rate(retuned['lr'])}",
            ]
            if tatoeba
            else []
        ),
    ]


@cache
def fuss_weight() -> int:
    """The largest weight (percent, rounded up) any output word of the de→en default puts on
    "Fuß" in the ten's walk to school: the card's example of a dropped word."""
    from nmt_core.checkpoint import load_checkpoint
    from nmt_core.translate import translate

    view = translate(
        load_checkpoint(model_card.folder("de-en", default("de-en"))),
        "Ich gehe jeden Tag zu Fuß zur Schule.",
    ).attention_view(word_level=True)
    return math.ceil(100 * float(view.matrix[:, view.source_tokens.index("Fuß")].max()))


def aer_list(direction: str) -> str:
    names = sorted(attending(direction), key=lambda n: test_aer(direction, n))
    return ", ".join(f"{n} {test_aer(direction, n):.3f}" for n in names)


def models_claims() -> list[str]:
    ten, five = count_claims()
    parent = the_same(stage(d, n, 1)["generated_pairs"] for d, n in every_model())
    tuned = the_same(stage(d, n, 2)["generated_pairs"] for d, n in every_model())
    wrong, first = first_words_wrong("de-en", "additive")

    def spans(key: str, measure: str) -> str:
        parts = []
        for d in DIRECTIONS:
            att = span(score(d, n, key, measure) for n in attending(d))
            none = f"{score(d, 'none', key, measure):.1f}"
            parts.append((att, none))
        (a1, n1), (a2, n2) = parts
        return f"{a1} with attention, {n1} without, German→English; {a2} and {n2} English→German."

    counts = {
        s: [acceptable(d, default(d), s) for d in DIRECTIONS] for s in ("students", "blind", "ten")
    }
    classroom = {output("de-en", n, "classroom", "Der Hund schläft.") for n in shipped()["de-en"]}
    tatoeba_span = span(score("de-en", n, "tatoeba_report_beam1") for n in attending("de-en"))
    return [
        f"{ten.capitalize()} models ship in `checkpoints/`: {five} German→English (`de-en-*`) "
        f"and {five} English→German (`en-de-*`)",
        f"{number(parent)} of them in the training from scratch, {number(tuned)} in the "
        "fine-tuning that followed",
        f"The dashboard opens on `de-en-{default('de-en')}`, and on `en-de-{default('en-de')}` "
        "the other way",
        f"within {pick_default.CHRF_FLOOR} chrF of the best",
        f"German→English: {aer_list('de-en')}; English→German: {aer_list('en-de')}.",
        f"(de-en-additive links {wrong} of {first} first words wrong)",
        f'("Der Hund schläft." → "{classroom.pop()}")' if len(classroom) == 1 else "(differ)",
        '("Turnschuhe" → "gloves")',
        "Everyday chrF (beam 5, the half kept for reporting) "
        + spans("everyday_odd_beam5", "chrf"),
        "Test BLEU (beam 5, Ding's held-out sentences) " + spans("test_beam5", "bleu"),
        *(
            [
                "On sentences others wrote, our held-out part of Tatoeba, chrF (greedy, as the "
                f"Translate page opens) {tatoeba_span} "
                f"with attention, {score('de-en', 'none', 'tatoeba_report_beam1'):.1f} without, "
                "German→English; English→German not measured yet."
            ]
            if tatoeba_directions() == ["de-en"]
            else []
        ),
        *(
            [
                "On sentences others wrote, our held-out part of Tatoeba, chrF (greedy, as the "
                "Translate page opens) " + spans("tatoeba_report_beam1", "chrf")
            ]
            if tatoeba_directions() == list(DIRECTIONS)
            else []
        ),
        f"of the students' {lines_of(FIXTURES / 'students_de_en.tsv')}, the de→en default gets "
        f"{counts['students'][0]} acceptable and the en→de default {counts['students'][1]}; of "
        f"{lines_of(FIXTURES / 'students_blind_de_en.tsv')} more written blind, "
        f"{counts['blind'][0]} and {counts['blind'][1]}; of the ten sentences a class would "
        f"type, {counts['ten'][0]} and {counts['ten'][1]}.",
        f"our own set of {lines_of(FIXTURES / 'everyday_de_en.tsv')} short sentences",
    ]


RECIPE_KEYS = (
    "kinds", "sentence_repeats", "augment", "max_words", "dev_size", "test_size", "vocab_size",
    "batch_tokens", "max_steps", "lr", "lr_schedule", "label_smoothing", "generated_pairs",
    "fixed_phrase_repeats", "seed", "precision",
)  # fmt: skip


def trained_with(file: str, step: int, directions: Iterable[str] = DIRECTIONS) -> bool:
    """Whether the training of card step ``step`` of every shipped model of ``directions``
    used recipe ``file``."""
    wanted = recipe(file)
    return all(
        all(
            stage(d, n, step).get(key, wanted.get(key)) == wanted.get(key)
            for key in RECIPE_KEYS
            if key in wanted
        )
        for d, n in every_model()
        if d in directions
    )


def training_claims() -> list[str]:
    ten, _ = count_claims()
    assert trained_with("everyday.json", 1)
    assert trained_with("everyday_finetune_80k.json", 2)
    assert trained_with("everyday_tatoeba_finetune.json", 3, tatoeba_directions())
    everyday, tuning = recipe("everyday.json"), recipe("everyday_finetune.json")
    pilot = [
        json.loads((RECIPES / "pilot" / f).read_text())["train"]
        for f in ("gen20k.json", "gen60k.json")
    ]
    tatoeba = recipe("everyday_tatoeba_finetune.json")
    return [
        f"the recipes the {ten} shipped models were trained with",
        "Each shipped model was trained from scratch on `everyday.json`, then fine-tuned on "
        "`everyday_finetune_80k.json`"
        + {
            (): ";",
            ("de-en",): ", and the German→English ones once more on "
            "`everyday_tatoeba_finetune.json`;",
            ("de-en", "en-de"): ", then on `everyday_tatoeba_finetune.json`;",
        }[tuple(tatoeba_directions())],
        f"| `base.json` | Ding alone: data, vocabulary, model sizes, optimiser, "
        f"{number(recipe('base.json')['max_steps'])} updates |",
        f"| `everyday.json` | `base.json` plus {number(everyday['generated_pairs'])} generated "
        "everyday pairs: the shipped models' training from scratch |",
        f"| `everyday_finetune.json` | `everyday.json` as a fine-tune: "
        f"{number(tuning['max_steps'])} updates, lr {rate(tuning['lr'])} annealed by a cosine |",
        *(
            f"| `{f}` | `everyday_finetune.json` with "
            f"{number(recipe(f)['generated_pairs'])} generated pairs"
            for f in ("everyday_finetune_40k.json", "everyday_finetune_80k.json")
        ),
        f"Tatoeba's train part {WORDS[tatoeba['tatoeba_repeats']]} times",
        f"names capped at {tatoeba['tatoeba_name_share']:.0%}",
        f"{number(tatoeba['max_steps'])} updates, one evaluation at the end",
        f"`base.json`, {number(pilot[0]['generated_pairs'])} and "
        f"{number(pilot[1]['generated_pairs'])} generated pairs at equal updates",
    ]


def dashboard_claims() -> list[str]:
    from dashboard.state.inputs import BETA_DEFAULT, BETA_RANGE
    from dashboard.views.examples import BANKS
    from dashboard.views.querykey import DEFAULT_COUNT, everyday_sentences
    from nmt_core.analysis.coverage import LEFT_OUT_BELOW

    banks = [len(BANKS[d]) for d in DIRECTIONS]
    shown = "all of them" if max(banks) <= DEFAULT_COUNT else f"the first {DEFAULT_COUNT}"
    everyday = len(everyday_sentences("de-en").texts)
    return [
        f"for {DEFAULT_COUNT} sentences by default: the one in the sentence box, drawn large with "
        f"its pieces, then the first of our {everyday} everyday sentences "
        "in a clone of the repository, or of the direction's examples where `pip install .` "
        f"installed no `tests/` folder ({banks[0]} German, {banks[1]} English: {shown})",
        f"A dashed line marks {LEFT_OUT_BELOW:g}; bars of words under it are red",
        f"with a β slider ({BETA_RANGE[0]:g} to {BETA_RANGE[1]:g}, {BETA_DEFAULT:g} at first)",
        f"coverage penalty when it is not {BETA_DEFAULT:g} (`&beta=0.5`)",
    ]


def speed_row(text: str, label: str) -> list[str]:
    """The cells of bench/RESULTS.md's "Third check" table row that starts with ``label``."""
    section = text.split("### Third check", 1)[1]
    line = next(li for li in section.splitlines() if li.startswith(f"| {label} |"))
    return [cell.strip() for cell in line.strip("|").split("|")][1:]


def benchmark_claims() -> list[str]:
    record = (REPO / "bench" / "RESULTS.md").read_text(encoding="utf-8")

    def ms(cells: list[str]) -> list[str]:
        return [f"{float(c.split()[0]):.0f}" for c in cells[:3]]

    dot, additive = (
        speed_row(record, "dot, final (+ shortcut)"),
        speed_row(record, "additive, final (conditional GRU + shortcut)"),
    )
    old = speed_row(record, "additive of 2026-11-24 (paper decoder)")
    d, a = ms(dot), ms(additive)
    assert default("de-en") == "general"
    assert config("de-en", "additive")[0].decoder == "conditional"
    peers = next(li for li in record.splitlines() if li.startswith("| **2026-11-24 02:22"))
    cells = [c.strip() for c in peers.strip("|").split("|")]
    latency = sorted(float(x.rstrip("x")) for x in cells[4].split(" / "))
    batch = float(cells[6].split(" / ")[0].rstrip("x"))
    return [
        "with the dot model (general, German→English's default, adds one matrix product a "
        "sentence) takes "
        f"{d[0]} ms for a 5-piece sentence, {d[1]} ms for 20 pieces and {d[2]} ms for 50; the "
        f"additive model on the conditional GRU {a[0]}, {a[1]} and {a[2]} ms",
        f"({additive[3].split()[0]} against {old[3].split()[0]} ms)",
        f"{float(cells[3].rstrip('x')):.1f}x its training throughput, {batch:.1f}x its batch "
        f"translation, and {latency[0]:.2f}–{latency[-1]:.2f}x its single-sentence latency",
    ]


def readme_claims() -> list[str]:
    ten, five = count_claims()
    luong = [n for n in attending("de-en") if config("de-en", n)[0].decoder == "luong"]
    classroom = {output("de-en", n, "classroom", "Der Hund schläft.") for n in shipped()["de-en"]}
    return [
        f"{ten} trained models ship with it ({five} each way: "
        f"{WORDS[len(attending('de-en'))]} attention scorers, {WORDS[len(luong)]} of them on "
        f"one decoder, and {WORDS[len(shipped()['de-en']) - len(attending('de-en'))]} model "
        "without attention)",
        f'("Der Hund schläft." → "{classroom.pop()}")' if len(classroom) == 1 else "(differ)",
    ]


# --------------------------------------------------------------------------------------------
# The tests
# --------------------------------------------------------------------------------------------


def test_the_model_cards_prose_states_the_figures_of_the_files():
    check(CARD, card_claims())


def test_the_shipped_models_page_states_the_figures_of_the_files():
    check(REPO / "docs" / "models.md", models_claims())


def test_the_training_page_names_the_shipped_recipes_and_every_file_beside_them():
    page = REPO / "docs" / "training.md"
    check(page, training_claims())
    table = prose(page).split("## The recipes of the shipped models", 1)[1].split("```", 1)[0]
    listed = set(re.findall(r"\| `([^`]+)` \|", table))
    files = {
        p.name + ("/" if p.is_dir() else "")
        for p in RECIPES.iterdir()
        if not p.name.startswith((".", "__"))
    }
    assert files == listed, f"recipes/ against the table: {sorted(files ^ listed)}"


def test_the_dashboard_page_states_the_query_key_maps_default_and_the_coverage_settings():
    check(REPO / "docs" / "dashboard.md", dashboard_claims())


def test_the_benchmarks_page_states_the_defaults_and_the_recorded_figures():
    check(REPO / "docs" / "benchmarks.md", benchmark_claims())


def test_the_readme_states_the_shipped_models():
    check(REPO / "README.md", readme_claims())


# Numbers in the card's prose and docs/models.md that are not figures of the shipped models:
# citation years, the rule's constants' neighbours, the noise between runs (the models'
# history), and what a command line spells.
NOT_MODEL_FIGURES = {
    "checkpoints/README.md": {
        "2014", "2015", "2017", "2018",  # papers
        "2.0",  # Tatoeba's licence, CC BY 2.0 FR
        "0.25", "0.01", "1",  # run-to-run noise, measured in docs/model-history.md
        "2", "3", "4", "6",  # "blind sets 2 to 6", "step 1" to "step 4": names, not figures
    },
    "docs/models.md": {"2.0"},  # Tatoeba's licence, CC BY 2.0 FR
}  # fmt: skip
# The card's counts of Ding's pairs: test_the_ding_figures_are_the_installed_dictionarys.
DING_CLAIMS = (
    r"Of its [\d,]+ example sentences and [\d,]+ phrases",
    r"the models train on [\d,]+ sentences",
    r"and [\d,]+ phrases",
    r"`trans-de-en` [\d.-]+",
)
NUMBER = re.compile(r"(?<![\w.-])\d[\d,]*(?:\.\d+)?(?:-\d+)?(?![\w])")


def unaccounted(path: Path, claims: list[str], allowed: set[str]) -> list[str]:
    """The numbers of ``path``'s prose (outside code blocks and written tables) that neither a
    claim nor ``allowed`` accounts for."""
    text = path.read_text(encoding="utf-8")
    if model_card.START in text:
        head, rest = text.split(model_card.START, 1)
        text = head + rest.split(model_card.END, 1)[1]
    text = re.sub(r"```.*?```", " ", text, flags=re.DOTALL)
    text = " ".join(text.split())
    for claim in claims:
        text = text.replace(" ".join(claim.split()), " ")
    for pattern in DING_CLAIMS:  # the slow test reads the dictionary for these
        text = re.sub(pattern, " ", text)
    text = re.sub(r"`[^`]*`", " ", text)  # file names and commands
    text = re.sub(r"\]\([^)]*\)", "]", text)  # link targets
    text = re.sub(r"\b(?:beam|greedy) \d\b", " ", text)  # the search, as results.json names it
    return [n for n in NUMBER.findall(text) if n.rstrip(".,") not in allowed]


def test_every_number_in_the_card_and_the_models_page_is_a_checked_figure():
    for path, claims in ((CARD, card_claims()), (REPO / "docs" / "models.md", models_claims())):
        allowed = NOT_MODEL_FIGURES[path.relative_to(REPO).as_posix()]
        left = unaccounted(path, claims, allowed)
        assert not left, f"{path.relative_to(REPO)}: numbers no claim accounts for: {left}"


@pytest.mark.slow
def test_the_ding_figures_are_the_installed_dictionarys():
    """About 20 s: the card's counts of Ding's pairs, read again from the dictionary with the
    shipped models' recorded settings; skipped without trans-de-en."""
    from nmt_core.corpora.corpus import prepare_split
    from nmt_core.network.config import TrainConfig
    from nmt_core.text.data import DING_PATH, read_corpus

    if not DING_PATH.exists():
        pytest.skip("Ding (trans-de-en) not installed")
    settings = {**stage("de-en", "dot", 1), "generated_avoid": []}
    settings.update(init_checkpoint="", tokenizer="", output_dir="")
    cfg = TrainConfig.from_dict(settings)
    _, report = read_corpus(cfg.corpus, cfg.direction)
    split = prepare_split(cfg)
    kinds = {k: sum(p.kind == k for p in split.train) for k in ("sentence", "phrase")}
    claims = [
        f"Of its {number(report.pairs_by_kind['sentence'])} example sentences and "
        f"{number(report.pairs_by_kind['phrase'])} phrases",
        f"the models train on {number(kinds['sentence'])} sentences",
        f"and {number(kinds['phrase'])} phrases",
    ]
    version = subprocess.run(
        ["dpkg-query", "-W", "-f", "${Version}", "trans-de-en"], capture_output=True, text=True
    )
    if version.returncode == 0:
        claims.append(f"`trans-de-en` {version.stdout.strip()}")
    check(CARD, claims)


@pytest.mark.slow
def test_the_command_line_examples_figure_is_what_the_command_prints(tmp_path):
    """docs/cli.md's align example, run as written on its fixture (about 10 s)."""
    text = (REPO / "docs" / "cli.md").read_text(encoding="utf-8")
    command = re.search(
        r"^(nmt-core align --checkpoint \S+ --tsv \S+ \\\n\s+--gold \S+ --output \S+)\s+"
        r"# prints the AER, ([\d.]+)$",
        text,
        re.MULTILINE,
    )
    assert command, "docs/cli.md's align example, with the AER it prints, is gone"
    words = shlex.split(command.group(1).replace("\\\n", " "))
    words[words.index("--output") + 1] = str(tmp_path / "links.txt")
    done = subprocess.run(
        [sys.executable, "-m", "nmt_core", *words[1:]],
        cwd=REPO, capture_output=True, text=True, timeout=300,
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    report = json.loads(done.stderr.strip().splitlines()[-1])
    assert f"{report['aer']:.3f}" == command.group(2)
