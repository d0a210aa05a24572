"""Speed of the library on this machine: greedy translation latency and training throughput.

    python bench/core_speed.py                       # random-weight models of the shipped size
    python bench/core_speed.py --checkpoint checkpoints/de-en-additive

Latency: median and p95 over repeated ``translate()`` calls (greedy, attention and top-k kept)
for 5-, 20- and 50-token sources. With random weights the output is capped at the source length
so every call decodes as many steps as it reads. Throughput: target tokens/s of training steps
(forward, backward, Adam) for a ~6M-parameter model on batches of ~2000 target tokens.
Prints figures; asserts nothing.
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # run from anywhere, no install

import argparse
import random
import statistics
import time

import torch

from nmt_core.checkpoint import Checkpoint, load_checkpoint
from nmt_core.config import DecodeConfig, ModelConfig
from nmt_core.decode import greedy_search
from nmt_core.model import build_model, parameter_count
from nmt_core.training import batch_loss, collate
from nmt_core.translate import pad_batch, translate

LENGTHS = (5, 20, 50)


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


def latency_trained(checkpoint: Checkpoint, repeats: int) -> None:
    words = "der Hund die Katze sieht schläft im Garten und das Haus ist groß".split()  # noqa: SIM905
    rng = random.Random(0)
    for n in LENGTHS:
        sentence = " ".join(rng.choice(words) for _ in range(n)).capitalize() + "."
        while len(checkpoint.tokenizer.encode(sentence)) > n - 1:  # n pieces including </s>
            sentence = " ".join(sentence.split()[:-1]) + "."
        result = translate(checkpoint, sentence)
        times = time_calls(lambda s=sentence: translate(checkpoint, s), repeats)
        print(
            f"translate() greedy  src {len(result.source_pieces):3d} pieces -> "
            f"{len(result.target_pieces):3d} steps: median {statistics.median(times):6.1f} ms, "
            f"p95 {percentile(times, 0.95):6.1f} ms"
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


def training_throughput(config: ModelConfig, steps: int) -> None:
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
        loss, n = batch_loss(model, batch, 0.1)
        optimizer.zero_grad()
        loss.backward()
        optimizer.step()
        tokens += n
    rate = tokens / (time.perf_counter() - start)
    millions = parameter_count(model) / 1e6
    print(
        f"training {config.scorer:8} {config.decoder:8} {millions:.1f}M params: "
        f"{rate:7.0f} target tokens/s ({torch.get_num_threads()} threads)"
    )


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawTextHelpFormatter
    )
    parser.add_argument("--checkpoint", help="time translate() on this trained model")
    parser.add_argument("--repeats", type=int, default=30)
    parser.add_argument("--train-steps", type=int, default=12)
    parser.add_argument("--threads", type=int, default=0, help="torch threads (0 = default)")
    args = parser.parse_args()
    if args.threads:
        torch.set_num_threads(args.threads)
    print(f"torch {torch.__version__}, {torch.get_num_threads()} threads")
    shipped = ModelConfig(embed_size=256, hidden_size=256, attention_size=256)
    if args.checkpoint:
        latency_trained(load_checkpoint(args.checkpoint), args.repeats)
    for scorer, decoder in (("additive", "bahdanau"), ("general", "luong")):
        latency_random(
            ModelConfig(**{**vars(shipped), "scorer": scorer, "decoder": decoder}), args.repeats
        )
    six_million = ModelConfig(embed_size=256, hidden_size=640, attention_size=256)
    for scorer, decoder in (("additive", "bahdanau"), ("general", "luong")):
        config = ModelConfig(**{**vars(six_million), "scorer": scorer, "decoder": decoder})
        training_throughput(config, args.train_steps)


if __name__ == "__main__":
    main()
