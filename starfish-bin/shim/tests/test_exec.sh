#!/bin/sh
# test_exec.sh EXEC TESTTOOLS_DIR SCRATCH_DIR
# Behaviour tests of starfish-exec (see ../README.md). One function per
# behaviour, named for the outcome. Exit 0 when all pass.
set -u
EXEC=$1
TOOLS=$2
TMP=$3
rm -rf "$TMP" && mkdir -p "$TMP" || exit 2
ulimit -c 0
failures=0

pass() { echo "PASS exec.$1"; }
fail() { echo "FAIL exec.$1: $2"; failures=$((failures + 1)); }
value() { sed -n "s/^$2=//p" "$1"; }
# expect NAME REPORT KEY VALUE: true if the report's KEY equals VALUE
expect() {
    actual=$(value "$2" "$3")
    [ "$actual" = "$4" ] || { fail "$1" "$3='$actual', expected '$4'"; return 1; }
}
# A process is gone when /proc has no entry or only a zombie left for init.
is_alive() {
    [ -r "/proc/$1/stat" ] || return 1
    state=$(sed 's/^.*) //' "/proc/$1/stat" 2>/dev/null | cut -c1)
    [ -n "$state" ] && [ "$state" != Z ]
}
# wait_gone PID TENTHS: true once PID is gone within TENTHS * 0.1 s
wait_gone() {
    i=0
    while is_alive "$1"; do
        i=$((i + 1))
        [ "$i" -gt "$2" ] && return 1
        sleep 0.1
    done
    return 0
}
wait_file() {
    i=0
    while [ ! -s "$1" ]; do
        i=$((i + 1))
        [ "$i" -gt 50 ] && return 1
        sleep 0.1
    done
}

exit_code_passes_through() {
    r=$TMP/exit.report
    "$EXEC" --no-watch --report "$r" -- /bin/sh -c 'exit 3' </dev/null
    rc=$?
    [ $rc -eq 3 ] || { fail exit_code_passes_through "rc=$rc"; return; }
    expect exit_code_passes_through "$r" status exited && expect exit_code_passes_through "$r" exit_code 3 \
        && expect exit_code_passes_through "$r" signal_name "" && pass exit_code_passes_through
}

shim_dies_of_tools_signal() { # NAME SIGNUM SIGNAME
    r=$TMP/$1.report
    got=$("$TOOLS/exit-status" "$EXEC" --no-watch --report "$r" -- "$TOOLS/kill-self" "$2" </dev/null)
    [ "$got" = "signaled $2" ] || { fail "$1" "shim: '$got', expected 'signaled $2'"; return; }
    expect "$1" "$r" status signaled && expect "$1" "$r" signal "$2" \
        && expect "$1" "$r" signal_name "$3" && expect "$1" "$r" exit_code -1 && pass "$1"
}

cpu_limit_kills_busy_loop() {
    r=$TMP/cpu.report
    timeout 120 "$EXEC" --no-watch --cpu-limit 1 --report "$r" -- "$TOOLS/busy-loop" </dev/null
    expect cpu_limit_kills_busy_loop "$r" cpu_limit_exceeded 1 && expect cpu_limit_kills_busy_loop "$r" status signaled \
        && expect cpu_limit_kills_busy_loop "$r" timed_out 0 && pass cpu_limit_kills_busy_loop
}

timeout_terminates_tool() {
    r=$TMP/timeout.report
    got=$(timeout 120 "$TOOLS/exit-status" "$EXEC" --no-watch --timeout 1 --grace 0.5 --report "$r" -- /bin/sleep 100 </dev/null)
    [ "$got" = "signaled 15" ] || { fail timeout_terminates_tool "shim: '$got'"; return; }
    expect timeout_terminates_tool "$r" timed_out 1 && expect timeout_terminates_tool "$r" signal_name SIGTERM \
        && expect timeout_terminates_tool "$r" cpu_limit_exceeded 0 && pass timeout_terminates_tool
}

