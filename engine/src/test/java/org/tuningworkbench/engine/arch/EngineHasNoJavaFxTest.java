package org.tuningworkbench.engine.arch;

import static org.assertj.core.api.Assertions.assertThat;

import java.lang.classfile.ClassFile;
import java.lang.classfile.constantpool.ClassEntry;
import java.lang.classfile.constantpool.NameAndTypeEntry;
import java.lang.classfile.constantpool.PoolEntry;
import java.lang.classfile.constantpool.Utf8Entry;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.tuningworkbench.engine.tune.Tuner;

/**
 * The engine runs headless (command line, tests, remote devices): it must never need a window
 * toolkit. Every compiled engine class is read with the JDK's class-file API, and no class it
 * refers to (types, signatures, descriptors) may come from a UI library.
 */
class EngineHasNoJavaFxTest {

    private static final List<String> FORBIDDEN = List.of("javafx/", "com/sun/javafx/", "org/fxmisc/", "org/controlsfx/",
            "org/jfree/", "atlantafx/", "javax/swing/", "java/awt/");

    @Test
    void engineImportsNothingFromJavaFxOrOtherUiToolkits() throws Exception {
        Path classes = Path.of(Tuner.class.getProtectionDomain().getCodeSource().getLocation().toURI());
        var offences = new ArrayList<String>();
        int checked = 0;
        try (Stream<Path> files = Files.walk(classes)) {
            for (Path file : files.filter(f -> f.toString().endsWith(".class")).toList()) {
                checked++;
                offences.addAll(offences(classes.relativize(file).toString(), Files.readAllBytes(file)));
            }
        }
        assertThat(checked).as("engine classes read").isGreaterThan(20);
        assertThat(offences).isEmpty();
    }

    private static List<String> offences(String name, byte[] bytes) {
        var out = new ArrayList<String>();
        for (PoolEntry entry : ClassFile.of().parse(bytes).constantPool()) {
            String text = switch (entry) {
                case ClassEntry c -> c.asInternalName();
                case Utf8Entry u -> u.stringValue();
                case NameAndTypeEntry n -> n.type().stringValue();
                default -> null;
            };
            if (text == null) continue;
            for (String prefix : FORBIDDEN) {
                if (text.startsWith(prefix) || text.contains("L" + prefix)) out.add(name + " refers to " + text);
            }
        }
        return out;
    }

}
