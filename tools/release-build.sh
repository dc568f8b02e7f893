# release-build.sh - sourced by tools/bench-vs.sh and
# tools/old-player-match.sh: an earlier release's libcanasta.a, built
# apart from this tree.  Not a program of its own.
#
#   release_build NAME COMMIT
#       NAME: the calling script's name, for messages and the work
#       directory.  Needs $src (this tree's top directory) and $CC.
#       Sets $WORK (from the environment, or a new directory in
#       ${TMPDIR:-/tmp} removed when the script exits) and builds
#       $WORK/old/libcanasta.a from COMMIT of this git repository, by
#       that release's own Makefile with its own flags (and $CC).

release_build() {
    _name=$1
    _commit=$2
    if ! git -C "$src" cat-file -e "$_commit^{commit}" 2>/dev/null; then
        echo "$_name: no commit $_commit in this repository (a shallow" \
             "clone? git fetch --unshallow)" >&2
        exit 2
    fi
    release_own_work=0
    if [ -z "${WORK:-}" ]; then
        WORK=$(mktemp -d "${TMPDIR:-/tmp}/$_name.XXXXXX")
        release_own_work=1
    fi
    trap 'if [ "$release_own_work" = 1 ]; then rm -rf "$WORK"; fi' EXIT
    trap 'exit 130' INT TERM
    # old/ is made anew: the archive's files carry the commit's time, so
    # objects left by another commit could look newer than them.  The
    # outer make's command-line variables (srcdir of an out-of-tree
    # build, CFLAGS) must not reach the release's build.
    rm -rf "$WORK/old"
    mkdir -p "$WORK/old"
    git -C "$src" archive -o "$WORK/old.tar" "$_commit"
    tar -x -C "$WORK/old" -f "$WORK/old.tar"
    MAKEFLAGS= MAKELEVEL= make -s -C "$WORK/old" CC="$CC" srcdir=. \
        libcanasta.a >/dev/null
}
