package org.tuningworkbench.engine.exec;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.tuningworkbench.engine.WorkFolders;
import org.tuningworkbench.engine.project.Project;
import org.tuningworkbench.engine.project.ProjectFile;
import org.tuningworkbench.engine.record.RecordFile;
import org.tuningworkbench.engine.record.Status;
import org.tuningworkbench.engine.record.TuningRecord;
import org.tuningworkbench.engine.tune.Tuner;
import org.tuningworkbench.tiers.SystemTest;

/**
 * The bundled example linear-relu tuned through a real sshd and a real one-node Slurm, those of
 * {@code tools/local-cluster up} (CI starts them): the records equal those of this machine in all
 * but timing and instance. Skipped, saying so, when the local cluster is not up.
 */
@Timeout(value = 600, unit = TimeUnit.SECONDS)
@SystemTest
class LocalClusterTest {

    @TempDir
    static Path dir;

    static Path cluster;
    static List<String> targets;
    static List<TuningRecord> local;

    @BeforeAll
    static void tuneHere() throws Exception {
        String env = System.getenv("TW_LOCAL_CLUSTER");
        cluster = env != null && !env.isBlank() ? Path.of(env) : Path.of(System.getProperty("user.home"), ".cache/tuning-workbench/local-cluster");
        Path file = cluster.resolve("targets");
        targets = Files.isRegularFile(file) ? Files.readAllLines(file).stream().map(String::strip).filter(l -> !l.isEmpty()).toList() : List.of();
        if (targets.isEmpty()) return;
        local = tune(Target.LOCAL, "local");
    }

    private static Target target(String kind) {
        var found = targets.stream().filter(t -> t.startsWith(kind)).findFirst();
        assumeTrue(found.isPresent(), "no " + kind + " target in " + cluster.resolve("targets") + ": run tools/local-cluster up (as root for Slurm)");
        return Target.parse(found.get());
    }

    /** linear-relu copied to its own folder (records go beside it), tuned on {@code target}, each config measured once. */
    private static List<TuningRecord> tune(Target target, String name) throws Exception {
        Path copy = dir.resolve(name);
        copyFolder(Path.of("..", "examples", "linear-relu").toAbsolutePath().normalize(), copy);
        Project project = ProjectFile.load(copy.resolve("project.toml"));
        var options = TuneOptions.defaults(dir.resolve("cache")).toBuilder().unsteadyRetries(0).buildThreads(2).build();
        try (RecordFile records = RecordFile.open(copy.resolve("records.jsonl"))) {
            return new Tuner(project, options, new LocalExecutor(project, options, target, cluster.resolve("ssh_config"))).run(records, e -> { });
        }
    }

    private static void copyFolder(Path from, Path to) throws IOException {
        Files.createDirectories(to);
        try (var files = Files.list(from)) {
            for (Path f : files.filter(Files::isRegularFile).filter(f -> !f.getFileName().toString().startsWith("records")).toList()) {
                Files.copy(f, to.resolve(f.getFileName()));
            }
        }
    }

    private static void assertMeasuredAsHere(List<TuningRecord> there, String via) {
        assertThat(local).isNotEmpty().allMatch(TuningRecord::ok);
        assertThat(there).map(RemoteTargetTest::measuredTheSameWay).isEqualTo(local.stream().map(RemoteTargetTest::measuredTheSameWay).toList());
        assertThat(there).allSatisfy(r -> {
            assertThat(r.status()).isEqualTo(Status.OK);
            assertThat(r.samplesUs()).isNotEmpty();
            assertThat(r.identity().instance()).contains(" via " + via);
        });
    }

    @Test
    void anExampleTunedOverSshIsRecordedAsHereButForTimingAndInstance() throws Exception {
        assumeTrue(!targets.isEmpty(), "the local cluster is not up: run tools/local-cluster up");
        Target ssh = target("ssh://");
        assertMeasuredAsHere(tune(ssh, "ssh"), ssh.text());
    }

    @Test
    void anExampleTunedThroughSlurmIsRecordedAsHereButForTimingAndInstance() throws Exception {
        assumeTrue(!targets.isEmpty(), "the local cluster is not up: run tools/local-cluster up");
        Target slurm = target("slurm");
        assertMeasuredAsHere(tune(slurm, "slurm"), slurm.text());
    }

    @Test
    void anSshTargetThatCannotBeReachedStopsTheRunSayingWhy() throws Exception {
        assumeTrue(!targets.isEmpty(), "the local cluster is not up: run tools/local-cluster up");
        var port = new java.net.ServerSocket(0, 1, java.net.InetAddress.getLoopbackAddress());
        int closed = port.getLocalPort();
        port.close();
        var error = org.assertj.core.api.Assertions.catchThrowableOfType(org.tuningworkbench.engine.exec.TuningException.class,
                () -> tune(Target.parse("ssh://127.0.0.1:" + closed), "unreachable"));
        assertThat(error.getMessage()).startsWith("cannot reach ssh://127.0.0.1:" + closed + ": lost the connection to ssh://127.0.0.1:" + closed)
                .contains("Connection refused");
        WorkFolders.deleteQuietly(dir.resolve("unreachable"));
    }
}
