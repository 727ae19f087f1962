package dev.starfish.runtime.compile;

import static java.util.Objects.requireNonNull;

import dev.starfish.runtime.cache.CacheOutcome;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

/**
 * What a finished compile produced.
 *
 * @param output the {@code .neff}, when the pipeline wrote one
 * @param subgraphs how many subgraphs the model was split into (on a cache hit: when it was compiled)
 * @param jobs each job's wall time, in pipeline order (none on a cache hit)
 * @param wallMillis the compile's wall time: from its report's origin ({@code DriverStart}) to its end
 * @param cache whether the {@code .neff} came from the compile cache, was compiled, or the cache was off
 * @param cacheKey the compile's cache key, when the cache was on
 * @param cacheEntry the cache entry the {@code .neff} was copied from, for a hit
 */
public record CompileResult(Optional<Path> output, int subgraphs, List<JobTiming> jobs, long wallMillis,
        CacheOutcome cache, Optional<String> cacheKey, Optional<Path> cacheEntry) {

    public CompileResult {
        requireNonNull(output, "output is null");
        jobs = List.copyOf(jobs);
        requireNonNull(cache, "cache is null");
        requireNonNull(cacheKey, "cacheKey is null");
        requireNonNull(cacheEntry, "cacheEntry is null");
    }

    /** A compile that did not use the cache. */
    public CompileResult(Optional<Path> output, int subgraphs, List<JobTiming> jobs, long wallMillis) {
        this(output, subgraphs, jobs, wallMillis, CacheOutcome.OFF, Optional.empty(), Optional.empty());
    }

    /** This result with the cache's part of it. */
    CompileResult withCache(CacheOutcome outcome, String key) {
        return new CompileResult(output, subgraphs, jobs, wallMillis, outcome, Optional.of(key), cacheEntry);
    }

    /** This result with its {@code .neff} at {@code file}. */
    CompileResult withOutput(Path file) {
        return new CompileResult(Optional.of(file), subgraphs, jobs, wallMillis, cache, cacheKey, cacheEntry);
    }

    /** This result with {@code millis} as its wall time (the span its report shows). */
    CompileResult withWallMillis(long millis) {
        return new CompileResult(output, subgraphs, jobs, millis, cache, cacheKey, cacheEntry);
    }

    /** One job's wall time. */
    public record JobTiming(String job, long millis) {
    }
}
