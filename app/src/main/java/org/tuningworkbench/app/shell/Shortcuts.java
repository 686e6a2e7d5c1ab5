package org.tuningworkbench.app.shell;

/** The keyboard shortcuts, as the help shows them (the README lists the same). */
final class Shortcuts {
    private Shortcuts() {}

    static final String TEXT = """
            Ctrl+R            Run every config (saves first)
            Esc               Stop the run (finished records are kept)
            Ctrl+Shift+R      Resume (measure only what is not recorded)
            Ctrl+D            Compare the two selected configs
            Ctrl+Shift+A      Apply the best config to the source
            Ctrl+S            Save the kernel and the project
            Ctrl+O            Open a project or a kernel file
            Ctrl+P            Edit the project file (arguments, sizes, golden, build)
            Ctrl+F            Find in the source
            Ctrl+Z / Ctrl+Y   Undo / redo
            Ctrl+Shift+N      Add a config row
            Ctrl+Shift+V      Paste rows (tab-separated)
            Ctrl+G            Generate rows from value lists
            Ctrl+I            Import configs
            Ctrl+T            Dark theme on or off
            F1                This list""";
}
