import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const app = new URL('.', import.meta.url).pathname;
const components = join(app, '../components');

function stylesheetsUnder(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith('.css'))
    .map((entry) => relative(app, join(entry.parentPath, entry.name)));
}

describe("the shop's one stylesheet", () => {
  it("imports every component's styles, each once", () => {
    const imports = [
      ...readFileSync(join(app, 'components.css'), 'utf8').matchAll(/@import "([^"]+)";/g),
    ].map((match) => match[1]);
    expect([...imports].sort()).toEqual(stylesheetsUnder(components).sort());
  });
});
