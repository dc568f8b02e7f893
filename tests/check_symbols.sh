#!/bin/sh
# Exported-symbol test for the shared library.
#
#   sh tests/check_symbols.sh libcanasta.so.X.Y.Z include/canasta.h
#
# Passes when
#  1. every dynamic symbol the library defines starts with canasta_
#     (version nodes such as CANASTA_0 are not symbols and are skipped), and
#  2. the functions it exports are exactly the functions the header
#     declares with CANASTA_API.
# The nm to use may be given in $NM (default: nm).
set -eu

if [ $# -ne 2 ]; then
    echo "usage: $0 SHARED_LIBRARY HEADER" >&2
    exit 2
fi
lib=$1
header=$2
nm=${NM:-nm}

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT HUP INT TERM

if ! $nm -D --defined-only "$lib" > "$tmp/nm.out"; then
    echo "check_symbols: $nm -D --defined-only $lib failed" >&2
    exit 1
fi

# nm prints "VALUE TYPE NAME[@[@]VERSION]".  Keep TYPE and the bare NAME;
# drop the absolute symbols ld makes for version nodes.
awk '
    NF >= 2 {
        type = $(NF - 1); name = $NF
        sub(/@.*/, "", name)
        if (type == "A" && name ~ /^[A-Z][A-Z0-9_.]*$/) next
        print type, name
    }' "$tmp/nm.out" | LC_ALL=C sort -u > "$tmp/exported"

status=0

# 1. Nothing outside the canasta_ name space.
awk '$2 !~ /^canasta_/ { print "  " $2 " (type " $1 ")" }' "$tmp/exported" \
    > "$tmp/foreign"
if [ -s "$tmp/foreign" ]; then
    echo "check_symbols: $lib exports symbols without the canasta_ prefix:"
    cat "$tmp/foreign"
    status=1
fi

# 2a. Exported functions (text, weak and indirect symbols).
awk '$1 == "T" || $1 == "W" || $1 == "i" { print $2 }' "$tmp/exported" \
    | LC_ALL=C sort -u > "$tmp/lib-functions"

# 2b. Functions declared with CANASTA_API in the header: strip comments and
# preprocessor lines (with their continuations), join the rest, split it
# into declarations at ; { and }, and take the name in front of the first
# "(" of each declaration that carries CANASTA_API.
awk '
    BEGIN { in_comment = 0; continued = 0 }
    {
        line = $0
        if (continued) { continued = (line ~ /\\$/); next }
        out = ""
        while (length(line) > 0) {
            if (in_comment) {
                end = index(line, "*/")
                if (end == 0) { line = ""; break }
                line = substr(line, end + 2); in_comment = 0
            } else {
                start = index(line, "/*")
                slash = index(line, "//")
                if (slash > 0 && (start == 0 || slash < start)) {
                    out = out substr(line, 1, slash - 1); line = ""; break
                }
                if (start == 0) { out = out line; line = ""; break }
                out = out substr(line, 1, start - 1) " "
                line = substr(line, start + 2); in_comment = 1
            }
        }
        if (out ~ /^[ \t]*#/) { continued = (out ~ /\\$/); next }
        text = text " " out
    }
    END {
        gsub(/[{}]/, ";", text)
        n = split(text, decls, ";")
        for (i = 1; i <= n; i++) {
            d = decls[i]
            if (d !~ /(^|[^A-Za-z0-9_])CANASTA_API[^A-Za-z0-9_]/) continue
            paren = index(d, "(")
            if (paren == 0) continue
            head = substr(d, 1, paren - 1)
            sub(/[ \t]+$/, "", head)
            if (match(head, /[A-Za-z_][A-Za-z0-9_]*$/))
                print substr(head, RSTART, RLENGTH)
        }
    }' "$header" | LC_ALL=C sort -u > "$tmp/header-functions"

if [ ! -s "$tmp/header-functions" ]; then
    echo "check_symbols: found no CANASTA_API functions in $header"
    status=1
fi

LC_ALL=C comm -23 "$tmp/header-functions" "$tmp/lib-functions" > "$tmp/missing"
LC_ALL=C comm -13 "$tmp/header-functions" "$tmp/lib-functions" > "$tmp/extra"
if [ -s "$tmp/missing" ]; then
    echo "check_symbols: declared CANASTA_API in $header but not exported by $lib:"
    sed 's/^/  /' "$tmp/missing"
    status=1
fi
if [ -s "$tmp/extra" ]; then
    echo "check_symbols: exported by $lib but not declared CANASTA_API in $header:"
    sed 's/^/  /' "$tmp/extra"
    status=1
fi

if [ "$status" -eq 0 ]; then
    echo "check_symbols: $lib exports exactly the $(wc -l < "$tmp/header-functions" | tr -d ' ') CANASTA_API functions of $(basename "$header")"
fi
exit "$status"
