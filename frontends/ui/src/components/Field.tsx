import { forwardRef, useId, type InputHTMLAttributes, type ReactNode, type SelectHTMLAttributes } from 'react';
import styled, { css } from 'styled-components';

const Wrapper = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space(1)};
  margin-bottom: ${({ theme }) => theme.space(3)};
`;

const Label = styled.label`
  font-size: ${({ theme }) => theme.font.size.sm};
  color: ${({ theme }) => theme.colors.textMuted};
`;

const control = css<{ $invalid: boolean }>`
  height: 42px;
  padding: 0 ${({ theme }) => theme.space(3)};
  border-radius: ${({ theme }) => theme.radii.md};
  border: 1px solid ${({ theme, $invalid }) => ($invalid ? theme.colors.danger : theme.colors.border)};
  background: ${({ theme }) => theme.colors.background};
  color: ${({ theme }) => theme.colors.text};
  font: inherit;
  &:focus {
    outline: none;
    border-color: ${({ theme }) => theme.colors.focus};
  }
  &:disabled {
    opacity: 0.6;
  }
`;

const StyledInput = styled.input<{ $invalid: boolean }>`
  ${control}
`;

const StyledSelect = styled.select<{ $invalid: boolean; $adorned?: boolean }>`
  ${control}
  ${({ $adorned, theme }) => ($adorned ? `width: 100%; padding-inline-start: calc(${theme.space(3)} + 28px);` : '')}
`;

/** Holds a select and its adornment (a flag) at the start of the control. */
const SelectBox = styled.div`
  position: relative;
  display: flex;
  & > [data-adornment] {
    position: absolute;
    inset-inline-start: ${({ theme }) => theme.space(3)};
    top: 50%;
    transform: translateY(-50%);
    display: flex;
    pointer-events: none;
  }
`;

const ErrorText = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.colors.danger};
  font-size: ${({ theme }) => theme.font.size.xs};
`;

const Hint = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.font.size.xs};
`;

interface FieldFrameProps {
  label: ReactNode;
  error?: ReactNode;
  hint?: ReactNode;
}

export interface InputProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> {
  invalid?: boolean;
}

/** A bare input; prefer Field for labelled form controls. */
export const Input = forwardRef<HTMLInputElement, InputProps & { id?: string }>(function Input({ invalid = false, ...rest }, ref) {
  return <StyledInput ref={ref} $invalid={invalid} aria-invalid={invalid || undefined} {...rest} />;
});

export type FieldProps = FieldFrameProps & InputProps;

/** Labelled input with an error text wired through aria-describedby. */
export const Field = forwardRef<HTMLInputElement, FieldProps>(function Field({ label, error, hint, ...rest }, ref) {
  const id = useId();
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const describedBy = [error ? errorId : null, hint ? hintId : null].filter(Boolean).join(' ') || undefined;
  return (
    <Wrapper>
      <Label htmlFor={id}>{label}</Label>
      <Input ref={ref} id={id} invalid={!!error} aria-describedby={describedBy} {...rest} />
      {hint && <Hint id={hintId}>{hint}</Hint>}
      {error && (
        <ErrorText id={errorId} role="alert">
          {error}
        </ErrorText>
      )}
    </Wrapper>
  );
});

export interface SelectOption {
  value: string;
  label: string;
}

export interface SelectProps extends Omit<SelectHTMLAttributes<HTMLSelectElement>, 'id'> {
  label: ReactNode;
  options: SelectOption[];
  error?: ReactNode;
  /** Visually hide the label (still read by screen readers). */
  hideLabel?: boolean;
  /** Shown inside the control before the chosen option (e.g. its country's flag). */
  adornment?: ReactNode;
}

const VisuallyHidden = styled.span`
  position: absolute;
  width: 1px;
  height: 1px;
  overflow: hidden;
  clip: rect(0 0 0 0);
  white-space: nowrap;
`;

export function Select({ label, options, error, hideLabel = false, adornment, ...rest }: SelectProps) {
  const id = useId();
  const select = (
    <StyledSelect id={id} $invalid={!!error} $adorned={!!adornment} aria-invalid={!!error || undefined} {...rest}>
      {options.map((o) => (
        <option key={o.value} value={o.value}>
          {o.label}
        </option>
      ))}
    </StyledSelect>
  );
  return (
    <Wrapper>
      <Label htmlFor={id}>{hideLabel ? <VisuallyHidden>{label}</VisuallyHidden> : label}</Label>
      {adornment ? (
        <SelectBox>
          <span data-adornment="">{adornment}</span>
          {select}
        </SelectBox>
      ) : (
        select
      )}
      {error && <ErrorText role="alert">{error}</ErrorText>}
    </Wrapper>
  );
}

export { VisuallyHidden };
