package dev.starfish.runtime.registry;

import dev.starfish.api.Job;
import dev.starfish.api.JobException;
import dev.starfish.runtime.log.LazyLogger;
import dev.starfish.runtime.plugin.OneLine;
import java.lang.reflect.InvocationTargetException;

/** The one way a registered job's instance is made: by a compile, {@code plugins lint} and {@code -###}. */
public final class JobCreation {

    private static final LazyLogger LOG = LazyLogger.of(JobCreation.class);

    private JobCreation() {
    }

    /**
     * Creates the job, initialising its class first. Whatever the plugin's code throws —
     * a failing static initialiser, a {@code StackOverflowError}, a linkage error, a throwing
     * constructor — becomes a {@link JobException} with one line naming the job and its jar;
     * the stack trace goes to the log at debug level only.
     */
    public static Job create(RegisteredJob job) {
        Job instance;
        try (JobThreadScope scope = JobThreadScope.enter(job)) {
            instance = job.type().getDeclaredConstructor().newInstance();
        } catch (NoSuchMethodException | IllegalAccessException | InstantiationException e) {
            throw new NamedJobException(prefix(job) + " needs a public no-argument constructor: " + OneLine.of(e.toString()), e);
        } catch (InvocationTargetException e) {
            throw couldNotCreate(job, e.getCause());
        } catch (ExceptionInInitializerError e) {
            throw couldNotCreate(job, e.getCause() != null ? e.getCause() : e);
        } catch (Throwable e) {
            throw couldNotCreate(job, e);
        }
        if (!job.name().equals(nameOf(instance, job))) {
            throw new NamedJobException("Job class " + job.type().getName() + " calls itself '" + nameOf(instance, job)
                    + "' but is registered as '" + job.name() + "'; a job's name is its class's simple name", null);
        }
        return instance;
    }

    private static String nameOf(Job instance, RegisteredJob job) {
        try {
            return instance.name();
        } catch (Throwable e) {
            throw couldNotCreate(job, e);
        }
    }

    private static JobException couldNotCreate(RegisteredJob job, Throwable cause) {
        String message = prefix(job) + " could not be created: " + OneLine.of(String.valueOf(cause));
        LOG.debug(message, cause);
        return new NamedJobException(message, cause);
    }

    private static String prefix(RegisteredJob job) {
        return "job " + job.name() + " of plugin " + job.info().id() + " (" + job.info().jarName() + ")";
    }
}
