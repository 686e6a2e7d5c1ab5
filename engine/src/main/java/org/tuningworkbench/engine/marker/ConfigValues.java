package org.tuningworkbench.engine.marker;

import java.util.AbstractMap;
import java.util.AbstractSet;
import java.util.Iterator;
import java.util.Map;
import java.util.NoSuchElementException;
import java.util.Set;

/**
 * A config's values, parameter name to replacement text, in the order given; unmodifiable. One
 * instance is shared by everything that holds the same config (its {@link Config}, its records and
 * their copies): {@link #copyOf} returns a map that already is one as it is. A run of thousands of
 * trials keeps one small pair of arrays per config instead of a hash map in every record and config.
 *
 * <p>A config has a few parameters, so a look-up walks them. Values may be null (a record file may
 * say anything; reading it rejects those records with a message of its own).
 */
public final class ConfigValues extends AbstractMap<String, String> {

    private static final ConfigValues EMPTY = new ConfigValues(new String[0], new String[0]);

    private final String[] names;
    private final String[] values;
    /** {@link #key()}, made once: a trial asks for it many times (searches, the loop, records, the replayed space). */
    private String key;

    private ConfigValues(String[] names, String[] values) {
        this.names = names;
        this.values = values;
    }

    /** {@code map} as config values, in its order: itself when it already is. */
    public static ConfigValues copyOf(Map<String, String> map) {
        if (map instanceof ConfigValues values) return values;
        if (map.isEmpty()) return EMPTY;
        var names = new String[map.size()];
        var values = new String[map.size()];
        int i = 0;
        for (var e : map.entrySet()) {
            names[i] = java.util.Objects.requireNonNull(e.getKey(), "a parameter's name");
            values[i++] = e.getValue();
        }
        return new ConfigValues(names, values);
    }

    /**
     * The values' identity: {@code name=value} pairs sorted by name, joined by the unit separator
     * (U+001F), so the order they were given in does not matter.
     */
    public String key() {
        String made = key;
        if (made == null) {
            // Made the same by any thread that gets here first: a race costs a second making, never a wrong key.
            Integer[] order = new Integer[names.length];
            for (int i = 0; i < order.length; i++) order[i] = i;
            java.util.Arrays.sort(order, (a, b) -> names[a].compareTo(names[b]));
            var joined = new StringBuilder(16 * names.length);
            for (int i : order) {
                if (!joined.isEmpty()) joined.append('\u001f');
                joined.append(names[i]).append('=').append(values[i]);
            }
            made = joined.toString();
            key = made;
        }
        return made;
    }

    @Override
    public int size() {
        return names.length;
    }

    @Override
    public boolean containsKey(Object name) {
        return indexOf(name) >= 0;
    }

    @Override
    public String get(Object name) {
        int i = indexOf(name);
        return i < 0 ? null : values[i];
    }

    private int indexOf(Object name) {
        for (int i = 0; i < names.length; i++) {
            if (names[i].equals(name)) return i;
        }
        return -1;
    }

    @Override
    public Set<Entry<String, String>> entrySet() {
        return new AbstractSet<>() {
            @Override
            public int size() {
                return names.length;
            }

            @Override
            public Iterator<Entry<String, String>> iterator() {
                return new Iterator<>() {
                    private int next;

                    @Override
                    public boolean hasNext() {
                        return next < names.length;
                    }

                    @Override
                    public Entry<String, String> next() {
                        if (next >= names.length) throw new NoSuchElementException();
                        int i = next++;
                        return new SimpleImmutableEntry<>(names[i], values[i]);
                    }
                };
            }
        };
    }
}
