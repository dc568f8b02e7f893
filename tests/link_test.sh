#!/bin/sh
# Linking against an installed libcanasta in every way the README gives
# (run by make check-link after a make install into a scratch DESTDIR).
#
#   sh tests/link_test.sh DESTDIR PREFIX LIBDIR INCLUDEDIR PKGCONFIGDIR CMAKEDIR
#
# The directories are the ones make install was given; the files are
# below DESTDIR.  Environment: CC, NM, PKG_CONFIG, CMAKE, READELF,
# OBJCOPY (the tools), INTERNAL_LIB (the plain archive of the library's
# objects, lib/libcanasta-internal.a), LINK_TEST_VERSION and
# LINK_TEST_SONAME (the version and soname the Makefile built).
#
# 1. libcanasta.a defines exactly the global names lib/canasta.map
#    exports; tests/link/own_names.c, which defines cn_check and other
#    internal names, links with it and the library never calls them; with
#    the plain archive the same program does not link.
# 2. pkg-config from a prefix the loader does not search: with
#    -Wl,-rpath,$(pkg-config --variable=libdir canasta) the program runs
#    with no LD_LIBRARY_PATH (and without the rpath it does not).
# 3. Static linking: the archive's path, or -l:libcanasta.a, gives a
#    program that needs no libcanasta.so; pkg-config --static --libs
#    still gives one that does (the README says so).
# 4. find_package(canasta) in a CMake project: both imported targets
#    build and run; the version file accepts the same major version up
#    to this one and refuses the others.  Skipped, with a line, where
#    cmake is missing.
set -u

