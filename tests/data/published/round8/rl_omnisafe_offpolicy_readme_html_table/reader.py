"""Independent reader for PKU-Alignment/omnisafe benchmarks/off-policy/README.md (stdlib only).

Board = Table 1 (<table id="compare_off_policy">), the comparison of OmniSafe's DDPG/TD3/SAC
with Tianshou and Stable-Baselines3. Models = the three implementations ("OmniSafe (Ours)",
"Tianshou", "Stable-Baselines3"); tasks = algorithm x environment ("DDPG SafetyAntVelocity-v1",
...), 3 x 6 = 18; score = the mean episode reward (the number before the "±"); higher is better.
The "± std" part is left out. Tables 2 (reward/cost of 9 algorithms under cost_limit=25) and the
figure tables are not read.
"""
import csv, os, re, sys
from html.parser import HTMLParser


class Table(HTMLParser):
    def __init__(self):
        super().__init__()
        self.rows, self.cell, self.span = [], None, 1

    def handle_starttag(self, tag, attrs):
        if tag == "tr":
            self.rows.append([])
        elif tag in ("td", "th"):
            self.cell, self.span = [], int(dict(attrs).get("colspan", 1))

    def handle_endtag(self, tag):
        if tag in ("td", "th") and self.cell is not None:
            text = " ".join("".join(self.cell).split())
            self.rows[-1].extend([text] * self.span)
            self.cell = None

    def handle_data(self, data):
        if self.cell is not None:
            self.cell.append(data)


def main(set_dir):
    text = open(os.path.join(set_dir, "raw/benchmarks/off-policy/README.md"), encoding="utf-8").read()
    start = text.index('<table id="compare_off_policy">')
    end = text.index("</table>", start)
    t = Table()
    t.feed(text[start:end])
    groups = t.rows[0]            # '', DDPG x3, TD3 x3, SAC x3
    impls = t.rows[1]             # 'Environment', OmniSafe (Ours), Tianshou, Stable-Baselines3, ...
    assert impls[0] == "Environment" and len(groups) == len(impls) == 10, (groups, impls)
    out = []
    for r in t.rows[2:]:
        env = r[0]
        for j in range(1, 10):
            m = re.match(r"\s*(-?\d+(?:\.\d+)?)\s*±", r[j])
            assert m, r[j]
            out.append((impls[j], f"{groups[j]} {env}", "reward", m.group(1), "true"))
    with open(os.path.join(set_dir, "expected.csv"), "w", newline="", encoding="utf-8") as f:
        w = csv.writer(f, lineterminator="\n")
        w.writerow(["model", "task", "metric", "score", "higher_is_better"])
        w.writerows(out)
    print(len(out), "rows")


if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else ".")
