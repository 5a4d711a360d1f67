/**
 * Note text is untrusted (assistants append to notes): it is rendered by markdown-it with raw
 * HTML off (a tag in a note shows as text), links are checked by markdown-it's own rules (no
 * javascript:, vbscript:, file: or non-image data: URLs), images become their alt text (nothing
 * is fetched, not even from this machine), and the HTML that comes out is sanitized once more
 * by DOMPurify before it reaches the page. The CSP would stop a script anyway; this keeps the
 * text inert by construction.
 */
import DOMPurify from "dompurify";
import MarkdownIt from "markdown-it";
import type Token from "markdown-it/lib/token.mjs";

const md = new MarkdownIt({ html: false, linkify: false, typographer: false });

md.renderer.rules.image = (tokens, i) => {
  const alt = tokens[i]!.content;
  return `<span class="img-alt">[image${alt ? `: ${md.utils.escapeHtml(alt)}` : ""}]</span>`;
};

const ALLOWED_TAGS = ["a", "p", "br", "hr", "h1", "h2", "h3", "h4", "h5", "h6", "ul", "ol", "li", "blockquote", "pre", "code", "em", "strong", "s", "del", "table", "thead", "tbody", "tr", "th", "td", "span", "div", "section"];

DOMPurify.addHook("afterSanitizeAttributes", (node) => {
  if (node.tagName === "A") {
    const href = node.getAttribute("href") ?? "";
    if (!/^(https?:|mailto:|#)/i.test(href)) node.removeAttribute("href");
    node.setAttribute("rel", "noopener noreferrer");
    node.setAttribute("target", "_blank");
  }
});

export function sanitize(html: string): string {
  return DOMPurify.sanitize(html, { ALLOWED_TAGS, ALLOWED_ATTR: ["href", "class", "title", "rel", "target", "data-line", "start"], ALLOW_DATA_ATTR: false });
}

/**
 * Marks the blocks whose source lines fall in [from, to] (1-based) with class "hit": a block
 * wholly inside the range is marked as one; a container that reaches past it (a list that holds
 * the whole note) is not, its items and paragraphs inside the range are. So a chunk's lines are
 * marked, not the note around them.
 */
function markLines(tokens: Token[], from: number, to: number): void {
  let markedDepth = -1;
  for (const t of tokens) {
    if (t.nesting === -1 && t.level === markedDepth) markedDepth = -1;
    if (t.nesting === -1 || !t.block || !t.map) continue;
    const [a, b] = t.map;
    if (t.level === 0 && t.nesting === 1) t.attrSet("data-line", String(a + 1));
    if (markedDepth !== -1) continue;
    const overlaps = a + 1 <= to && b >= from;
    const inside = a + 1 >= from && b <= to;
    if (t.type === "inline") continue;
    // A leaf block (paragraph, heading, code, a list item) touched by the range is marked even
    // when it spills over; a tight list's paragraphs are not drawn, so their item is the leaf.
    const leaf = t.nesting === 0 || t.type === "heading_open" || t.type === "list_item_open" || (t.type === "paragraph_open" && !t.hidden);
    if (!overlaps || !(inside || leaf)) continue;
    t.attrJoin("class", "hit");
    if (t.nesting === 1) markedDepth = t.level;
  }
}

/** Markdown to sanitized HTML; with a line range, the blocks it covers are marked. */
export function renderMarkdown(text: string, lines?: { from: number; to: number }): string {
  const env = {};
  const tokens = md.parse(text, env);
  if (lines) markLines(tokens, lines.from, lines.to);
  return sanitize(md.renderer.render(tokens, md.options, env));
}
