import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { DEFAULT_CURRENCY, formatMoney, parseAmount, useModal, useSession } from '@casino/platform';
import { Button, Card, ErrorState, LoginRequired, Page, PageTitle, SectionTitle, Stack, useToast } from '@casino/ui';
import { DEFAULT_AMOUNT, minorToInput, presetMinor } from '../amount';
import { createDeposit, usePaymentMethods, useUserDetails } from '../api';
import { AmountPicker } from '../components/AmountPicker';
import { MethodGrid } from '../components/MethodGrid';
import { depositErrorText } from '../errors';
import { m } from '../messages';

function DepositForm() {
  const intl = useIntl();
  const toast = useToast();
  const user = useUserDetails();
  const currency = user.data?.getUser?.currencyCode || DEFAULT_CURRENCY;
  const methods = usePaymentMethods(user.data ? currency : undefined, user.data?.getUser?.countryCode);
  const [amount, setAmount] = useState(minorToInput(presetMinor(DEFAULT_AMOUNT)));
  const [method, setMethod] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const minor = parseAmount(amount);
  const amountError = minor == null ? intl.formatMessage(m.amountInvalid) : minor === '0' ? intl.formatMessage(m.amountPositive) : undefined;

  const submit = async () => {
    if (!minor || amountError || !method) return;
    setSubmitting(true);
    try {
      const res = await createDeposit({ amount: minor, paymentMethod: method, currencyCode: currency });
      if (res?.redirectUrl) window.location.assign(res.redirectUrl);
    } catch (e) {
      toast.show(depositErrorText(intl, e), 'error');
    } finally {
      setSubmitting(false);
    }
  };

  if (user.error) return <ErrorState message={user.error.message} onRetry={user.refetch} />;
  return (
    <Stack $gap={5}>
      <Card>
        <AmountPicker value={amount} onChange={setAmount} currency={currency} error={amountError} />
      </Card>
      <section>
        <SectionTitle>{intl.formatMessage(m.paymentMethods)}</SectionTitle>
        {methods.error ? (
          <ErrorState message={methods.error.message} onRetry={methods.refetch} />
        ) : (
          <MethodGrid methods={methods.data ?? []} loading={user.loading || methods.loading} selected={method} onSelect={setMethod} />
        )}
      </section>
      <Button size="lg" block disabled={!method || !!amountError} loading={submitting} onClick={submit}>
        {method ? (
          <FormattedMessage {...m.depositCta} values={{ amount: minor && !amountError ? formatMoney(minor, currency) : '' }} />
        ) : (
          <FormattedMessage {...m.selectMethod} />
        )}
      </Button>
    </Stack>
  );
}

export function DepositPage() {
  const intl = useIntl();
  const { authenticated } = useSession();
  const { open } = useModal();
  return (
    <Page style={{ maxWidth: 720 }}>
      <PageTitle>{intl.formatMessage(m.depositTitle)}</PageTitle>
      {authenticated ? <DepositForm /> : <LoginRequired onLogin={() => open('login')} />}
    </Page>
  );
}
