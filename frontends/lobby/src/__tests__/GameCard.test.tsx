import { cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { Game } from '../api';
import { EAGER_TILES, GameCard, TILE_SIZES } from '../components/GameCard';

const base: Game = { id: 'fruit-fiesta', slug: 'fruit-fiesta', name: 'Fruit Fiesta', thumbnailUrl: '/studio/thumbnails/fruit-fiesta.svg' };
const srcset = '/studio/thumbnails/fruit-fiesta-160.webp 160w, /studio/thumbnails/fruit-fiesta-320.webp 320w';

describe('GameCard thumbnail', () => {
  afterEach(cleanup);

  it('offers the WebP sizes with the shell\'s sizes, like the server\'s first screen', () => {
    const { container } = render(<GameCard game={{ ...base, thumbnailSrcset: srcset }} index={0} />);
    const img = container.querySelector('img')!;
    expect(img.getAttribute('src')).toBe(base.thumbnailUrl);
    expect(img.getAttribute('srcset')).toBe(srcset);
    expect(img.getAttribute('sizes')).toBe(TILE_SIZES);
    expect(img.getAttribute('fetchpriority')).toBe('high');
    expect(img.getAttribute('loading')).toBeNull();
  });

  it('shows an operator\'s own image as it is, lazily past the first row', () => {
    const { container } = render(<GameCard game={{ ...base, thumbnailUrl: 'https://cdn.example.com/x.png' }} index={EAGER_TILES} />);
    const img = container.querySelector('img')!;
    expect(img.getAttribute('srcset')).toBeNull();
    expect(img.getAttribute('sizes')).toBeNull();
    expect(img.getAttribute('loading')).toBe('lazy');
  });
});
