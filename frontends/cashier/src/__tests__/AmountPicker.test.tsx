import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { PlatformProvider } from '@casino/platform';
import { darkTheme } from '@casino/ui';
import { DEFAULT_AMOUNT, minorToInput, presetMinor } from '../amount';
import { AmountPicker } from '../components/AmountPicker';

afterEach(cleanup);

function Harness() {
  const [value, setValue] = useState(minorToInput(presetMinor(DEFAULT_AMOUNT)));
  return (
    <PlatformProvider theme={darkTheme} messages={{}}>
      <AmountPicker value={value} onChange={setValue} currency="EUR" />
    </PlatformProvider>
  );
}

describe('AmountPicker', () => {
  it('starts at 25 and applies the presets and the step rule', () => {
    render(<Harness />);
    const input = screen.getByLabelText('Amount (EUR)') as HTMLInputElement;
    const plus = screen.getByRole('button', { name: 'Increase amount' });
    const minus = screen.getByRole('button', { name: 'Decrease amount' });
    expect(input.value).toBe('25');
    expect(screen.getByRole('button', { name: '25' }).getAttribute('aria-pressed')).toBe('true');
    for (let i = 0; i < 6; i++) fireEvent.click(plus);
    expect(input.value).toBe('35'); // 26 27 28 29 30 35
    fireEvent.click(screen.getByRole('button', { name: '100' }));
    expect(input.value).toBe('100');
    fireEvent.click(minus);
    expect(input.value).toBe('95');
    fireEvent.change(input, { target: { value: '2' } });
    fireEvent.click(minus);
    fireEvent.click(minus);
    fireEvent.click(minus);
    expect(input.value).toBe('0');
  });

  it('keeps only digits and separators when typing', () => {
    render(<Harness />);
    const input = screen.getByLabelText('Amount (EUR)') as HTMLInputElement;
    fireEvent.change(input, { target: { value: '12a,5€' } });
    expect(input.value).toBe('12,5');
  });
});
