import { useIntl } from 'react-intl';
import styled from 'styled-components';
import { Select } from '@casino/ui';
import { m } from '../messages';
import { birthYears, defaultDateOfBirth } from '../signup/rules';

const Row = styled.fieldset`
  border: 0;
  margin: 0;
  padding: 0;
  min-width: 0;
  legend {
    padding: 0;
    margin-bottom: ${({ theme }) => theme.space(1)};
    font-size: ${({ theme }) => theme.font.size.sm};
    color: ${({ theme }) => theme.colors.textMuted};
  }
  .parts {
    display: grid;
    grid-template-columns: minmax(0, 1fr) minmax(0, 1.4fr) minmax(0, 1.2fr);
    gap: ${({ theme }) => theme.space(2)};
  }
  /* The selects shrink to their column (the profile grid is narrower than the sign-up form). */
  .parts select {
    width: 100%;
    min-width: 0;
  }
  .error,
  .hint {
    margin: 0 0 ${({ theme }) => theme.space(3)};
    font-size: ${({ theme }) => theme.font.size.xs};
  }
  .error {
    color: ${({ theme }) => theme.colors.danger};
  }
  .hint {
    color: ${({ theme }) => theme.colors.textMuted};
  }
`;

const pad = (n: number) => String(n).padStart(2, '0');

type Props = {
  value: string;
  onChange: (v: string) => void;
  error?: string;
  /** A locked field (the profile page): the selects show the date but do not change it. */
  disabled?: boolean;
  hint?: string;
};

/**
 * Day / month / year of birth (SPEC section 5): the year list holds 100
 * years and an empty value shows the default, 18 years ago. The value is
 * YYYY-MM-DD and a day past the month's end moves to its last day.
 */
export function DateOfBirthPicker({ value, onChange, error, disabled, hint }: Props) {
  const intl = useIntl();
  const [y, mo, d] = (value || defaultDateOfBirth()).split('-').map(Number);
  const set = (year: number, month: number, day: number) => {
    const last = new Date(Date.UTC(year, month, 0)).getUTCDate();
    onChange(`${year}-${pad(month)}-${pad(Math.min(day, last))}`);
  };
  // A stored date outside the 100 years (a 100-year-old player) stays shown.
  const years = birthYears();
  if (!years.includes(y)) years.push(y);
  const months = Array.from({ length: 12 }, (_, i) => ({
    value: String(i + 1),
    label: intl.formatDate(Date.UTC(2000, i, 1), { month: 'long', timeZone: 'UTC' }),
  }));
  return (
    <Row disabled={disabled} data-testid="dob-picker">
      <legend>{intl.formatMessage(m.dateOfBirth)}</legend>
      <div className="parts">
        <Select label={intl.formatMessage(m.day)} hideLabel name="dobDay" disabled={disabled} value={String(d)}
          options={Array.from({ length: 31 }, (_, i) => ({ value: String(i + 1), label: String(i + 1) }))}
          onChange={(e) => set(y, mo, Number(e.target.value))} />
        <Select label={intl.formatMessage(m.month)} hideLabel name="dobMonth" disabled={disabled} value={String(mo)} options={months}
          onChange={(e) => set(y, Number(e.target.value), d)} />
        <Select label={intl.formatMessage(m.year)} hideLabel name="dobYear" disabled={disabled} value={String(y)}
          options={years.map((year) => ({ value: String(year), label: String(year) }))}
          onChange={(e) => set(Number(e.target.value), mo, d)} />
      </div>
      {hint && <p className="hint">{hint}</p>}
      {error && (
        <p className="error" role="alert">
          {error}
        </p>
      )}
    </Row>
  );
}
