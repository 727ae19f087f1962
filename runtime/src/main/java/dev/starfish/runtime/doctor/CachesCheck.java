package dev.starfish.runtime.doctor;

import dev.starfish.runtime.config.PathTrust;
import dev.starfish.runtime.config.Setting;
import dev.starfish.runtime.nativelib.NativeSettings;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The cache directories (the root {@code $STARFISH_CACHE_DIR} or {@code ~/.cache/starfish}, and
 * the native-library cache): each must be a directory of the current user that nobody else may
 * write, as the native cache demands before it uses one, or be creatable.
 */
final class CachesCheck implements Check {

    @Override
    public List<Finding> run(Installation installation) {
        List<Finding> findings = new ArrayList<>();
        findings.add(directory("cache", installation.cacheRoot()));
        Path nativeCache = installation.properties()
                .map(p -> p.string(Setting.NATIVE_CACHE_DIR.key(), null)).map(Path::of)
                .orElseGet(() -> NativeSettings.defaultCacheRoot(installation.environment()));
        findings.add(directory("native cache", nativeCache.toAbsolutePath()));
        return findings;
    }

    private static Finding directory(String check, Path dir) {
        if (!Files.exists(dir)) {
            Path ancestor = nearestExisting(dir);
            if (ancestor != null && Files.isWritable(ancestor)) {
                return Finding.ok(check, dir + " does not exist yet; it is created (mode 700) on first use");
            }
            return Finding.fail(check, dir + " does not exist and cannot be created (" + ancestor
                    + " is not writable)", "set STARFISH_CACHE_DIR (or " + Setting.NATIVE_CACHE_DIR.key()
                    + " in conf/starfish.properties) to a directory of your own");
        }
        Path real;
        try {
            real = dir.toRealPath();
        } catch (IOException e) {
            return Finding.fail(check, dir + " cannot be resolved (" + e.getMessage() + ")", "remove it or point "
                    + "STARFISH_CACHE_DIR elsewhere");
        }
        String shown = real.equals(dir) ? dir.toString() : dir + " (really " + real + ")";
        Optional<String> problem = PathTrust.whyUntrusted(real, true);
        if (problem.isPresent()) {
            return Finding.warn(check, shown + " " + problem.get() + ": Starfish does not use it and extracts into a "
                    + "private temporary directory on every run instead", problem.get().startsWith("is writable")
                    ? "chmod 700 " + real : "use a directory of your own: set STARFISH_CACHE_DIR, or remove " + real);
        }
        if (!Files.isWritable(real)) {
            return Finding.fail(check, shown + " is not writable", "chmod u+rwx " + real);
        }
        return Finding.ok(check, shown + " (yours, writable only by you)");
    }

    static Path nearestExisting(Path path) {
        Path p = path.toAbsolutePath();
        while (p != null && !Files.exists(p)) {
            p = p.getParent();
        }
        return p;
    }
}
