import { afterEach, describe, expect, it } from 'vitest';
import { embeddedGame, embeddedPromotions, resetFirstScreen } from '../firstScreen';

function embed(id: string, doc: unknown) {
  const el = document.createElement('script');
  el.id = id;
  el.type = 'application/json';
  el.textContent = JSON.stringify(doc);
  document.body.appendChild(el);
}

describe("the game page's and the promotions' embedded data (issue 19)", () => {
  afterEach(() => {
    document.body.innerHTML = '';
    resetFirstScreen();
  });

  it('answers the embedded game for its own slug only', () => {
    embed('lobby-game', { game: { id: 'fruit-fiesta', slug: 'fruit-fiesta', name: 'Fruit Fiesta' } });
    expect(embeddedGame('fruit-fiesta')?.name).toBe('Fruit Fiesta');
    expect(embeddedGame('other')).toBeNull();
  });

  it('answers the embedded promotions in their language only', () => {
    embed('lobby-promotions', { language: 'en', bonus: { count: 1, rows: [{ id: 1, code: 'free-10' }] } });
    expect(embeddedPromotions('en')?.bonus.rows[0].code).toBe('free-10');
    expect(embeddedPromotions('de')).toBeNull();
  });

  it('answers nothing without a page of its own or with a broken document', () => {
    expect(embeddedGame('fruit-fiesta')).toBeNull();
    resetFirstScreen();
    const el = document.createElement('script');
    el.id = 'lobby-promotions';
    el.textContent = '{nope';
    document.body.appendChild(el);
    expect(embeddedPromotions('en')).toBeNull();
  });
});
