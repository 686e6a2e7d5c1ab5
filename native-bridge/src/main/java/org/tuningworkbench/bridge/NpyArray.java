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
            case F32 -> data.getFloat(at);
            case F64 -> data.getDouble(at);
            case I32 -> data.getInt(at);
            case I64 -> data.getLong(at);
            case I8 -> data.get(at);
            case U8 -> data.get(at) & 0xff;
        };
    }

    public static NpyArray read(Path file) throws IOException {
        byte[] bytes = Files.readAllBytes(file);
        ByteBuffer buf = ByteBuffer.wrap(bytes).order(ByteOrder.LITTLE_ENDIAN);
        if (bytes.length < 10 || !ByteBuffer.wrap(bytes, 0, 6).equals(ByteBuffer.wrap(MAGIC))) {
            throw new IOException(file + " is not a .npy file");
        }
        int major = bytes[6];
        int headerLength = major == 1 ? Short.toUnsignedInt(buf.getShort(8)) : buf.getInt(8);
        int headerStart = major == 1 ? 10 : 12;
        String header = new String(bytes, headerStart, headerLength, StandardCharsets.ISO_8859_1);
        String descr = group(DESCR, header, file);
        ElementType type = ElementType.fromNpyDescr(descr)
                .orElseThrow(() -> new IOException(file + " holds elements of type " + descr
                        + ", which is not one of f32, f64, i32, i64, i8, u8 (little-endian)"));
        if (group(FORTRAN, header, file).equals("True")) throw new IOException(file + " is in Fortran order; save it in C order");
        List<Long> shape = new ArrayList<>();
        for (String part : group(SHAPE, header, file).split(",")) {
            if (!part.isBlank()) shape.add(Long.parseLong(part.trim()));
        }
        int dataStart = headerStart + headerLength;
        long expected = shape.stream().reduce(1L, Math::multiplyExact) * type.bytes();
        if (bytes.length - dataStart < expected) {
            throw new IOException(file + " is truncated: shape " + shape + " needs " + expected + " bytes of data, it has " + (bytes.length - dataStart));
        }
        return new NpyArray(type, shape, ByteBuffer.wrap(bytes, dataStart, (int) expected).slice());
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
