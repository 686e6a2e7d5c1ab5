package org.tuningworkbench.engine.record;

/**
 * What makes two measurements the same: a record with an equal key is not measured again.
 *
 * @param config the config's identity ({@link org.tuningworkbench.engine.marker.Config#key()})
 */
public record RecordKey(String sourceHash, String setupHash, String toolchain, String device, String config) {}
