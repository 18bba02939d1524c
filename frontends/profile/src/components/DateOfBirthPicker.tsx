import { useIntl } from 'react-intl';
import styled from 'styled-components';
import { Select } from '@casino/ui';
import { m } from '../messages';
import { birthYears } from '../signup/rules';

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
    grid-template-columns: 1fr 1.4fr 1.2fr;
    gap: ${({ theme }) => theme.space(2)};
  }
  .error {
    margin: 0 0 ${({ theme }) => theme.space(3)};
    color: ${({ theme }) => theme.colors.danger};
    font-size: ${({ theme }) => theme.font.size.xs};
  }
`;

const pad = (n: number) => String(n).padStart(2, '0');

/**
 * Day / month / year of birth. The year list holds 100 years; the value is
 * YYYY-MM-DD and a day past the month's end moves to its last day.
 */
export function DateOfBirthPicker({ value, onChange, error }: { value: string; onChange: (v: string) => void; error?: string }) {
  const intl = useIntl();
  const [y, mo, d] = value.split('-').map(Number);
  const set = (year: number, month: number, day: number) => {
    const last = new Date(Date.UTC(year, month, 0)).getUTCDate();
    onChange(`${year}-${pad(month)}-${pad(Math.min(day, last))}`);
  };
  const months = Array.from({ length: 12 }, (_, i) => ({
    value: String(i + 1),
    label: intl.formatDate(Date.UTC(2000, i, 1), { month: 'long', timeZone: 'UTC' }),
  }));
  return (
    <Row>
      <legend>{intl.formatMessage(m.dateOfBirth)}</legend>
      <div className="parts">
        <Select label={intl.formatMessage(m.day)} hideLabel name="dobDay" value={String(d)}
          options={Array.from({ length: 31 }, (_, i) => ({ value: String(i + 1), label: String(i + 1) }))}
          onChange={(e) => set(y, mo, Number(e.target.value))} />
        <Select label={intl.formatMessage(m.month)} hideLabel name="dobMonth" value={String(mo)} options={months}
          onChange={(e) => set(y, Number(e.target.value), d)} />
        <Select label={intl.formatMessage(m.year)} hideLabel name="dobYear" value={String(y)}
          options={birthYears().map((year) => ({ value: String(year), label: String(year) }))}
          onChange={(e) => set(Number(e.target.value), mo, d)} />
      </div>
      {error && (
        <p className="error" role="alert">
          {error}
        </p>
      )}
    </Row>
  );
}