timeout_escalates_to_sigkill_after_grace() {
    r=$TMP/grace.report
    timeout 120 "$EXEC" --no-watch --timeout 0.5 --grace 0.5 --report "$r" -- \
        /bin/sh -c 'trap "" TERM; /bin/sleep 100' </dev/null
    rc=$?
    [ $rc -eq 137 ] || { fail timeout_escalates_to_sigkill_after_grace "shim rc=$rc, expected 137"; return; }
    expect timeout_escalates_to_sigkill_after_grace "$r" signal_name SIGKILL \
        && expect timeout_escalates_to_sigkill_after_grace "$r" timed_out 1 && pass timeout_escalates_to_sigkill_after_grace
}

grandchild_holding_stdout_is_killed() {
    p=$TMP/grandchild.pid
    out=$(timeout 120 "$EXEC" --no-watch -- /bin/sh -c "/bin/sleep 100 & echo \$! > $p; echo hi" </dev/null)
    rc=$?
    [ "$out" = hi ] || { fail grandchild_holding_stdout_is_killed "stdout '$out'"; return; }
    [ $rc -eq 0 ] || { fail grandchild_holding_stdout_is_killed "shim rc=$rc (124: it waited for the grandchild)"; return; }
    wait_gone "$(cat "$p")" 20 || { fail grandchild_holding_stdout_is_killed "sleep $(cat "$p") survived"; return; }
    pass grandchild_holding_stdout_is_killed
}

lifeline_eof_kills_tool() {
    fifo=$TMP/lifeline.fifo
    p=$TMP/lifeline.pid
    r=$TMP/lifeline.report
    mkfifo "$fifo" || { fail lifeline_eof_kills_tool "mkfifo"; return; }
    /bin/sleep 1000 >"$fifo" &
    holder=$!
    "$EXEC" --report "$r" -- /bin/sh -c "echo \$\$ > $p; exec /bin/sleep 100" <"$fifo" &
    shim=$!
    wait_file "$p" || { fail lifeline_eof_kills_tool "tool never started"; kill -9 $holder $shim; return; }
    tool=$(cat "$p")
    is_alive "$tool" || { fail lifeline_eof_kills_tool "tool died early"; kill -9 $holder; return; }
    kill -9 $holder
    wait $holder 2>/dev/null
    wait_gone "$tool" 20 || { fail lifeline_eof_kills_tool "tool survived 2 s after lifeline EOF"; kill -9 $shim; return; }
    wait $shim
    rc=$?
    [ $rc -eq 143 ] || { fail lifeline_eof_kills_tool "shim rc=$rc"; return; }
    expect lifeline_eof_kills_tool "$r" signal_name SIGTERM && pass lifeline_eof_kills_tool
}

lifeline_byte_kills_tool() {
    r=$TMP/byte.report
    p=$TMP/byte.pid
    fifo=$TMP/byte.fifo
    mkfifo "$fifo" || { fail lifeline_byte_kills_tool "mkfifo"; return; }
    "$EXEC" --report "$r" -- /bin/sh -c "echo \$\$ > $p; exec /bin/sleep 100" <"$fifo" &
    shim=$!
    exec 8>"$fifo" # the lifeline's writer stays open: only the byte can end the tool
    wait_file "$p" || { fail lifeline_byte_kills_tool "tool never started"; exec 8>&-; kill -9 $shim; return; }
    echo x >&8
    wait $shim
    rc=$?
    exec 8>&-
    [ $rc -eq 143 ] || { fail lifeline_byte_kills_tool "shim rc=$rc"; return; }
    expect lifeline_byte_kills_tool "$r" signal_name SIGTERM && pass lifeline_byte_kills_tool
}

sigterm_to_shim_is_forwarded() {
    p=$TMP/forward.pid
    r=$TMP/forward.report
    "$EXEC" --no-watch --report "$r" -- /bin/sh -c "echo \$\$ > $p; exec /bin/sleep 100" </dev/null &
    shim=$!
    wait_file "$p" || { fail sigterm_to_shim_is_forwarded "tool never started"; kill -9 $shim; return; }
    kill -TERM $shim
    wait $shim
    rc=$?
    [ $rc -eq 143 ] || { fail sigterm_to_shim_is_forwarded "shim rc=$rc"; return; }
    wait_gone "$(cat "$p")" 20 || { fail sigterm_to_shim_is_forwarded "tool survived"; return; }
    expect sigterm_to_shim_is_forwarded "$r" signal_name SIGTERM && expect sigterm_to_shim_is_forwarded "$r" timed_out 0 \
        && pass sigterm_to_shim_is_forwarded
}

