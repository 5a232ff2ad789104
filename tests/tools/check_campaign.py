#!/usr/bin/env python3
"""Re-checks a collected nocsyn campaign from its written files alone.

usage: check_campaign.py DIR

Derives independently of nocsyn:
  - the job numbering from DIR/campaign.txt (apps outermost, then max-radix,
    freq, link-width, then methods followed by baselines), and checks every
    job's own summary.csv against it (freq_mhz, link_width, method);
  - that DIR/summary.csv holds exactly the jobs' rows, in job order, field
    for field (but pareto), with job, app and max_radix in front;
  - every app's Pareto front (among rows whose violations are empty: no
    other such row of the app at least as good in power_mw, latency_avg_ns
    (hops_avg without a clock), area_mm2 and radix_max and better in one);
  - pareto.csv = the summary rows on a front; report.md lists each front's
    job numbers and every skipped method.
Prints one line per failed check and exits 1, or prints "ok N rows".
"""
import csv
import os
import sys


def fail(msg):
    print("check_campaign: " + msg)
    sys.exit(1)


def canon(path):
    keys = {}
    apps = []
    for line in open(path):
        line = line.split("#")[0].strip()
        if not line:
            continue
        k, v = [s.strip() for s in line.split("=", 1)]
        if k == "app":
            apps.append(v)
        else:
            keys[k] = v
    return apps, keys


def items(keys):
    m = [] if keys["methods"] == "none" else keys["methods"].split(",")
    b = [] if keys["baselines"] == "none" else keys["baselines"].split(",")
    return m, b


def main():
    d = sys.argv[1]
    apps, keys = canon(os.path.join(d, "campaign.txt"))
    meth, base = items(keys)
    its = meth + base
    grid = lambda k: [float(x) for x in keys[k].split(",")]
    jobs = []
    for a in apps:
        for r in grid("max-radix"):
            for f in grid("freq"):
                for w in grid("link-width"):
                    for it in its:
                        jobs.append((a, int(r), f, w, it))
    lines = open(os.path.join(d, "jobs.txt")).read().splitlines()
    if len(lines) != len(jobs):
        fail("jobs.txt has %d lines, the description gives %d jobs" % (len(lines), len(jobs)))
    name = lambda p: os.path.splitext(os.path.basename(p))[0]
    expect = []
    skips = []
    for i, (a, r, f, w, it) in enumerate(jobs, 1):
        if not lines[i - 1].endswith(" %d" % i):
            fail("jobs.txt line %d does not run job %d" % (i, i))
        jd = os.path.join(d, "jobs", "%04d" % i)
        status = open(os.path.join(jd, "done")).read().splitlines()
        nd = int([s for s in status if s.startswith("designs ")][0].split()[1])
        skips += [(i, s[8:]) for s in status if s.startswith("skipped ")]
        if nd == 0:
            continue
        with open(os.path.join(jd, "summary.csv")) as fh:
            rows = list(csv.reader(fh))
        header = rows[0]
        col = {h: k for k, h in enumerate(header)}
        for row in rows[1:]:
            if float(row[col["freq_mhz"]]) != f or float(row[col["link_width"]]) != w:
                fail("job %d ran at %s MHz x %s bits, expected %g x %g" %
                     (i, row[col["freq_mhz"]], row[col["link_width"]], f, w))
            if row[col["method"]] != it:
                fail("job %d is %s, expected %s" % (i, row[col["method"]], it))
            expect.append([str(i), name(a), str(r)] + row)
        if len(rows) - 1 != nd:
            fail("job %d: %d rows, its done file says %d" % (i, len(rows) - 1, nd))
    with open(os.path.join(d, "summary.csv")) as fh:
        got = list(csv.reader(fh))
    if got[0] != ["job", "app", "max_radix"] + header:
        fail("summary.csv header " + ",".join(got[0]))
    body = got[1:]
    if len(body) != len(expect):
        fail("summary.csv has %d rows, the jobs %d" % (len(body), len(expect)))
    pc = 3 + col["pareto"]
    for g, e in zip(body, expect):
        if g[:pc] + g[pc + 1:] != e[:pc] + e[pc + 1:]:
            fail("summary.csv row of job %s differs from the job's own row" % g[0])
    hc = {h: k for k, h in enumerate(got[0])}

    def obj(row):
        lat = row[hc["latency_avg_ns"]] if float(row[hc["freq_mhz"]]) > 0 else row[hc["hops_avg"]]
        return [float(row[hc["power_mw"]]), float(lat), float(row[hc["area_mm2"]]), float(row[hc["radix_max"]])]

    # compare's front (README, compare): b beats a when no figure of b is
    # worse than a's by more than 1% (radix: 100%) of a's, and one is better
    # by more than that; of identical rows only the first counts.
    tol = [0.01, 0.01, 0.01, 1.0]
    front = []
    for i, a in enumerate(body):
        ok = a[hc["violations"]] == ""
        for j, b in enumerate(body):
            if not ok:
                break
            if j == i or b[1] != a[1] or b[hc["violations"]] != "":
                continue
            oa, ob = obj(a), obj(b)
            eps = [t * abs(x) for t, x in zip(tol, oa)]
            # identical: every figure within 0.1% (NOC_PARETO_SAME_REL, core.h)
            if j < i and all(abs(x - y) <= 1e-3 * max(abs(x), abs(y)) for x, y in zip(oa, ob)):
                ok = False
            if all(y <= x + e for x, y, e in zip(oa, ob, eps)) and any(y < x - e for x, y, e in zip(oa, ob, eps)):
                ok = False
        want = "true" if ok else "false"
        if a[hc["pareto"]] != want:
            fail("job %s %s: pareto %s, recomputed %s" % (a[0], a[hc["design"]], a[hc["pareto"]], want))
        if ok:
            front.append(a)
    with open(os.path.join(d, "pareto.csv")) as fh:
        par = list(csv.reader(fh))
    if par[0] != got[0] or par[1:] != front:
        fail("pareto.csv is not the summary rows on a front")
    md = open(os.path.join(d, "report.md")).read()
    for a in front:
        if "| %s | %s |" % (a[0], a[hc["design"]]) not in md:
            fail("report.md does not list job %s %s on its front" % (a[0], a[hc["design"]]))
    for i, s in skips:
        if "job %d %s" % (i, s.replace("|", "\\|")) not in md:
            fail("report.md does not list the skip of job %d" % i)
    print("ok %d rows, %d on fronts, %d skips" % (len(body), len(front), len(skips)))


main()
