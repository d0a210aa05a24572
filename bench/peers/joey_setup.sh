#!/usr/bin/env bash
# Install Joey NMT 2.3.0 into its own virtual environment, so its pins never touch ours.
#
#     bash bench/peers/joey_setup.sh            # -> bench/out/joey-venv (git-ignored)
#     JOEY_VENV=/tmp/joey bash bench/peers/joey_setup.sh
#
# Idempotent: a venv whose joeynmt already imports is left as it is. Nothing of Joey's code is
# committed; this script is the only record of how it is installed. Workarounds for joeynmt 2.3.0
# on torch 2.13 (see bench/peers/compare.py for the config side):
#   - importlib_metadata: joeynmt imports it but does not declare it;
#   - sentencepiece<0.2: joeynmt calls SentencePieceProcessor.SetVocabulary, gone in 0.2;
#   - torch==2.13.0 first, the CPU build (pip's find-links here hold it), so pip does not pull
#     a CUDA build in as joeynmt's "torch>=1.12" dependency.
set -euo pipefail

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
venv="${JOEY_VENV:-$root/bench/out/joey-venv}"
python="${PYTHON:-python3}"

if [[ -x "$venv/bin/python" ]] && "$venv/bin/python" -c "import joeynmt" 2>/dev/null; then
    echo "joeynmt already installed in $venv"
    exit 0
fi

mkdir -p "$(dirname "$venv")"
"$python" -m venv "$venv"
pip=("$venv/bin/python" -m pip install --quiet)
"${pip[@]}" --upgrade pip
"${pip[@]}" "torch==2.13.0"
"${pip[@]}" "joeynmt==2.3.0" importlib_metadata "sentencepiece<0.2"
"$venv/bin/python" -c "import joeynmt, torch; print('joeynmt', joeynmt.__version__, 'torch', torch.__version__)"
