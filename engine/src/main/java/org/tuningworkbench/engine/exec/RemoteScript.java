package org.tuningworkbench.engine.exec;

import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import org.tuningworkbench.engine.build.ShellWords;

/**
 * The POSIX shell scripts a remote target runs: each is one job (a probe, a build or a
 * measurement) that carries its files inside it and prints its {@link MeasurementFile} on stdout.
 * They need only sh, coreutils ({@code base64}, {@code timeout}), {@code flock} and the compiler.
 * Builds are kept on the target under {@code ~/.cache/tuning-workbench/on-target/builds/KEY}.
 */
final class RemoteScript {

    private final StringBuilder text = new StringBuilder();

    private RemoteScript(String what) {
        text.append("#!/bin/sh\n# Tuning Workbench: ").append(what.replace('\n', ' ')).append('\n').append("""
                umask 077
                TW_HOME="${XDG_CACHE_HOME:-$HOME/.cache}/tuning-workbench/on-target"
                mkdir -p "$TW_HOME/builds" || { echo "cannot create $TW_HOME" >&2; exit 3; }
                W=$(mktemp -d "${TMPDIR:-/tmp}/tw-job.XXXXXX") || exit 3
                trap 'rm -rf "$W"' EXIT
                R="$W/answer"
                tw_entry() { printf '%s %s\\n' "$1" "$(wc -c < "$2" | tr -d ' ')" >> "$R"; cat "$2" >> "$R"; printf '\\n' >> "$R"; }
                tw_value() { printf '%s' "$2" > "$W/value"; tw_entry "$1" "$W/value"; }
                tw_now() { date +%s%N; }
                """).append("printf '%s %s\\n' '").append(MeasurementFile.HEADER).append("' ").append(MeasurementFile.VERSION).append(" > \"$R\"\n");
    }

    /** The device class there and the version line of the build command's compiler ({@code compiler} null: none probed). */
    static String probe(String compiler) {
        var s = new RemoteScript("probe the target");
        s.text.append("""
                tw_value node "$(uname -n)"
                tw_value cpu_model "$(grep -m1 '^model name' /proc/cpuinfo)"
                tw_value cpu_flags "$(grep -m1 '^flags' /proc/cpuinfo)"
                tw_value cores "$(nproc)"
                tw_value cpus "$(sed -n 's/^Cpus_allowed_list:[[:space:]]*//p' /proc/self/status)"
                """);
        if (compiler != null) {
            s.text.append("if command -v ").append(ShellWords.quote(compiler)).append(" >/dev/null 2>&1; then tw_value toolchain \"$(")
                    .append(ShellWords.quote(compiler)).append(" --version 2>&1 | grep -m1 .)\"; fi\n");
        }
        return s.end();
    }

    /**
     * Builds a variant into {@code builds/KEY} unless it is there: the files are written into a fresh
     * folder, the project's files (headers, a build script) into a copy of the project folder, and
     * the build command runs from there with its placeholders naming those copies.
     *
     * @param files       file name in the build folder → contents (kernel, launcher, harness)
     * @param project     path relative to the project folder → contents
     * @param kernelDir   the kernel's folder relative to the project folder ("" when it is the project folder)
     * @param command     the build command with {@code {source}}, {@code {output}}, {@code {kernel_dir}}, {@code {work_dir}}
     * @param launcher    the launcher's file name ({@code {source}})
     */
    static String build(String key, Map<String, byte[]> files, Map<String, byte[]> project, String kernelDir, String command, String launcher,
                        long timeoutS) {
        var s = new RemoteScript("build " + key);
        s.text.append("B=\"$TW_HOME/builds/").append(key).append("\"\n").append("""
                if [ -x "$B/variant" ]; then
                    touch "$B"
                    tw_value cached 1
                    tw_value build_exit 0
                    tw_value build_ms 0
                    [ -f "$B/build.log" ] && tw_entry build_log "$B/build.log"
                else
                T="$W/build"; P="$W/project"; export T P; mkdir -p "$T" "$P"
                """);
        files.forEach((name, bytes) -> s.file("$T", name, bytes));
        project.forEach((path, bytes) -> {
            s.file("$P", path, bytes);
            // A build script keeps its right to run.
            if (bytes.length > 1 && bytes[0] == '#' && bytes[1] == '!') s.text.append("chmod u+x \"$P\"/").append(ShellWords.quote(path)).append('\n');
        });
        String expanded = command.replace("{source}", "\"$T/" + launcher + "\"").replace("{output}", "\"$T/variant\"")
                .replace("{kernel_dir}", "\"$P\"" + (kernelDir.isEmpty() ? "" : "/" + ShellWords.quote(kernelDir))).replace("{work_dir}", "\"$T\"");
        s.text.append("cat > \"$W/build.sh\" <<'TW_BUILD_COMMAND'\n").append(expanded).append("\nTW_BUILD_COMMAND\n");
        s.text.append("start=$(tw_now)\n")
                .append("( cd \"$P\" && exec timeout --foreground -k 5 ").append(timeoutS).append(" /bin/sh \"$W/build.sh\" ) > \"$T/build.log\" 2>&1\n")
                .append("""
                code=$?
                tw_value build_ms $(( ($(tw_now) - start) / 1000000 ))
                if [ "$code" -eq 0 ] && [ ! -x "$T/variant" ]; then code=127; echo "the build command wrote no program at {output}" >> "$T/build.log"; fi
                if [ "$code" -eq 0 ]; then
                    N="$B.tmp-$$"; rm -rf "$N"; mkdir -p "$N" && cp "$T/variant" "$T/build.log" "$N/" && mv -T "$N" "$B" 2>/dev/null || rm -rf "$N"
                fi
                tw_value cached 0
                tw_value build_exit "$code"
                tw_entry build_log "$T/build.log"
                fi
                """);
        return s.end();
    }

