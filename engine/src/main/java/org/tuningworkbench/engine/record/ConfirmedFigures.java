package org.tuningworkbench.engine.record;

import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.annotation.JsonNaming;
import java.util.List;
import org.tuningworkbench.engine.project.Objective;
import org.tuningworkbench.engine.stats.SampleStatistics;

/**
 * What a run's closing confirmation measured of one config, the {@code confirmation} of a record
 * (documented in {@code docs/records.md}): the config measured again in interleaved rounds, each in a
 * fresh process, and its rank among the configs measured beside it by the objective's value.
 * Once the confirmation is done, each config it measured is written again, its search record with
 * these figures added: a reader that does not know them reads the same measurement twice, the later
 * standing for the config.
 *
 * @param at             when the confirmation ended (ISO 8601, UTC); the lines one confirmation writes share it
 * @param objective      the objective it ranked by: {@code time}, or the name of one of the project's metrics
 * @param higherIsBetter true when that objective's higher values are better; absent otherwise
 * @param rank           1-based rank among the configs measured again, by {@code value}
 * @param searchRank     1-based rank among them by the search's samples
 * @param top            how many configs were measured again
 * @param roundMediansUs each round's median time per call, µs (wall time)
 * @param roundValues    each round's value of the objective (for time, µs: the kernels' own time where timed apart)
 * @param medianUs       the median of {@code roundMediansUs}
 * @param value          the median of {@code roundValues}: the config's confirmed value of the objective
 */
@JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
@JsonInclude(JsonInclude.Include.NON_NULL)
public record ConfirmedFigures(String at, String objective, Boolean higherIsBetter, int rank, int searchRank, int top,
                               List<Double> roundMediansUs, List<Double> roundValues, double medianUs, double value) {

    public ConfirmedFigures {
        roundMediansUs = roundMediansUs == null ? List.of() : List.copyOf(roundMediansUs);
        roundValues = roundValues == null ? List.of() : List.copyOf(roundValues);
        if (!Boolean.TRUE.equals(higherIsBetter)) higherIsBetter = null;
    }

    /** Figures of a confirmation that ranked by {@code by}. */
    public static ConfirmedFigures of(String at, Objective by, int rank, int searchRank, int top, List<Double> roundMediansUs,
                                      List<Double> roundValues, double medianUs, double value) {
        return new ConfirmedFigures(at, by.name(), by.higherIsBetter(), rank, searchRank, top, roundMediansUs, roundValues, medianUs, value);
    }

    /** Whether the confirmation ranked by {@code objective}: its figures rank only by the objective they were measured for. */
    public boolean ranks(Objective objective) {
        return objective.name().equals(this.objective) && objective.higherIsBetter() == Boolean.TRUE.equals(higherIsBetter);
    }

    /** The objective it ranked by. */
    @JsonIgnore
    public Objective rankedBy() {
        return new Objective(objective, Boolean.TRUE.equals(higherIsBetter));
    }

    /** The statistics of the rounds' medians, what a confirmed config's min, spread and noise are of; null without a round. */
    @JsonIgnore
    public SampleStatistics roundStatistics() {
        return roundMediansUs.isEmpty() ? null : SampleStatistics.of(roundMediansUs.stream().mapToDouble(Double::doubleValue).toArray());
    }

    /** How many rounds measured the config. */
    @JsonIgnore
    public int rounds() {
        return roundMediansUs.size();
    }

    /** Why these figures cannot be read as a confirmation's, or null when they can: a line read back from a file may say anything. */
    String problem() {
        if (at == null || objective == null) return "its confirmation says neither when it was made nor what it ranked by";
        if (top < 1 || rank < 1 || rank > top || searchRank < 1 || searchRank > top) {
            return "its confirmation's rank " + rank + " (search rank " + searchRank + ") is not one of its " + top + " configs";
        }
        if (!(medianUs > 0) || !Double.isFinite(medianUs)) return "its confirmed median " + medianUs + " µs is not a time (times are positive and finite)";
        if (!Double.isFinite(value)) return "its confirmed value " + value + " of " + objective + " is not a number";
        return null;
    }
}
