import { useIntl } from 'react-intl';
import styled from 'styled-components';
import { formatMoney } from '@casino/platform';
import { Muted } from '@casino/ui';
import { m } from './messages';
import type { BigWin } from './api';

const List = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  display: grid;
  gap: ${({ theme }) => theme.space(1)};
  overflow-wrap: anywhere;
  li {
    padding: ${({ theme }) => theme.space(1)} ${({ theme }) => theme.space(2)};
    border-radius: ${({ theme }) => theme.radii.sm};
    background: ${({ theme }) => theme.colors.surfaceRaised};
  }
`;

/** A decimal amount ("51.00", "0.00040000") in its currency. */
export function decimalMoney(amount: string, currency: string): string {
  const [integer, fraction = ''] = amount.split('.');
  return formatMoney(integer + fraction, currency, { scale: fraction.length, precise: fraction.length > 2 });
}

/** The newest big wins (bff/bigwins), live from the room's stream. */
export function BigWins({ wins }: { wins: BigWin[] }) {
  const intl = useIntl();
  if (wins.length === 0) return null;
  return (
    <section aria-label={intl.formatMessage(m.bigWinsTitle)} data-testid="big-wins">
      <Muted as="h3">{intl.formatMessage(m.bigWinsTitle)}</Muted>
      <List>
        {wins.map((w) => (
          <li key={w.id} data-testid="big-win">
            {intl.formatMessage(m.bigWinLine, {
              name: <strong key="name">{w.name}</strong>,
              amount: decimalMoney(w.amount, w.currencyCode),
              game: w.gameName,
              multiplier: w.multiplier,
            })}
          </li>
        ))}
      </List>
    </section>
  );
}