missing_tool_fails_to_start_with_127() {
    r=$TMP/missing.report
    "$EXEC" --no-watch --report "$r" -- /nonexistent/tool a b </dev/null 2>"$TMP/missing.err"
    rc=$?
    [ $rc -eq 127 ] || { fail missing_tool_fails_to_start_with_127 "rc=$rc"; return; }
    grep -q 'No such file' "$r" || { fail missing_tool_fails_to_start_with_127 "error text: $(value "$r" error)"; return; }
    grep -q 'could not start /nonexistent/tool' "$TMP/missing.err" || { fail missing_tool_fails_to_start_with_127 "stderr: $(cat "$TMP/missing.err")"; return; }
    expect missing_tool_fails_to_start_with_127 "$r" status failed_to_start \
        && expect missing_tool_fails_to_start_with_127 "$r" exit_code 127 && pass missing_tool_fails_to_start_with_127
}

non_executable_tool_exits_126() {
    r=$TMP/noexec.report
    printf 'not a program\n' >"$TMP/noexec" && chmod 644 "$TMP/noexec"
    "$EXEC" --no-watch --report "$r" -- "$TMP/noexec" </dev/null 2>/dev/null
    rc=$?
    [ $rc -eq 126 ] || { fail non_executable_tool_exits_126 "rc=$rc"; return; }
    expect non_executable_tool_exits_126 "$r" status failed_to_start && pass non_executable_tool_exits_126
}

usage_error_exits_125() {
    "$EXEC" --no-watch /bin/true </dev/null 2>/dev/null
    rc1=$?
    "$EXEC" --timeout nope -- /bin/true </dev/null 2>/dev/null
    rc2=$?
    [ $rc1 -eq 125 ] && [ $rc2 -eq 125 ] || { fail usage_error_exits_125 "rc=$rc1/$rc2"; return; }
    pass usage_error_exits_125
}

report_has_resource_usage() {
    r=$TMP/usage.report
    "$EXEC" --no-watch --report "$r" -- "$TOOLS/spew" 20000000 </dev/null >/dev/null
    for key in user_cpu_ms sys_cpu_ms max_rss_kb wall_ms; do
        v=$(value "$r" $key)
        case "$v" in '' | *[!0-9]*) fail report_has_resource_usage "$key='$v'"; return ;; esac
    done
    [ "$(value "$r" max_rss_kb)" -gt 0 ] || { fail report_has_resource_usage "max_rss_kb=0"; return; }
    keys=$(cut -d= -f1 "$r" | tr '\n' ' ')
    [ "$keys" = "status exit_code signal signal_name user_cpu_ms sys_cpu_ms max_rss_kb wall_ms cpu_limit_exceeded timed_out error " ] \
        || { fail report_has_resource_usage "keys: $keys"; return; }
    [ -z "$(ls "$TMP" | grep '\.tmp\.')" ] || { fail report_has_resource_usage "temp file left behind"; return; }
    pass report_has_resource_usage
}

argv_reaches_tool_exactly() {
    "$EXEC" --no-watch -- "$TOOLS/argv-echo" 'a b' '' 'c"d' '$x' 'ü' </dev/null | od -An -c >"$TMP/argv.got"
    printf 'a b\000\000c"d\000$x\000ü\000' | od -An -c >"$TMP/argv.want"
    cmp -s "$TMP/argv.got" "$TMP/argv.want" && pass argv_reaches_tool_exactly \
        || fail argv_reaches_tool_exactly "got $(cat "$TMP/argv.got")"
}

tool_stdin_is_dev_null() {
    out=$(echo secret | "$EXEC" --no-watch -- /bin/cat)
    [ -z "$out" ] && pass tool_stdin_is_dev_null || fail tool_stdin_is_dev_null "tool read '$out'"
}

