package org.tuningworkbench.tiers;

/**
 * The test tiers' tags. A test with none of them is a unit test: no compiler, no kernel, no window,
 * no other process it waits on; {@code ./workbench test --fast} runs those alone (the {@code fast}
 * profile of the root pom.xml excludes the three tags below), {@code ./workbench test} runs every tier.
 * Each tier's annotation carries both JUnit Jupiter's tag and jqwik's, so it sorts {@code @Test} and
 * {@code @Property} methods alike.
 */
public final class Tiers {
    private Tiers() {}

    /** Compiles or runs kernels: {@link IntegrationTest}. */
    public static final String INTEGRATION = "integration";
    /** The window, a browser, a cluster: {@link SystemTest}. */
    public static final String SYSTEM = "system";
    /** Times something and writes the figures: {@link PerformanceTest}. */
    public static final String PERFORMANCE = "performance";
}
