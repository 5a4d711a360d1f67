import { TRAIT_NAMES, TRAIT_TITLES } from "./snapshot.js";
import { typeLabel } from "./types.js";
export const MAX_NARRATIVE_CHARS = 900;
export function buildNarrativePrompt(input) {
    const lines = [
        "Write one paragraph (3 to 5 sentences, first person) describing who I am now, for my own system prompt.",
        "Use only the facts below; do not invent experiences, names or preferences.",
        "",
        "My traits:",
        ...TRAIT_NAMES.map((t) => `- ${TRAIT_TITLES[t]}: ${input.traits[t].label}`),
        "",
        "The experiences that shaped me most:",
        ...(input.defining.length > 0 ? input.defining.map((d) => `- (${typeLabel(d.type)}) ${d.content}`) : ["- none yet"]),
        "",
        "A plain version to improve on:",
        input.rulesNarrative,
        "",
        "Answer with the paragraph only.",
    ];
    return {
        system: "You write short, honest self-descriptions for a personal AI assistant, grounded only in the facts given.",
        messages: [{ role: "user", content: lines.join("\n") }],
        maxTokens: 300,
        temperature: 0.3,
    };
}
/** The reply as one paragraph, or undefined when it is unusable (empty, or not prose). */
export function parseNarrative(text) {
    let t = text.trim();
    const fenced = /^```[a-z]*\s*\n([\s\S]*?)\n```$/.exec(t);
    if (fenced)
        t = fenced[1].trim();
    t = t.replace(/^["“']|["”']$/g, "").replace(/\s+/g, " ").trim();
    if (t.length < 20 || t.startsWith("{") || t.startsWith("["))
        return undefined;
    if (t.length > MAX_NARRATIVE_CHARS) {
        const cut = t.slice(0, MAX_NARRATIVE_CHARS);
        const end = Math.max(cut.lastIndexOf(". "), cut.lastIndexOf("! "), cut.lastIndexOf("? "));
        t = end > 0 ? cut.slice(0, end + 1) : `${cut.trimEnd()}…`;
    }
    return t;
}
//# sourceMappingURL=narrative.js.map