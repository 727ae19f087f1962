#!/bin/sh
# run_regressions.sh BIN OUT JNISO RELBIN - issue 10 regressions (run by
# `make check` with the ASan/UBSan binaries in BIN, release ones in
# RELBIN): malformed reduce bodies written after ENTRY through every tool
# and through the JNI entry points (loaded without a JVM by
# jni_dlopen_test), a 200 000-instruction chain, allocation limits, and
# call graphs past the call-depth and instruction limits (issue 23).
set -u
BIN=$1; OUT=$2; JNISO=$3; RELBIN=$4
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

# 4. allocation limits: checked before allocating. A regression must fail
# fast instead of eating RAM: ASan refuses allocations above 1.1 GB, the
# release binary runs under a 1 GB address-space limit.
SMALL="env ASAN_OPTIONS=max_allocation_size_mb=1100:allocator_may_return_null=1:detect_leaks=0"
printf 'penguin 1\nmodule big\ntensor x f32[1000000000] input 0\ntensor c f32[1000000000] const\ndata c 1\ntensor y f32[1000000000] output 0\nop add y x c\nend\n' > "$OUT/big.penguin"
msg="big.penguin:5:1: constant 'c' needs 1000000000 values, got 1"
expect 2 "$msg" $SMALL "$BIN/walrus_driver" "$OUT/big.penguin" -o "$OUT/big.bir"
expect 2 "$msg" sh -c 'ulimit -v 1000000 && exec "$0" "$@"' "$RELBIN/walrus_driver" "$OUT/big.penguin" -o "$OUT/big.bir"
printf 'HloModule m\nENTRY e {\n  a = f32[1000000000] parameter(0)\n  ROOT n = f32[1000000000] negate(a)\n}\n' > "$OUT/bigparam.hlo"
msg="bigparam.hlo: tensor 'a' f32\[1000000000\] needs 4000000000 bytes, more than the 1073741824-byte limit per tensor"
expect 2 "$msg" $SMALL "$BIN/xla_infergoldens" "$OUT/bigparam.hlo" --seed 1 --out-dir "$OUT/bg"
expect 2 "$msg" sh -c 'ulimit -v 1000000 && exec "$0" "$@"' "$RELBIN/xla_infergoldens" "$OUT/bigparam.hlo" --seed 1 --out-dir "$OUT/bg"
printf 'HloModule m\nENTRY e {\n  a = f32[250000000] parameter(0)\n  b = f32[250000000] negate(a)\n  c = f32[250000000] negate(b)\n  d = f32[250000000] negate(c)\n  ROOT r = f32[250000000] negate(d)\n}\n' > "$OUT/bigchain.hlo"
expect 2 "bigchain.hlo: evaluation needs more than the 4294967296-byte limit for all tensors at once" \
  $SMALL "$BIN/xla_infergoldens" "$OUT/bigchain.hlo" --seed 1 --out-dir "$OUT/bg"
# nn_executor: a huge simulated buffer, a tensor file announcing 1.2 GB
expect 0 "" "$BIN/hlo2penguin" "$HERE/examples/mlp.hlo" -o "$OUT/mlp.penguin"
expect 0 "" "$BIN/walrus_driver" "$OUT/mlp.penguin" -o "$OUT/mlp.bir"
expect 0 "" "$BIN/xla_infergoldens" "$HERE/examples/mlp.hlo" --seed 1 --out-dir "$OUT/mg"
sed 's/^buffer_bytes .*/buffer_bytes 2000000000/' "$OUT/mlp.bir" > "$OUT/hugebuf.bir"
echo '{}' > "$OUT/tm.json"
NN="--tensor_map $OUT/tm.json --sunda --json $OUT/r.json"
expect 2 "hugebuf.bir: buffer_bytes 2000000000 is more than the 1073741824-byte limit of the simulator" \
  $SMALL "$BIN/nn_executor" --bir "$OUT/hugebuf.bir" $NN --inputs "$OUT/mg/inputs.bin" --goldens "$OUT/mg/outputs.bin"
printf 'SFTB\001\000\000\000\001\000\000\000\001\000\000\000x\001\000\000\000\000\243\341\021\000\000\000\000' > "$OUT/huge.bin"
expect 2 "huge.bin: tensor 'x' needs more than the 1073741824-byte limit per tensor" \
  $SMALL "$BIN/nn_executor" --bir "$OUT/mlp.bir" $NN --inputs "$OUT/huge.bin" --goldens "$OUT/mg/outputs.bin"

# 5. call graphs (issue 23 F10, F11): a 10 000-deep chain, callers first,
# on a 1 MiB stack (what a JVM thread has), and computations calling the
# next twice (2^23 negates once inlined) under a 1 GB address-space limit:
# one diagnostic naming the limit, exit 2, no output, through the tools and
# the JNI check
sh "$HERE/tests/gen_calls.sh" chain 10000 > "$OUT/chain10k.hlo"
sh "$HERE/tests/gen_calls.sh" double 24 > "$OUT/double24.hlo"
deep="chain10k.hlo:45000:19: call depth limit exceeded: computation 'f8999' nests fusion/call 1001 deep through 'f9000' (at most 1000 nested levels are supported)"
wide="double24.hlo:26:1: instruction limit exceeded: inlining fusion/call up to computation 'f4' makes more than 2097152 instructions"
for t in hlo2penguin hlo-opt; do
  expect 2 "$t: $OUT/$deep" sh -c 'ulimit -s 1024 && exec "$0" "$@"' "$RELBIN/$t" "$OUT/chain10k.hlo" -o "$OUT/c.out"
  expect 2 "$t: $OUT/$deep" "$BIN/$t" "$OUT/chain10k.hlo" -o "$OUT/c.out"
  expect 2 "$t: $OUT/$wide" sh -c 'ulimit -v 1000000 && exec "$0" "$@"' "$RELBIN/$t" "$OUT/double24.hlo" -o "$OUT/d.out"
  expect 2 "$t: $OUT/$wide" $SMALL "$BIN/$t" "$OUT/double24.hlo" -o "$OUT/d.out"
done
expect 2 "xla_infergoldens: $OUT/$deep" "$BIN/xla_infergoldens" "$OUT/chain10k.hlo" --seed 1 --out-dir "$OUT/cg"
expect 2 "xla_infergoldens: $OUT/$wide" "$BIN/xla_infergoldens" "$OUT/double24.hlo" --seed 1 --out-dir "$OUT/cg"
[ ! -e "$OUT/c.out" ] && [ ! -e "$OUT/d.out" ] && [ ! -e "$OUT/cg" ] || fail "a refused call graph left an output"
expect 0 "$deep" sh -c 'ulimit -s 1024 && exec "$0" "$@"' "$BIN/jni_dlopen_test" "$JNISO" check "$OUT/chain10k.hlo" "$deep"
expect 0 "$wide" "$BIN/jni_dlopen_test" "$JNISO" check "$OUT/double24.hlo" "$wide"
expect 0 "IllegalArgumentException: $deep" "$BIN/jni_dlopen_test" "$JNISO" partition "$OUT/chain10k.hlo" "IllegalArgumentException: $deep"

echo "run_regressions: $NOK checks passed, $NFAIL failed"
[ $NFAIL -eq 0 ]
