import type { ReactNode } from 'react';

/**
 * A table with a caption for screen readers and column headers; on a phone each row stacks its
 * cells under their labels (index.css .stack-table, from each cell's data-label).
 */
export function StackTable({
  caption,
  headers,
  children,
}: {
  caption: string;
  headers: string[];
  /** The body's rows. */
  children: ReactNode;
}) {
  return (
    <div className="overflow-x-auto rounded-box border border-base-300">
      <table className="table stack-table">
        <caption className="sr-only">{caption}</caption>
        <thead className="text-base-content">
          <tr>
            {headers.map((header) => (
              <th key={header} scope="col">
                {header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </div>
  );
}
