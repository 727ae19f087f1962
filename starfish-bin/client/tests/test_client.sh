#!/bin/sh
# test_client.sh CLIENT FAKE_SERVER SF_FRAMES SCRATCH - starfish-client against the fake
# server (tests/fake_server.c) started as its JAVA_COMMAND: real processes and sockets.
set -u
CLIENT=$1 FAKE=$2 SF_FRAMES=$3 T=$4
rm -rf "$T" && mkdir -p "$T/home" || exit 2
# socket directories live under a short path: a Unix socket address holds 107 bytes
SHORT=$(mktemp -d /tmp/sfc.XXXXXX) || exit 2
unset XDG_RUNTIME_DIR
fails=0 n=0
fail() { echo "FAIL: $*"; fails=$((fails + 1)); }
cleanup() {
    for p in "$SHORT"/*/starfish-*/*.fakepid; do [ -f "$p" ] && kill "$(cat "$p")" 2>/dev/null; done
    chmod -R u+w "$SHORT" 2>/dev/null; rm -rf "$SHORT"
}
trap cleanup EXIT
# fresh socket directory per test; run ARGS... through the client
fresh() { n=$((n + 1)); S=$SHORT/s$n; mkdir -p "$S"; export TMPDIR=$S FAKE_STARTS=$S/starts FAKE_RECORD=$S/record; }
run() { "$CLIENT" --identity "${ID:-one}" --home "$T/home" -- "$FAKE" -- "$@"; }
sockdir() { echo "$S/starfish-$(id -u)"; }

# request encoding: argv with spaces, newlines, UTF-8, empty; the environment; tty flags; columns
fresh
nl='a
b'
(cd "$T/home" && umask 027 && env -i TMPDIR="$S" "B=x y" "$CLIENT" --identity one --home "$T/home" -- "$FAKE" -- \
    echo 'two words' "$nl" 'ünïcødé' '' </dev/null >"$S/got" 2>"$S/err")
