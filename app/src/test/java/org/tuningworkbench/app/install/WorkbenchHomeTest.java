package org.tuningworkbench.app.install;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.Properties;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class WorkbenchHomeTest {

    @TempDir
    Path temp;

    private Path bundleWithExample() throws IOException {
        Path bundle = temp.resolve("opt/tuning-workbench/lib/app");
        Files.createDirectories(bundle.resolve("examples/basic-matmul"));
        Files.writeString(bundle.resolve("examples/basic-matmul/project.toml"), "name = \"basic-matmul\"\n");
        return bundle;
    }

    private Properties installed(Path bundle) {
        Properties properties = new Properties();
        properties.setProperty("user.home", temp.resolve("home/ada").toString());
        properties.setProperty(WorkbenchHome.BUNDLE, bundle.toString());
        return properties;
    }

    @Test
    void anInstalledWorkbenchCopiesTheExamplesToTheUsersDataFolderOnFirstStart() throws IOException {
        Properties properties = installed(bundleWithExample());

        WorkbenchHome.settle(properties, Map.of());

        Path home = temp.resolve("home/ada/.local/share/tuning-workbench");
        assertThat(properties.getProperty(WorkbenchHome.HOME)).isEqualTo(home.toString());
        assertThat(home.resolve("examples/basic-matmul/project.toml")).hasContent("name = \"basic-matmul\"");
        assertThat(home.resolve("examples")).isDirectoryNotContaining("glob:**partial*");
    }

    @Test
    void anExampleTheUserAlreadyHasIsLeftAsItIs() throws IOException {
        Path bundle = bundleWithExample();
        Path mine = temp.resolve("data/tuning-workbench/examples/basic-matmul");
        Files.createDirectories(mine);
        Files.writeString(mine.resolve("project.toml"), "name = \"my edits\"\n");
        Files.writeString(mine.resolve("records.jsonl"), "{}\n");

        WorkbenchHome.settle(installed(bundle), Map.of("XDG_DATA_HOME", temp.resolve("data").toString()));

        assertThat(mine.resolve("project.toml")).hasContent("name = \"my edits\"");
        assertThat(mine.resolve("records.jsonl")).exists();
    }

    @Test
    void aHomeGivenExplicitlyWins() throws IOException {
        Properties properties = installed(bundleWithExample());
        properties.setProperty(WorkbenchHome.HOME, "/work/clone");

        WorkbenchHome.settle(properties, Map.of());

        assertThat(properties.getProperty(WorkbenchHome.HOME)).isEqualTo("/work/clone");
        assertThat(temp.resolve("home/ada/.local/share/tuning-workbench")).doesNotExist();
    }

    @Test
    void withoutABundleNothingIsSet() {
        Properties properties = new Properties();

        WorkbenchHome.settle(properties, Map.of());

        assertThat(properties.getProperty(WorkbenchHome.HOME)).isNull();
    }

    @Test
    void whenTheDataFolderCannotBeWrittenTheBundledExamplesAreUsedReadOnly() throws IOException {
        Path bundle = bundleWithExample();
        Path blocked = Files.writeString(temp.resolve("not-a-folder"), "");
        Properties properties = installed(bundle);

        WorkbenchHome.settle(properties, Map.of("XDG_DATA_HOME", blocked.toString()));

        assertThat(properties.getProperty(WorkbenchHome.HOME)).isEqualTo(bundle.toString());
    }
}
