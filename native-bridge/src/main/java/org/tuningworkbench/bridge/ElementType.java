package org.tuningworkbench.bridge;

import java.util.Arrays;
import java.util.Locale;
import java.util.Optional;

/**
 * The element types a kernel buffer can hold, with their C spelling and .npy descriptor.
 *
 * <p>{@code f16} is C's {@code _Float16}, saved as numpy's {@code <f2}. {@code bf16} is the harness's
 * {@code tw_bf16}: {@code __bf16} where the compiler has it (gcc 13 and later on x86, gcc 12 only
 * on Arm), otherwise {@code uint16_t} holding the raw bits; the launcher passes it to a kernel
 * declared with either. numpy has no bfloat16, so a bf16 buffer is saved as its raw bits,
 * {@code <u2} (read them back with {@code a.view(ml_dtypes.bfloat16)}, or as float32 with
 * {@code (a.astype(np.uint32) << 16).view(np.float32)}).
 */
public enum ElementType {
    F16("_Float16", 2, "<f2", true),
    BF16("tw_bf16", 2, "<u2", true),
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

    /** Whether the type is one of the 16-bit floats, which have tolerances of their own. */
    public boolean halfPrecision() { return this == F16 || this == BF16; }

    /** The name used in project files: f16, bf16, f32, f64, i32, i64, i8, u8. */
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
