import type { AnchorHTMLAttributes, ButtonHTMLAttributes } from 'react';
import styled, { css } from 'styled-components';
import { Spinner } from './Spinner';

export type ButtonVariant = 'primary' | 'secondary' | 'ghost' | 'danger';
export type ButtonSize = 'sm' | 'md' | 'lg';

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: ButtonVariant;
  size?: ButtonSize;
  block?: boolean;
  loading?: boolean;
}

const StyledButton = styled.button<{ $variant: ButtonVariant; $size: ButtonSize; $block: boolean }>`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  gap: ${({ theme }) => theme.space(2)};
  width: ${({ $block }) => ($block ? '100%' : 'auto')};
  min-height: ${({ $size }) => ({ sm: '32px', md: '40px', lg: '48px' })[$size]};
  padding: 0 ${({ theme, $size }) => theme.space($size === 'sm' ? 3 : 5)};
  border-radius: ${({ theme }) => theme.radii.md};
  border: 1px solid transparent;
  font: 600 ${({ theme, $size }) => ($size === 'lg' ? theme.font.size.lg : theme.font.size.md)} ${({ theme }) => theme.font.family};
  cursor: pointer;
  transition: filter 0.15s ease, background 0.15s ease;
  ${({ theme, $variant }) =>
    ({
      primary: css`
        background: ${theme.colors.primary};
        color: ${theme.colors.primaryText};
      `,
      secondary: css`
        background: ${theme.colors.surfaceRaised};
        color: ${theme.colors.text};
        border-color: ${theme.colors.border};
      `,
      ghost: css`
        background: transparent;
        color: ${theme.colors.text};
      `,
      danger: css`
        background: ${theme.colors.danger};
        color: #fff;
      `,
    })[$variant]}
  &:hover:not(:disabled) {
    filter: brightness(1.1);
  }
  &:focus-visible {
    outline: 2px solid ${({ theme }) => theme.colors.focus};
    outline-offset: 2px;
  }
  &:disabled {
    opacity: 0.55;
    cursor: not-allowed;
  }
`;

export function Button({ variant = 'primary', size = 'md', block = false, loading = false, disabled, children, type = 'button', ...rest }: ButtonProps) {
  return (
    <StyledButton $variant={variant} $size={size} $block={block} type={type} disabled={disabled || loading} aria-busy={loading || undefined} {...rest}>
      {loading && <Spinner size={16} />}
      {children}
    </StyledButton>
  );
}

export interface LinkButtonProps extends AnchorHTMLAttributes<HTMLAnchorElement> {
  variant?: ButtonVariant;
  size?: ButtonSize;
  block?: boolean;
}

/** A link that looks like a Button (navigation, not an action). */
export function LinkButton({ variant = 'primary', size = 'md', block = false, ...rest }: LinkButtonProps) {
  return <StyledButton as="a" $variant={variant} $size={size} $block={block} {...rest} />;
}
