"""Speed of the library on this machine: translation latency and throughput, training throughput.

    python bench/core_speed.py                       # random-weight models of the shipped size
    python bench/core_speed.py --checkpoint checkpoints/de-en-additive --threads 1 \
        --parts translate batch                      # a trained model only

Parts (``--parts``, default all; the first two need ``--checkpoint``):

    translate  median and p95 over repeated single-sentence calls for 5-, 20- and 50-piece
               sources: ``translate()`` (greedy, attention and top-k kept, as the dashboard
               calls it) and text-only ``translate_texts([sentence])``
    batch      sentences/s of ``translate_texts`` (greedy and beam 5) over --batch-sentences
               sentences of tests/fixtures/everyday_de_en.tsv, repeated
    random     ``greedy_search`` latency with random weights; the output is capped at the
               source length so every call decodes as many steps as it reads
    training   target tokens/s of training steps (forward, backward, Adam) for a ~6M-parameter
               model on batches of ~2000 target tokens, in each ``--precision`` (default fp32
               and bf16: whether ``train --precision bf16`` pays on this CPU; it does on some
               CPUs with AVX512-BF16 and is slower on others: checkpoints/README.md, "bf16
               training")
    cache      matrix-vector GB/s by working-set size, one thread: where the weights read at
               every decoder step stop fitting in the cache this core gets (with --checkpoint,
               also that model's MB read per step)

Prints figures; asserts nothing.
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # run from anywhere, no install

import argparse
import json
import random
import statistics
import time

import torch

from nmt_core.checkpoint import Checkpoint, load_checkpoint
from nmt_core.decoding.batching import collate, pad_batch
from nmt_core.decoding.search import greedy_search
from nmt_core.learning.loss import batch_loss
from nmt_core.network.config import DecodeConfig, ModelConfig
from nmt_core.network.device import device_mixed_precision, prepare_training_process
from nmt_core.network.model import build_model, parameter_count
from nmt_core.translate import translate, translate_texts

LENGTHS = (5, 20, 50)
PARTS = ("translate", "batch", "random", "training", "cache")
CACHE_SIZES_MIB = (4, 8, 12, 16, 18, 20, 22, 24, 28, 32, 48)
ROOT = Path(__file__).resolve().parents[1]
FIXTURE = ROOT / "tests/fixtures/everyday_de_en.tsv"


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def time_calls(call, repeats: int) -> list[float]:
    call()  # warm-up
    times = []
    for _ in range(repeats):
        start = time.perf_counter()
        call()
        times.append(1000 * (time.perf_counter() - start))
    return times


def probe_sentences(checkpoint: Checkpoint) -> dict[int, str]:
    """One German sentence per length in LENGTHS, of at most n pieces including </s>."""
    words = "der Hund die Katze sieht schläft im Garten und das Haus ist groß".split()  # noqa: SIM905
    rng = random.Random(0)
    sentences = {}
    for n in LENGTHS:
        sentence = " ".join(rng.choice(words) for _ in range(n)).capitalize() + "."
        while len(checkpoint.tokenizer.encode(sentence)) > n - 1:  # n pieces including </s>
            sentence = " ".join(sentence.split()[:-1]) + "."
        sentences[n] = sentence
    return sentences


def print_latency(label: str, times: list[float]) -> None:
    print(
        f"{label}: median {statistics.median(times):6.1f} ms, p95 {percentile(times, 0.95):6.1f} ms"
    )


def latency_trained(checkpoint: Checkpoint, repeats: int) -> None:
    model, tokenizer = checkpoint.model, checkpoint.tokenizer
    for sentence in probe_sentences(checkpoint).values():
        result = translate(checkpoint, sentence)
        shape = f"src {len(result.source_pieces):3d} pieces -> {len(result.target_pieces):3d} steps"
        full = time_calls(lambda s=sentence: translate(checkpoint, s), repeats)
        print_latency(f"translate() greedy        {shape}", full)
        text = time_calls(lambda s=sentence: translate_texts(model, tokenizer, [s]), repeats)
        print_latency(f"translate_texts([1]) text {shape}", text)


def batch_throughput(checkpoint: Checkpoint, count: int, repeats: int) -> None:
    """Sentences/s of batched, text-only translation (what BLEU evaluation runs), median run."""
    lines = FIXTURE.read_text(encoding="utf-8").splitlines()
    sources = [lines[i % len(lines)].split("\t")[0] for i in range(count)]
    model, tokenizer = checkpoint.model, checkpoint.tokenizer
    for beam in (1, 5):
        config = DecodeConfig(beam_size=beam)
        times = time_calls(lambda c=config: translate_texts(model, tokenizer, sources, c), repeats)
        seconds = statistics.median(times) / 1000
        print(
            f"translate_texts beam {beam}: {count} sentences, median of {repeats} runs "
            f"{seconds:6.2f} s = {count / seconds:6.1f} sentences/s"
        )


def latency_random(config: ModelConfig, repeats: int) -> None:
    torch.manual_seed(0)
    model = build_model(config).eval()
    for n in LENGTHS:
        ids = [random.randrange(4, config.vocab_size) for _ in range(n - 1)] + [config.eos_id]
        src, mask = pad_batch([ids], config.pad_id, torch.device("cpu"))
        decode = DecodeConfig(max_len_ratio=1.0, max_len_extra=0)
        steps = len(greedy_search(model, src, mask, decode)[0].tokens)
        times = time_calls(lambda s=src, m=mask, d=decode: greedy_search(model, s, m, d), repeats)
        print(
            f"greedy_search {config.scorer:8} src {n:3d} -> {steps:3d} steps: "
            f"median {statistics.median(times):6.1f} ms, p95 {percentile(times, 0.95):6.1f} ms"
        )


def training_throughput(config: ModelConfig, steps: int, precision: str) -> None:
    """Target tokens/s of training updates, autocast as ``train --precision`` sets it."""
    dtype = device_mixed_precision(precision, torch.device("cpu")).dtype
    torch.manual_seed(0)
    model = build_model(config).train()
    optimizer = torch.optim.Adam(model.parameters(), lr=1e-3)
    rng = random.Random(0)

    def example() -> tuple[list[int], list[int]]:
        n = rng.randint(6, 18)
        src = [rng.randrange(4, config.vocab_size) for _ in range(n)] + [config.eos_id]
        tgt = [rng.randrange(4, config.vocab_size) for _ in range(n + 1)] + [config.eos_id]
        return src, tgt

    batches = [
        collate([example() for _ in range(150)], 0, 2, torch.device("cpu")) for _ in range(steps)
    ]
    tokens, start = 0, 0.0
    for i, batch in enumerate(batches):
        if i == 2:  # two warm-up steps
            tokens, start = 0, time.perf_counter()
        with torch.autocast("cpu", dtype or torch.float32, enabled=dtype is not None):
            loss, n = batch_loss(model, batch, 0.1)
        optimizer.zero_grad()
        loss.backward()
        optimizer.step()
        tokens += n
    rate = tokens / (time.perf_counter() - start)
    millions = parameter_count(model) / 1e6
    print(
        f"training {config.scorer:8} {config.decoder:8} {millions:.1f}M params, {precision}: "
        f"{rate:7.0f} target tokens/s ({torch.get_num_threads()} threads)"
    )


def step_weight_mebibytes(model: torch.nn.Module) -> float:
    """MiB of weights a greedy decoder step reads: the decoder's, less what runs once per
    sentence (the initial-state bridge, the keys' projection U_a), plus the tied output layer."""
    once = ("decoder.bridge.", "decoder.attention.U_a.")
    decoder = sum(
        p.numel() * p.element_size()
        for name, p in model.named_parameters()
        if name.startswith("decoder.") and not name.startswith(once)
    )
    output = model.embedding.weight
    return (decoder + output.numel() * output.element_size()) / 2**20


def cache_bandwidth() -> None:
    """GB/s of x @ W over a set of 512 x 512 fp32 matrices of growing total size, one thread."""
    threads = torch.get_num_threads()
    torch.set_num_threads(1)
    x = torch.randn(1, 512)
    for megabytes in CACHE_SIZES_MIB:
        matrices = [torch.randn(512, 512) for _ in range(megabytes * 2**20 // (4 * 512 * 512))]
        times = time_calls(lambda m=matrices: [x @ w for w in m], 100)
        seconds = statistics.median(times) / 1000
        rate = megabytes * 2**20 / seconds / 1e9
        print(f"cache: {megabytes:3d} MiB of weights, {rate:5.1f} GB/s")
    torch.set_num_threads(threads)


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawTextHelpFormatter
    )
    parser.add_argument("--checkpoint", help="trained model for the translate and batch parts")
    parser.add_argument("--parts", nargs="+", choices=PARTS, default=PARTS)
    parser.add_argument("--repeats", type=int, default=30)
    parser.add_argument("--batch-sentences", type=int, default=200)
    parser.add_argument("--batch-repeats", type=int, default=3)
    parser.add_argument("--train-steps", type=int, default=12)
    parser.add_argument(
        "--precision", nargs="+", choices=("fp32", "bf16"), default=["fp32", "bf16"],
        help="the training part's autocast, as train --precision (default: both)",
    )  # fmt: skip
    parser.add_argument("--threads", type=int, default=0, help="torch threads (0 = default)")
    args = parser.parse_args()
    if args.threads:
        torch.set_num_threads(args.threads)
    print(f"torch {torch.__version__}, {torch.get_num_threads()} threads")
    checkpoint = load_checkpoint(args.checkpoint) if args.checkpoint else None
    if checkpoint and "translate" in args.parts:
        latency_trained(checkpoint, args.repeats)
    if checkpoint and "batch" in args.parts:
        batch_throughput(checkpoint, args.batch_sentences, args.batch_repeats)
    if "cache" in args.parts:
        if checkpoint:
            megabytes = step_weight_mebibytes(checkpoint.model)
            print(f"cache: a decoder step reads {megabytes:.1f} MiB of weights")
        cache_bandwidth()
    recipe = json.loads((ROOT / "checkpoints/recipes/base.json").read_text())["model"]
    shipped = ModelConfig.from_dict(recipe)  # the shipped sizes, read so they cannot drift
    six_million = ModelConfig(embed_size=256, hidden_size=640, attention_size=256)
    kinds = [
        {"scorer": "additive", "decoder": "bahdanau"},
        {"scorer": "general", "decoder": "luong"},
    ]
    if "random" in args.parts:
        for kind in kinds:
            latency_random(ModelConfig(**{**vars(shipped), **kind}), args.repeats)
    if "training" in args.parts:
        prepare_training_process(torch.device("cpu"), 0)  # glibc keeps freed memory, as in train
        for kind in kinds:
            config = ModelConfig(**{**vars(six_million), **kind})
            for precision in args.precision:
                training_throughput(config, args.train_steps, precision)


if __name__ == "__main__":
    main()
