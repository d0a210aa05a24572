#!/usr/bin/env bash
# Reproduce the four shipped German->English models from a fresh clone (see checkpoints/README.md).
# Needs: apt-get install -y trans-de-en; pip install -r requirements.txt.
# Each model trains on one CPU thread; two run at a time by default (RUNS=/path to keep them elsewhere).
# Re-running this script resumes every unfinished run from its last checkpoint.
set -euo pipefail
cd "$(dirname "$0")/../.."
RUNS=${RUNS:-runs}
RECIPE=checkpoints/recipes/base.json
mkdir -p "$RUNS"
[ -f "$RUNS/spm-de-en.model" ] || python -m nmt_core tokenizer --config "$RECIPE" --output "$RUNS/spm-de-en.model"
train() {  # name, then model flags
  local name=$1; shift
  nice -n 19 python -m nmt_core train --config "$RECIPE" --tokenizer "$RUNS/spm-de-en.model" \
    --output-dir "$RUNS/$name" --resume "$@" >>"$RUNS/$name.log" 2>&1
}
train additive --scorer additive --decoder bahdanau &
train general --scorer general --decoder luong &
wait
train dot --scorer dot --decoder luong &
train none --scorer none --decoder bahdanau &
wait
