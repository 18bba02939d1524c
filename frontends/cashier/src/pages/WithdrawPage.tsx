import { useIntl } from 'react-intl';
import { Card, ErrorState, Muted, Page, PageTitle, SectionTitle, Stack } from '@casino/ui';
import { useWithdrawals } from '../api';
import { MethodGrid } from '../components/MethodGrid';
import { Notice } from '../components/Notice';
import { PendingWithdrawals } from '../components/PendingWithdrawals';
import { WithdrawForm } from '../components/WithdrawForm';
import { depositErrorText } from '../errors';
import { useCashierMethods } from '../hooks/useCashierMethods';
import { m } from '../account/messages';
import { showMoney } from '../money';

/** The instant-withdrawal info box (SPEC section 2). */
function InstantWithdrawalInfo() {
  const intl = useIntl();
  return (
    <Notice title={intl.formatMessage(m.instantTitle)} testId="instant-withdrawal-info">
      {intl.formatMessage(m.instantText)}
    </Notice>
  );
}

function Withdraw() {
  const intl = useIntl();
  const { user, methods, currency, scale, selected, select } = useCashierMethods('withdrawal');
  const pending = useWithdrawals('pending');
  const wallet = user.data?.userWallet;
  const refresh = () => {
    user.refetch();
    pending.refetch();
  };

  if (user.error) return <ErrorState message={depositErrorText(intl, user.error)} onRetry={user.refetch} />;
  const limit = user.data?.getUser?.userLimit;
  return (
    <Stack $gap={5}>
      {limit?.isSelfExcluded && (
        // The restricted session of a self-excluded player lands here (docs/protection.md).
        <Notice title={intl.formatMessage(m.selfExcludedTitle)} testId="self-excluded-notice">
          {limit.isSelfExclusionPermanent || !limit.selfExclusion
            ? intl.formatMessage(m.selfExcludedPermanent)
            : intl.formatMessage(m.selfExcludedUntil, { date: intl.formatDate(limit.selfExclusion, { dateStyle: 'medium', timeStyle: 'short' }) })}
        </Notice>
      )}
      <InstantWithdrawalInfo />
      {wallet && (
        <Stack $row $wrap $gap={5}>
          <Muted data-testid="withdrawable">{intl.formatMessage(m.withdrawable, { amount: showMoney(wallet.withdrawable, currency, scale) })}</Muted>
          <Muted data-testid="on-hold">{intl.formatMessage(m.onHold, { amount: showMoney(wallet.onHold, currency, scale) })}</Muted>
        </Stack>
      )}
      <section>
        <SectionTitle>{intl.formatMessage(m.withdrawMethod)}</SectionTitle>
        {methods.error ? (
          <Notice tone="error">{depositErrorText(intl, methods.error)}</Notice>
        ) : (
          <MethodGrid
            mode="withdrawal"
            methods={methods.data ?? []}
            loading={user.loading || methods.loading}
            selected={selected?.name ?? null}
            onSelect={select}
            emptyText={intl.formatMessage(m.noWithdrawMethods)}
          />
        )}
      </section>
      {selected && (
        <Card>
          <Muted style={{ marginBottom: 16 }}>{intl.formatMessage(m.withdrawRules)}</Muted>
          <WithdrawForm key={selected.name} method={selected} currency={currency} scale={scale} defaultEmail={user.data?.getUser?.email} onDone={refresh} />
        </Card>
      )}
      <PendingWithdrawals list={pending} scale={scale} onChanged={refresh} />
    </Stack>
  );
}

// Visitors never get here: CashierApp shows them the log-in prompt without downloading this chunk.
export function WithdrawPage() {
  const intl = useIntl();
  return (
    <Page style={{ maxWidth: 820 }} data-testid="cashier-app">
      <PageTitle>{intl.formatMessage(m.withdrawTitle)}</PageTitle>
      <Withdraw />
    </Page>
  );
}
