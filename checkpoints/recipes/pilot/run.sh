#!/usr/bin/env bash
# The everyday issue's pilot: does a share of generated everyday pairs help? The shipped
# additive model's recipe (base.json's data, sizes and optimiser; the conditional GRU with the
# lexical shortcut, the shipped tokenizer) cut to 3,000 updates, once as it is (base.json) and
# once with 20,000 generated pairs (gen20k.json: --augment generated_sentences, the
# evaluation sentences avoided) and once with 60,000 (gen60k.json). Equal updates; the mix is
# read on the everyday fixture's even-numbered lines. Runs them in the background, niced and
# logged; re-running resumes. RUNS=dir (default runs-pilot/); NAMES="base gen20k" runs some
# (default all three); stop with SIGTERM (latest/ is saved).
set -euo pipefail
cd "$(dirname "$0")/../../.."
RUNS=${RUNS:-runs-pilot}
mkdir -p "$RUNS"
for name in ${NAMES:-base gen20k gen60k}; do
  nice -n 19 python -m nmt_core train --config "checkpoints/recipes/pilot/$name.json" \
    --tokenizer checkpoints/de-en-additive/spm.model --scorer additive --decoder conditional \
    --lexical --output-dir "$RUNS/$name" --resume >>"$RUNS/$name.log" 2>&1 &
done
wait
