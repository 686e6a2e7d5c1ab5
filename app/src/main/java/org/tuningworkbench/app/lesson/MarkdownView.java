package org.tuningworkbench.app.lesson;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import javafx.scene.Node;
import javafx.scene.control.Label;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.VBox;
import javafx.scene.text.Text;
import javafx.scene.text.TextFlow;
import org.commonmark.node.BlockQuote;
import org.commonmark.node.BulletList;
import org.commonmark.node.Code;
import org.commonmark.node.Emphasis;
import org.commonmark.node.FencedCodeBlock;
import org.commonmark.node.HardLineBreak;
import org.commonmark.node.Heading;
import org.commonmark.node.IndentedCodeBlock;
import org.commonmark.node.ListItem;
import org.commonmark.node.OrderedList;
import org.commonmark.node.Paragraph;
import org.commonmark.node.SoftLineBreak;
import org.commonmark.node.StrongEmphasis;
import org.commonmark.node.ThematicBreak;
import org.commonmark.parser.Parser;

/**
 * A lesson's note: Markdown (CommonMark) shown as JavaFX text, without a web view. Headings,
 * paragraphs, emphasis, strong, inline code, code blocks, lists and block quotes have their own
 * style classes ({@code md-h1}, {@code md-code}, ...); links and images show their text.
 */
public final class MarkdownView extends VBox {

    private static final Parser PARSER = Parser.builder().build();

    /**
     * How deep blocks (quotes, lists) and inline styles (emphasis in emphasis) are shown nested. A note
     * nesting deeper (3,000 `>` fit in a 3 KB note) would nest as many nodes, and laying those out
     * would overflow the JavaFX thread's stack: what lies deeper is shown as its plain text.
     */
    static final int MAX_DEPTH = 12;

    /** Said above a note shown flatter than it was written. */
    static final String DEGRADED = "This note nests deeper than " + MAX_DEPTH + " levels; what lies deeper is shown as plain text.";

    private boolean degraded;

    public MarkdownView() {
        getStyleClass().add("markdown");
        setSpacing(8);
    }

    public void setMarkdown(String markdown) {
        degraded = false;
        List<Node> blocks = blocks(PARSER.parse(markdown == null ? "" : markdown), 0);
        if (degraded) blocks.addFirst(styled(new Label(DEGRADED), "md-degraded"));
        getChildren().setAll(blocks);
    }

    /** Whether the note shown nests deeper than {@link #MAX_DEPTH} and was flattened. */
    public boolean degraded() {
        return degraded;
    }

    private List<Node> blocks(org.commonmark.node.Node parent, int depth) {
        var out = new ArrayList<Node>();
        if (depth >= MAX_DEPTH) {
            degraded = true;
            out.add(styled(new TextFlow(run(plainText(parent), List.of())), "md-paragraph"));
            return out;
        }
        for (var n = parent.getFirstChild(); n != null; n = n.getNext()) {
            Node block = block(n, depth);
            if (block != null) out.add(block);
        }
        return out;
    }

    private Node block(org.commonmark.node.Node n, int depth) {
        return switch (n) {
            case Heading h -> styled(inline(h), "md-h" + Math.min(h.getLevel(), 3));
            case Paragraph p -> styled(inline(p), "md-paragraph");
            case FencedCodeBlock c -> codeBlock(c.getLiteral());
            case IndentedCodeBlock c -> codeBlock(c.getLiteral());
            case BulletList list -> list(list, -1, depth);
            case OrderedList list -> list(list, list.getMarkerStartNumber() == null ? 1 : list.getMarkerStartNumber(), depth);
            case BlockQuote q -> {
                var box = new VBox(6);
                box.getChildren().setAll(blocks(q, depth + 1));
                yield styled(box, "md-quote");
            }
            case ThematicBreak t -> styled(new javafx.scene.control.Separator(), "md-rule");
            default -> {
                // Anything else (HTML blocks, link definitions) is shown as the text it holds, if any.
                TextFlow flow = inline(n);
                yield flow.getChildren().isEmpty() ? null : styled(flow, "md-paragraph");
            }
        };
    }

