#!/usr/bin/env bash
# Reproduce the shipped models of one direction from a fresh clone (see checkpoints/README.md).
# Needs: apt-get install -y trans-de-en; pip install -r requirements.txt. On a CPU, also
# apt-get install -y libtcmalloc-minimal4 (optional; see ALLOCATOR below).
#
# Recipe base.json: sentences x2 + phrases + pairs made from Ding's slash alternatives and
# conjugated forms (train only), an 8,000-piece joint vocabulary, 12,000 updates of <= 4,000
# padded tokens (~2,600 target tokens) each, bf16 forward pass, probe attention recorded at every
# evaluation; then each run's shipped weights are chosen on dev (`nmt_core average`: best
# checkpoint or mean of the last snapshots).
# Timings: the model card.
#
# DEVICE=cuda|cpu|auto picks the device; PARALLEL=4 runs all four at once (GPU), default 2;
# THREADS=2 gives each run two torch threads (default: the recipe's one; with PARALLEL=1 on a
# 2-core CPU, THREADS=2 ends each model 1.5-2x sooner, by the CPU);
# RECIPE=file.json trains another recipe (default checkpoints/recipes/base.json; the shipped
# models were trained from scratch on checkpoints/recipes/everyday.json: base + 20,000
# generated everyday pairs, the mix its pilot chose); RUNS=dir;
# MODELS="additive dot" trains some of them.
# DIRECTION=en-de trains the English->German models (default RUNS=runs-en-de): the same recipe,
# data read the other way, the probe sentences of tests/fixtures/alignment_en_de, and the same
# joint German+English vocabulary (TOKENIZER=file.model reuses one already built).
# INIT=folder-{} fine-tunes each model from the checkpoint it names, {} read as the model's name
# (the model card's "Reproduce": the shipped models fine-tuned with RECIPE=
# checkpoints/recipes/everyday_finetune_80k.json from their first step, INIT=PARENTS/de-en-{}).
# Re-running resumes every unfinished run from its last checkpoint.
# ALLOCATOR=file.so is preloaded into each training (default: gperftools' tcmalloc where
# installed; ALLOCATOR= uses glibc's). With glibc's malloc a CPU run fragments its heap: the
# fine-tuning recipe's RSS grows from about 2.4 GB to 8.7 GB over 3,000 updates, so a third
# run overflows a 24 GiB machine; with tcmalloc it stays near its start (docs/model-history.md).
# The weights are unchanged: byte-identical after 600 updates with either.
set -euo pipefail
cd "$(dirname "$0")/../.."
DIRECTION=${DIRECTION:-de-en}
RUNS=${RUNS:-runs$([ "$DIRECTION" = de-en ] || echo "-$DIRECTION")}
DEVICE=${DEVICE:-auto}
PARALLEL=${PARALLEL:-2}
RECIPE=${RECIPE:-checkpoints/recipes/base.json}
TOKENIZER=${TOKENIZER:-$RUNS/spm-de-en.model}
PROBES=tests/fixtures/alignment_${DIRECTION/-/_}/probe.tsv
TCMALLOC=$(find /usr/lib /usr/lib64 -name libtcmalloc_minimal.so.4 2>/dev/null | head -n 1)
ALLOCATOR=${ALLOCATOR-$TCMALLOC}
PRELOAD=$ALLOCATOR${ALLOCATOR:+${LD_PRELOAD:+:}}${LD_PRELOAD-}
mkdir -p "$RUNS"
[ -f "$TOKENIZER" ] ||
  python -m nmt_core tokenizer --config "$RECIPE" --output "$TOKENIZER"

train() {  # name, then model flags; ends with RUNS/NAME/averaged, the checkpoint to ship
  local name=$1
  shift
  LD_PRELOAD=$PRELOAD nice -n 19 python -m nmt_core train --config "$RECIPE" \
    --tokenizer "$TOKENIZER" --direction "$DIRECTION" --probes "$PROBES" --device "$DEVICE" \
    --output-dir "$RUNS/$name" \
    ${THREADS:+--threads "$THREADS"} ${INIT:+--init-checkpoint "${INIT//\{\}/$name}"} \
    --resume "$@" >>"$RUNS/$name.log" 2>&1
  # The same rule for every model: best checkpoint or mean of the last k snapshots, on dev
  # (to choose again: delete RUNS/NAME/averaged and run this again).
  [ -d "$RUNS/$name/averaged" ] || nice -n 19 python -m nmt_core average --run "$RUNS/$name" \
    --device "$DEVICE" >>"$RUNS/$name.log" 2>&1
}

running=0
# name -> scorer decoder [flags]: the additive scorer with Nematus' conditional GRU (its query
# has read the word just written), Luong's two multiplicative scorers, no attention, and last the
# additive scorer on Luong's decoder (query s_t: three scorers on one decoder, for Compare), and
# the additive scorer with the paper's own decoder (query s_{t-1}), a contrast trained only when
# MODELS names it (not shipped: docs/model-history.md). Every model with attention also has
# the lexical shortcut (--lexical; docs/model-history.md says why); the model
# without attention has no weights to average embeddings by, so no shortcut.
MODELS=${MODELS:-"additive general dot none additive-luong"}
declare -A SPEC=(
  [additive]="additive conditional --lexical" [general]="general luong --lexical"
  [dot]="dot luong --lexical" [none]="none bahdanau"
  [additive-luong]="additive luong --lexical" [additive-bahdanau]="additive bahdanau --lexical"
)
for name in $MODELS; do
  read -r scorer decoder flags <<<"${SPEC[$name]}"
  # shellcheck disable=SC2086  # flags: zero or more words
  train "$name" --scorer "$scorer" --decoder "$decoder" $flags &
  running=$((running + 1))
  if [ "$running" -ge "$PARALLEL" ]; then
    wait -n
    running=$((running - 1))
  fi
done
wait
