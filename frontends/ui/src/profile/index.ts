// A separate entry (`@casino/ui/src/profile`), not part of the kit's index:
// only pages that draw the profile menu download it, not /casino or /deposit.
export { PROFILE_MENU, ProfileLayout, ProfileMenu } from './ProfileLayout';
export type { ProfileLayoutProps } from './ProfileLayout';
export { profileMenuMessages } from './messages';
