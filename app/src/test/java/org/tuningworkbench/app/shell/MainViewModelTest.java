package org.tuningworkbench.app.shell;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeFalse;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.prefs.Preferences;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.tuningworkbench.app.RecordingDialogs;
import org.tuningworkbench.app.configs.ConfigRow;
import org.tuningworkbench.app.project.RecentProjects;
import org.tuningworkbench.app.run.RunViewModel;
import org.tuningworkbench.app.task.BackgroundTask;
import org.tuningworkbench.app.task.CurrentThreadTaskExecutor;
import org.tuningworkbench.app.task.TaskExecutor;
import org.tuningworkbench.engine.record.RecordFile;
import org.tuningworkbench.engine.record.Status;
import org.tuningworkbench.engine.exec.TuneOptions;
import org.tuningworkbench.app.TwoRunsOfTinyProject;
import org.tuningworkbench.fixtures.TinyProject;
import org.tuningworkbench.tiers.IntegrationTest;

/** The workbench's view model over the real engine, without a window: runs happen on the test's thread. */
class MainViewModelTest {

    @TempDir
    Path dir;

    @TempDir
    static Path cache;

    private final RecordingDialogs dialogs = new RecordingDialogs();
    private RecentProjects recent;
    private Preferences node;

    @BeforeEach
    void preferences() {
        node = Preferences.userRoot().node("org/tuningworkbench/test-" + System.nanoTime());
        recent = new RecentProjects(node);
    }

    @org.junit.jupiter.api.AfterEach
    void forgetPreferences() throws Exception {
        node.removeNode();
    }

    private MainViewModel model(TaskExecutor executor) {
        return new MainViewModel(executor, TuneOptions.defaults(cache).toBuilder().buildThreads(2).build(), dialogs, recent);
    }

    @Test
    void theMachinesCeilingsAreReadFromTheCacheOncePerOpenedProject() throws Exception {
        Path ownCache = dir.resolve("own-cache");
        var model = new MainViewModel(new CurrentThreadTaskExecutor(), TuneOptions.defaults(ownCache), dialogs, recent);
        String here = org.tuningworkbench.engine.run.Device.localCpu().identity();
        var ceilings = org.tuningworkbench.engine.machine.CeilingsCache.in(ownCache);
        ceilings.knownOrMeasured(here, m -> new org.tuningworkbench.engine.analysis.Ceilings(m, 100, 256, 10, "now", "test"));
        Path project = TinyProject.create(dir, List.of(TinyProject.config("1", "0")));
        assertThat(model.open(project)).isTrue();
        assertThat(model.reports().knownCeilings()).hasValueSatisfying(c -> assertThat(c.peakGflops()).isEqualTo(100));
        // Measured again meanwhile: the open project keeps what it read, and reads the cache again when a project opens.
        ceilings.measuredAgain(here, m -> new org.tuningworkbench.engine.analysis.Ceilings(m, 150, 256, 12, "later", "test"));
        assertThat(model.reports().knownCeilings()).hasValueSatisfying(c -> assertThat(c.peakGflops()).isEqualTo(100));
        assertThat(model.open(project)).isTrue();
        assertThat(model.reports().knownCeilings()).hasValueSatisfying(c -> assertThat(c.peakGflops()).isEqualTo(150));
    }

    @Test
    @IntegrationTest
    void opensARunsAndRanksEveryConfig() throws Exception {
        Path project = TinyProject.create(dir, List.of(TinyProject.config("1", "0"), TinyProject.config("2", "0"), TinyProject.config("oops", "0")));
        MainViewModel model = model(new CurrentThreadTaskExecutor());
        assertThat(model.open(project)).isTrue();
        assertThat(model.grid().parameters()).containsExactly("UNROLL", "SPIN");
        assertThat(model.grid().rows()).hasSize(3);
        assertThat(model.run().messageProperty().get()).isEqualTo("Opened tiny: 3 configs over 2 tunable parameters. Press Run (Ctrl+R) to measure them.");
        model.run(false);
        List<RunViewModel.Result> results = model.run().drain();
        // Measured in a shuffled order: every row once.
        assertThat(results).extracting(RunViewModel.Result::number).containsExactlyInAnyOrder(1, 2, 3);
        assertThat(model.run().isRunning()).isFalse();
        assertThat(model.grid().rows().get(2).record().status()).isEqualTo(Status.COMPILE_ERROR);
        assertThat(model.grid().best()).isIn(model.grid().rows().get(0), model.grid().rows().get(1));
        assertThat(dialogs.notes).singleElement().asString().contains("Finished 3 of 3");

        model.selectNumber(3);
        assertThat(model.editor().errorsByLine()).containsKey(2);
        assertThat(model.selectedLogProperty().get()).contains("compile error", "oops");
        assertThat(RecordFile.read(dir.resolve("records.jsonl"))).hasSize(3);
    }

    @Test
    @IntegrationTest
    void oneConfigIsSaidInTheSingular() throws Exception {
        Path project = TinyProject.create(dir, List.of(TinyProject.config("1", "0")));
        MainViewModel model = model(new CurrentThreadTaskExecutor());
        assertThat(model.open(project)).isTrue();
        assertThat(model.run().messageProperty().get()).isEqualTo("Opened tiny: 1 config over 2 tunable parameters. Press Run (Ctrl+R) to measure them.");
        model.run(false);
        model.run().drain();
        assertThat(dialogs.notes).singleElement().asString().contains("Finished 1 of 1 config in ");
    }

