#!/bin/sh
# run_examples.sh BIN OUT EXAMPLES - every tool on every example (run by
# `make check` with the ASan/UBSan binaries). Fails on the first surprise.
set -u
BIN=$1; OUT=$2; EX=$3
rm -rf "$OUT"; mkdir -p "$OUT"
. "$(dirname "$0")/lib.sh"

for t in hlo2penguin walrus_driver xla_infergoldens hlo-neff-wrapper hlo-opt nn_executor watchpoint_insert kgraph2dot; do
  expect 0 "$t (starfish penguin) 0.1.0" "$BIN/$t" --version
  expect 0 "usage: $t" "$BIN/$t" --help
  expect 2 "unknown" "$BIN/$t" --no-such-flag
done
expect 2 "cannot read" "$BIN/hlo2penguin" "$OUT/missing.hlo" -o "$OUT/x.penguin"
expect 2 "cannot write" "$BIN/hlo2penguin" "$EX/mlp.hlo" -o "$OUT/no/such/dir/x.penguin"
expect 2 "cannot create" "$BIN/xla_infergoldens" "$EX/mlp.hlo" --seed 1 --out-dir "$OUT/no/such/dir"

echo '{"subgraphs":[]}' > "$OUT/tensor_map.json"
for e in mlp mlp_two_heads reduce_softmax_like mlp_large fusion_call; do
  W=$OUT/$e; mkdir -p "$W"
  expect 0 "" "$BIN/hlo2penguin" "$EX/$e.hlo" -o "$W/model.penguin" || continue
  expect 0 "" "$BIN/walrus_driver" "$W/model.penguin" -o "$W/model.bir" || continue
  expect 0 "BIR OK" "$BIN/walrus_driver" --pass birverifier "$W/model.bir"
  expect 0 "written" "$BIN/xla_infergoldens" "$EX/$e.hlo" --seed 7 --out-dir "$W/goldens" || continue
  expect 0 "match" "$BIN/nn_executor" --bir "$W/model.bir" --tensor_map "$OUT/tensor_map.json" --sunda \
    --inputs "$W/goldens/inputs.bin" --goldens "$W/goldens/outputs.bin" --json "$W/report.json"
  grep -q '"status":"pass"' "$W/report.json" || fail "$e: report not pass"
  # hlo-opt output must compile to the same results
  expect 0 "folded" "$BIN/hlo-opt" "$EX/$e.hlo" -o "$W/opt.hlo"
  expect 0 "" "$BIN/hlo2penguin" "$W/opt.hlo" -o "$W/opt.penguin"
  expect 0 "" "$BIN/walrus_driver" "$W/opt.penguin" -o "$W/opt.bir"
  expect 0 "match" "$BIN/nn_executor" --bir "$W/opt.bir" --tensor_map "$OUT/tensor_map.json" --sunda \
    --inputs "$W/goldens/inputs.bin" --goldens "$W/goldens/outputs.bin" --json "$W/opt_report.json"
  # watchpoint on the first temporary, dumped during execution
  T=$(awk '$1=="tensor" && $4=="temp" {print $2; exit}' "$W/model.bir")
  if [ -n "$T" ]; then
    expect 0 "" "$BIN/watchpoint_insert" --bir "$W/model.bir" --tensor "$T" -o "$W/wp.bir"
    expect 0 "match" "$BIN/nn_executor" --bir "$W/wp.bir" --tensor_map "$OUT/tensor_map.json" --sunda \
      --inputs "$W/goldens/inputs.bin" --goldens "$W/goldens/outputs.bin" --json "$W/wp.json" --dump-dir "$W/dumps"
    [ -s "$W/dumps/$T.bin" ] || fail "$e: watchpoint dump $T.bin missing"
  fi
done
expect 2 "known:" "$BIN/watchpoint_insert" --bir "$OUT/mlp/model.bir" --tensor nope -o "$OUT/x.bir"
# iterations
expect 0 "3 iterations" "$BIN/nn_executor" --bir "$OUT/mlp/model.bir" --tensor_map "$OUT/tensor_map.json" --sunda \
  --inputs "$OUT/mlp/goldens/inputs.bin" --goldens "$OUT/mlp/goldens/outputs.bin" --json "$OUT/it.json" --iterations 3
# mismatch: goldens of another seed
expect 0 "" "$BIN/xla_infergoldens" "$EX/mlp.hlo" --seed 8 --out-dir "$OUT/mlp/goldens8"
expect 1 "differ" "$BIN/nn_executor" --bir "$OUT/mlp/model.bir" --tensor_map "$OUT/tensor_map.json" --sunda \
  --inputs "$OUT/mlp/goldens/inputs.bin" --goldens "$OUT/mlp/goldens8/outputs.bin" --json "$OUT/mm.json"
