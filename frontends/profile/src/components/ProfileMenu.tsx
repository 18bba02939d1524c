// The menu is shared with the cashier's /profile2 pages (balance, my history).
export { PROFILE_MENU, ProfileMenu } from '@casino/ui/src/profile';
