package org.tuningworkbench.engine.recorded;

import com.fasterxml.jackson.core.JsonGenerator;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.zip.GZIPOutputStream;
import org.tuningworkbench.engine.SafeWrite;

/** A recorded space's file written whole or not at all ({@link SafeWrite}), gzip-compressed when its name ends in {@code .gz}. */
final class JsonOutput {
    private JsonOutput() {}

    interface Body {
        void write(JsonGenerator g) throws IOException;
    }

    static void write(Path file, Body body) throws IOException {
        Path target = file.toAbsolutePath();
        Files.createDirectories(target.getParent());
        SafeWrite.anywhere().content(target, raw -> {
            OutputStream out = target.getFileName().toString().endsWith(".gz") ? new GZIPOutputStream(raw, 1 << 16) : raw;
            try (JsonGenerator g = JsonInput.MAPPER.createGenerator(out).useDefaultPrettyPrinter()) {
                body.write(g);
            }
            if (out instanceof GZIPOutputStream gz) gz.finish();
        });
    }
}
