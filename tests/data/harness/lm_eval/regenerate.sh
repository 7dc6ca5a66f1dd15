#!/usr/bin/env bash
# Recreates every folder under outputs/ from scratch by running lm-evaluation-harness
# itself (`lm_eval --model dummy`) on the small local tasks in tasks/.
# Nothing under outputs/ is written by hand.
#
# Harness versions (pinned):
#   outputs/* except old_release/  lm-eval 0.4.13 on Python 3.11.7, no torch;
#                                  full pip freeze: requirements-lm-eval-0.4.13.txt
#   outputs/old_release/           lm-eval 0.4.2 (the last release before the
#                                  EvaluationTracker layout), torch 2.13.0 CPU,
#                                  transformers 4.39.3, datasets 2.18.0, numpy 1.26.4;
#                                  full pip freeze: requirements-lm-eval-0.4.2.txt
#
# Install (the script does this itself when a venv is missing):
#   python3 -m venv /tmp/lmeval-venv
#   /tmp/lmeval-venv/bin/pip install -r requirements-lm-eval-0.4.13.txt
#       (or just: pip install lm-eval==0.4.13)
#   python3 -m venv /tmp/lmeval-old-venv
#   /tmp/lmeval-old-venv/bin/pip install "$TORCH_WHEEL"     # a CPU torch 2.13.0 wheel
#   /tmp/lmeval-old-venv/bin/pip install -r requirements-lm-eval-0.4.2.txt
#
# Usage:  bash regenerate.sh [all|new|old]      (default: all)
#   LMEVAL_VENV, LMEVAL_OLD_VENV, TORCH_WHEEL override the defaults below.
#
# Everything runs offline (HF_*_OFFLINE=1) with a throw-away Hugging Face cache.
# Runs go one after the other, so every results file has its own timestamp.
# Cost: about 3 minutes of one CPU core per run that includes corpus_local
# (lm-eval draws 100,000 bootstrap samples of scikit-learn's MCC for its stderr;
# DISABLE_MULTIPROC=1 keeps that to one core) -- only outputs/shared/ does; the
# rest take seconds each.
#
# Notes on how the harness is driven:
# * The task YAMLs use `dataset_path: json` with relative `data_files`
#   (tasks/data/*.jsonl). `datasets` resolves relative data_files against the
#   current directory, so lm_eval is run from this folder (0.4.13) or from a
#   temporary folder holding a `tasks` symlink to this one (0.4.2).
# * The dummy model ignores --model_args, but the harness records them and takes
#   the model name (and output folder) from `pretrained=`. Its loglikelihoods are
#   random.random() draws, seeded by --seed; generate_until always answers "lol".
# * lm-eval 0.4.2 calls evaluate.load("exact_match") at import time, which needs
#   the Hugging Face hub. evaluate.load looks in ./exact_match/exact_match.py
#   first, so a small stand-in module is written to the temporary folder. The
#   old-release runs leave out gen_local (the only exact_match task), so the
#   stand-in computes nothing that lands in outputs/. They also leave out
#   local_group: 0.4.2 pushes a group's extra keys (aggregate_metric_list) into
#   each subtask's config and fails.
set -euo pipefail

HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
WHAT="${1:-all}"
LMEVAL_VENV="${LMEVAL_VENV:-/tmp/lmeval-venv}"
LMEVAL_OLD_VENV="${LMEVAL_OLD_VENV:-/tmp/lmeval-old-venv}"
TORCH_WHEEL="${TORCH_WHEEL:-/opt/wheels/torch-2.13.0+cpu-cp311-cp311-manylinux_2_28_x86_64.whl}"

WORK="$(mktemp -d /tmp/lmeval-regen.XXXXXX)"
trap 'rm -rf "$WORK"' EXIT

export HF_HOME="$WORK/hf" HF_DATASETS_CACHE="$WORK/hf/datasets"
export HF_DATASETS_OFFLINE=1 HF_HUB_OFFLINE=1 HF_EVALUATE_OFFLINE=1 TRANSFORMERS_OFFLINE=1
export TOKENIZERS_PARALLELISM=false DISABLE_MULTIPROC=1 PYTHONHASHSEED=0

OUT="$HERE/outputs"
ALL_TASKS="local_group ppl_local lambada_local gen_local"   # every task (local_group = mc_local + corpus_local)
LIGHT_TASKS="mc_local ppl_local lambada_local gen_local"   # every task but corpus_local (slow bootstrap)

ensure_new_venv() {
  if [ ! -x "$LMEVAL_VENV/bin/lm_eval" ]; then
    python3 -m venv "$LMEVAL_VENV"
    "$LMEVAL_VENV/bin/pip" install -r "$HERE/requirements-lm-eval-0.4.13.txt"
  fi
  "$LMEVAL_VENV/bin/python" -c 'import importlib.metadata as m; v = m.version("lm_eval"); assert v == "0.4.13", v'
}

ensure_old_venv() {
  if [ ! -x "$LMEVAL_OLD_VENV/bin/lm_eval" ]; then
    python3 -m venv "$LMEVAL_OLD_VENV"
    "$LMEVAL_OLD_VENV/bin/pip" install "$TORCH_WHEEL"
    "$LMEVAL_OLD_VENV/bin/pip" install -r "$HERE/requirements-lm-eval-0.4.2.txt"
  fi
  "$LMEVAL_OLD_VENV/bin/python" -c 'import importlib.metadata as m; v = m.version("lm_eval"); assert v == "0.4.2", v'
}

