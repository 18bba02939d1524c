import { beforeEach, describe, expect, it } from 'vitest';
import { resetTitles, titleFor } from './titles';

describe('page titles', () => {
  beforeEach(() => {
    resetTitles();
    document.body.innerHTML = `<script id="page-titles" type="application/json">${JSON.stringify({
      brand: 'Aurum Casino',
      routes: [
        { path: '/', title: '' },
        { path: '/casino', title: 'Casino' },
        { path: '/casino', prefix: true, title: 'Casino' },
        { path: '/casino/slots', title: 'Slots' },
        { path: '/deposit', title: 'Einzahlung' },
      ],
    })}</script>`;
  });

  it('takes the longest match, exact before prefix, the brand alone for the home page', () => {
    expect(titleFor('/deposit')).toBe('Einzahlung · Aurum Casino');
    expect(titleFor('/casino/slots')).toBe('Slots · Aurum Casino');
    expect(titleFor('/casino/games/x')).toBe('Casino · Aurum Casino');
    expect(titleFor('/')).toBe('Aurum Casino');
    expect(titleFor('/nowhere')).toBeNull();
  });

  it('knows nothing without the table', () => {
    resetTitles();
    document.body.innerHTML = '';
    expect(titleFor('/deposit')).toBeNull();
  });
});
