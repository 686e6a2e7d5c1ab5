package org.tuningworkbench.engine.record;

import org.tuningworkbench.engine.marker.Config;

/**
 * What makes two measurements the same: a record with an equal key is not measured again.
 *
 * @param config the config's identity ({@link Config#key()})
 */
public record RecordKey(String sourceHash, String setupHash, String toolchain, String device, String config) {}
