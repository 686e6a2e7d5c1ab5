package org.tuningworkbench.app.project;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

/** The bundled examples: every folder of {@code examples/} with a {@code project.toml}. */
public final class Examples {

    /** One example: its name and the first comment lines of its project, which say what it shows. */
    public record Example(String name, Path project, String description) {}

    private Examples() {}

    /** The folder the workbench was started from ({@code workbench.home}), or the current one. */
    public static Path home() {
        return Path.of(System.getProperty("workbench.home", ".")).toAbsolutePath().normalize();
    }

    public static List<Example> list(Path home) {
        Path dir = home.resolve("examples");
        if (!Files.isDirectory(dir)) return List.of();
        try (Stream<Path> folders = Files.list(dir)) {
            return folders.map(f -> f.resolve("project.toml")).filter(Files::isRegularFile).sorted()
                    .map(p -> new Example(p.getParent().getFileName().toString(), p, description(p))).toList();
        } catch (IOException e) {
            return List.of();
        }
    }

    private static String description(Path project) {
        try (Stream<String> lines = Files.lines(project)) {
            return String.join(" ", lines.takeWhile(l -> l.startsWith("#")).map(l -> l.replaceFirst("^#\\s?", "")).toList());
        } catch (IOException e) {
            return "";
        }
    }
}