    /** A tiny project of two configs, measured once by another window: its record file holds both. */
    private Path measuredTinyProject() throws Exception {
        Path project = TinyProject.create(dir, List.of(TinyProject.config("1", "0"), TinyProject.config("2", "0")));
        MainViewModel measured = model(new CurrentThreadTaskExecutor());
        assertThat(measured.open(project)).isTrue();
        measured.run(false);
        measured.run().drain();
        return project;
    }

    @Test
    @IntegrationTest
    void aSnapshotWithoutARunShowsTheAskedConfigOfTheRecordsTheProjectHolds() throws Exception {
        Path project = measuredTinyProject();

        MainViewModel model = model(new CurrentThreadTaskExecutor());
        assertThat(model.open(project)).isTrue();
        model.run().drain();
        new LaunchOptions(project, dir.resolve("shot.png"), false, true, "difference", 2).showIn(model, false);
        assertThat(model.selectedProperty().get()).isSameAs(model.grid().row(2));
        assertThat(model.selectedProperty().get().record()).isNotNull();
        assertThat(model.editor().modeProperty().get()).isEqualTo(org.tuningworkbench.app.editor.ViewMode.DIFFERENCE);
    }

    @Test
    @IntegrationTest
    void aProjectOpenedWithRecordsSaysItsResultsAreTheRecordedOnesAndWhatRunAndResumeDo() throws Exception {
        Path project = measuredTinyProject();

        MainViewModel model = model(new CurrentThreadTaskExecutor());
        assertThat(model.open(project)).isTrue();
        // The device is this machine's: said, not pinned.
        assertThat(model.run().messageProperty().get()).startsWith("Opened tiny: 2 configs over 2 tunable parameters. Shown as recorded "
                + "(2 configs of the latest run at n=256 on ").endsWith("): Run (Ctrl+R) measures again, Resume only what is not recorded.");
        assertThat(model.run().drain()).hasSize(2);
    }

    @Test
    void aProjectWhoseRecordsHoldTwoRunsShowsTheLatestRunsAsTheCommandLineDoesAndSaysWhatItLeftOut() throws Exception {
        Path project = TinyProject.create(dir, List.of(TinyProject.config("1", "0"), TinyProject.config("2", "0")));
        // Two runs of the same configs at n=4096, then at n=1024 (only config 1 measured): the views are of n=1024's.
        TwoRunsOfTinyProject.record(dir);

        MainViewModel model = model(new CurrentThreadTaskExecutor());
        assertThat(model.open(project)).isTrue();
        assertThat(model.run().drain()).extracting(RunViewModel.Result::number).containsExactly(1);
        assertThat(model.run().messageProperty().get()).isEqualTo("Opened tiny: 2 configs over 2 tunable parameters. Shown as recorded "
                + "(1 config of the latest run at n=1024 on CPU; 2 records of other runs not shown): Run (Ctrl+R) measures again, "
                + "Resume only what is not recorded; Replay plays every record, other runs' too.");
    }

    @Test
    @IntegrationTest
    void aConfigRacedOutSaysWhyWhenSelected() throws Exception {
        Path project = TinyProject.create(dir, List.of(TinyProject.config("1", "0"), TinyProject.config("1", "2000000")));
        MainViewModel model = model(new CurrentThreadTaskExecutor());
        assertThat(model.open(project)).isTrue();
        model.run(false);
        model.run().drain();
        assertThat(model.grid().rows().get(1).stateProperty().get()).contains("raced out");
        model.selectNumber(2);
        assertThat(model.selectedLogProperty().get()).contains("1 sample of ", "raced out after 1 sample: ").doesNotContain("CV");
    }

    @Test
    @IntegrationTest
    void aConfigWhoseSamplesWereTakenAgainForPageFaultsSaysSoWhenSelected() throws Exception {
        Path project = measuredTinyProject();
        Path records = project.resolveSibling("records.jsonl");
        // As the harness records a config whose first samples touched fresh memory: the run's second trial here.
        List<String> lines = Files.readAllLines(records).stream()
                .map(line -> line.contains("\"trial\":2,") ? line.replace("\"timing\":{", "\"timing\":{\"faulted_samples\":2,") : line).toList();
        assertThat(lines).filteredOn(line -> line.contains("faulted_samples")).hasSize(1);
        Files.write(records, lines);

        MainViewModel model = model(new CurrentThreadTaskExecutor());
        assertThat(model.open(project)).isTrue();
        model.run().drain();
        var numbers = new ArrayList<Integer>();
        for (int n = 1; n <= 2; n++) {
            model.selectNumber(n);
            if (model.selectedLogProperty().get().contains("taken again")) numbers.add(n);
        }
        assertThat(numbers).hasSize(1);
        model.selectNumber(numbers.getFirst());
        assertThat(model.selectedLogProperty().get()).contains("2 samples taken again: the kernel touched memory for the first time in them (page faults)");
    }

