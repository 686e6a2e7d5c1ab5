package org.tuningworkbench.engine;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;

/** A short SHA-256 identity of some texts, order and boundaries included. */
public final class Fingerprint {
    private Fingerprint() {}

    public static String of(String... parts) {
        try {
            MessageDigest sha = MessageDigest.getInstance("SHA-256");
            for (String part : parts) {
                byte[] bytes = part.getBytes(StandardCharsets.UTF_8);
                sha.update(Integer.toString(bytes.length).getBytes(StandardCharsets.US_ASCII));
                sha.update((byte) 0);
                sha.update(bytes);
            }
            return HexFormat.of().formatHex(sha.digest()).substring(0, 32);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is part of every JDK", e);
        }
    }
}
