/**
 * Markdown rendering loads on first use (markdown-it and DOMPurify are most of the page's
 * JavaScript): the search page opens without them.
 */
import { useEffect, useState } from "preact/hooks";

type Renderer = typeof import("./markdown.js").renderMarkdown;
let loading: Promise<Renderer> | null = null;

export function loadRenderer(): Promise<Renderer> {
  loading ??= import("./markdown.js").then((m) => m.renderMarkdown);
  return loading;
}

/** The renderer once loaded (undefined until then). */
export function useRenderer(): Renderer | undefined {
  const [r, setR] = useState<{ fn: Renderer } | undefined>();
  useEffect(() => {
    let gone = false;
    void loadRenderer().then((fn) => !gone && setR({ fn }));
    return () => {
      gone = true;
    };
  }, []);
  return r?.fn;
}
