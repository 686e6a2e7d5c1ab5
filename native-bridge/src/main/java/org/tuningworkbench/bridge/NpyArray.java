package org.tuningworkbench.bridge;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** A C-ordered, little-endian array in NumPy's .npy format: how buffers cross between Java and native code. */
public record NpyArray(ElementType type, List<Long> shape, ByteBuffer data) {

    private static final byte[] MAGIC = {(byte) 0x93, 'N', 'U', 'M', 'P', 'Y'};
    private static final Pattern DESCR = Pattern.compile("'descr'\\s*:\\s*'([^']+)'");
    private static final Pattern FORTRAN = Pattern.compile("'fortran_order'\\s*:\\s*(True|False)");
    private static final Pattern SHAPE = Pattern.compile("'shape'\\s*:\\s*\\(([^)]*)\\)");

    public NpyArray {
        shape = List.copyOf(shape);
        data = data.duplicate().order(ByteOrder.LITTLE_ENDIAN);
    }

    public long elements() {
        return shape.stream().reduce(1L, Math::multiplyExact);
    }

    /** Element {@code i} widened to double, whatever the element type. */
    public double get(long i) {
        int at = Math.toIntExact(i * type.bytes());
        return switch (type) {
            case F16 -> Float.float16ToFloat(data.getShort(at));
            case BF16 -> Float.intBitsToFloat((data.getShort(at) & 0xffff) << 16);
            case F32 -> data.getFloat(at);
            case F64 -> data.getDouble(at);
            case I32 -> data.getInt(at);
            case I64 -> data.getLong(at);
            case I8 -> data.get(at);
            case U8 -> data.get(at) & 0xff;
        };
    }

    /** An f32 array's elements in place, element {@code i} at index {@code i}. */
    public java.nio.FloatBuffer floatView() {
        if (type != ElementType.F32) throw new IllegalStateException("the array holds " + type + ", not f32");
        return data.duplicate().order(ByteOrder.LITTLE_ENDIAN).position(0).asFloatBuffer();
    }

    /** The most bytes of data read into memory: a Java array holds at most 2^31 - 1. */
    public static final long MAX_DATA_BYTES = Integer.MAX_VALUE - 64;

    /** The most bytes a .npy header may take; numpy writes a few hundred at most. */
    private static final int MAX_HEADER_BYTES = 1 << 16;

    /**
     * What a .npy file holds, from its header alone: nothing of its data is read.
     *
     * @param dataStart where the data begins
     */
    public record Header(ElementType type, List<Long> shape, long dataStart, long dataBytes) {}

    /**
     * Reads a .npy file's header and checks that the file holds the data it announces. Nothing is
     * read of a file that is not a regular one ({@code /dev/zero}, a pipe), and no more than the
     * header of one that is.
     */
    public static Header header(Path file) throws IOException {
        if (!Files.isRegularFile(file)) throw new IOException(file + " is not a regular file");
        long size = Files.size(file);
        byte[] head;
        try (var in = Files.newInputStream(file)) {
            head = in.readNBytes((int) Math.min(size, 12 + MAX_HEADER_BYTES));
        }
        ByteBuffer buf = ByteBuffer.wrap(head).order(ByteOrder.LITTLE_ENDIAN);
        if (head.length < 10 || !ByteBuffer.wrap(head, 0, 6).equals(ByteBuffer.wrap(MAGIC))) throw new IOException(file + " is not a .npy file");
        int major = head[6];
        long headerLength = major == 1 ? Short.toUnsignedInt(buf.getShort(8)) : head.length >= 12 ? Integer.toUnsignedLong(buf.getInt(8)) : -1;
        int headerStart = major == 1 ? 10 : 12;
        if (headerLength < 0 || headerLength > MAX_HEADER_BYTES || headerStart + headerLength > head.length) {
            throw new IOException(file + " has a damaged .npy header");
        }
        String header = new String(head, headerStart, (int) headerLength, StandardCharsets.ISO_8859_1);
        String descr = group(DESCR, header, file);
        ElementType type = ElementType.fromNpyDescr(descr)
                .orElseThrow(() -> new IOException(file + " holds elements of type " + descr
                        + ", which is not one of f16 (<f2), bf16 (its raw bits, <u2), f32, f64, i32, i64, i8, u8 (little-endian)"));
        if (group(FORTRAN, header, file).equals("True")) throw new IOException(file + " is in Fortran order; save it in C order");
        List<Long> shape = new ArrayList<>();
        for (String part : group(SHAPE, header, file).split(",")) {
            if (part.isBlank()) continue;
            try {
                long extent = Long.parseLong(part.trim());
                if (extent < 0) throw new NumberFormatException();
                shape.add(extent);
            } catch (NumberFormatException e) {
                throw new IOException(file + " has a .npy shape that is not a list of sizes: (" + group(SHAPE, header, file) + ")");
            }
        }
        long expected;
        try {
            expected = Math.multiplyExact(shape.stream().reduce(1L, Math::multiplyExact), (long) type.bytes());
        } catch (ArithmeticException e) {
            throw new IOException(file + " announces a shape " + shape + " of more than 2^63 bytes");
        }
        long dataStart = headerStart + headerLength;
        if (size - dataStart < expected) {
            throw new IOException(file + " is truncated: shape " + shape + " needs " + expected + " bytes of data, it has " + (size - dataStart));
        }
        return new Header(type, shape, dataStart, expected);
    }

