#!/bin/sh
# Tests of the man pages of the installed programs (man/NAME.1).
#
#   sh tests/man_test.sh MAN_DIR CANASTA_H PROGRAM...
#
# For each PROGRAM, man/$(basename PROGRAM).1 must render with "man -l"
# without a warning, have the sections NAME, SYNOPSIS, OPTIONS and EXIT
# STATUS, carry the library's version (read from CANASTA_H) in its title
# line, and name every option that "PROGRAM --help" lists; every option
# the page describes (an indented tag line beginning with "-") must be
# one --help lists, so that neither falls behind the other.  Skipped, with
# a line saying so, where there is no man command.
set -u

if [ $# -lt 3 ]; then
    echo "usage: $0 MAN_DIR CANASTA_H PROGRAM..." >&2
    exit 2
fi
mandir=$1
header=$2
shift 2

me=man_test
prog=true
. "$(dirname "$0")/cli_lib.sh"

if ! command -v man > /dev/null 2>&1; then
    echo "man_test: skipped (no man command to render the pages)"
    exit 0
fi

# MAJOR, MINOR and PATCH, in this order in the header
version=$(sed -n 's/^#define CANASTA_VERSION_[A-Z]* *\([0-9][0-9]*\)$/\1/p' \
    "$header" | paste -sd. -)
case $version in
    *.*.*) ;;
    *) echo "man_test: cannot read the version from $header" >&2; exit 2 ;;
esac

# The options a text names: words that begin with "-" or "--" and a
# letter, cut at "=", one per line, sorted; and "--" alone.
options_of() {
    tr -c 'A-Za-z0-9=._-' '\n' < "$1" |
        sed -n -e 's/=.*//' -e '/^--*[A-Za-z][A-Za-z0-9-]*$/p' -e '/^--$/p' |
        sed 's/\.$//' | LC_ALL=C sort -u
}

for p in "$@"; do
    name=$(basename "$p")
    page=$mandir/$name.1
    if [ ! -f "$page" ]; then
        fail "$name: no man page $page"
        continue
    fi
    # Rendered as a reader sees it; col -b (or sed) removes the overstrike
    # that marks bold and underlined text.
    tests=$((tests + 1))
    MANWIDTH=80 LC_ALL=C man --warnings -l "$page" > "$tmp/raw" 2> "$tmp/warn"
    status=$?
    if [ "$status" -ne 0 ]; then
        fail "$name: man -l exit status $status"
        sed 's/^/    /' "$tmp/warn" | head -5 >&2
        continue
    fi
    if command -v col > /dev/null 2>&1; then
        col -b < "$tmp/raw" > "$tmp/page"
    else
        sed 's/.\x08//g' "$tmp/raw" > "$tmp/page"
    fi
    tests=$((tests + 1))
    if [ -s "$tmp/warn" ]; then
        fail "$name: groff warns about the page"
        sed 's/^/    /' "$tmp/warn" | head -5 >&2
    fi
    for section in NAME SYNOPSIS OPTIONS "EXIT STATUS"; do
        tests=$((tests + 1))
        grep -q "^$section\$" "$tmp/page" || fail "$name: no $section section"
    done
    tests=$((tests + 1))
    grep -q "^\.TH .* \"libcanasta $version\"" "$page" ||
        fail "$name: the title line does not say libcanasta $version"

    tests=$((tests + 1))
    if ! "$p" --help > "$tmp/help" 2> /dev/null; then
        fail "$name: --help failed"
        continue
    fi
    options_of "$tmp/help" > "$tmp/help-options"
    tests=$((tests + 1))
    [ "$(wc -l < "$tmp/help-options")" -ge 3 ] ||
        fail "$name: fewer than 3 options found in --help"
    # every option of --help, as a word of the page
    while IFS= read -r o; do
        tests=$((tests + 1))
        grep -E -q -e "(^|[^A-Za-z0-9-])$o([^A-Za-z0-9-]|\$)" "$tmp/page" ||
            fail "$name: the man page does not name $o, which --help lists"
    done < "$tmp/help-options"
    # every option the page describes, in --help
    grep '^       -' "$tmp/page" > "$tmp/tags"
    options_of "$tmp/tags" > "$tmp/page-options"
    tests=$((tests + 1))
    [ -s "$tmp/page-options" ] || fail "$name: no option described in the page"
    while IFS= read -r o; do
        tests=$((tests + 1))
        grep -q -x -F -e "$o" "$tmp/help-options" ||
            fail "$name: the man page describes $o, which --help does not list"
    done < "$tmp/page-options"
done

finish
