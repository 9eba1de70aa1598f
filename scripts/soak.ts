/**
 * The fault soak (docs/reliability.md): `npm run soak` runs 1,000 checkouts of every kind while
 * processes are killed, PostgreSQL restarts, Redis stops and webhooks come twice and out of
 * order, then holds every order against the provider's and the operator's records. Prints the
 * table, writes it to docs/reliability.md, and fails on any violation.
 *
 *   npm run soak                      # 1,000 checkouts
 *   SOAK_CHECKOUTS=200 npm run soak   # fewer
 */
import { reportTable, runSoak } from '../apps/api/test/soak/run';
import { writeDocSection } from './doc-section';

const checkouts = Number(process.env.SOAK_CHECKOUTS ?? 1000);
if (!Number.isInteger(checkouts) || checkouts < 10) {
  console.error('SOAK_CHECKOUTS must be a whole number of at least 10');
  process.exit(2);
}
const time = () => new Date().toISOString().slice(11, 19);
const report = await runSoak({ checkouts, log: (line) => console.log(`${time()} ${line}`) });
const table = reportTable(report);
console.log(`\n${table}\n`);
for (const violation of report.violations) {
  console.log(`violation: ${violation.rule}: ${violation.subject} (${violation.detail})`);
}
for (const exit of report.unplannedExits) console.log(`process ended unasked: ${exit}`);
for (const error of report.serverErrors) console.log(`answered 500: ${error}`);
const endings = Object.entries(report.ends)
  .sort()
  .map(([end, count]) => `- ${count} × ${end}`)
  .join('\n');
console.log(`how the checkouts ended:\n${endings}`);

const day = new Date().toISOString().slice(0, 10);
writeDocSection(
  new URL('../docs/reliability.md', import.meta.url).pathname,
  'soak',
  `The last run of \`npm run soak\` (${day}, ${report.checkouts} checkouts, on this repository's machine):\n\n${table}\n\nHow the checkouts ended, as their shoppers saw it:\n\n${endings}`,
);
process.exit(report.violations.length === 0 ? 0 : 1);
