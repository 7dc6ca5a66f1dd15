#!/usr/bin/env bash
# Regenerates benchmark_output/ with HELM itself (nothing in it is hand-written).
# Offline: every scenario below builds its data in code, every model is HELM's
# deterministic SimpleClient.  Takes about a minute on 2 CPU cores.
#
# Environment used (Python 3.11.7):
#   python3 -m venv /tmp/helm-venv
#   /tmp/helm-venv/bin/pip install torch==2.13.0 torchvision==0.28.0 crfm-helm==0.5.16
#   (torch 2.13.0+cpu; torchvision 0.28.0 is the newest that accepts torch 2.13)
set -euo pipefail
cd "$(dirname "$0")"
export PATH="${HELM_VENV:-/tmp/helm-venv}/bin:$PATH"

rm -rf benchmark_output prod_env/cache

MODELS="simple/model1 local/echo-ctx160 local/echo-ctx230"
ENTRIES=()
for m in $MODELS; do
  ENTRIES+=(
    "dyck_language:num_parenthesis_pairs=2,model=$m"
    "dyck_language:num_parenthesis_pairs=3,model=$m"
    "synthetic_reasoning:mode=pattern_match,model=$m"
    "synthetic_reasoning_natural:difficulty=easy,model=$m"
  )
done
# simple1: HELM's debugging run spec (no run group, 3 train trials, no accuracy metric;
# its run spec fixes max_eval_instances=10, which --max-eval-instances does not override).
ENTRIES+=("simple1:model=simple/model1")

helm-run --run-entries "${ENTRIES[@]}" --suite v1 --max-eval-instances 5 \
  --local-path prod_env --output-path benchmark_output

# Default schema = schema_classic.yaml shipped in the crfm-helm wheel
# (helm/benchmark/static/schema_classic.yaml).
helm-summarize --suite v1 --local-path prod_env --output-path benchmark_output

# Drop caches only (not part of the output format).
rm -rf prod_env/cache benchmark_output/runs/v1/eval_cache benchmark_output/scenarios
rmdir benchmark_output/scenario_instances 2>/dev/null || true
