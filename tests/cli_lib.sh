# cli_lib.sh - the helpers the command-line tests share (sourced by
# tests/replay_test.sh and tests/sim_test.sh after they set $prog, the
# program under test, and $me, their name for messages).
#
# Sets up $tmp (removed on exit) and the counters $tests and $failures,
# and defines:
#   fail MESSAGE                  count and print a failure
#   run NAME EXPECTED_STATUS ARGS...  run $prog ARGS (with the caller's
#                                 stdin), output in $tmp/out and
#                                 $tmp/err; 1 if the status is not
#                                 EXPECTED_STATUS
#   expect FILE TEXT NAME         FILE contains the fixed string TEXT
#   same A B NAME                 files A and B are equal
#   json_ok FILE                  FILE is well-formed JSON (python3 when
#                                 it is there, else the brackets balance)
#   usage_error_ok NAME           $tmp/err is a usage error: one line
#                                 "PROG: problem", then "Try 'PROG --help'."
#                                 (PROG: $usage_prog), and $tmp/out is empty
#   finish                        print the summary and exit 0 or 1

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT HUP INT TERM

failures=0
tests=0

fail() {
    echo "$me: FAIL: $*" >&2
    failures=$((failures + 1))
}

run() {
    name=$1
    want=$2
    shift 2
    tests=$((tests + 1))
    "$prog" "$@" > "$tmp/out" 2> "$tmp/err"
    got=$?
    if [ "$got" -ne "$want" ]; then
        fail "$name: exit status $got, expected $want"
        sed 's/^/    /' "$tmp/err" | head -20 >&2
        return 1
    fi
    return 0
}

expect() {
    tests=$((tests + 1))
    if ! grep -F -e "$2" "$1" > /dev/null; then
        fail "$3: no \"$2\" in the output"
        sed 's/^/    /' "$1" | head -5 >&2
    fi
}

same() {
    tests=$((tests + 1))
    if ! cmp -s "$1" "$2"; then
        fail "$3: the outputs differ"
        diff "$1" "$2" | head -10 >&2
    fi
}

json_ok() {
    if command -v python3 > /dev/null 2>&1; then
        python3 -c 'import json, sys; json.load(open(sys.argv[1]))' "$1"
    else
        [ "$(tr -cd '{' < "$1" | wc -c)" -eq "$(tr -cd '}' < "$1" | wc -c)" ] &&
            [ "$(tr -cd '[' < "$1" | wc -c)" -eq "$(tr -cd ']' < "$1" | wc -c)" ]
    fi
}

usage_error_ok() {
    tests=$((tests + 1))
    if [ "$(wc -l < "$tmp/err")" -ne 2 ] ||
       ! head -n 1 "$tmp/err" | grep -q "^$usage_prog: ." ||
       [ "$(sed -n 2p "$tmp/err")" != "Try '$usage_prog --help'." ]; then
        fail "$1: not a usage error's two lines on stderr"
        sed 's/^/    /' "$tmp/err" | head -5 >&2
    fi
    test -s "$tmp/out" && fail "$1: a usage error wrote to stdout"
}

finish() {
    if [ "$failures" -ne 0 ]; then
        echo "$me: $failures of $tests checks failed" >&2
        exit 1
    fi
    echo "$me: all $tests checks passed"
    exit 0
}
