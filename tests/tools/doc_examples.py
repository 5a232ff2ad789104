#!/usr/bin/env python3
"""doc_examples.py [--tier test|check] [--list] ROOT FILE.md...

Runs the shell examples of the documentation and compares their output,
so the docs cannot drift from the binary (README.md, docs/*.md).

An example is a fenced code block (```) whose first line starts with "$ ".
Every "$ " line is a command; the lines after it, up to the next "$ " line
or the block's end, are its expected output (stdout and stderr together).
Matching, line by line after trailing blanks are stripped:
  - a line "..." stands for any number of lines (none included);
  - every other line must be equal.
The commands of one block run in one POSIX shell, in order, in a scratch
directory holding links to the repository's benchmarks/, docs/, tests/ and
flows/ and an empty out/, with the directory of $NOCSYN (else the
repository's build/) first on PATH, so "nocsyn" is the binary under test.  A command's own status is not checked (blocks
show it with "echo $?" where it matters).

A comment line right before the block (blank lines allowed between) sets
how it runs:
  <!-- example: skip REASON -->   never run (REASON is required: a command
                                   that needs a cluster, a GUI, a long
                                   tool-chain run ...)
  <!-- example: check -->         run in the check tier only (slow)
  <!-- example: timeout N -->     seconds allowed (default 120)
Output: one "ok - FILE:LINE: COMMAND" or "not ok - ..." line per command
(with a diff below a failure), in file order.  --list prints the examples
and their modes instead.  --update rewrites, in the files, the documented
output of every failing command (a maintainer's tool: read the diff before
committing it); an elided output keeps its selection of lines, each
refreshed from the actual line with the same first word.  Exit status 0 (the test lines carry the verdict).
"""
import os
import re
import subprocess
import sys
import tempfile

MARK = re.compile(r'<!--\s*example:\s*(skip|check|timeout)\s*(.*?)\s*-->')


def blocks(path):
    """Yields (line_no, mode, timeout, [(cmd_line_no, cmd, [expected])])."""
    lines = open(path, encoding='utf-8').read().split('\n')
    i, pending = 0, []
    while i < len(lines):
        ln = lines[i]
        m = MARK.search(ln)
        if m:
            pending.append((m.group(1), m.group(2)))
            i += 1
            continue
        if ln.startswith('```'):
            j = i + 1
            body = []
            while j < len(lines) and not lines[j].startswith('```'):
                body.append(lines[j])
                j += 1
            if body and body[0].startswith('$ '):
                mode, timeout = 'test', 120
                for kind, arg in pending:
                    if kind == 'skip':
                        if not arg:
                            raise SystemExit('%s:%d: "example: skip" needs a reason' % (path, i + 1))
                        mode = 'skip'
                    elif kind == 'check' and mode != 'skip':
                        mode = 'check'
                    elif kind == 'timeout':
                        timeout = int(arg)
                cmds = []
                for k, b in enumerate(body):
                    if b.startswith('$ '):
                        cmds.append((i + 2 + k, b[2:], []))
                    else:
                        cmds[-1][2].append(b.rstrip())
                yield i + 1, mode, timeout, cmds
            pending = []
            i = j + 1
            continue
        if ln.strip():
            pending = []
        i += 1


def match(want, got):
    """1 when got (list of lines) matches want with '...' wildcards."""
    memo = {}

    def m(a, b):
        if (a, b) in memo:
            return memo[(a, b)]
        if a == len(want):
            r = b == len(got)
        elif want[a].strip() == '...':
            r = any(m(a + 1, k) for k in range(b, len(got) + 1))
        else:
            r = b < len(got) and want[a] == got[b] and m(a + 1, b + 1)
        memo[(a, b)] = r
        return r
    return m(0, 0)


def refresh(want, got):
    """The documented output brought up to date: without "...", the actual
    output; with it, the same selection of lines -- each documented line
    replaced by the next actual line with the same first word (a table's
    design name, a key), "..." wherever actual lines are left out."""
    if not any(w.strip() == '...' for w in want):
        return got
    keys = [w.split()[0] if w.split() else '' for w in want if w.strip() != '...']
    picked, at = [], 0
    for k in keys:
        for j in range(at, len(got)):
            if (got[j].split()[0] if got[j].split() else '') == k:
                picked.append(j)
                at = j + 1
                break
    out, prev = [], -1
    for j in picked:
        if j > prev + 1:
            out.append('...')
        out.append(got[j])
        prev = j
    if prev < len(got) - 1:
        out.append('...')
    return out


