#!/bin/sh
# The command-line behaviour every program shares (tools/cli.h): the
# installed tools canasta-replay and canasta-sim and the example programs.
#
#   sh tests/cli_test.sh CANASTA_H PROGRAM...
#
# For each PROGRAM: -h and --help print the same usage on stdout (exit 0,
# nothing on stderr); --version prints "NAME (libcanasta X.Y.Z)" with the
# version of CANASTA_H; an unknown option, a value given to an option
# that takes none, or an option's missing value is a usage error (exit 2,
# one line naming the problem and "Try 'NAME --help'." on stderr, nothing
# on stdout); after "--", "--help" is an operand, not the option.  Then,
# per program, "--opt=value" and "--opt value" give the same output, "--"
# lets an operand through, and progress lines go only to a terminal
# (canasta-sim and the ismcts example, the programs that print them).
# tests/replay_test.sh and tests/sim_test.sh test each tool's own work.
set -u

if [ $# -lt 2 ]; then
    echo "usage: $0 CANASTA_H PROGRAM..." >&2
    exit 2
fi
header=$1
shift

me=cli_test
. "$(dirname "$0")/cli_lib.sh"
exec < /dev/null # no run reads standard input

# MAJOR, MINOR and PATCH, in this order in the header
version=$(sed -n 's/^#define CANASTA_VERSION_[A-Z]* *\([0-9][0-9]*\)$/\1/p' \
    "$header" | paste -sd. -)
case $version in
    *.*.*) ;;
    *) echo "cli_test: cannot read the version from $header" >&2; exit 2 ;;
esac

