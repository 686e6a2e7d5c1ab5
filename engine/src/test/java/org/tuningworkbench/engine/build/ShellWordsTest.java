package org.tuningworkbench.engine.build;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import org.junit.jupiter.api.Test;

class ShellWordsTest {

    @Test
    void splitsAsTheShellDoesWithoutExpanding() {
        assertThat(ShellWords.split("sh 'a b'/c.sh \"$X\"\\ y -I inc;make -f x.mk")).containsExactly("sh", "a b/c.sh", "$X y", "-I", "inc", ";",
                "make", "-f", "x.mk");
    }

    /** Whatever a word holds, the shell reads its quoted form back as that one word. */
    @Property(tries = 500)
    void aQuotedWordIsReadBackAsItself(@ForAll String word) {
        assertThat(ShellWords.split(ShellWords.quote(word))).isEqualTo(List.of(word));
    }
}
