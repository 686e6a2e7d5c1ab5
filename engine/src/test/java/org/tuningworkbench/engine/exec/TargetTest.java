package org.tuningworkbench.engine.exec;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.tuningworkbench.engine.project.ProjectException;
import org.tuningworkbench.engine.project.ProjectFile;
import org.tuningworkbench.fixtures.TestProject;

class TargetTest {

    @Test
    void readsEachFormAndWritesItBack() {
        assertThat(Target.parse("local")).isEqualTo(Target.LOCAL);
        assertThat(Target.parse("ssh://node7")).isEqualTo(new Target.Ssh(null, "node7", 0));
        assertThat(Target.parse("ssh://kim@127.0.0.1:2222")).isEqualTo(new Target.Ssh("kim", "127.0.0.1", 2222));
        assertThat(Target.parse("slurm")).isEqualTo(new Target.Slurm(null));
        assertThat(Target.parse(" slurm:gpu-a100 ")).isEqualTo(new Target.Slurm("gpu-a100"));
        for (String text : new String[] {"local", "ssh://node7", "ssh://kim@127.0.0.1:2222", "slurm", "slurm:debug"}) {
            assertThat(Target.parse(text).text()).isEqualTo(text);
        }
    }

    @Test
    void refusesWhatIsNoTargetSayingTheFormsItMayTake() {
        assertThatThrownBy(() -> Target.parse("ssh:/node7")).hasMessageContaining("`ssh:/node7`").hasMessageContaining("ssh://[user@]host[:port]");
        assertThatThrownBy(() -> Target.parse("ssh://node7:70000")).hasMessageContaining("port 70000");
        assertThatThrownBy(() -> Target.parse("ssh://a;rm -rf ~@host")).hasMessageContaining("is not one of");
        assertThatThrownBy(() -> Target.parse("slurm:")).hasMessageContaining("slurm[:PARTITION]");
    }

    @Test
    void anSshTargetRunsTheUsersSshInBatchModeWithItsConfiguration() {
        var shell = new SshShell(new Target.Ssh("kim", "127.0.0.1", 2222), java.nio.file.Path.of("/tmp/cluster/ssh_config"));
        assertThat(String.join(" ", shell.command()))
                .startsWith("ssh -F /tmp/cluster/ssh_config -o BatchMode=yes")
                .contains("-p 2222 -l kim -- 127.0.0.1 /bin/sh -s");
    }

    @TempDir
    Path dir;

    private Targets projectTargets(String table) throws Exception {
        String text = TestProject.scaleProject(TestProject.config("Body", "for (int i = 0; i < n; i++) y[i] = x[i] * 2.0f;")) + table;
        return Targets.of(ProjectFile.load(TestProject.write(dir, text, "scale.c", TestProject.SCALE_KERNEL)));
    }

    @Test
    void aProjectNamesItsTargetsInItsTargetTable() throws Exception {
        assertThat(projectTargets("")).isEqualTo(Targets.LOCAL);
        java.nio.file.Files.writeString(dir.resolve("cluster.ssh"), "Host *\n");
        assertThat(projectTargets("\n[target]\nwhere = [\"ssh://kim@node1\", \"ssh://kim@node2:2222\"]\nssh_config = \"cluster.ssh\"\n"))
                .isEqualTo(new Targets(List.of(new Target.Ssh("kim", "node1", 0), new Target.Ssh("kim", "node2", 2222)), dir.resolve("cluster.ssh")));
        assertThat(projectTargets("\n[target]\nwhere = \"slurm:debug\"\n").where()).containsExactly(new Target.Slurm("debug"));
    }

    @Test
    void aWrongTargetTableIsRefusedWithItsLineAndTheWindowSeesTheSameError() throws Exception {
        var error = org.assertj.core.api.Assertions.catchThrowableOfType(ProjectException.class,
                () -> projectTargets("\n[target]\nwhere = [\"ssh://node1\", \"telnet://node2\"]\nhosts = 2\nssh_config = \"missing.ssh\"\n"));
        long whereLine = java.nio.file.Files.readAllLines(dir.resolve("project.toml")).indexOf("where = [\"ssh://node1\", \"telnet://node2\"]") + 1;
        assertThat(error.errors()).extracting(Object::toString)
                .anySatisfy(e -> assertThat(e).contains("project.toml:" + whereLine + ":").contains("`telnet://node2` is not one of"))
                .anySatisfy(e -> assertThat(e).contains("[target] has no key `hosts`; it takes where and ssh_config"))
                .anySatisfy(e -> assertThat(e).contains("ssh_config: no such file").contains("missing.ssh"));
        var project = ProjectFile.load(dir.resolve("project.toml"));
        var executor = Targets.ofProject(project, TuneOptions.defaults(dir.resolve("cache")));
        assertThatThrownBy(() -> executor.open(Executor.Listener.NONE)).hasMessageContaining("`telnet://node2` is not one of");
    }
}
