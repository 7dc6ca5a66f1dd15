"""Independent reader for pangeo-data/WeatherBench README.md "## Leaderboard" (stdlib only).

| Model | Z500 RMSE (3 / 5 days) [m2/s2] | T850 RMSE (3 / 5 days) [K] | Notes | Reference |
Each score cell packs two lead times "A / B" (3 days / 5 days). The two climatology baselines give a
single number: a climatology forecast does not depend on lead time, so that number is the score at
both 3 and 5 days (see notes.md). RMSE: lower is better. Notes and Reference are not scores.
"""
import csv, os, re, sys

def clean(s):
    return re.sub(r"\*\*", "", s).strip()

def main(set_dir):
    lines = open(os.path.join(set_dir, "raw/README.md"), encoding="utf-8").read().split("\n")
    i = lines.index("## Leaderboard") + 1
    header = [clean(c) for c in lines[i].strip().strip("|").split("|")]
    assert header[0] == "Model" and header[1].startswith("Z500 RMSE (3 / 5 days)") and header[2].startswith("T850 RMSE (3 / 5 days)"), header
    out = []
    j = i + 2
    while j < len(lines) and lines[j].startswith("|"):
        parts = [clean(c) for c in lines[j].strip().strip("|").split("|")]
        model = parts[0]
        for var, v in (("Z500", parts[1]), ("T850", parts[2])):
            nums = [x.strip() for x in v.split("/")]
            for x in nums:
                float(x)
            if len(nums) == 1:
                nums = nums * 2
            assert len(nums) == 2, (model, v)
            for days, x in zip(("3 days", "5 days"), nums):
                out.append((model, "%s RMSE %s" % (var, days), "RMSE", x, "false"))
        j += 1
    with open(os.path.join(set_dir, "expected.csv"), "w", newline="", encoding="utf-8") as f:
        w = csv.writer(f, lineterminator="\n")
        w.writerow(["model", "task", "metric", "score", "higher_is_better"])
        w.writerows(out)
    print(len(out), "rows")

if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else ".")
