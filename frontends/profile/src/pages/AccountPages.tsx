import { lazy, Suspense, useState } from 'react';
import { useIntl } from 'react-intl';
import { Button, Card, ErrorState, Field, Grid, LinkButton, Muted, Select, Stack } from '@casino/ui';
import { MyBonuses } from '../components/MyBonuses';
import { m } from '../messages';
import { PROFILE_MENU } from '../components/ProfileMenu';
import { ProfileLayout } from './ProfileLayout';
import { VipClub } from '../vip/VipClub';
import { ReferAFriend } from '../referral/ReferAFriend';

// The completion form checks phone numbers: it loads with its metadata on demand.
const ProfileCompletion = lazy(() => import('./MyProfilePage').then((x) => ({ default: () => <x.ProfileForm updateFrom="Update Form" /> })));

export const MyBonusesPage = () => (
  <ProfileLayout title={m.menuMyBonuses}>
    <MyBonuses />
  </ProfileLayout>
);

export const VipClubPage = () => (
  <ProfileLayout title={m.menuVipClub}>
    <VipClub />
  </ProfileLayout>
);

/** Freeze options (SPEC section 9): 1 day (24h), 3, 7, 10 days. */
export const FREEZE_DAYS = [1, 3, 7, 10] as const;

function Freeze() {
  const intl = useIntl();
  const [days, setDays] = useState<string>('1');
  const label = (d: number) => (d === 1 ? intl.formatMessage(m.freezeDay24) : intl.formatMessage(m.freezeDays, { days: d }));
  return (
    <Card>
      <Muted style={{ marginBottom: 16 }}>{intl.formatMessage(m.freezeIntro)}</Muted>
      <Select label={intl.formatMessage(m.menuFreezeAccount)} value={days} onChange={(e) => setDays(e.target.value)} options={FREEZE_DAYS.map((d) => ({ value: String(d), label: label(d) }))} />
      <Button variant="danger" disabled>
        {intl.formatMessage(m.freezeSubmit)}
      </Button>
    </Card>
  );
}

export const FreezeAccountPage = () => (
  <ProfileLayout title={m.menuFreezeAccount}>
    <Freeze />
  </ProfileLayout>
);

function Limits() {
  const intl = useIntl();
  const periods = [
    { value: 'daily', label: intl.formatMessage(m.limitDaily) },
    { value: 'weekly', label: intl.formatMessage(m.limitWeekly) },
    { value: 'monthly', label: intl.formatMessage(m.limitMonthly) },
  ];
  return (
    <Stack $gap={4}>
      <Muted>{intl.formatMessage(m.limitsIntro)}</Muted>
      <Grid $min={260}>
        {[m.limitDeposit, m.limitLoss, m.limitBet].map((kind) => (
          <Card key={kind.id}>
            <strong>{intl.formatMessage(kind)}</strong>
            <Select label={intl.formatMessage(m.limitPeriod)} options={periods} defaultValue="daily" />
            <Field label={intl.formatMessage(kind)} inputMode="decimal" />
            <Button variant="secondary" disabled>
              {intl.formatMessage(m.limitSave)}
            </Button>
          </Card>
        ))}
      </Grid>
    </Stack>
  );
}

export const LimitsPage = () => (
  <ProfileLayout title={m.menuLimits}>
    <Limits />
  </ProfileLayout>
);

/** /profile, /account: the menu as cards. */
export function OverviewPage() {
  const intl = useIntl();
  return (
    <ProfileLayout title={m.overviewTitle}>
      <Suspense fallback={null}>
        <ProfileCompletion />
      </Suspense>
      <Grid $min={200}>
        {PROFILE_MENU.map((item) => (
          <LinkButton key={item.href} href={item.href} variant="secondary" style={{ minHeight: 72 }}>
            {intl.formatMessage(item.label)}
          </LinkButton>
        ))}
      </Grid>
      <div style={{ marginTop: 24 }}>
        <ReferAFriend />
      </div>
    </ProfileLayout>
  );
}
