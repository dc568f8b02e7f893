#!/bin/sh
# tools/strategy-study.sh - rerun the study of docs/STRATEGY.md with
# canasta-sim: every knob value of the reference player alone against the
# all-default player (mirrored deals), and the length of games between
# default players at targets 5000 and 2500 and in every preset.
#
#   sh tools/strategy-study.sh [-n DEALS] [-s SEED] [-j THREADS] [-o DIR]
#                              [-p CANASTA_SIM]
#       plays the study: DEALS deals per comparison (default 20000; with
#       --mirror each deal is played twice, so 2 x DEALS games), seeds
#       SEED .. SEED+DEALS-1 (default 1).  Each comparison's JSON goes to
#       DIR (default strategy-study), the tables (Markdown) to DIR/tables.md
#       and to standard output.
#
#   sh tools/strategy-study.sh [-p CANASTA_SIM] -m DIR1 DIR2 ...
#       merges the directories of shards (each made with the first form,
#       other seeds: e.g. "-s 1 -n 10000" on one machine and
#       "-s 10001 -n 10000" on another) and prints the tables of the whole.
#
# CANASTA_SIM (or $SIM): the program; by default canasta-sim from PATH, or
# tools/canasta-sim below the current directory.
set -eu

deals=20000
seed=1
threads=
out=strategy-study
merge=0
sim=${SIM:-}

usage() {
    sed -n '2,22p' "$0" | sed 's/^# \{0,1\}//' >&2
    exit 2
}

while getopts n:s:j:o:p:mh opt; do
    case $opt in
    n) deals=$OPTARG ;;
    s) seed=$OPTARG ;;
    j) threads="--threads $OPTARG" ;;
    o) out=$OPTARG ;;
    p) sim=$OPTARG ;;
    m) merge=1 ;;
    *) usage ;;
    esac
done
shift $((OPTIND - 1))

if [ -z "$sim" ]; then
    if command -v canasta-sim > /dev/null 2>&1; then
        sim=canasta-sim
    elif [ -x tools/canasta-sim ]; then
        sim=./tools/canasta-sim
    else
        echo "strategy-study: no canasta-sim (give -p PATH)" >&2
        exit 2
    fi
fi

# The comparisons: the knob values of the study, each played by player A
# (--side0) against the all-default player B.  The file of each is its
# setting with .json added.
knobs="take-pile=when-forced take-pile=always
pile-size=1 pile-size=2 pile-size=5 pile-size=8 pile-size=12 pile-size=20
wild-cards=save
go-out=1 go-out=2 go-out=3 go-out=6
keep-pairs=no
discard=low discard=high
ask=no"
# The game lengths: NAME PRESET TARGET (default players, not mirrored).
lengths="length-classic-5000 classic 5000
length-classic-2500 classic 2500
length-two-players two-players 0
length-three-players three-players 0
length-six-three-sides six-three-sides 0
length-six-two-sides six-two-sides 0"

if [ "$merge" -eq 0 ]; then
    [ $# -eq 0 ] || usage
    mkdir -p "$out"
    {
        echo "date: $(date -u '+%Y-%m-%d %H:%M UTC')"
        echo "program: $("$sim" --version)"
        echo "processors: $(getconf _NPROCESSORS_ONLN 2>/dev/null || echo '?')"
        sed -n 's/^model name[^:]*: //p' /proc/cpuinfo 2>/dev/null | sort | uniq -c |
            sed 's/^ */cpu: /'
        echo "deals per comparison: $deals, seeds $seed.."
    } > "$out/machine.txt"
    for k in $knobs; do
        echo "strategy-study: $sim --games $deals --seed-from $seed --mirror --side0 $k $threads --json" >&2
        # shellcheck disable=SC2086
        "$sim" --games "$deals" --seed-from "$seed" --mirror --side0 "$k" \
            $threads --json > "$out/$k.json"
    done
    echo "$lengths" | while read -r name preset target; do
        t=
        [ "$target" -eq 0 ] || t="--target $target"
        echo "strategy-study: $sim --preset $preset $t --games $deals --seed-from $seed $threads --json" >&2
        # shellcheck disable=SC2086
        "$sim" --preset "$preset" $t --games "$deals" --seed-from "$seed" \
            $threads --json > "$out/$name.json"
    done
    set -- "$out"
else
    [ $# -ge 1 ] || usage
fi

# csv NAME: the CSV report of NAME.json merged over the directories.
csv() {
    files=
    for d in $dirs; do
        files="$files $d/$1.json"
    done
    # shellcheck disable=SC2086
    "$sim" merge --csv $files
}
dirs=$*

tables() {
    echo "### Each knob value against the default player"
    echo
    echo "Player A has the one knob changed, player B every knob at its default;"
    echo "every deal is played twice with the players' seats swapped (--mirror)."
    echo "Win rate: A's games won, a tie counting half, with the 95% Wilson"
    echo "interval; \"better\" or \"worse\" when the interval leaves out 50%."
    echo
    echo "| A's setting | games | A's win rate | 95% interval | verdict | avg hand score A / B | went out (share of hands) A / B | pile takes per hand A / B | hands per game |"
    echo "| --- | ---: | ---: | ---: | --- | ---: | ---: | ---: | ---: |"
    for k in $knobs; do
        csv "$k" | awk -F, -v k="$k" '
            NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i; next }
            { row[$(c["player"])] = $0 }
            END {
                split(row["A"], a, ","); split(row["B"], b, ",")
                wr = a[c["win_rate"]]; lo = a[c["ci95_low"]]; hi = a[c["ci95_high"]]
                v = lo > 0.5 ? "better" : hi < 0.5 ? "worse" : "no clear difference"
                outA = (a[c["went_out"]] + a[c["concealed"]]) / a[c["hands"]]
                outB = (b[c["went_out"]] + b[c["concealed"]]) / b[c["hands"]]
                printf "| %s | %d | %.2f%% | %.2f-%.2f%% | %s | %.0f / %.0f | %.1f%% / %.1f%% | %.2f / %.2f | %.2f |\n",
                    k, a[c["games"]], 100 * wr, 100 * lo, 100 * hi, v,
                    a[c["avg_hand_score"]], b[c["avg_hand_score"]],
                    100 * outA, 100 * outB,
                    a[c["player_pile_takes_per_hand"]], b[c["player_pile_takes_per_hand"]],
                    a[c["hands_per_game"]]
            }'
    done
    echo
    echo "### Length of games between default players"
    echo
    echo "| game | target | games | hands per game (fewest-most) | moves per game | gone out | of which concealed | stock exhausted | pile takes per hand |"
    echo "| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |"
    echo "$lengths" | while read -r name preset target; do
        csv "$name" | awk -F, '
            NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i; next }
            NR == 2 {
                h = $(c["hands"])
                out = $(c["ended_went_out"]) + $(c["ended_concealed"])
                stock = $(c["ended_stock"]) + $(c["ended_red_three"])
                printf "| %s | %d | %d | %.2f (%d-%d) | %.0f | %.2f%% | %.2f%% | %.2f%% | %.2f |\n",
                    $(c["preset"]), $(c["target"]), $(c["games"]),
                    $(c["hands_per_game"]), $(c["hands_min"]), $(c["hands_max"]),
                    $(c["moves_per_game"]), 100 * out / h,
                    100 * $(c["ended_concealed"]) / h, 100 * stock / h,
                    $(c["pile_takes_per_hand"])
            }'
    done
}

if [ "$merge" -eq 0 ]; then
    tables | tee "$out/tables.md"
else
    tables
fi
