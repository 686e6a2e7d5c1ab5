package org.tuningworkbench.engine.exec;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

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
}
