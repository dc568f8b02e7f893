#!/bin/sh
# Tests of tools/canasta-replay on the records in examples/records and on
# deliberately broken copies of them.
#
#   sh tests/replay_test.sh PATH/TO/canasta-replay PATH/TO/examples/records
#
# Checks exit statuses (0 consistent, 1 illegal move or wrong event, 2
# usage, input or syntax error, 3 a seat's view), the "FILE:LINE:
# explanation" messages and the JSON output (every failure, usage errors
# and unreadable files included, as JSON on stdout with nothing on stderr
# once --json is given), and that the printed scores are those the
# record's own "= score" events state.  tests/cli_test.sh checks what all
# the programs share (--help, --version, "--", usage errors).
set -u

if [ $# -ne 2 ]; then
    echo "usage: $0 CANASTA_REPLAY RECORDS_DIR" >&2
    exit 2
fi
prog=$1
dir=$2
case $prog in /*) ;; *) prog=$(pwd)/$prog ;; esac

me=replay_test
usage_prog=canasta-replay
. "$(dirname "$0")/cli_lib.sh"

full=$dir/full-game.rec
deck=$dir/one-hand-custom-deck.rec
illegal=$dir/illegal-move.rec
view=$dir/seat-0-view.rec
for f in "$full" "$deck" "$illegal" "$view"; do
    if [ ! -f "$f" ]; then
        echo "replay_test: missing $f" >&2
        exit 1
    fi
done

# ---- consistent records ----
if run full-game 0 "$full"; then
    expect "$tmp/out" "hand" full-game
    expect "$tmp/out" "game over: side" full-game
    test -s "$tmp/err" && fail "full-game: wrote to stderr"
    # The table's totals are the record's own: for every hand, the total
    # after "= score side S ..." of that hand, side by side.
    awk '/^= score side / { t[$4] = $NF; if ($4 == 1) { print t[0], t[1] } }' \
        "$full" > "$tmp/want"
    awk '$1 ~ /^[0-9]+$/ && NF == 5 { print $3, $5 }' "$tmp/out" > "$tmp/got"
    if ! cmp -s "$tmp/want" "$tmp/got"; then
        fail "full-game: the totals differ from the record's score events"
        diff "$tmp/want" "$tmp/got" | head -5 >&2
    fi
    if [ "$(wc -l < "$tmp/got")" -lt 2 ]; then
        fail "full-game: fewer than two hands in the table"
    fi
fi
run custom-deck 0 "$deck" && expect "$tmp/out" "1 hand finished" custom-deck

# the games for two, three and six players (X2, X3, X6): each replays, and
# the table prints one column pair per side with the record's own totals
for v in two-players-hand:2 three-players-hands:3 \
         six-players-two-sides-hand:2 six-players-three-sides-hand:3; do
    name=${v%:*}
    sides=${v#*:}
    f=$dir/$name.rec
    if run "$name" 0 "$f"; then
        awk -v n="$sides" '/^= score side / { t[$4] = $NF
            if ($4 == n - 1) { line = t[0]; for (i = 1; i < n; i++) line = line " " t[i]; print line } }' \
            "$f" > "$tmp/want"
        awk -v n="$sides" '$1 ~ /^[0-9]+$/ && NF == 1 + 2 * n {
            line = $3; for (i = 2; i <= n; i++) line = line " " $(1 + 2 * i); print line }' \
            "$tmp/out" > "$tmp/got"
        if ! cmp -s "$tmp/want" "$tmp/got" || [ ! -s "$tmp/got" ]; then
            fail "$name: the totals differ from the record's score events"
            diff "$tmp/want" "$tmp/got" | head -5 >&2
        fi
    fi
done

# standard input, named "-" or not at all
run stdin-dash 0 - < "$deck" && expect "$tmp/out" "<stdin>" stdin-dash
run stdin-none 0 < "$deck"

# ---- an illegal move: FILE:LINE: rule ID and explanation ----
line=$(sed -n 's/^# on line \([0-9][0-9]*\) .*/\1/p' "$illegal")
if run illegal 1 "$illegal"; then
    expect "$tmp/err" "$illegal:$line: T1: " illegal
    test -s "$tmp/out" && fail "illegal: wrote to stdout"
fi
if run illegal-json 1 --json "$illegal"; then
    expect "$tmp/out" "\"ok\":false,\"error\":\"E_PHASE\",\"line\":$line,\"rule\":\"T1\"" illegal-json
fi

# ---- a seat's view cannot be checked: exit 3, not the 1 of a wrong record ----
vline=$(grep -n '^view ' "$view" | cut -d: -f1)
run view 3 "$view" && expect "$tmp/err" "$view:$vline: this is seat 0's view" view
run view-json 3 --json "$view" &&
    expect "$tmp/out" "\"ok\":false,\"error\":\"E_HIDDEN\",\"line\":$vline,\"rule\":null," view-json

# ---- JSON of a consistent record ----
if run full-json 0 --json "$full"; then
    expect "$tmp/out" "{\"file\":\"$full\",\"ok\":true,\"hands\":[{\"hand\":1,\"sides\":[{\"side\":0,\"melded\":" full-json
    expect "$tmp/out" "\"game_over\":true,\"winner\":" full-json
fi

# ---- broken copies ----
# a wrong event: the first card drawn becomes another one
n=$(grep -n '^= [0-9] drew ' "$full" | head -1 | cut -d: -f1)
awk -v n="$n" 'NR == n { if ($4 == "Jk") $4 = "4c"; else $4 = "Jk" } { print }' \
    "$full" > "$tmp/wrong-event.rec"
if run wrong-event 1 "$tmp/wrong-event.rec"; then
    expect "$tmp/err" "wrong-event.rec:$n: expected '" wrong-event
fi
# "??" in an event stands for any card
awk -v n="$n" 'NR == n { $4 = "??" } { print }' "$full" > "$tmp/hidden-event.rec"
run hidden-event 0 "$tmp/hidden-event.rec"
# a move that is not notation: exit 2
n=$(grep -n ' discard ' "$full" | head -1 | cut -d: -f1)
awk -v n="$n" 'NR == n { $3 = "11h" } { print }' "$full" > "$tmp/bad-card.rec"
if run bad-card 2 "$tmp/bad-card.rec"; then
    expect "$tmp/err" "bad-card.rec:$n: " bad-card
    expect "$tmp/err" "\"11h\" is not a card" bad-card
fi
run bad-card-json 2 --json "$tmp/bad-card.rec" && expect "$tmp/out" "\"error\":\"E_SYNTAX\",\"line\":$n," bad-card-json
# impossible start values (a save's checks, S5): totals beyond the
# +-1000000000 the engine's sums allow, refused when read: exit 2
n=$(grep -n '^dealer ' "$deck" | head -1 | cut -d: -f1)
awk -v n="$n" '{ print } NR == n { print "start-totals 0 -2147483500" }' \
    "$deck" > "$tmp/start-totals.rec"
n=$((n + 1))
if run start-totals 2 "$tmp/start-totals.rec"; then
    expect "$tmp/err" "start-totals.rec:$n: S5: side 1's total must be" start-totals
fi
run start-totals-json 2 --json "$tmp/start-totals.rec" && expect "$tmp/out" "\"error\":\"E_INVALID\",\"line\":$n," start-totals-json
# a hand number beyond 1000000000: E_INVALID, exit 2
n=$(grep -n '^hand 1$' "$deck" | head -1 | cut -d: -f1)
sed 's/^hand 1$/hand 2147483647/' "$deck" > "$tmp/hand-number.rec"
run hand-number 2 "$tmp/hand-number.rec" && expect "$tmp/err" "hand-number.rec:$n: the hand number must be 1 to 1000000000" hand-number
# an unknown version
sed 's/^canasta-record 1$/canasta-record 9/' "$full" > "$tmp/version.rec"
run version 2 "$tmp/version.rec" && expect "$tmp/err" "version.rec:5: " version
# a record cut in the middle of a move's events
n=$(grep -n '^= score side 0 ' "$full" | head -1 | cut -d: -f1)
head -n "$n" "$full" > "$tmp/cut.rec"
run cut 1 "$tmp/cut.rec" && expect "$tmp/err" "cut.rec:$n: expected '= score side 1 " cut
# a move out of turn
n=$(grep -n ' draw$' "$full" | sed -n 3p | cut -d: -f1)
awk -v n="$n" 'NR == n { $1 = ($1 + 1) % 4 } { print }' "$full" > "$tmp/turn.rec"
run turn 1 "$tmp/turn.rec" && expect "$tmp/err" "turn.rec:$n: T1: it is seat" turn

# ---- usage and input errors ----
run help 0 --help && expect "$tmp/out" "usage: " help
run unknown-option 2 --frobnicate "$full" && expect "$tmp/err" "unknown option --frobnicate" unknown-option
usage_error_ok unknown-option
run two-files 2 "$full" "$deck" && expect "$tmp/err" "only one record at a time" two-files
usage_error_ok two-files
run json-value 2 --json=yes "$full" && expect "$tmp/err" "--json takes no value" json-value
usage_error_ok json-value
run missing-file 2 "$tmp/no-such-file.rec" && expect "$tmp/err" "no-such-file.rec" missing-file
printf '' > "$tmp/empty.rec"
run empty 2 "$tmp/empty.rec"
# "--" ends the options: a record whose name begins with "-"
cp "$deck" "$tmp/-deck.rec"
(cd "$tmp" && "$prog" -- -deck.rec) > "$tmp/out" 2> "$tmp/err"
got=$?
tests=$((tests + 1))
[ "$got" -eq 0 ] || fail "dash-file: \"-- -deck.rec\" did not replay the file"
expect "$tmp/out" "-deck.rec: 1 hand finished" dash-file
(cd "$tmp" && "$prog" -deck.rec) > "$tmp/out" 2> "$tmp/err"
got=$?
tests=$((tests + 1))
[ "$got" -eq 2 ] || fail "dash-file-no-end: \"-deck.rec\" without \"--\" was not an unknown option"
usage_error_ok dash-file-no-end
rm -f "$tmp/-deck.rec"

# ---- with --json every failure is one JSON object on stdout ----
# json_fail NAME STATUS ERROR ARGS...: the status, nothing on stderr, one
# line of well-formed JSON with "ok":false, that "error" and an "exit"
# equal to the status
json_fail() {
    jname=$1
    jstatus=$2
    jerror=$3
    shift 3
    if run "$jname" "$jstatus" "$@"; then
        test -s "$tmp/err" && fail "$jname: wrote to stderr although --json was given"
        tests=$((tests + 1))
        [ "$(wc -l < "$tmp/out")" -eq 1 ] || fail "$jname: not one line on stdout"
        tests=$((tests + 1))
        json_ok "$tmp/out" || fail "$jname: not well-formed JSON"
        expect "$tmp/out" "\"ok\":false,\"error\":\"$jerror\"," "$jname"
        expect "$tmp/out" ",\"exit\":$jstatus}" "$jname"
    fi
}
json_fail json-unknown-option 2 usage --json --frobnicate "$full"
expect "$tmp/out" '{"file":null,' json-unknown-option
expect "$tmp/out" '"message":"unknown option --frobnicate"' json-unknown-option
# --json after the mistake still asks for JSON
json_fail json-after-mistake 2 usage --frobnicate --json "$full"
json_fail json-two-files 2 usage --json "$full" "$deck"
expect "$tmp/out" "only one record at a time" json-two-files
json_fail json-missing-file 2 read --json "$tmp/no-such-file.rec"
expect "$tmp/out" "{\"file\":\"$tmp/no-such-file.rec\"," json-missing-file
json_fail json-directory 2 read --json "$tmp"
json_fail json-empty 2 E_SYNTAX --json "$tmp/empty.rec"
expect "$tmp/out" '"line":1,' json-empty
json_fail json-illegal 1 E_PHASE --json "$illegal"
json_fail json-view 3 E_HIDDEN --json "$view"
json_fail json-version 2 E_VERSION --json "$tmp/version.rec"
# a consistent record's JSON is not a failure and is well-formed
run json-ok 0 --json "$deck" && { tests=$((tests + 1)); json_ok "$tmp/out" || fail "json-ok: not well-formed JSON"; }
expect "$tmp/out" '"ok":true,' json-ok
# an input without end, or just over the 64 MiB the tool reads (issue 16):
# exit 2 naming the size, never all the memory there is (the ulimit only
# guards this machine against a tool that would keep reading)
too_big() {
    name=$1
    shift
    tests=$((tests + 1))
    (ulimit -v 1048576 2>/dev/null; "$prog" "$@") > "$tmp/out" 2> "$tmp/err"
    got=$?
    if [ "$got" -ne 2 ]; then
        fail "$name: exit status $got, expected 2"
        return
    fi
    expect "$tmp/err" "is larger than 67108864 bytes (64 MiB)" "$name"
}
too_big dev-zero /dev/zero
head -c 67108865 /dev/zero > "$tmp/big.rec"
too_big over-limit "$tmp/big.rec"
too_big over-limit-stdin - < "$tmp/big.rec"
"$prog" --json - < "$tmp/big.rec" > "$tmp/out" 2> "$tmp/err"
got=$?
tests=$((tests + 1))
[ "$got" -eq 2 ] || fail "json-too-large: not exit 2"
expect "$tmp/out" '"error":"too-large",' json-too-large
test -s "$tmp/err" && fail "json-too-large: wrote to stderr"
rm -f "$tmp/big.rec"

finish