    @Test
    @IntegrationTest
    void aConfigRacedOutOnItsVerifiedCallSaysItHasNoSamplesWhenSelected() throws Exception {
        // Calls of milliseconds (3.5 ms on a Zen 5 core; a verified call races only from 1 ms up), the second four times the
        // first: its verified call alone races it out, when that call had its core to itself; on a busy machine a try may fall
        // back to racing on a sample.
        String log = "";
        boolean everyTryBusy = true;
        for (int attempt = 0; attempt < 4 && !log.contains("no samples"); attempt++) {
            Path folder = Files.createDirectories(dir.resolve("try" + attempt));
            Path project = TinyProject.create(folder, List.of(TinyProject.config("1", "12000000"), TinyProject.config("1", "48000000")));
            MainViewModel model = model(new CurrentThreadTaskExecutor());
            assertThat(model.open(project)).isTrue();
            model.run(false);
            model.run().drain();
            model.selectNumber(2);
            log = model.selectedLogProperty().get();
            // Racing on one call needs that call on a CPU for 0.9 of its wall time, as the harness's TW_RACE_FIRST_CALL_CPU_SHARE.
            everyTryBusy &= RecordFile.read(folder.resolve("records.jsonl")).stream()
                    .anyMatch(r -> r.cpuShare() != null && r.cpuShare() < 0.9);
        }
        assumeFalse(!log.contains("no samples") && everyTryBusy,
                "the machine never gave the calls a core of their own in 4 tries: racing on the verified call cannot be checked under this load");
        assertThat(log).contains("verified call ", ", no samples", "raced out on its verified call, before any sample: it took ")
                .doesNotContain("CV").doesNotContain("median");
    }

    @Test
    void aProjectAnnouncedBeforeTheFirstFrameIsSaidToBeOpeningUntilItIsOpen() throws Exception {
        Path project = TinyProject.create(dir, List.of(TinyProject.config("1", "0")));
        MainViewModel model = model(new CurrentThreadTaskExecutor());
        model.announceOpening(project);
        assertThat(model.openingProperty().get()).isEqualTo(project);
        assertThat(model.run().messageProperty().get()).isEqualTo("Opening " + project + " …");
        assertThat(model.project()).isNull();

        assertThat(model.open(project)).isTrue();
        assertThat(model.openingProperty().get()).isNull();
        assertThat(model.run().messageProperty().get()).startsWith("Opened tiny");

        // A file that cannot be opened ends the announcement too, and says nothing is opening any more.
        MainViewModel other = model(new CurrentThreadTaskExecutor());
        other.announceOpening(dir.resolve("missing.toml"));
        assertThat(other.open(dir.resolve("missing.toml"))).isFalse();
        assertThat(other.openingProperty().get()).isNull();
        assertThat(other.run().messageProperty().get()).doesNotContain("Opening");
    }

    @Test
    @IntegrationTest
    void anOpenedProjectShowsItsRecordsAndNothingOfThePreviousOne() throws Exception {
        Files.createDirectories(dir.resolve("first"));
        Files.createDirectories(dir.resolve("second"));
        Path first = TinyProject.create(dir.resolve("first"), List.of(TinyProject.config("1", "0"), TinyProject.config("2", "0")));
        MainViewModel model = model(new CurrentThreadTaskExecutor());
        model.open(first);
        model.run(false);
        model.run().drain();
        Path second = TinyProject.create(dir.resolve("second"), List.of(TinyProject.config("4", "0")));
        assertThat(model.open(second)).isTrue();
        assertThat(model.run().drain()).isEmpty();
        assertThat(model.grid().rows()).singleElement().satisfies(r -> assertThat(r.record()).isNull());
        assertThat(model.run().doneProperty().get()).isZero();

        int cleared = model.run().resultsClearedProperty().get();
        assertThat(model.open(first)).isTrue();
        assertThat(model.run().resultsClearedProperty().get()).isGreaterThan(cleared);
        List<RunViewModel.Result> shown = model.run().drain();
        assertThat(shown).hasSize(2);
        assertThat(model.grid().rows()).allSatisfy(r -> assertThat(r.record().status()).isEqualTo(Status.OK));
        assertThat(model.grid().best()).isNotNull();
    }

    @Test
    @IntegrationTest
    void aProjectsOwnBuildCommandRunsOnlyAfterThePersonAgreedOnceForThatContent() throws Exception {
        Path project = TinyProject.create(dir, List.of(TinyProject.config("1", "0")));
        Files.writeString(project, Files.readString(project) + "\n[build]\ncommand = \"gcc -O1 -std=gnu11 -I{kernel_dir} {source} -o {output} -lm\"\n");
        MainViewModel model = model(new CurrentThreadTaskExecutor());
        assertThat(model.open(project)).isTrue();
        assertThat(dialogs.questions).isEmpty();

        dialogs.answer = false;
        model.run(false);
        assertThat(dialogs.questions).singleElement().asString().contains("gcc -O1 -std=gnu11").endsWith("[Run / Cancel]");
        assertThat(model.run().drain()).isEmpty();
        assertThat(Files.exists(dir.resolve("records.jsonl"))).isFalse();

        dialogs.answer = true;
        model.run(false);
        assertThat(model.run().drain()).hasSize(1);
        model.run(false);
        model.run().drain();
        assertThat(dialogs.questions).hasSize(2);

        Files.writeString(project, Files.readString(project).replace("-O1", "-O2"));
        model.open(project);
        model.run(false);
        assertThat(dialogs.questions).hasSize(3);
    }

