import type { MessageDescriptor } from 'react-intl';

// Plain descriptors (not react-intl's typed defineMessages): the consumers' own
// untyped messages spread these in.
const defineMessages = <K extends string>(messages: Record<K, MessageDescriptor & { id: string; defaultMessage: string }>) => messages;

/** The profile menu (SPEC section 2), shared by the profile and cashier micro-frontends. */
export const profileMenuMessages = defineMessages({
  menuLabel: { id: 'ui.profileMenu.label', defaultMessage: 'Profile menu' },
  menuMyProfile: { id: 'ui.profileMenu.myProfile', defaultMessage: 'My profile' },
  menuBalance: { id: 'ui.profileMenu.balance', defaultMessage: 'Balance' },
  menuVerification: { id: 'ui.profileMenu.verification', defaultMessage: 'Verification' },
  menuMyBonuses: { id: 'ui.profileMenu.myBonuses', defaultMessage: 'My bonuses' },
  menuVipClub: { id: 'ui.profileMenu.vipClub', defaultMessage: 'VIP club' },
  menuStatistics: { id: 'ui.profileMenu.statistics', defaultMessage: 'Statistics' },
  menuMyHistory: { id: 'ui.profileMenu.myHistory', defaultMessage: 'My history' },
  menuFreezeAccount: { id: 'ui.profileMenu.freezeAccount', defaultMessage: 'Freeze account' },
  menuLimits: { id: 'ui.profileMenu.limits', defaultMessage: 'Limits' },
});
