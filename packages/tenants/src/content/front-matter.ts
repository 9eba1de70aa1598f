export interface FrontMatterText {
  /** The `key: value` lines between the opening and closing `---`. */
  data: Record<string, string>;
  body: string;
}

const FRONT_MATTER = /^---\r?\n([\s\S]*?)\r?\n---\r?\n/;

/** Splits a Markdown file into its front matter (flat `key: value` lines) and its body. */
export function splitFrontMatter(text: string): FrontMatterText {
  const match = FRONT_MATTER.exec(text);
  if (!match) return { data: {}, body: text };
  const data: Record<string, string> = {};
  for (const line of (match[1] ?? '').split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon > 0) data[line.slice(0, colon).trim()] = line.slice(colon + 1).trim();
  }
  return { data, body: text.slice(match[0].length) };
}