# run SEED MODEL_ARGS OUTPUT_PATH [extra lm_eval args...] -- TASK...
lm() {
  local seed="$1" margs="$2" opath="$3"; shift 3
  echo ">>> lm_eval seed=$seed model_args=$margs output_path=$opath $*" >&2
  (cd "$HERE" && "$LMEVAL_VENV/bin/lm_eval" run --model dummy --model_args "$margs" \
      --include_path tasks/ --seed "$seed" --output_path "$opath" "$@") \
      > "$WORK/last.log" 2>&1 || { cat "$WORK/last.log" >&2; exit 1; }
  grep -E '^\|' "$WORK/last.log" >&2 || true
}

new_release() {
  ensure_new_venv
  for d in shared per_model json_path split_runs rerun_no_samples limit revisions fewshot; do
    rm -rf "${OUT:?}/$d"
  done

  # a. three models, every task, one shared --output_path.
  lm 11 pretrained=org/model-a outputs/shared --log_samples --tasks $ALL_TASKS
  lm 12 pretrained=org/model-b outputs/shared --log_samples --tasks $ALL_TASKS
  lm 13 pretrained=org/model-c outputs/shared --log_samples --tasks $ALL_TASKS

  # b. one --output_path per model: results land two folders deep.
  lm 21 pretrained=org/model-a outputs/per_model/model-a --log_samples --tasks $LIGHT_TASKS
  lm 22 pretrained=org/model-b outputs/per_model/model-b --log_samples --tasks $LIGHT_TASKS
  lm 23 pretrained=org/model-c outputs/per_model/model-c --log_samples --tasks $LIGHT_TASKS

  # c. --output_path naming a .json file.
  lm 31 pretrained=org/model-a outputs/json_path/out.json --log_samples --tasks mc_local lambada_local

  # d. one model, two invocations with disjoint tasks, same --output_path.
  lm 41 pretrained=org/model-a outputs/split_runs --log_samples --tasks mc_local ppl_local
  lm 42 pretrained=org/model-a outputs/split_runs --log_samples --tasks lambada_local gen_local

  # e. with samples, then the same model and tasks again without --log_samples.
  lm 51 pretrained=org/model-a outputs/rerun_no_samples --log_samples --tasks mc_local lambada_local
  lm 52 pretrained=org/model-a outputs/rerun_no_samples --tasks mc_local lambada_local

  # f. --limit 5, then the full task, same seed, same --output_path.
  lm 61 pretrained=org/model-a outputs/limit --log_samples --limit 5 --tasks mc_local
  lm 61 pretrained=org/model-a outputs/limit --log_samples --tasks mc_local

  # g. same pretrained= at two revisions, same --output_path.
  lm 71 pretrained=org/model-a,revision=r1 outputs/revisions --log_samples --tasks mc_local
  lm 72 pretrained=org/model-a,revision=r2 outputs/revisions --log_samples --tasks mc_local

  # h. same model and task at 0 and 2 shots, same --output_path.
  lm 81 pretrained=org/model-a outputs/fewshot --log_samples --num_fewshot 0 --tasks mc_local
  lm 82 pretrained=org/model-a outputs/fewshot --log_samples --num_fewshot 2 --tasks mc_local
}

old_release() {
  ensure_old_venv
  rm -rf "${OUT:?}/old_release"
  mkdir -p "$OUT/old_release" "$WORK/old/exact_match"
  ln -s "$HERE/tasks" "$WORK/old/tasks"
  cat > "$WORK/old/exact_match/exact_match.py" <<'PY'
# Offline stand-in for the hub's `exact_match` metric script, so that
# lm-eval 0.4.2 can be imported without the Hugging Face hub.
import datasets
import evaluate
import numpy as np


class ExactMatch(evaluate.Metric):
    def _info(self):
        return evaluate.MetricInfo(
            description="exact match", citation="", inputs_description="",
            features=datasets.Features({"predictions": datasets.Value("string"),
                                        "references": datasets.Value("string")}),
        )

    def _compute(self, predictions, references, **kwargs):
        return {"exact_match": float(np.mean([p == r for p, r in zip(predictions, references)]))}
PY
  local tasks="mc_local,ppl_local,lambada_local"
  old() {
    local seed="$1" margs="$2" opath="$3"; shift 3
    echo ">>> lm_eval 0.4.2 seed=$seed model_args=$margs output_path=$opath $*" >&2
    (cd "$WORK/old" && "$LMEVAL_OLD_VENV/bin/lm_eval" --model dummy --model_args "$margs" \
        --include_path tasks/ --seed "$seed" --output_path "$opath" "$@") \
        > "$WORK/last.log" 2>&1 || { cat "$WORK/last.log" >&2; exit 1; }
    grep -E '^\|' "$WORK/last.log" >&2 || true
  }
  # a directory --output_path: results.json + <model_args>_<task>.jsonl beside it
  old 91 pretrained=org/model-a "$OUT/old_release/dir_output" --log_samples --tasks "$tasks"
  # a .json --output_path: that file + the samples in its folder
  old 92 pretrained=org/model-b "$OUT/old_release/named_json/model-b.json" --log_samples --tasks "$tasks"
}

case "$WHAT" in
  all) new_release; old_release ;;
  new) new_release ;;
  old) old_release ;;
  *) echo "usage: $0 [all|new|old]" >&2; exit 2 ;;
esac
echo "done: $(du -sh "$OUT" | cut -f1) in $OUT" >&2
