import { readdirSync, readFileSync } from 'node:fs';
import { join, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ContentFiles } from './library';

/** The content folder of this package: templates per language, and each tenant's own texts. */
export const CONTENT_FOLDER = fileURLToPath(new URL('../../content/', import.meta.url));

/** Reads every Markdown and JSON file below a folder, by its path inside it. */
export function readContentFolder(folder: string = CONTENT_FOLDER): ContentFiles {
  const files = new Map<string, string>();
  for (const entry of readdirSync(folder, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || !/\.(md|json)$/.test(entry.name)) continue;
    const path = join(entry.parentPath, entry.name);
    files.set(path.slice(folder.length).split(sep).join('/').replace(/^\//, ''), readFileSync(path, 'utf8'));
  }
  return files;
}
