import { describe, expect, it } from 'vitest';
import { createIntl } from 'react-intl';
import { duration } from '../modals/ProtectionModals';
import { sessionLimitMinutes } from './TimeControls';

describe('session time limit bounds (SPEC 5, 9)', () => {
  it.each([
    ['10', 'minutes', { minutes: 10 }],
    ['9', 'minutes', { error: 'min' }],
    ['43200', 'minutes', { minutes: 43200 }],
    ['43201', 'minutes', { error: 'max' }],
    ['1', 'hours', { minutes: 60 }],
    ['0', 'hours', { error: 'min' }],
    ['720', 'hours', { minutes: 43200 }],
    ['721', 'hours', { error: 'max' }],
    ['1', 'days', { minutes: 1440 }],
    ['30', 'days', { minutes: 43200 }],
    ['31', 'days', { error: 'max' }],
    ['1.5', 'hours', { error: 'invalid' }],
    ['', 'days', { error: 'invalid' }],
  ] as const)('%s %s', (value, unit, want) => {
    expect(sessionLimitMinutes(value, unit)).toEqual(want);
  });
});

describe('reality check: time since log-in', () => {
  const intl = createIntl({ locale: 'en', messages: {} });
  it.each([
    [0, 'less than a minute'],
    [59, 'less than a minute'],
    [60, '1 minute'],
    [125, '2 minutes'],
    [3600, '1 hour 0 minutes'],
    [7260, '2 hours 1 minute'],
  ])('%i s → %s', (seconds, text) => {
    expect(duration(seconds, intl)).toBe(text);
  });
});
