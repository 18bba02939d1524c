import { useEffect } from 'react';
import { useIntl } from 'react-intl';
import { Select } from '@casino/ui';
import type { DepositBonus } from '../api';
import { m } from '../messages';
import { showMoney } from '../money';

export interface BonusPickerProps {
  bonuses: DepositBonus[];
  value: string;
  onChange: (id: string) => void;
  currency: string;
  scale: number;
}

/** Optional deposit bonus, with each bonus's minimum deposit (SPEC section 5). */
export function BonusPicker({ bonuses, value, onChange, currency, scale }: BonusPickerProps) {
  const intl = useIntl();
  // A link may name the bonus by its code: select it by id once the list is in.
  const byCode = bonuses.find((b) => b.code != null && b.code === value);
  useEffect(() => {
    if (byCode) onChange(String(byCode.id));
  }, [byCode, onChange]);
  if (bonuses.length === 0) return null;
  const chosen = bonuses.find((b) => String(b.id) === value);
  return (
    <div data-testid="bonus-picker">
      <Select
        label={intl.formatMessage(m.bonusesTitle)}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        options={[
          { value: '', label: intl.formatMessage(m.noBonus) },
          ...bonuses.map((b) => ({
            value: String(b.id),
            label: [b.banner?.bannerTitle || b.name || String(b.id), b.minDeposit ? intl.formatMessage(m.minDepositBonus, { amount: showMoney(b.minDeposit, currency, scale) }) : '']
              .filter(Boolean)
              .join(' · '),
          })),
        ]}
      />
      {chosen?.minDeposit && <p style={{ margin: 0 }}>{intl.formatMessage(m.minDepositBonus, { amount: showMoney(chosen.minDeposit, currency, scale) })}</p>}
    </div>
  );
}
