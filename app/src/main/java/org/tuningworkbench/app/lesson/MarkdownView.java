package org.tuningworkbench.app.lesson;

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

    public MarkdownView() {
        getStyleClass().add("markdown");
        setSpacing(8);
    }

    public void setMarkdown(String markdown) {
        getChildren().setAll(blocks(PARSER.parse(markdown == null ? "" : markdown)));
    }

    private static List<Node> blocks(org.commonmark.node.Node parent) {
        var out = new ArrayList<Node>();
        for (var n = parent.getFirstChild(); n != null; n = n.getNext()) {
            Node block = block(n);
            if (block != null) out.add(block);
        }
        return out;
    }

    private static Node block(org.commonmark.node.Node n) {
        return switch (n) {
            case Heading h -> styled(inline(h), "md-h" + Math.min(h.getLevel(), 3));
            case Paragraph p -> styled(inline(p), "md-paragraph");
            case FencedCodeBlock c -> codeBlock(c.getLiteral());
            case IndentedCodeBlock c -> codeBlock(c.getLiteral());
            case BulletList list -> list(list, -1);
            case OrderedList list -> list(list, list.getMarkerStartNumber() == null ? 1 : list.getMarkerStartNumber());
            case BlockQuote q -> {
                var box = new VBox(6);
                box.getChildren().setAll(blocks(q));
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

    private static Node list(org.commonmark.node.Node list, int start) {
        var box = new VBox(4);
        box.getStyleClass().add("md-list");
        int number = start;
        for (var item = list.getFirstChild(); item != null; item = item.getNext()) {
            if (!(item instanceof ListItem)) continue;
            var marker = new Label(number < 0 ? "•" : number++ + ".");
            marker.getStyleClass().add("md-marker");
            marker.setMinWidth(22);
            var content = new VBox(4);
            content.getChildren().setAll(blocks(item));
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
    private static TextFlow inline(org.commonmark.node.Node block) {
        var flow = new TextFlow();
        addInline(block, flow, List.of());
        return flow;
    }

    private static void addInline(org.commonmark.node.Node parent, TextFlow flow, List<String> styles) {
        for (var n = parent.getFirstChild(); n != null; n = n.getNext()) {
            switch (n) {
                case org.commonmark.node.Text t -> flow.getChildren().add(run(t.getLiteral(), styles));
                case Code c -> flow.getChildren().add(run(c.getLiteral(), with(styles, "md-code")));
                case Emphasis e -> addInline(e, flow, with(styles, "md-emphasis"));
                case StrongEmphasis s -> addInline(s, flow, with(styles, "md-strong"));
                case SoftLineBreak b -> flow.getChildren().add(run(" ", styles));
                case HardLineBreak b -> flow.getChildren().add(run("\n", styles));
                default -> addInline(n, flow, styles);
            }
        }
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
