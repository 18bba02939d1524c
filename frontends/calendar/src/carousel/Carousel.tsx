import { useEffect, useState, type ReactNode } from 'react';
import { useIntl } from 'react-intl';
import styled from 'styled-components';
import { Button, Stack } from '@casino/ui';
import { DEFAULT_CAROUSEL_MS, nextSlide } from '../calendar';
import { cm } from './messages';

const Viewport = styled.div`
  overflow: hidden;
  --per: 3;
  ${({ theme }) => theme.media.mobile} {
    --per: 1;
  }
`;

/* Previous and next point the way the slides run: mirrored right to left. */
const Arrow = styled.span`
  display: inline-block;
  html[dir='rtl'] & {
    transform: scaleX(-1);
  }
`;

const Track = styled.div<{ $index: number; $animate: boolean }>`
  display: flex;
  transform: translateX(calc(${({ $index }) => $index} * -100% / var(--per)));
  /* Right to left the slides run leftwards, so the track moves the other way. */
  html[dir='rtl'] & {
    transform: translateX(calc(${({ $index }) => $index} * 100% / var(--per)));
  }
  transition: ${({ $animate }) => ($animate ? 'transform 400ms ease' : 'none')};
  > * {
    flex: 0 0 calc(100% / var(--per));
    box-sizing: border-box;
    padding: 0 ${({ theme }) => theme.space(1)};
  }
`;

const reducedMotion = () => typeof matchMedia === 'function' && matchMedia('(prefers-reduced-motion: reduce)').matches;
const perView = () => (typeof matchMedia === 'function' && matchMedia('(max-width: 767px)').matches ? 1 : 3);

/**
 * Slides that scroll by themselves every intervalMs (2 s by default, SPEC
 * section 9), wrapping round; they stop while the pointer or the focus is on
 * them, when the player pauses them, and for players who ask for reduced
 * motion. Previous/next move by hand.
 */
export function Carousel({ items, label, intervalMs = DEFAULT_CAROUSEL_MS, start = 0 }: { items: { key: string; node: ReactNode }[]; label: string; intervalMs?: number; start?: number }) {
  const intl = useIntl();
  const [per] = useState(perView);
  const stops = Math.max(1, items.length - per + 1);
  const [index, setIndex] = useState(() => Math.min(Math.max(0, start), stops - 1));
  const [hold, setHold] = useState(false);
  const [paused, setPaused] = useState(reducedMotion);
  const still = hold || paused;

  useEffect(() => {
    if (still || stops <= 1) return undefined;
    const t = setInterval(() => setIndex((i) => nextSlide(i, stops)), intervalMs);
    return () => clearInterval(t);
  }, [still, stops, intervalMs]);

  return (
    <Stack $gap={2}>
      <Viewport
        role="region"
        aria-roledescription="carousel"
        aria-label={label}
        data-testid="carousel"
        data-index={index}
        onMouseEnter={() => setHold(true)}
        onMouseLeave={() => setHold(false)}
        onFocus={() => setHold(true)}
        onBlur={() => setHold(false)}
      >
        <Track $index={index} $animate={!reducedMotion()} aria-live={still ? 'polite' : 'off'}>
          {items.map((it, i) => (
            <div key={it.key} role="group" aria-roledescription="slide" inert={i < index || i >= index + per || undefined}>
              {it.node}
            </div>
          ))}
        </Track>
      </Viewport>
      <Stack $row $gap={2} $justify="center">
        <Button size="sm" variant="secondary" aria-label={intl.formatMessage(cm.carouselPrevious)} onClick={() => setIndex((i) => (i - 1 + stops) % stops)}>
          <Arrow aria-hidden="true">‹</Arrow>
        </Button>
        <Button size="sm" variant="secondary" onClick={() => setPaused((p) => !p)}>
          {intl.formatMessage(paused ? cm.carouselPlay : cm.carouselPause)}
        </Button>
        <Button size="sm" variant="secondary" aria-label={intl.formatMessage(cm.carouselNext)} onClick={() => setIndex((i) => nextSlide(i, stops))}>
          <Arrow aria-hidden="true">›</Arrow>
        </Button>
      </Stack>
    </Stack>
  );
}
