#!/bin/sh
#SBATCH --job-name=canasta-study
#SBATCH --cpus-per-task=4
#SBATCH --time=02:00:00
#SBATCH --output=canasta-study-%A_%a.out
#
# tools/study-slurm.sh - run one canasta-sim study as a Slurm job array:
# array task I plays shard I of the study's seeds, and a second job, which
# depends on the whole array, merges the shards with "canasta-sim merge"
# into exactly the report of one run over all the seeds (docs/STRATEGY.md,
# "Running a study on many machines").  The #SBATCH lines above are
# defaults; options given to sbatch override them.
#
#   sbatch --array=0-K-1 tools/study-slurm.sh [-k K] [-n DEALS] [-s SEED]
#          [-o DIR] [-p CANASTA_SIM] [-- CANASTA_SIM_OPTIONS...]
#       task SLURM_ARRAY_TASK_ID of the K shards (K: -k, else
#       SLURM_ARRAY_TASK_COUNT, the array then being 0..K-1): plays its
#       seeds with --threads SLURM_CPUS_PER_TASK and writes its --json
#       report to DIR/shard-I-of-K.json
#
#   sbatch --dependency=afterok:JOBID tools/study-slurm.sh -m [-n DEALS]
#          [-s SEED] [-o DIR] [-p CANASTA_SIM]
#       merges DIR/shard-*.json into DIR/report.json and prints the text
#       report, after checking that the shards cover the study's seeds
#       exactly, once each
#
#   -n DEALS  the deals of the study (default 20000)
#   -s SEED   the first seed (default 1): seeds SEED..SEED+DEALS-1
#   -o DIR    the directory of the shards and the report (default
#             canasta-study), relative to the directory sbatch ran in
#   -p CANASTA_SIM  the program: default canasta-sim from PATH, else
#             tools/canasta-sim below that directory
#   CANASTA_SIM_OPTIONS  the study: --preset, --target, --side0 KNOBS,
#             --mirror, --plugin... (not --games, --seed-from, --threads,
#             --csv, --json, --quiet: this script sets them)
#
# Shard I of K has the seeds SEED + floor(I*DEALS/K) up to the first seed
# of shard I+1.  A failed task is run again alone with the same arguments
# and -k K: sbatch --array=I tools/study-slurm.sh -k K ...
# Slurm runs a copy of this script, so it sources nothing beside it.
#
# Exit status: 0 success; 1 canasta-sim failed, or the shards do not add
# up to the study; 2 usage error.  -h or --help prints this text.
set -eu

me=study-slurm
deals=20000
seed=1
shards=
out=canasta-study
sim=${SIM:-}
merge=0

usage() { # the comment at the top
    sed -n '7,43p' "$0" | sed 's/^# \{0,1\}//'
}
die() { # die STATUS MESSAGE
    echo "$me: $2" >&2
    exit "$1"
}

# number NAME VALUE MAX_DIGITS: VALUE is a decimal number (>= 1 unless
# NAME is a task id) of at most MAX_DIGITS digits, so that the shell's
# 64-bit arithmetic cannot overflow; printed without leading zeros (which
# the shell would read as octal).
number() {
    case $2 in
    '' | *[!0-9]*) die 2 "$1 must be a number, not \"$2\"" ;;
    esac
    v=$2
    while [ "${v#0}" != "$v" ] && [ ${#v} -gt 1 ]; do v=${v#0}; done
    [ ${#v} -le "$3" ] || die 2 "$1 $2 is too large (at most $3 digits)"
    case $1 in
    SLURM_ARRAY_TASK_*) ;;
    *) [ "$v" -ge 1 ] || die 2 "$1 must be at least 1" ;;
    esac
    echo "$v"
}

case ${1-} in --help) usage; exit 0 ;; esac
while getopts k:n:s:o:p:mh opt; do
    case $opt in
    k) shards=$(number -k "$OPTARG" 5) ;;
    n) deals=$OPTARG ;;
    s) seed=$OPTARG ;;
    o) out=$OPTARG ;;
    p) sim=$OPTARG ;;
    m) merge=1 ;;
    h) usage; exit 0 ;;
    *) usage >&2; exit 2 ;;
    esac
done
shift $((OPTIND - 1))
deals=$(number -n "$deals" 12)
seed=$(number -s "$seed" 18)
last=$((seed + deals - 1))

