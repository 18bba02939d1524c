// The Lucide glyphs behind <Icon>. Loaded as its own chunk the first time an
// icon renders: a first visit to the lobby shows none, and the first-visit
// JavaScript budget (docs/benchmarks.md) has no room for them.
import {
  Building2,
  CalendarDays,
  Compass,
  Dices,
  Gift,
  Heart,
  History,
  Lock,
  Sparkles,
  TriangleAlert,
  Trophy,
  type LucideProps,
} from 'lucide-react';
import type { IconName } from './Icons';

const glyphs: Record<IconName, typeof Lock> = {
  building: Building2,
  calendar: CalendarDays,
  compass: Compass,
  dice: Dices,
  gift: Gift,
  heart: Heart,
  history: History,
  lock: Lock,
  sparkles: Sparkles,
  warning: TriangleAlert,
  trophy: Trophy,
};

export default function IconGlyph({ name, ...props }: LucideProps & { name: IconName }) {
  const Glyph = glyphs[name];
  return <Glyph {...props} />;
}
