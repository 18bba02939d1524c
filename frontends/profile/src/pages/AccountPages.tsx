import { lazy, Suspense } from 'react';
import { useIntl } from 'react-intl';
import { editProfileUrl, usePathname, useSettings } from '@casino/platform';
import { Grid, LinkButton, Stack } from '@casino/ui';
import { MyBonuses } from '../components/MyBonuses';
import { RewardsCalendarSetting } from '../components/RewardsCalendarSetting';
import { m } from '../messages';
import { PROFILE_MENU } from '../components/ProfileMenu';
import { ProfileLayout } from './ProfileLayout';
import { VipClub } from '../vip/VipClub';
import { ReferAFriend } from '../referral/ReferAFriend';
import { Freeze } from '../protection/Freeze';
import { Limits } from '../protection/Limits';
import { SelfExclusion } from '../protection/SelfExclusion';
import { RealityCheckCard, SessionLimitCard } from '../protection/TimeControls';

// The completion form checks phone numbers: it loads with its metadata on demand.
const ProfileCompletion = lazy(() => import('./MyProfilePage').then((x) => ({ default: () => <x.ProfileForm updateFrom="Update Form" /> })));

export const MyBonusesPage = () => (
  <ProfileLayout title={m.menuMyBonuses}>
    <Stack $gap={4}>
      <RewardsCalendarSetting />
      <MyBonuses />
    </Stack>
  </ProfileLayout>
);

export const VipClubPage = () => (
  <ProfileLayout title={m.menuVipClub}>
    <VipClub />
  </ProfileLayout>
);

export const FreezeAccountPage = () => (
  <ProfileLayout title={m.menuFreezeAccount}>
    <Stack $gap={4}>
      <Freeze />
      <SelfExclusion />
    </Stack>
  </ProfileLayout>
);

export const LimitsPage = () => (
  <ProfileLayout title={m.menuLimits}>
    <Stack $gap={4}>
      <Limits />
      <Grid $min={300}>
        <SessionLimitCard />
        <RealityCheckCard />
      </Grid>
    </Stack>
  </ProfileLayout>
);

/** /profile, /account: the menu as cards. */
export function OverviewPage() {
  const intl = useIntl();
  const settings = useSettings();
  const pathname = usePathname();
  return (
    <ProfileLayout title={m.overviewTitle}>
      <Suspense fallback={null}>
        <ProfileCompletion />
      </Suspense>
      <Grid $min={200}>
        <LinkButton href={editProfileUrl(settings, pathname)} variant="secondary" style={{ minHeight: 72 }}>
          {intl.formatMessage(m.overviewEditProfile)}
        </LinkButton>
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
