package org.tuningworkbench.engine.recorded;

import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.io.OutputStream;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.zip.GZIPOutputStream;

/** The recorded-space fixtures of the tests, and the shared spaces beside the repository when they are there. */
public final class Fixtures {
    private Fixtures() {}

    /** A fixture under {@code src/test/resources/recorded}. */
    public static Path file(String name) {
        try {
            var url = Fixtures.class.getResource("/recorded/" + name);
            if (url == null) throw new IllegalArgumentException("no fixture " + name);
            return Path.of(url.toURI());
        } catch (URISyntaxException e) {
            throw new IllegalStateException(e);
        }
    }

    /** {@code source} gzip-compressed into {@code target}. */
    public static Path gzip(Path source, Path target) throws IOException {
        try (OutputStream out = new GZIPOutputStream(Files.newOutputStream(target))) {
            Files.copy(source, out);
        }
        return target;
    }

    /**
     * {@code ../shared/data/recorded-spaces} beside the repository's root (found from the working
     * folder upwards); the calling test is skipped when it is not there.
     */
    public static Path sharedSpaces() {
        Path dir = Path.of("").toAbsolutePath();
        while (dir != null && !Files.isRegularFile(dir.resolve("mvnw"))) dir = dir.getParent();
        Path shared = dir == null ? null : dir.resolveSibling("shared").resolve("data").resolve("recorded-spaces");
        assumeTrue(shared != null && Files.isDirectory(shared), "the shared recorded spaces (../shared/data/recorded-spaces) are not here");
        return shared;
    }
}
