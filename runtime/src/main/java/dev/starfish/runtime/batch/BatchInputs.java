package dev.starfish.runtime.batch;

import dev.starfish.api.InvalidInputException;
import dev.starfish.runtime.config.CurrentUser;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Stream;
import org.apache.logging.log4j.LogManager;
import org.apache.logging.log4j.Logger;

/**
 * The models a batch was given, as {@link BatchItem}s, before anything runs: each argument is a
 * model file or a directory whose {@code *.hlo} files are taken in sorted order (its
 * subdirectories too with {@code recursive}; a symbolic link of another user is not followed); a model named twice (the same file through another
 * path or a symbolic link) is compiled once; two models that would write the same output or work
 * directory are refused, naming both.
 */
public final class BatchInputs {

    private static final Logger LOG = LogManager.getLogger(BatchInputs.class);

    private BatchInputs() {
    }

    /**
     * @param arguments the command line's models and directories, resolved against the launch directory
     * @param outputDir the directory of every output, or empty for "next to each model"
     */
    public static List<BatchItem> resolve(List<Path> arguments, boolean recursive, Optional<Path> outputDir) {
        Map<Path, Path> byRealPath = new LinkedHashMap<>();
        for (Path argument : arguments) {
            for (Path model : modelsOf(argument, recursive)) {
                byRealPath.putIfAbsent(realPath(model), model);
            }
        }
        if (byRealPath.isEmpty()) {
            throw new InvalidInputException("no models to compile in " + arguments
                    + " (expected HLO files, or directories holding *.hlo)");
        }
        List<BatchItem> items = new ArrayList<>();
        Map<Path, BatchItem> claimed = new HashMap<>();
        for (Path model : byRealPath.values()) {
            BatchItem item = BatchItem.of(model, outputDir.orElse(model.getParent()));
            refuseOverwritingAModel(byRealPath, item);
            refuseCollision(claimed, item.output(), item, "output");
            refuseCollision(claimed, item.workDir(), item, "work directory");
            items.add(item);
        }
        return List.copyOf(items);
    }

    private static void refuseCollision(Map<Path, BatchItem> claimed, Path path, BatchItem item, String role) {
        BatchItem other = claimed.putIfAbsent(path, item);
        if (other != null) {
            throw new InvalidInputException("models " + other.model() + " and " + item.model() + " would both write the "
                    + role + " " + path + " (same name in one output directory); rename one or compile them into "
                    + "separate --output-dir directories");
        }
    }

    /** An output that is a model of the batch (say {@code m.neff} given as a model) would destroy that model. */
    private static void refuseOverwritingAModel(Map<Path, Path> models, BatchItem item) {
        Path output = item.output().toAbsolutePath().normalize();
        for (Map.Entry<Path, Path> model : models.entrySet()) {
            if (model.getKey().equals(output) || model.getValue().toAbsolutePath().normalize().equals(output)) {
                throw new InvalidInputException("the output " + item.output() + " of model " + item.model()
                        + " would overwrite the model " + model.getValue() + "; rename the model or give --output-dir "
                        + "another directory");
            }
        }
    }

    private static List<Path> modelsOf(Path argument, boolean recursive) {
        if (Files.isRegularFile(argument)) {
            return List.of(argument);
        }
        if (!Files.isDirectory(argument)) {
            throw new InvalidInputException("model or directory not found: " + argument
                    + (Files.exists(argument) ? " (neither a file nor a directory)" : "")
                    + "; expected an HLO file or a directory of *.hlo");
        }
        try (Stream<Path> entries = recursive ? Files.walk(argument) : Files.list(argument)) {
            List<Path> models = entries.filter(p -> p.getFileName().toString().endsWith(".hlo"))
                    .filter(BatchInputs::isOwnLinkOrNoLink).filter(Files::isRegularFile).sorted().toList();
            if (models.isEmpty()) {
                throw new InvalidInputException("directory " + argument + " holds no *.hlo models"
                        + (recursive ? "" : " (add --recursive to search its subdirectories)"));
            }
            return models;
        } catch (IOException e) {
            throw new InvalidInputException("cannot list the directory " + argument + ": " + e.getMessage());
        }
    }

    /**
     * A directory walk follows only the batch user's own symbolic links: another user's link (to a
     * file that user may not even read) is skipped with a warning; naming it on the command line
     * still compiles it.
     */
    private static boolean isOwnLinkOrNoLink(Path entry) {
        if (!Files.isSymbolicLink(entry)) {
            return true;
        }
        try {
            int owner = (Integer) Files.getAttribute(entry, "unix:uid", LinkOption.NOFOLLOW_LINKS);
            if (owner == CurrentUser.uid()) {
                return true;
            }
            LOG.warn("skipped the symbolic link {} ({}): a directory walk follows only your own links; name "
                    + "the model itself to compile it", entry, "owned by " + Files.getOwner(entry, LinkOption.NOFOLLOW_LINKS)
                    .getName() + ", not by you");
            return false;
        } catch (IOException e) {
            throw new InvalidInputException("cannot read the owner of the link " + entry + ": " + e.getMessage());
        }
    }

    private static Path realPath(Path model) {
        try {
            return model.toRealPath();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot resolve the model " + model + ": " + e.getMessage(), e);
        }
    }
}
