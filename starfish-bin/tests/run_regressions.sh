#!/bin/sh
# run_regressions.sh BIN OUT JNISO - issue 10 regressions (run by `make
# check` with the ASan/UBSan binaries): malformed reduce bodies written
# after ENTRY through every tool and through the JNI entry points (loaded
# without a JVM by jni_dlopen_test).
set -u
BIN=$1; OUT=$2; JNISO=$3
HERE=$(cd "$(dirname "$0")/.." && pwd)
REG=$HERE/fuzz/regressions
rm -rf "$OUT"; mkdir -p "$OUT"
. "$HERE/tests/lib.sh"

# 1. reduce body after ENTRY whose root is add() / add(x)
for n in 0 1; do
  f=$REG/reduce_body_after_entry_add$n.hlo
  msg="reduce_body_after_entry_add$n.hlo:10:18: add expects 2 operands, found $n"
  expect 2 "hlo2penguin: $f:10:18: add expects 2 operands, found $n" "$BIN/hlo2penguin" "$f" -o "$OUT/x.penguin"
  expect 2 "hlo-opt: $f:10:18: add expects 2 operands" "$BIN/hlo-opt" "$f" -o "$OUT/x.hlo"
  expect 2 "xla_infergoldens: $f:10:18: add expects 2 operands" "$BIN/xla_infergoldens" "$f" --seed 1 --out-dir "$OUT/g"
  expect 0 "$msg" "$BIN/jni_dlopen_test" "$JNISO" check "$f" "$msg"
  expect 0 "IllegalArgumentException: $msg" "$BIN/jni_dlopen_test" "$JNISO" partition "$f" "IllegalArgumentException: $msg"
  expect 0 "IllegalArgumentException: $msg" "$BIN/jni_dlopen_test" "$JNISO" signature "$f" "IllegalArgumentException: $msg"
done
expect 0 "check(mlp.hlo) -> null ok" "$BIN/jni_dlopen_test" "$JNISO" check "$HERE/examples/mlp.hlo" null
expect 0 "tanh.15" "$BIN/jni_dlopen_test" "$JNISO" signature "$HERE/examples/mlp.hlo" '"outputs":[{"name":"tanh.15"'
# other opcodes: the operand count is checked when the instruction is built
printf 'HloModule m\nENTRY e {\n  a = f32[2] parameter(0)\n  ROOT n = f32[2] negate(a, a)\n}\n' > "$OUT/neg2.hlo"
expect 2 "neg2.hlo:4:19: negate expects 1 operand, found 2" "$BIN/hlo2penguin" "$OUT/neg2.hlo" -o "$OUT/x.penguin"
printf 'HloModule m\nENTRY e {\n  ROOT t = (f32[2]) tuple()\n}\n' > "$OUT/tuple0.hlo"
expect 2 "tuple0.hlo:3:21: tuple expects at least 1 operand, found 0" "$BIN/hlo2penguin" "$OUT/tuple0.hlo" -o "$OUT/x.penguin"

# 3. a 200 000-instruction chain goes through parse, check and lowering
# (no timing assertion: the times are in docs/benchmarks.md)
sh "$HERE/tests/gen_chain.sh" 200000 > "$OUT/chain200k.hlo"
expect 0 "" "$BIN/hlo2penguin" "$OUT/chain200k.hlo" -o "$OUT/chain200k.penguin"
expect 0 "tensor v200000 f32\[4\] output 0" cat "$OUT/chain200k.penguin"
expect 0 "check(chain200k.hlo) -> null ok" "$BIN/jni_dlopen_test" "$JNISO" check "$OUT/chain200k.hlo" null

echo "run_regressions: $NOK checks passed, $NFAIL failed"
[ $NFAIL -eq 0 ]
