"""Shared fixtures: a toy reversal corpus and tiny models trained on it in seconds.

The toy task reverses a sentence of made-up words ("Ka Mo Ti ." -> "Ti Mo Ka ."), so the
correct alignment is known: target word i comes from source word n - 1 - i.
"""

from __future__ import annotations

import hashlib
import json
import os
import pickle
import random
import re
import shutil
import sys
from collections.abc import Callable
from pathlib import Path

import pytest
from hypothesis import settings

from nmt_core.checkpoint import SHIPPED_ROOT
from nmt_core.network.config import ModelConfig, TrainConfig

# Property-based tests (tests/test_hostile_input.py): a small profile in CI, and one that runs
# more than 10,000 generated cases in all: HYPOTHESIS_PROFILE=full python -m pytest -q
# tests/test_hostile_input.py
settings.register_profile("ci", max_examples=40, deadline=None, derandomize=True)
settings.register_profile("full", max_examples=2000, deadline=None)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "ci"))

# The whole suite runs in as many pytest-xdist workers as the machine has CPUs (the README's
# `-n logical`): each worker, and each training or server it starts, then computes on one torch
# thread, rather than every process's threads contending for every core (a bf16 training test
# took eight times as long so).
if os.environ.get("PYTEST_XDIST_WORKER"):
    os.environ.setdefault("OMP_NUM_THREADS", "1")
    import torch

    torch.set_num_threads(int(os.environ["OMP_NUM_THREADS"]))

# Capitalised, so that "Ka Mo Ti ." counts as a sentence (dev and test hold sentences only).
TOY_WORDS = [
    "Ka",
    "Ke",
    "Ki",
    "Ko",
    "Ku",
    "Ma",
    "Me",
    "Mi",
    "Mo",
    "Mu",
    "Ta",
    "Te",
    "Ti",
    "To",
    "Tu",
]


def toy_pairs(count: int, seed: int = 0) -> list[tuple[str, str]]:
    rng = random.Random(seed)
    pairs = set()
    while len(pairs) < count:
        words = [rng.choice(TOY_WORDS) for _ in range(rng.randint(3, 7))]
        pairs.add((" ".join(words) + " .", " ".join(reversed(words)) + " ."))
    return sorted(pairs)


def write_toy_corpus(path: Path, count: int = 3000, seed: int = 0) -> Path:
    path.write_text("".join(f"{s}\t{t}\n" for s, t in toy_pairs(count, seed)), encoding="utf-8")
    return path


def toy_configs(output_dir: Path, corpus: Path, **model: object) -> tuple[TrainConfig, ModelConfig]:
    train = TrainConfig(
        corpus=str(corpus),
        direction="de-en",
        output_dir=str(output_dir),
        kinds=("sentence",),
        sentence_repeats=1,
        dev_size=100,
        test_size=100,
        vocab_size=40,
        batch_tokens=600,
        max_steps=500,
        eval_every=250,
        eval_sentences=100,
        lr=5e-3,
        label_smoothing=0.0,
        seed=7,
        device="cpu",  # the toy's tested behaviour was measured on a CPU-trained model
    )
    defaults = dict(embed_size=32, hidden_size=64, attention_size=32, dropout=0.0)
    return train, ModelConfig(**{**defaults, **model})


