import { BREAKPOINTS } from './constants';

export type DeviceType = 'mobile' | 'tablet' | 'desktop';

/** mobile ≤ 767 px, tablet 768–1024 px, desktop above (SPEC section 9). */
export function deviceTypeForWidth(width: number): DeviceType {
  if (width <= BREAKPOINTS.mobileMax) return 'mobile';
  if (width <= BREAKPOINTS.tabletMax) return 'tablet';
  return 'desktop';
}

export function userDeviceType(): DeviceType {
  return deviceTypeForWidth(window.innerWidth);
}

export function screenResolution(): string {
  return `${window.screen?.width ?? 0}x${window.screen?.height ?? 0}`;
}
