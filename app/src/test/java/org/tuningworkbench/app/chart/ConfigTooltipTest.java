package org.tuningworkbench.app.chart;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.tuningworkbench.app.configs.ConfigRow;
import org.tuningworkbench.app.configs.Figures;
import org.tuningworkbench.engine.analysis.Claims;
import org.tuningworkbench.engine.project.Objective;
import org.tuningworkbench.engine.record.ConfirmedFigures;
import org.tuningworkbench.engine.record.Status;
import org.tuningworkbench.engine.record.TuningRecord;

class ConfigTooltipTest {

    @Test
    void aConfirmedConfigsTooltipSaysTheFigureTheGridAndTheStatusBarSay() {
        // The search sampled it at 18.73 ms; the confirmation's rounds put it at 18.62 ms, the figure the grid's Median column
        // and the status bar's "best No.7 at 18.62 ms confirmed" say. Its tooltip said 18.73 ms alone.
        var searched = TuningRecord.of(Map.of("BM", "128"), Status.OK, List.of(18_680.0, 18_734.0, 18_870.0));
        var rounds = List.of(18_500.0, 18_624.0, 18_690.0);
        var confirmed = searched.confirmed(ConfirmedFigures.of("t", Objective.TIME, 1, 3, 3, rounds, rounds, 18_624.0, 18_624.0));
        var row = new ConfigRow(Map.of("BM", "128"));
        row.setRecord(confirmed, null);
        String tip = ConfigTooltip.of(7, confirmed, "");
        assertThat(tip).contains("confirmed median " + Figures.micros(row.standingMedianUs()) + ": rank 1 measured again in 3 rounds")
                .contains("search: median " + Figures.micros(18_734.0))
                .contains("CV " + Figures.percent(Claims.cvOf(confirmed)));
        // A config measured once says its figures as before.
        assertThat(ConfigTooltip.of(3, searched, null)).contains("median " + Figures.micros(18_734.0)).doesNotContain("search:", "confirmed");
    }
}
