#!/bin/sh
# Generates mlp_large.hlo: an 8-layer 512-wide MLP (batch 512) in JAX style.
# Usage: gen_large.sh > mlp_large.hlo
set -eu
B=512; W=512; L=8
printf 'HloModule jit_mlp_large, entry_computation_layout={(f32[%d,%d]{1,0}' $B $W
i=0; while [ $i -lt $L ]; do printf ', f32[%d,%d]{1,0}, f32[%d]{0}' $W $W $W; i=$((i+1)); done
printf ')->f32[%d,%d]{1,0}}\n\n' $B $W
printf 'ENTRY %%main (x: f32[%d,%d]) -> f32[%d,%d] {\n' $B $W $B $W
printf '  %%x = f32[%d,%d]{1,0} parameter(0), metadata={op_name="x"}\n' $B $W
i=0; while [ $i -lt $L ]; do
  printf '  %%w%d = f32[%d,%d]{1,0} parameter(%d)\n' $i $W $W $((2*i+1))
  printf '  %%b%d = f32[%d]{0} parameter(%d)\n' $i $W $((2*i+2)); i=$((i+1)); done
printf '  %%zero = f32[] constant(0)\n'
printf '  %%zeros = f32[%d,%d]{1,0} broadcast(f32[] %%zero), dimensions={}\n' $B $W
prev=x; i=0
while [ $i -lt $L ]; do
  printf '  %%dot.%d = f32[%d,%d]{1,0} dot(f32[%d,%d]{1,0} %%%s, f32[%d,%d]{1,0} %%w%d), lhs_contracting_dims={1}, rhs_contracting_dims={0}, metadata={op_name="jit(mlp)/dot_general" source_file="mlp.py" source_line=%d}\n' $i $B $W $B $W $prev $W $W $i $((10+i))
  printf '  %%bb.%d = f32[%d,%d]{1,0} broadcast(f32[%d]{0} %%b%d), dimensions={1}\n' $i $B $W $W $i
  printf '  %%add.%d = f32[%d,%d]{1,0} add(f32[%d,%d]{1,0} %%dot.%d, f32[%d,%d]{1,0} %%bb.%d)\n' $i $B $W $B $W $i $B $W $i
  if [ $i -lt $((L-1)) ]; then
    printf '  %%relu.%d = f32[%d,%d]{1,0} maximum(f32[%d,%d]{1,0} %%add.%d, f32[%d,%d]{1,0} %%zeros)\n' $i $B $W $B $W $i $B $W
    prev=relu.$i
  fi
  i=$((i+1))
done
printf '  ROOT %%out = f32[%d,%d]{1,0} tanh(f32[%d,%d]{1,0} %%add.%d)\n}\n' $B $W $B $W $((L-1))
