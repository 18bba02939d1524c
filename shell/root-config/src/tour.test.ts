import { beforeEach, describe, expect, it, vi } from 'vitest';
import { readTour, startTour, type TourDoc } from './tour';

const doc: TourDoc = {
  labels: { dialog: 'Welcome tour', progress: 'Step {step} of {total}', next: 'Next', back: 'Back', skip: 'Skip tour', finish: 'Finish', inMenu: 'In the menu.' },
  menu: '.menu-btn',
  steps: [
    { id: 'lobby', target: '#nav-casino', title: 'The lobby', text: 'All games.' },
    { id: 'limits', target: '.user-chip', title: 'Limits', text: 'Set limits.', href: '/profile2/limits', linkText: 'Set my limits' },
  ],
};

function page(tour: TourDoc | null = doc) {
  document.body.innerHTML =
    `<div id="site"><header id="site-header"><button class="menu-btn">m</button><a id="nav-casino" href="/casino">Casino</a><span class="user-chip">Ada</span>` +
    (tour ? `<div id="onboarding-tour" hidden data-tour='${JSON.stringify(tour).replace(/'/g, '&#39;')}'></div>` : '') +
    `</header></div><div id="mf-modal"></div>`;
}

const key = (k: string, shiftKey = false) => document.dispatchEvent(new KeyboardEvent('keydown', { key: k, shiftKey, bubbles: true }));
const dialog = () => document.querySelector('[role="dialog"]') as HTMLElement | null;
const button = (name: string) => Array.from(dialog()!.querySelectorAll('button')).find((b) => b.textContent === name) as HTMLButtonElement;

describe('onboarding tour', () => {
  beforeEach(() => page());

  it('reads the server document, and nothing without one', () => {
    expect(readTour()?.steps).toHaveLength(2);
    page(null);
    expect(readTour()).toBeNull();
  });

  it('steps forward and back, then finishes and records it', async () => {
    const mark = vi.fn(async () => true);
    const done = startTour(document, mark);
    const d = dialog()!;
    expect(d.getAttribute('aria-modal')).toBe('true');
    expect(document.getElementById('site')!.hasAttribute('inert')).toBe(true);
    expect(document.activeElement?.id).toBe('ob-title');
    expect(d.textContent).toContain('Step 1 of 2');
    expect(button('Back').disabled).toBe(true);
    button('Next').click();
    expect(d.textContent).toContain('Step 2 of 2');
    expect(d.querySelector('a')!.getAttribute('href')).toBe('/profile2/limits');
    button('Back').click();
    expect(d.querySelector('h2')!.textContent).toBe('The lobby');
    button('Next').click();
    button('Finish').click();
    await expect(done).resolves.toBe('finished');
    expect(mark).toHaveBeenCalledWith('finished');
    expect(dialog()).toBeNull();
    expect(document.getElementById('onboarding-tour')).toBeNull();
    expect(document.getElementById('site')!.hasAttribute('inert')).toBe(false);
  });

  it('Escape skips; Tab stays in the dialog', async () => {
    const mark = vi.fn(async () => true);
    const done = startTour(document, mark);
    button('Skip tour').focus();
    key('Tab', true); // from the first control back to the last
    expect(document.activeElement?.textContent).toBe('Next');
    key('Tab'); // from the last control to the first
    expect(document.activeElement?.textContent).toBe('Skip tour');
    key('Escape');
    await expect(done).resolves.toBe('skipped');
    expect(mark).toHaveBeenCalledWith('skipped');
  });

  it('starts once', async () => {
    const mark = vi.fn(async () => true);
    const first = startTour(document, mark);
    await expect(startTour(document, mark)).resolves.toBeNull();
    key('Escape');
    await first;
    expect(document.querySelectorAll('[role="dialog"]')).toHaveLength(0);
  });
});
