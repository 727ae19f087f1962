package dev.starfish.runtime.neff;

/**
 * One manifest entry checked against the archive member of its name.
 *
 * @param name the entry's name
 * @param size the size the manifest records
 * @param sha256 the SHA-256 the manifest records
 * @param foundSize the member's size, or -1 when the archive has no such member
 * @param foundSha256 the member's SHA-256, or {@code null} when the archive has no such member
 */
public record EntryCheck(String name, long size, String sha256, long foundSize, String foundSha256) {

    /** Whether the member exists and its size and digest are the recorded ones. */
    public boolean verified() {
        return foundSize == size && sha256.equalsIgnoreCase(String.valueOf(foundSha256));
    }

    /** {@code ok}, or what is wrong, in a few words. */
    public String status() {
        if (foundSha256 == null) {
            return "missing from the archive";
        }
        if (verified()) {
            return "ok";
        }
        return foundSize != size ? "size " + foundSize + ", recorded " + size : "digest differs";
    }

    /** The line naming this entry's failure; only for an entry that is not {@link #verified()}. */
    public String failure() {
        if (foundSha256 == null) {
            return "entry " + name + " is in the manifest but not in the archive";
        }
        return "entry " + name + " does not match its recorded digest (recorded: " + size + " bytes, sha256 " + sha256
                + "; found: " + foundSize + " bytes, sha256 " + foundSha256 + ")";
    }
}
