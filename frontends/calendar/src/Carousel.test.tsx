import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PlatformProvider } from '@casino/platform';
import { darkTheme } from '@casino/ui';
import { Carousel } from './carousel/Carousel';

const items = Array.from({ length: 5 }, (_, i) => ({ key: String(i), node: <span>day {i}</span> }));
const index = () => screen.getByTestId('carousel').getAttribute('data-index');

function renderCarousel(intervalMs?: number) {
  return render(
    <PlatformProvider theme={darkTheme} messages={{}}>
      <Carousel items={items} label="Rakeback calendar" intervalMs={intervalMs} />
    </PlatformProvider>,
  );
}

describe('Carousel', () => {
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
  });

  it('moves every 3 s when the calendar asks, and stops while hovered or paused', () => {
    vi.useFakeTimers();
    renderCarousel(3000);
    const start = Number(index());
    act(() => vi.advanceTimersByTime(2999));
    expect(Number(index())).toBe(start);
    act(() => vi.advanceTimersByTime(1));
    expect(Number(index())).toBe(start + 1);
    fireEvent.mouseEnter(screen.getByTestId('carousel'));
    act(() => vi.advanceTimersByTime(9000));
    expect(Number(index())).toBe(start + 1);
    fireEvent.mouseLeave(screen.getByTestId('carousel'));
    fireEvent.click(screen.getByRole('button', { name: 'Pause' }));
    act(() => vi.advanceTimersByTime(9000));
    expect(Number(index())).toBe(start + 1);
  });

  it('moves every 2 s by default', () => {
    vi.useFakeTimers();
    renderCarousel();
    const start = Number(index());
    act(() => vi.advanceTimersByTime(2000));
    expect(Number(index())).not.toBe(start);
  });
});
