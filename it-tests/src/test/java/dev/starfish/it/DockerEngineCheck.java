package dev.starfish.it;

import com.github.dockerjava.api.exception.NotFoundException;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.testcontainers.DockerClientFactory;

/**
 * Fails a container suite up front, with what to run, when the machine cannot host it: no
 * Docker engine answers, or the local base image is missing. A container suite never skips:
 * a green build without containers would claim what was not tested.
 */
final class DockerEngineCheck implements BeforeAllCallback {

    static final String BASE_IMAGE = "starfish-base:bookworm";

    @Override
    public void beforeAll(ExtensionContext context) {
        requireEngine();
        requireBaseImage();
    }

    private static void requireEngine() {
        if (!DockerClientFactory.instance().isDockerAvailable()) {
            throw new IllegalStateException("No Docker engine answers, so the container suite cannot run."
                    + " Start one with `bash .ci/docker-up.sh` (installs docker.io and starts dockerd when missing),"
                    + " then `bash .ci/base-image.sh`; or run everything with `bash .ci/test.sh`.");
        }
    }

    private static void requireBaseImage() {
        try {
            DockerClientFactory.instance().client().inspectImageCmd(BASE_IMAGE).exec();
        } catch (NotFoundException e) {
            throw new IllegalStateException("The base image " + BASE_IMAGE + " is missing and no registry is"
                    + " reachable to pull one. Build it with `bash .ci/base-image.sh` (debootstrap, about 90 s).", e);
        }
    }
}
