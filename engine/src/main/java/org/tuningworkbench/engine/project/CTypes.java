package org.tuningworkbench.engine.project;

import java.util.Map;
import java.util.Optional;

/**
 * The range of C's integer types on the platforms the workbench builds for (LP64: long is 64
 * bits). A scalar argument is written into the launcher as a literal; one out of its type's range
 * would be silently truncated by the compiler ({@code int} 2^32 + 64 becomes 64), so it is refused.
 */
final class CTypes {

    record Range(long min, long max) {
        boolean contains(long v) {
            return v >= min && v <= max;
        }
    }

    private static final Range I8 = new Range(Byte.MIN_VALUE, Byte.MAX_VALUE);
    private static final Range U8 = new Range(0, 255);
    private static final Range I16 = new Range(Short.MIN_VALUE, Short.MAX_VALUE);
    private static final Range U16 = new Range(0, 65535);
    private static final Range I32 = new Range(Integer.MIN_VALUE, Integer.MAX_VALUE);
    private static final Range U32 = new Range(0, 0xFFFF_FFFFL);
    private static final Range I64 = new Range(Long.MIN_VALUE, Long.MAX_VALUE);
    /** Whole numbers of a project are Java longs, so an unsigned 64-bit type takes what a long holds from 0. */
    private static final Range U64 = new Range(0, Long.MAX_VALUE);

    private static final Map<String, Range> RANGES = Map.ofEntries(
            Map.entry("char", I8), Map.entry("signed char", I8), Map.entry("unsigned char", U8), Map.entry("int8_t", I8), Map.entry("uint8_t", U8),
            Map.entry("short", I16), Map.entry("short int", I16), Map.entry("unsigned short", U16), Map.entry("int16_t", I16), Map.entry("uint16_t", U16),
            Map.entry("int", I32), Map.entry("signed", I32), Map.entry("signed int", I32), Map.entry("int32_t", I32),
            Map.entry("unsigned", U32), Map.entry("unsigned int", U32), Map.entry("uint32_t", U32),
            Map.entry("long", I64), Map.entry("long int", I64), Map.entry("long long", I64), Map.entry("int64_t", I64), Map.entry("ptrdiff_t", I64),
            Map.entry("ssize_t", I64), Map.entry("unsigned long", U64), Map.entry("unsigned long long", U64), Map.entry("uint64_t", U64),
            Map.entry("size_t", U64));

    private CTypes() {}

    /** The range of an integer type as a project spells it ({@code const int} included); empty for other types. */
    static Optional<Range> range(String cType) {
        String plain = cType.replaceAll("\\b(const|volatile)\\b", "").replaceAll("\\s+", " ").strip();
        return Optional.ofNullable(RANGES.get(plain));
    }
}
