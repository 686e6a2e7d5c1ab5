package org.tuningworkbench.engine.space;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;
import java.util.Set;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

/**
 * Constraint strings made of the pieces people write (Python's and EvalEx's words, numbers, names,
 * brackets, stray characters) in any order: each is read, or refused with a message naming the
 * constraint; never another exception (which the command line reports as an internal error).
 */
class ConstraintFuzzTest {

    private static final Set<String> NAMES = Set.of("x", "y", "UNROLL");
    private static final List<String> PIECES = List.of("x", "y", "UNROLL", "n", "z", "1", "2", "8", "0", "-1", "1.5", "1e3", "1e", "0x10", ".5",
            " and ", " or ", "not ", " in ", " not in ", " is ", "&&", "||", "!", "==", "!=", "<", "<=", ">", ">=", "<>", "+", "-", "*", "/",
            "//", "%", "**", "^", "(", ")", "[", "]", ",", "'a'", "\"b\"", "'", "\"", "True", "False", "TRUE", "min(", "max(", "abs(",
            "IF(", "lambda", " if ", " else ", ":", ";", "=", "#", "\\", "$", "é", "\u0000", " ", "\t");

    @Provide
    Arbitrary<String> constraints() {
        return Arbitraries.of(PIECES).list().ofMinSize(0).ofMaxSize(12).map(pieces -> String.join("", pieces));
    }

    @Property(tries = 3000)
    void everyConstraintIsReadOrRefusedByName(@ForAll("constraints") String text) {
        Constraint c;
        try {
            c = Constraint.parse(text, NAMES, Map.of("n", 16L));
        } catch (IllegalArgumentException e) {
            assertThat(e.getMessage()).contains("constraint `" + text + "`");
            return;
        }
        for (var values : List.of(Map.of("x", "1", "y", "0", "UNROLL", "8"), Map.of("x", "a", "y", "-3", "UNROLL", "0"))) {
            c.allows(values);
            try {
                c.check(values);
            } catch (IllegalArgumentException e) {
                assertThat(e.getMessage()).contains("constraint `" + text + "`");
            }
        }
    }
}
