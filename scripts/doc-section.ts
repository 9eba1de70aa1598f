import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const biome = fileURLToPath(new URL('../node_modules/@biomejs/biome/bin/biome', import.meta.url));

/**
 * Writes `content` into `file` between the markers of section `name`, keeping the rest of the
 * file; a section not there yet is appended. The file is then formatted as the lint wants it.
 */
export function writeDocSection(file: string, name: string, content: string): void {
  const start = `<!-- ${name}: start -->`;
  const end = `<!-- ${name}: end -->`;
  const section = `${start}\n\n${content.trim()}\n\n${end}`;
  const text = existsSync(file) ? readFileSync(file, 'utf8') : '';
  const from = text.indexOf(start);
  const to = text.indexOf(end);
  const next =
    from >= 0 && to > from
      ? text.slice(0, from) + section + text.slice(to + end.length)
      : `${text.trimEnd()}${text.trim() ? '\n\n' : ''}${section}\n`;
  writeFileSync(file, next);
  spawnSync(process.execPath, [biome, 'format', '--write', file], { stdio: 'ignore' });
}
