#!/bin/sh
# Command-line tests of tools/canasta-sim.
#
#   sh tests/sim_test.sh PATH/TO/canasta-sim [PATH/TO/sim_plugin.so
#                                             [PATH/TO/ismcts.so]]
#
# Checks exit statuses (0 success, 2 usage errors and unmergeable shards),
# the knob parser, reproducibility (same options, same output; any number
# of threads, same output; a run split into shards and merged, the same
# report as one run), --mirror, the counts adding up, and that --csv and
# --json are well formed; with the test plugin (tests/sim_plugin.c), that
# --plugin plays player A through the plugin with the same seeds, and its
# errors.  Runs small numbers of games: a few seconds.
set -u

if [ $# -lt 1 ] || [ $# -gt 3 ]; then
    echo "usage: $0 CANASTA_SIM [SIM_PLUGIN [ISMCTS_PLUGIN]]" >&2
    exit 2
fi
prog=$1
case $prog in /*) ;; *) prog=$(pwd)/$prog ;; esac
plugin=${2:-}
case $plugin in /*|'') ;; *) plugin=$(pwd)/$plugin ;; esac
ismcts=${3:-}
case $ismcts in /*|'') ;; *) ismcts=$(pwd)/$ismcts ;; esac

me=sim_test
. "$(dirname "$0")/cli_lib.sh"
exec < /dev/null # no run reads standard input

# csv_ok FILE ROWS: a header and ROWS rows, every line with the header's
# number of fields, no empty field.
csv_ok() {
    awk -F, -v rows="$2" '
        NR == 1 { n = NF }
        NF != n { bad = 1 }
        { for (i = 1; i <= NF; i++) if ($i == "") bad = 1 }
        END { exit (bad || NR != rows + 1) }' "$1"
}

# ---- help, version, usage errors: exit 2 ----
run help 0 --help && expect "$tmp/out" "usage: " help && expect "$tmp/out" "take-pile" help
run version 0 --version && expect "$tmp/out" "libcanasta" version
run unknown-option 2 --frobnicate && expect "$tmp/err" "unknown option" unknown-option
run argument 2 games && expect "$tmp/err" "unexpected argument" argument
run games-zero 2 --games 0
run games-word 2 --games many
run games-missing 2 --games
run threads-zero 2 --threads 0
run threads-many 2 --threads 100000
run seed-negative 2 --seed-from -1
run seed-overflow 2 --seed-from 18446744073709551615 --games 2 && expect "$tmp/err" "last seed" seed-overflow
run preset-bad 2 --preset bridge && expect "$tmp/err" "unknown preset" preset-bad
run target-zero 2 --target 0
run target-range 2 --target 2000000 && expect "$tmp/err" "out of range" target-range
run csv-json 2 --csv --json
run side2-two-sides 2 --side2 ask=0 && expect "$tmp/err" "only 2 sides" side2-two-sides
run mirror-value 2 --mirror=yes && expect "$tmp/err" "takes no value" mirror-value
test -s "$tmp/out" && fail "usage errors: wrote to stdout"

# ---- the move guard: a game that does not end is an error (exit 1) ----
run guard 1 --games 3 --seed-from 5 --max-moves 40 --quiet &&
    expect "$tmp/err" "seed 5: the game did not end within 40 moves (hand 1)" guard
test -s "$tmp/out" && fail "guard: wrote a report"
run guard-zero 2 --max-moves 0

# ---- knob parsing ----
run knob-unknown 2 --side0 take-pyle=2 && expect "$tmp/err" "unknown knob \"take-pyle\" (knobs: take-pile," knob-unknown
run knob-range 2 --side1 pile-size=0 && expect "$tmp/err" "pile-size=0 is out of range (1 to 100)" knob-range
run knob-range-high 2 --side1 go-out=7 && expect "$tmp/err" "out of range (0 to 6)" knob-range-high
run knob-no-value 2 --side0 discard && expect "$tmp/err" "\"discard\" needs a value" knob-no-value
run knob-bad-value 2 --side0 take-pile=sometimes && expect "$tmp/err" "not a number nor a name (when-forced, worthwhile, always)" knob-bad-value
run knob-twice 2 --side0 ask=0,ask=1 && expect "$tmp/err" "given twice" knob-twice
run knob-empty-item 2 --side0 ask=0,,discard=1 && expect "$tmp/err" "empty knob setting" knob-empty-item
run knob-number-junk 2 --side0 pile-size=3x
# names and numbers name the same values; "default" is every default
run knob-names 0 --games 4 --quiet --side0 take-pile=always,discard=low --side1 default --json
cp "$tmp/out" "$tmp/names.json"
expect "$tmp/names.json" '"settings":"take-pile=always,discard=low"' knob-names
run knob-numbers 0 --games 4 --quiet --side0 "discard=1, take-pile=2" --side1 take-pile=1 --json
same "$tmp/names.json" "$tmp/out" knob-names-numbers

# ---- reproducibility: same options, same output ----
run repeat-1 0 --games 30 --seed-from 7 --quiet
cp "$tmp/out" "$tmp/repeat1"
expect "$tmp/repeat1" "seeds 7..36 (30 deals): 30 games" repeat-1
expect "$tmp/repeat1" "win rate (a tie counts 1/2)" repeat-1
expect "$tmp/repeat1" "95% interval (Wilson)" repeat-1
expect "$tmp/repeat1" "hands per game" repeat-1
expect "$tmp/repeat1" "hands ended: gone out" repeat-1
expect "$tmp/repeat1" "pile takes per hand" repeat-1
test -s "$tmp/err" && fail "--quiet: wrote to stderr"
run repeat-2 0 --games 30 --seed-from 7 --quiet
same "$tmp/repeat1" "$tmp/out" repeat
run other-seeds 0 --games 30 --seed-from 1000 --quiet
tests=$((tests + 1))
cmp -s "$tmp/repeat1" "$tmp/out" && fail "other seeds: the same output"
# without --quiet and not on a terminal: a timing line, no progress line
run timing 0 --games 3
expect "$tmp/err" "games/s" timing
grep -q "$(printf '\r')" "$tmp/err" && fail "timing: a progress line although stderr is no terminal"

# ---- the number of threads does not change anything ----
study="--games 24 --seed-from 100 --side1 take-pile=always,go-out=1 --mirror --quiet --json"
# shellcheck disable=SC2086
run threads-1 0 $study --threads 1
cp "$tmp/out" "$tmp/t1.json"
# shellcheck disable=SC2086
run threads-2 0 $study --threads 2
same "$tmp/t1.json" "$tmp/out" threads-1-2
# shellcheck disable=SC2086
run threads-5 0 $study --threads 5
same "$tmp/t1.json" "$tmp/out" threads-1-5
tests=$((tests + 1))
json_ok "$tmp/t1.json" || fail "--json: not well-formed JSON"
expect "$tmp/t1.json" '"seeds":[{"from":100,"count":24}],"deals":24,' json
expect "$tmp/t1.json" '"games":48,' json-mirror

# ---- shards: seeds 100..123 as 100..108 + 109..123, merged ----
opts="--side1 take-pile=always,go-out=1 --mirror --quiet --json"
# shellcheck disable=SC2086
run shard-1 0 --games 9 --seed-from 100 $opts --threads 2
cp "$tmp/out" "$tmp/shard1.json"
# shellcheck disable=SC2086
run shard-2 0 --games 15 --seed-from 109 $opts --threads 1
cp "$tmp/out" "$tmp/shard2.json"
run merge-json 0 merge --json "$tmp/shard2.json" "$tmp/shard1.json"
same "$tmp/t1.json" "$tmp/out" merge-json
run merge-option-form 0 --merge --json "$tmp/shard1.json" "$tmp/shard2.json"
same "$tmp/t1.json" "$tmp/out" merge-option-form
# the text and CSV reports of the merge are those of the single run
run single-text 0 merge "$tmp/t1.json"
cp "$tmp/out" "$tmp/single.txt"
run merge-text 0 merge "$tmp/shard1.json" "$tmp/shard2.json"
same "$tmp/single.txt" "$tmp/out" merge-text
# shellcheck disable=SC2086
run single-run-text 0 --games 24 --seed-from 100 --side1 take-pile=always,go-out=1 --mirror --quiet
same "$tmp/single.txt" "$tmp/out" merge-text-is-run-text
run single-csv 0 merge --csv "$tmp/t1.json"
cp "$tmp/out" "$tmp/single.csv"
run merge-csv 0 merge --csv "$tmp/shard1.json" "$tmp/shard2.json"
same "$tmp/single.csv" "$tmp/out" merge-csv
# shards with a gap: merged, the seed ranges are listed apart
# shellcheck disable=SC2086
run shard-3 0 --games 2 --seed-from 200 $opts
cp "$tmp/out" "$tmp/shard3.json"
run merge-gap 0 merge "$tmp/shard1.json" "$tmp/shard3.json" && expect "$tmp/out" "seeds 100..108 200..201 (11 deals)" merge-gap
# merge errors: overlapping shards, other knobs, other target, not JSON,
# not our JSON, a missing file, no file
run merge-overlap 2 merge "$tmp/shard1.json" "$tmp/t1.json" && expect "$tmp/err" "overlap" merge-overlap
run merge-other 2 merge "$tmp/shard1.json" "$tmp/names.json" && expect "$tmp/err" "not the same study" merge-other
# shellcheck disable=SC2086
run shard-target 0 --games 2 --seed-from 300 $opts --target 2500
cp "$tmp/out" "$tmp/target.json"
run merge-target 2 merge "$tmp/shard1.json" "$tmp/target.json"
printf 'not json\n' > "$tmp/bad.json"
run merge-bad 2 merge "$tmp/bad.json" && expect "$tmp/err" "not valid JSON" merge-bad
printf '{"format":"something else"}\n' > "$tmp/other.json"
run merge-foreign 2 merge "$tmp/other.json" && expect "$tmp/err" "not the JSON output" merge-foreign
run merge-missing 2 merge "$tmp/no-such.json"
run merge-none 2 merge
run merge-option 2 merge --frobnicate "$tmp/t1.json"
# standard input
tests=$((tests + 1))
"$prog" merge --json - < "$tmp/t1.json" > "$tmp/stdin.json" 2> /dev/null
same "$tmp/t1.json" "$tmp/stdin.json" merge-stdin

# ---- the counts add up (from the JSON of a run) ----
if command -v python3 > /dev/null 2>&1; then
    tests=$((tests + 1))
    python3 - "$tmp/t1.json" <<'EOF' || fail "json: the counts do not add up"
import json, sys
r = json.load(open(sys.argv[1]))
assert r["games"] == 2 * r["deals"], "mirror: two games per deal"
assert sum(r["endings"].values()) == r["hands"], "endings != hands"
ps = r["players"]
assert sum(p["wins"] for p in ps) + sum(p["ties"] for p in ps) // 2 >= r["games"] - 1
for p in ps:
    assert p["wins"] + p["ties"] + p["losses"] == r["games"]
    assert p["ci95"][0] <= p["win_rate"] <= p["ci95"][1]
assert sum(p["pile_takes"] for p in ps) == r["pile_takes"]
assert sum(p["went_out"] for p in ps) == r["endings"]["went_out"]
assert sum(p["concealed"] for p in ps) == r["endings"]["concealed"]
assert r["hands_min"] <= r["hands_per_game"] <= r["hands_max"]
assert ps[1]["knobs"]["take-pile"] == 2 and ps[1]["knobs"]["go-out"] == 1
EOF
fi

# ---- --csv: a header and one row per player ----
run csv 0 --games 6 --quiet --csv
csv_ok "$tmp/out" 2 || fail "csv: not one header and 2 rows of equal width"
expect "$tmp/out" "preset,target,seeds,deals,mirror,games," csv
expect "$tmp/out" ",player,take-pile,pile-size,wild-cards,go-out,keep-pairs,discard,ask,wins,ties,losses,win_rate,ci95_low,ci95_high," csv

# ---- every preset; --mirror with identical players is symmetric ----
for p in two-players:2 three-players:3 six-three-sides:3 six-two-sides:2; do
    name=${p%:*}
    n=${p#*:}
    if run "preset-$name" 0 --preset "$name" --games 2 --mirror --quiet --csv; then
        csv_ok "$tmp/out" "$n" || fail "preset-$name: not a header and $n rows"
        # identical players: each plays every side, the same cards, the
        # same moves: every player's columns from "wins" on are equal
        awk -F, 'NR == 1 { for (i = 1; i <= NF; i++) if ($i == "wins") w = i }
                 NR > 1 { s = ""; for (i = w; i <= NF; i++) s = s "," $i
                          if (NR > 2 && s != first) bad = 1; first = s }
                 END { exit bad }' "$tmp/out" ||
            fail "preset-$name: identical mirrored players differ"
        tests=$((tests + 1))
        games=$(awk -F, 'NR == 2 { print $6 }' "$tmp/out")
        [ "$games" = $((2 * n)) ] || fail "preset-$name: $games games, expected $((2 * n)) (2 deals x $n sides)"
    fi
done
run three-sides 0 --preset three-players --games 2 --quiet --side2 take-pile=always
expect "$tmp/out" "player C (--side2): take-pile=always" three-sides
run target 0 --games 3 --target 2500 --quiet && expect "$tmp/out" "target 2500" target

# ---- --plugin: player A played by a shared object ----
run plugin-missing 2 --plugin "$tmp/no-such.so" --games 1 &&
    expect "$tmp/err" "cannot load" plugin-missing
run plugin-args-alone 2 --plugin-args x=1 --games 1 &&
    expect "$tmp/err" "needs --plugin" plugin-args-alone
if [ -n "$plugin" ]; then
    # The plugin plays the reference player with the knobs of its
    # arguments: the counts must be those of --side0 with the same knobs,
    # and differ from the default player's.
    strip_players='/^player [AB] /d'
    run plugin-knobs 0 --plugin "$plugin" --plugin-args discard=2 --games 6 --mirror --quiet &&
        expect "$tmp/out" "player A (--plugin, every side in turn): sim_plugin.so discard=2" plugin-knobs
    sed "$strip_players" "$tmp/out" > "$tmp/plug.txt"
    run side0-knobs 0 --side0 discard=high --games 6 --mirror --quiet
    sed "$strip_players" "$tmp/out" > "$tmp/side0.txt"
    same "$tmp/side0.txt" "$tmp/plug.txt" plugin-equals-side0
    run plugin-default 0 --plugin "$plugin" --games 6 --mirror --quiet
    sed "$strip_players" "$tmp/out" > "$tmp/plugdef.txt"
    tests=$((tests + 1))
    cmp -s "$tmp/plugdef.txt" "$tmp/plug.txt" &&
        fail "plugin-knobs: the plugin's arguments changed nothing"
    # identical players mirrored: A (the plugin, playing as the default
    # reference player) and B have equal columns from "wins" on
    if run plugin-csv 0 --plugin "$plugin" --games 2 --mirror --quiet --csv; then
        csv_ok "$tmp/out" 2 || fail "plugin-csv: not a header and 2 rows"
        expect "$tmp/out" ",sim_plugin.so" plugin-csv
        tests=$((tests + 1))
        awk -F, 'NR == 1 { for (i = 1; i <= NF; i++) { if ($i == "wins") w = i
                                                       if ($i == "plugin") e = i } }
                 NR > 1 { s = ""; for (i = w; i < e; i++) s = s "," $i
                          if (NR > 2 && s != first) bad = 1; first = s }
                 END { exit bad }' "$tmp/out" ||
            fail "plugin-csv: the plugin as the default player differs from B"
    fi
    # the report does not depend on the number of threads
    run plugin-threads1 0 --plugin "$plugin" --games 4 --threads 1 --quiet --json
    cp "$tmp/out" "$tmp/pt1.json"
    run plugin-threads2 0 --plugin "$plugin" --games 4 --threads 2 --quiet --json &&
        same "$tmp/pt1.json" "$tmp/out" plugin-threads
    # a bare file name means the file in the current directory
    tests=$((tests + 1))
    (cd "$(dirname "$plugin")" &&
        "$prog" --plugin "$(basename "$plugin")" --games 1 --quiet > /dev/null 2>&1) ||
        fail "plugin-bare-name: a plugin named without a directory did not load"
    # shards of a plugin study merge; a plugin shard and a plain one do not
    run plugin-shard1 0 --plugin "$plugin" --games 2 --quiet --json
    cp "$tmp/out" "$tmp/p1.json"
    run plugin-shard2 0 --plugin "$plugin" --games 2 --seed-from 3 --quiet --json
    cp "$tmp/out" "$tmp/p2.json"
    run plugin-whole 0 --plugin "$plugin" --games 4 --quiet --json
    cp "$tmp/out" "$tmp/pw.json"
    run plugin-whole-text 0 merge "$tmp/pw.json"
    cp "$tmp/out" "$tmp/pwhole.txt"
    run plugin-merge 0 merge "$tmp/p1.json" "$tmp/p2.json" &&
        same "$tmp/pwhole.txt" "$tmp/out" plugin-merge
    run plain-shard 0 --games 2 --seed-from 3 --quiet --json
    cp "$tmp/out" "$tmp/plain.json"
    run plugin-merge-mixed 2 merge "$tmp/p1.json" "$tmp/plain.json" &&
        expect "$tmp/err" "not the same study" plugin-merge-mixed
    run plugin-other-args 0 --plugin "$plugin" --plugin-args discard=1 --games 2 --seed-from 3 --quiet --json
    cp "$tmp/out" "$tmp/p3.json"
    run plugin-merge-args 2 merge "$tmp/p1.json" "$tmp/p3.json" &&
        expect "$tmp/err" "not the same study" plugin-merge-args
    # errors: refused settings, a version skew, --side0 with --plugin
    run plugin-bad-args 2 --plugin "$plugin" --plugin-args frobnicate=1 --games 1 &&
        expect "$tmp/err" "not a knob setting: frobnicate" plugin-bad-args
    SIM_PLUGIN_SKEW=1
    export SIM_PLUGIN_SKEW
    run plugin-version 2 --plugin "$plugin" --games 1 &&
        expect "$tmp/err" "was built for libcanasta version" plugin-version
    unset SIM_PLUGIN_SKEW
    run plugin-side0 2 --plugin "$plugin" --side0 discard=high --games 1 &&
        expect "$tmp/err" "exclude each other" plugin-side0
fi
if [ -n "$ismcts" ]; then
    # the ISMCTS example as a plugin: it plays, reproducibly on any number
    # of threads (a short search and a short game: a smoke test)
    run ismcts-1 0 --plugin "$ismcts" --plugin-args iterations=16 --games 2 --target 300 --threads 1 --quiet --json
    cp "$tmp/out" "$tmp/i1.json"
    run ismcts-2 0 --plugin "$ismcts" --plugin-args iterations=16 --games 2 --target 300 --threads 2 --quiet --json &&
        same "$tmp/i1.json" "$tmp/out" ismcts-threads
    expect "$tmp/out" '"plugin":"ismcts.so iterations=16"' ismcts-1
    run ismcts-bad 2 --plugin "$ismcts" --plugin-args depth=3 --games 1 &&
        expect "$tmp/err" "unknown setting" ismcts-bad
fi

finish