    @Test
    void editedGridRowsAndSettingsCountAsUnsavedAndQuittingAsksBeforeLosingThem() throws Exception {
        Path project = TinyProject.create(dir, List.of(TinyProject.config("1", "0")));
        MainViewModel model = model(new CurrentThreadTaskExecutor());
        model.open(project);
        assertThat(model.unsavedChanges()).isEmpty();
        assertThat(model.confirmQuit()).isTrue();
        assertThat(dialogs.questions).isEmpty();

        model.grid().setValue(model.grid().rows().getFirst(), "UNROLL", "2");
        model.grid().add();
        model.run().settings().repeatProperty().set(7);
        model.run().settings().racingProperty().set(false);
        assertThat(model.unsavedChanges()).containsExactly("the configs in the grid", "the measurement settings");
        dialogs.answer = false;
        assertThat(model.confirmQuit()).isFalse();
        assertThat(dialogs.questions).singleElement().asString().contains("the configs in the grid, the measurement settings");
        assertThat(model.save()).isTrue();
        assertThat(model.unsavedChanges()).isEmpty();
        assertThat(Files.readString(project)).contains("racing = false");
    }

    private static final String RECORDED_SPACE = """
            {"device_name": "Test GPU 1000", "kernel_name": "vector_add", "problem_size": [1024],
             "tune_params_keys": ["block_size_x", "tile_size"],
             "tune_params": {"block_size_x": [16, 32, 64], "tile_size": [1, 2, 4]}, "objective": "time",
             "cache": {
              "16,1": {"block_size_x": 16, "tile_size": 1, "time": 2.0, "times": [1.0, 3.0, 2.0]},
              "16,2": {"block_size_x": 16, "tile_size": 2, "time": 1.5, "times": [1.5, 1.5]},
              "32,1": {"block_size_x": 32, "tile_size": 1, "time": 1.0, "times": [1.1, 0.9, 1.0, 1.0]},
              "32,2": {"block_size_x": 32, "tile_size": 2, "time": "CompilationFailedConfig"},
              "64,4": {"block_size_x": 64, "tile_size": 4, "time": 4.0, "times": [4.0]}}}
            """;

    @Test
    void aRecordedSpaceOpensLikeAProjectAndRunReplaysTheStrategyAgainstIt() throws Exception {
        Path file = dir.resolve("vector_add_cache.json");
        Files.writeString(file, RECORDED_SPACE);
        MainViewModel model = model(new CurrentThreadTaskExecutor());
        assertThat(model.open(file)).isTrue();
        assertThat(model.grid().parameters()).containsExactly("block_size_x", "tile_size");
        assertThat(model.run().drain()).hasSize(5);
        assertThat(model.grid().rows()).hasSize(5);
        assertThat(model.grid().best().record().medianUs()).isEqualTo(1000.0);
        assertThat(model.run().messageProperty().get()).contains("recorded space", "5 configs", "Test GPU 1000");
        assertThat(model.recordedSpaceOpen().get()).isTrue();
        // Apply Best has no source to write into: it says so and leaves the sheet as it is.
        String sheet = model.editor().textProperty().get();
        assertThat(model.applyBest()).isFalse();
        assertThat(dialogs.problems).singleElement().asString().contains("has no source", "Test GPU 1000");
        assertThat(model.editor().textProperty().get()).isEqualTo(sheet);
        dialogs.problems.clear();

        model.run().settings().strategyProperty().set("random");
        model.run().settings().budgetProperty().set(3);
        model.run(false);
        List<RunViewModel.Result> replayed = model.run().drain();
        assertThat(replayed).hasSize(3);
        assertThat(model.grid().rows()).hasSize(3);
        assertThat(replayed).allSatisfy(r -> assertThat(r.record().identity().toolchain()).isEqualTo("recorded"));
        assertThat(Files.readString(file)).isEqualTo(RECORDED_SPACE);
    }

    @Test
    void aRecordedSpaceWhoseOwnObjectiveRanksAnotherConfigFirstSaysWhich() throws Exception {
        // Kernel Tuner's `time` is the mean: one slow sample puts No.1 behind No.2 by it, ahead of it by the median.
        Path file = dir.resolve("skewed_cache.json");
        Files.writeString(file, """
                {"device_name": "Test GPU 1000", "kernel_name": "skewed", "tune_params_keys": ["X"], "tune_params": {"X": [1, 2, 3]},
                 "objective": "time", "cache": {
                  "1": {"X": 1, "time": 2.5, "times": [1.0, 1.0, 1.0, 7.0]},
                  "2": {"X": 2, "time": 1.5, "times": [1.5, 1.5, 1.5, 1.5]},
                  "3": {"X": 3, "time": 3.0, "times": [3.0, 3.0, 3.0, 3.0]}}}
                """);
        MainViewModel model = model(new CurrentThreadTaskExecutor());
        assertThat(model.open(file)).isTrue();
        String opened = model.run().messageProperty().get();
        model.run().drain();
        // The window crowns No.1 by its median, as the report does; `show` and `best` crown No.2 by the file's `time`: it says so.
        assertThat(model.grid().numberOf(model.grid().best())).isEqualTo(1);
        assertThat(opened).endsWith(" Ranked here by the median of the samples; `show` and `best` rank by the file's `time` and put No.2 first.");
        assertThat(model.grid().row(2).currentValues()).containsEntry("X", "2");

        // Where the two agree, nothing more is said.
        Path agreeing = dir.resolve("vector_add_cache.json");
        Files.writeString(agreeing, RECORDED_SPACE);
        assertThat(model.open(agreeing)).isTrue();
        assertThat(model.run().messageProperty().get()).doesNotContain("Ranked here");
    }

