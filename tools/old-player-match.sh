#!/bin/sh
# old-player-match.sh - the current reference player against the one of
# an earlier release, in a mirrored canasta-sim match (issue 19: the new
# player must not be weaker; docs/PLAYER.md, "Against 1.0.0").
#
#   sh tools/old-player-match.sh [COMMIT [SIM_OPTIONS...]]
#
# COMMIT (default b648c3d, the 1.0.0 release) is taken from this git
# repository (git archive: the working tree is not touched), built
# (its libcanasta.a), and its library's names renamed old_* (objcopy), so
# that tools/old_player_plugin.c can hold it beside the current library
# (./libcanasta.a, built first by "make").  The plugin is player A;
# player B is the current reference player with its defaults.  The
# options after COMMIT go to canasta-sim (default: --games 2000, deals
# 1..2000, every deal played twice with the players' seats swapped,
# --mirror).  The report's line for player B is the current player: its
# win rate's 95% interval should reach 50% or above.
#
# Environment: CC (default cc), WORK (a directory for the build, default
# a new one in ${TMPDIR:-/tmp}, removed at the end), SIM (default
# ./tools/canasta-sim).
set -eu

commit=${1:-b648c3d}
[ $# -gt 0 ] && shift
CC=${CC:-cc}
SIM=${SIM:-./tools/canasta-sim}
src=$(cd "$(dirname "$0")/.." && pwd)

if [ ! -f ./libcanasta.a ] || [ ! -x "$SIM" ]; then
    echo "old-player-match.sh: run make first (./libcanasta.a, $SIM)" >&2
    exit 2
fi

# The old release, built apart (tools/release-build.sh).
. "$src/tools/release-build.sh"
release_build old-player-match "$commit"

# Its names (every global symbol it defines) renamed old_*, so that the
# two libraries' objects link together into one plugin.
nm --defined-only -g "$WORK/old/libcanasta.a" 2>/dev/null |
    awk 'NF == 3 { print $3 " old_" $3 }' | sort -u >"$WORK/renames"
objcopy --redefine-syms="$WORK/renames" "$WORK/old/libcanasta.a" \
    "$WORK/libold.a"

# The plugin: both libraries inside, their names hidden.
$CC -std=c99 -O2 -fPIC -shared -I"$src/include" \
    -o "$WORK/old_player.so" "$src/tools/old_player_plugin.c" \
    "$WORK/libold.a" ./libcanasta.a -Wl,--exclude-libs,ALL

if [ $# -eq 0 ]; then
    set -- --games 2000 --mirror
fi
"$SIM" --plugin "$WORK/old_player.so" "$@"
