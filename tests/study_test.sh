#!/bin/sh
# Tests of the recipes that run a canasta-sim study on many machines:
# tools/study-parallel.sh (GNU parallel) and tools/study-slurm.sh (a Slurm
# job array), on this machine only.
#
#   sh tests/study_test.sh PATH/TO/canasta-sim
#
# The point of both recipes: the merged report of the shards is the
# report of one canasta-sim run over the same seeds, byte for byte.  The
# JSON report has no field that depends on the run (the timing, the
# threads and the hosts go to standard error only, which the recipes keep
# beside each shard), so the reports are compared whole, with cmp.
#
# GNU parallel runs its jobs locally (":") and on two made-up hosts
# reached through a stand-in for ssh (PARALLEL_SSH) that runs the remote
# command here, in a directory of its own per host: the command line
# crosses a shell as it would over ssh, and the output comes back the way
# it would.  Then: a shard that fails makes the recipe fail and -r runs
# the missing shards only; a shard that plays the wrong seeds is caught
# by the check of the merged seeds; usage errors.  The Slurm script runs
# as a copy outside the source tree (as sbatch runs it), as every task of
# an array with SLURM_ARRAY_TASK_ID and SLURM_ARRAY_TASK_COUNT set by
# hand, then as the merge job.  Small studies: a few seconds.
# STUDY_SHELL=bash runs the two scripts with bash instead of sh.
set -u

