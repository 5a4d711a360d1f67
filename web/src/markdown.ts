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

/** Marks the top-level blocks whose source lines fall in [from, to] (1-based) with class "hit". */
function markLines(tokens: Token[], from: number, to: number): void {
  for (const t of tokens) {
    if (t.nesting !== 1 || !t.map || t.level !== 0) continue;
    const [a, b] = t.map;
    t.attrSet("data-line", String(a + 1));
    if (a + 1 <= to && b >= from) t.attrJoin("class", "hit");
  }
}

/** Markdown to sanitized HTML; with a line range, the blocks it covers are marked. */
export function renderMarkdown(text: string, lines?: { from: number; to: number }): string {
  const env = {};
  const tokens = md.parse(text, env);
  if (lines) markLines(tokens, lines.from, lines.to);
  return sanitize(md.renderer.render(tokens, md.options, env));
}
