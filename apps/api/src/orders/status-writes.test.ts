import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/**
 * An order's status and a payment's state change only through their table's one transition
 * function; this reads the source and names every other write.
 */
const root = fileURLToPath(new URL('../../../../', import.meta.url));

/** Per table: the column that holds its status, and the files allowed to write it. */
const GUARDED = {
  orders: {
    column: 'status',
    update: 'apps/api/src/orders/order-status.ts',
    insert: 'apps/api/src/orders/orders.ts',
  },
  payments: {
    column: 'state',
    update: 'apps/api/src/orders/payment-state.ts',
    insert: 'apps/api/src/orders/payment-state.ts',
  },
} as const;
type Table = keyof typeof GUARDED;

const tableOf = (node: ts.Expression | undefined): Table | undefined => {
  const name = node?.getText().replace(/^schema\./, '');
  return name === 'orders' || name === 'payments' ? name : undefined;
};

/** The table of the `.update(table)` or `.insert(table)` a `.set(…)` or `.values(…)` call hangs on. */
function targetOf(call: ts.CallExpression, verb: 'update' | 'insert'): Table | undefined {
  let node: ts.Expression = call.expression;
  while (ts.isPropertyAccessExpression(node) || ts.isCallExpression(node)) {
    if (ts.isCallExpression(node) && ts.isPropertyAccessExpression(node.expression)) {
      if (node.expression.name.text === verb) return tableOf(node.arguments[0]);
    }
    node = node.expression;
  }
  return undefined;
}

/** Whether the written values may hold the column: named in them, or hidden in a spread or variable. */
function mayWrite(values: ts.Expression | undefined, column: string): boolean {
  if (!values) return false;
  if (!ts.isObjectLiteralExpression(values)) return true;
  return values.properties.some(
    (property) => ts.isSpreadAssignment(property) || property.name?.getText() === column,
  );
}

/** Every place in the file that writes a guarded status outside its transition function. */
function strayStatusWrites(file: string, source: string): string[] {
  const tree = ts.createSourceFile(file, source, ts.ScriptTarget.Latest, true);
  const found: string[] = [];
  const where = (node: ts.Node) => `${file}:${tree.getLineAndCharacterOfPosition(node.getStart()).line + 1}`;
  const visit = (node: ts.Node) => {
    if (ts.isCallExpression(node) && ts.isPropertyAccessExpression(node.expression)) {
      const method = node.expression.name.text;
      const verb = method === 'set' ? 'update' : method === 'values' ? 'insert' : undefined;
      const table = verb && targetOf(node, verb);
      if (verb && table) {
        const rule = GUARDED[table];
        if (file !== rule[verb] && mayWrite(node.arguments[0], rule.column)) {
          found.push(`${where(node)} writes ${table}.${rule.column}`);
        }
      }
    }
    if (
      ts.isNoSubstitutionTemplateLiteral(node) ||
      ts.isTemplateExpression(node) ||
      ts.isStringLiteral(node)
    ) {
      if (/\b(update|insert\s+into)\s+"?(orders|payments)"?\b/i.test(node.getText())) {
        found.push(`${where(node)} writes orders or payments in SQL`);
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(tree);
  return found;
}

function sourceFiles(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : sourceFiles(path);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

describe('status writes', () => {
  it('go through the order table and the payment table only', () => {
    const files = ['apps', 'packages', 'scripts'].flatMap((folder) =>
      sourceFiles(join(root, folder)).filter((path) => !path.includes('/test/')),
    );
    expect(files.length).toBeGreaterThan(50);
    const stray = files.flatMap((path) =>
      strayStatusWrites(relative(root, path), readFileSync(path, 'utf8')),
    );
    expect(stray).toEqual([]);
  });

  it('names a status written around the tables', () => {
    const source = `
      await tx.update(orders).set({ status: 'paid' }).where(eq(orders.id, id));
      await db.update(schema.payments).set({ ...changes }).where(eq(payments.id, id));
      await tx.insert(orders).values(row);
      await tx.update(orders).set({ receiptSentAt: null });
      await db.execute(sql\`update orders set status = 'paid'\`);
    `;
    expect(strayStatusWrites('apps/api/src/fulfilment/commit.ts', source)).toEqual([
      'apps/api/src/fulfilment/commit.ts:2 writes orders.status',
      'apps/api/src/fulfilment/commit.ts:3 writes payments.state',
      'apps/api/src/fulfilment/commit.ts:4 writes orders.status',
      'apps/api/src/fulfilment/commit.ts:6 writes orders or payments in SQL',
    ]);
    expect(strayStatusWrites('apps/api/src/orders/order-status.ts', source.split('\n')[1] ?? '')).toEqual([]);
  });
});
