import { useIntl } from 'react-intl';
import { formatMoney, parseAmount } from '@casino/platform';
import { Button, Card, Muted, SectionTitle, Stack, useToast } from '@casino/ui';
import { useUserDetails } from '../api';
import { m } from '../messages';

/** referralData of get-user-details (bff/referral): earnings in the player's currency. */
export interface ReferralData {
  referralCode: string;
  referralLink: string;
  referredCount: number;
  earnings: string;
  percent: number;
}

/** The player's referral link and code, how many friends signed up through it and what it earned. */
export function ReferAFriend() {
  const intl = useIntl();
  const toast = useToast();
  const { data } = useUserDetails();
  const r = data?.referralData as ReferralData | undefined;
  if (!r?.referralCode) return null;
  const link = `${window.location.origin}${r.referralLink}`;
  const currency = data?.getUser?.currencyCode ?? 'EUR';
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(link);
      toast.show(intl.formatMessage(m.referralCopied), 'success');
    } catch {
      toast.show(intl.formatMessage(m.clipboardFailed), 'error');
    }
  };
  const scale = r.earnings.split('.')[1]?.length ?? 2;
  return (
    <Card data-testid="refer-a-friend">
      <Stack $gap={3}>
        <SectionTitle>{intl.formatMessage(m.referralTitle)}</SectionTitle>
        <Muted>{intl.formatMessage(m.referralIntro, { percent: r.percent })}</Muted>
        <div>
          {intl.formatMessage(m.referralCode)} <strong data-testid="referral-code">{r.referralCode}</strong>
        </div>
        <code data-testid="referral-link" style={{ overflowWrap: 'anywhere' }}>
          {link}
        </code>
        <div>
          <Button variant="secondary" onClick={copy}>
            {intl.formatMessage(m.referralCopy)}
          </Button>
        </div>
        <div data-testid="referral-count">{intl.formatMessage(m.referralCount, { count: r.referredCount })}</div>
        <div data-testid="referral-earnings">
          {intl.formatMessage(m.referralEarnings, { amount: formatMoney(parseAmount(r.earnings, scale) ?? '0', currency, { precise: scale > 2 }) })}
        </div>
      </Stack>
    </Card>
  );
}
