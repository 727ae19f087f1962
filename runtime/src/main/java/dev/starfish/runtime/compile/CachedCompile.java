package dev.starfish.runtime.compile;

import static java.util.Objects.requireNonNull;

import dev.starfish.api.Artifacts;
import dev.starfish.api.JobException;
import dev.starfish.runtime.cache.CacheEntry;
import dev.starfish.runtime.cache.CacheKey;
import dev.starfish.runtime.cache.CacheOutcome;
import dev.starfish.runtime.cache.CompileCache;
import dev.starfish.runtime.cache.ModelSnapshot;
import dev.starfish.runtime.plan.Plan;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Supplier;
import org.apache.logging.log4j.LogManager;
import org.apache.logging.log4j.Logger;

/**
 * The compile cache around one compile's plan: a hit copies the verified cached {@code .neff} to
 * the output and runs no job; a miss compiles under the key's lock (so concurrent compiles of one
 * key, in this driver or another, compile it once), then stores the {@code .neff} it made in its
 * work directory, before anything moves it to the output.
 */
final class CachedCompile {

    private static final Logger OUTCOME = LogManager.getLogger("starfish.compile.outcome");
    private static final Logger LOG = LogManager.getLogger(CachedCompile.class);

    private final CompileCache cache;
    private final CompileRequest request;

    CachedCompile(CompileCache cache, CompileRequest request) {
        this.cache = requireNonNull(cache, "cache is null");
        this.request = requireNonNull(request, "request is null");
    }

    /**
     * The compile's cache key, when the cache is on and the plan writes a {@code .neff}; the
     * model's digest is asked for only then.
     */
    Optional<CacheKey> key(Plan plan, Map<String, Path> tools, Supplier<String> modelSha256) {
        if (!cache.enabled() || !plan.artifacts().contains(Artifacts.NEFF)) {
            return Optional.empty();
        }
        return Optional.of(cache.key(modelSha256.get(), plan.jobs(), tools, request.jobOptions(),
                request.starfishVersion()));
    }

    /**
     * How a compile starts: a hit (its key and result, no snapshot), or the snapshot of the model a
     * miss or a compile without the cache runs on, with its key.
     */
    record Start(Optional<CacheKey> key, Optional<CompileResult> hit, ModelSnapshot snapshot) {
    }

    /**
     * Looks the compile up by the model's bytes read in place (a hit copies nothing into the work
     * directory); without a hit, snapshots the model and keys it by the snapshot, should the model
     * have changed since it was read: the jobs then read the bytes the key hashed.
     */
    Start start(Plan plan, Map<String, Path> tools) {
        long lookup = System.nanoTime();
        String[] readInPlace = new String[1];
        Optional<CacheKey> key = key(plan, tools, () -> readInPlace[0] = ModelSnapshot.digestOf(request.model()));
        Optional<CompileResult> hit = key.flatMap(k -> hit(k, lookup));
        if (hit.isPresent()) {
            return new Start(key, hit, null);
        }
        ModelSnapshot model = ModelSnapshot.take(request.model(), request.workDir());
        if (key.isPresent() && !model.sha256().equals(readInPlace[0])) {
            key = key(plan, tools, model::sha256);
        }
        return new Start(key, Optional.empty(), model);
    }

    /** The {@code -###} line: whether the compile would hit. */
    String planLine(CacheKey key) {
        return "# cache: " + (cache.peek(key).isPresent() ? "hit " : "miss ") + key;
    }

    /** A hit's result, or {@code compile}'s under the key's lock, then stored. */
    CompileResult run(CacheKey key, Supplier<CompileResult> compile) {
        long start = System.nanoTime();
        Optional<CompileResult> hit = hit(key, start);
        if (hit.isPresent()) {
            return hit.get();
        }
        try (CompileCache.KeyLock lock = cache.lock(key, String.valueOf(request.model().getFileName()))) {
            hit = hit(key, start);
            if (hit.isPresent()) {
                return hit.get();
            }
            OUTCOME.info("cache miss {}", key);
            CompileResult result = compile.get();
            result.output().ifPresent(neff -> {
                if (cache.store(key, neff, request.model().getFileName().toString(), result.subgraphs(),
                        request.starfishVersion())) {
                    LOG.info("Stored {} in the compile cache as {}", neff.getFileName(), key);
                }
            });
            return result.withCache(CacheOutcome.MISS, key.hex());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new JobException("interrupted while waiting for another compile of the same model (cache key " + key
                    + "); nothing was written", e);
        }
    }

    /**
     * The result of copying the cached {@code .neff} out, when the cache has a sound entry of
     * {@code key}; its time is measured from {@code start}.
     */
    Optional<CompileResult> hit(CacheKey key, long start) {
        Optional<CacheEntry> entry = cache.lookup(key);
        if (entry.isEmpty() || !cache.copyOut(entry.get(), request.output(), request.umask().fileMode())) {
            return Optional.empty();
        }
        long millis = (System.nanoTime() - start) / 1_000_000;
        OUTCOME.info("cache hit {}: copied the cached .neff to {} in {} ms; no job ran", key, request.output(), millis);
        return Optional.of(new CompileResult(Optional.of(request.output()), entry.get().manifest().subgraphs(), List.of(),
                millis, CacheOutcome.HIT, Optional.of(key.hex()), Optional.of(entry.get().dir())));
    }
}
