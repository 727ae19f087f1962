package dev.starfish.runtime.plugin;

/** A plugin jar could not be imported; the registry skips it and warns {@code Could not import '<name>'}. */
public final class PluginImportException extends Exception {
    private static final long serialVersionUID = 1L;

    private final String importName;

    public PluginImportException(String importName, String reason, Throwable cause) {
        super(reason, cause);
        this.importName = importName;
    }

    /** The name the warning quotes: the job if known, else the plugin id, else the jar's stem. */
    public String importName() {
        return importName;
    }
}
