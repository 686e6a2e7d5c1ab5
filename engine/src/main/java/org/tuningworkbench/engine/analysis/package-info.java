/**
 * Why some configs are fast: pure computations over a run's records (a project's record file or a
 * recorded space of tens of thousands of configs) that the window's views and the HTML report draw.
 * Nothing here measures, draws or imports a UI toolkit, and nothing is quadratic in the number of
 * records.
 *
 * <ul>
 *   <li>{@link Results}: the records and their parameters, the
 *       input of every analysis;</li>
 *   <li>{@link ParameterEffect}: each parameter's latency
 *       distribution per value, the others free or fixed at the best config's values;</li>
 *   <li>{@link HeatMap}: two parameters, best or median latency
 *       per cell;</li>
 *   <li>{@link ParallelCoordinates}: every config as a line
 *       through normalised parameter axes to its latency;</li>
 *   <li>{@link Roofline}: arithmetic intensity and achieved
 *       GFLOP/s under the machine's measured {@link Ceilings};</li>
 *   <li>{@link LatencySpan}: whether the latencies span enough
 *       to be shown on a log scale.</li>
 * </ul>
 */
package org.tuningworkbench.engine.analysis;
