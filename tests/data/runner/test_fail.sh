# Runner fixture: one pass, one deliberate failure with its diagnostic.
echo "ok - fixture passes"
echo "not ok - fixture fails on purpose"
echo "#   diagnostic line 7f3a"
