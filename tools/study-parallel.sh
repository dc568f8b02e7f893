#!/bin/sh
# tools/study-parallel.sh - run one canasta-sim study on many machines with
# GNU parallel: the seeds are cut into shards (seed ranges), GNU parallel
# runs the shards on the hosts of its --sshlogin list (":" is this
# machine), and "canasta-sim merge" adds the shards up into exactly the
# report of one run over all the seeds (docs/STRATEGY.md, "Running a study
# on many machines").
#
#   sh tools/study-parallel.sh [-S SSHLOGINS] [-F SSHLOGINFILE] [-n DEALS]
#          [-s SEED] [-k SHARDS] [-t THREADS] [-o DIR] [-p CANASTA_SIM] [-r]
#          [-- CANASTA_SIM_OPTIONS...]
#
#   -S SSHLOGINS   GNU parallel's --sshlogin: hosts separated by commas,
#                  e.g. ":,8/node1,alice@node2" (":" this machine, "8/"
#                  eight shards at a time); -S can be repeated.  Default
#                  ":" alone, unless -F is given
#   -F FILE        GNU parallel's --sshloginfile: one sshlogin a line
#   -n DEALS       the deals of the study (default 20000)
#   -s SEED        the first seed (default 1): seeds SEED..SEED+DEALS-1
#   -k SHARDS      the number of shards (default 100; at most 10000, and
#                  at most DEALS)
#   -t THREADS     canasta-sim --threads of each shard (default 1: GNU
#                  parallel runs one shard per core of each host, or N at
#                  a time on an N/host)
#   -o DIR         the shards, the job log and the report (default
#                  study-parallel); a DIR that holds a study needs -r
#   -p CANASTA_SIM the program, here (for the merge) and on every host:
#                  default canasta-sim from PATH, else tools/canasta-sim
#                  below the current directory (made absolute)
#   -r             resume the study of DIR (the same -n -s -k -t -p and
#                  options; the hosts may differ): runs only the shards
#                  that failed or did not run
#   CANASTA_SIM_OPTIONS  the study: --preset, --target, --side0 KNOBS,
#                  --mirror, --plugin... (not --games, --seed-from,
#                  --threads, --csv, --json, --quiet: this script sets them)
#
# Writes DIR/seeds (the shards), DIR/shards/.../stdout (GNU parallel's
# --results tree: the --json report of one shard, its seeds in the
# directory names; stderr beside it has the shard's timing line), DIR/joblog (GNU parallel's: host, time and exit status of each
# shard) and DIR/report.json (the merged report, which canasta-sim merge
# turns into text or CSV again); prints the merged report as text.
# Other GNU parallel options (--retries, --ssh ...) go in $PARALLEL.
#
# Exit status: 0 success; 1 a shard failed (DIR/joblog says which; run
# again with -r) or the shards do not add up to the study; 2 usage error.
# -h or --help prints this text.
set -eu

me=study-parallel
deals=20000
seed=1
shards=100
threads=1
out=study-parallel
sim=${SIM:-}
logins=
loginfile=
resume=0

usage() { # the comment at the top
    sed -n '2,46p' "$0" | sed 's/^# \{0,1\}//'
}
die() { # die STATUS MESSAGE
    echo "$me: $2" >&2
    exit "$1"
}

# number NAME VALUE MAX_DIGITS: VALUE is a decimal number >= 1 of at most
# MAX_DIGITS digits (so that the shell's 64-bit arithmetic cannot
# overflow); prints it without leading zeros (which the shell would read
# as octal).
number() {
    case $2 in
    '' | *[!0-9]*) die 2 "$1 must be a number, not \"$2\"" ;;
    esac
    v=$2
    while [ "${v#0}" != "$v" ] && [ ${#v} -gt 1 ]; do v=${v#0}; done
    [ ${#v} -le "$3" ] || die 2 "$1 $2 is too large (at most $3 digits)"
    [ "$v" -ge 1 ] || die 2 "$1 must be at least 1"
    echo "$v"
}

case ${1-} in --help) usage; exit 0 ;; esac
while getopts S:F:n:s:k:t:o:p:rh opt; do
    case $opt in
    S) logins=${logins:+$logins,}$OPTARG ;;
    F) loginfile=$OPTARG ;;
    n) deals=$(number -n "$OPTARG" 12) ;;
    s) seed=$(number -s "$OPTARG" 18) ;;
    k) shards=$(number -k "$OPTARG" 5)
       [ "$shards" -le 10000 ] || die 2 "-k $shards: at most 10000 shards" ;;
    t) threads=$(number -t "$OPTARG" 4) ;;
    o) out=$OPTARG ;;
    p) sim=$OPTARG ;;
    r) resume=1 ;;
    h) usage; exit 0 ;;
    *) usage >&2; exit 2 ;;
    esac
done
shift $((OPTIND - 1))
# The values the options take by default go through the same checks.
deals=$(number -n "$deals" 12)
seed=$(number -s "$seed" 18)

for a in "$@"; do
    case $a in
    --games | --games=* | --seed-from | --seed-from=* | --threads | \
        --threads=* | --csv | --json | --quiet)
        die 2 "$a is set by this script (-n, -s, -t), not given to canasta-sim" ;;
    merge | --merge | --help | --version)
        die 2 "$a is not a study option of canasta-sim" ;;
    esac
