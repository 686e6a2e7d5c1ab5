package org.tuningworkbench.engine.marker;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.Charset;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.tuningworkbench.engine.SafeWrite;

/**
 * Kernel sources as the compiler sees them: bytes. A source is read as UTF-8 when it is, otherwise
 * as ISO-8859-1 (every byte one character, so a Latin-1 comment reads, and is written back, exactly
 * as it was). A file holding NUL bytes is not a text kernel.
 */
public final class SourceFiles {
    private SourceFiles() {}

    /** A source's text and the character set it is kept in. */
    public record Text(String text, Charset charset) {}

    public static Text read(Path file) throws IOException {
        byte[] bytes = Files.readAllBytes(file);
        for (byte b : bytes) {
            if (b == 0) throw new IOException(file.getFileName() + " is not a text kernel (it holds NUL bytes; is it a binary file?)");
        }
        try {
            String text = StandardCharsets.UTF_8.newDecoder().onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT).decode(ByteBuffer.wrap(bytes)).toString();
            return new Text(text, StandardCharsets.UTF_8);
        } catch (CharacterCodingException e) {
            return new Text(new String(bytes, StandardCharsets.ISO_8859_1), StandardCharsets.ISO_8859_1);
        }
    }

    /**
     * Writes {@code text} in the character set {@code file} is kept in (UTF-8 for a new file, or when the text needs it),
     * whole or not at all: a full disk leaves the file as it was ({@link SafeWrite}).
     */
    public static void write(Path file, String text) throws IOException {
        SafeWrite.anywhere().text(file, text, charsetFor(file, text));
    }

    /** The character set to write {@code text} as {@code like}'s contents: the one {@code like} is kept in, when it can hold the text. */
    public static Charset charsetFor(Path like, String text) {
        try {
            if (Files.isRegularFile(like) && read(like).charset() == StandardCharsets.ISO_8859_1
                    && StandardCharsets.ISO_8859_1.newEncoder().canEncode(text)) {
                return StandardCharsets.ISO_8859_1;
            }
        } catch (IOException e) {
            // An unreadable original: the variant is written as UTF-8.
        }
        return StandardCharsets.UTF_8;
    }
}
