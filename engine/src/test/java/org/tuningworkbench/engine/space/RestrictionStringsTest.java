package org.tuningworkbench.engine.space;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** Kernel Tuner's restriction strings, written as in a Python script, read as constraints beside the EvalEx form. */
class RestrictionStringsTest {

    private static final Set<String> NAMES = Set.of("UNROLL", "x", "y", "layout");

    private static boolean allows(String text, Map<String, String> values) {
        Constraint c = Constraint.parse(text, NAMES, Map.of("n", 64L));
        c.check(values);
        return c.allows(values);
    }

    @Test
    void membershipInAListWhichEndedInAnInternalError() {
        assertThat(allows("UNROLL in [1, 2, 8]", Map.of("UNROLL", "2"))).isTrue();
        assertThat(allows("UNROLL in [1, 2, 8]", Map.of("UNROLL", "4"))).isFalse();
        assertThat(allows("UNROLL not in (1, 2, 8)", Map.of("UNROLL", "4"))).isTrue();
        assertThat(allows("layout in ['row', \"col\"]", Map.of("layout", "col"))).isTrue();
    }

    @Test
    void pythonsWordsAndOperatorsKeepPythonsMeaning() {
        Map<String, String> v = Map.of("x", "4", "y", "7");
        assertThat(allows("x > 1 and not y < 5 or False", v)).isTrue();
        assertThat(allows("1 <= x <= 8", v)).isTrue();
        assertThat(allows("1 <= y <= 6", v)).isFalse();
        assertThat(allows("x ** 2 == 16 and y // 2 == 3 and y % x == 3", v)).isTrue();
        assertThat(allows("-x ** 2 == -16", v)).isTrue();
        assertThat(allows("2 ** 3 ** 2 == 512", v)).isTrue();
        assertThat(allows("x * y <= n and True", v)).isTrue();
        assertThat(allows("min(x, y) == 4 and max(x, y) == 7", v)).isTrue();
    }

    @Test
    void theEvalExFormKeepsWorking() {
        Map<String, String> v = Map.of("x", "4", "y", "7");
        assertThat(allows("x > 1 && !(y < 5) || false", v)).isTrue();
        assertThat(allows("x^2 == 16", v)).isTrue();
        assertThat(allows("IF(x > 1, y == 7, FALSE)", v)).isTrue();
    }

    @Test
    void aConstraintThatCannotBeReadNamesItselfAndTheColumn() {
        assertThatThrownBy(() -> Constraint.parse("x in 3", NAMES, Map.of()))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("constraint `x in 3` cannot be read at column 6: `in` must be followed by a list of values, such as [1, 2, 8]");
        assertThatThrownBy(() -> Constraint.parse("(x > 1", NAMES, Map.of()))
                .hasMessageContaining("column 7").hasMessageContaining("never closed");
        assertThatThrownBy(() -> Constraint.parse("x > 1 and", NAMES, Map.of())).hasMessageContaining("constraint `x > 1 and`");
        assertThatThrownBy(() -> Constraint.parse("x in [1, z]", NAMES, Map.of())).hasMessageContaining("names `z`");
    }
}
