package dev.starfish.runtime.compile;

import dev.starfish.api.InvalidInputException;
import dev.starfish.runtime.config.Setting;
import dev.starfish.runtime.config.StarfishProperties;

/**
 * The sizes a compile accepts before it reads a byte of its input, so a model too large for the
 * driver's heap is one clear refusal rather than an {@code OutOfMemoryError} half a minute later.
 *
 * @param maxModelBytes the largest model, in bytes ({@code model.max.bytes}); 0 for no limit
 */
public record InputLimits(long maxModelBytes) {

    public InputLimits {
        if (maxModelBytes < 0) {
            throw new IllegalArgumentException("maxModelBytes must be 0 (no limit) or positive, found " + maxModelBytes);
        }
    }

    /** The defaults of the settings table. */
    public static InputLimits defaults() {
        return of(StarfishProperties.empty());
    }

    /** The limits {@code properties} set, each checked. */
    public static InputLimits of(StarfishProperties properties) {
        long maxModelBytes = properties.integer(Setting.MODEL_MAX_BYTES);
        if (maxModelBytes < 0) {
            throw new InvalidInputException(properties.source() + ": " + Setting.MODEL_MAX_BYTES.key()
                    + " expects 0 (no limit) or a positive number of bytes, found " + maxModelBytes);
        }
        return new InputLimits(maxModelBytes);
    }

    /** Whether a model of {@code bytes} is past the limit. */
    public boolean modelTooLarge(long bytes) {
        return maxModelBytes > 0 && bytes > maxModelBytes;
    }
}
