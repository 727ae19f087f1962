#!/bin/sh
# check_jni.sh JNIDIR JAVA_HOME OUT EXAMPLES - loads target/jni/v1 and v2
# libpenguin.so from a throw-away copy of dev.starfish.penguin.Penguin and
# checks every native method. Fails when javac is missing.
set -eu
JNI=$1; JH=$2; OUT=$3; EX=$4
if [ ! -x "$JH/bin/javac" ]; then echo "check_jni: no javac under '$JH' (a JDK is required)" >&2; exit 1; fi
rm -rf "$OUT"; mkdir -p "$OUT/src/dev/starfish/penguin" "$OUT/classes"
cat > "$OUT/src/dev/starfish/penguin/Penguin.java" <<'JAVA'
package dev.starfish.penguin;
import java.nio.file.*;
public final class Penguin {
  static native int version();
  static native String check(String hloText, String fileName);
  static native String[] partition(String hloText, String fileName);
  static native String signature(String hloText, String fileName);
  static native String sha256(byte[] data);
  static native int helper();
  static void expect(boolean c, String what) { if (!c) throw new AssertionError(what); }
  public static void main(String[] a) throws Exception {
    System.load(a[0]);
    int v = Integer.parseInt(a[1]);
    String ex = a[2];
    expect(version() == v, "version");
    expect(helper() == 100 + v, "helper");
    String mlp = Files.readString(Path.of(ex, "mlp.hlo"));
    expect(check(mlp, "mlp.hlo") == null, "check ok");
    String bad = check(Files.readString(Path.of(ex, "bad_shape.hlo")), "bad_shape.hlo");
    expect(bad != null && bad.startsWith("bad_shape.hlo:6:31: shape mismatch"), "check error: " + bad);
    // issue 10: a reduce body after ENTRY whose root is add() / add(x) used to kill the JVM (SIGSEGV)
    for (int n = 0; n < 2; n++) {
      String f = "reduce_body_after_entry_add" + n + ".hlo";
      String r = check(Files.readString(Path.of(ex, "..", "fuzz", "regressions", f)), f);
      String snippet = "\n   10 |   ROOT s = f32[] add(" + (n == 0 ? "" : "x") + ")\n      |                  ^~~";
      expect((f + ":10:18: add expects 2 operands, found " + n + snippet).equals(r), "reduce body add" + n + ": " + r);
    }
    String[] parts = partition(Files.readString(Path.of(ex, "mlp_two_heads.hlo")), "two.hlo");
    expect(parts.length == 2 && parts[0].contains("ENTRY") && parts[1].contains("Arg_3.4 = f32[16,2]{1,0} parameter(2)") && !parts[1].contains("Arg_2.3"), "partition");
    for (String p : parts) expect(check(p, "part.hlo") == null, "partition part parses");
    expect(partition(mlp, "mlp.hlo").length == 1, "single partition");
    try { partition("HloModule x", "x.hlo"); expect(false, "no throw"); } catch (IllegalArgumentException e) { expect(e.getMessage().startsWith("x.hlo:"), "iae msg"); }
    // issue 24: a diagnostic is never cut, however long the file name (the bridge had a 700-byte buffer)
    String longName = "d/".repeat(400) + "conv.hlo";
    String conv = check("HloModule m\nENTRY e {\n  p = f32[4] parameter(0)\n  ROOT c = f32[4] convolution(p, p)\n}\n", longName);
    expect((longName + ":4:19: unsupported op 'convolution' (the supported ops are listed in docs/toolchain-contract.md, \"Supported HLO subset\")\n    4 |   ROOT c = f32[4] convolution(p, p)\n      |                   ^~~~~~~~~~~").equals(conv), "long diagnostic: " + conv);
    String sig = signature(mlp, "mlp.hlo");
    expect(sig.startsWith("{\"parameters\":[{\"name\":\"Arg_0.1\",\"shape\":[4,8]}") && sig.contains("\"outputs\":[{\"name\":\"tanh.15\",\"shape\":[4,4]}]"), "signature " + sig);
    expect(sha256("abc".getBytes()).equals("ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"), "sha256");
    System.out.println("check_jni: v" + v + " ok");
  }
}
JAVA
"$JH/bin/javac" -d "$OUT/classes" "$OUT/src/dev/starfish/penguin/Penguin.java"
for v in 1 2; do
  "$JH/bin/java" -Xshare:auto -cp "$OUT/classes" dev.starfish.penguin.Penguin "$JNI/v$v/libpenguin.so" $v "$EX"
done
# symbol isolation: only the JNI entry points are exported
for v in 1 2; do
  extra=$(nm -D --defined-only "$JNI/v$v/libpenguin.so" | awk '$2 ~ /^[TDBR]$/ {print $3}' | grep -v '^Java_dev_starfish_penguin_Penguin_' || true)
  if [ -n "$extra" ]; then echo "check_jni: v$v exports non-JNI symbols: $extra" >&2; exit 1; fi
done
echo "check_jni: exports limited to Java_dev_starfish_penguin_Penguin_*"
