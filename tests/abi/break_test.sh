#!/bin/sh
# Self-test of the ABI guard (make abi-check-selftest).
#
#   sh tests/abi/break_test.sh SRCDIR
#
# Copies the sources the library is built from, together with the
# committed baseline, into a temporary directory, and for each case below
# makes one change to a fresh copy, runs "make abi-check" there and checks
# the outcome:
#   unchanged                              passes, "matches"
#   a parameter type changed               fails  (abidiff)
#   a function removed                     fails  (abidiff)
#   an enum value changed                  fails  (abidiff)
#   a public struct's layout changed       fails  (abidiff)
#   a function, an enum and an enumerator added (header, definition, and
#   the map's node for a new release)      passes, asks for a refresh;
#                                          make abi-dump refreshes; then
#                                          abi-check passes, "matches"
#   a function of the frozen node CANASTA_1 moved to a newer node
#                                          fails  (abidiff)
#   a new function added to the released node CANASTA_1
#                                          fails  (frozen_nodes.sh), and
#                                          abi-dump refuses it
#   a function added to header and source but not to lib/canasta.map
#                                          fails  (check_symbols)
# and after the parameter change, that make abi-dump refuses to take the
# broken ABI as the new baseline unless ABI_ACCEPT_BREAK=1.
#
# Every edit is checked to have changed its file, so that the test fails
# loudly (rather than passing for the wrong reason) if the sources move
# on.  Each case is a full build of the library (about 2 s with -j2).
# Environment: MAKE (default make), JOBS (default 2), ABIDW, ABIDIFF, CC.
set -u

