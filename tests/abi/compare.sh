#!/bin/sh
# ABI comparison behind "make abi-check" (see mk/abi.mk, docs/ABI.md).
#
#   sh tests/abi/compare.sh BASELINE.abi NEW.abi HEADERS_DIR
#
# Both files are abidw dumps made with the same flags (mk/abi.mk).  Exit
# status: 0 compatible (identical, or only additions), 1 incompatible,
# 2 abidiff could not compare.  The abidiff to use may be given in $ABIDIFF.
#
# abidiff's own exit status is a bit mask: 1 error, 2 usage error, 4 ABI
# change, 8 incompatible change (a function or variable removed, and, in
# libabigail 2.x, a change to an existing type that no function reaches).
# The bit 4 alone also covers changed functions and changed struct layouts,
# which are just as incompatible for a C library, and additions.  So the
# verdict comes from a run with --no-added-syms, in which added functions
# do not count:
#   - bit 8 set                          -> incompatible;
#   - bit 4 set, and the report's summary lines count something removed or
#     changed                            -> incompatible;
#   - bit 4 set, and they count only added types (a new public enum, say,
#     which abidiff still reports under --non-reachable-types)
#                                        -> compatible;
#   - bit 4 set with no count to explain it -> incompatible (be safe).
# A second run, without --no-added-syms and with --harmless, is only for
# the report: it lists the additions, new enum members included (which
# abidiff otherwise files as harmless and does not show), and so tells
# whether the baseline should be refreshed.  Changes outside the public
# header stay filtered out, so edits to lib/ do not ask for a refresh.
set -u

if [ $# -ne 3 ]; then
    echo "usage: $0 BASELINE.abi NEW.abi HEADERS_DIR" >&2
    exit 2
fi
base=$1
new=$2
hd=$3
abidiff=${ABIDIFF:-abidiff}

for f in "$base" "$new"; do
    if [ ! -f "$f" ]; then
        echo "abi-check: ERROR: $f: no such file" >&2
        exit 2
    fi
done

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT HUP INT TERM

# --non-reachable-types: the public enums (error codes, option keys, card
#   ranks, ...) are passed as int, so no function reaches them; without
#   this abidiff would not look at their values at all.
# --headers-dir1/2: only types defined in the public header count.  Types
#   reached through the opaque canasta_game/canasta_rules pointers are
#   defined in lib/internal.h and may change at will.
# --no-default-suppression: the same verdict on every machine, whatever
#   suppression file the installed libabigail ships.
set -- --no-default-suppression --non-reachable-types \
    --headers-dir1 "$hd" --headers-dir2 "$hd"

"$abidiff" "$@" --no-added-syms "$base" "$new" > "$tmp/strict" 2>&1
strict=$?
"$abidiff" "$@" --harmless "$base" "$new" > "$tmp/full" 2>&1
full=$?

if [ $((strict & 3)) -ne 0 ] || [ $((full & 3)) -ne 0 ]; then
    echo "abi-check: ERROR: abidiff failed (exit status $strict/$full):"
    cat "$tmp/strict"
    exit 2
fi

# Counts of the summary lines ("Functions changes summary: 0 Removed,
# 1 Changed (5 filtered out), 0 Added functions", "Unreachable types
# summary: ...").  "N filtered out" is what abidiff itself judged harmless
# or outside the public header, and is not counted.
counts=$(awk '
    /summary:/ {
        n = split($0, w, /[ ,()]+/)
        for (i = 1; i < n; i++) {
            if (w[i] !~ /^[0-9]+$/) continue
            k = tolower(w[i + 1])
            if (k ~ /^(removed|changed)/) bad += w[i]
            else if (k ~ /^added/) added += w[i]
        }
    }
    END { printf "%d %d\n", bad, added }' "$tmp/strict")
bad=${counts% *}
added=${counts#* }

verdict=ok
if [ $((strict & 8)) -ne 0 ]; then
    verdict=incompatible
elif [ $((strict & 4)) -ne 0 ]; then
    if [ "$bad" -gt 0 ] || [ "$added" -eq 0 ]; then
        verdict=incompatible
    fi
fi

if [ "$verdict" = incompatible ]; then
    cat "$tmp/full"
    echo "abi-check: FAIL: incompatible ABI change against $base"
    echo "abi-check: (abidiff exit status $strict; see the report above)"
    echo "abi-check: a public function was removed or changed, or a public"
    echo "abi-check: type, struct layout or enum value changed.  Programs built"
    echo "abi-check: against the baseline would break.  Undo the change, or see"
    echo "abi-check: docs/ABI.md (\"Intentional breaks\") if it is meant."
    exit 1
fi

if [ "$full" -ne 0 ]; then
    cat "$tmp/full"
    echo "abi-check: PASS: compatible additions only (new functions, types or enum members)"
    echo "abi-check: the baseline is out of date: refresh and commit it with"
    echo "abi-check:     make abi-dump && git add abi/libcanasta.abi"
    exit 0
fi

echo "abi-check: PASS: the ABI matches $base"
exit 0
