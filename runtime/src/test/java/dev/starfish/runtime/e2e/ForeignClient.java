package dev.starfish.runtime.e2e;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.concurrent.TimeUnit;

/**
 * A client of another user: a small Java program run as {@code nobody} (setpriv) that sends a
 * well-formed {@code --version} request to a server's socket and returns every byte it answered,
 * frames and all, so a test can see what the server tells a peer that is not its user.
 */
final class ForeignClient {

    private static final String SOURCE = "import java.net.*; import java.nio.*; import java.nio.channels.*;\n"
            + "public class Probe { public static void main(String[] a) throws Exception {\n"
            + "  SocketChannel c = SocketChannel.open(UnixDomainSocketAddress.of(a[0]));\n"
            + "  byte[] p = (\"2\\0/\\0\" + \"1\\0--version\\0\" + \"0\\0fff\\0\" + \"0\\0\" + \"0022\\0\" + \"1\\0\").getBytes();\n"
            + "  ByteBuffer b = ByteBuffer.allocate(5 + p.length); b.put((byte) 'Q').putInt(p.length).put(p).flip();\n"
            + "  try { c.write(b); } catch (java.io.IOException e) { } ByteBuffer in = ByteBuffer.allocate(4096);\n"
            + "  while (c.read(in) >= 0) { } System.out.write(in.array(), 0, in.position()); System.out.flush(); } }\n";

    private ForeignClient() {
    }

    /** Sends {@code --version} to {@code socket} as uid and gid 65534; {@code dir} holds the program. */
    static String versionAsNobody(Path socket, Path dir) throws IOException, InterruptedException {
        Path probe = dir.resolve("Probe.java");
        Files.writeString(probe, SOURCE);
        Files.setPosixFilePermissions(dir, PosixFilePermissions.fromString("rwxr-xr-x"));
        Files.setPosixFilePermissions(probe, PosixFilePermissions.fromString("rw-r--r--"));
        Process nobody = new ProcessBuilder("setpriv", "--reuid=65534", "--regid=65534", "--clear-groups",
                Path.of(System.getProperty("java.home"), "bin", "java").toString(), probe.toString(), socket.toString())
                .redirectErrorStream(true).start();
        String answer = new String(nobody.getInputStream().readAllBytes(), StandardCharsets.ISO_8859_1);
        nobody.waitFor(60, TimeUnit.SECONDS);
        return answer;
    }
}
