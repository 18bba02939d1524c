import styled from 'styled-components';

/**
 * Wraps a @casino/ui Table: on phones each row becomes a card of
 * "label — value" lines (the cells' data-label), so the seven history
 * columns need no sideways scrolling at 375 px.
 */
export const StackedTable = styled.div`
  /* Cells wrap where room runs out (the nine Games columns beside the profile
     menu) instead of the table scrolling sideways. */
  th,
  td {
    white-space: normal;
  }
  ${({ theme }) => theme.media.mobile} {
    table,
    tbody,
    tr,
    td {
      display: block;
      width: 100%;
    }
    thead {
      display: none;
    }
    tr {
      padding: ${({ theme }) => theme.space(2)} 0;
      border-bottom: 1px solid ${({ theme }) => theme.colors.border};
    }
    tr:last-child {
      border-bottom: 0;
    }
    td {
      display: flex;
      justify-content: space-between;
      gap: ${({ theme }) => theme.space(3)};
      padding: ${({ theme }) => `${theme.space(1)} ${theme.space(3)}`};
      border-bottom: 0;
      white-space: normal;
      text-align: end !important;
      word-break: break-all;
    }
    td[data-label]::before {
      content: attr(data-label);
      color: ${({ theme }) => theme.colors.textMuted};
      text-align: start;
      word-break: normal;
      flex-shrink: 0;
    }
  }
`;