@pytest.fixture(scope="session")
def toy_corpus(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The toy corpus, written in pytest's cache folder (the same bytes every time), where the
    config of a toy run kept there by an earlier run of the tests finds it; a temporary folder
    when pytest runs without its cache."""
    cache = getattr(request.config, "cache", None)
    folder = cache.mkdir("attention-lab") if cache is not None else tmp_path_factory.mktemp("toy")
    return written_whole(folder / "toy.tsv", write_toy_corpus)  # other workers train on it


@pytest.fixture(scope="session")
def toy_checkpoint(
    request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory, toy_corpus: Path
) -> Path:
    """The best checkpoint of an additive (Bahdanau) model trained on the reversal task, in its
    run folder. The training takes seconds; its files are kept in pytest's cache folder between
    runs under a digest of the code that trains and of the libraries that shape the weights
    (a contributor's loop trains it once), and trained anew whenever one of them changes."""
    import sentencepiece
    import torch

    from nmt_core.learning.training import train

    def trained_run() -> tuple[str, dict[str, bytes]]:
        """The best checkpoint's folder and each file of a fresh run, by their paths in the run."""
        out = tmp_path_factory.mktemp("trained") / "additive"
        best = train(*toy_configs(out, toy_corpus, scorer="additive"))
        paths = [path for path in out.rglob("*") if path.is_file()]
        files = {path.relative_to(out).as_posix(): path.read_bytes() for path in paths}
        return best.relative_to(out).as_posix(), files

    repo = Path(__file__).resolve().parents[1]
    code = [*sorted((repo / "nmt_core").rglob("*.py")), Path(__file__)]
    torch_version = Path(torch.__file__).with_name("version.py")
    sentencepiece_version = Path(sentencepiece.__file__).with_name("_version.py")
    libraries = [torch_version, sentencepiece_version]  # their versions' own files
    best, files = cached(request, "toy-run", [*code, *libraries], trained_run)
    out = tmp_path_factory.mktemp("runs") / "additive"
    for name, data in files.items():
        (out / name).parent.mkdir(parents=True, exist_ok=True)
        (out / name).write_bytes(data)
    return out / best


@pytest.fixture(scope="session")
def ding(request: pytest.FixtureRequest):
    """What the installed Ding dictionary says about the sense table's words, read once for the
    session, and kept in pytest's cache folder between runs (a read takes seconds) under a
    digest of the dictionary and of everyday/'s code, so that a change to either reads it
    anew; the tests that take it are skipped without trans-de-en."""
    from everyday.generator import ding_lexicon
    from nmt_core.text.data import DING_PATH

    if not DING_PATH.exists():
        pytest.skip("Ding (trans-de-en) not installed")
    code = sorted((Path(__file__).resolve().parents[1] / "everyday").glob("*.py"))
    return cached(request, "ding-lexicon", [DING_PATH, *code], lambda: ding_lexicon(DING_PATH))


def cached(request: pytest.FixtureRequest, name: str, inputs: list[Path], make):
    """``make()``, or the copy pickled in pytest's cache folder by an earlier run from the same
    ``inputs`` (their bytes and this Python's version make the file's name); made anew, and not
    kept, when pytest runs without its cache (``-p no:cacheprovider``)."""
    cache = getattr(request.config, "cache", None)
    if cache is None:
        return make()
    digest = hashlib.sha256(sys.version.encode())
    for path in inputs:
        digest.update(path.read_bytes())
    file = cache.mkdir("attention-lab") / f"{name}-{digest.hexdigest()[:16]}.pickle"
    if file.is_file():
        return pickle.loads(file.read_bytes())
    value = make()
    written_whole(file, lambda part: part.write_bytes(pickle.dumps(value)))
    return value


def written_whole(path: Path, write: Callable[[Path], object]) -> Path:
    """``path``, written by ``write`` to a part file renamed over it: the other workers of a
    run (pytest-xdist), which share the cache folder, read the old file or the whole new one."""
    part = path.with_name(f"{path.name}.{os.getpid()}.part")
    write(part)
    return part.replace(path)


@pytest.fixture(scope="session")
def eflomal_installed() -> Path:
    """eflomal's venv bin folder, installed there on first use; skips without a C compiler or
    without an index that has eflomal (every test that needs it, alike)."""
    from nmt_core.analysis import eflomal

    if eflomal.installed() is None and not (shutil.which("gcc") and shutil.which("make")):
        pytest.skip("eflomal is built from source: apt-get install -y gcc make")
    try:
        return eflomal.ensure_installed()
    except eflomal.EflomalError:
        log = eflomal.VENV / "install.log"
        if not index_out_of_reach(log):
            raise
        pytest.skip(f"eflomal is built from its source on an index that pip cannot reach: {log}")


# What pip's log says when no index answers (offline, or an index without eflomal): a machine
# without the network skips the tests that need eflomal rather than fails them.
NO_INDEX = ("(from versions: none)", "NewConnectionError", "Network is unreachable")


def index_out_of_reach(log: Path) -> bool:
    """Whether eflomal's install log shows pip finding no index that has eflomal."""
    text = log.read_text(errors="replace") if log.is_file() else ""
    return any(sign in text for sign in NO_INDEX)


@pytest.fixture(scope="session", autouse=True)
def installed_components_scanned_once():
    """Streamlit's AppTest scans every installed package for components each time it opens an
    app (a large part of an app test's time); the installed packages do not change while the
    tests run, so the session scans them once. Only where a test module has imported Streamlit."""
    if "streamlit" not in sys.modules:
        yield
        return
    from streamlit.components.v2 import manifest_scanner

    scanned = manifest_scanner.scan_component_manifests()
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(manifest_scanner, "scan_component_manifests", lambda: scanned)
        yield


@pytest.fixture(scope="module")
def browser():
    """Debian's Chromium through playwright, one for a module's tests (each opens its pages)."""
    from live_server import CHROMIUM, CHROMIUM_ARGS

    sync_api = pytest.importorskip("playwright.sync_api", reason="pip install playwright")
    with sync_api.sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        yield browser
        browser.close()


TOY_SENTENCE = "Ka Mo Ti Tu ."  # the toy model writes "Tu Ti Mo Ka ."


@pytest.fixture(scope="session")
def toy_model(toy_checkpoint: Path):
    """The trained toy model, loaded once."""
    from nmt_core.checkpoint import load_checkpoint

    return load_checkpoint(toy_checkpoint)


@pytest.fixture(scope="session")
def toy_greedy(toy_model):
    """The toy model's greedy translation of TOY_SENTENCE."""
    from nmt_core.translate import translate

    return translate(toy_model, TOY_SENTENCE)


def metrics_log(folder: Path) -> list[dict]:
    """The evaluations a run logged in its metrics.jsonl, in order."""
    return [json.loads(line) for line in (folder / "metrics.jsonl").read_text().splitlines()]


# What a researcher with wrong files has: each kind of broken checkpoint, and the words the
# one message about it must contain (the file is named in it too).
BROKEN_CHECKPOINTS = {
    "truncated weights": "is corrupt: its SHA-256",
    "bit-flipped weights": "is corrupt: its SHA-256",
    "weights of another size": "weights do not match the config",
    "tokenizer of another vocabulary": "the files do not belong together",
    "no weights": "model.safetensors is missing",
    "garbled config": "is not a valid checkpoint config",
}


def broken_checkpoint(source: Path, folder: Path, kind: str) -> Path:
    """A copy of the checkpoint ``source`` at ``folder``, broken as ``kind`` says."""
    shutil.copytree(source, folder)
    weights, config = folder / "model.safetensors", folder / "config.json"
    data = bytearray(weights.read_bytes())
    if kind == "truncated weights":
        weights.write_bytes(data[: len(data) // 2])
    elif kind == "bit-flipped weights":
        data[-100] ^= 0x10  # inside the last tensor: the file still parses
        weights.write_bytes(bytes(data))
    elif kind == "weights of another size":
        settings = json.loads(config.read_text())
        settings["model"]["hidden_size"] *= 2  # a config from another model
        config.write_text(json.dumps(settings))
    elif kind == "tokenizer of another vocabulary":
        other = SHIPPED_ROOT / "de-en-dot" / "spm.model"
        if not other.is_file():  # a checkout without the shipped models (a device machine's)
            pytest.skip(f"{other} is not in this checkout")
        (folder / "spm.model").write_bytes(other.read_bytes())
    elif kind == "no weights":
        weights.unlink()
    elif kind == "garbled config":
        config.write_bytes(b'{"model": {"vocab_size": 1')
    else:
        raise ValueError(f"no such kind of broken checkpoint: {kind}")
    return folder


def untrained(
    root: Path,
    base: Path,
    scorer: str,
    decoder: str,
    by_length: list[dict] | None = None,
    name: str | None = None,
) -> None:
    """A fresh model with ``base``'s tokenizer, saved as checkpoint ``name`` (default
    ``toy-<scorer>``; with a model card's BLEU-by-length figures when ``by_length`` is given)."""
    from dataclasses import replace

    import torch

    from nmt_core.checkpoint import load_checkpoint, save_checkpoint
    from nmt_core.network.model import build_model

    trained = load_checkpoint(base)
    torch.manual_seed(0)
    model = build_model(replace(trained.config, scorer=scorer, decoder=decoder)).eval()
    name = name or f"toy-{scorer}"
    meta = {"name": name, "direction": "de-en"}
    if by_length is not None:
        meta["by_length"] = by_length
    save_checkpoint(root / name, model, trained.tokenizer, meta)


def tick_words(ticktext: list[str]) -> list[str]:
    """The tokens an axis's labels spell: the markup that draws the word-start mark small and
    the spaces that keep labels apart (``dashboard.figures.layout._tick_labels``) taken off."""
    return [re.sub(r"<[^>]+>", "", label).strip("\u00a0") for label in ticktext]


def shown(markdown: str) -> str:
    """What a reader sees of markdown that ``dashboard.markdown_text.literal`` escaped: the
    backslash escapes read, the invisible word joiners gone (AppTest sees the source)."""
    return re.sub(r"\\(.)", r"\1", markdown).replace("\u2060", "")
