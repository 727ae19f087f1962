package dev.starfish.runtime.doctor;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The class-data archive {@code lib/starfish.jsa} against the key {@code bin/starfish-cds} wrote
 * beside it: line 1 what it was made for ({@code java|size:mtime|class path}), line 2 its inode
 * change time, line 3 its {@code cksum}. An archive whose bytes changed in place (same size and
 * time) makes HotSpot fail or crash at start-up; {@code bin/starfish} then starts without it and
 * warns, and this check says why with the checksums.
 */
final class ClassDataArchiveCheck implements Check {

    private static final String CHECK = "cds archive";
    private static final Pattern STAMP = Pattern.compile("\\|(\\d+):(\\d+)\\|");
    private static final String REMAKE = "run bin/starfish-cds to remake it";

    @Override
    public List<Finding> run(Installation installation) {
        Path archive = installation.home().classDataArchive();
        String shown = installation.show(archive);
        if (!Files.isRegularFile(archive)) {
            return List.of(Finding.warn(CHECK, "no " + shown + ": every command starts without the archive, slower",
                    "run bin/starfish-cds to make one"));
        }
        Path keyFile = archive.resolveSibling(archive.getFileName() + ".key");
        try {
            List<String> key = Files.isRegularFile(keyFile) ? Files.readAllLines(keyFile, StandardCharsets.UTF_8) : List.of();
            Matcher stamp = key.isEmpty() ? null : STAMP.matcher(key.get(0));
            if (key.size() < 3 || !stamp.find()) {
                return List.of(Finding.warn(CHECK, shown + " has no complete key " + installation.show(keyFile)
                        + " (what it was made for, its change time and checksum): bin/starfish starts without it", REMAKE));
            }
            if (Files.size(archive) != Long.parseLong(stamp.group(1))
                    || Files.getLastModifiedTime(archive).to(TimeUnit.SECONDS) != Long.parseLong(stamp.group(2))) {
                return List.of(Finding.warn(CHECK, shown + " is not the archive its key describes (size or time "
                        + "changed): bin/starfish starts without it", REMAKE));
            }
            String sum = cksum(archive);
            if (!sum.equals(key.get(2))) {
                return List.of(Finding.fail(CHECK, shown + " was changed in place since bin/starfish-cds made it "
                        + "(checksum " + sum + ", made with " + key.get(2) + "; size and time as made): HotSpot "
                        + "would fail or crash mapping it, so bin/starfish starts without it and warns", REMAKE));
            }
            return List.of(Finding.ok(CHECK, shown + " (checksum as made)"));
        } catch (IOException | RuntimeException e) {
            return List.of(Finding.warn(CHECK, "cannot check " + shown + " against " + installation.show(keyFile)
                    + ": " + e.getMessage(), REMAKE));
        }
    }

    /** The archive's {@code cksum} line as {@code bin/starfish} computes it ({@code CRC SIZE}, read from stdin). */
    private static String cksum(Path archive) throws IOException {
        Process cksum = new ProcessBuilder("cksum").redirectInput(archive.toFile())
                .redirectError(ProcessBuilder.Redirect.DISCARD).start();
        String out = new String(cksum.getInputStream().readAllBytes(), StandardCharsets.US_ASCII).strip();
        try {
            if (cksum.waitFor() != 0) {
                throw new IOException("cksum exited " + cksum.exitValue());
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("interrupted while checksumming", e);
        }
        return out;
    }
}
