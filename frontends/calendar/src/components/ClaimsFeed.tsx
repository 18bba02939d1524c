import { useIntl } from 'react-intl';
import { formatMoney } from '@casino/platform';
import { useToast } from '@casino/ui';
import { useClaimsFeed } from '../api';
import { decimalToMinor } from '../calendar';
import { m } from '../messages';

/** The toast feed of claims (SPEC section 2): every paid rakeback claim, live, as "Ada L. claimed €3.20". */
export function ClaimsFeed() {
  const intl = useIntl();
  const toast = useToast();
  useClaimsFeed(true, (c) => {
    const { minor, scale } = decimalToMinor(c.amount);
    toast.show(intl.formatMessage(m.feedClaim, { name: c.name, amount: formatMoney(minor, c.currencyCode, { scale }) }), 'success', 4000);
  });
  return null;
}
