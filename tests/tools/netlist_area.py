#!/usr/bin/env python3
"""Area of a mapped (hierarchical) Verilog netlist from a Liberty file,
independently of Yosys and nocsyn: every `area :` of every `cell (NAME)` of
the Liberty file, every instance of every module of the netlist, the
hierarchy expanded from the top module.  Prints the area in Liberty units.

usage: netlist_area.py LIBERTY NETLIST.v TOP [ATTR]

TOP may be `top/INST`: the module that module top instantiates as INST
(the characterized router r0: nocsyn_top/r0).  ATTR sums another simple
cell attribute instead of `area` (cell_leakage_power: the leakage in the
library's leakage_power_unit).
"""
import re
import sys


def liberty_areas(path, attr="area"):
    text = re.sub(r"/\*.*?\*/", "", open(path).read(), flags=re.S)
    areas, cell = {}, None
    for line in text.splitlines():
        m = re.match(r"\s*cell\s*\(\s*\"?([^\")\s]+)\"?\s*\)", line)
        if m:
            cell = m.group(1)
            continue
        m = re.match(r"\s*" + attr + r"\s*:\s*([0-9.eE+-]+)\s*;", line)
        if m and cell is not None and cell not in areas:
            areas[cell] = float(m.group(1))
    return areas


def modules(path, names=None):
    text = open(path).read()
    mods = {}
    for m in re.finditer(r"\bmodule\s+(\S+)\s*\((.*?)\bendmodule", text, flags=re.S):
        name, body = m.group(1), m.group(2)
        insts = {}
        # An instance: "TYPE NAME (" at the start of a statement; Yosys
        # writes escaped names (\$paramod...) ending in a blank.
        for im in re.finditer(r"^\s*(\\\S+|[A-Za-z_][\w$]*)\s+(\\\S+|[A-Za-z_][\w$]*)\s*\(", body, flags=re.M):
            typ = im.group(1)
            if typ in ("module", "input", "output", "wire", "reg", "assign", "inout"):
                continue
            insts[typ] = insts.get(typ, 0) + 1
            if names is not None:
                names[(name, im.group(2))] = typ
        mods[name] = insts
    return mods


def area(mod, mods, lib, memo):
    if mod in memo:
        return memo[mod]
    total = 0.0
    for typ, n in mods[mod].items():
        if typ in lib:
            total += n * lib[typ]
        elif typ in mods:
            total += n * area(typ, mods, lib, memo)
        else:
            sys.exit("netlist_area: cell %s is neither in the library nor a module" % typ)
    memo[mod] = total
    return total


def main():
    lib = liberty_areas(sys.argv[1], sys.argv[4] if len(sys.argv) > 4 else "area")
    names = {}
    mods = modules(sys.argv[2], names)
    top = sys.argv[3]
    if "/" in top:
        top = names[tuple(top.split("/", 1))]
    print("%.6f" % area(top, mods, lib, {}))


if __name__ == "__main__":
    main()
