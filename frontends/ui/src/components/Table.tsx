import type { ReactNode } from 'react';
import styled from 'styled-components';
import { Skeleton } from './Layout';

export interface Column<Row> {
  key: string;
  header: ReactNode;
  render: (row: Row) => ReactNode;
  align?: 'left' | 'right' | 'center';
}

const Scroll = styled.div`
  overflow-x: auto;
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.md};
`;

const StyledTable = styled.table`
  width: 100%;
  border-collapse: collapse;
  font-size: ${({ theme }) => theme.font.size.sm};
  th,
  td {
    padding: ${({ theme }) => `${theme.space(3)} ${theme.space(3)}`};
    border-bottom: 1px solid ${({ theme }) => theme.colors.border};
    white-space: nowrap;
  }
  th {
    background: ${({ theme }) => theme.colors.surfaceRaised};
    color: ${({ theme }) => theme.colors.textMuted};
    font-weight: 600;
    text-align: start;
  }
  tr:last-child td {
    border-bottom: 0;
  }
`;

export interface TableProps<Row> {
  columns: Column<Row>[];
  rows: Row[] | undefined;
  rowKey: (row: Row) => string;
  caption?: ReactNode;
  loading?: boolean;
  /** Rendered in place of the body when there are no rows. */
  empty?: ReactNode;
  skeletonRows?: number;
}

export function Table<Row>({ columns, rows, rowKey, caption, loading = false, empty, skeletonRows = 5 }: TableProps<Row>) {
  const showEmpty = !loading && (!rows || rows.length === 0);
  return (
    <>
      <Scroll>
        <StyledTable aria-busy={loading || undefined}>
          {caption && <caption style={{ textAlign: 'left', padding: 8 }}>{caption}</caption>}
          <thead>
            <tr>
              {columns.map((c) => (
                <th key={c.key} scope="col" style={{ textAlign: c.align ?? 'left' }}>
                  {c.header}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {loading &&
              Array.from({ length: skeletonRows }, (_, i) => (
                <tr key={`s${i}`}>
                  {columns.map((c) => (
                    <td key={c.key}>
                      <Skeleton $height="14px" />
                    </td>
                  ))}
                </tr>
              ))}
            {!loading &&
              rows?.map((row) => (
                <tr key={rowKey(row)}>
                  {columns.map((c) => (
                    <td key={c.key} style={{ textAlign: c.align ?? 'left' }} data-label={typeof c.header === 'string' ? c.header : undefined}>
                      {c.render(row)}
                    </td>
                  ))}
                </tr>
              ))}
          </tbody>
        </StyledTable>
      </Scroll>
      {showEmpty && empty}
    </>
  );
}
