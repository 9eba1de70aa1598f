import type { ReactNode } from 'react';

/** Facts about one record as term and value, e.g. an order's status and total. */
export function DetailList({ items }: { items: readonly (readonly [string, ReactNode])[] }) {
  return (
    <dl className="details">
      {items.map(([term, value]) => (
        <div className="details-row" key={term}>
          <dt>{term}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** A record's free-form details (a timeline entry's, an audit line's) as compact key: value pairs. */
export function InlineDetail({ detail }: { detail: Readonly<Record<string, unknown>> }) {
  const entries = Object.entries(detail).filter(([, value]) => value !== null && value !== undefined);
  if (entries.length === 0) return null;
  return (
    <dl className="inline-detail">
      {entries.map(([key, value]) => (
        <div key={key}>
          <dt>{key}</dt>
          <dd>{detailValue(value)}</dd>
        </div>
      ))}
    </dl>
  );
}

function detailValue(value: unknown): string {
  if (Array.isArray(value)) return value.map(detailValue).join(', ');
  return typeof value === 'object' ? JSON.stringify(value) : String(value);
}
