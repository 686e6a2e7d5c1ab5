package org.tuningworkbench.bench;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Locale;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;

/**
 * The window's start-up and idle cost, measured from outside as a person sees it: {@code ./workbench
 * PROJECT} is started on an X display (a private Xvfb when there is none); its first frame is the
 * moment its window on the screen holds a drawn picture (read back with {@code xwd}: a window that is
 * mapped but not yet drawn is one flat colour), the project is open when the window's title names it,
 * and the CPU the window's process uses while nothing changes, after it settled, is its idle cost. The
 * first start after a build records the ahead-of-time cache's class list and the second assembles it,
 * so several starts are made and each is reported.
 *
 * @param workbench the {@code workbench} script
 * @param project   the project the window opens
 */
public record WindowStart(Path workbench, Path project, int starts, double settleS, double idleS, Consumer<String> log) {

    public static final double FIRST_FRAME_GOAL_S = 2;
    public static final double IDLE_GOAL_PERCENT = 1;
    private static final String TITLE = "Tuning Workbench";
    /** A drawn window has text, borders and anti-aliased edges; an undrawn one has one colour. */
    private static final int DRAWN_COLOURS = 16;

    /** Why the window cannot be measured here, or null when it can. */
    public static String unavailable(Path workbench) {
        if (!Files.isExecutable(workbench)) return "no workbench script at " + workbench;
        if (!onPath("xwininfo")) return "xwininfo is not installed (apt-get install x11-utils)";
        if (!onPath("xwd")) return "xwd is not installed (apt-get install x11-apps)";
        if (System.getenv("DISPLAY") == null && !onPath("Xvfb")) return "no display and no Xvfb (apt-get install xvfb)";
        return null;
    }

    public BenchReport.Window measure() throws IOException, InterruptedException {
        Process xvfb = null;
        String display = System.getenv("DISPLAY");
        try {
            if (display == null) {
                display = freeDisplay();
                xvfb = new ProcessBuilder("Xvfb", display, "-screen", "0", "1400x900x24", "-nolisten", "tcp")
                        .redirectErrorStream(true).redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
                waitForDisplay(display);
            }
            var firstFrameS = new ArrayList<Double>();
            var projectOpenS = new ArrayList<Double>();
            var idlePercent = new ArrayList<Double>();
            for (int i = 1; i <= starts; i++) {
                double[] start = start(display);
                firstFrameS.add(start[0]);
                projectOpenS.add(start[1]);
                idlePercent.add(start[2]);
                log.accept(String.format(Locale.ROOT, "   window start %d: first frame after %.2f s, project open after %.2f s, then %.2f%% of a core while idle (%.0f s)",
                        i, start[0], start[1], start[2], idleS));
            }
            return new BenchReport.Window(display, firstFrameS, projectOpenS, idlePercent, FIRST_FRAME_GOAL_S, IDLE_GOAL_PERCENT);
        } finally {
            if (xvfb != null) {
                xvfb.destroy();
                xvfb.waitFor(5, TimeUnit.SECONDS);
            }
        }
    }

    /** One start: seconds to the first drawn frame, seconds to the project open, then the idle share of a core in percent. */
    private double[] start(String display) throws IOException, InterruptedException {
        var builder = new ProcessBuilder(workbench.toString(), project.toString())
                .redirectErrorStream(true).redirectOutput(ProcessBuilder.Redirect.DISCARD);
        builder.environment().put("DISPLAY", display);
        builder.environment().put("WORKBENCH_UNDER_XVFB", "1");
        long t0 = System.nanoTime();
        Process window = builder.start();
        try {
            String id;
            while ((id = viewable(display)) == null) waitOn(window, t0, "shown", 20);
            // A dump of the whole window is megabytes: read back less often, so the reading takes little from the window it times.
            while (colours(display, id) < DRAWN_COLOURS) waitOn(window, t0, "drawn", 50);
            double firstFrameS = (System.nanoTime() - t0) / 1e9;
            while (!namesAProject(xwininfo(display, "-id", id))) waitOn(window, t0, "showing the project", 20);
            double projectOpenS = (System.nanoTime() - t0) / 1e9;
            Thread.sleep((long) (settleS * 1000));
            // The script execs java, so its process is the window's.
            double cpu0 = CpuTime.ms(window.pid());
            long w0 = System.nanoTime();
            Thread.sleep((long) (idleS * 1000));
            double cpu1 = CpuTime.ms(window.pid());
            double wallMs = (System.nanoTime() - w0) / 1e6;
            return new double[] {firstFrameS, projectOpenS, 100 * (cpu1 - cpu0) / wallMs};
        } finally {
            window.destroy(); // an orderly exit, so the first start still writes the ahead-of-time class list
            if (!window.waitFor(20, TimeUnit.SECONDS)) window.destroyForcibly().waitFor();
        }
    }

