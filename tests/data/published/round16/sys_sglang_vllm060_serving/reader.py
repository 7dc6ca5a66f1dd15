"""Independent reader for sglang benchmark/benchmark_vllm_060/README.md (standard library only).

The page has four markdown tables, each under a '## Online/Offline benchmark results' section and a
'### <model> <n> x <GPU>' heading. Rows are (RPS, Num prompts, Engine); the remaining columns are
metrics. The serving engine (SGLang / vLLM) is the system; the task is the model+hardware heading
plus the load condition (RPS, number of prompts). Bold markers (**x**) are emphasis only.

Directions: latencies (E2E latency, TTFT, TPOT, ITL) lower is better (the page says so for TTFT and
ITL; taken the same for E2E latency and TPOT); throughputs higher is better.
"""
import csv
import os

HERE = os.path.dirname(os.path.abspath(__file__))
SRC = os.path.join(HERE, "raw", "benchmark", "benchmark_vllm_060", "README.md")
OUT = os.path.join(HERE, "expected.csv")


def cells(line):
    s = line.strip().strip("|")
    return [c.strip() for c in s.split("|")]


def direction(metric):
    m = metric.lower()
    if "throughput" in m:
        return "true"
    if "latency" in m or "ttft" in m or "tpot" in m or "itl" in m:
        return "false"
    return "unknown"


def main():
    lines = open(SRC, encoding="utf-8").read().splitlines()
    section = sub = ""
    rows = []
    i = 0
    while i < len(lines):
        l = lines[i]
        if l.startswith("## "):
            section = l[3:].strip()
        elif l.startswith("### "):
            sub = l[4:].strip()
        elif l.startswith("|") and i + 1 < len(lines) and set(lines[i + 1].replace("|", "").strip()) <= set("-: "):
            header = cells(l)
            mode = "online" if section.lower().startswith("online") else "offline"
            i += 2
            while i < len(lines) and lines[i].startswith("|"):
                c = cells(lines[i])
                rec = dict(zip(header, c))
                rps = rec.get("RPS")
                nprompts = rec.get("Num prompts") or rec.get("Num Prompts")
                engine = rec["Engine"]
                task = f"{sub} | {mode} | RPS={rps}, prompts={nprompts}"
                for h, v in zip(header, c):
                    if h in ("RPS", "Num prompts", "Num Prompts", "Engine"):
                        continue
                    v = v.replace("**", "").strip()
                    rows.append([engine, task, h, v, direction(h)])
                i += 1
            continue
        i += 1
    with open(OUT, "w", newline="", encoding="utf-8") as f:
        w = csv.writer(f, lineterminator="\n")
        w.writerow(["model", "task", "metric", "score", "higher_is_better"])
        w.writerows(rows)
    print(f"wrote {len(rows)} rows")


if __name__ == "__main__":
    main()
