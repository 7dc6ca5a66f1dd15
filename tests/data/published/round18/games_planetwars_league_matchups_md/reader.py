"""Independent reader for jiangxinzhezhe/planet-wars-rts-gameAI results/ieee-cog-2025/league_matchups.md
@e8bb07a (stdlib only).

The page (written by app/src/main/python/league/compute_agent_matchups.py) holds:
  1. "## Summary (per agent)": | Agent | Total Wins | Total Games | Weighted Win % | Unweighted Win % |
     with the agent name as a Markdown link [name](file.md);
  2. one "## <agent>" section per agent with a head-to-head table
     | Opponent | Wins (P1) | Wins (P2) | Wins (Total) | Games | Win Rate % | and bold summary lines.
Reading: systems = the 33 agents; tasks = the league's two summary win rates (higher is better):
  Weighted Win % = 100 * total wins / total games; Unweighted Win % = mean of per-opponent win rates.
Total Wins / Total Games are counts (left out). The per-agent head-to-head sections are the pairwise
data behind the summary (documented in notes.md, not repeated here).
"""
import csv
import os
import re

HERE = os.path.dirname(os.path.abspath(__file__))
SRC = os.path.join(HERE, "raw", "results", "ieee-cog-2025", "league_matchups.md")
LINK = re.compile(r"^\[(.*?)\]\((.*?)\)$")


def cells(line):
    return [c.strip() for c in line.strip().strip("|").split("|")]


def main():
    lines = open(SRC, encoding="utf-8").read().splitlines()
    start = lines.index("## Summary (per agent)")
    table = []
    for line in lines[start + 1:]:
        if line.startswith("|"):
            table.append(cells(line))
        elif table:
            break
    header = table[0]
    out = []
    for row in table[2:]:
        m = LINK.match(row[0])
        agent = m.group(1) if m else row[0]
        for metric in ("Weighted Win %", "Unweighted Win %"):
            out.append([agent, metric, metric + " (league, all opponents)", row[header.index(metric)], "true"])
    with open(os.path.join(HERE, "expected.csv"), "w", newline="", encoding="utf-8") as f:
        w = csv.writer(f, lineterminator="\n")
        w.writerow(["model", "task", "metric", "score", "higher_is_better"])
        w.writerows(out)
    print(len(out), "rows")


if __name__ == "__main__":
    main()
