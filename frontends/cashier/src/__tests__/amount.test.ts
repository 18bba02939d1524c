import { describe, expect, it } from 'vitest';
import { DEFAULT_AMOUNT, minorToInput, PRESET_AMOUNTS, presetMinor, stepDown, stepUp } from '../amount';

const units = (n: number) => BigInt(n) * 100n;
const walkUp = (start: number, steps: number) => {
  const seen: string[] = [];
  let v = units(start);
  for (let i = 0; i < steps; i++) seen.push(minorToInput((v = stepUp(v))));
  return seen;
};
const walkDown = (start: number, steps: number) => {
  const seen: string[] = [];
  let v = units(start);
  for (let i = 0; i < steps; i++) seen.push(minorToInput((v = stepDown(v))));
  return seen;
};

describe('deposit presets and step rule', () => {
  it('offers 25, 50, 100 with 25 as default', () => {
    expect(PRESET_AMOUNTS).toEqual([25, 50, 100]);
    expect(DEFAULT_AMOUNT).toBe(25);
    expect(presetMinor(25)).toBe(2500n);
  });

  it('steps up by 1 up to 30, then by 5', () => {
    expect(walkUp(25, 8)).toEqual(['26', '27', '28', '29', '30', '35', '40', '45']);
    expect(walkUp(0, 2)).toEqual(['1', '2']);
  });

  it('steps down by 5 above 30, then by 1 down to 0', () => {
    expect(walkDown(45, 5)).toEqual(['40', '35', '30', '29', '28']);
    expect(walkDown(2, 4)).toEqual(['1', '0', '0', '0']);
  });

  it('applies the rule to amounts off the grid and with cents', () => {
    expect(minorToInput(stepUp(2950n))).toBe('30.5');
    expect(minorToInput(stepUp(3050n))).toBe('35.5');
    expect(minorToInput(stepDown(3050n))).toBe('25.5');
    expect(minorToInput(stepDown(50n))).toBe('0');
  });

  it('works for other minor-unit scales', () => {
    expect(stepUp(30_000n, 3)).toBe(35_000n);
    expect(stepDown(30_000n, 3)).toBe(29_000n);
    expect(minorToInput(10_000n, 2)).toBe('100');
    expect(minorToInput(100n, 0)).toBe('100');
    expect(minorToInput(120_000n, 8)).toBe('0.0012');
    expect(minorToInput(0n, 8)).toBe('0');
  });
});
