# Runner fixture: two passing checks.
echo "ok - fixture one"
echo "ok - fixture two"
