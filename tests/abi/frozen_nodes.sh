#!/bin/sh
# Released version nodes are frozen (docs/ABI.md, "Adding functions"):
# called by "make abi-check" and "make abi-dump" after the abidiff verdict.
#
#   sh tests/abi/frozen_nodes.sh BASELINE.abi NEW.abi RELEASED
#
# RELEASED lists one version node per line (# starts a comment): the
# nodes a release has shipped, e.g. CANASTA_1 from 1.0 on.  For each of
# them, the functions the new dump puts in that node must be exactly the
# ones the baseline has there.  abidiff already refuses a function removed
# or moved to another node; what it takes for a compatible addition is a
# new function slipped into a shipped node, which a program linked against
# the newer library would then find "missing" in an older library of the
# same node only when it calls it, instead of being refused at load time.
# Exit status: 0 frozen nodes unchanged, 1 a name added to one, 2 usage.
set -u

if [ $# -ne 3 ]; then
    echo "usage: $0 BASELINE.abi NEW.abi RELEASED" >&2
    exit 2
fi
for f in "$1" "$2" "$3"; do
    [ -r "$f" ] || { echo "frozen_nodes: cannot read $f" >&2; exit 2; }
done

# names_in FILE NODE: the function symbols of NODE in an abidw dump.
names_in() {
    sed -n "s/.*<elf-symbol name='\([^']*\)' version='$2' .*/\1/p" "$1" |
        LC_ALL=C sort -u
}

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT HUP INT TERM
status=0
for node in $(sed -e 's/#.*//' "$3"); do
    names_in "$1" "$node" > "$tmp/old"
    names_in "$2" "$node" > "$tmp/new"
    if [ ! -s "$tmp/old" ]; then
        echo "frozen_nodes: the baseline has no function in the released" \
             "node $node; is $3 right?" >&2
        status=1
        continue
    fi
    added=$(LC_ALL=C comm -13 "$tmp/old" "$tmp/new")
    if [ -n "$added" ]; then
        echo "abi-check: FAIL: added to the released version node $node:"
        printf '  %s\n' $added
        echo "abi-check: a shipped node never changes; put new functions in"
        echo "abi-check: the node of the coming release (docs/ABI.md)."
        status=1
    fi
done
if [ $status -eq 0 ]; then
    echo "abi-check: PASS: the released version nodes are unchanged" \
         "($(sed -e 's/#.*//' "$3" | tr -s ' \n' ' ' | sed 's/^ //; s/ $//'))"
fi
exit $status