def run_block(root, cmds, timeout):
    """Runs the block's commands in one shell; returns each one's output lines."""
    work = tempfile.mkdtemp(prefix='docex.')
    for d in ('benchmarks', 'docs', 'tests', 'flows'):
        os.symlink(os.path.join(root, d), os.path.join(work, d))
    os.mkdir(os.path.join(work, 'out'))
    script = ['__docex_st=0']
    for k, (_, cmd, _) in enumerate(cmds):
        # the marker, then $? restored to the previous command's status
        script.append('printf "\\n@@docex %d@@\\n"; (exit $__docex_st)' % k)
        script.append('{ %s\n} 2>&1; __docex_st=$?' % cmd)
    env = dict(os.environ)
    # as a user's fresh shell: no make state of an enclosing `make check`
    # (MAKELEVEL would make an example's own make print "Entering directory")
    for k in ('MAKEFLAGS', 'MAKELEVEL', 'MFLAGS', 'MAKEOVERRIDES', 'MAKE_TERMOUT', 'MAKE_TERMERR'):
        env.pop(k, None)
    nocsyn = env.get('NOCSYN')  # the test runner's binary (an ASan build, say)
    bindir = os.path.dirname(os.path.abspath(nocsyn)) if nocsyn else os.path.join(root, 'build')
    env['PATH'] = bindir + os.pathsep + env.get('PATH', '')
    try:
        p = subprocess.run(['sh', '-c', '\n'.join(script)], cwd=work, env=env, stdout=subprocess.PIPE,
                           stderr=subprocess.STDOUT, timeout=timeout)
        text = p.stdout.decode('utf-8', 'replace')
    except subprocess.TimeoutExpired as e:
        text = (e.stdout or b'').decode('utf-8', 'replace') + '\n@@docex timeout@@'
    subprocess.run(['rm', '-rf', work])
    outs = [[] for _ in cmds]
    cur = None
    for ln in text.split('\n'):
        m = re.match(r'^@@docex (\d+)@@$', ln)
        if m:
            cur = int(m.group(1))
            continue
        if cur is not None:
            outs[cur].append(ln.rstrip())
    for o in outs:
        if o and o[-1] == '':
            o.pop()
    return outs, '@@docex timeout@@' in text


def main():
    args = sys.argv[1:]
    tier, listing, update = 'test', False, False
    while args and args[0].startswith('--'):
        if args[0] == '--tier':
            tier = args[1]
            args = args[2:]
        elif args[0] == '--list':
            listing = True
            args = args[1:]
        elif args[0] == '--update':
            update = True
            args = args[1:]
        else:
            raise SystemExit('usage: doc_examples.py [--tier test|check] [--list] ROOT FILE.md...')
    root, files = os.path.abspath(args[0]), args[1:]
    for f in files:
        rel = os.path.relpath(f, root)
        fixes = []
        for line, mode, timeout, cmds in blocks(f):
            if listing:
                print('%s:%d %s %s' % (rel, line, mode, cmds[0][1]))
                continue
            if mode == 'skip' or (mode == 'check') != (tier == 'check'):
                continue
            outs, timed_out = run_block(root, cmds, timeout)
            for (cl, cmd, want), got in zip(cmds, outs):
                name = '%s:%d: %s' % (rel, cl, cmd[:70])
                if timed_out and not got:
                    print('not ok - %s' % name)
                    print('#   timed out after %d s' % timeout)
                elif match(want, got):
                    print('ok - %s' % name)
                else:
                    print('not ok - %s' % name)
                    if update and not timed_out:
                        fixes.append((cl, len(want), refresh(want, got)))
                    import difflib
                    diff = list(difflib.unified_diff(want, got, 'documented', 'actual', lineterm='', n=1))
                    if len(diff) > 40:  # its head and its tail
                        diff = diff[:25] + ['(%d diff lines left out)' % (len(diff) - 40)] + diff[-15:]
                    for d in diff:
                        print('#   ' + d)
        if fixes:
            lines = open(f, encoding='utf-8').read().split('\n')
            for cl, n, got in sorted(fixes, reverse=True):
                lines[cl:cl + n] = got
            open(f, 'w', encoding='utf-8').write('\n'.join(lines))
            print('# %s: %d outputs rewritten' % (rel, len(fixes)))


if __name__ == '__main__':
    main()
