package org.tuningworkbench.engine.backend;

import com.fasterxml.jackson.core.JacksonException;
import com.fasterxml.jackson.core.StreamReadConstraints;
import com.fasterxml.jackson.core.json.JsonReadFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.json.JsonMapper;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import org.tuningworkbench.engine.run.Timing;

/**
 * What a harness answers, one JSON object (docs/harness.md):
 * <pre>{"samples_us": [12.1, 11.9, ...], "kernel_samples_us": [...], "first_call_us": 30.2, "metrics": {"gflops": 812.5}}</pre>
 * {@code samples_us} is required: each sample's time of one kernel call in microseconds, every one
 * finite and above zero; the rest is optional. The output buffers are written as
 * {@code $TW_OUT_DIR/NAME.npy}. Anything else is refused with the reason, and the config's record
 * says it; no other config is affected.
 */
public record HarnessResult(double[] samplesUs, double[] kernelSamplesUs, double firstCallUs, Map<String, Double> metrics) {

    /** Samples a harness may report: more is a harness gone wrong, not a measurement. */
    static final int MAX_SAMPLES = 1_000_000;

    private static final ObjectMapper JSON = JsonMapper.builder()
            .disable(JsonReadFeature.ALLOW_NON_NUMERIC_NUMBERS)
            .build();

    static {
        JSON.getFactory().setStreamReadConstraints(StreamReadConstraints.builder().maxNestingDepth(32).maxStringLength(1 << 20).build());
    }

    /** Why a harness's answer cannot be taken; the message says what was wrong and where. */
    public static final class Refused extends Exception {
        Refused(String message) {
            super(message);
        }
    }

    /** Reads the answer: {@code text} is the result file's content, or the harness's last line on standard output. */
    public static HarnessResult parse(String text) throws Refused {
        String answer = text.strip();
        if (answer.isEmpty()) {
            throw new Refused("printed no result: the harness must print one JSON object, {\"samples_us\": [...]}, as its last line (or write it to $TW_RESULT_FILE)");
        }
        JsonNode root;
        try {
            root = JSON.readTree(answer);
        } catch (JacksonException e) {
            throw new Refused("answered with something that is not JSON: `" + shorten(answer) + "` (" + e.getOriginalMessage() + ")");
        }
        if (root == null || !root.isObject()) throw new Refused("answered `" + shorten(answer) + "`, which is not a JSON object with samples_us");
        double[] samples = times(root, "samples_us", true);
        double[] kernel = times(root, "kernel_samples_us", false);
        double firstCall = 0;
        if (root.has("first_call_us")) firstCall = positive(root.get("first_call_us"), "first_call_us");
        var metrics = new LinkedHashMap<String, Double>();
        JsonNode given = root.get("metrics");
        if (given != null && !given.isNull()) {
            if (!given.isObject()) throw new Refused("reported metrics that are not an object of names to numbers");
            for (var field : given.properties()) {
                if (!field.getValue().isNumber() || !Double.isFinite(field.getValue().asDouble())) {
                    throw new Refused("reported the metric `" + field.getKey() + "` as " + shorten(field.getValue().toString()) + ", not a finite number");
                }
                metrics.put(field.getKey(), field.getValue().asDouble());
            }
        }
        return new HarnessResult(samples, kernel, firstCall, Map.copyOf(metrics));
    }

    /** The timing the records keep: one call per sample, as the harness timed it. */
    public Timing timing() {
        return Timing.ofOwnCalls(samplesUs, firstCallUs, kernelSamplesUs);
    }

    /** The answer of a run: the result file when the harness wrote one, else the last line it printed. */
    static String answerOf(Optional<String> resultFile, String stdout) {
        if (resultFile.isPresent()) return resultFile.get();
        String last = "";
        for (String line : stdout.split("\n")) if (!line.isBlank()) last = line;
        return last;
    }

    private static double[] times(JsonNode root, String name, boolean required) throws Refused {
        JsonNode node = root.get(name);
        if (node == null || node.isNull()) {
            if (required) throw new Refused("answered without " + name + ": the times of its samples in microseconds, as a list of numbers");
            return new double[0];
        }
        if (!node.isArray()) throw new Refused("reported " + name + " as " + shorten(node.toString()) + ", not a list of numbers");
        if (node.isEmpty() && required) throw new Refused("reported no samples (" + name + " is empty)");
        if (node.size() > MAX_SAMPLES) throw new Refused("reported " + node.size() + " samples in " + name + "; at most " + MAX_SAMPLES + " are taken");
        double[] out = new double[node.size()];
        for (int i = 0; i < out.length; i++) out[i] = positive(node.get(i), name + "[" + i + "]");
        return out;
    }

    private static double positive(JsonNode value, String where) throws Refused {
        if (!value.isNumber()) throw new Refused("reported " + where + " as " + shorten(value.toString()) + ", not a number of microseconds");
        double us = value.asDouble();
        if (!Double.isFinite(us) || us <= 0) {
            throw new Refused("reported " + where + " = " + value + " µs; a time must be finite and above zero");
        }
        return us;
    }

    private static String shorten(String text) {
        String one = text.replaceAll("\\p{Cntrl}", "?");
        return one.length() <= 80 ? one : one.substring(0, 77) + "...";
    }
}
