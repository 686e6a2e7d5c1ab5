package org.tuningworkbench.app.shell;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;

class MainToolBarTest {

    @Test
    void aProjectIsCalledByItsFileAndItsNameARecordedSpaceOnceByItsFile() {
        assertThat(MainToolBar.title(Path.of("examples/basic-matmul/project.toml"), "basic-matmul")).isEqualTo("project.toml  ·  basic-matmul");
        // On a 1024-pixel screen "gemm_RTX_3090.json.gz  ·  gemm_RTX_..." was cut, saying the same name twice.
        assertThat(MainToolBar.title(Path.of("/data/gemm_RTX_3090.json.gz"), "gemm_RTX_3090")).isEqualTo("gemm_RTX_3090.json.gz");
        assertThat(MainToolBar.title(Path.of("gemm_RTX_3090_cache.json"), "gemm_RTX_3090")).isEqualTo("gemm_RTX_3090_cache.json  ·  gemm_RTX_3090");
    }
}