    @Test
    void aReplayWaitsForTheWindowThatDrainsItsEventsAndGoesOnWithoutAWindowThatStopped() throws Exception {
        var cache = new StringBuilder();
        for (int x = 1; x <= 3000; x++) {
            cache.append(cache.isEmpty() ? "" : ",\n").append(String.format(java.util.Locale.ROOT, "\"%d\": {\"X\": %d, \"time\": %d.5}", x, x, x));
        }
        Path file = dir.resolve("three_thousand.json");
        Files.writeString(file, "{\"device_name\": \"Test GPU\", \"kernel_name\": \"k\", \"objective\": \"time\", \"tune_params_keys\": [\"X\"],"
                + " \"tune_params\": {\"X\": " + java.util.stream.IntStream.rangeClosed(1, 3000).boxed().toList() + "}, \"cache\": {\n" + cache + "\n}}\n");
        MainViewModel model = model(new ThreadExecutor());
        assertThat(model.open(file)).isTrue();
        model.run().drain();
        model.run().setOnEventsWaiting(() -> { });
        model.run().settings().strategyProperty().set("grid");
        model.run().settings().budgetProperty().set(0);
        long deadline = System.currentTimeMillis() + 60_000;

        // The window drains: the replay keeps at most MOST_WAITING events waiting, and all of them arrive.
        model.run(false);
        var finished = new ArrayList<RunViewModel.Result>();
        int mostWaiting = 0;
        while (model.run().isRunning() && System.currentTimeMillis() < deadline) {
            Thread.sleep(5);
            mostWaiting = Math.max(mostWaiting, model.run().eventsWaitingCount());
            finished.addAll(model.run().drain(2_000_000L));
        }
        assertThat(finished).hasSize(3000);
        assertThat(mostWaiting).isGreaterThan(0).isLessThanOrEqualTo(RunViewModel.MOST_WAITING);

        // The window stops draining (its thread held): after a second the replay goes on without it, to the end.
        model.run(false);
        while (model.run().eventsWaitingCount() <= RunViewModel.MOST_WAITING && System.currentTimeMillis() < deadline) Thread.sleep(20);
        assertThat(model.run().eventsWaitingCount()).isGreaterThan(RunViewModel.MOST_WAITING);
        finished.clear();
        while (model.run().isRunning() && System.currentTimeMillis() < deadline) finished.addAll(model.run().drain());
        assertThat(finished).hasSize(3000);
    }

    @Test
    void twoReplaysOfTheSameSpaceAtOnceDoNotSeeEachOthersRecords() throws Exception {
        Path file = dir.resolve("vector_add_cache.json");
        Files.writeString(file, RECORDED_SPACE);
        var held = new HeldExecutor();
        MainViewModel first = model(held);
        MainViewModel second = model(held);
        assertThat(first.open(file)).isTrue();
        assertThat(second.open(file)).isTrue();
        first.run().settings().strategyProperty().set("random");
        first.run().settings().budgetProperty().set(3);
        second.run().settings().strategyProperty().set("random");
        second.run().settings().budgetProperty().set(2);
        // Both replays have started before either records anything.
        first.run(false);
        second.run(false);
        held.runAll();
        assertThat(first.run().drain()).hasSize(3);
        assertThat(second.run().drain()).hasSize(2);

        Path firstRecords = first.replayRecordFile().orElseThrow();
        Path secondRecords = second.replayRecordFile().orElseThrow();
        assertThat(firstRecords).isNotEqualTo(secondRecords);
        assertThat(RecordFile.read(firstRecords)).hasSize(3);
        assertThat(RecordFile.read(secondRecords)).hasSize(2);

        // Replaying again replaces the window's file.
        second.run(false);
        held.runAll();
        second.run().drain();
        assertThat(secondRecords).doesNotExist();
        Path again = second.replayRecordFile().orElseThrow();
        assertThat(RecordFile.read(again)).hasSize(2);
        assertThat(RecordFile.read(firstRecords)).hasSize(3);
        // Stop keeps what was recorded; closing the window does not.
        second.stop();
        assertThat(again).exists();
        second.close();
        assertThat(again).doesNotExist();
        assertThat(again.getParent()).doesNotExist();
        // Opening another project deletes the replay's records too.
        assertThat(first.open(TinyProject.create(dir, List.of(TinyProject.config("1", "0"))))).isTrue();
        assertThat(firstRecords).doesNotExist();
        assertThat(first.replayRecordFile()).isEmpty();
    }