# same-size impostor: f32 goldens for a BIR whose output is s32 are refused, not compared
printf 'ENTRY e {\n  a = f32[4] parameter(0)\n  ROOT r = s32[4] convert(a)\n}\n' > "$OUT/s32.hlo"
printf 'ENTRY e {\n  a = f32[4] parameter(0)\n  ROOT r = f32[4] negate(a)\n}\n' > "$OUT/f32.hlo"
expect 0 "" "$BIN/hlo2penguin" "$OUT/s32.hlo" -o "$OUT/s32.penguin"
expect 0 "" "$BIN/walrus_driver" "$OUT/s32.penguin" -o "$OUT/s32.bir"
expect 0 "written" "$BIN/xla_infergoldens" "$OUT/f32.hlo" --seed 3 --out-dir "$OUT/f32g"
expect 2 "tensor 'r' is s32\[4\] in the BIR but 'r' is f32\[4\] in" "$BIN/nn_executor" --bir "$OUT/s32.bir" \
  --tensor_map "$OUT/tensor_map.json" --sunda --inputs "$OUT/f32g/inputs.bin" --goldens "$OUT/f32g/outputs.bin" --json "$OUT/imp.json"

# broken examples
expect 2 "hlo2penguin: $EX/bad_syntax.hlo:6:1: expected ')'" "$BIN/hlo2penguin" "$EX/bad_syntax.hlo" -o "$OUT/b.penguin"
expect 2 "bad_shape.hlo:6:31: shape mismatch" "$BIN/hlo2penguin" "$EX/bad_shape.hlo" -o "$OUT/b.penguin"
expect 2 "unsupported_op.hlo:6:37: unsupported op 'convolution' (the supported ops are listed in docs/toolchain-contract.md, \"Supported HLO subset\")" "$BIN/hlo2penguin" "$EX/unsupported_op.hlo" -o "$OUT/b.penguin"
expect 2 "shape mismatch" "$BIN/xla_infergoldens" "$EX/bad_shape.hlo" --seed 1 --out-dir "$OUT/bg"
expect 2 "unsupported op" "$BIN/hlo-opt" "$EX/unsupported_op.hlo" -o "$OUT/b.hlo"
expect 0 "" "$BIN/hlo2penguin" "$EX/too_large.hlo" -o "$OUT/too_large.penguin"
expect 1 "tensor 'dot.3' needs 67108864 bytes;" "$BIN/walrus_driver" "$OUT/too_large.penguin" -o "$OUT/too_large.bir"
expect 0 "" "$BIN/walrus_driver" "$OUT/too_large.penguin" -o "$OUT/too_large.bir" --buffer-bytes 80000000
expect 1 "does not fit\|needs" "$BIN/walrus_driver" "$OUT/mlp/model.penguin" -o "$OUT/x.bir" --buffer-bytes 1024
# a corrupted BIR: every violation is reported
sed -e 's/^\(tensor dot.6 .*\) offset=[0-9]*/\1 offset=0/' -e 's/^\(tensor add.14 .*\) offset=[0-9]*/\1 offset=33554432/' \
  "$OUT/mlp/model.bir" > "$OUT/bad.bir"
expect 1 "2 BIR violations\|3 BIR violations\|4 BIR violations" "$BIN/walrus_driver" --pass birverifier "$OUT/bad.bir"

# NEFF packing from a work directory with relative names
( cd "$OUT/mlp_two_heads" &&
  printf '{"subgraphs":[{"name":"sg00","bir":"model.bir","sha256":"x","inputs":["Arg_0.1"],"outputs":["dot.7"]}]}\n' > kgraph.json &&
  expect 0 "members" "$BIN/hlo-neff-wrapper" -o out.neff --kgraph kgraph.json model.bir goldens/inputs.bin &&
  expect 0 "" tar tf out.neff && grep -q manifest.json "$OUT/last.log" && grep -q goldens/inputs.bin "$OUT/last.log" &&
  tar xOf out.neff manifest.json | grep -q '"toolchain_version": "0.1.0"' &&
  expect 2 "relative" "$BIN/hlo-neff-wrapper" -o x.neff --kgraph kgraph.json /etc/passwd &&
  expect 2 "cannot read" "$BIN/hlo-neff-wrapper" -o x.neff --kgraph kgraph.json missing.bin &&
  expect 0 "" "$BIN/kgraph2dot" kgraph.json -o kgraph.dot && grep -q digraph kgraph.dot ) || fail "neff/kgraph2dot checks"
expect 2 "" "$BIN/kgraph2dot" "$EX/mlp.hlo" -o "$OUT/x.dot"

echo "run_examples: $NOK checks passed, $NFAIL failed"
[ $NFAIL -eq 0 ]
