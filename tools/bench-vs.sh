#!/bin/sh
# bench-vs.sh - this tree's speed side by side with an earlier release's,
# in one run (issue 19's goals: reference play at least 1.8 times 1.0.0's
# hands a second, random play no slower; docs/PERFORMANCE.md).
#
#   sh tools/bench-vs.sh [-n PAIRS] [-m MODE] [COMMIT]
#
# COMMIT (default b648c3d, the 1.0.0 release) is taken from this git
# repository (git archive: the working tree is not touched) and its
# libcanasta.a built apart, by its own Makefile with its own flags.  This
# tree's bench/bench.c is compiled against that library too (bench.c
# uses only the API of 1.0, so that it builds against 1.0.0's header), so
# both programs time the same work with the same harness code.  The two
# are then run in turn,
# PAIRS times (default 21), this tree's first in the odd pairs and
# COMMIT's first in the even ones (so that a drift of the machine's speed
# during a pair favours neither): bench --ref-play (MODE
# ref-play, the default: ref_play_hands_per_s) or bench --random-play
# (MODE random-play: random_play_decisions_per_s).  Every pair is printed,
# then both medians and the median of the pairs' ratios (this tree over
# COMMIT) with their range.  The machine's speed drifts while it runs;
# a pair's two runs are seconds apart, so the ratio of a pair holds when
# the absolute figures do not.  Nothing is asserted: the exit status is
# non-zero only when something could not be built or run.
#
# Environment: CC (default cc; make bench-vs passes its own), WORK (a
# directory for the build, default a new one in ${TMPDIR:-/tmp}, removed
# at the end; its old/ is made anew), BENCH (this tree's program, default
# ./bench/bench, built first by "make bench/bench").  Compare builds made
# with the same compiler and optimisation: a ./configure build of this
# tree gets autoconf's -O2 unless CFLAGS says otherwise, the release's
# own Makefile -O3.
set -eu

pairs=21
mode=ref-play
while getopts n:m:h opt; do
    case $opt in
    n) pairs=$OPTARG ;;
    m) mode=$OPTARG ;;
    *) sed -n '2,26p' "$0" | sed 's/^# \{0,1\}//' >&2; exit 2 ;;
    esac
done
shift $((OPTIND - 1))
commit=${1:-b648c3d}
CC=${CC:-cc}
BENCH=${BENCH:-./bench/bench}
src=$(cd "$(dirname "$0")/.." && pwd)

case $mode in
ref-play) figure=ref_play_hands_per_s ;;
random-play) figure=random_play_decisions_per_s ;;
*) echo "bench-vs.sh: MODE is ref-play or random-play, not '$mode'" >&2
   exit 2 ;;
esac
case $pairs in
'' | *[!0-9]*) echo "bench-vs.sh: PAIRS must be a number" >&2; exit 2 ;;
esac
[ "$pairs" -ge 1 ] || { echo "bench-vs.sh: PAIRS must be 1 or more" >&2; exit 2; }
if [ ! -x "$BENCH" ]; then
    echo "bench-vs.sh: run make bench/bench first ($BENCH)" >&2
    exit 2
fi
# The old release's library (tools/release-build.sh), and this tree's
# bench.c linked with it.
. "$src/tools/release-build.sh"
release_build bench-vs "$commit"
$CC -std=c99 -O2 -I"$WORK/old/include" -o "$WORK/bench-old" \
    "$src/bench/bench.c" "$WORK/old/libcanasta.a" -pthread -lm

# One run's figure (nothing when the run failed: an engine error).
figure_of() {
    "$1" "--$mode" >"$WORK/run.out" 2>/dev/null || return 0
    awk -v f="$figure" '$1 == "bench" && $2 == f { print $3 }' "$WORK/run.out"
}

echo "bench-vs.sh: $figure, this tree against $commit, $pairs pairs in turn"
printf '%-6s %14s %14s %8s\n' pair this "$commit" ratio
: >"$WORK/pairs"
i=1
while [ "$i" -le "$pairs" ]; do
    if [ $((i % 2)) = 1 ]; then
        a=$(figure_of "$BENCH")
        b=$(figure_of "$WORK/bench-old")
    else
        b=$(figure_of "$WORK/bench-old")
        a=$(figure_of "$BENCH")
    fi
    if [ -z "$a" ] || [ -z "$b" ]; then
        echo "bench-vs.sh: a run failed or printed no $figure" >&2
        exit 1
    fi
    r=$(awk -v a="$a" -v b="$b" 'BEGIN { printf "%.4f", a / b }')
    printf '%-6s %14s %14s %8s\n' "$i" "$a" "$b" "$r"
    echo "$a $b $r" >>"$WORK/pairs"
    i=$((i + 1))
done

# Medians (the middle value; the mean of the two middle ones for an even
# count) of each column, and the ratios' range.
median() {
    cut -d' ' -f"$1" "$WORK/pairs" | sort -n |
        awk -v fmt="$2" '{ v[NR] = $1 } END { if (NR % 2) m = v[(NR + 1) / 2];
             else m = (v[NR / 2] + v[NR / 2 + 1]) / 2; printf fmt "\n", m }'
}
low=$(cut -d' ' -f3 "$WORK/pairs" | sort -n | head -n 1)
high=$(cut -d' ' -f3 "$WORK/pairs" | sort -n | tail -n 1)
echo "median $figure: this tree $(median 1 %.0f), $commit $(median 2 %.0f)"
echo "median ratio of the pairs: $(median 3 %.4f) (range $low-$high)"
