import type { ReactNode } from 'react';
import { useIntl } from 'react-intl';
import styled from 'styled-components';
import { m } from '../messages';

const Grid = styled.div`
  display: grid;
  grid-template-columns: repeat(7, minmax(0, 1fr));
  gap: ${({ theme }) => theme.space(2)};
  ${({ theme }) => theme.media.mobile} {
    gap: ${({ theme }) => theme.space(1)};
  }
`;

const Head = styled.div`
  text-align: center;
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.font.size.xs};
  text-transform: uppercase;
`;

export const DayCell = styled.div<{ $state: 'past' | 'today' | 'future' }>`
  display: flex;
  flex-direction: column;
  align-items: center;
  justify-content: center;
  gap: ${({ theme }) => theme.space(1)};
  min-height: 88px;
  padding: ${({ theme }) => theme.space(2)};
  border-radius: ${({ theme }) => theme.radii.md};
  border: 1px solid ${({ theme, $state }) => ($state === 'today' ? theme.colors.primary : theme.colors.border)};
  background: ${({ theme, $state }) => ($state === 'today' ? theme.colors.surfaceRaised : theme.colors.surface)};
  opacity: ${({ $state }) => ($state === 'past' ? 0.7 : 1)};
  text-align: center;
  font-size: ${({ theme }) => theme.font.size.xs};
`;

/** 7 columns Monday → Sunday with weekday headers; rows of cells. */
export function WeekGrid({ label, children }: { label: string; children: ReactNode }) {
  const intl = useIntl();
  const names = intl.formatMessage(m.weekdays).split(',');
  return (
    <Grid role="grid" aria-label={label}>
      {names.map((n) => (
        <Head key={n} role="columnheader">
          {n}
        </Head>
      ))}
      {children}
    </Grid>
  );
}
