import { useIntl } from 'react-intl';
import styled from 'styled-components';
import { parseAmount } from '@casino/platform';
import { Button, Field, Stack } from '@casino/ui';
import { minorToInput, PRESET_AMOUNTS, presetMinor, stepDown, stepUp } from '../amount';
import { m } from '../messages';

const Row = styled.div`
  display: grid;
  /* minmax(0, …): the input may shrink below its intrinsic width on 375 px screens. */
  grid-template-columns: 44px minmax(0, 1fr) 44px;
  gap: ${({ theme }) => theme.space(2)};
  align-items: start;
  & > button {
    margin-top: 24px;
  }
  input {
    width: 100%;
    min-width: 0;
  }
`;

export interface AmountPickerProps {
  /** The typed text; parsed to minor units by the parent. */
  value: string;
  onChange: (text: string) => void;
  currency: string;
  error?: string;
}

/** Amount input with the 25/50/100 presets and the SPEC step rule on −/+. */
export function AmountPicker({ value, onChange, currency, error }: AmountPickerProps) {
  const intl = useIntl();
  const minor = BigInt(parseAmount(value) ?? '0');
  return (
    <Stack $gap={2}>
      <Row>
        <Button variant="secondary" aria-label={intl.formatMessage(m.decrease)} onClick={() => onChange(minorToInput(stepDown(minor)))}>
          −
        </Button>
        <Field
          label={`${intl.formatMessage(m.amount)} (${currency})`}
          inputMode="decimal"
          value={value}
          error={error}
          onChange={(e) => onChange(e.target.value.replace(/[^\d.,]/g, ''))}
        />
        <Button variant="secondary" aria-label={intl.formatMessage(m.increase)} onClick={() => onChange(minorToInput(stepUp(minor)))}>
          +
        </Button>
      </Row>
      <Stack $row $gap={2} role="group" aria-label={intl.formatMessage(m.amountPresets)}>
        {PRESET_AMOUNTS.map((p) => {
          const text = minorToInput(presetMinor(p));
          return (
            <Button key={p} size="sm" variant={text === value ? 'primary' : 'secondary'} aria-pressed={text === value} onClick={() => onChange(text)}>
              {p}
            </Button>
          );
        })}
      </Stack>
    </Stack>
  );
}
