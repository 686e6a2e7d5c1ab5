package org.tuningworkbench.app.install;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.stream.Stream;

/**
 * Where the workbench finds its examples: the folder named by {@code workbench.home}, which holds
 * {@code examples/}. From a clone, {@code ./workbench} sets it to the clone. An installed workbench
 * sets {@code workbench.bundle} to its read-only install folder instead; tuning writes records beside
 * a project, so on first start each user gets a copy of the bundled examples in their data folder
 * ({@code $XDG_DATA_HOME/tuning-workbench}, else {@code ~/.local/share/tuning-workbench}), and that
 * folder becomes the home. Examples the user already has are left as they are.
 */
public final class WorkbenchHome {

    public static final String HOME = "workbench.home";
    public static final String BUNDLE = "workbench.bundle";

    private WorkbenchHome() {}

    /** Sets {@code workbench.home} for an installed workbench; does nothing when it is already set. */
    public static void settle(Properties properties, Map<String, String> environment) {
        String bundle = properties.getProperty(BUNDLE);
        if (bundle == null || properties.getProperty(HOME) != null) {
            return;
        }
        Path home = userData(environment, properties.getProperty("user.home"));
        try {
            copyMissingExamples(Path.of(bundle), home);
            properties.setProperty(HOME, home.toString());
        } catch (IOException | UncheckedIOException e) {
            System.err.println("workbench: cannot copy the examples to " + home + " (" + e.getMessage()
                    + "); they open read-only from " + bundle);
            properties.setProperty(HOME, bundle);
        }
    }

    /** The user's own folder for the workbench. */
    static Path userData(Map<String, String> environment, String userHome) {
        String xdg = environment.get("XDG_DATA_HOME");
        Path base = xdg != null && !xdg.isBlank() ? Path.of(xdg) : Path.of(userHome, ".local", "share");
        return base.resolve("tuning-workbench");
    }

    /** Copies each example folder of {@code bundle} that {@code home} does not hold yet. */
    static void copyMissingExamples(Path bundle, Path home) throws IOException {
        Path source = bundle.resolve("examples");
        if (!Files.isDirectory(source)) {
            return;
        }
        Path target = Files.createDirectories(home.resolve("examples"));
        List<Path> examples;
        try (Stream<Path> children = Files.list(source)) {
            examples = children.filter(Files::isDirectory).toList();
        }
        for (Path example : examples) {
            Path copy = target.resolve(example.getFileName().toString());
            if (!Files.exists(copy)) {
                copyTree(example, copy);
            }
        }
    }

    /** Copies into a temporary sibling first, so that an interrupted copy is never taken for a whole one. */
    private static void copyTree(Path from, Path to) throws IOException {
        Path partial = Files.createTempDirectory(to.getParent(), to.getFileName() + ".partial-");
        try (Stream<Path> tree = Files.walk(from)) {
            for (Path path : tree.toList()) {
                Path copy = partial.resolve(from.relativize(path).toString());
                if (Files.isDirectory(path)) {
                    Files.createDirectories(copy);
                } else {
                    Files.copy(path, copy, StandardCopyOption.REPLACE_EXISTING);
                }
            }
        }
        Files.move(partial, to, StandardCopyOption.ATOMIC_MOVE);
    }
}
