#!/bin/sh
# run_outputs.sh BIN OUT EXAMPLES - how the shipped tools write an output
# that exists and is not a regular file (issue 23 F24; run by `make check`
# with the ASan/UBSan binaries): a FIFO and a symlink to a character
# device (the real /dev/null, only written to) are written in place and
# stay what they were, never renamed over; a directory is refused with one
# line before anything is written. Nothing is left behind (no NAME.tmp*).
set -u
BIN=$1; OUT=$2; EX=$3
rm -rf "$OUT"; mkdir -p "$OUT"
. "$(dirname "$0")/lib.sh"

expect 0 "" "$BIN/hlo2penguin" "$EX/mlp.hlo" -o "$OUT/mlp.penguin"
expect 0 "" "$BIN/walrus_driver" "$OUT/mlp.penguin" -o "$OUT/mlp.bir"
echo '{"kernels":[]}' > "$OUT/kgraph.json"

# run_tool NAME OUTPUT: the tool NAME writing OUTPUT, from $OUT
run_tool() {
  case $1 in
    hlo2penguin) (cd "$OUT" && "$BIN/hlo2penguin" "$EX/mlp.hlo" -o "$2") ;;
    hlo-opt) (cd "$OUT" && "$BIN/hlo-opt" "$EX/mlp.hlo" -o "$2") ;;
    walrus_driver) (cd "$OUT" && "$BIN/walrus_driver" mlp.penguin -o "$2") ;;
    hlo-neff-wrapper) (cd "$OUT" && "$BIN/hlo-neff-wrapper" -o "$2" --kgraph kgraph.json mlp.bir) ;;
  esac
}
# first line (or tar member) each tool's output starts with
first_of() {
  case $1 in
    hlo2penguin) echo "# penguin IR of" ;; hlo-opt) echo "HloModule" ;;
    walrus_driver) echo "bir 1" ;; hlo-neff-wrapper) echo "manifest.json" ;;
  esac
}

for t in hlo2penguin hlo-opt walrus_driver hlo-neff-wrapper; do
  # a FIFO: written through, a reader gets the whole output, it stays a FIFO
  rm -f "$OUT/fifo" "$OUT/fifo.out"; mkfifo "$OUT/fifo"
  cat "$OUT/fifo" > "$OUT/fifo.out" & reader=$!
  ASAN_OPTIONS=detect_leaks=1 run_tool "$t" fifo > "$OUT/last.log" 2>&1; rc=$?
  if [ -p "$OUT/fifo" ]; then wait $reader; else fail "$t: -o FIFO replaced the FIFO"; kill $reader; wait $reader; fi
  [ $rc -eq 0 ] || { fail "$t: -o FIFO exit $rc"; sed 's/^/    /' "$OUT/last.log" >&2; }
  grep -q "$(first_of $t)" "$OUT/fifo.out" || fail "$t: the FIFO's reader did not get the output"
  # a symlink to a character device: written through, both stay as they were
  ln -sf /dev/null "$OUT/null"
  expect 0 "" run_tool "$t" null
  [ -L "$OUT/null" ] && [ "$(readlink "$OUT/null")" = /dev/null ] || fail "$t: -o symlink to /dev/null replaced the symlink"
  [ -c /dev/null ] || fail "$t: /dev/null is no longer a character device"
  # a directory (and a symlink to one): one line, exit 2, nothing written
  mkdir -p "$OUT/dir"; ln -sfn dir "$OUT/dirlink"
  expect 2 "$t: cannot write dir: it is a directory (expected a regular file, a FIFO or a character device)" run_tool "$t" dir
  expect 2 "$t: cannot write dirlink: it is a directory" run_tool "$t" dirlink
  [ "$(wc -l < "$OUT/last.log")" -eq 1 ] || fail "$t: -o directory printed more than one line"
  [ -z "$(ls -A "$OUT/dir")" ] || fail "$t: wrote into the directory"
done
# xla_infergoldens: the files of --out-dir likewise
mkdir -p "$OUT/g"; ln -sf /dev/null "$OUT/g/inputs.bin"
expect 0 "written" "$BIN/xla_infergoldens" "$EX/mlp.hlo" --seed 1 --out-dir "$OUT/g"
[ -L "$OUT/g/inputs.bin" ] && [ -f "$OUT/g/outputs.bin" ] || fail "xla_infergoldens: inputs.bin symlink to /dev/null replaced"
# an invalid model leaves no --out-dir behind
printf 'HloModule m\nENTRY e {\n  ROOT a = f32[2] add()\n}\n' > "$OUT/bad.hlo"
expect 2 "add expects 2 operands" "$BIN/xla_infergoldens" "$OUT/bad.hlo" --seed 1 --out-dir "$OUT/bad-goldens"
[ ! -e "$OUT/bad-goldens" ] || fail "xla_infergoldens: invalid input created --out-dir"

leftover=$(find "$OUT" -name '*.tmp*')
[ -z "$leftover" ] || fail "temporary files left: $leftover"
echo "run_outputs: $NOK checks passed, $NFAIL failed"
[ $NFAIL -eq 0 ]