if [ $# -ne 1 ]; then
    echo "usage: $0 SRCDIR" >&2
    exit 2
fi
src=$(cd "$1" && pwd)
make=${MAKE:-make}
jobs=${JOBS:-2}

# The copy is built by a make of its own: nothing of the calling make's
# command line (srcdir=..., jobserver) may leak into it.
unset MAKEFLAGS MFLAGS MAKEOVERRIDES MAKELEVEL || :

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT HUP INT TERM

failures=0
cases=0
start=$(date +%s)

# The files the shared library and the ABI targets need, no build outputs.
pristine=$tmp/pristine
mkdir -p "$pristine/lib" "$pristine/mk" "$pristine/tests"
cp -R "$src/include" "$src/abi" "$pristine/" || exit 2
cp "$src/Makefile" "$pristine/" || exit 2
cp "$src/mk/abi.mk" "$pristine/mk/" || exit 2
cp "$src"/lib/*.c "$src"/lib/*.h "$src/lib/canasta.map" "$pristine/lib/" || exit 2
cp "$src/tests/check_symbols.sh" "$pristine/tests/" || exit 2
cp -R "$src/tests/abi" "$pristine/tests/" || exit 2

# fresh NAME: a new copy of the pristine tree in $tmp/NAME, as $work.
fresh() {
    work=$tmp/$1
    cp -R "$pristine" "$work"
}

# edit FILE SED-SCRIPT: apply a sed script to a file of $work; it must change it.
edit() {
    cp "$work/$1" "$work/$1.orig"
    sed "$2" "$work/$1.orig" > "$work/$1"
    if cmp -s "$work/$1" "$work/$1.orig"; then
        echo "break_test: the edit '$2' did not change $1;" \
             "the test is out of date with the sources" >&2
        exit 2
    fi
    rm -f "$work/$1.orig"
}

# before_cplusplus_end FILE TEXT: insert TEXT before the last
# "#ifdef __cplusplus" of the header (the one closing extern "C").
before_cplusplus_end() {
    printf '%s\n' "$2" > "$tmp/insert"
    awk -v insert="$tmp/insert" '
        { line[NR] = $0; if ($0 ~ /^#ifdef __cplusplus$/) last = NR }
        END {
            if (last == 0) exit 1
            for (i = 1; i <= NR; i++) {
                if (i == last)
                    while ((getline x < insert) > 0) print x
                print line[i]
            }
        }' "$work/$1" > "$work/$1.new" || {
        echo "break_test: no '#ifdef __cplusplus' in $1;" \
             "the test is out of date with the sources" >&2
        exit 2
    }
    mv "$work/$1.new" "$work/$1"
}

# run_make LOG TARGET [VAR=VALUE...]: make in $work, output to $work/LOG.
run_make() {
    log=$1; shift
    "$make" -C "$work" -j"$jobs" ${ABIDW:+ABIDW="$ABIDW"} \
        ${ABIDIFF:+ABIDIFF="$ABIDIFF"} ${CC:+CC="$CC"} "$@" \
        > "$work/$log" 2>&1
}

# verdict CONDITION-TEXT yes|no: count one case.
verdict() {
    cases=$((cases + 1))
    if [ "$2" = yes ]; then
        echo "ok   $name: $1"
    else
        echo "FAIL $name: $1"
        failures=$((failures + 1))
    fi
}

# expect pass|fail LOG [PATTERN]: the last make's status and output.
expect() {
    want=$1 log=$2 pattern=${3:-}
    cases=$((cases + 1))
    ok=yes
    if [ "$want" = pass ] && [ "$status" -ne 0 ]; then ok=no; fi
    if [ "$want" = fail ] && [ "$status" -eq 0 ]; then ok=no; fi
    if [ -n "$pattern" ] && ! grep -q "$pattern" "$work/$log"; then ok=no; fi
    if [ "$ok" = yes ]; then
        echo "ok   $name: $want${pattern:+ ($pattern)}"
    else
        echo "FAIL $name: expected $want${pattern:+ with \"$pattern\"}, make exited $status:"
        sed 's/^/    | /' "$work/$log" | tail -n 40
        failures=$((failures + 1))
    fi
}

# ---------------------------------------------------------------------
name="unchanged tree"
fresh unchanged
run_make check.log abi-check; status=$?
expect pass check.log "abi-check: PASS: the ABI matches"

name="parameter type changed (canasta_card_rank: int -> long)"
fresh param
edit include/canasta.h 's/^CANASTA_API int canasta_card_rank(int card);/CANASTA_API int canasta_card_rank(long card);/'
edit lib/cards.c 's/^CANASTA_API int canasta_card_rank(int card)$/CANASTA_API int canasta_card_rank(long card)/'
run_make check.log abi-check; status=$?
expect fail check.log "abi-check: FAIL: incompatible"

name="abi-dump refuses the broken ABI"
cp "$work/abi/libcanasta.abi" "$work/baseline.before"
run_make dump.log abi-dump; status=$?
expect fail dump.log "abi-dump: refusing"
unchanged=no
cmp -s "$work/abi/libcanasta.abi" "$work/baseline.before" && unchanged=yes
verdict "the baseline is left as it was" "$unchanged"

name="abi-dump ABI_ACCEPT_BREAK=1 takes it, then abi-check passes"
run_make dump2.log abi-dump ABI_ACCEPT_BREAK=1; status=$?
expect pass dump2.log "abi-dump: wrote"
run_make check2.log abi-check; status=$?
expect pass check2.log "abi-check: PASS: the ABI matches"

name="function removed (canasta_version_string)"
fresh removed
edit include/canasta.h '/^CANASTA_API const char \*canasta_version_string(void);/d'
edit lib/canasta.map '/^[ 	]*canasta_version_string;/d'
run_make check.log abi-check; status=$?
expect fail check.log "abi-check: FAIL: incompatible"

name="enum value changed (CANASTA_SPADES 3 -> 4)"
fresh enum
edit include/canasta.h 's/CANASTA_SPADES = 3/CANASTA_SPADES = 4/'
run_make check.log abi-check; status=$?
expect fail check.log "abi-check: FAIL: incompatible"

name="struct layout changed (canasta_group.count: uint8_t -> uint16_t)"
fresh layout
edit include/canasta.h 's/^    uint8_t count;$/    uint16_t count;/'
run_make check.log abi-check; status=$?
expect fail check.log "abi-check: FAIL: incompatible"

name="compatible additions (function, enum type, enumerator)"
fresh added
before_cplusplus_end include/canasta.h '/* break_test.sh: a compatible addition. */
enum canasta_abi_selftest { CANASTA_ABI_SELFTEST_ONE = 1 };
CANASTA_API int canasta_abi_selftest_added(int x);
'
edit include/canasta.h 's/^    CANASTA_PILE_EMPTY = 32$/    CANASTA_PILE_EMPTY = 32,\
    CANASTA_PILE_ABI_SELFTEST_ = 64/'
printf '\nCANASTA_API int canasta_abi_selftest_added(int x)\n{\n    return x + CANASTA_ABI_SELFTEST_ONE;\n}\n' >> "$work/lib/version.c"
# From 1.0 on a release's new functions get a node of their own
# (docs/ABI.md, "Adding functions").
# CANASTA_1.99: a node no release uses (the real map may already have a
# CANASTA_1.1, and a node name may appear only once).
printf '\nCANASTA_1.99 {\n    global:\n        canasta_abi_selftest_added;\n} CANASTA_1;\n' >> "$work/lib/canasta.map"
run_make check.log abi-check; status=$?
expect pass check.log "make abi-dump"

name="make abi-dump after the additions, then abi-check matches"
run_make dump.log abi-dump; status=$?
expect pass dump.log "abi-dump: wrote"
run_make check2.log abi-check; status=$?
expect pass check2.log "abi-check: PASS: the ABI matches"
listed=no
grep -q "canasta_abi_selftest_added" "$work/abi/libcanasta.abi" && listed=yes
verdict "the new function is in the refreshed baseline" "$listed"

name="a new function added to the released node CANASTA_1"
fresh frozen
before_cplusplus_end include/canasta.h 'CANASTA_API int canasta_abi_selftest_added(int x);'
printf '\nCANASTA_API int canasta_abi_selftest_added(int x)\n{\n    return x;\n}\n' >> "$work/lib/version.c"
edit lib/canasta.map 's/^\([ 	]*\)canasta_version_string;$/&\
\1canasta_abi_selftest_added;/'
run_make check.log abi-check; status=$?
expect fail check.log "added to the released version node CANASTA_1"
run_make dump.log abi-dump; status=$?
expect fail dump.log "abi-dump: refusing"

name="a frozen function moved to a newer node (canasta_version_string)"
fresh moved
edit lib/canasta.map '/^[ 	]*canasta_version_string;$/d'
printf '\nCANASTA_1.99 {\n    global:\n        canasta_version_string;\n} CANASTA_1;\n' >> "$work/lib/canasta.map"
run_make check.log abi-check; status=$?
expect fail check.log "abi-check: FAIL: incompatible"

name="function added but not listed in lib/canasta.map"
fresh unlisted
before_cplusplus_end include/canasta.h 'CANASTA_API int canasta_abi_selftest_added(int x);'
printf '\nCANASTA_API int canasta_abi_selftest_added(int x)\n{\n    return x;\n}\n' >> "$work/lib/version.c"
run_make check.log abi-check; status=$?
expect fail check.log "add it to the version script"

# ---------------------------------------------------------------------
end=$(date +%s)
echo "break_test: $cases checks in $((end - start)) s"
echo "break_test: $((cases - failures)) passed, $failures failed"
[ "$failures" -eq 0 ]
