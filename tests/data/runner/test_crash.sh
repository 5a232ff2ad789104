# Runner fixture: a script that dies without a failure line.
echo "ok - fixture before the crash"
echo "last words 51c2" >&2
exit 3
