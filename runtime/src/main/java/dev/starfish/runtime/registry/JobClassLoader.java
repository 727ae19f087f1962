package dev.starfish.runtime.registry;

import static java.util.Objects.requireNonNull;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.URISyntaxException;
import java.net.URL;
import java.net.URLClassLoader;
import java.net.URLConnection;
import java.security.CodeSigner;
import java.security.CodeSource;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Enumeration;
import java.util.List;
import java.util.Optional;
import java.util.jar.JarEntry;
import java.util.jar.JarFile;
import java.util.zip.ZipFile;
import java.nio.file.Path;
import dev.starfish.api.NativeLibraryHost;
import dev.starfish.runtime.nativelib.JniBinderClass;
import dev.starfish.runtime.nativelib.PluginNatives;

/**
 * The class loader of one plugin. Its parent is the platform loader, so nothing of the
 * host's class path is visible unless the policy shares it. Lookup order for a class or
 * resource:
 * <ol>
 *   <li>JDK packages: the platform loader (and the boot loader behind it);</li>
 *   <li>host-shared packages (plugin API, PF4J, logging APIs): the host's loader only,
 *       even when the plugin bundles its own copy;</li>
 *   <li>everything else: the plugin's own jar only; a miss is a miss, never a fall-back
 *       to a library the host happens to carry.</li>
 * </ol>
 * Resources follow the same order, except that a resource outside any JDK package (such as
 * {@code META-INF/services/...}) is looked up in the plugin's jar first and then in the
 * platform loader; {@link #getResource} is the first of {@link #getResources}. Parallel
 * capable. JNI libraries and tools the plugin bundles are extracted and bound by its {@link PluginNatives}.
 *
 * <p>Class bytes come from a {@link JarFile} this loader alone owns, and resource streams from
 * an uncached connection: {@code URLClassLoader}'s own streams share the JDK's process-wide
 * {@code JarFile} of the URL and close it with the loader, under every other loader of the
 * same jar (a retired registry, lint's loader, a second compile's registry in the server).
 */
public final class JobClassLoader extends URLClassLoader implements NativeLibraryHost, PluginNatives.BinderSource {

    static {
        registerAsParallelCapable();
    }

    private final String pluginId;
    private final ClassLoader hostLoader;
    private final HostSharedPackages policy;
    private final PluginNatives natives;
    private final CodeSource codeSource;
    private final JarFile ownJar;

    public JobClassLoader(String pluginId, URL jar, ClassLoader hostLoader, HostSharedPackages policy,
            PluginNatives natives) {
        super("job:" + pluginId, new URL[] {requireNonNull(jar, "jar is null")}, ClassLoader.getPlatformClassLoader());
        this.pluginId = requireNonNull(pluginId, "pluginId is null");
        this.hostLoader = requireNonNull(hostLoader, "hostLoader is null");
        this.policy = requireNonNull(policy, "policy is null");
        this.natives = requireNonNull(natives, "natives is null");
        this.codeSource = new CodeSource(jar, (CodeSigner[]) null);
        this.ownJar = open(jar);
    }

    private static JarFile open(URL jar) {
        try {
            return new JarFile(Path.of(jar.toURI()).toFile(), true, ZipFile.OPEN_READ, Runtime.version());
        } catch (IOException e) {
            throw new UncheckedIOException("cannot open the plugin jar " + jar, e);
        } catch (URISyntaxException | IllegalArgumentException e) {
            throw new IllegalArgumentException("not a plugin jar file: " + jar, e);
        }
    }

    @Override
    public Path loadNativeLibrary(Class<?> owner, String libraryName) {
        if (owner.getClassLoader() != this) {
            throw new IllegalArgumentException(owner.getName() + " does not belong to plugin '" + pluginId + "'");
        }
        return natives.load(owner, libraryName);
    }

    /** The plugin's native side: its bundled libraries and tools. */
    public PluginNatives natives() {
        return natives;
    }

    @Override
    public Class<?> jniBinder() {
        synchronized (getClassLoadingLock(JniBinderClass.NAME)) {
            Class<?> binder = findLoadedClass(JniBinderClass.NAME);
            if (binder == null) {
                byte[] bytes = JniBinderClass.bytes();
                binder = defineClass(JniBinderClass.NAME, bytes, 0, bytes.length);
            }
            return binder;
        }
    }

