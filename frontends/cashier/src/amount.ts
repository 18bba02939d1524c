/**
 * Deposit amount presets and the stepper rule (SPEC sections 4 and 9):
 * presets 25, 50, 100 (default 25); going up steps by 1 up to 30, then by 5;
 * going down steps by 5 above 30 and by 1 down to 0.
 *
 * Amounts are whole-unit integers handled as BigInt minor units — the stepper
 * never touches floats.
 */
import { minorToDecimal } from './money';

export const PRESET_AMOUNTS = [25, 50, 100] as const;
export const DEFAULT_AMOUNT = 25;
const THRESHOLD = 30n;
const SMALL_STEP = 1n;
const LARGE_STEP = 5n;

function unit(scale: number): bigint {
  return 10n ** BigInt(scale);
}

/** Next amount up: +1 below 30, +5 from 30 on. `minor` is in minor units. */
export function stepUp(minor: bigint, scale = 2): bigint {
  const u = unit(scale);
  return minor + (minor < THRESHOLD * u ? SMALL_STEP : LARGE_STEP) * u;
}

/** Next amount down: −5 above 30, −1 from 30 down; never below 0. */
export function stepDown(minor: bigint, scale = 2): bigint {
  const u = unit(scale);
  const next = minor - (minor > THRESHOLD * u ? LARGE_STEP : SMALL_STEP) * u;
  return next < 0n ? 0n : next;
}

/** Whole-unit preset → minor units. */
export function presetMinor(preset: number, scale = 2): bigint {
  return BigInt(preset) * unit(scale);
}

/** Minor units → the text shown in the amount input ("25", "25.5"). */
export function minorToInput(minor: bigint, scale = 2): string {
  const decimal = minorToDecimal(minor, scale);
  return scale ? decimal.replace(/\.?0+$/, '') : decimal;
}
