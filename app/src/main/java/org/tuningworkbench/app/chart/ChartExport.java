package org.tuningworkbench.app.chart;

import java.awt.Dimension;
import java.awt.Rectangle;
import java.io.IOException;
import java.io.OutputStreamWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import javax.xml.parsers.DocumentBuilderFactory;
import javax.xml.parsers.ParserConfigurationException;
import org.apache.batik.svggen.SVGGraphics2D;
import org.jfree.chart.ChartUtils;
import org.jfree.chart.JFreeChart;
import org.tuningworkbench.engine.SafeWrite;
import org.w3c.dom.Document;

/**
 * Writes a chart as PNG or SVG, at the size given. The latency and trials charts draw a file as they draw the
 * screen, a few items per pixel column of that size: an SVG of 20,000 configs holds the bars a picture of that
 * width can show (each column's tallest, its whisker over all its configs, the best and the wrong results), not
 * 20,000 of them; the records export holds every config.
 */
public final class ChartExport {

    private ChartExport() {}

    public static void write(JFreeChart chart, Path file, int width, int height) throws IOException {
        if (file.getFileName().toString().toLowerCase(java.util.Locale.ROOT).endsWith(".svg")) svg(chart, file, width, height);
        else SafeWrite.anywhere().content(file, out -> ChartUtils.writeChartAsPNG(out, chart, width, height));
    }

    private static void svg(JFreeChart chart, Path file, int width, int height) throws IOException {
        Document document;
        try {
            document = DocumentBuilderFactory.newInstance().newDocumentBuilder().getDOMImplementation()
                    .createDocument("http://www.w3.org/2000/svg", "svg", null);
        } catch (ParserConfigurationException e) {
            throw new IOException("cannot create an SVG document: " + e.getMessage(), e);
        }
        var graphics = new SVGGraphics2D(document);
        graphics.setSVGCanvasSize(new Dimension(width, height));
        chart.draw(graphics, new Rectangle(width, height));
        SafeWrite.anywhere().content(file, stream -> {
            try (Writer out = new OutputStreamWriter(stream, StandardCharsets.UTF_8)) {
                graphics.stream(out, true);
            }
        });
    }
}
