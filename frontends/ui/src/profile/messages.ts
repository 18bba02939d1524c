import type { MessageDescriptor } from 'react-intl';

// Plain descriptors (not react-intl's typed defineMessages): the consumers' own
// untyped messages spread these in.
const defineMessages = <K extends string>(messages: Record<K, MessageDescriptor & { id: string; defaultMessage: string }>) => messages;

/** The profile menu (SPEC section 2), shared by the profile and cashier micro-frontends. */
export const profileMenuMessages = defineMessages({
  menuLabel: { id: 'profile.menu.label', defaultMessage: 'Profile menu' },
  menuMyProfile: { id: 'profile.menu.myProfile', defaultMessage: 'My profile' },
  menuBalance: { id: 'profile.menu.balance', defaultMessage: 'Balance' },
  menuVerification: { id: 'profile.menu.verification', defaultMessage: 'Verification' },
  menuMyBonuses: { id: 'profile.menu.myBonuses', defaultMessage: 'My bonuses' },
  menuVipClub: { id: 'profile.menu.vipClub', defaultMessage: 'VIP club' },
  menuStatistics: { id: 'profile.menu.statistics', defaultMessage: 'Statistics' },
  menuMyHistory: { id: 'profile.menu.myHistory', defaultMessage: 'My history' },
  menuFreezeAccount: { id: 'profile.menu.freezeAccount', defaultMessage: 'Freeze account' },
  menuLimits: { id: 'profile.menu.limits', defaultMessage: 'Limits' },
});