    /** Extracts the plugin's bundled tools ({@code native/linux-x86_64/bin/*}) and returns their directory, if any. */
    public Optional<Path> bundledToolsDir() {
        return natives.toolsDir();
    }

    @Override
    public void close() throws IOException {
        try (ownJar) {
            natives.close();
        } finally {
            super.close();
        }
    }

    public String pluginId() {
        return pluginId;
    }

    @Override
    protected Class<?> loadClass(String name, boolean resolve) throws ClassNotFoundException {
        synchronized (getClassLoadingLock(name)) {
            Class<?> loaded = findLoadedClass(name);
            if (loaded == null) {
                if (policy.isJdkClass(name)) {
                    loaded = loadFromPlatform(name);
                } else if (policy.isHostShared(name)) {
                    loaded = loadFromHostOnly(name);
                } else {
                    loaded = loadFromPluginOnly(name);
                }
            }
            if (resolve) {
                resolveClass(loaded);
            }
            return loaded;
        }
    }

    private Class<?> loadFromPlatform(String name) throws ClassNotFoundException {
        return getParent().loadClass(name);
    }

    private Class<?> loadFromHostOnly(String name) throws ClassNotFoundException {
        return hostLoader.loadClass(name);
    }

    private Class<?> loadFromPluginOnly(String name) throws ClassNotFoundException {
        return findClass(name);
    }

    /** A class of the plugin's jar, its calls that would end the driver rewritten ({@link ExitCallRewriter}). */
    @Override
    protected Class<?> findClass(String name) throws ClassNotFoundException {
        String path = name.replace('.', '/').concat(".class");
        byte[] bytes;
        try {
            Optional<byte[]> file = classFile(name);
            if (file.isEmpty()) {
                throw new ClassNotFoundException(name + " (not in plugin '" + pluginId + "')");
            }
            bytes = ExitCallRewriter.rewrite(file.get());
        } catch (IOException | IllegalStateException e) {
            throw new ClassNotFoundException(name + ": cannot read it from plugin '" + pluginId + "': " + e, e);
        }
        return defineClass(name, bytes, 0, bytes.length, codeSource);
    }

    /** The class file of {@code className} as the plugin's jar holds it (not rewritten), or empty. */
    Optional<byte[]> classFile(String className) throws IOException {
        String path = className.replace('.', '/').concat(".class");
        JarEntry entry = ownJar.getJarEntry(path);
        if (entry == null) {
            return Optional.empty();
        }
        try (InputStream in = ownJar.getInputStream(entry)) {
            return Optional.of(in.readAllBytes());
        }
    }

    /** A stream of its own per call, so that no other loader's {@code close} can end it. */
    @Override
    public InputStream getResourceAsStream(String name) {
        URL url = getResource(name);
        if (url == null) {
            return null;
        }
        try {
            URLConnection connection = url.openConnection();
            connection.setUseCaches(false);
            return connection.getInputStream();
        } catch (IOException e) {
            return null;
        }
    }

    /** The first of {@link #getResources}: derived from it, so the two can never disagree. */
    @Override
    public URL getResource(String name) {
        try {
            Enumeration<URL> all = getResources(name);
            return all.hasMoreElements() ? all.nextElement() : null;
        } catch (IOException e) {
            return null;
        }
    }

    /**
     * Every resource of this name, in the loader's lookup order: a host-shared package's from
     * the host only; a JDK package's from the platform loader only; anything else from the
     * plugin's jar first, then from the platform loader (which holds the JDK alone, never the
     * host's libraries).
     */
    @Override
    public Enumeration<URL> getResources(String name) throws IOException {
        if (policy.isHostSharedResource(name)) {
            return resourcesFromHostOnly(name);
        }
        if (policy.isJdkResource(name)) {
            return getParent().getResources(name);
        }
        return resourcesFromPluginThenPlatform(name);
    }

    private Enumeration<URL> resourcesFromHostOnly(String name) throws IOException {
        return hostLoader.getResources(name);
    }

    private Enumeration<URL> resourcesFromPluginThenPlatform(String name) throws IOException {
        List<URL> all = new ArrayList<>(Collections.list(findResources(name)));
        all.addAll(Collections.list(getParent().getResources(name)));
        return Collections.enumeration(all);
    }

    @Override
    public String toString() {
        return "JobClassLoader[" + pluginId + "]";
    }
}
