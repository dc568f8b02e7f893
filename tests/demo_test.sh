#!/bin/sh
# Tests of examples/demo, the game between reference players.
#
#   sh tests/demo_test.sh PATH/TO/examples/demo
#
# Every game (each preset, the default and another --opponent style) must
# end with exit 0 and a winner that follows S6: the column with the highest
# total, at or above the target the demo's first line states.  The same
# seed must print the same game (C7); a bad --opponent style is a usage
# error (exit 2, a message naming the knob and its range on stderr).
set -u

if [ $# -ne 1 ]; then
    echo "usage: $0 DEMO" >&2
    exit 2
fi
prog=$1
case $prog in /*) ;; *) prog=$(pwd)/$prog ;; esac

me=demo_test
. "$(dirname "$0")/cli_lib.sh"

# The final table ("  side N (...): TOTAL (reference player, ...)" or
# "  seat N: TOTAL (...)") against the "Winner:" line and the target.
check_winner() {
    awk -v name="$1" '
        NR == 1 { if (match($0, /target [0-9]+/)) target = substr($0, RSTART + 7, RLENGTH - 7) + 0 }
        /^Game over after / { final = 1; next }
        final && /^  (side|seat) [0-9]+.*: -?[0-9]+ \(reference player, / {
            col = $2 + 0
            t = $0; sub(/ \(reference player, .*$/, "", t); sub(/^.*: /, "", t)
            total[col] = t + 0; n++
        }
        /^Winner: (side|seat) [0-9]+\.$/ { w = $3; sub(/\./, "", w); winner = w + 0; have = 1 }
        END {
            if (!final || n < 2 || !have || target <= 0) {
                printf "%s: no final table, winner or target\n", name; exit 1
            }
            for (c in total)
                if (c != winner && total[c] >= total[winner]) {
                    printf "%s: column %d has %d, the winner %d only %d\n", name, c, total[c], winner, total[winner]; exit 1
                }
            if (total[winner] < target) {
                printf "%s: the winner has %d, below the target %d\n", name, total[winner], target; exit 1
            }
        }' "$tmp/out" || fail "$1: the winner does not follow S6"
}

for args in "1" "2 --players 2" "3 --players 3" "4 --players 6" \
            "5 --players 6 --sides 2" "6 --opponent greedy" \
            "7 --opponent go-out=2,wild-cards=0"; do
    # shellcheck disable=SC2086
    if run "demo $args" 0 $args; then
        test -s "$tmp/err" && fail "demo $args: wrote to stderr"
        check_winner "demo $args"
    fi
done

# The sides' styles are stated, as knobs away from their defaults.
if run "demo --opponent greedy" 0 8 --opponent greedy; then
    expect "$tmp/out" "side 0 (seats 0+2): reference player, default knobs" "greedy header"
    expect "$tmp/out" "side 1 (seats 1+3): reference player, take-pile=2,discard=1" "greedy header"
fi

# C7: the same seed, the same game, move by move (-v).
if run "demo 9 -v" 0 9 -v; then
    expect "$tmp/out" "    seat " "demo -v prints the moves"
    cp "$tmp/out" "$tmp/first"
    run "demo 9 -v again" 0 9 -v && same "$tmp/first" "$tmp/out" "demo 9 -v twice"
fi

# The style's errors: the knob, its range, nothing on stdout.
for bad in "go-out=7" "go-out=x" "nosuch=1" "discard" "random"; do
    if run "demo --opponent $bad" 2 --opponent "$bad"; then
        test -s "$tmp/out" && fail "demo --opponent $bad: wrote to stdout"
        expect "$tmp/err" "demo: --opponent:" "demo --opponent $bad"
    fi
done
run "demo --opponent go-out=7" 2 --opponent go-out=7 &&
    expect "$tmp/err" "go-out takes a number from 0 to 6" "the range of go-out"

finish
