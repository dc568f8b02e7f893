#!/bin/sh
# Exported-symbol test for the shared library.
#
#   sh tests/check_symbols.sh libcanasta.so.X.Y.Z include/canasta.h [lib/canasta.map]
#
# Three lists name the public functions, and they must agree:
#   header   the functions include/canasta.h declares with CANASTA_API;
#   map      the names the version script lib/canasta.map exports
#            (under "global:"; they must be plain names, no wildcards);
#   library  the dynamic symbols the built library defines
#            (nm -D --defined-only), without the version-node symbols.
# The test fails, with a table of what is missing where, when a name is
# not in all three.  It also fails when the library exports a symbol
# outside the canasta_ name space, or when a symbol's version node in the
# library differs from its node in the map (so a name can never slip into
# the wrong node once there is more than one).
#
# The map defaults to lib/canasta.map next to this script's directory.
# The nm to use may be given in $NM (default: nm).  POSIX sh and awk.
set -eu

if [ $# -ne 2 ] && [ $# -ne 3 ]; then
    echo "usage: $0 SHARED_LIBRARY HEADER [VERSION_SCRIPT]" >&2
    exit 2
fi
lib=$1
header=$2
if [ $# -eq 3 ]; then
    map=$3
else
    map=$(dirname "$0")/../lib/canasta.map
fi
nm=${NM:-nm}

for f in "$lib" "$header" "$map"; do
    if [ ! -f "$f" ]; then
        echo "check_symbols: $f: no such file" >&2
        exit 2
    fi
done

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT HUP INT TERM

status=0

# ---------------------------------------------------------------------
# The library: "TYPE NAME NODE" per defined dynamic symbol.
# ---------------------------------------------------------------------
if ! $nm -D --defined-only "$lib" > "$tmp/nm.out"; then
    echo "check_symbols: $nm -D --defined-only $lib failed" >&2
    exit 1
fi

# nm prints "VALUE TYPE NAME[@[@]NODE]".  Keep TYPE, the bare NAME and
# the NODE ("-" when the symbol has no version, which means the version
# script did not apply to it).  Drop the absolute symbols ld makes for the
# version nodes themselves (type A, upper-case name such as CANASTA_1).
awk '
    NF >= 2 {
        type = $(NF - 1); name = $NF; node = "-"
        if (index(name, "@") > 0) {
            node = name
            sub(/^[^@]*@@?/, "", node)
            sub(/@.*/, "", name)
        }
        if (type == "A" && name ~ /^[A-Z][A-Z0-9_.]*$/) next
        print type, name, node
    }' "$tmp/nm.out" | LC_ALL=C sort -u > "$tmp/exported"

# Nothing outside the canasta_ name space (functions or data).
awk '$2 !~ /^canasta_/ { print "  " $2 " (type " $1 ")" }' "$tmp/exported" \
    > "$tmp/foreign"
if [ -s "$tmp/foreign" ]; then
    echo "check_symbols: $lib exports symbols without the canasta_ prefix:"
    cat "$tmp/foreign"
    status=1
fi

# Every exported symbol, functions and data alike: the header declares
# functions only, so an exported variable shows up below as a difference.
awk '{ print $2 }' "$tmp/exported" | LC_ALL=C sort -u > "$tmp/lib-names"
awk '{ print $2, $3 }' "$tmp/exported" | LC_ALL=C sort -u > "$tmp/lib-nodes"

# ---------------------------------------------------------------------
# The header: functions declared with CANASTA_API.
# ---------------------------------------------------------------------
# Strip comments and preprocessor lines (with their continuations), join
# the rest, split it into declarations at ; { and }, and take the name in
# front of the first "(" of each declaration that carries CANASTA_API.
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
    }' "$header" | LC_ALL=C sort -u > "$tmp/header-names"

if [ ! -s "$tmp/header-names" ]; then
    echo "check_symbols: found no CANASTA_API functions in $header"
    status=1
fi

# ---------------------------------------------------------------------
# The version script: "NAME NODE" per name under global:.
# ---------------------------------------------------------------------
# Comments (/* */) are removed, { } ; : become tokens of their own, and a
# small state machine walks the tokens:
#   NODE { [global:] names; [local:] patterns; } [PARENT];
# Names before any "global:"/"local:" label are global, as for ld.
# Problems (wildcards under global:, extern "C++" blocks, which this
# project does not use, a name listed twice) go to map-problems.
awk -v problems="$tmp/map-problems" '
    {
        line = $0; out = ""
        while (length(line) > 0) {
            if (in_comment) {
                end = index(line, "*/")
                if (end == 0) { line = ""; break }
                line = substr(line, end + 2); in_comment = 0
            } else {
                start = index(line, "/*")
                if (start == 0) { out = out line; line = ""; break }
                out = out substr(line, 1, start - 1) " "
                line = substr(line, start + 2); in_comment = 1
            }
        }
        text = text " " out
    }
    END {
        gsub(/[{};:]/, " & ", text)
        n = split(text, tok, /[ \t]+/)
        depth = 0; node = ""; scope = "global"; pending = ""
        for (i = 1; i <= n; i++) {
            t = tok[i]
            if (t == "") continue
            if (t == "extern") {
                print "extern blocks are not supported here" > problems
                continue
            }
            if (t == "{") {
                depth++
                if (depth == 1) { node = pending; scope = "global" }
                pending = ""; continue
            }
            if (t == "}") { depth--; pending = ""; continue }
            if (t == ":") {
                if (pending == "global" || pending == "local") scope = pending
                pending = ""; continue
            }
            if (t == ";") {
                if (depth == 1 && pending != "" && scope == "global") {
                    if (pending ~ /[*?[]/)
                        print "wildcard under global: " pending \
                              " (list every name)" > problems
                    else if (pending in seen)
                        print pending " is listed twice (nodes " \
                              seen[pending] " and " node ")" > problems
                    else {
                        seen[pending] = node
                        print pending, node
                    }
                }
                pending = ""; continue
            }
            pending = t
        }
    }' "$map" | LC_ALL=C sort -u > "$tmp/map-nodes"
awk '{ print $1 }' "$tmp/map-nodes" > "$tmp/map-names"

if [ -s "$tmp/map-problems" ]; then
    echo "check_symbols: $map:"
    sed 's/^/  /' "$tmp/map-problems"
    status=1
fi
if [ ! -s "$tmp/map-names" ]; then
    echo "check_symbols: found no exported names in $map"
    status=1
fi

# ---------------------------------------------------------------------
# Compare the three lists.
# ---------------------------------------------------------------------
# One row per name that is not in all three, with a hint at the usual fix.
LC_ALL=C sort -u "$tmp/header-names" "$tmp/map-names" "$tmp/lib-names" \
    > "$tmp/all-names"
awk -v h="$tmp/header-names" -v m="$tmp/map-names" -v l="$tmp/lib-names" '
    BEGIN {
        while ((getline x < h) > 0) inh[x] = 1
        while ((getline x < m) > 0) inm[x] = 1
        while ((getline x < l) > 0) inl[x] = 1
    }
    {
        name = $0
        if ((name in inh) && (name in inm) && (name in inl)) next
        if ((name in inh) && !(name in inm))
            hint = "add it to the version script"
        else if (!(name in inh) && (name in inm) && !(name in inl))
            hint = "stale: remove it from the version script"
        else if (!(name in inh) && (name in inl))
            hint = "exported but not declared CANASTA_API in the header"
        else if (!(name in inl))
            hint = "not defined in the library"
        else
            hint = "check the version script"
        printf "  %-40s %-7s %-4s %-7s %s\n", name, \
            (name in inh) ? "yes" : "-", (name in inm) ? "yes" : "-", \
            (name in inl) ? "yes" : "-", hint
    }' "$tmp/all-names" > "$tmp/differences"

if [ -s "$tmp/differences" ]; then
    echo "check_symbols: the header, the version script and the library disagree:"
    printf '  %-40s %-7s %-4s %-7s %s\n' "function" "header" "map" "library" "fix"
    cat "$tmp/differences"
    echo "  (header: $header; map: $map; library: $lib)"
    status=1
fi

# The node a symbol has in the library must be the node the map puts it in.
LC_ALL=C join "$tmp/lib-nodes" "$tmp/map-nodes" |
    awk '$2 != $3 { printf "  %-40s library %-12s map %s\n", $1, $2, $3 }' \
    > "$tmp/node-differences"
if [ -s "$tmp/node-differences" ]; then
    echo "check_symbols: version nodes differ between $lib and $map:"
    cat "$tmp/node-differences"
    status=1
fi

if [ "$status" -eq 0 ]; then
    echo "check_symbols: $(basename "$lib") exports exactly the $(wc -l < "$tmp/header-names" | tr -d ' ') CANASTA_API functions of $(basename "$header"), all listed in $(basename "$map")"
fi
exit "$status"
