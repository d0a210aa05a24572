"""eflomal (Östling & Tiedemann 2016), a statistical word aligner: the reference beside attention.

eflomal is installed on first use into its own virtual environment in the user's cache
(``~/.cache/attention-lab/eflomal-VERSION-venv``), never into this package's environment: pip
builds it from source (C and Cython, so gcc and make are needed).

Two ways to use it:

* **A whole corpus** (:func:`align_corpus`): both directions over all pairs at once, as the
  alignment benchmark does with the training pairs and the gold sentences together.
* **One sentence pair at a time** (:func:`align_sentence`), for the dashboard: eflomal aligns the
  models' training pairs once, ``eflomal-makepriors`` turns those links into priors (lexical,
  fertility and distortion counts), and with the priors eflomal aligns a single new pair as if it
  had seen the training corpus. :func:`build_priors` makes them (``python -m nmt_core
  eflomal-priors``); they are cached beside the venv, keyed by the model's training data
  (recorded in its checkpoint), and never written into the repository: they are derived from
  the Ding dictionary.

Sentences are whitespace tokens; links are ``(source_index, target_index)``, 0-based.
"""

from __future__ import annotations

import contextlib
import fcntl
import hashlib
import json
import os
import shutil
import subprocess
import sys
import tempfile
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path

from nmt_core.analysis.alignment import Alignment, parse_pharaoh
from nmt_core.analysis.symmetrization import symmetrize
from nmt_core.corpora.corpus import prepare_split, training_pairs
from nmt_core.network.config import TrainConfig

CACHE = Path(os.environ.get("XDG_CACHE_HOME", Path.home() / ".cache")) / "attention-lab"
VERSION = "2.0.0"
VENV = CACHE / f"eflomal-{VERSION}-venv"
ARGS = ("--model", "3")  # IBM1 + HMM + fertility, eflomal's default
PRIORS_DIR = CACHE / "priors"
PRIORS_COMMAND = "python -m nmt_core eflomal-priors"
# The TrainConfig fields that decide which pairs a model learnt from (corpus.prepare_split,
# corpus.training_pairs): models that agree on them share one set of priors.
DATA_FIELDS = (
    "corpus", "direction", "kinds", "word_sample", "extra_corpora", "max_words", "dev_size",
    "test_size", "seed", "augment", "generated_pairs", "generated_avoid",
    "fixed_phrase_repeats", "tatoeba", "tatoeba_repeats", "tatoeba_name_share", "tatoeba_choose",
    "tatoeba_report",
)  # fmt: skip

Progress = Callable[[str], None]


class EflomalError(RuntimeError):
    """eflomal could not be installed or run: one line, naming the log to read."""


def _quiet(message: str) -> None:
    del message


def installed() -> Path | None:
    """The venv's ``bin`` folder when eflomal is installed there, else None."""
    bin_dir = VENV / "bin"
    ready = (VENV / ".installed").is_file() and (bin_dir / "eflomal-align").is_file()
    return bin_dir if ready else None


