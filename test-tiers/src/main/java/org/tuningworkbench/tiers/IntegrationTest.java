package org.tuningworkbench.tiers;

import java.lang.annotation.ElementType;
import java.lang.annotation.Inherited;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import org.junit.jupiter.api.Tag;

/**
 * A test that compiles or runs kernels (a C compiler, the harness, an OpenCL driver): tagged
 * {@code integration}, left out by {@code ./workbench test --fast}.
 */
@Target({ElementType.TYPE, ElementType.METHOD})
@Retention(RetentionPolicy.RUNTIME)
@Inherited
@Tag(Tiers.INTEGRATION)
@net.jqwik.api.Tag(Tiers.INTEGRATION)
public @interface IntegrationTest {}
