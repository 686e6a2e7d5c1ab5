package org.tuningworkbench.engine.project;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import org.tuningworkbench.engine.marker.Config;
import org.tuningworkbench.engine.space.Parameter;
import org.tuningworkbench.engine.space.SearchSpace;

/**
 * The configs a tuning may try: those listed by hand ({@code [[configs]]}) and the space ({@code [space]}).
 *
 * @param listed the configs listed by hand, in order
 * @param space  the space of parameters and constraints, when the project gives one
 */
public record Candidates(List<Config> listed, Optional<SearchSpace> space) {

    public Candidates {
        listed = List.copyOf(listed);
    }

    /** Only the configs listed by hand. */
    public static Candidates listed(List<Config> configs) {
        return new Candidates(configs, Optional.empty());
    }

    /** Only a space. */
    public static Candidates space(SearchSpace space) {
        return new Candidates(List.of(), Optional.of(space));
    }

    /** The same space with {@code value} as the listed configs. */
    public Candidates withListed(List<Config> value) {
        return new Candidates(value, space);
    }

    /**
     * Every parameter the project tunes: the space's, then those only the listed configs set (as
     * text values, in the order first seen).
     */
    public List<Parameter> parameters() {
        var out = new ArrayList<Parameter>(space.map(SearchSpace::parameters).orElse(List.of()));
        var only = new LinkedHashMap<String, LinkedHashSet<String>>();
        for (Config c : listed) {
            c.values().forEach((k, v) -> {
                if (out.stream().noneMatch(p -> p.name().equals(k))) only.computeIfAbsent(k, x -> new LinkedHashSet<>()).add(v);
            });
        }
        only.forEach((k, v) -> out.add(Parameter.of(k, List.copyOf(v))));
        return out;
    }

    /** The configs a search may choose from: the space, or the listed configs when there is no space. */
    public SearchSpace searchSpace() {
        return space.orElseGet(() -> SearchSpace.listed(parameters(), listed));
    }
}