if [ $# -ne 6 ]; then
    echo "usage: $0 DESTDIR PREFIX LIBDIR INCLUDEDIR PKGCONFIGDIR CMAKEDIR" >&2
    exit 2
fi
dest=$1 prefix=$2 libdir=$3 includedir=$4 pcdir=$5 cmakedir=$6
here=$(cd "$(dirname "$0")" && pwd)
CC=${CC:-cc} NM=${NM:-nm} PKG_CONFIG=${PKG_CONFIG:-pkg-config}
CMAKE=${CMAKE:-cmake} READELF=${READELF:-readelf} OBJCOPY=${OBJCOPY-objcopy}
version=${LINK_TEST_VERSION:?} soname=${LINK_TEST_SONAME:?}
internal=${INTERNAL_LIB:?}

me=link_test
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT HUP INT TERM
tests=0 failures=0
fail() { echo "$me: FAIL: $*" >&2; failures=$((failures + 1)); }
ok() { echo "$me: ok: $*"; }
skip() { echo "$me: skipped: $*"; }
check() { # check CONDITION-EXIT-STATUS NAME
    tests=$((tests + 1))
    if [ "$1" -eq 0 ]; then ok "$2"; else fail "$2"; fi
}
# Runs a program the way a user starts it: no LD_LIBRARY_PATH.
run_plain() { env -u LD_LIBRARY_PATH "$@"; }

slib=$dest$libdir
sinc=$dest$includedir
cflags="-std=c99 -Wall -Wextra -Wpedantic -Werror"
have_readelf=0
command -v "$READELF" >/dev/null 2>&1 && have_readelf=1
# needs PROGRAM: 0 if PROGRAM's dynamic section needs $soname.
needs() { "$READELF" -d "$1" | grep "NEEDED.*\[$soname\]" >/dev/null; }

for f in "$slib/libcanasta.a" "$slib/libcanasta.so" "$sinc/canasta.h" \
         "$dest$pcdir/canasta.pc" "$dest$cmakedir/canasta-config.cmake" \
         "$dest$cmakedir/canasta-config-version.cmake"; do
    [ -e "$f" ] || { echo "$me: make install did not install $f" >&2; exit 1; }
done

# ---- 1. the static library exports only the public names -------------
sed -n 's/^[ 	]*\(canasta_[A-Za-z0-9_]*\);[ 	]*$/\1/p' \
    "$here/../lib/canasta.map" | LC_ALL=C sort > "$tmp/exports"
"$NM" -g --defined-only "$slib/libcanasta.a" 2>/dev/null |
    awk 'NF == 3 { print $3 }' | LC_ALL=C sort > "$tmp/defined"
if [ ! -s "$tmp/exports" ] || [ ! -s "$tmp/defined" ]; then
    fail "could not list lib/canasta.map's names or libcanasta.a's symbols"
elif cmp -s "$tmp/exports" "$tmp/defined"; then
    check 0 "libcanasta.a defines exactly the $(wc -l < "$tmp/exports") names lib/canasta.map exports"
elif ! command -v "$OBJCOPY" >/dev/null 2>&1; then
    skip "libcanasta.a was built without objcopy and exports internal names"
    static_plain=1
else
    check 1 "libcanasta.a defines exactly the names lib/canasta.map exports"
    diff "$tmp/exports" "$tmp/defined" | head -20 >&2
fi

own=$here/link/own_names.c
names=$(grep -E '^[a-z ]+[*]?cn_[a-z_]+[[(]' "$own" |
    sed 's/^[^(]*\(cn_[a-z_]*\)[[(].*$/\1/')
[ -n "$names" ] || fail "no cn_* names found in $own"
missing=
for n in $names; do
    "$NM" -g --defined-only "$internal" | awk -v n="$n" '$3 == n { f = 1 } END { exit !f }' ||
        missing="$missing $n"
done
check "$([ -z "$missing" ]; echo $?)" \
    "own_names.c's names ($(echo $names)) are the library's internal ones${missing:+; not internal any more:$missing (update $own)}"

if [ "${static_plain:-0}" -eq 0 ]; then
    st=0
    $CC $cflags -I"$sinc" -o "$tmp/own_names" "$own" "$slib/libcanasta.a" \
        2> "$tmp/err" || st=$?
    [ $st -ne 0 ] && sed 's/^/    /' "$tmp/err" | head -10 >&2
    check $st "a program defining cn_check and other internal names links with libcanasta.a"
    if [ $st -eq 0 ]; then
        run_plain "$tmp/own_names" > "$tmp/out" 2>&1; st=$?
        [ $st -ne 0 ] && sed 's/^/    /' "$tmp/out" >&2
        check $st "it plays a whole game and the library calls none of its cn_* functions"
    fi
fi
st=0
$CC $cflags -I"$sinc" -o "$tmp/own_names_plain" "$own" "$internal" \
    2> "$tmp/err" || st=$?
grep 'multiple definition of .cn_' "$tmp/err" >/dev/null && st=0 || st=1
check $st "with the plain archive of the objects the same program does not link (multiple definition of cn_*)"

# ---- 2. pkg-config from a prefix with an rpath ----------------------
# The staged canasta.pc says prefix=$prefix; --define-variable points it
# into DESTDIR, as a prefix of one's own would be.
pc() {
    PKG_CONFIG_PATH= PKG_CONFIG_LIBDIR="$dest$pcdir" \
        $PKG_CONFIG --define-variable=prefix="$dest$prefix" "$@" canasta
}
pc_libdir=$(pc --variable=libdir)
if ! command -v "$PKG_CONFIG" >/dev/null 2>&1; then
    skip "pkg-config not found: no pkg-config checks"
elif [ "$pc_libdir" != "$slib" ]; then
    skip "canasta.pc's libdir ($pc_libdir) is not below its prefix: no pkg-config checks"
else
    # shellcheck disable=SC2046
    $CC $cflags -o "$tmp/app_rpath" "$here/link/main.c" $(pc --cflags --libs) \
        -Wl,-rpath,"$pc_libdir" 2> "$tmp/err"; st=$?
    [ $st -ne 0 ] && sed 's/^/    /' "$tmp/err" >&2
    check $st "cc app.c \$(pkg-config --cflags --libs canasta) -Wl,-rpath,\$(pkg-config --variable=libdir canasta)"
    if [ $st -eq 0 ]; then
        run_plain "$tmp/app_rpath" > "$tmp/out" 2>&1; st=$?
        grep "^libcanasta $version: " "$tmp/out" >/dev/null || st=1
        check $st "the rpath program runs with no LD_LIBRARY_PATH"
        if [ $have_readelf -eq 1 ]; then
            "$READELF" -d "$tmp/app_rpath" | grep -E "R(UN)?PATH.*$pc_libdir" >/dev/null
            check $? "its dynamic section has the rpath $pc_libdir"
        fi
        # shellcheck disable=SC2046
        $CC $cflags -o "$tmp/app_norpath" "$here/link/main.c" $(pc --cflags --libs)
        if run_plain "$tmp/app_norpath" > "$tmp/out" 2>&1; then
            skip "a $soname the loader finds is installed, so the program without an rpath runs too"
        else
            grep "$soname" "$tmp/out" >/dev/null
            check $? "without the rpath the loader does not find $soname (the rpath is what finds it)"
        fi
    fi

    # ---- 3. static linking ------------------------------------------
    # shellcheck disable=SC2046
    $CC $cflags -o "$tmp/app_a" "$here/link/main.c" $(pc --cflags) \
        "$(pc --variable=libdir)/libcanasta.a" 2> "$tmp/err"; st=$?
    [ $st -ne 0 ] && sed 's/^/    /' "$tmp/err" >&2
    check $st "cc app.c \$(pkg-config --cflags canasta) \$(pkg-config --variable=libdir canasta)/libcanasta.a"
    if [ $st -eq 0 ]; then
        run_plain "$tmp/app_a" > "$tmp/out" 2>&1
        check $? "the statically linked program runs"
        if [ $have_readelf -eq 1 ]; then
            needs "$tmp/app_a"; check "$([ $? -ne 0 ]; echo $?)" "it needs no $soname"
        fi
    fi
    if [ "$(uname -s)" = Darwin ]; then
        skip "-l:libcanasta.a (ld64 has no -l:FILE)"
    else
        # shellcheck disable=SC2046
        $CC $cflags -o "$tmp/app_l" "$here/link/main.c" $(pc --cflags) \
            -L"$(pc --variable=libdir)" -l:libcanasta.a 2> "$tmp/err"; st=$?
        [ $st -ne 0 ] && sed 's/^/    /' "$tmp/err" >&2
        check $st "cc app.c \$(pkg-config --cflags canasta) -L\$(pkg-config --variable=libdir canasta) -l:libcanasta.a"
        if [ $st -eq 0 ] && [ $have_readelf -eq 1 ]; then
            needs "$tmp/app_l"; check "$([ $? -ne 0 ]; echo $?)" "-l:libcanasta.a: it needs no $soname"
        fi
    fi
    if [ $have_readelf -eq 1 ]; then
        # shellcheck disable=SC2046
        $CC $cflags -o "$tmp/app_static_pc" "$here/link/main.c" \
            $(pc --cflags --static --libs) 2> "$tmp/err"; st=$?
        [ $st -eq 0 ] && { needs "$tmp/app_static_pc"; st=$?; }
        check $st "pkg-config --static --libs canasta still links libcanasta.so, as the README warns"
    fi
fi

# ---- 4. CMake: find_package(canasta) ---------------------------------
if ! command -v "$CMAKE" >/dev/null 2>&1; then
    skip "$CMAKE not found: no find_package(canasta) checks (apt-get install cmake)"
else
    b=$tmp/cmake-app
    "$CMAKE" -S "$here/cmake/app" -B "$b" -DCMAKE_PREFIX_PATH="$dest$prefix" \
        -DCMAKE_C_COMPILER="$CC" -DCANASTA_EXPECT_VERSION="$version" \
        > "$tmp/cmake.log" 2>&1 &&
        "$CMAKE" --build "$b" >> "$tmp/cmake.log" 2>&1; st=$?
    [ $st -ne 0 ] && sed 's/^/    /' "$tmp/cmake.log" | tail -30 >&2
    check $st "find_package(canasta 1.1) with CMAKE_PREFIX_PATH: both targets build"
    if [ $st -eq 0 ]; then
        grep "canasta $version in $dest$cmakedir" "$tmp/cmake.log" >/dev/null
        check $? "it is the package in DESTDIR, version $version"
        for t in app_shared app_static; do
            run_plain "$b/$t" > "$tmp/out" 2>&1; st=$?
            grep "^libcanasta $version: " "$tmp/out" >/dev/null || st=1
            check $st "$t runs (no LD_LIBRARY_PATH)"
        done
        if [ $have_readelf -eq 1 ]; then
            needs "$b/app_shared"; check $? "canasta::canasta: app_shared needs $soname"
            needs "$b/app_static"; check "$([ $? -ne 0 ]; echo $?)" "canasta::canasta_static: app_static needs no $soname"
        fi
    fi

    # The version file: same major, not newer than this one.
    major=${version%%.*} rest=${version#*.}
    minor=${rest%%.*}
    cmake_minor=$("$CMAKE" --version | sed -n 's/^cmake version [0-9]*\.\([0-9]*\).*/\1/p')
    cmake_major=$("$CMAKE" --version | sed -n 's/^cmake version \([0-9]*\)\..*/\1/p')
    accept="$major $major.0 $major.$minor $version"
    refuse="$major.$((minor + 1)) $((major + 1)) $((major + 1)).0"
    [ "$major" -gt 0 ] && refuse="$refuse $((major - 1)).0"
    # Version ranges: CMake 3.19 and later.
    if [ "${cmake_major:-0}" -gt 3 ] || { [ "${cmake_major:-0}" -eq 3 ] && [ "${cmake_minor:-0}" -ge 19 ]; }; then
        accept="$accept $major.0...<$((major + 1)) $major.0...$version"
        refuse="$refuse $((major + 1))...$((major + 2)) $major.0...<$version"
    fi
    for r in "" $accept; do
        "$CMAKE" -S "$here/cmake/version" -B "$tmp/v" -DCMAKE_PREFIX_PATH="$dest$prefix" \
            -DCANASTA_REQUEST="$r" > "$tmp/v.log" 2>&1; st=$?
        [ $st -ne 0 ] && sed 's/^/    /' "$tmp/v.log" | tail -10 >&2
        check $st "find_package(canasta ${r:-(no version)}) accepts $version"
        rm -rf "$tmp/v"
    done
    for r in $refuse; do
        "$CMAKE" -S "$here/cmake/version" -B "$tmp/v" -DCMAKE_PREFIX_PATH="$dest$prefix" \
            -DCANASTA_REQUEST="$r" > "$tmp/v.log" 2>&1; st=$?
        if [ $st -ne 0 ] && grep "compatible with requested version" "$tmp/v.log" >/dev/null &&
           grep "version: $version" "$tmp/v.log" >/dev/null; then st=0; else st=1; fi
        [ $st -ne 0 ] && sed 's/^/    /' "$tmp/v.log" | tail -10 >&2
        check $st "find_package(canasta $r) refuses $version, naming it"
        rm -rf "$tmp/v"
    done
fi

if [ "$failures" -ne 0 ]; then
    echo "$me: $failures of $tests checks failed" >&2
    exit 1
fi
echo "$me: all $tests checks passed"
