package org.tuningworkbench.bench;

import java.nio.ByteBuffer;

/** Counts the colours of a window dump in X's {@code xwd} format (version 7, as {@code xwd} writes it). */
final class XwdColours {

    private XwdColours() {}

    /**
     * The number of distinct pixel values among every {@code stride}-th pixel of the dump, counted up
     * to {@code cap}; 0 for a dump too short to hold a picture.
     */
    static int count(byte[] dump, int stride, int cap) {
        if (dump.length < 100) return 0;
        var header = ByteBuffer.wrap(dump); // the header is big-endian, whatever the machine
        int headerSize = header.getInt(0);
        int bitsPerPixel = header.getInt(44);
        int colourEntries = header.getInt(76);
        int bytesPerPixel = Math.max(1, bitsPerPixel / 8);
        long start = headerSize + 12L * colourEntries;
        long[] seen = new long[cap];
        int count = 0;
        for (long at = start; at + bytesPerPixel <= dump.length && count < cap; at += (long) bytesPerPixel * stride) {
            long pixel = 0;
            for (int b = 0; b < bytesPerPixel; b++) pixel = pixel << 8 | (dump[(int) at + b] & 0xff);
            int i = 0;
            while (i < count && seen[i] != pixel) i++;
            if (i == count) seen[count++] = pixel;
        }
        return count;
    }
}
