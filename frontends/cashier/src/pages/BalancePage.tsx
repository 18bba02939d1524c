import { useIntl } from 'react-intl';
import styled from 'styled-components';
import { Card, ErrorState, Grid, LinkButton, Muted, Skeleton, Stack } from '@casino/ui';
import { useUserDetails } from '../api';
import { ProfilePage } from '../components/ProfilePage';
import { currencyOf } from '../hooks/useCashierMethods';
import { showMoney } from '../money';
import { m } from '../account/messages';

const Amount = styled.div`
  font-size: ${({ theme }) => theme.font.size.xxl};
  font-weight: 700;
`;

function Balances() {
  const intl = useIntl();
  const { data, loading, error, refetch } = useUserDetails();
  if (error) return <ErrorState message={error.message} onRetry={refetch} />;
  const { currency, scale } = currencyOf(data);
  const w = data?.userWallet;
  // The ledger's figures as they are: the total, its real (withdrawable) and bonus parts, and what is held for withdrawals.
  const cards = [
    { label: m.totalBalance, value: w?.balance, testId: 'balance-total' },
    { label: m.realBalance, value: w?.withdrawable, testId: 'balance-real' },
    { label: m.bonusBalance, value: w?.bonusBalance, testId: 'balance-bonus' },
    { label: m.onHoldBalance, value: w?.onHold, testId: 'balance-hold' },
  ];
  return (
    <Stack $gap={5}>
      <Grid $min={220}>
        {cards.map((c) => (
          <Card key={c.label.id}>
            <Muted>{intl.formatMessage(c.label)}</Muted>
            {loading && !data ? <Skeleton $height="36px" /> : <Amount data-testid={c.testId}>{showMoney(c.value, currency, scale)}</Amount>}
          </Card>
        ))}
      </Grid>
      <Stack $row $gap={3}>
        <LinkButton href="/deposit">{intl.formatMessage(m.depositTitle)}</LinkButton>
        <LinkButton href="/withdraw" variant="secondary">
          {intl.formatMessage(m.withdrawTitle)}
        </LinkButton>
      </Stack>
    </Stack>
  );
}

export function BalancePage() {
  return (
    <ProfilePage title={m.balanceTitle}>
      <Balances />
    </ProfilePage>
  );
}