@contextlib.contextmanager
def install_lock() -> Iterator[None]:
    """Held by the one process that installs eflomal; another that needs it meanwhile (a second
    command, a second worker of the tests) waits here, then finds it installed."""
    CACHE.mkdir(parents=True, exist_ok=True)
    with (CACHE / f"eflomal-{VERSION}.lock").open("w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)  # released when the file is closed, or its process ends
        yield


def ensure_installed(progress: Progress = _quiet) -> Path:
    """The venv's ``bin`` folder, installing eflomal there first if needed (pip, from the
    configured index; a minute or so). Under :func:`install_lock`, so that a half-finished venv
    removed below is never one that another process's pip is still building."""
    found = installed()
    if found:
        return found
    missing = [tool for tool in ("gcc", "make") if shutil.which(tool) is None]
    if missing:
        raise EflomalError(f"eflomal is built from source and needs {' and '.join(missing)}")
    with install_lock():
        return installed() or _install(progress)


def _install(progress: Progress) -> Path:
    """eflomal built and installed into a new venv (a half-finished one is removed first)."""
    progress(f"creating eflomal's virtual environment {VENV}")
    if VENV.exists():
        shutil.rmtree(VENV)  # a half-finished install
    subprocess.run([sys.executable, "-m", "venv", str(VENV)], check=True)
    progress(f"pip install eflomal=={VERSION} (compiles C and Cython)")
    log = VENV / "install.log"
    with log.open("w") as out:
        pip = [str(VENV / "bin" / "python"), "-m", "pip", "install", f"eflomal=={VERSION}"]
        done = subprocess.run(pip, stdout=out, stderr=out)
    align = VENV / "bin" / "eflomal-align"
    if done.returncode or subprocess.run([str(align), "--help"], capture_output=True).returncode:
        raise EflomalError(f"eflomal did not install: see {log}")
    (VENV / ".installed").write_text(VERSION + "\n")
    return VENV / "bin"


def training_texts(cfg: TrainConfig) -> list[tuple[str, str]]:
    """The (source, target) texts a model with training settings ``cfg`` learnt from (rebuilt
    from its corpus, e.g. Ding where Debian installs it), each distinct pair once."""
    pairs = training_pairs(prepare_split(cfg), cfg)
    return list(dict.fromkeys((p.source, p.target) for p in pairs))


def _text(sentences: Sequence[str]) -> str:
    return "".join(" ".join(s.split()) + "\n" for s in sentences)


def _links(path: Path, count: int) -> list[Alignment]:
    lines = path.read_text(encoding="utf-8").split("\n")[:-1]
    if len(lines) != count:
        raise EflomalError(f"{path} has {len(lines)} lines for {count} sentence pairs")
    return [parse_pharaoh(line)[0] for line in lines]


def _run(bin_dir: Path, pairs: Sequence[tuple[str, str]], work: Path, *extra: str) -> Path:
    """eflomal-align over ``pairs`` in ``work``: forward.txt and reverse.txt there."""
    (work / "source.txt").write_text(_text([s for s, _ in pairs]), encoding="utf-8")
    (work / "target.txt").write_text(_text([t for _, t in pairs]), encoding="utf-8")
    command = [
        str(bin_dir / "eflomal-align"), "-s", str(work / "source.txt"),
        "-t", str(work / "target.txt"), "-f", str(work / "forward.txt"),
        "-r", str(work / "reverse.txt"), "--overwrite", *ARGS, *extra,
    ]  # fmt: skip
    with (work / "eflomal.log").open("w") as log:
        done = subprocess.run(command, stdout=log, stderr=log)
    if done.returncode:
        tail = (work / "eflomal.log").read_text(errors="replace").strip().splitlines()[-1:]
        raise EflomalError(f"eflomal-align failed ({done.returncode}): {' '.join(tail)}")
    return work


@dataclass(frozen=True)
class Links:
    """eflomal's links for sentence pairs: source→target, target→source, and grow-diag-final-
    and of the two (the usual symmetrisation)."""

    forward: list[Alignment]
    reverse: list[Alignment]

    @property
    def symmetric(self) -> list[Alignment]:
        return [symmetrize(f, r) for f, r in zip(self.forward, self.reverse, strict=True)]


def align_corpus(pairs: Sequence[tuple[str, str]], priors: Path | None = None) -> Links:
    """eflomal's links for every pair of ``pairs`` (``(source, target)`` texts), aligned
    together, with ``priors`` when given. The text goes to a temporary folder, then is gone."""
    bin_dir = ensure_installed()
    with tempfile.TemporaryDirectory(prefix="eflomal-") as folder:
        extra = ("--priors", str(priors)) if priors else ()
        work = _run(bin_dir, pairs, Path(folder), *extra)
        return Links(
            _links(work / "forward.txt", len(pairs)), _links(work / "reverse.txt", len(pairs))
        )


def priors_path(cfg: TrainConfig) -> Path:
    """Where the priors for ``cfg``'s training pairs live: keyed by eflomal's version and
    arguments, the settings that choose the pairs, and the size and date of the corpus files
    (so models trained on the same data share them)."""
    settings = {name: getattr(cfg, name) for name in DATA_FIELDS}
    if "generated_sentences" not in cfg.augment and not cfg.tatoeba:  # then it changes nothing
        settings["generated_avoid"] = ()  # (and keys made before its default listed a file hold)
    if cfg.fixed_phrase_repeats == 1:  # the draw as before this setting: keys made then hold
        del settings["fixed_phrase_repeats"]
    if not cfg.tatoeba:  # then its settings change nothing (and keys made before them hold)
        settings = {name: v for name, v in settings.items() if not name.startswith("tatoeba")}
    files = [Path(name) for name in (cfg.corpus, *cfg.extra_corpora, cfg.tatoeba) if name]
    found = [f for path in files for f in (sorted(path.rglob("*")) if path.is_dir() else [path])]
    stamps = [(str(f), f.stat().st_size, f.stat().st_mtime_ns) for f in found if f.is_file()]
    key = json.dumps([VERSION, ARGS, settings, stamps], sort_keys=True, default=str)
    return PRIORS_DIR / f"{hashlib.sha256(key.encode()).hexdigest()[:16]}.priors"


def build_priors(cfg: TrainConfig, progress: Progress = _quiet) -> Path:
    """Align ``cfg``'s training pairs with eflomal and write priors from the links; returns
    their path (:func:`priors_path`). Minutes: the pairs are rebuilt, then aligned both ways."""
    target = priors_path(cfg)
    bin_dir = ensure_installed(progress)
    progress("rebuilding the training pairs")
    pairs = training_texts(cfg)
    progress(f"aligning {len(pairs)} training pairs both ways")
    with tempfile.TemporaryDirectory(prefix="eflomal-") as folder:
        work = _run(bin_dir, pairs, Path(folder))
        progress("writing the priors")
        partial = target.with_suffix(".partial")
        partial.parent.mkdir(parents=True, exist_ok=True)
        command = [
            str(bin_dir / "eflomal-makepriors"), "-s", str(work / "source.txt"),
            "-t", str(work / "target.txt"), "-f", str(work / "forward.txt"),
            "-r", str(work / "reverse.txt"), "-p", str(partial),
        ]  # fmt: skip
        done = subprocess.run(command, capture_output=True, text=True)
        if done.returncode:
            raise EflomalError(f"eflomal-makepriors failed: {done.stderr.strip()[-300:]}")
    partial.replace(target)  # a killed build never leaves half a priors file under the name
    return target


def align_sentence(source: Sequence[str], target: Sequence[str], priors: Path) -> Links:
    """eflomal's links for one pair of token lists, with ``priors`` (from :func:`build_priors`)."""
    if not source or not target:
        return Links([frozenset()], [frozenset()])

    def line(tokens: Sequence[str]) -> str:  # one token per position, whatever it spells
        return " ".join("".join(token.split()) or "_" for token in tokens)

    return align_corpus([(line(source), line(target))], priors)
