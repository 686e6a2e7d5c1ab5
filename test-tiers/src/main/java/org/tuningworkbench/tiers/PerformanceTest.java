package org.tuningworkbench.tiers;

import java.lang.annotation.ElementType;
import java.lang.annotation.Inherited;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import org.junit.jupiter.api.Tag;

/**
 * A test that times something and writes its figures ({@link PerformanceFigures}), asserting only
 * that they are sane (a shared host's timings are no pass mark): tagged {@code performance}, left
 * out by {@code ./workbench test --fast}.
 */
@Target({ElementType.TYPE, ElementType.METHOD})
@Retention(RetentionPolicy.RUNTIME)
@Inherited
@Tag(Tiers.PERFORMANCE)
@net.jqwik.api.Tag(Tiers.PERFORMANCE)
public @interface PerformanceTest {}
