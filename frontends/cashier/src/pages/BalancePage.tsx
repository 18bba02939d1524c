import { useIntl } from 'react-intl';
import styled from 'styled-components';
import { DEFAULT_CURRENCY, formatMoney, useModal, useSession } from '@casino/platform';
import { Card, ErrorState, Grid, LinkButton, LoginRequired, Muted, Page, PageTitle, Skeleton, Stack } from '@casino/ui';
import { useUserDetails } from '../api';
import { m } from '../messages';

const Amount = styled.div`
  font-size: ${({ theme }) => theme.font.size.xxl};
  font-weight: 700;
`;

function Balances() {
  const intl = useIntl();
  const { data, loading, error, refetch } = useUserDetails();
  if (error) return <ErrorState message={error.message} onRetry={refetch} />;
  const currency = data?.userWallet?.currencyCode || data?.getUser?.currencyCode || DEFAULT_CURRENCY;
  const real = data?.userWallet?.amount ?? '0';
  const bonus = data?.userWallet?.nonCashAmount ?? '0';
  const total = (BigInt(real) + BigInt(bonus)).toString();
  const cards = [
    { label: m.realBalance, value: real },
    { label: m.bonusBalance, value: bonus },
    { label: m.totalBalance, value: total },
  ];
  return (
    <Stack $gap={5}>
      <Grid $min={220}>
        {cards.map((c) => (
          <Card key={c.label.id}>
            <Muted>{intl.formatMessage(c.label)}</Muted>
            {loading ? <Skeleton $height="36px" /> : <Amount>{formatMoney(c.value, currency)}</Amount>}
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
  const intl = useIntl();
  const { authenticated } = useSession();
  const { open } = useModal();
  return (
    <Page>
      <PageTitle>{intl.formatMessage(m.balanceTitle)}</PageTitle>
      {authenticated ? <Balances /> : <LoginRequired onLogin={() => open('login')} />}
    </Page>
  );
}
