package org.tuningworkbench.engine.record;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JavaType;
import com.fasterxml.jackson.databind.introspect.BeanPropertyDefinition;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * docs/records.md's field table of schema 2 says what every field of a record line is: it must
 * name every field the record types write, and nothing they do not. A field documented as a whole
 * (an object such as {@code config} or {@code verification}) covers what it holds; otherwise each
 * of its fields is a row ({@code timing.samples_us}).
 */
class RecordsDocTest {

    private static final Path DOC = Path.of("..", "docs", "records.md");
    private static final Pattern NAME = Pattern.compile("`([a-z_][a-z0-9_.]*)`");

    @Test
    void theFieldTableNamesEveryFieldARecordWritesAndNoOther() throws Exception {
        Set<String> documented = documented(Files.readString(DOC));
        Set<String> written = new TreeSet<>();
        for (BeanPropertyDefinition property : properties(RecordFile.JSON.constructType(TuningRecord.class))) {
            String name = property.getName();
            JavaType type = property.getPrimaryType();
            boolean ours = type.getRawClass().getName().startsWith("org.tuningworkbench.") && !type.isEnumType();
            if (documented.contains(name) || !ours) {
                written.add(name);
                continue;
            }
            for (BeanPropertyDefinition inner : properties(type)) written.add(name + "." + inner.getName());
        }
        assertThat(written).as("fields the records write that docs/records.md's table does not name").isSubsetOf(documented);
        assertThat(documented).as("fields docs/records.md's table names that no record writes").isSubsetOf(written);
    }

    /** The field names of the schema 2 table's first column; `a.b`, `c` in one cell is `a.b` and `a.c`. */
    static Set<String> documented(String doc) {
        int start = doc.indexOf("## Schema 2");
        int end = doc.indexOf("\n## ", start + 1);
        var out = new LinkedHashSet<String>();
        for (String line : doc.substring(start, end < 0 ? doc.length() : end).split("\n")) {
            if (!line.startsWith("| `")) continue;
            String cell = line.substring(1, line.indexOf('|', 1));
            String prefix = "";
            Matcher m = NAME.matcher(cell);
            while (m.find()) {
                String name = m.group(1);
                if (name.contains(".")) prefix = name.substring(0, name.lastIndexOf('.') + 1);
                out.add(name.contains(".") ? name : prefix + name);
            }
        }
        return out;
    }

    private static List<BeanPropertyDefinition> properties(JavaType type) {
        return new ArrayList<>(RecordFile.JSON.getSerializationConfig().introspect(type).findProperties());
    }
}
