#!/bin/sh
# run_corpus.sh BIN OUT CORPUS - every real XLA file of CORPUS (listed in
# CORPUS/EXPECTED, see CORPUS/SOURCES.md) through every stage, run by
# `make check` with the ASan/UBSan binaries. A file expected to `compile`
# must go through hlo2penguin, walrus_driver, the BIR verifier and
# xla_infergoldens and match its goldens on nn_executor; a file expected
# to be `rejected` must stop at the first stage with exit 1 or 2 and one
# line naming the file, the position (hlo2penguin) and the text given in
# EXPECTED, then the source line and a caret under the position. No crash,
# hang or sanitizer report in either case.
set -u
BIN=$1; OUT=$2; CORPUS=$3
rm -rf "$OUT"; mkdir -p "$OUT"
. "$(dirname "$0")/lib.sh"
EXP=$CORPUS/EXPECTED
echo '{"subgraphs":[]}' > "$OUT/tensor_map.json"
ncompile=0; nreject=0; nfiles=0

# one_line FILE STAGE PATTERN: the failing stage printed exactly one diagnostic line, followed, when it
# is located in the file, by the source line and the caret line (snippet.h) and nothing else
one_line() {
  n=$(wc -l < "$OUT/last.log")
  if [ "$n" -ne 1 ] && ! { [ "$n" -eq 3 ] && sed -n 2p "$OUT/last.log" | grep -qE '^ *[0-9]+ \| ' &&
                           sed -n 3p "$OUT/last.log" | grep -qE '^ +\| +\^~*$'; }; then
    fail "$1: $2 printed $n lines (want one diagnostic and its snippet)"; sed 's/^/    /' "$OUT/last.log" >&2; return 1
  fi
  if ! head -n 1 "$OUT/last.log" | grep -qF -- "$3"; then fail "$1: $2 diagnostic lacks '$3'"; sed 's/^/    /' "$OUT/last.log" >&2; return 1; fi
  if grep -q "runtime error\|AddressSanitizer\|LeakSanitizer" "$OUT/last.log"; then fail "$1: sanitizer report"; return 1; fi
  return 0
}

# run STAGE CMD...: exit code of CMD (bounded in time), output in last.log
run() {
  stage=$1; shift
  ASAN_OPTIONS=detect_leaks=1:abort_on_error=0 timeout 120 "$@" >"$OUT/last.log" 2>&1
}

for f in "$CORPUS"/*.hlo; do
  grep -q "^$(basename "$f")	" "$EXP" || fail "$(basename "$f") is not listed in $EXP"
done
while IFS='	' read -r name want text; do
  case "$name" in ''|'#'*) continue ;; esac
  f=$CORPUS/$name; W=$OUT/${name%.hlo}; mkdir -p "$W"; nfiles=$((nfiles+1))
  [ -f "$f" ] || { fail "$name is listed in $EXP but missing"; continue; }
  got=compile; where=""
  for stage in hlo2penguin walrus_driver; do
    if [ $stage = hlo2penguin ]; then run $stage "$BIN/hlo2penguin" "$f" -o "$W/model.penguin"
    else run $stage "$BIN/walrus_driver" "$W/model.penguin" -o "$W/model.bir"; fi
    rc=$?
    if [ $rc -ne 0 ]; then got=rejected; where=$stage; break; fi
  done
  if [ "$want" = rejected ]; then
    if [ $got != rejected ]; then fail "$name: expected a rejection ('$text'), but it compiled"; continue; fi
    [ $rc -eq 1 ] || [ $rc -eq 2 ] || { fail "$name: $where exit $rc (want 1 or 2)"; sed 's/^/    /' "$OUT/last.log" >&2; continue; }
    one_line "$name" "$where" "$text" && { nreject=$((nreject+1)); NOK=$((NOK+1)); }
    continue
  fi
  if [ $got = rejected ]; then fail "$name: $where rejected it (exit $rc)"; sed 's/^/    /' "$OUT/last.log" >&2; continue; fi
  expect 0 "BIR OK" "$BIN/walrus_driver" --pass birverifier "$W/model.bir" || continue
  expect 0 "written" "$BIN/xla_infergoldens" "$f" --seed 5 --out-dir "$W/goldens" || continue
  expect 0 "match" "$BIN/nn_executor" --bir "$W/model.bir" --tensor_map "$OUT/tensor_map.json" --sunda \
    --inputs "$W/goldens/inputs.bin" --goldens "$W/goldens/outputs.bin" --json "$W/report.json" || continue
  ncompile=$((ncompile+1))
done < "$EXP"
echo "run_corpus: $nfiles real XLA files: $ncompile compile and match their goldens, $nreject rejected with one diagnostic; $NFAIL failed"
[ $NFAIL -eq 0 ]