for a in "$@"; do
    case $a in
    --games | --games=* | --seed-from | --seed-from=* | --threads | \
        --threads=* | --csv | --json | --quiet)
        die 2 "$a is set by this script (-n, -s), not given to canasta-sim" ;;
    merge | --merge | --help | --version)
        die 2 "$a is not a study option of canasta-sim" ;;
    esac
done

if [ -z "$sim" ]; then
    if command -v canasta-sim > /dev/null 2>&1; then
        sim=canasta-sim
    elif [ -x tools/canasta-sim ]; then
        sim=./tools/canasta-sim
    else
        die 2 "no canasta-sim (give -p PATH)"
    fi
fi

if [ "$merge" -eq 1 ]; then
    [ $# -eq 0 ] || die 2 "-m takes no canasta-sim options (the shards carry them)"
    [ -z "$shards" ] || die 2 "-m takes no -k (the shards' seeds are checked instead)"
    # A report of an earlier merge must not outlive a failed one.
    rm -f "$out/report.json"
    set --
    for f in "$out"/shard-*-of-*.json; do
        [ -f "$f" ] && set -- "$@" "$f"
    done
    [ $# -gt 0 ] || die 1 "no shard in $out (no $out/shard-*-of-*.json)"
    "$sim" merge --json "$@" > "$out/report.json.tmp" ||
        die 1 "canasta-sim merge refused the shards of $out"
    # The merged seeds must be the study's, as one range: a missing shard
    # leaves a gap (one shard twice, the merge refuses as an overlap).
    if ! grep -F "\"seeds\":[{\"from\":$seed,\"count\":$deals}]," \
        "$out/report.json.tmp" > /dev/null; then
        got=$(sed -n 's/.*"seeds":\(\[[^]]*\]\).*/\1/p' "$out/report.json.tmp")
        die 1 "the $# shards of $out do not cover seeds $seed..$last exactly: their seeds are $got"
    fi
    mv "$out/report.json.tmp" "$out/report.json"
    echo "$me: merged $# shards into $out/report.json" >&2
    "$sim" merge "$out/report.json"
    exit 0
fi

# An array task.
[ -n "${SLURM_ARRAY_TASK_ID:-}" ] ||
    die 2 "no SLURM_ARRAY_TASK_ID: submit with sbatch --array=0-K-1 (or set it, and SLURM_ARRAY_TASK_COUNT or -k, by hand), or merge with -m"
id=$(number SLURM_ARRAY_TASK_ID "$SLURM_ARRAY_TASK_ID" 7)
if [ -z "$shards" ]; then
    [ -n "${SLURM_ARRAY_TASK_COUNT:-}" ] ||
        die 2 "no SLURM_ARRAY_TASK_COUNT: give the number of shards with -k"
    shards=$(number SLURM_ARRAY_TASK_COUNT "$SLURM_ARRAY_TASK_COUNT" 5)
    # Without -k the array must be 0..K-1 so that the task ids are the
    # shards' numbers (a rerun of one task gives -k).
    if [ "${SLURM_ARRAY_TASK_MIN:-0}" != 0 ] || [ "${SLURM_ARRAY_TASK_STEP:-1}" != 1 ]; then
        die 2 "the array is not 0-$((shards - 1)) (--array=0-$((shards - 1)), or give -k)"
    fi
fi
[ "$shards" -ge 1 ] || die 2 "no shards"
[ "$shards" -le "$deals" ] || die 2 "$shards shards for $deals deals: at most one shard per deal"
[ "$id" -lt "$shards" ] ||
    die 2 "task $id of $shards shards: the task ids are 0..$((shards - 1))"
a=$((id * deals / shards))
b=$(((id + 1) * deals / shards))
from=$((seed + a))
count=$((b - a))
threads=${SLURM_CPUS_PER_TASK:-1}
threads=$(number SLURM_CPUS_PER_TASK "$threads" 4)

mkdir -p "$out"
file="$out/shard-$id-of-$shards.json"
echo "$me: task $id of $shards: seeds $from..$((from + count - 1)) on $threads thread(s) into $file" >&2
# The report goes to a temporary file first: a task killed on the way (or
# requeued) leaves no half report for the merge.
"$sim" "$@" --games "$count" --seed-from "$from" --threads "$threads" \
    --json > "$file.tmp.$$" || {
    status=$?
    rm -f "$file.tmp.$$"
    [ "$status" -eq 2 ] && die 2 "$sim refused the study's options"
    die 1 "$sim failed (status $status)"
}
mv "$file.tmp.$$" "$file"
