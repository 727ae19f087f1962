package dev.starfish.runtime.registry;

import java.util.Collection;

/** {@code Job (jar), ...}, made only when the debug line is written: with 1 000 plugins it is long. */
record JobJars(Collection<RegisteredJob> jobs) {
    @Override
    public String toString() {
        StringBuilder text = new StringBuilder();
        for (RegisteredJob job : jobs) {
            text.append(text.length() == 0 ? "" : ", ").append(job.name()).append(" (").append(job.info().jarName())
                    .append(')');
        }
        return text.toString();
    }
}
