package org.tuningworkbench.tiers;

import java.lang.annotation.ElementType;
import java.lang.annotation.Inherited;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import org.junit.jupiter.api.Tag;

/**
 * A test of the system from outside: the window (TestFX), a report in a real browser, tuning through
 * an SSH or Slurm target: tagged {@code system}, left out by {@code ./workbench test --fast}.
 */
@Target({ElementType.TYPE, ElementType.METHOD})
@Retention(RetentionPolicy.RUNTIME)
@Inherited
@Tag(Tiers.SYSTEM)
@net.jqwik.api.Tag(Tiers.SYSTEM)
public @interface SystemTest {}
