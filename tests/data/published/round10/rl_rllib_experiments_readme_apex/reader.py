"""Independent reader for ray-project/rl-experiments README.md (stdlib only).

Board: the first table under "#### Ape-X Distributed Prioritized Experience Replay"
("Comparison of RLlib Ape-X to Async DQN after 10M time-steps (40M frames)").
Transposed: rows = Atari env, columns = agent/implementation; cells = episode reward (game score),
higher is better. "~6000" = approximate value read off Mnih et al. 2016 Figure 3: the number is kept.
All later tables (1-hour wall time, IMPALA/A2C, DQN, PPO, SAC, ...) are separate boards, not read.
"""
import csv, os, re, sys

def main(set_dir):
    lines = open(os.path.join(set_dir, "raw/README.md"), encoding="utf-8").read().split("\n")
    i = next(k for k, l in enumerate(lines) if l.startswith("#### Ape-X"))
    while not lines[i].startswith("|env|"):
        i += 1
    header = [c.strip() for c in lines[i].strip().strip("|").split("|")]
    out = []
    j = i + 2
    while j < len(lines) and lines[j].startswith("|"):
        parts = [c.strip() for c in lines[j].strip().strip("|").split("|")]
        env = parts[0]
        for model, v in zip(header[1:], parts[1:]):
            m = re.fullmatch(r"~?([0-9.]+)", v)
            assert m, (env, model, v)
            out.append((model, env, "episode reward", m.group(1), "true"))
        j += 1
    with open(os.path.join(set_dir, "expected.csv"), "w", newline="", encoding="utf-8") as f:
        w = csv.writer(f, lineterminator="\n")
        w.writerow(["model", "task", "metric", "score", "higher_is_better"])
        w.writerows(out)
    print(len(out), "rows")

if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else ".")