    @Test
    @IntegrationTest
    void aReplayGivesWayToTheWindowAndARunThatMeasuresDoesNot() throws Exception {
        Path file = dir.resolve("vector_add_cache.json");
        Files.writeString(file, RECORDED_SPACE);
        var givesWay = new ArrayList<Boolean>();
        TaskExecutor noting = new TaskExecutor() {
            @Override
            public <V> void execute(BackgroundTask<V> task) {
                givesWay.add(task.givesWay());
                new CurrentThreadTaskExecutor().execute(task);
            }
        };
        MainViewModel model = model(noting);
        assertThat(model.open(file)).isTrue();
        givesWay.clear();
        model.run(false);
        assertThat(model.run().drain()).hasSize(5);
        assertThat(givesWay).containsExactly(true);

        assertThat(model.open(TinyProject.create(dir, List.of(TinyProject.config("1", "0"))))).isTrue();
        givesWay.clear();
        model.run(false);
        assertThat(model.run().drain()).hasSize(1);
        // Its programs would inherit a lower priority, and be measured behind the window.
        assertThat(givesWay).containsExactly(false);
    }

    /** Holds every task until {@link #runAll}, then runs them on the test's thread in the order they came. */
    private static final class HeldExecutor implements TaskExecutor {
        private final List<Runnable> held = new ArrayList<>();

        @Override
        public <V> void execute(BackgroundTask<V> task) {
            held.add(() -> new CurrentThreadTaskExecutor().execute(task));
        }

        void runAll() {
            var now = List.copyOf(held);
            held.clear();
            now.forEach(Runnable::run);
        }
    }

    @Test
    @IntegrationTest
    void saveWritesTheGridIntoTheProjectAndApplyBestIntoTheSource() throws Exception {
        Path project = TinyProject.create(dir, List.of(TinyProject.config("1", "0")));
        MainViewModel model = model(new CurrentThreadTaskExecutor());
        model.open(project);
        ConfigRow row = model.grid().add();
        model.grid().setValue(row, "UNROLL", "8");
        model.grid().rows().removeFirst();
        model.run(false);
        model.run().drain();
        assertThat(Files.readString(project)).contains("UNROLL = \"8\"").doesNotContain("UNROLL = \"1\"");
        assertThat(model.applyBest()).isTrue();
        assertThat(Files.readString(dir.resolve("scale.c"))).contains("int UNROLL = 8; // tunable");
        assertThat(model.editor().modifiedProperty().get()).isFalse();

        // Undo, even with the focus in the editor, writes the source back into the file.
        assertThat(model.undoesHistory(true)).isTrue();
        assertThat(model.history().undoNameProperty().get()).startsWith("Apply Best");
        model.history().undo();
        assertThat(Files.readString(dir.resolve("scale.c"))).contains("int UNROLL = 1; // tunable");
        assertThat(model.editor().textProperty().get()).contains("int UNROLL = 1; // tunable");
        assertThat(model.editor().modifiedProperty().get()).isFalse();
        assertThat(model.undoesHistory(true)).as("typing in the editor undoes typing again").isFalse();
        model.history().redo();
        assertThat(Files.readString(dir.resolve("scale.c"))).contains("int UNROLL = 8; // tunable");
    }

    @Test
    @IntegrationTest
    void stoppingKeepsEveryFinishedRecord() throws Exception {
        Path project = TinyProject.create(dir, List.of(TinyProject.config("1", "0"), TinyProject.config("1", "400000000"),
                TinyProject.config("2", "400000000"), TinyProject.config("4", "400000000")));
        MainViewModel model = model(new ThreadExecutor());
        model.open(project);
        model.run(false);
        var finished = new ArrayList<RunViewModel.Result>();
        long deadline = System.currentTimeMillis() + 120_000;
        while (finished.isEmpty() && System.currentTimeMillis() < deadline) {
            finished.addAll(model.run().drain());
            Thread.sleep(20);
        }
        model.stop();
        while (model.run().isRunning() && System.currentTimeMillis() < deadline) {
            finished.addAll(model.run().drain());
            Thread.sleep(20);
        }
        assertThat(model.run().isRunning()).isFalse();
        assertThat(finished).isNotEmpty().hasSizeLessThan(4);
        assertThat(RecordFile.read(dir.resolve("records.jsonl"))).hasSameSizeAs(finished);
        assertThat(model.grid().rows().get(3).stateProperty().get()).isEqualTo("not run");
        assertThat(dialogs.notes).singleElement().asString().startsWith("Run finished: Stopped after");

        // Resume measures only what the record file lacks.
        int kept = finished.size();
        model.run(true);
        while (model.run().isRunning() && System.currentTimeMillis() < deadline + 120_000) {
            model.run().drain();
            Thread.sleep(20);
        }
        model.run().drain();
        assertThat(model.grid().rows()).allSatisfy(r -> assertThat(r.record()).isNotNull());
        assertThat(RecordFile.read(dir.resolve("records.jsonl"))).hasSize(4);
        assertThat(kept).isLessThan(4);
    }

