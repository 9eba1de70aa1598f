import { type ColumnDef, flexRender, getCoreRowModel, useReactTable } from '@tanstack/react-table';

/**
 * A list of records as a table with a caption; on a narrow screen it scrolls sideways inside its
 * own box (reachable by keyboard), never the page.
 */
export function DataTable<Row>({
  caption,
  columns,
  data,
  emptyText,
  rowId,
}: {
  caption: string;
  // biome-ignore lint/suspicious/noExplicitAny: each column's value type is its own
  columns: ColumnDef<Row, any>[];
  data: readonly Row[];
  emptyText: string;
  rowId?: (row: Row) => string;
}) {
  const table = useReactTable({
    columns,
    data: data as Row[],
    getCoreRowModel: getCoreRowModel(),
    ...(rowId ? { getRowId: rowId } : {}),
  });
  if (data.length === 0) return <p className="empty">{emptyText}</p>;
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a box that scrolls must be reachable by keyboard
    <section className="table-scroll" aria-label={caption} tabIndex={0}>
      <table className="table">
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          {table.getHeaderGroups().map((group) => (
            <tr key={group.id}>
              {group.headers.map((header) => (
                <th key={header.id} scope="col" className={columnClass(header.column.columnDef.meta)}>
                  {flexRender(header.column.columnDef.header, header.getContext())}
                </th>
              ))}
            </tr>
          ))}
        </thead>
        <tbody>
          {table.getRowModel().rows.map((row) => (
            <tr key={row.id}>
              {row.getVisibleCells().map((cell) => (
                <td key={cell.id} className={columnClass(cell.column.columnDef.meta)}>
                  {flexRender(cell.column.columnDef.cell, cell.getContext())}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}

declare module '@tanstack/react-table' {
  interface ColumnMeta<TData, TValue> {
    /** Amounts are right-aligned, so their digits line up. */
    numeric?: boolean;
  }
}

const columnClass = (meta: { numeric?: boolean } | undefined) => (meta?.numeric ? 'numeric' : undefined);
