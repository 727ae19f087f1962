package dev.starfish.runtime.doctor;

import dev.starfish.runtime.config.Setting;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

/** The exec shim every tool starts through, and the deep-bind library JNI libraries are opened with. */
final class NativePartsCheck implements Check {

    @Override
    public List<Finding> run(Installation installation) {
        return List.of(shim(installation), deepBind(installation));
    }

    private static Finding shim(Installation installation) {
        Path shim = installation.home().execShim();
        Optional<String> problem = Executables.whyNotRunnable(shim);
        if (problem.isPresent()) {
            return Finding.fail("exec shim", installation.show(shim) + " " + problem.get()
                    + "; every native tool starts through it, so no native job can run",
                    problem.get().startsWith("is not executable") ? "chmod 755 " + shim
                            : "reinstall the distribution (it ships libexec/starfish-exec)");
        }
        return Finding.ok("exec shim", installation.show(shim));
    }

    private static Finding deepBind(Installation installation) {
        Path library = installation.home().nativeLibDir().resolve("libstarfish-deepbind.so");
        boolean on = installation.properties().map(p -> {
            try {
                return p.flag(Setting.NATIVE_DEEPBIND);
            } catch (RuntimeException e) {
                return true;
            }
        }).orElse(true);
        if (!on) {
            return Finding.ok("deep-bind", "off (" + Setting.NATIVE_DEEPBIND.key() + "=false): JNI libraries load "
                    + "with System.load");
        }
        Optional<String> problem = Executables.whyNotLoadable(library);
        if (problem.isPresent()) {
            return Finding.fail("deep-bind", installation.show(library) + " " + problem.get()
                    + "; jobs with JNI libraries cannot bind them with RTLD_DEEPBIND",
                    "reinstall the distribution, or set " + Setting.NATIVE_DEEPBIND.key()
                            + "=false in conf/starfish.properties");
        }
        return Finding.ok("deep-bind", installation.show(library));
    }
}