    @Test
    void badInputGetsAClearProblemNotAStackTrace() throws Exception {
        MainViewModel model = model(new CurrentThreadTaskExecutor());
        assertThat(model.open(dir.resolve("missing.toml"))).isFalse();
        Files.writeString(dir.resolve("broken.toml"), "name = \"x\"\n[kernel]\nsource = \"nope.c\"\nentry = \"k\"\n");
        assertThat(model.open(dir.resolve("broken.toml"))).isFalse();
        assertThat(model.open(dir.resolve("gone.c"))).isFalse();
        assertThat(dialogs.problems).hasSize(3);
        assertThat(dialogs.problems.get(0)).startsWith("The project file is missing");
        assertThat(dialogs.problems.get(1)).startsWith("The project has errors").contains("broken.toml:3:").contains("kernel file not found");
        assertThat(dialogs.problems.get(2)).startsWith("The kernel file is missing");

        Path project = TinyProject.create(dir, List.of(TinyProject.config("1", "0")));
        Files.writeString(project, Files.readString(project).replace("[measure]", "[build]\ncommand = \"no-such-cc {source} -o {output}\"\n\n[measure]"));
        model.open(project);
        model.run(false);
        assertThat(dialogs.problems.getLast()).contains("The run could not start", "`no-such-cc` is not installed");
        assertThat(model.run().isRunning()).isFalse();
    }

    @Test
    void anEditedProjectFileIsCheckedBeforeItIsWrittenAndReloaded() throws Exception {
        Path project = TinyProject.create(dir, List.of(TinyProject.config("1", "0")));
        MainViewModel model = model(new CurrentThreadTaskExecutor());
        model.open(project);
        String text = Files.readString(project);
        assertThat(model.saveProjectText(text.replace("repeat = 2", "repeat = \"two\""))).isFalse();
        assertThat(dialogs.problems).singleElement().asString().contains("project.toml:").contains("repeat");
        assertThat(Files.readString(project)).isEqualTo(text);
        assertThat(model.saveProjectText(text.replace("repeat = 2", "repeat = 3"))).isTrue();
        assertThat(model.run().settings().repeatProperty().get()).isEqualTo(3);
    }

    @Test
    void aBareKernelOpensWithAProjectCreatedForIt() throws Exception {
        Files.writeString(dir.resolve("scale.c"), TinyProject.KERNEL);
        MainViewModel model = model(new CurrentThreadTaskExecutor());
        assertThat(model.open(dir.resolve("scale.c"))).isTrue();
        assertThat(dir.resolve("scale.tuning.toml")).exists();
        assertThat(model.project().project().kernel().entry()).isEqualTo("scale");
        assertThat(model.grid().rows()).singleElement().extracting(ConfigRow::values).isEqualTo(Map.of("UNROLL", "1", "SPIN", "0"));
        assertThat(recent.list()).first().isEqualTo(dir.resolve("scale.tuning.toml").toAbsolutePath().normalize());
        assertThat(dialogs.reviewed).singleElement().asString().contains("A first project, scale.tuning.toml, to be written beside the kernel.", "n: an int scalar, set to n", "no [work]");
    }

    @Test
    void aBareKernelsDraftIsWrittenOnlyOnceThePersonAcceptsItAndItLoads() throws Exception {
        Path kernel = dir.resolve("scale.c");
        Files.writeString(kernel, TinyProject.KERNEL);
        MainViewModel model = model(new CurrentThreadTaskExecutor());

        dialogs.edit = text -> null;
        assertThat(model.open(kernel)).as("cancelled").isFalse();
        assertThat(dir.resolve("scale.tuning.toml")).doesNotExist();
        assertThat(dialogs.problems).isEmpty();

        // A broken edit is shown again with its error; the fixed one is written, with the work the person added.
        var answers = new java.util.ArrayDeque<String>();
        dialogs.edit = text -> {
            if (answers.isEmpty()) {
                answers.add(text);
                return text.replace("[sizes]", "[sizes");
            }
            return answers.poll() + "\n[work]\nflops = \"2 * n\"\n";
        };
        assertThat(model.open(kernel)).isTrue();
        assertThat(dialogs.reviewed).last().asString().contains("Fix these first", "scale.tuning.toml:");
        assertThat(Files.readString(dir.resolve("scale.tuning.toml"))).contains("flops = \"2 * n\"");
        assertThat(model.project().project().work().flops()).isPresent();
        try (var left = Files.list(dir)) {
            assertThat(left.map(p -> p.getFileName().toString())).noneMatch(n -> n.endsWith(".draft"));
        }
    }

    /** Runs tasks on a thread of their own, callbacks there too: the test drains events itself. */
    private static final class ThreadExecutor implements TaskExecutor {
        @Override
        public <V> void execute(BackgroundTask<V> task) {
            Thread.ofPlatform().daemon().start(() -> new CurrentThreadTaskExecutor().execute(task));
        }
    }

    @Test
    void anImportedVendorListKeepsItsWarmupAndRepeatAndNamesTheKeysItIgnored() throws Exception {
        Path project = TinyProject.create(dir, List.of(TinyProject.config("1", "0")));
        MainViewModel model = model(new CurrentThreadTaskExecutor());
        assertThat(model.open(project)).isTrue();
        model.configLists().importConfigs("@mskpp.autotune_v2(configs=[{'UNROLL': '2'}, {'UNROLL': '4'}], warmup_times=10, repeat=7, device_ids=[0])",
                org.tuningworkbench.engine.configs.ConfigFormat.VENDOR);
        assertThat(model.grid().rows()).hasSize(2);
        assertThat(model.run().settings().warmupCallsProperty().get()).isEqualTo(10);
        assertThat(model.run().settings().repeatProperty().get()).isEqualTo(7);
        assertThat(model.run().messageProperty().get()).startsWith("Imported 2 configs; kept warm-up 10 calls (warmup_times=10), repeat 7 (repeat=7); ignored device_ids");
        assertThat(dialogs.notes).singleElement().asString().startsWith("Imported with settings ignored: ").contains("ignored device_ids");
        assertThat(model.unsavedChanges()).contains("the measurement settings");
        assertThat(model.save()).isTrue();
        assertThat(Files.readString(project)).contains("warmup = 10").contains("repeat = 7");
    }