    /**
     * A .npy file's data in place, mapped into memory for as long as {@code arena} is open: nothing is
     * copied, and reading it after the arena closed fails rather than reading freed memory. Up to
     * {@link #MAX_DATA_BYTES}, as {@link #read}.
     */
    public static NpyArray map(Path file, java.lang.foreign.Arena arena) throws IOException {
        Header h = header(file);
        if (h.dataBytes() > MAX_DATA_BYTES) {
            throw new IOException(file + " holds " + h.dataBytes() + " bytes of data; more than " + MAX_DATA_BYTES + " cannot be mapped at once");
        }
        try (var channel = java.nio.channels.FileChannel.open(file)) {
            ByteBuffer data = h.dataBytes() == 0 ? ByteBuffer.allocate(0)
                    : channel.map(java.nio.channels.FileChannel.MapMode.READ_ONLY, h.dataStart(), h.dataBytes(), arena).asByteBuffer();
            return new NpyArray(h.type(), h.shape(), data);
        }
    }

    /** Reads a .npy file: its header first, then only the data it announces, up to {@link #MAX_DATA_BYTES}. */
    public static NpyArray read(Path file) throws IOException {
        Header h = header(file);
        if (h.dataBytes() > MAX_DATA_BYTES) {
            throw new IOException(file + " holds " + h.dataBytes() + " bytes of data; more than " + MAX_DATA_BYTES + " cannot be read into memory");
        }
        return read(file, h, ByteBuffer.allocate((int) h.dataBytes()));
    }

    /**
     * Reads the data {@code header} (of {@code file}) announces into the start of {@code room}, which
     * must have room for it: the array returned views {@code room}, and what is read into it next
     * replaces its elements. A caller reading one file after another into the same room copies each
     * from the system's cache, where mapping each would fault its pages in one by one.
     */
    public static NpyArray read(Path file, Header header, ByteBuffer room) throws IOException {
        if (header.dataBytes() > room.capacity()) {
            throw new IllegalArgumentException(header.dataBytes() + " bytes of data do not fit in " + room.capacity());
        }
        ByteBuffer into = room.duplicate().clear().limit((int) header.dataBytes());
        try (var channel = java.nio.channels.FileChannel.open(file)) {
            while (into.hasRemaining()) {
                if (channel.read(into, header.dataStart() + into.position()) < 0) throw new IOException(file + " is truncated");
            }
        }
        return new NpyArray(header.type(), header.shape(), into.flip());
    }

    public void write(Path file) throws IOException {
        String dims = shape.size() == 1 ? shape.getFirst() + "," : String.join(", ", shape.stream().map(String::valueOf).toList());
        String dict = "{'descr': '" + type.npyDescr() + "', 'fortran_order': False, 'shape': (" + dims + "), }";
        int unpadded = 10 + dict.length() + 1;
        String header = dict + " ".repeat((64 - unpadded % 64) % 64) + "\n";
        ByteBuffer out = ByteBuffer.allocate(10 + header.length() + data.remaining()).order(ByteOrder.LITTLE_ENDIAN);
        out.put(MAGIC).put((byte) 1).put((byte) 0).putShort((short) header.length());
        out.put(header.getBytes(StandardCharsets.ISO_8859_1)).put(data.duplicate());
        Files.write(file, out.array());
    }

    private static String group(Pattern pattern, String header, Path file) throws IOException {
        Matcher m = pattern.matcher(header);
        if (!m.find()) throw new IOException(file + " has a .npy header without " + pattern.pattern().split("'")[1] + ": " + header.strip());
        return m.group(1);
    }
}
