#!/bin/sh
# internals_test.sh - keeps docs/INTERNALS.md's rule table true to the code
# (make check-internals, mk/internals.mk).
#
#   sh tests/internals_test.sh SRCDIR [SPEC...]
#
# The rule table is the first table under "## Rule table" in
# SRCDIR/docs/INTERNALS.md, one row per rule ID and file:
#
#   | ID | lib/FILE | `function`, `table[]` ... | what it decides |
#
# Checked:
#   - every row names a file lib/NAME.c or lib/NAME.h that exists, and at
#     least one name;
#   - every name `f` is a function *defined* in that file (a line at the
#     left margin holding "f(", whose text reaches "{" before ";": a
#     declaration or a call does not count), and every `t[]` an array
#     defined there ("t[...] =" at the left margin);
#   - every rule ID mentioned in each SPEC (default SRCDIR/docs/RULES.md;
#     an ID is a capital of C V M O T R P G E S X A and a digit 1-9 as a
#     word) has at least one row.
# Exit status 0 when all hold, 1 otherwise (every failure is printed).

srcdir=${1:?usage: internals_test.sh SRCDIR [SPEC...]}
shift
doc="$srcdir/docs/INTERNALS.md"
[ $# -gt 0 ] || set -- "$srcdir/docs/RULES.md"

fail=0
err() {
    printf 'internals_test: %s\n' "$*" >&2
    fail=1
}

[ -f "$doc" ] || { err "$doc: not found"; exit 1; }

tmp=${TMPDIR:-/tmp}/internals_test.$$
trap 'rm -f "$tmp".*' EXIT INT TERM

# The table's rows as "LINE<TAB>ID<TAB>FILE<TAB>NAMES", NAMES the
# backquoted words of the third cell, separated by spaces.
awk '
    /^## / { intable = ($0 == "## Rule table"); started = 0; next }
    !intable { next }
    /^\|/ {
        started = 1
        n = split($0, cell, "|")
        if (n < 5) next
        id = cell[2]; file = cell[3]; names = cell[4]
        gsub(/^ +| +$/, "", id); gsub(/^ +| +$/, "", file)
        if (id == "ID" || id ~ /^-+$/) next
        out = ""
        while (match(names, /`[^`]*`/)) {
            out = out (out == "" ? "" : " ") substr(names, RSTART + 1, RLENGTH - 2)
            names = substr(names, RSTART + RLENGTH)
        }
        printf "%d\t%s\t%s\t%s\n", NR, id, file, out
        next
    }
    started { intable = 0 }
' "$doc" > "$tmp.rows"

[ -s "$tmp.rows" ] || { err "$doc: no rows under \"## Rule table\""; exit 1; }

# Whether function $2 is defined in file $1 (see the header).
defines_function() {
    awk -v f="$2" '
        function head_ok(line, at) {
            # the text before the name: a return type, no "=", "(" or "#"
            pre = substr(line, 1, at - 1)
            return line ~ /^[A-Za-z_]/ && pre !~ /[=(#;]/
        }
        !look {
            at = match($0, "(^|[^A-Za-z0-9_])" f "[ \t]*\\(")
            if (at && head_ok($0, at)) {
                look = 1
                text = substr($0, at)
            } else next
        }
        look && text == "" { text = $0 }
        look {
            b = index(text, "{"); s = index(text, ";")
            if (b && (!s || b < s)) { found = 1; exit }
            if (s) { look = 0; text = ""; next }
            text = ""
            next
        }
        END { exit !found }
    ' "$1"
}

defines_table() {
    grep -Eq "^[A-Za-z_][^;(=]*[^A-Za-z0-9_]$2\[[^]]*\][ 	]*=" "$1"
}

while IFS='	' read -r line id file names; do
    where="$doc:$line ($id)"
    case $id in
    [CVMOTRPGESXA][1-9]) ;;
    *) err "$where: \"$id\" is not a rule ID" ;;
    esac
    case $file in
    lib/*.c|lib/*.h) ;;
    *) err "$where: the file cell must be lib/NAME.c or lib/NAME.h, not \"$file\""; continue ;;
    esac
    if [ ! -f "$srcdir/$file" ]; then
        err "$where: $file does not exist"
        continue
    fi
    [ -n "$names" ] || err "$where: no function named"
    for name in $names; do
        case $name in
        *'[]')
            t=${name%??}
            defines_table "$srcdir/$file" "$t" ||
                err "$where: $file defines no table ${t}[]"
            ;;
        *[!A-Za-z0-9_]*|'')
            err "$where: \"$name\" is not a function name"
            ;;
        *)
            defines_function "$srcdir/$file" "$name" ||
                err "$where: $file defines no function $name"
            ;;
        esac
    done
done < "$tmp.rows"

cut -f2 "$tmp.rows" | sort -u > "$tmp.ids"
for spec in "$@"; do
    if [ ! -f "$spec" ]; then
        err "$spec: not found"
        continue
    fi
    grep -oE '(^|[^A-Za-z0-9_])[CVMOTRPGESXA][1-9]([^A-Za-z0-9_]|$)' "$spec" |
        grep -oE '[CVMOTRPGESXA][1-9]' | sort -u > "$tmp.spec"
    [ -s "$tmp.spec" ] || err "$spec: no rule IDs found"
    for id in $(comm -23 "$tmp.spec" "$tmp.ids"); do
        err "rule $id of $spec has no row in $doc's rule table"
    done
done

rows=$(wc -l < "$tmp.rows" | tr -d ' ')
ids=$(wc -l < "$tmp.ids" | tr -d ' ')
if [ "$fail" -ne 0 ]; then
    echo "internals_test: FAILED" >&2
    exit 1
fi
echo "internals_test: $rows rows, $ids rule IDs, every function found in its file"
