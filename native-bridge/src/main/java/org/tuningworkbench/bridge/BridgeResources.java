package org.tuningworkbench.bridge;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The native bridge's text resources (the harness, the launchers' parts), each read from the jar
 * once: every variant's build key holds the harness, and a jar entry is inflated anew at each read.
 */
final class BridgeResources {

    private static final Map<String, String> TEXTS = new ConcurrentHashMap<>();

    private BridgeResources() {}

    static String text(String name) {
        return TEXTS.computeIfAbsent(name, BridgeResources::read);
    }

    private static String read(String name) {
        try (InputStream in = Launcher.class.getResourceAsStream(name)) {
            if (in == null) throw new IllegalStateException(name + " is missing from the native bridge");
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
