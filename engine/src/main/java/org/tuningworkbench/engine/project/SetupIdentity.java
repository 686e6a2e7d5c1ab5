package org.tuningworkbench.engine.project;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.tuningworkbench.bridge.BufferInit;
import org.tuningworkbench.bridge.KernelArg;
import org.tuningworkbench.engine.Fingerprint;

/**
 * The identity of everything besides the kernel text that decides a measurement: arguments and the
 * contents of the files that fill them, the golden result (the reference source's or the golden
 * files' contents), the tolerance, the build command and the contents of a build script it runs,
 * and the measurement settings. Built from the project's meaning, never from absolute paths, so a
 * moved or installed project keeps its records while an edited input invalidates them.
 */
public final class SetupIdentity {

    /** Bumped when the parts below change meaning, so older identities never match by accident. */
    private static final String VERSION = "setup-2";

    private SetupIdentity() {}

    public static String of(Project project) throws IOException {
        var parts = new ArrayList<String>(List.of(VERSION, project.kernel().language().name(), project.kernel().entry()));
        for (KernelArg arg : project.inputs().args()) parts.add(describe(arg));
        parts.add(describe(project.check().golden()));
        parts.add(project.check().tolerance().toString());
        parts.add(project.build().command());
        // Only an OpenCL kernel has them: the identities of other projects stay what they were.
        if (!project.build().deviceFlags().isEmpty()) parts.add("device flags " + project.build().deviceFlags());
        parts.add(buildScript(project));
        // Only a device kernel has launches: the identities of C and C++ projects stay what they were.
        if (!project.device().launches().isEmpty()) parts.add("launches " + project.device().launches());
        project.device().geometry().ifPresent(g -> parts.add("launch " + g));
        var m = project.measure();
        parts.add(m.warmupMs() + "/" + m.repeat() + "/" + m.minSampleMs() + "/" + m.seed() + "/" + m.memoryLimitMb()
                + (m.warmupCalls() > 0 ? "/warmup calls " + m.warmupCalls() : ""));
        return Fingerprint.of(parts.toArray(String[]::new));
    }

    private static String describe(KernelArg arg) throws IOException {
        return switch (arg) {
            case KernelArg.Value v -> "value " + v.name() + " " + v.cType() + " = " + v.initializer();
            case KernelArg.Buffer b -> "buffer " + b.name() + " " + b.type() + b.shape() + (b.output() ? " output " : " ")
                    + (b.init() instanceof BufferInit.NpyFile f ? "file " + Fingerprint.ofFile(f.path()) : String.valueOf(b.init()));
        };
    }

    private static String describe(Golden golden) throws IOException {
        return switch (golden) {
            case Golden.None n -> "golden none";
            case Golden.Reference r -> "golden reference " + r.function() + " " + Fingerprint.ofFile(r.source());
            case Golden.Files f -> {
                var byName = new TreeMap<String, String>();
                for (Map.Entry<String, Path> e : f.byOutput().entrySet()) byName.put(e.getKey(), Fingerprint.ofFile(e.getValue()));
                yield "golden files " + byName;
            }
        };
    }

    /** The contents of the script a build command starts, when it starts one of the project's. */
    private static String buildScript(Project project) throws IOException {
        var script = project.buildScript();
        return script.isPresent() ? "script " + Fingerprint.ofFile(script.get()) : "";
    }
}