    /**
     * Runs the program of {@code builds/KEY} with the harness, alone on the target's device (a lock
     * in /tmp, one per user), and sends back its exit, stderr, timings and outputs.
     *
     * @param arguments   the harness's arguments after the output folder
     * @param environment added to the program's environment (its memory limit among it: the harness sets its own)
     * @param pin         pin the program to the last CPU this job may use
     */
    static String run(String key, List<String> arguments, Map<String, String> environment, boolean pin, long timeoutS,
                      List<String> outputs) {
        var s = new RemoteScript("measure " + key);
        s.text.append("B=\"$TW_HOME/builds/").append(key).append("\"\n").append("""
                O="$W/out"; mkdir -p "$O"
                tw_value node "$(uname -n)"
                if [ ! -x "$B/variant" ]; then
                    tw_value missing "the program is not in the target's build cache ($B)"
                else
                """);
        environment.forEach((name, value) -> s.text.append("export ").append(name).append('=').append(ShellWords.quote(value)).append('\n'));
        if (pin) s.text.append("TW_CPU=$(sed -n 's/^Cpus_allowed_list:[[:space:]]*//p' /proc/self/status | tr ',' '\\n' | tail -n1 | sed 's/.*-//'); export TW_CPU\n");
        s.text.append("start=$(tw_now)\n")
                .append("flock \"/tmp/tuning-workbench-device-$(id -u).lock\" timeout --foreground -k 2 ").append(timeoutS).append(" \"$B/variant\" \"$O\"");
        arguments.forEach(a -> s.text.append(' ').append(ShellWords.quote(a)));
        s.text.append(" > \"$O/run.stdout\" 2> \"$O/run.stderr\" < /dev/null\n").append("""
                code=$?
                tw_value run_ms $(( ($(tw_now) - start) / 1000000 ))
                tw_value exit "$code"
                tail -c 64000 "$O/run.stderr" > "$O/stderr.tail"; tw_entry stderr "$O/stderr.tail"
                [ -f "$O/timing.txt" ] && tw_entry timing.txt "$O/timing.txt"
                """);
        for (String output : outputs) {
            String file = "\"$O/\"" + ShellWords.quote(output + ".npy");
            s.text.append("[ -f ").append(file).append(" ] && tw_entry ").append(ShellWords.quote("output/" + output + ".npy")).append(' ').append(file).append('\n');
        }
        s.text.append("fi\n");
        return s.end();
    }

    /** Writes {@code bytes} to {@code relative} under the folder in the shell variable {@code folder}. */
    private void file(String folder, String relative, byte[] bytes) {
        String path = "\"" + folder + "\"/" + ShellWords.quote(relative);
        text.append("mkdir -p \"$(dirname ").append(path).append(")\" && base64 -d > ").append(path).append(" <<'TW_FILE'\n")
                .append(Base64.getMimeEncoder(76, "\n".getBytes(StandardCharsets.US_ASCII)).encodeToString(bytes)).append("\nTW_FILE\n");
    }

    private String end() {
        return text.append("printf 'end\\n' >> \"$R\"\ncat \"$R\"\n").toString();
    }
}