# setsid_grandchild_is_killed_and_reaped NAME term|timeout: a grandchild that
# left the tool's session (and ignores SIGTERM) is gone, reaped, by the time
# the shim exits. Waits on events only: the pid line on a fifo, then the shim.
setsid_grandchild_is_killed_and_reaped() {
    f=$TMP/$1.fifo
    rm -f "$f" && mkfifo "$f" || { fail "$1" "mkfifo"; return; }
    if [ "$2" = timeout ]; then
        "$EXEC" --no-watch --timeout 0.5 --grace 0.2 -- "$TOOLS/setsid-grandchild" >"$f" </dev/null &
    else
        "$EXEC" --no-watch --grace 0.2 -- "$TOOLS/setsid-grandchild" >"$f" </dev/null &
    fi
    shim=$!
    read -r gpid <"$f"
    case $gpid in ''|*[!0-9]*) fail "$1" "no grandchild pid"; kill -KILL "$shim"; wait "$shim"; return ;; esac
    # fields after "(comm) ": state ppid pgrp session
    sid=$(sed 's/^.*) //' "/proc/$gpid/stat" | cut -d' ' -f4)
    [ "$sid" = "$gpid" ] || fail "$1" "grandchild $gpid did not leave the session (sid $sid)"
    [ "$2" = timeout ] || kill -TERM "$shim"
    wait "$shim"
    if [ -e "/proc/$gpid" ]; then
        fail "$1" "grandchild $gpid outlived the shim"
        kill -KILL "$gpid"
        return
    fi
    pass "$1"
}

# An orphan that has already ended (bwrap's pid 1 outlives bwrap by the time its
# namespaces take to go) is reaped without reading /proc: the shim runs where
# /proc is a directory it may not open (bwrap, every capability dropped), which
# makes any scan of it fail with 125. The sanitizers' runtime needs /proc itself,
# so the sanitized shim runs the same tool with /proc in place: reaped, exit 0.
ended_orphan_is_reaped_without_reading_proc() {
    name=ended_orphan_is_reaped_without_reading_proc
    if [ -n "${SF_EXEC_SANITIZED:-}" ]; then
        err=$("$EXEC" --no-watch -- "$TOOLS/zombie-orphan" 2>&1 </dev/null)
    else
        command -v bwrap >/dev/null 2>&1 \
            || { fail $name "bwrap is missing (apt-get install bubblewrap; .ci/test.sh does)"; return; }
        err=$(bwrap --dev-bind / / --tmpfs /proc --chmod 0000 /proc --cap-drop ALL -- \
            "$EXEC" --no-watch -- "$TOOLS/zombie-orphan" 2>&1 </dev/null)
    fi
    rc=$?
    [ "$rc" -eq 0 ] && pass $name || fail $name "exit $rc: $err"
}

large_output_passes_through() {
    n=$("$EXEC" --no-watch -- "$TOOLS/spew" 3000000 </dev/null | wc -c)
    [ "$n" -eq 3000000 ] && pass large_output_passes_through || fail large_output_passes_through "got $n bytes"
}

exit_code_passes_through
shim_dies_of_tools_signal segv_passes_through 11 SIGSEGV
shim_dies_of_tools_signal sigkill_passes_through 9 SIGKILL
cpu_limit_kills_busy_loop
timeout_terminates_tool
timeout_escalates_to_sigkill_after_grace
grandchild_holding_stdout_is_killed
lifeline_eof_kills_tool
lifeline_byte_kills_tool
sigterm_to_shim_is_forwarded
missing_tool_fails_to_start_with_127
non_executable_tool_exits_126
usage_error_exits_125
report_has_resource_usage
argv_reaches_tool_exactly
tool_stdin_is_dev_null
large_output_passes_through
ended_orphan_is_reaped_without_reading_proc
setsid_grandchild_is_killed_and_reaped setsid_grandchild_killed_on_sigterm term
setsid_grandchild_is_killed_and_reaped setsid_grandchild_killed_on_timeout timeout

if [ $failures -ne 0 ]; then
    echo "exec: $failures test(s) failed ($EXEC)"
    exit 1
fi
echo "exec: all tests passed ($EXEC)"
