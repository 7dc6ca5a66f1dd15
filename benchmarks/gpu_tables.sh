#!/usr/bin/env bash
# The JAX path's GPU tables in one command (README: benchmarks/RESULTS.md, "GPU").
#
#     bash benchmarks/gpu_tables.sh [OUTDIR]
#
# Runs, each under its own time limit so one slow step cannot take the rest:
# batch throughput (float32 / float64 against the exact path on the host's
# cores), the families table at GPU-sized batches, and the jitted training
# step (about 10 minutes in all on an H100). Prints to the terminal and writes OUTDIR/gpu_tables.log.
set -o pipefail
out=${1:-${OUT:-.}}
py=${PYTHON:-python3}
export PYTHONUNBUFFERED=1 PYTHONPATH=$PWD${PYTHONPATH:+:$PYTHONPATH}
log=$out/gpu_tables.log
step() {  # step SECONDS ARGS...: one benchmark, its wall time, its exit status
    local limit=$1; shift
    echo "== $* (limit ${limit}s)"
    local t0=$SECONDS
    timeout "$limit" "$py" "$@"
    echo "== exit $? after $((SECONDS - t0)) s"
}
{
    nvidia-smi --query-gpu=name,memory.total,driver_version --format=csv,noheader || true
    step 120 benchmarks/batch_throughput.py --batches 4096 32768 --exact-games 200
    step 80 benchmarks/jax_families.py --families 2p-32x32 3p-12x12x12 winloss-24 --batch 256 --repeat 2
    step 60 benchmarks/training_step.py --dtype-ab --pops 4096
    step 200 benchmarks/training_step.py --pops 1024 --gens 10
    # The exact path rates the same games one by one on the host: about 60 s for 4,096 of 2P 10 x 10.
    step 120 benchmarks/jax_families.py --families 2p-10x10 3p-6x6x6 --batch 2048 --repeat 2
} 2>&1 | tee "$log"