    private Node list(org.commonmark.node.Node list, int start, int depth) {
        var box = new VBox(4);
        box.getStyleClass().add("md-list");
        int number = start;
        for (var item = list.getFirstChild(); item != null; item = item.getNext()) {
            if (!(item instanceof ListItem)) continue;
            var marker = new Label(number < 0 ? "•" : number++ + ".");
            marker.getStyleClass().add("md-marker");
            marker.setMinWidth(22);
            var content = new VBox(4);
            content.getChildren().setAll(blocks(item, depth + 1));
            HBox.setHgrow(content, Priority.ALWAYS);
            box.getChildren().add(new HBox(4, marker, content));
        }
        return box;
    }

    private static Node codeBlock(String literal) {
        var text = new Text(literal.endsWith("\n") ? literal.substring(0, literal.length() - 1) : literal);
        text.getStyleClass().add("md-code-text");
        return styled(new TextFlow(text), "md-code-block");
    }

    /** The inline content of a block as one flow of text runs, each styled by what encloses it. */
    private TextFlow inline(org.commonmark.node.Node block) {
        var flow = new TextFlow();
        addInline(block, flow, List.of(), 0);
        return flow;
    }

    private void addInline(org.commonmark.node.Node parent, TextFlow flow, List<String> styles, int depth) {
        if (depth >= MAX_DEPTH) {
            degraded = true;
            flow.getChildren().add(run(plainText(parent), styles));
            return;
        }
        for (var n = parent.getFirstChild(); n != null; n = n.getNext()) {
            switch (n) {
                case org.commonmark.node.Text t -> flow.getChildren().add(run(t.getLiteral(), styles));
                case Code c -> flow.getChildren().add(run(c.getLiteral(), with(styles, "md-code")));
                case Emphasis e -> addInline(e, flow, with(styles, "md-emphasis"), depth + 1);
                case StrongEmphasis s -> addInline(s, flow, with(styles, "md-strong"), depth + 1);
                case SoftLineBreak b -> flow.getChildren().add(run(" ", styles));
                case HardLineBreak b -> flow.getChildren().add(run("\n", styles));
                default -> addInline(n, flow, styles, depth + 1);
            }
        }
    }

    /** The text a subtree holds, read without recursion (it may be thousands of levels deep). */
    static String plainText(org.commonmark.node.Node root) {
        var out = new StringBuilder();
        var pending = new ArrayDeque<org.commonmark.node.Node>();
        for (var n = root.getLastChild(); n != null; n = n.getPrevious()) pending.push(n);
        while (!pending.isEmpty()) {
            var n = pending.pop();
            switch (n) {
                case org.commonmark.node.Text t -> out.append(t.getLiteral());
                case Code c -> out.append(c.getLiteral());
                case FencedCodeBlock c -> out.append(c.getLiteral());
                case IndentedCodeBlock c -> out.append(c.getLiteral());
                case SoftLineBreak b -> out.append(' ');
                case HardLineBreak b -> out.append('\n');
                default -> {
                    if (n instanceof Paragraph && !out.isEmpty()) out.append('\n');
                    for (var child = n.getLastChild(); child != null; child = child.getPrevious()) pending.push(child);
                }
            }
        }
        return out.toString();
    }

    private static Text run(String text, List<String> styles) {
        var run = new Text(text);
        run.getStyleClass().add("md-text");
        run.getStyleClass().addAll(styles);
        return run;
    }

    private static List<String> with(List<String> styles, String style) {
        var out = new ArrayList<>(styles);
        out.add(style);
        return out;
    }

    private static <T extends Node> T styled(T node, String style) {
        node.getStyleClass().add(style);
        return node;
    }
}
