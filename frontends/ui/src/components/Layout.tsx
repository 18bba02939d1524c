import type { ReactNode } from 'react';
import styled, { keyframes } from 'styled-components';
import { Icon } from './Icons';

export const Card = styled.section<{ $padding?: number }>`
  background: ${({ theme }) => theme.colors.surface};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.lg};
  padding: ${({ theme, $padding = 5 }) => theme.space($padding)};
  box-shadow: ${({ theme }) => theme.shadow.card};
`;

/** Responsive grid: `min` is the smallest column width. */
export const Grid = styled.div<{ $min?: number; $gap?: number }>`
  display: grid;
  grid-template-columns: repeat(auto-fill, minmax(${({ $min = 160 }) => $min}px, 1fr));
  gap: ${({ theme, $gap = 4 }) => theme.space($gap)};
  ${({ theme }) => theme.media.mobile} {
    grid-template-columns: repeat(auto-fill, minmax(${({ $min = 160 }) => Math.round($min * 0.7)}px, 1fr));
    gap: ${({ theme }) => theme.space(2)};
  }
`;

export const Stack = styled.div<{ $gap?: number; $row?: boolean; $wrap?: boolean; $align?: string; $justify?: string }>`
  display: flex;
  flex-direction: ${({ $row }) => ($row ? 'row' : 'column')};
  flex-wrap: ${({ $wrap }) => ($wrap ? 'wrap' : 'nowrap')};
  align-items: ${({ $align = 'stretch' }) => $align};
  justify-content: ${({ $justify = 'flex-start' }) => $justify};
  gap: ${({ theme, $gap = 3 }) => theme.space($gap)};
`;

export const PageTitle = styled.h1`
  margin: 0 0 ${({ theme }) => theme.space(5)};
  font-size: ${({ theme }) => theme.font.size.xxl};
  ${({ theme }) => theme.media.mobile} {
    font-size: ${({ theme }) => theme.font.size.xl};
  }
`;

export const SectionTitle = styled.h2`
  margin: 0 0 ${({ theme }) => theme.space(3)};
  font-size: ${({ theme }) => theme.font.size.lg};
`;

export const Muted = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.font.size.sm};
`;

export const Page = styled.div`
  max-width: 1440px;
  margin: 0 auto;
  padding: ${({ theme }) => theme.space(6)} ${({ theme }) => theme.space(5)};
  ${({ theme }) => theme.media.mobile} {
    padding: ${({ theme }) => theme.space(4)} ${({ theme }) => theme.space(3)};
  }
`;

const shimmer = keyframes`
  0% { background-position: -200px 0; }
  100% { background-position: calc(200px + 100%) 0; }
`;

/** Loading placeholder block. */
export const Skeleton = styled.div.attrs({ 'aria-hidden': true })<{ $height?: string; $width?: string; $radius?: string }>`
  width: ${({ $width = '100%' }) => $width};
  height: ${({ $height = '16px' }) => $height};
  border-radius: ${({ theme, $radius }) => $radius ?? theme.radii.md};
  background: ${({ theme }) =>
    `linear-gradient(90deg, ${theme.colors.surface} 0px, ${theme.colors.surfaceRaised} 80px, ${theme.colors.surface} 160px)`};
  background-size: 200px 100%;
  animation: ${shimmer} 1.3s ease-in-out infinite;
`;

const EmptyBox = styled.div`
  display: flex;
  flex-direction: column;
  align-items: center;
  gap: ${({ theme }) => theme.space(2)};
  padding: ${({ theme }) => theme.space(10)} ${({ theme }) => theme.space(4)};
  text-align: center;
  color: ${({ theme }) => theme.colors.textMuted};
`;

const EmptyIcon = styled.div`
  font-size: 40px;
  line-height: 1;
  display: flex;
  color: ${({ theme }) => theme.colors.textMuted};
`;

const EmptyTitle = styled.h3`
  margin: 0;
  color: ${({ theme }) => theme.colors.text};
  font-size: ${({ theme }) => theme.font.size.lg};
`;

export interface EmptyStateProps {
  title: ReactNode;
  description?: ReactNode;
  icon?: ReactNode;
  action?: ReactNode;
  /** 'error' states are announced to screen readers. */
  tone?: 'empty' | 'error';
}

export function EmptyState({ title, description, icon = <Icon name="dice" />, action, tone = 'empty' }: EmptyStateProps) {
  return (
    <EmptyBox role={tone === 'error' ? 'alert' : undefined} data-tone={tone}>
      <EmptyIcon aria-hidden="true">{icon}</EmptyIcon>
      <EmptyTitle>{title}</EmptyTitle>
      {description && <div>{description}</div>}
      {action}
    </EmptyBox>
  );
}
