#!/bin/sh
# check_symbols.sh DEEPBIND_SO LIBSAME_SO
# Proves two link-level properties the deep-bind tests rely on:
#  - the JNI shim exports nothing but its Java_ functions;
#  - libsame.so reaches starfish_same_helper through its PLT (interposable).
set -u
deepbind=$1
same=$2
status=0

extra=$(nm -D --defined-only "$deepbind" | awk '{print $3}' | grep -v '^Java_dev_starfish_runtime_nativelib_DeepBind_' || true)
if [ -n "$extra" ]; then
    echo "FAIL symbols.deepbind_exports_only_jni (also exports: $extra)"
    status=1
else
    echo "PASS symbols.deepbind_exports_only_jni"
fi

# The bodies of the functions that call the helper must go through @plt.
for fn in starfish_same_via_helper Java_dev_starfish_fixture_same_Same_viaHelper; do
    body=$(objdump -d --no-show-raw-insn "$same" | awk -v fn="<$fn>:" '$2 == fn {on=1; next} on && /^$/ {exit} on')
    if printf '%s\n' "$body" | grep -Eq '(call|jmp) +[0-9a-f]+ <starfish_same_helper@plt>'; then
        echo "PASS symbols.${fn}_calls_helper_via_plt"
    else
        echo "FAIL symbols.${fn}_calls_helper_via_plt"
        printf '%s\n' "$body"
        status=1
    fi
done
exit $status