printf '2\0%s\0005\0echo\0two words\0a\nb\0ünïcødé\0\0002\0TMPDIR=%s\0B=x y\0fff\0000\0000027\000' "$(cd "$T/home" && pwd -P)" "$S" >"$S/want"
# then the client's pid, which only the client knows
head -c "$(stat -c %s "$S/want")" "$S/got" | cmp -s - "$S/want" || { fail "request encoding"; od -c "$S/got" | head; od -c "$S/want" | head; }
tail -c +"$(($(stat -c %s "$S/want") + 1))" "$S/got" | tr '\0' '\n' | grep -qx '[1-9][0-9]*' || fail "request ends with the client's pid"
grep -q "fake server" "$(sockdir)"/*.log || fail "server log written"
[ "$(stat -c %a "$(sockdir)"/*.log)" = 600 ] || fail "log mode 0600"
[ "$(stat -c %a "$(sockdir)")" = 700 ] || fail "socket directory mode 0700"
# a server start sweeps the files of other builds a week old (ServerLeftoversIT has every case)
fresh
mkdir -m 700 "$(sockdir)"
for f in 0123456789ab-00000000000000aa.lock 0123456789ab-00000000000000aa.log 0123456789ab-00000000000000bb.log; do
    echo left >"$(sockdir)/$f"
done
touch -d '8 days ago' "$(sockdir)"/0123456789ab-00000000000000aa.*
run echo </dev/null >/dev/null 2>"$S/err" || fail "start with leftovers: $(cat "$S/err")"
[ ! -e "$(sockdir)/0123456789ab-00000000000000aa.lock" ] && [ ! -e "$(sockdir)/0123456789ab-00000000000000aa.log" ] \
    || fail "a week-old build's files swept"
[ -e "$(sockdir)/0123456789ab-00000000000000bb.log" ] || fail "a recent build's log kept"

# on a terminal (script(1) gives a pty on 0, 1, 2) with 123 columns
script -qec "stty cols 123; env -i TMPDIR='$S' '$CLIENT' --home '$T/home' --identity one -- '$FAKE' -- echo" /dev/null \
    >"$S/tty" 2>&1
grep -qa 'ttt.123' "$S/tty" || fail "tty flags and columns: $(od -c "$S/tty" | tail -3)"


# exit codes
fresh
for code in 0 1 2 130 255; do
    run exit $code </dev/null; got=$?
    [ "$got" = "$code" ] || fail "exit $code gave $got"
done
[ "$(wc -l <"$S/starts")" = 1 ] || fail "one server for all requests: $(cat "$S/starts")"

# stdout/stderr order
run outerr 200 >"$S/both" 2>&1 </dev/null
i=1; : >"$S/want"
while [ $i -le 200 ]; do if [ $((i % 2)) = 1 ]; then echo "out $i"; else echo "err $i"; fi >>"$S/want"; i=$((i + 1)); done
cmp -s "$S/both" "$S/want" || fail "stdout/stderr order"

# stdin: binary, 1 MiB, then EOF
head -c 1048576 /dev/urandom >"$S/in"
run stdin <"$S/in" >"$S/out" || fail "stdin exit"
cmp -s "$S/in" "$S/out" || fail "stdin forwarded byte for byte"
grep -qx stdin-eof "$S/record" || fail "stdin EOF sent"
run stdin </dev/null >"$S/out"; [ -s "$S/out" ] && fail "empty stdin"

# signals: SIGINT, SIGTERM, SIGHUP sent to the client reach the server as 'K'
for sig in INT:2 TERM:15 HUP:1; do
    : >"$S/record"
    # the last round's "ready" must not count: the new client's redirection may not have run yet
    rm -f "$S/sig"
    env --default-signal=INT "$CLIENT" --identity one --home "$T/home" -- "$FAKE" -- wait-signal </dev/null \
        >"$S/sig" 2>"$S/sigerr" &
    pid=$!
    k=0; while ! grep -q ready "$S/sig" 2>/dev/null && [ $k -lt 500 ]; do sleep 0.01; k=$((k + 1)); done
    (sleep 10; kill -9 $pid 2>/dev/null) & dog=$!
    kill -"${sig%:*}" $pid; wait $pid; got=$?
    kill $dog 2>/dev/null
    grep -qx "K ${sig#*:}" "$S/record" || fail "SIG${sig%:*} forwarded: $(cat "$S/record")"
    [ "$got" = $((128 + ${sig#*:})) ] || fail "SIG${sig%:*} exit $got"
    grep -qx cancelled "$S/sigerr" || fail "SIG${sig%:*}: output after the signal relayed"
done

# crash line on EOF, and a truncated frame
for what in crash truncated; do
    run $what </dev/null >"$S/out" 2>"$S/err"; got=$?
    [ "$got" = 134 ] || fail "$what exit $got"
    grep -q "^starfish: error: the Starfish server ended while it ran this command (it crashed or was killed); its log: $(sockdir)/.*\.log$" "$S/err" \
        || fail "$what line: $(cat "$S/err")"
    [ "$(wc -l <"$S/err")" = 1 ] || fail "$what: one line"
done
# hostile frames
for what in oversized unknown badexit; do
    run $what </dev/null >"$S/out" 2>"$S/err"; got=$?
    [ "$got" = 1 ] || fail "$what exit $got"
    grep -q "^starfish: error: the Starfish server broke the protocol: it sent .*; its log: " "$S/err" || fail "$what: $(cat "$S/err")"
    cp "$S/err" "$S/err-$what"
done
grep -q "an 'O' frame of 65537 bytes, at most 65536" "$S/err-oversized" || fail "oversized named"
grep -q "unknown type 'Y'" "$S/err-unknown" || fail "unknown type named"
grep -q "exit code 256, expected 0 to 255" "$S/err-badexit" || fail "bad exit code named"


# socket-directory refusals: group/other bits, another owner, a symlink, not a directory
fresh; d=$(sockdir)
mkdir -m 755 "$d"
run exit 0 2>"$S/err" </dev/null; got=$?
[ "$got" = 2 ] && grep -q "socket directory $d is not safe to use: it has owner uid $(id -u) and mode 0755" "$S/err" \
    || fail "mode 0755 refused: $got $(cat "$S/err")"
if [ "$(id -u)" = 0 ]; then
    chmod 700 "$d" && chown nobody "$d"
    run exit 0 2>"$S/err" </dev/null; got=$?
    [ "$got" = 2 ] && grep -q "owner uid $(id -u nobody)" "$S/err" || fail "other owner refused: $got $(cat "$S/err")"
fi
rm -rf "$d"; mkdir -m 700 "$S/real"; ln -s "$S/real" "$d"
run exit 0 2>"$S/err" </dev/null; got=$?
[ "$got" = 2 ] && grep -q "symbolic link" "$S/err" || fail "symlink refused: $got $(cat "$S/err")"
rm -f "$d"; : >"$d"
run exit 0 2>"$S/err" </dev/null; [ $? = 2 ] && grep -q "not a directory" "$S/err" || fail "file refused"
[ "$(wc -l <"$S/err")" = 1 ] || fail "refusal is one line"

# a server that exits before it accepts
fresh
FAKE_DIE=3 run exit 0 2>"$S/err" </dev/null; got=$?
[ "$got" = 1 ] && grep -q "exited with status 3 before it accepted connections; its log: $(sockdir)/" "$S/err" \
    || fail "early exit: $got $(cat "$S/err")"
grep -q "dying as told" "$(sockdir)"/*.log || fail "early exit in the log"

# stale socket replaced
fresh
run exit 0 </dev/null || fail "first start"
kill -9 "$(cat "$(sockdir)"/*.fakepid)"; sleep 0.1
[ -S "$(ls "$(sockdir)"/*.sock)" ] || fail "stale socket left for the test"
run exit 7 </dev/null; [ $? = 7 ] || fail "stale socket replaced"
[ "$(wc -l <"$S/starts")" = 2 ] || fail "a second server after the stale one"

# two clients at once start exactly one server
fresh
FAKE_BIND_DELAY_MS=300 run pid 0 >"$S/a" </dev/null & a=$!
FAKE_BIND_DELAY_MS=300 run pid 0 >"$S/b" </dev/null & b=$!
wait $a; wait $b
[ "$(wc -l <"$S/starts")" = 1 ] || fail "two clients started $(wc -l <"$S/starts") servers"
cmp -s "$S/a" "$S/b" || fail "both clients on one server"

# another build: a new server, and the old one told to stop when idle
ID=two run exit 0 </dev/null || fail "other build"
sleep 0.2
[ "$(wc -l <"$S/starts")" = 2 ] || fail "another build starts its own server"
grep -qx Z "$S/record" || fail "old build sent Z"

# other limits (a batch job's ulimit) or another priority: a server started under them
fresh
run exit 0 </dev/null || fail "usual limits"
(ulimit -n 256 && run exit 0 </dev/null) || fail "other limits"
(ulimit -n 256 && run exit 0 </dev/null) || fail "other limits again"
nice -n 3 "$CLIENT" --identity one --home "$T/home" -- "$FAKE" -- exit 0 </dev/null || fail "other priority"
run exit 0 </dev/null || fail "usual limits again"
[ "$(wc -l <"$S/starts")" = 3 ] || fail "other limits and priority start one server each: $(wc -l <"$S/starts") servers"

# --one-shot: with no server running, the command runs one-shot at once while a server starts beside it
fresh
printf '#!/bin/sh\necho "one-shot $STARFISH_SERVER $*"\nexit 7\n' >"$T/one-shot"; chmod +x "$T/one-shot"
beside() { "$CLIENT" --identity one --one-shot "$T/one-shot" --home "$T/home" -- "$FAKE" -- "$@"; }
beside exit 5 </dev/null >"$S/out"; got=$?
[ "$got" = 7 ] && grep -qx "one-shot off exit 5" "$S/out" || fail "one-shot while starting: $got $(cat "$S/out")"
run server status </dev/null >"$S/out" 2>&1
grep -q "no server is running" "$S/out" && fail "server status waits for the server being started: $(cat "$S/out")"
beside exit 5 </dev/null >"$S/out"; got=$?
[ "$got" = 5 ] && [ ! -s "$S/out" ] || fail "a running server serves a --one-shot client: $got $(cat "$S/out")"
[ "$(wc -l <"$S/starts")" = 1 ] || fail "one server started beside: $(wc -l <"$S/starts")"
fresh
beside exit 5 </dev/null >"$S/a" & a=$!
beside exit 5 </dev/null >"$S/b" & b=$!
wait $a; wait $b
# (the second runs one-shot too, unless the server was up by the time it looked)
grep -qx "one-shot off exit 5" "$S/a" || grep -qx "one-shot off exit 5" "$S/b" || fail "two first calls run one-shot"
run exit 0 </dev/null || fail "after two first calls"
[ "$(wc -l <"$S/starts")" = 1 ] || fail "two first calls at once start one server beside: $(wc -l <"$S/starts")"

# a reader of stdout that goes away: the rest of stdout is dropped, stderr and the exit code are the command's
fresh
{ run outerr 20000 </dev/null 2>"$S/err"; echo $? >"$S/code"; } | head -c 1 >/dev/null
[ "$(cat "$S/code")" = 0 ] || fail "stdout gone: exit $(cat "$S/code"), not the command's 0"
tail -n 1 "$S/err" | grep -qx "err 20000" || fail "stdout gone: stderr cut short: $(tail -n 1 "$S/err")"

# server status/stop never start a server
fresh
for sub in status stop; do
    run server $sub >"$S/out" 2>&1 </dev/null || fail "server $sub exit"
    grep -qx "starfish: no server is running for $T/home (socket $(sockdir)/.*\.sock)" "$S/out" || fail "server $sub: $(cat "$S/out")"
done
[ -e "$S/starts" ] && fail "server status started a server"
run server status >/dev/null 2>&1 </dev/null
run exit 0 </dev/null && run server status 2>"$S/err" >/dev/null </dev/null && grep -q "fake: served" "$S/err" \
    || fail "server status through a running server"

# usage and getcwd failures
"$CLIENT" --home "$T/home" 2>"$S/err"; [ $? = 2 ] && grep -q "^starfish: error: starfish-client: no '--'" "$S/err" || fail "usage"
mkdir "$S/gone" && (cd "$S/gone" && rmdir "$S/gone" && run exit 0 2>"$S/err" </dev/null; echo $? >"$S/rc")
[ "$(cat "$S/rc")" = 2 ] && grep -q "cannot determine the working directory" "$S/err" || fail "deleted cwd: $(cat "$S/err")"

# a socket path with no room for the server's temporary name is refused
long=$SHORT/$(printf '%070d' 0); mkdir -p "$long"
TMPDIR=$long run exit 0 2>"$S/err" </dev/null; got=$?
[ "$got" = 2 ] && grep -q "at most 95 fit in a Unix socket address" "$S/err" || fail "long socket path: $got $(cat "$S/err")"

# sf-frames against the fake server
run exit 0 </dev/null
"$SF_FRAMES" "$(ls "$(sockdir)"/*.sock)" "req:/,outerr,2" >"$S/frames"
printf 'O 6 out 1\\x0a\nE 6 err 2\\x0a\nX 4 code=0\nEOF\n' | cmp -s - "$S/frames" || fail "sf-frames: $(cat "$S/frames")"

if [ $fails = 0 ]; then echo "client tests: all passed ($CLIENT)"; else echo "client tests: $fails failed"; exit 1; fi
