package org.tuningworkbench.app.run;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.tuningworkbench.engine.project.SearchSettings;
import org.tuningworkbench.engine.search.Budget;
import org.tuningworkbench.engine.search.Order;

/** The run panel's search: a budget nobody gave follows the strategy, as the command line's --strategy does. */
class RunSettingsViewModelTest {

    private final RunSettingsViewModel settings = new RunSettingsViewModel();

    @Test
    void aSpacesDefaultBudgetFollowsTheStrategySoTheGridWalksEveryConfig() {
        settings.loadSearch(SearchSettings.defaultFor(true).forSpace(), true);
        assertThat(settings.strategyProperty().get()).isEqualTo("model");
        assertThat(settings.budgetProperty().get()).isEqualTo(SearchSettings.SPACE_SEARCH_TRIALS);
        settings.strategyProperty().set("grid");
        assertThat(settings.budgetProperty().get()).as("no limit").isZero();
        settings.strategyProperty().set("random");
        assertThat(settings.budgetProperty().get()).isEqualTo(SearchSettings.SPACE_SEARCH_TRIALS);
        // A budget the person sets stays, whatever the strategy.
        settings.budgetProperty().set(50);
        settings.strategyProperty().set("grid");
        assertThat(settings.budgetProperty().get()).isEqualTo(50);
    }

    @Test
    void aBudgetTheProjectGaveStaysAndListedConfigsKeepNoLimit() {
        settings.loadSearch(new SearchSettings("model", 1, Budget.trials(10), Order.SHUFFLED), true);
        settings.strategyProperty().set("grid");
        assertThat(settings.budgetProperty().get()).isEqualTo(10);

        settings.loadSearch(SearchSettings.defaultFor(false), false);
        assertThat(settings.budgetProperty().get()).isZero();
        settings.strategyProperty().set("model");
        assertThat(settings.budgetProperty().get()).as("listed configs: every one of them").isZero();
    }
}