if [ $# -ne 1 ]; then
    echo "usage: $0 CANASTA_SIM" >&2
    exit 2
fi
sim=$1
case $sim in /*) ;; *) sim=$(pwd)/$sim ;; esac
here=$(cd "$(dirname "$0")" && pwd)
tools=$here/../tools

me=study_test
prog="${STUDY_SHELL:-sh}" # run NAME STATUS SCRIPT ARGS... runs the script with sh
. "$here/cli_lib.sh"
exec < /dev/null
# SHELL unset too, as on the CI runner: GNU parallel's remote jobs need
# it (they exit 0 with empty output without it), so the script sets it.
unset PARALLEL PARALLEL_SSH SIM SHELL

# The study: a mirrored comparison whose knob setting has a space and a
# comma (it must reach canasta-sim as one argument, over "ssh" too).
knobs="discard=1, take-pile=2"
"$sim" --games 48 --seed-from 11 --mirror --side0 "$knobs" --quiet --json \
    > "$tmp/single.json" || fail "the single run failed"
"$sim" --games 48 --seed-from 11 --mirror --side0 "$knobs" --quiet \
    > "$tmp/single.txt" || fail "the single run (text) failed"
expect "$tmp/single.json" '"seeds":[{"from":11,"count":48}],"deals":48,' single

# logged FILE: the number of jobs in a GNU parallel job log.
logged() { awk -F '\t' 'NR > 1' "$1" | wc -l | tr -d ' '; }

# ---- GNU parallel ----
if ! command -v parallel > /dev/null 2>&1; then
    echo "$me: SKIP the GNU parallel recipe: GNU parallel is not installed (apt-get install parallel)"
else
    par=$tools/study-parallel.sh
    # local jobs: 7 shards of 48 deals (sizes 6 and 7)
    run parallel-local 0 "$par" -n 48 -s 11 -k 7 -p "$sim" -o "$tmp/p1" -- \
        --mirror --side0 "$knobs" && {
        same "$tmp/single.json" "$tmp/p1/report.json" parallel-local-json
        same "$tmp/single.txt" "$tmp/out" parallel-local-text
        tests=$((tests + 1))
        [ "$(logged "$tmp/p1/joblog")" -eq 7 ] || fail "parallel-local: not 7 jobs in the job log"
        tests=$((tests + 1))
        awk -F '\t' 'NR > 1 && ($2 != ":" || $7 != 0) { bad = 1 } END { exit bad }' \
            "$tmp/p1/joblog" || fail "parallel-local: a job not on \":\" or failed"
    }
    # the shards: the first seed of shard i is 11 + floor(i * 48 / 7),
    # i = 0..7: 11 + 0, 6, 13, 20, 27, 34, 41, 48
    printf 'from count\n11 6\n17 7\n24 7\n31 7\n38 7\n45 7\n52 7\n' > "$tmp/seeds"
    same "$tmp/seeds" "$tmp/p1/seeds" parallel-shards
    # the timing, the part that depends on the run, is in the shard's stderr
    f=$(find "$tmp/p1/shards" -name stderr | head -n 1)
    expect "$f" "games/s" parallel-stderr-timing

    # more shards than deals: one deal each
    run parallel-clamp 0 "$par" -n 5 -s 3 -k 9 -p "$sim" -o "$tmp/p2" -- --preset three-players --mirror &&
        expect "$tmp/err" "5 shards of seeds 3..7" parallel-clamp
    "$sim" --preset three-players --mirror --games 5 --seed-from 3 --quiet --json > "$tmp/three.json"
    same "$tmp/three.json" "$tmp/p2/report.json" parallel-clamp-json

    # two hosts through the stand-in for ssh: "hostA" runs 2 shards at a
    # time, "hostB" 1
    cat > "$tmp/fake-ssh" <<EOF
#!/bin/sh
# ssh [OPTIONS] HOST [--] COMMAND...: runs COMMAND with sh in a directory
# of HOST's own, as ssh would run it in HOST's home directory.
while [ \$# -gt 0 ]; do
    case \$1 in
    -l | -p | -o | -S | -i | -F | -e) shift 2 ;;
    --) shift; break ;;
    -*) shift ;;
    *) break ;;
    esac
done
host=\$1
shift
[ "\${1-}" = -- ] && shift
echo "\$host" >> "$tmp/ssh.log"
mkdir -p "$tmp/hosts/\$host" && cd "$tmp/hosts/\$host" && exec sh -c "\$*"
EOF
    chmod +x "$tmp/fake-ssh"
    PARALLEL_SSH=$tmp/fake-ssh
    export PARALLEL_SSH
    run parallel-hosts 0 "$par" -n 48 -s 11 -k 7 -S 2/hostA -S 1/hostB -p "$sim" \
        -o "$tmp/p3" -- --mirror --side0 "$knobs" && {
        same "$tmp/single.json" "$tmp/p3/report.json" parallel-hosts-json
        same "$tmp/single.txt" "$tmp/out" parallel-hosts-text
        tests=$((tests + 1))
        # every job went through "ssh", and the first three slots filled
        # both hosts
        [ "$(wc -l < "$tmp/ssh.log" | tr -d ' ')" -eq 7 ] || fail "parallel-hosts: not 7 jobs through ssh"
        tests=$((tests + 1))
        awk -F '\t' 'NR > 1 { n[$2]++ } END { exit !(n["hostA"] && n["hostB"] && n["hostA"] + n["hostB"] == 7) }' \
            "$tmp/p3/joblog" || fail "parallel-hosts: the job log has not hostA and hostB alone"
    }
    unset PARALLEL_SSH

    # a shard that fails: the recipe fails and merges nothing; -r runs
    # again only the shards that failed or never started
    cat > "$tmp/flaky" <<EOF
#!/bin/sh
# canasta-sim, but the shard of seed 24 fails until $tmp/fixed exists
case " \$* " in
*" --seed-from 24 "*) [ -e "$tmp/fixed" ] || { echo "flaky: lost the host" >&2; exit 1; } ;;
esac
exec "$sim" "\$@"
EOF
    chmod +x "$tmp/flaky"
    run parallel-fail 1 "$par" -n 48 -s 11 -k 7 -p "$tmp/flaky" -o "$tmp/p4" -- \
        --mirror --side0 "$knobs" && expect "$tmp/err" "run again with -r" parallel-fail
    tests=$((tests + 1))
    [ ! -e "$tmp/p4/report.json" ] || fail "parallel-fail: a report although a shard failed"
    done_before=$(awk -F '\t' 'NR > 1 && $7 == 0' "$tmp/p4/joblog" | wc -l | tr -d ' ')
    run parallel-again 2 "$par" -n 48 -s 11 -k 7 -p "$tmp/flaky" -o "$tmp/p4" -- \
        --mirror --side0 "$knobs" && expect "$tmp/err" "holds a study already" parallel-again
    run parallel-resume-other 2 "$par" -r -n 49 -s 11 -k 7 -p "$tmp/flaky" -o "$tmp/p4" -- \
        --mirror --side0 "$knobs" && expect "$tmp/err" "not the study of" parallel-resume-other
    : > "$tmp/fixed"
    run parallel-resume 0 "$par" -r -n 48 -s 11 -k 7 -p "$tmp/flaky" -o "$tmp/p4" -- \
        --mirror --side0 "$knobs" && {
        same "$tmp/single.json" "$tmp/p4/report.json" parallel-resume-json
        # the log: the first run's jobs (done_before that succeeded, the
        # one that failed), then one per shard that had not succeeded:
        # 8 jobs, 7 successes, no shard twice among them
        tests=$((tests + 1))
        ok_jobs=$(awk -F '\t' 'NR > 1 && $7 == 0' "$tmp/p4/joblog" | wc -l | tr -d ' ')
        ok_shards=$(awk -F '\t' 'NR > 1 && $7 == 0 { print $1 }' "$tmp/p4/joblog" | sort -u | wc -l | tr -d ' ')
        if [ "$(logged "$tmp/p4/joblog")" -ne 8 ] || [ "$ok_jobs" -ne 7 ] || [ "$ok_shards" -ne 7 ]; then
            fail "parallel-resume: not 8 jobs with each shard succeeding once (had $done_before before -r)"
        fi
    }

    # a shard that plays one deal short: the merge works, the check of
    # the merged seeds does not
    cat > "$tmp/short" <<EOF
#!/bin/sh
# canasta-sim, but the shard of seed 24 plays one deal less
case " \$* " in
*" --seed-from 24 "*) set -- \$(echo "\$*" | sed 's/--games \([0-9]*\)/--games 6/') ;;
esac
exec "$sim" "\$@"
EOF
    chmod +x "$tmp/short"
    run parallel-gap 1 "$par" -n 48 -s 11 -k 7 -p "$tmp/short" -o "$tmp/p5" -- --mirror &&
        expect "$tmp/err" 'do not cover seeds 11..58 exactly: their seeds are [{"from":11,"count":19},{"from":31,"count":28}]' parallel-gap

    # a host with another canasta-sim (its shard says another library
    # version): the merge refuses it, and so the recipe
    cat > "$tmp/oldhost" <<EOF
#!/bin/sh
# canasta-sim, but the shard of seed 24 claims to be made by libcanasta 0.0.1
case " \$* " in
*" --seed-from 24 "*) "$sim" "\$@" | sed 's/"library":"[^"]*"/"library":"0.0.1"/'; exit ;;
esac
exec "$sim" "\$@"
EOF
    chmod +x "$tmp/oldhost"
    run parallel-version 1 "$par" -n 48 -s 11 -k 7 -p "$tmp/oldhost" -o "$tmp/p6" -- --mirror &&
        expect "$tmp/err" "made with libcanasta 0.0.1" parallel-version

    # usage errors: refused before any shard runs (no job log)
    run parallel-games 2 "$par" -n 48 -p "$sim" -o "$tmp/u1" -- --games 10 &&
        expect "$tmp/err" "set by this script" parallel-games
    run parallel-json 2 "$par" -p "$sim" -o "$tmp/u1" -- --json
    run parallel-k0 2 "$par" -k 0 -p "$sim" -o "$tmp/u1"
    run parallel-k-big 2 "$par" -k 10001 -p "$sim" -o "$tmp/u1"
    run parallel-n-word 2 "$par" -n many -p "$sim" -o "$tmp/u1"
    run parallel-knob 2 "$par" -n 4 -p "$sim" -o "$tmp/u1" -- --side0 take-pyle=2 &&
        expect "$tmp/err" "unknown knob" parallel-knob
    run parallel-no-program 2 "$par" -n 4 -p "$tmp/no-such-sim" -o "$tmp/u1"
    tests=$((tests + 1))
    [ ! -e "$tmp/u1" ] || fail "usage errors: $tmp/u1 was made"
    run parallel-help 0 "$par" -h && expect "$tmp/out" "--sshlogin" parallel-help
    run parallel-help-long 0 "$par" --help
    run parallel-bad-option 2 "$par" -x
fi

# ---- Slurm: the job script as sbatch runs it, tasks by hand ----
# sbatch runs a copy of the script from its spool directory, in the
# directory it was submitted from.
mkdir -p "$tmp/spool" "$tmp/submit"
cp "$tools/study-slurm.sh" "$tmp/spool/slurm_script"
slurm=$tmp/spool/slurm_script
cd "$tmp/submit" || exit 1
# array 0-4 (SLURM_ARRAY_TASK_* as Slurm sets them), 2 CPUs per task
i=0
while [ $i -lt 5 ]; do
    SLURM_ARRAY_TASK_ID=$i SLURM_ARRAY_TASK_COUNT=5 SLURM_ARRAY_TASK_MIN=0 \
        SLURM_ARRAY_TASK_MAX=4 SLURM_ARRAY_TASK_STEP=1 SLURM_CPUS_PER_TASK=2 \
        run "slurm-task-$i" 0 "$slurm" -n 48 -s 11 -o study -p "$sim" -- \
        --mirror --side0 "$knobs"
    i=$((i + 1))
done
expect "$tmp/err" "task 4 of 5: seeds 49..58 on 2 thread(s)" slurm-task-4
run slurm-merge 0 "$slurm" -m -n 48 -s 11 -o study -p "$sim" && {
    same "$tmp/single.json" study/report.json slurm-merge-json
    same "$tmp/single.txt" "$tmp/out" slurm-merge-text
}
# a failed task run again alone (sbatch --array=3 ... -k 5): the same shard
cp study/shard-3-of-5.json "$tmp/shard3.json"
rm study/shard-3-of-5.json
SLURM_ARRAY_TASK_ID=3 SLURM_ARRAY_TASK_COUNT=1 SLURM_ARRAY_TASK_MIN=3 SLURM_ARRAY_TASK_MAX=3 \
    run slurm-rerun 0 "$slurm" -k 5 -n 48 -s 11 -o study -p "$sim" -- --mirror --side0 "$knobs" &&
    same "$tmp/shard3.json" study/shard-3-of-5.json slurm-rerun
# ... but without -k its id is not the shard's number: refused
SLURM_ARRAY_TASK_ID=3 SLURM_ARRAY_TASK_COUNT=1 SLURM_ARRAY_TASK_MIN=3 SLURM_ARRAY_TASK_MAX=3 \
    run slurm-rerun-no-k 2 "$slurm" -n 48 -s 11 -o study -p "$sim" -- --mirror --side0 "$knobs" &&
    expect "$tmp/err" "give -k" slurm-rerun-no-k
# an array 1-5 without -k: refused (the first shard would be missing)
SLURM_ARRAY_TASK_ID=1 SLURM_ARRAY_TASK_COUNT=5 SLURM_ARRAY_TASK_MIN=1 SLURM_ARRAY_TASK_MAX=5 \
    run slurm-one-based 2 "$slurm" -n 48 -s 11 -o other -p "$sim"
SLURM_ARRAY_TASK_ID=5 run slurm-id-range 2 "$slurm" -k 5 -n 48 -s 11 -o other -p "$sim" &&
    expect "$tmp/err" "the task ids are 0..4" slurm-id-range
run slurm-no-task 2 "$slurm" -n 48 -o other -p "$sim" && expect "$tmp/err" "SLURM_ARRAY_TASK_ID" slurm-no-task
SLURM_ARRAY_TASK_ID=0 run slurm-too-many 2 "$slurm" -k 9 -n 8 -o other -p "$sim"
SLURM_ARRAY_TASK_ID=0 SLURM_ARRAY_TASK_COUNT=2 run slurm-games 2 "$slurm" -n 48 -o other -p "$sim" -- --games 3
SLURM_ARRAY_TASK_ID=0 SLURM_ARRAY_TASK_COUNT=2 run slurm-knob 2 "$slurm" -n 48 -o other -p "$sim" -- --side0 take-pyle=2
tests=$((tests + 1))
[ ! -e other ] || [ -z "$(ls other)" ] || fail "slurm usage errors: left a shard in other/"
run slurm-merge-options 2 "$slurm" -m -n 48 -s 11 -o study -p "$sim" -- --mirror
run slurm-help 0 "$slurm" -h && expect "$tmp/out" "sbatch --dependency=afterok" slurm-help
# a shard missing (2 of 5: seeds 11 + floor(2 * 48 / 5) = 30 to 38): the
# merge fails, naming the seeds it has, and leaves no report of an
# earlier merge behind
mv study/shard-2-of-5.json "$tmp/shard2.json"
run slurm-missing 1 "$slurm" -m -n 48 -s 11 -o study -p "$sim" &&
    expect "$tmp/err" 'their seeds are [{"from":11,"count":19},{"from":39,"count":20}]' slurm-missing
tests=$((tests + 1))
[ ! -e study/report.json ] || fail "slurm-missing: an old report.json is still there"
# a shard of another split of the same study (shard 0 of 2: seeds 11 to
# 34) beside the five: refused as an overlap
mv "$tmp/shard2.json" study/shard-2-of-5.json
SLURM_ARRAY_TASK_ID=0 run slurm-split-2 0 "$slurm" -k 2 -n 48 -s 11 -o study -p "$sim" -- --mirror --side0 "$knobs"
run slurm-overlap 1 "$slurm" -m -n 48 -s 11 -o study -p "$sim" &&
    expect "$tmp/err" "overlap" slurm-overlap
run slurm-no-shards 1 "$slurm" -m -o empty -p "$sim"

finish