    private static void waitOn(Process window, long t0, String what, long pollMs) throws IOException, InterruptedException {
        if (!window.isAlive()) throw new IOException("the window exited (code " + window.exitValue() + ") before it was " + what);
        if (System.nanoTime() - t0 > TimeUnit.SECONDS.toNanos(120)) throw new IOException("the window was not " + what + " after 120 s");
        Thread.sleep(pollMs);
    }

    /** The id of the workbench's window once it is mapped and viewable (a window exists, unmapped, before it is shown), else null. */
    private static String viewable(String display) throws IOException, InterruptedException {
        for (String id : windowIds(xwininfo(display, "-root", "-tree"))) {
            if (xwininfo(display, "-id", id).contains("Map State: IsViewable")) return id;
        }
        return null;
    }

    /** Whether the window's title, as {@code xwininfo -id} prints it, names a project before the application's name. */
    static boolean namesAProject(String info) {
        int quote = info.indexOf('"');
        return quote >= 0 && info.indexOf(TITLE + "\"", quote) > quote + 1;
    }

    /** How many colours the window's picture on the screen holds (a sample of its pixels), up to {@link #DRAWN_COLOURS}. */
    private static int colours(String display, String id) throws IOException, InterruptedException {
        Process p = new ProcessBuilder("xwd", "-display", display, "-id", id, "-silent").redirectError(ProcessBuilder.Redirect.DISCARD).start();
        byte[] dump = p.getInputStream().readAllBytes();
        p.waitFor();
        return XwdColours.count(dump, 61, DRAWN_COLOURS);
    }

    /** The ids of the windows {@code xwininfo -root -tree} lists with the workbench's title (it ends with the application's name). */
    static java.util.List<String> windowIds(String tree) {
        return tree.lines().map(String::strip).filter(l -> l.startsWith("0x") && l.contains(TITLE + "\""))
                .map(l -> l.substring(0, l.indexOf(' '))).toList();
    }

    private static String xwininfo(String display, String... what) throws IOException, InterruptedException {
        var command = new ArrayList<String>(java.util.List.of("xwininfo", "-display", display));
        command.addAll(java.util.List.of(what));
        Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), java.nio.charset.StandardCharsets.UTF_8);
        p.waitFor();
        return out;
    }

    private static void waitForDisplay(String display) throws IOException, InterruptedException {
        for (int i = 0; i < 250; i++) {
            if (xwininfo(display, "-root").contains("Window id")) return;
            Thread.sleep(20);
        }
        throw new IOException("Xvfb did not start on " + display);
    }

    private static String freeDisplay() throws IOException {
        for (int n = 90; n < 140; n++) {
            if (!Files.exists(Path.of("/tmp/.X11-unix/X" + n)) && !Files.exists(Path.of("/tmp/.X" + n + "-lock"))) return ":" + n;
        }
        throw new IOException("no free X display number between :90 and :139");
    }

    private static boolean onPath(String command) {
        String path = System.getenv().getOrDefault("PATH", "");
        for (String dir : path.split(java.io.File.pathSeparator)) {
            if (!dir.isEmpty() && Files.isExecutable(Path.of(dir, command))) return true;
        }
        return false;
    }
}