done
command -v parallel > /dev/null 2>&1 ||
    die 2 "GNU parallel is not installed (Debian, Ubuntu: apt-get install parallel)"
[ -n "$logins" ] || [ -n "$loginfile" ] || logins=:
if [ "$shards" -gt "$deals" ]; then
    shards=$deals
fi

if [ -z "$sim" ]; then
    if command -v canasta-sim > /dev/null 2>&1; then
        sim=canasta-sim
    elif [ -x tools/canasta-sim ]; then
        sim=$(pwd)/tools/canasta-sim
    else
        die 2 "no canasta-sim (give -p PATH)"
    fi
fi

# The study's options, checked here before any host runs them: one deal
# with a move guard of one move stops at once (status 1) unless the
# options are refused (status 2).  A --max-moves of the study's own plays
# the deal through.
guard="--max-moves 1"
for a in "$@"; do
    case $a in --max-moves | --max-moves=*) guard= ;; esac
done
scratch=$(mktemp)
trap 'rm -f "$scratch"' EXIT
status=0
# shellcheck disable=SC2086
"$sim" "$@" $guard --games 1 --seed-from "$seed" --threads 1 --quiet \
    --json > /dev/null 2> "$scratch" || status=$?
if [ "$status" -gt 1 ]; then
    sed 's/^/    /' "$scratch" >&2
    die 2 "$sim refuses the study's options (status $status)"
fi

# What defines the study (the hosts do not): a resumed run must be the
# same study, or the job log would pair old results with new commands.
study() {
    echo "deals $deals"
    echo "seed $seed"
    echo "shards $shards"
    echo "threads $threads"
    echo "program $sim"
    for a in "$@"; do echo "option $a"; done
}
if [ "$resume" -eq 1 ]; then
    [ -f "$out/study" ] || die 2 "-r: $out holds no study to resume"
    study "$@" | cmp -s - "$out/study" ||
        die 2 "-r: not the study of $out (its arguments are in $out/study)"
    resume_opt=--resume-failed
    # A report of an earlier merge must not outlive a failed run.
    rm -f "$out/report.json"
else
    if [ -e "$out/study" ] || [ -e "$out/joblog" ]; then
        die 2 "$out holds a study already: resume it with -r, or give another -o"
    fi
    mkdir -p "$out"
    study "$@" > "$out/study"
    resume_opt=
fi

# The shards: shard i of K has the seeds SEED + floor(i*DEALS/K) up to the
# next shard's first seed; their sizes differ by one deal at most.
{
    echo "from count"
    i=0
    while [ "$i" -lt "$shards" ]; do
        a=$((i * deals / shards))
        b=$(((i + 1) * deals / shards))
        echo "$((seed + a)) $((b - a))"
        i=$((i + 1))
    done
} > "$out/seeds"

last=$((seed + deals - 1))
echo "$me: $shards shards of seeds $seed..$last on ${logins:+$logins}${loginfile:+${logins:+,}$loginfile}" >&2
bar=
[ -t 2 ] && bar=--bar
status=0
# GNU parallel (20221122 at least) runs a remote job through $SHELL; with
# SHELL unset, as under some CI runners and cron, every remote job exits 0
# with empty output.  Any POSIX shell will do for the wrapper.
SHELL=${SHELL:-/bin/sh}
export SHELL
# -q: the options reach canasta-sim as they are, quoted for the remote
# shells too.  The results are collected here, one directory per shard
# (named by the columns of DIR/seeds).
# shellcheck disable=SC2086
parallel --header : --colsep ' ' --results "$out/shards" \
    --joblog "$out/joblog" $resume_opt --halt soon,fail=1 $bar \
    ${logins:+--sshlogin} ${logins:+"$logins"} \
    ${loginfile:+--sshloginfile} ${loginfile:+"$loginfile"} \
    -q "$sim" "$@" --games '{count}' --seed-from '{from}' \
    --threads "$threads" --json < "$out/seeds" || status=$?
if [ "$status" -ne 0 ]; then
    die 1 "a shard failed or did not run (GNU parallel's exit status $status): see $out/joblog and the stderr files under $out/shards; run again with -r to run only those"
fi

# The merge: every shard's report (GNU parallel names the directories
# after the columns of DIR/seeds; the order of the files does not change
# the sums).
set --
find "$out/shards" -name stdout -type f | sort > "$scratch"
while IFS= read -r f; do
    set -- "$@" "$f"
done < "$scratch"
[ $# -eq "$shards" ] ||
    die 1 "$# shard reports under $out/shards, expected $shards"
"$sim" merge --json "$@" > "$out/report.json.tmp" ||
    die 1 "canasta-sim merge refused the shards"
# The merged seeds must be the study's, as one range: a lost or doubled
# shard would show here (or in the merge's overlap check).
if ! grep -F "\"seeds\":[{\"from\":$seed,\"count\":$deals}]," \
    "$out/report.json.tmp" > /dev/null; then
    got=$(sed -n 's/.*"seeds":\(\[[^]]*\]\).*/\1/p' "$out/report.json.tmp")
    die 1 "the shards do not cover seeds $seed..$last exactly: their seeds are $got"
fi
mv "$out/report.json.tmp" "$out/report.json"
"$sim" merge "$out/report.json"
