// The kit's icons: one curated set of Lucide glyphs, shipped once in the shared
// UI singleton so micro-frontends never bundle their own copies. SVG instead
// of emoji: emoji depend on the visitor's fonts (a bare Linux or a kiosk shows
// empty boxes) and cannot follow the theme's colours.
import { lazy, Suspense, type SVGProps } from 'react';

export const iconNames = ['building', 'calendar', 'compass', 'dice', 'gift', 'heart', 'history', 'lock', 'sparkles', 'warning', 'trophy'] as const;
export type IconName = (typeof iconNames)[number];

const IconGlyph = lazy(() => import('./IconGlyphs'));

export interface IconProps extends Omit<SVGProps<SVGSVGElement>, 'ref'> {
  name: IconName;
  size?: number | string;
  strokeWidth?: number;
}

/**
 * A decorative icon (aria-hidden unless it has an aria-label). While its
 * chunk loads, an empty box of the same size holds the place, so nothing moves.
 */
export function Icon({ name, size = '1em', strokeWidth = 1.75, ...rest }: IconProps) {
  const hidden = rest['aria-label'] ? undefined : true;
  return (
    <Suspense fallback={<span aria-hidden="true" style={{ display: 'inline-block', width: size, height: size }} />}>
      <IconGlyph name={name} size={size} strokeWidth={strokeWidth} aria-hidden={hidden} {...rest} />
    </Suspense>
  );
}