for p in "$@"; do
    case $p in /*) prog=$p ;; *) prog=$(pwd)/$p ;; esac
    pname=$(basename "$p")
    usage_prog=$pname

    # ---- the same in every program ----
    if run "$pname-h" 0 -h; then
        test -s "$tmp/err" && fail "$pname -h: wrote to stderr"
        tests=$((tests + 1))
        head -n 1 "$tmp/out" | grep -q "^usage: $pname" ||
            fail "$pname -h: the first line is not \"usage: $pname ...\""
        cp "$tmp/out" "$tmp/short-help"
        run "$pname-help" 0 --help && same "$tmp/short-help" "$tmp/out" "$pname -h/--help"
        # the usage names -h, --help and --version
        expect "$tmp/out" "-h, --help" "$pname-help"
        expect "$tmp/out" "--version" "$pname-help"
    fi
    if run "$pname-version" 0 --version; then
        tests=$((tests + 1))
        [ "$(cat "$tmp/out")" = "$pname (libcanasta $version)" ] ||
            fail "$pname --version: \"$(cat "$tmp/out")\", expected \"$pname (libcanasta $version)\""
        test -s "$tmp/err" && fail "$pname --version: wrote to stderr"
    fi
    run "$pname-unknown" 2 --no-such-option &&
        expect "$tmp/err" "$pname: unknown option --no-such-option" "$pname-unknown"
    usage_error_ok "$pname-unknown"
    run "$pname-unknown-short" 2 -Q &&
        expect "$tmp/err" "$pname: unknown option -Q" "$pname-unknown-short"
    usage_error_ok "$pname-unknown-short"
    run "$pname-help-value" 2 --help=yes &&
        expect "$tmp/err" "$pname: --help takes no value" "$pname-help-value"
    usage_error_ok "$pname-help-value"
    # after "--", "--help" is an operand: no usage on stdout, a failure
    # (no program takes a FILE or a SEED of that name)
    tests=$((tests + 1))
    "$prog" -- --help > "$tmp/out" 2> "$tmp/err"
    got=$?
    [ "$got" -ne 0 ] || fail "$pname -- --help: exit 0, as if --help were the option"
    grep -q '^usage: ' "$tmp/out" && fail "$pname -- --help: printed the usage"

    # ---- each program's own options ----
    case $pname in
    canasta-sim)
        run sim-games-missing 2 --games && expect "$tmp/err" "--games needs a value" sim-games-missing
        usage_error_ok sim-games-missing
        run sim-eq 0 --games=3 --seed-from=9 --quiet
        cp "$tmp/out" "$tmp/eq"
        run sim-space 0 --games 3 --seed-from 9 --quiet && same "$tmp/eq" "$tmp/out" sim-eq-space
        expect "$tmp/eq" "seeds 9..11 (3 deals)" sim-eq
        run sim-operand 2 -- 5 && expect "$tmp/err" "unexpected argument \"5\"" sim-operand
        usage_error_ok sim-operand
        run sim-merge-unknown 2 merge --frobnicate && expect "$tmp/err" "canasta-sim merge: unknown option --frobnicate" sim-merge-unknown
        usage_prog="canasta-sim merge"
        usage_error_ok sim-merge-unknown
        run sim-merge-none 2 merge && expect "$tmp/err" "no FILE given" sim-merge-none
        usage_error_ok sim-merge-none
        usage_prog=$pname
        run sim-merge-help 0 merge --help && same "$tmp/short-help" "$tmp/out" sim-merge-help
        # progress lines: not on stderr when it is no terminal; on a
        # terminal (script(1) gives it one) every quarter of a second,
        # so the run is made long enough for a few even on a faster
        # machine (12000 games, about 1.3 s on one thread of the build
        # machine in 2026-12; 3000 had become a quarter of a second, and
        # the line sometimes did not come), and none with --quiet
        long="--games 12000 --threads 1"
        # shellcheck disable=SC2086
        run sim-no-terminal 0 $long
        grep -q "games (" "$tmp/err" && fail "canasta-sim: wrote progress to stderr, which is no terminal"
        if command -v script > /dev/null 2>&1 &&
           script -q -c true /dev/null > /dev/null 2>&1; then
            tests=$((tests + 2))
            script -q -c "\"$prog\" $long" /dev/null > "$tmp/tty" 2>&1
            tr '\r' '\n' < "$tmp/tty" | grep -q "^canasta-sim: [0-9]*/12000 games (" ||
                fail "canasta-sim: no progress line on a terminal"
            script -q -c "\"$prog\" $long --quiet" /dev/null > "$tmp/tty" 2>&1
            grep -q "games (" "$tmp/tty" && fail "canasta-sim --quiet: a progress line on a terminal"
        else
            echo "cli_test: script(1) missing: canasta-sim's progress line on a terminal is not tested"
        fi
        ;;
    canasta-replay)
        run replay-operand-dash-dash 2 -- --help &&
            expect "$tmp/err" "canasta-replay: --help: " replay-operand-dash-dash
        ;;
    demo)
        run demo-eq 0 --players=2 5
        cp "$tmp/out" "$tmp/eq"
        run demo-space 0 --players 2 5 && same "$tmp/eq" "$tmp/out" demo-eq-space
        run demo-dash-dash 0 --players 2 -- 5 && same "$tmp/eq" "$tmp/out" demo-dash-dash
        run demo-cluster 0 -v --players 2 5
        cp "$tmp/out" "$tmp/verbose"
        tests=$((tests + 1))
        [ "$(wc -l < "$tmp/verbose")" -gt "$(wc -l < "$tmp/eq")" ] ||
            fail "demo -v: no more output than without it"
        run demo-verbose-long 0 --verbose --players 2 5 && same "$tmp/verbose" "$tmp/out" demo-verbose-long
        run demo-players-missing 2 --players && expect "$tmp/err" "--players needs a value" demo-players-missing
        usage_error_ok demo-players-missing
        run demo-no-game 2 --players 5 && expect "$tmp/err" "there is no 5-player game" demo-no-game
        usage_error_ok demo-no-game
        run demo-two-seeds 2 5 6 && expect "$tmp/err" "one SEED only" demo-two-seeds
        usage_error_ok demo-two-seeds
        ;;
    ui_verdicts)
        run ui-seed 0 5
        cp "$tmp/out" "$tmp/eq"
        expect "$tmp/eq" "Game 5:" ui-seed
        run ui-dash-dash 0 -- 5 && same "$tmp/eq" "$tmp/out" ui-dash-dash
        run ui-bad-seed 2 5x && expect "$tmp/err" "the seed must be a number" ui-bad-seed
        usage_error_ok ui-bad-seed
        ;;
    score_pad)
        run score-pad 0
        run score-pad-operand 2 extra && expect "$tmp/err" "unexpected argument 'extra'" score-pad-operand
        usage_error_ok score-pad-operand
        ;;
    ismcts)
        short="--games 1 --iterations 8 --target 200 --threads 1"
        # shellcheck disable=SC2086
        run ismcts-space 0 $short
        # not a terminal: no progress line on stderr
        test -s "$tmp/err" && fail "ismcts: wrote progress to stderr, which is no terminal"
        head -n 2 "$tmp/out" > "$tmp/eq"
        run ismcts-eq 0 --games=1 --iterations=8 --target=200 --threads=1
        head -n 2 "$tmp/out" > "$tmp/got"
        same "$tmp/eq" "$tmp/got" ismcts-eq-space
        run ismcts-range 2 --games 0 && expect "$tmp/err" "--games takes a number" ismcts-range
        usage_error_ok ismcts-range
        # on a terminal (script(1) gives it one), the progress line shows
        if command -v script > /dev/null 2>&1 &&
           script -q -c true /dev/null > /dev/null 2>&1; then
            tests=$((tests + 1))
            script -q -c "\"$prog\" $short" /dev/null > "$tmp/tty" 2>&1
            grep -q "ismcts: 2/2 games" "$tmp/tty" ||
                fail "ismcts: no progress line on a terminal"
        else
            echo "cli_test: script(1) missing: the progress line on a terminal is not tested"
        fi
        ;;
    esac
done

finish