    @Test
    void compareTakesTwoSelectedConfigsAndWaitsForThemWithoutAnError() throws Exception {
        Path project = TinyProject.create(dir, List.of(TinyProject.config("1", "0"), TinyProject.config("2", "0")));
        MainViewModel model = model(new CurrentThreadTaskExecutor());
        assertThat(model.open(project)).isTrue();
        assertThat(model.grid().comparable(List.of())).isFalse();
        assertThat(model.grid().comparable(List.of(model.grid().rows().getFirst()))).isFalse();
        assertThat(model.compare(List.of(model.grid().rows().getFirst()))).isEmpty();
        assertThat(model.compare(List.of())).isEmpty();
        assertThat(dialogs.problems).isEmpty();
        assertThat(model.grid().comparable(List.copyOf(model.grid().rows()))).isTrue();
        assertThat(model.compare(List.copyOf(model.grid().rows()))).isPresent();
    }

    @Test
    void pastingNothingOrTextThatIsNotRowsSaysSoAndKeepsTheGrid() throws Exception {
        Path project = TinyProject.create(dir, List.of(TinyProject.config("1", "0")));
        MainViewModel model = model(new CurrentThreadTaskExecutor());
        assertThat(model.open(project)).isTrue();
        model.configLists().pasteRows("  ");
        model.configLists().pasteRows("UNROLL\tSPIN\tNOPE\n1\t2\t3");
        assertThat(dialogs.problems).hasSize(2);
        assertThat(dialogs.problems.getFirst()).startsWith("Nothing to paste");
        assertThat(model.grid().rows()).hasSize(1);
        model.configLists().pasteRows("UNROLL\tSPIN\n8\t0");
        assertThat(model.grid().rows()).hasSize(2);
    }

    @Test
    void importingAFileThatCannotBeReadNamesIt() {
        MainViewModel model = model(new CurrentThreadTaskExecutor());
        model.configLists().importConfigsFrom(dir.resolve("missing.json"));
        assertThat(dialogs.problems).singleElement().asString().startsWith("Cannot read missing.json");
    }

    @Test
    void selectingAConfigInAChartSelectsItsRowAndTheOtherWayRound() throws Exception {
        Path project = TinyProject.create(dir, List.of(TinyProject.config("1", "0"), TinyProject.config("2", "0"), TinyProject.config("4", "0")));
        MainViewModel model = model(new CurrentThreadTaskExecutor());
        assertThat(model.open(project)).isTrue();
        model.results().selectedProperty().set(3);
        assertThat(model.selectedProperty().get()).isSameAs(model.grid().rows().get(2));
        assertThat(model.editor().shownLabelProperty().get()).isEqualTo("No.3");
        model.selectNumber(1);
        assertThat(model.results().selectedProperty().get()).isEqualTo(1);
        model.selectedProperty().set(null);
        assertThat(model.results().selectedProperty().get()).isEqualTo(-1);
    }

    @Test
    void aBrushNarrowsTheGridToTheConfigsItKeepsAndClearingItShowsThemAll() throws Exception {
        Path project = TinyProject.create(dir, List.of(TinyProject.config("1", "0"), TinyProject.config("2", "0"), TinyProject.config("4", "0")));
        MainViewModel model = model(new CurrentThreadTaskExecutor());
        assertThat(model.open(project)).isTrue();
        var rows = model.grid().rows();
        model.results().brushedProperty().set(java.util.Set.of(1, 3));
        assertThat(rows.filtered(model.grid().shownProperty().get())).containsExactly(rows.get(0), rows.get(2));
        model.results().brushedProperty().set(null);
        assertThat(rows.filtered(model.grid().shownProperty().get())).hasSize(3);
    }

    @Test
    @IntegrationTest
    void aRunFillsTheResultsEveryViewShowsAndTheLatencyScaleFollowsTheirSpan() throws Exception {
        Path project = TinyProject.create(dir, List.of(TinyProject.config("1", "0"), TinyProject.config("1", "3000000")));
        MainViewModel model = model(new CurrentThreadTaskExecutor());
        assertThat(model.open(project)).isTrue();
        model.run(false);
        model.results().add(model.run().drain());
        assertThat(model.results().records()).hasSize(2);
        assertThat(model.results().numberOf(model.results().records().getFirst())).isBetween(1, 2);
        var medians = model.results().records().stream().map(r -> r.medianUs()).toList();
        // A spin of three million iterations against a few microseconds: a thousandfold, far beyond any noise.
        assertThat(java.util.Collections.max(medians)).isGreaterThan(10 * java.util.Collections.min(medians));
        assertThat(model.results().scale().log()).isTrue();
    }
}
