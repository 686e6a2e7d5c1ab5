package org.tuningworkbench.bridge;

import java.util.Arrays;
import java.util.Locale;
import java.util.Optional;

/** The element types a kernel buffer can hold, with their C spelling and .npy descriptor. */
public enum ElementType {
    F32("float", 4, "<f4", true),
    F64("double", 8, "<f8", true),
    I32("int32_t", 4, "<i4", false),
    I64("int64_t", 8, "<i8", false),
    I8("int8_t", 1, "|i1", false),
    U8("uint8_t", 1, "|u1", false);

    private final String cType;
    private final int bytes;
    private final String npyDescr;
    private final boolean floating;

    ElementType(String cType, int bytes, String npyDescr, boolean floating) {
        this.cType = cType;
        this.bytes = bytes;
        this.npyDescr = npyDescr;
        this.floating = floating;
    }

    public String cType() { return cType; }
    public int bytes() { return bytes; }
    public String npyDescr() { return npyDescr; }
    public boolean floating() { return floating; }

    /** The name used in project files: f32, f64, i32, i64, i8, u8. */
    public String projectName() { return name().toLowerCase(Locale.ROOT); }

    /** The harness's TW_* constant for this type. */
    String harnessKind() { return "TW_" + name(); }

    public static Optional<ElementType> fromProjectName(String name) {
        return Arrays.stream(values()).filter(t -> t.projectName().equals(name)).findFirst();
    }

    /** Accepts both the explicit little-endian form ({@code <f4}) and the byte-order-free one ({@code |i1}). */
    public static Optional<ElementType> fromNpyDescr(String descr) {
        String normal = descr.replace('=', '<');
        return Arrays.stream(values())
                .filter(t -> t.npyDescr.equals(normal) || t.npyDescr.substring(1).equals(normal.substring(1)) && t.bytes == 1)
                .findFirst();
    }
}
